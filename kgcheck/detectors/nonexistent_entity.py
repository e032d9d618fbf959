"""``nonexistent_entity``: a named person, place, team or thing the KB and the conversation lack."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice

from pydantic import BaseModel, ConfigDict
from rdflib import Node, URIRef

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.items import Item
from kgcheck.kb.calls import answered_generated, named_rows
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import name_tokens, value_words
from kgcheck.nlp.analysis import Mention, TurnAnalysis
from kgcheck.nlp.speech_acts import greets_reader
from kgcheck.nlp.vocabulary import INDEFINITE_BEFORE
from kgcheck.numeric_claims import restated_spans
from kgcheck.spans import SpanIndex
from kgcheck.tools.graph import answered_rows
from kgcheck.types import Evidence, Flag, FlagType, Span
from kgcheck.values.quantities import NUMBER_WORDS, is_unit_word, singular

__all__ = ["NonexistentEntityDetector"]

#: Words right before a name that deny it is there: "no Starbucks", "couldn't find any X".
_DENIED = re.compile(
    r"(?:\b(?:no|nor|neither)|\b(?:not|n't|never|cannot|unable to)\s+(?:\w+\s+){0,2}"
    r"(?:find|locate|see|know|have|list|found|located|listed|seen|known|had)\s+"
    r"(?:(?:a|an|any|the)\s+)?)\s*$",
    re.I,
)


#: A number and at most one word before a name: the name is its unit, perhaps misspelled.
_AFTER_NUMBER = re.compile(r"\d\s*(?:[A-Za-z]+\s+)?$")
#: A number word opening a name: "Two Stalls seats" counts what the KB calls "Stalls".
_COUNT_FIRST = re.compile(r"^(?:" + "|".join(sorted(NUMBER_WORDS)) + r"|\d+)\s+", re.I)


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: How decisive an unknown name is when the text gives it a class (a title, a role in a
    #: claim, an affiliation) that is not declared closed-world.
    open_world_strength: float = 0.35
    #: How decisive an unknown name is when nothing in the text says what it is.
    untyped_strength: float = 0.0
    #: How decisive a name that is a typo of a KB label is.
    typo_strength: float = 0.5
    report_typos: bool = True


class NonexistentEntityDetector(Detector):
    name = "nonexistent_entity"
    flag_type = FlagType.NONEXISTENT_ENTITY
    Params = _Params
    #: the items of the reply, read against a tool's rows: a sentence describing one states
    #: values of a result, every one of which the results hold
    requires = frozenset({"items"})

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        params = self.params
        assert isinstance(params, _Params)
        analysis = ctx.analysis
        onto = ctx.kb.ontology
        # the words of a literal value ("job title is HR Director", "address is 394 Van Ness
        # Ave") and of dates and times ("5 PM") are not names of things
        values = SpanIndex(
            [
                c.object.span
                for c in analysis.claims
                if c.object.iri is None and onto.is_datatype_property(URIRef(c.predicate))
            ]
            + [t.span for t in analysis.temporals]
            # what the user asked for, restated ("1 ticket for Mets Vs Pirates in New York, on
            # March 12th. Is it correct?"): the user's words, not names the KB must hold
            + restated_spans(analysis)
        )
        described = _describing_results(ctx)
        offered = _offered_in_place_of_rows(ctx)
        flags = []
        for m in analysis.mentions:
            if values.overlaps(m.span):
                continue
            if m.kind == "entity" and m.how == "fuzzy" and params.report_typos and m.iri:
                if _names_part_of(m.text, ctx.kb.label(URIRef(m.iri))):
                    continue  # "Jill" and the KB's "Jill's house": a name it builds on
                flags.append(self._typo(ctx, m, params.typo_strength))
            if m.kind != "name":
                continue
            if any(ctx.kb.has_literal(t) or ctx.kb.in_literal(t) for t in _forms(m.text)):
                continue  # a value the KB holds ("Portland", "200 Alester Ave", "Kia Niro EVs")
            if _values_in_a_row(ctx.kb, m.text):
                continue  # "Nelson Bay NSW": an address's town and state, two values it holds
            counted = _COUNT_FIRST.sub("", m.text)
            if counted != m.text and (
                ctx.kb.has_literal(counted)
                or ctx.kb.in_literal(counted)
                or ctx.kb.labels.exact(counted)
            ):
                continue  # "Two Stalls seats": a count of a value the KB holds ("Stalls")
            if _builds_on(ctx.kb, m.text):
                continue  # "Jill or Jack?" with the KB's "jills house" and "jacks house"
            if _words_of_names(ctx.kb, m.text):
                continue  # "Clinical Pilates" of "Clinical Pilates for Beginners": a shorter name
            if ctx.state.entities.mentioned_by_user(m.text):
                continue  # the user introduced this name: a conversation entity
            if _DENIED.search(analysis.text[max(0, m.span.start - 40) : m.span.start]):
                continue  # "there is no Starbucks nearby": the reply agrees it is not there
            if greets_reader(analysis.text, m.span):
                continue  # "Thanks for waiting, Mr Paterson.": the person spoken to
            # (a unit after a number, "60 F", "58 dergrees Faherenheit", is no name of a value)
            describing = any(d.contains(m.span) for d in (*described, *offered)) and not (
                is_unit_word(m.text)
                or _AFTER_NUMBER.search(analysis.text, 0, m.span.start)
                or _set_off(analysis, m)
            )
            flag = self._unknown(ctx, m, params, describing)
            if flag is not None:
                flags.append(flag)
        return flags

    def _typo(self, ctx: DetectionContext, m: Mention, strength: float) -> Flag:
        assert m.iri is not None
        label = ctx.kb.label(URIRef(m.iri))
        correction = label if m.title is None else _with_title(m, label)
        return self.flag(
            span=m.span,
            content=m.text,
            message=f"'{m.text}' is not a name in the knowledge base; it is probably a typo of "
            f"'{label}'",
            evidence=[Evidence("kb", f"closest KB label: {label}", ((m.iri, "label", label),))],
            suggestion=f"Did you mean {label}?",
            correction=correction,
            correction_span=m.span,
            focus=m.iri,
            kb_strength=strength,
        )

    def _unknown(
        self, ctx: DetectionContext, m: Mention, params: _Params, describing: bool = False
    ) -> Flag | None:
        """The flag for an unknown name; ``None`` for one capitalised word nothing in the text
        gives a class, a title or a group ("GPS", "Navigation is set"): too little to call it
        a name of something that does not exist, but in a sentence ``describing`` a tool's
        result ("How about Los Reyes in Brentwood?" of a search's rows): there it stands where
        a value of the result does, and the results hold every one."""
        kb = ctx.kb
        onto = kb.ontology
        classes = self._classes_of(ctx, m)
        if not classes and m.affiliation is None and len(m.text.split()) == 1 and not describing:
            return None
        closed = sorted(str(c) for c in onto.with_superclasses(classes) if c in onto.closed_world)
        evidence = []
        suggestion = None
        if m.affiliation is not None:
            group = URIRef(m.affiliation)
            members = sorted(
                {kb.label(s) for s in kb.graph.subjects(None, group) if isinstance(s, URIRef)}
                | {kb.label(o) for o in kb.graph.objects(group, None) if _is_named(kb, o)}
            )
            evidence.append(
                Evidence(
                    "kb_absence",
                    f"{kb.label(group)} has no one named '{m.text}'; the KB links it to: "
                    f"{', '.join(members) or 'nobody'}",
                )
            )
        if m.candidates:
            near = ", ".join(kb.label(URIRef(c)) for c in m.candidates)
            evidence.append(Evidence("kb", f"similar names elsewhere in the KB: {near}"))
            suggestion = f"Did you mean {near}?"
        if closed:
            names = ", ".join(onto.label(URIRef(c)) for c in closed)
            evidence.append(
                Evidence(
                    "kb_absence",
                    f"no KB entity is named '{m.text}', and the KB lists every "
                    f"{names} (closed world)",
                )
            )
        else:
            evidence.append(Evidence("kb_absence", f"no KB entity is named '{m.text}'"))
        return self.flag(
            span=m.span,
            content=m.text,
            # not "does not exist": a real place the KB does not hold exists all the same
            message=f"'{m.text}' is not in the knowledge base or the conversation",
            evidence=evidence,
            suggestion=suggestion,
            kb_strength=(
                1.0
                if closed
                else params.open_world_strength
                # a name where a value of the results stands is one of theirs, or made up
                if classes or describing
                else params.untyped_strength
            ),
            # what only its place in the sentence calls a name is shown, never removed
            action="flag" if describing and not classes and not closed else None,
        )

    @staticmethod
    def _classes_of(ctx: DetectionContext, m: Mention) -> set[URIRef]:
        """Classes the text implies for a name: its title, its role in claims, its group."""
        onto = ctx.kb.ontology
        classes: set[URIRef] = set()
        if m.class_hint:
            classes.add(URIRef(m.class_hint))
        # "A Bernese is in our large group": one of a kind, whatever a claim's domain says
        kind = bool(INDEFINITE_BEFORE.search(ctx.analysis.text, 0, m.span.start))
        for claim in ctx.analysis.claims:
            prop = URIRef(claim.predicate)
            if claim.subject.span == m.span:
                if not kind:
                    classes |= onto.domain.get(prop, set())
            elif claim.object.mention is not None and claim.object.mention.span == m.span:
                classes |= onto.range.get(prop, set())
        if m.affiliation is not None or m.title is not None:
            classes |= {c for c in onto.closed_world if onto.is_person_class(c)}
        return classes | _classes_by_neighbours(ctx, m)


def _forms(name: str) -> tuple[str, ...]:
    """``name`` and, ending in a plural, with its last word in the singular ("two Kia Niro
    EVs" of the KB's "Kia Niro EV")."""
    head, _, last = name.rpartition(" ")
    one = singular(last)
    return (name, f"{head} {one}".strip()) if one != last else (name,)


def _set_off(analysis: TurnAnalysis, m: Mention) -> bool:
    """Whether ``m`` is one word opening its sentence, set off by a comma ("Congratulations,
    Wei!", "Unfortunately, ..."): a word before what the sentence says, not a value of it."""
    segment = analysis.segments[m.segment] if m.segment < len(analysis.segments) else None
    return (
        segment is not None
        and " " not in m.text
        and not analysis.text[segment.span.start : m.span.start].strip()
        and analysis.text[m.span.end : m.span.end + 1] == ","
    )


def _describing_results(ctx: DetectionContext) -> list[Span]:
    """The sentences that state a value of a set of results the reply picks from: the latest
    tool call's rows, or several records of a KB (the same rows as a KB file), an item of the
    reply read against them (:attr:`kgcheck.items.Item.of_results`); none where the reply is
    checked against a KB's linked entities."""
    items: tuple[Item, ...] = ctx.require("items") or ()
    stated = [v.span for item in items if item.of_results for v in item.values]
    return [s.span for s in ctx.analysis.segments if any(s.span.contains(v) for v in stated)]


def _offered_in_place_of_rows(ctx: DetectionContext) -> list[Span]:
    """The questions of a reply that answers with the rows of a call made for it (a search's
    results), named by a name field, without naming any of them: a name they ask about stands
    where a row's name does ("I found 1, how about Hackers?" of a search for films)."""
    turns = len(ctx.state.turns)
    rows = answered_rows(ctx.state.tool_results, turns) or answered_generated(ctx.kb, turns)
    if not named_rows(ctx.kb, rows):
        return []
    if any(m.iri in rows for m in ctx.analysis.mentions):
        return []
    text = ctx.analysis.text
    # past the question's first word: what opens it ("Congrats, ... Shall I help?") is no name
    # asked about
    return [
        Span(s.span.start + 1, s.span.end)
        for s in ctx.analysis.segments
        if text[s.span.start : s.span.end].rstrip().endswith("?")
    ]


#: What may stand between two names of one list: "Jing Jing and Arco", "a Dominos and a Arco".
_LISTED = re.compile(r"^\s*(?:,|,?\s*(?:and|or))\s*(?:(?:a|an|the)\s+)?$", re.I)
#: What may stand between a name and a measure of it: "Costco is 5 miles", "There is Arco 5
#: miles", "a route to Walgreens, 4 miles away", "5 miles away from Arco".
_MEASURED = re.compile(
    r"^\s*,?\s*(?:(?:is|are|was|lies|sits)(?:\s+(?:about|only|just|around))?)?\s*$"
    r"|^\s*(?:\w+\s+)?(?:away\s+)?(?:from|to)\s+(?:(?:a|an|the)\s+)?$",
    re.I,
)


#: What goes on after the second of two names a bare comma joins, where they are items of one
#: list: a third item, or the conjunction before the last ("Arco, Jing Jing and Safeway").
_LIST_GOES_ON = re.compile(r"\s*(?:,\s*)?(?:and|or)\b|\s*,\s*(?:(?:a|an|the)\s+)?[A-Z]")


def _a_list(text: str, lo: int, hi: int, m: Mention, other: Mention) -> bool:
    """Whether two names with ``text[lo:hi]`` between them are items of one list: joined by
    "and" or "or", or by a comma where the list goes on; two names with a bare comma between
    are no list of two ("Congratulations, Wei!": an address)."""
    if re.search(r"\b(?:and|or)\b", text[lo:hi], re.I):
        return True
    return bool(_LIST_GOES_ON.match(text, max(m.span.end, other.span.end)))


def _classes_by_neighbours(ctx: DetectionContext, m: Mention) -> set[URIRef]:
    """Classes a name takes from its neighbours: a KB entity it is listed with ("Jing Jing and
    Arco are both near": Jing Jing's class), and the domain of a quantity stated right next to
    it ("Costco is 5 miles away", "1 mile away from Arco": what has a distance)."""
    kb, onto, text = ctx.kb, ctx.kb.ontology, ctx.analysis.text
    classes: set[URIRef] = set()
    for other in ctx.analysis.mentions:
        if other.iri is None or other.segment != m.segment or other.kind == "speaker":
            continue
        lo, hi = (
            (other.span.end, m.span.start)
            if other.span.end <= m.span.start
            else (
                m.span.end,
                other.span.start,
            )
        )
        if lo <= hi and _LISTED.match(text[lo:hi]) and _a_list(text, lo, hi, m, other):
            classes |= kb.direct_types(URIRef(other.iri))
    segment = (
        ctx.analysis.segments[m.segment].span if m.segment < len(ctx.analysis.segments) else None
    )
    for q in ctx.analysis.quantities:
        if segment is None or not segment.contains(q.span):
            continue
        between = (
            text[m.span.end : q.span.start]
            if m.span.end <= q.span.start
            else text[q.span.end : m.span.start]
        )
        if not _MEASURED.match(between) or (q.span.end <= m.span.start and not between.strip()):
            continue  # a name right after the number is its unit ("91 degrees F", "Farenheit")
        if q.anchor is None:
            # bound to nothing (the name is the KB's no one): what measures in its unit
            # ("Costco is 5 miles away": what has a distance in miles)
            props = [URIRef(p) for p, unit in onto.unit.items() if q.unit and unit == q.unit]
            subjects: tuple[str, ...] = ()
        else:
            props = [URIRef(p) for p in q.anchor.properties]
            subjects = q.anchor.subjects
        for prop in props:
            classes |= onto.domain.get(prop, set())
        if not classes:
            # no declared domain: the kinds of what holds the measure ("5 miles": the places)
            holders: list[Node] = [URIRef(s) for s in subjects] or [
                s for p in props for s in islice(kb.graph.subjects(p, None), _HOLDERS)
            ]
            for subject in holders:
                if isinstance(subject, URIRef):
                    classes |= kb.direct_types(subject)
    return classes | _classes_by_value(ctx, m)


#: What may stand between a name and a KB string value stated of it: an address ("Costco is
#: at 611 Ames Ave", "Walgreens at 528 Anton Ct"), a kind ("Safeway is a chinese restaurant",
#: "Costco is the only grocery store", "the Costco hotel").
_VALUE_AFTER = re.compile(
    r"(?:\s*,)?\s*(?:(?:is|was|'s)\s+)?(?:(?:located|situated)\s+)?at\s+"
    r"|\s*(?:is|was)\s+(?:a|an|the)\s+(?:(?:only|nearest|closest)\s+)?"
    r"|\s+(?=\w)",
    re.I,
)
#: What may stand between a name and a noun phrase saying what it is: "Zaoh, which is a very
#: nice restaurant", "Zaoh, a restaurant in the Mission", "57 Hotel seems like a pleasant
#: hotel", "The Grill is a nice place".
_KIND_AFTER = re.compile(
    r"\s*(?:,\s*(?:which|that)\s+(?:is|was)|,|(?:is|was|seems|sounds|looks)(?:\s+(?:as|like))?)"
    r"\s+(?:a|an|the|one)\s+",
    re.I,
)
#: A noun phrase saying what a name is, right before it or before a naming verb: "the movie The
#: Invisibles" (the name's own article left out), "a coffee shop called ..." (group 2: the verb).
_KIND_BEFORE = re.compile(
    r"\b(?:a|an|the)\s+((?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:(called|named|titled)\s+|(?:the\s+)?)$",
    re.I,
)
#: Words that end the noun phrase of a kind: what follows says where or which it is.
_KIND_ENDS = frozenset(
    {"in", "on", "at", "near", "with", "by", "for", "from", "of", "to", "and", "or", "but",
     "which", "that", "who", "where", "located", "situated", "if", "so"}
)  # fmt: skip
#: What may stand between a KB string value and a name it is stated of: "The nearest hotel is
#: the Walgreens", "the name of it is Costco".
_VALUE_BEFORE = re.compile(r"\s+(?:is|was)\s+(?:the\s+)?$", re.I)
_WORDS = re.compile(r"[\w'.-]+")


def _classes_by_value(ctx: DetectionContext, m: Mention) -> set[URIRef]:
    """The classes of the KB entities that hold a value the reply states of the name, right
    after it or right before it (see ``_VALUE_AFTER`` and ``_VALUE_BEFORE``): a string, or a
    node named by it (an address as a node: the classes of what points at it); or the class
    whose label it is ("the nearest hospital"), said after it, before a naming verb, or right
    before it ("the coffee shop Peets")."""
    kb, text = ctx.kb, ctx.analysis.text
    segments = ctx.analysis.segments
    if m.segment >= len(segments):
        return set()
    segment = segments[m.segment].span
    found: list[list[str]] = []
    after = _VALUE_AFTER.match(text, m.span.end, segment.end)
    if after is not None:
        words = _WORDS.findall(text[after.end() : segment.end])[:_LONGEST_VALUE]
        found += [words[:n] for n in range(len(words), 0, -1)]
    before = _VALUE_BEFORE.search(text, segment.start, m.span.start)
    if before is not None and before.end() == m.span.start:
        words = _WORDS.findall(text[segment.start : before.start()])[-_LONGEST_VALUE:]
        found += [words[-n:] for n in range(len(words), 0, -1)]
    classes: set[URIRef] = set()
    kind = _KIND_AFTER.match(text, m.span.end, segment.end)
    if kind is not None:
        phrase: list[str] = []
        clause = re.split(r"[,;:!?]|\.(?:\s|$)", text[kind.end() : segment.end])[0]
        for word in _WORDS.findall(clause)[:_LONGEST_VALUE]:
            if word.lower() in _KIND_ENDS:
                break
            phrase.append(word.rstrip(".,"))
        classes |= _kind_classes(kb, phrase)
    kind_before = _KIND_BEFORE.search(text, segment.start, m.span.start)
    if kind_before is not None and kind_before.end() == m.span.start:
        words = _WORDS.findall(kind_before.group(1))
        # without a naming verb, "a table at Lattea": a word saying where ends no kind
        if kind_before.group(2) or not any(w.lower() in _KIND_ENDS for w in words):
            classes |= _kind_classes(kb, words)
    for words in found:
        key = value_words(" ".join(words).rstrip("."))
        if key:
            for subject, _ in kb.owners_of_words(key):
                classes |= kb.direct_types(subject)
            # the kind as a class ("Walgreens is the nearest hospital": kvx:Hospital)
            named = kb.ontology.class_labels.get(" ".join(key))
            if named is not None:
                classes.add(named)
    # the same value as a node ("ex:a1 rdfs:label '200 Alester Ave'"): what points at it
    starts = {after.end()} if after is not None else set()
    ends = {before.start()} if before is not None and before.end() == m.span.start else set()
    for other in ctx.analysis.mentions:
        if other.kind != "entity" or other.iri is None:
            continue
        if other.span.start in starts or other.span.end in ends:
            for subject in kb.referrers(URIRef(other.iri)):
                classes |= kb.direct_types(subject)
    return classes


def _kind_classes(kb: KnowledgeBase, phrase: Sequence[str]) -> set[URIRef]:
    """The classes a noun phrase ("a very nice restaurant", "a lovely coffee shop") says a
    thing is of: its head, with as many words before it as name a class or a KB value of a
    kind ("coffee shop" as a place's kind: the classes of the places that hold it)."""
    for n in range(len(phrase), 0, -1):
        key = value_words(" ".join(phrase[-n:]))
        if not key:
            continue
        named = kb.ontology.class_labels.get(" ".join(key))
        if named is not None:
            return {named}
        owners = {c for subject, _ in kb.owners_of_words(key) for c in kb.direct_types(subject)}
        if owners:
            return owners
    return set()


#: The most holders of a property whose kinds a measure of that property gives a name.
_HOLDERS = 8
#: The most words of a string value looked for next to a name.
_LONGEST_VALUE = 6


def _values_in_a_row(kb: KnowledgeBase, text: str) -> bool:
    """Whether the name ``text`` is two values the KB holds written one after the other: a
    town and its state ("Nelson Bay NSW" of ``addressLocality "Nelson Bay"`` and
    ``addressRegion "NSW"``), parts of one address a reply runs together."""
    words = text.split()
    return any(
        kb.has_literal(" ".join(words[:i])) and kb.has_literal(" ".join(words[i:]))
        for i in range(1, len(words))
    )


def _builds_on(kb: KnowledgeBase, text: str) -> bool:
    """Whether a KB label names something of the one-word name ``text``: "jills house" or
    "Jill's house" for "Jill" (a person's full name, "Sarah Lee" for "Sarah", does not count:
    an affiliation may show that Sarah is someone else)."""
    tokens = name_tokens(text)
    if len(tokens) != 1:
        return False
    owned = re.compile(rf"\b{re.escape(tokens[0])}(?:'s|’s|s)\b")
    iris = kb.labels.with_token(tokens[0]) | kb.labels.with_token(tokens[0] + "s")
    return any(owned.search((kb.labels.display(iri) or "").casefold()) for iri in iris)


def _words_of_names(kb: KnowledgeBase, text: str) -> bool:
    """Whether the name ``text`` (two words or more) runs, word for word, inside a KB name:
    "Clinical Pilates" of the KB's "Clinical Pilates for Beginners" and "Clinical Pilates
    Intermediate" names what they share or one of them for short, not a thing the KB lacks."""
    tokens = name_tokens(text)
    if len(tokens) < 2:
        return False
    iris = kb.labels.with_tokens(tokens)
    n = len(tokens)
    for iri in iris:
        label = name_tokens(kb.labels.display(iri) or "")
        if any(label[i : i + n] == tokens for i in range(len(label) - n + 1)):
            return True
    return False


def _names_part_of(text: str, label: str) -> bool:
    """Whether ``label`` is built on the name ``text``: "Jill" in "Jill's house" or "jills
    house", "Chang" in "P.F. Changs" (words compared without a possessive or plural s)."""

    def words(value: str) -> list[str]:
        out = []
        for w in value.casefold().replace("’", "'").split():
            w = w.removesuffix("'s").removesuffix("'")
            out.append(w[:-1] if w.endswith("s") and len(w) > 3 else w)
        return out

    name, full = words(text), words(label)
    n = len(name)
    return 0 < n < len(full) and any(full[i : i + n] == name for i in range(len(full) - n + 1))


def _is_named(kb: KnowledgeBase, node: object) -> bool:
    return isinstance(node, URIRef) and kb.labels.display(str(node)) is not None


def _with_title(m: Mention, label: str) -> str:
    """Keep the title the reply used ("Dr. Amira Patell" -> "Dr. Amira Patel")."""
    title = m.text.split()[0]
    if label.split()[0].rstrip(".").lower() == title.rstrip(".").lower():
        return label
    return f"{title} {label}"
