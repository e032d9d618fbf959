"""``swapped_value``: a string value stated of a thing that holds another.

"Setting route to Pizza My Heart at 611 Ames Ave" when 611 Ames Ave is Valero's address: the
value itself is the lexical evidence of its property (an address, a phone number, an e-mail),
even where no verb or noun of the ontology says so. Two kinds of stretch are read:

- a KB string value of a functional property, or of one no subject holds two string values of
  (compared word by word, "Avenue" = "Ave"); only values with a digit or an "@" count
  (addresses, phone numbers, e-mail addresses, codes): a stretch of plain words is too often a
  common phrase;
- a value the KB does not hold but written in the form of a property's values
  (:mod:`kgcheck.kb.value_forms`): a telephone number ("650-522-9698", "+1 416-663-9500" and
  "416-663-9500" being one number), a street address ("12 Elm Drive") or an e-mail address.

Each is taken to be about the nearest KB entity before it in its sentence (else the nearest
after it; else, when the sentence names nothing, the one entity it describes by a string value
of its own, "the chinese restaurant"; else the most salient entity of the conversation that has
such a value). When that entity holds another value of the property, the flag corrects it to
that value.

Values that are already the object of an extracted claim about a named thing are left to
``wrong_attribute``; "their number is ..." with no one thing "their" stands for is read here.
"""

from __future__ import annotations

import re

from rdflib import Literal, URIRef
from rdflib.term import Node

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.kb.normalize import value_words
from kgcheck.kb.value_forms import EMAIL, PHONE, STREET, street_parts, value_forms
from kgcheck.kb.values import matches
from kgcheck.nlp.analysis import Mention, Segment
from kgcheck.nlp.attributes import is_attribute
from kgcheck.nlp.vocabulary import FIRST_PERSON_PLURAL, PRONOUNS
from kgcheck.spans import SpanIndex
from kgcheck.types import Evidence, Flag, FlagType, Span
from kgcheck.values.addresses import NAME_LINKS
from kgcheck.values.emails import find_emails
from kgcheck.values.phones import find_numbers, same_number

__all__ = ["SwappedValueDetector", "segment_words", "trimmed", "value_owner"]

_WORD = re.compile(r"\S+")
#: What says the value after it is stated of something: "Palo Alto Medical Foundation is at
#: <another place's address>" (not a place named by its address).
_STATED_AT = re.compile(r"\b(?:is|are|'s|located|situated|lives?|sits?)\s+(?:at|on)\s+$", re.I)
_LONGEST = 6
_EDGE = ".,;:!?\"')("
#: A house number and the capitalised words after it: a street address, if a street word is
#: among them ("12 Elm Drive", "1400 North Dutton Avenue #6").
_STREET = re.compile(
    r"(?<![\w$£€#.,:/-])\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?"
    r"(?:\s+(?:[A-Z0-9][\w'.\-]*|#\s?\d+\w*|(?:" + "|".join(NAME_LINKS) + r")(?=\s+[A-Z])))+"
)


class SwappedValueDetector(Detector):
    name = "swapped_value"
    flag_type = FlagType.WRONG_ATTRIBUTE

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        analysis = ctx.analysis
        # an attribute of the conversation ("your home is at ...") is no KB claim: it decides
        # nothing about the value; nor does a claim about no one thing ("their number is ...")
        decided = SpanIndex(
            c.object.span
            for c in analysis.claims
            if not is_attribute(c.predicate)
            and (c.subject_iri is not None or c.subject.kind != "pronoun")
        )
        flags = []
        for segment in analysis.segments:
            held = self._values(ctx, segment)
            found = [
                (span, owners, list(dict.fromkeys(p for _, p in owners))) for span, owners in held
            ]
            formed = self._formed(ctx, segment, [span for span, _ in held])
            # a held value inside a street address is the address's ("18" of "18 Fore
            # Street", where a film is rated "18")
            found = [f for f in found if not any(o[0].contains(f[0]) for o in formed)] + formed
            for span, owners, props in found:
                if decided.overlaps(span):
                    continue
                flag = self._check(ctx, segment, span, owners, props)
                if flag is not None:
                    flags.append(flag)
        return flags

    @staticmethod
    def _formed(
        ctx: DetectionContext, segment: Segment, taken: list[Span]
    ) -> list[tuple[Span, tuple[tuple[URIRef, URIRef], ...], list[URIRef]]]:
        """The stretches of ``segment`` the KB does not hold as they stand that are written in
        the form of a property's values (a telephone number, a street address), with those
        properties."""
        forms = value_forms(ctx.kb)
        phones, streets = forms.properties(PHONE), forms.properties(STREET)
        emails = forms.properties(EMAIL)
        text, base = ctx.analysis.text, segment.span.start
        spans: list[tuple[Span, list[URIRef]]] = []
        if emails and "@" in segment.text:
            # "You can email the Estate Tasting Room at tastings@...": an e-mail address
            spans += [
                (Span(base + m.start(), base + m.end()), list(emails))
                for m in find_emails(segment.text)
            ]
        if not (phones or streets) or not any(c.isdigit() for c in segment.text):
            phones = streets = ()
        if phones:
            for start, end in find_numbers(segment.text, forms.regions):
                spans.append((Span(base + start, base + end), list(phones)))
        if streets:
            for match in _STREET.finditer(segment.text):
                start = base + match.start()
                words = match.group().split()
                # the stretch ends with the street's name: "50 Norfinch Drive" of "50 Norfinch
                # Drive Monday" is not told apart, so the last street word ends it
                last = max(
                    (
                        k
                        for k, w in enumerate(words)
                        if k and set(value_words(w)) & forms.street_words
                    ),
                    default=0,
                )
                if not last:
                    continue
                while last + 1 < len(words) and words[last + 1].startswith("#"):
                    last += 1  # "Avenue #6", "Court # 200"
                    if last + 1 < len(words) and words[last].strip("#") == "":
                        last += 1
                stretch = " ".join(words[: last + 1])
                end = trimmed(text, start, start + len(_first_words(match.group(), last + 1)))
                if street_parts(stretch) is not None:
                    spans.append((Span(start, end), list(streets)))
        measured = [q.span for q in ctx.analysis.quantities if q.unit or q.currency] + [
            t.span for t in ctx.analysis.temporals
        ]
        return [
            (span, (), props)
            for span, props in spans
            if not any(span.overlaps(t) and not (span.contains(t) and span != t) for t in taken)
            and not any(span.overlaps(m) for m in measured)
            # a part of a value the KB holds ("5 Brightside Lane" of a customer's "5 Brightside
            # Lane, Sheffield S9 2RX"): held, not misstated, whoever it is of
            and not ctx.kb.in_literal(text[span.start : span.end])
        ]

    @staticmethod
    def _values(
        ctx: DetectionContext, segment: Segment
    ) -> list[tuple[Span, tuple[tuple[URIRef, URIRef], ...]]]:
        """The stretches of ``segment`` that are KB string values of a functional property,
        longest first, left to right."""
        onto = ctx.kb.ontology
        text = ctx.analysis.text
        if not any(c.isdigit() or c == "@" for c in segment.text):
            return []  # such a value has a digit or an "@": none here
        words = segment_words(segment)
        out = []
        i = 0
        while i < len(words):
            for n in range(min(_LONGEST, len(words) - i), 0, -1):
                start = words[i][0]
                end = trimmed(text, start, words[i + n - 1][1])
                if not any(c.isdigit() or c == "@" for c in text[start:end]):
                    continue
                key = tuple(w for _, _, part in words[i : i + n] for w in part)
                found = (*ctx.kb.owners_of_words(key), *ctx.kb.owners_of_name_values(key))
                owners = tuple(
                    (s, p) for s, p in found if p in onto.functional or ctx.kb.one_string_each(p)
                )
                if owners:
                    out.append((Span(start, end), owners))
                    i += n
                    break
            else:
                i += 1
        return out

    def _check(
        self,
        ctx: DetectionContext,
        segment: Segment,
        span: Span,
        owners: tuple[tuple[URIRef, URIRef], ...],
        props: list[URIRef],
    ) -> Flag | None:
        kb = ctx.kb
        own = {str(s) for s, _ in owners}
        stated_at = _STATED_AT.search(ctx.analysis.text, max(0, span.start - 30), span.start)
        if not stated_at and any(
            m.iri in own for m in ctx.analysis.mentions if m.span.overlaps(span)
        ):
            return None  # a place named by its address: "5677 Springer Street is 2 miles away"
        if any(
            m.iri in own
            for m in ctx.analysis.mentions
            if segment.span.contains(m.span) and not m.span.overlaps(span)
        ):
            # "Marcus Hale, our coordinator at Harrogate, can be reached on <his number>": the
            # sentence names the value's own holder, a reading as likely as the nearest name
            return None
        entity = value_owner(ctx, segment, span, props)
        if entity is None or any(s == entity for s, _ in owners):
            return None
        if (
            owners
            and _said_as_ours(ctx, segment, span)
            and not any(kb.types(entity) & kb.types(s) for s, _ in owners)
        ):
            # "use our general address, <the company's>": a value of the speaker's own
            # organisation, no thing of the estate's kind, is not the estate's misstated
            return None
        stated = ctx.analysis.text[span.start : span.end]
        for prop in props:
            held = kb.values(entity, prop)
            if not held:
                continue
            if any(_agrees(ctx, stated, v) for v in held):
                return None
            if any(_said_elsewhere(ctx, segment, span, v) for v in held):
                # "go for C14 or C16 – D3 has no shore power": the sentence states the holder's
                # own value too, so it lists several things' values, none of them swapped
                return None
            facts = [kb.verbalise(entity, prop, v) for v in held]
            owner = next((s for s, p in owners if p == prop), None)
            whose = (
                f" ({stated} is {kb.label(owner)}'s {kb.ontology.label(prop)})"
                if owner is not None
                else ""
            )
            stated_fact = () if owner is None else ((str(owner), str(prop), stated),)
            return self.flag(
                span=span,
                content=stated,
                message=f"Not {stated}: {' '.join(facts)}{whose}",
                evidence=[
                    Evidence(
                        "kb",
                        "; ".join(facts),
                        (*((str(entity), str(prop), str(v)) for v in held), *stated_fact),
                    )
                ],
                correction=kb.label(held[0]) if len(held) == 1 else None,
                correction_span=span if len(held) == 1 else None,
                focus=str(entity),
                kb_strength=1.0,
            )
        return None


def _said_as_ours(ctx: DetectionContext, segment: Segment, span: Span) -> bool:
    """Whether the sentence says the value is the speaker's ("our", "we") and names no KB
    thing before it."""
    before = [
        m for m in ctx.analysis.mentions if m.segment == segment.index and m.span.end <= span.start
    ]
    return not any(m.iri is not None for m in before) and any(
        m.kind == "speaker" and m.text.lower() in FIRST_PERSON_PLURAL for m in before
    )


def _said_elsewhere(ctx: DetectionContext, segment: Segment, span: Span, value: Node) -> bool:
    """Whether the sentence of ``span`` states ``value`` outside ``span`` (as written, as
    words apart)."""
    text = ctx.analysis.text
    written = re.escape(ctx.kb.label(value))
    return any(
        not span.overlaps(Span(m.start(), m.end()))
        for m in re.finditer(rf"(?<!\w){written}(?!\w)", text[: segment.span.end])
        if m.start() >= segment.span.start
    )


def _agrees(ctx: DetectionContext, stated: str, value: Node) -> bool:
    """Whether ``stated`` is ``value`` as people write it: the same words ("Ave" = "Avenue"),
    the same telephone number in another grouping, or a street address's first piece ("80 Blue
    Jays Way" of "80 Blue Jays Way, Toronto")."""
    words = value_words(stated)
    if any(words == own for own in ctx.kb.value_words_of(value)):
        return True
    if isinstance(value, Literal):
        text = str(value)
        if same_number(stated, text) or matches(stated, None, value):
            return True
        own = value_words(text.split(",", 1)[0])
        shorter = min(len(own), len(words))
        return shorter >= 2 and own[:shorter] == words[:shorter]
    return False


def _first_words(text: str, n: int) -> str:
    """The first ``n`` words of ``text`` with the spaces between them as written."""
    found = list(_WORD.finditer(text))
    return text[: found[n - 1].end()] if len(found) >= n else text


def segment_words(segment: Segment) -> list[tuple[int, int, tuple[str, ...]]]:
    """The words of ``segment``: start and end in the reply, and their
    :func:`~kgcheck.kb.normalize.value_words`."""
    base = segment.span.start
    return [
        (base + m.start(), base + m.end(), value_words(m.group()))
        for m in _WORD.finditer(segment.text)
    ]


def trimmed(text: str, start: int, end: int) -> int:
    """``end`` moved back over the punctuation that closes a value ("611 Ames Ave.")."""
    while end > start and text[end - 1] in _EDGE:
        end -= 1
    return end


def value_owner(
    ctx: DetectionContext, segment: Segment, span: Span, props: list[URIRef]
) -> URIRef | None:
    """The entity the value is stated of: the nearest KB entity before it in its
    sentence, else after it; when the sentence names nothing, the one entity it describes by a
    string value of its own ("the chinese restaurant is at ..." when one place is of the kind
    "chinese restaurant"; several: none), else the most salient entity of the conversation
    that has such a value."""
    mentions = [
        m
        for m in ctx.analysis.mentions
        if m.segment == segment.index
        and not m.span.overlaps(span)  # "Ames Ave" in "611 Ames Ave" is the value's
        and (m.kind in {"entity", "name", "ambiguous"} or m.iri is not None)
        # a value named ("Trader Joes grocery store is ... at <it>": the kind "grocery
        # store"), not a thing the value could be of
        and (m.iri is None or URIRef(m.iri) not in ctx.kb.shapes.name_values)
    ]
    resolved: list[Mention] = [m for m in mentions if m.iri is not None]
    before = [m for m in resolved if m.span.end <= span.start]
    after = [m for m in resolved if m.span.start >= span.end]
    if before:
        nearest = before[-1]
        if any(
            m.kind == "speaker"
            and m.segment == segment.index
            and nearest.span.end <= m.span.start
            and m.span.end <= span.start
            for m in ctx.analysis.mentions
        ):
            # "call Ilkley on ..., or use our central booking line on <it>": the value is said
            # of the speaker's own organisation, which the reply does not name
            return None
        return URIRef(str(nearest.iri))
    if any(
        m.segment == segment.index
        and m.span.end <= span.start
        and m.kind == "pronoun"
        and m.iri is None
        and PRONOUNS.get(m.text.lower()) in _PERSONS
        for m in ctx.analysis.mentions
    ):
        # "You can reach her on <it>": the sentence says the value is someone's, and whoever
        # "her" is, the conversation does not tell ("their number" may be the hotel's)
        return None
    # a name after it ("at 611 Ames Ave is Valero"), not a pronoun ("and we'll pass it on")
    after = [m for m in after if m.kind != "pronoun"]
    if after:
        return URIRef(str(after[0].iri))
    if mentions:
        return None  # the sentence names someone the KB does not know
    described = _described(ctx, segment, span, props)
    if described:
        return described[0] if len(described) == 1 else None
    for key in ctx.state.entities.salient_keys():
        if key.startswith("conv:"):
            continue
        if any(ctx.kb.values(URIRef(key), p) for p in props):
            return URIRef(key)
    return None


#: What a pronoun of a person stands for (``PRONOUNS``): "her", "him".
_PERSONS = frozenset({"male", "female"})
#: The most words a description by value may have ("chinese restaurant", "coffee or tea place").
_MAX_DESCRIPTION = 4
#: Words a description by value follows.
_DESCRIBERS = frozenset(
    {("the",), ("a",), ("an",), ("this",), ("that",), ("your",), ("nearest",), ("closest",),
     ("nearby",)}
)  # fmt: skip


def _described(
    ctx: DetectionContext, segment: Segment, span: Span, props: list[URIRef]
) -> list[URIRef]:
    """The entities with a value of ``props`` that the sentence, before ``span``, names by one
    of their string values; those of the description nearest the span."""
    words = [w for w in segment_words(segment) if w[1] <= span.start]
    for end in range(len(words), 0, -1):
        for n in range(min(_MAX_DESCRIPTION, end), 0, -1):
            key = tuple(part for _, _, ws in words[end - n : end] for part in ws)
            if not key or any(c.isdigit() for w in key for c in w):
                continue
            if end - n == 0 or words[end - n - 1][2] not in _DESCRIBERS:
                continue  # "the chinese restaurant", not "with moderate traffic"
            owners = {
                s for s, _ in ctx.kb.owners_of_words(key) if any(ctx.kb.values(s, p) for p in props)
            }
            if owners:
                return sorted(owners)
    return []
