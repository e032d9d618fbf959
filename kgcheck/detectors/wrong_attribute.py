"""``wrong_attribute``: the KB holds values for (subject, predicate) and the claim's is not one."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, time, timedelta
from decimal import Decimal

from pydantic import BaseModel, ConfigDict
from rdflib import Literal, URIRef
from rdflib.namespace import OWL, RDF, RDFS, XSD
from rdflib.term import Node

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import lemma_words, name_tokens, value_words
from kgcheck.kb.value_forms import street_parts
from kgcheck.kb.values import format_like, matches
from kgcheck.nlp.analysis import Claim
from kgcheck.nlp.anchors import bare_value
from kgcheck.nlp.content import content_words
from kgcheck.nlp.literals import parse_literal, parse_number
from kgcheck.numeric_claims import DATE, RESULTS, VERIFIED, WRONG
from kgcheck.periods import Granularity, interval_of_literal
from kgcheck.tools.graph import KIND_NS
from kgcheck.types import Evidence, Flag, FlagType, Span
from kgcheck.values.durations import DURATION_TYPES, duration_around, parse_duration
from kgcheck.values.quantities import NUMBER_WORDS, canonical_unit

__all__ = ["WrongAttributeDetector"]


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: How decisive a mismatch is on a property that is neither functional nor complete.
    open_world_strength: float = 0.6
    #: Default relative tolerance for numbers when the property declares no ``kgc:tolerance``.
    numeric_tolerance: float = 0.0


class WrongAttributeDetector(Detector):
    name = "wrong_attribute"
    flag_type = FlagType.WRONG_ATTRIBUTE
    Params = _Params

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        flags = []
        for claim in ctx.analysis.claims:
            if not claim.polarity or claim.subject_iri is None:
                continue
            flag = (
                self._type_claim(ctx, claim)
                if claim.predicate == str(RDF.type)
                else self._value_claim(ctx, claim)
            )
            if flag is not None:
                flags.append(flag)
        return flags

    def _value_claim(self, ctx: DetectionContext, claim: Claim) -> Flag | None:
        params = self.params
        assert isinstance(params, _Params) and claim.subject_iri is not None
        kb, onto = ctx.kb, ctx.kb.ontology
        s, p = URIRef(claim.subject_iri), URIRef(claim.predicate)
        values = kb.values(s, p)
        if not values:
            # a sub-property claim names a value of its functional super-property
            p, values = kb.bounding_values(s, p)
        if not values and claim.object.iri is not None:
            # the one property of the subject that points at things of the object's kind
            p, values = kb.alike_values(s, p, URIRef(claim.object.iri))
        if not values:
            return None
        if any(q.derived and claim.object.span.contains(q.span) for q in ctx.analysis.quantities):
            return None  # "cost $25 in total": a sum, not the value (kgcheck.nlp.relative)
        if _addressee(ctx, claim):
            return None  # "so one pass covers you": the customer is no value of the KB
        if _of_another_type(ctx, claim, p):
            return None  # "your bill has been paid": a bill's status, no plan Priya is on
        if any(
            t.anchor is not None
            and t.anchor.claim_index == claim.index
            and claim.object.span.contains(t.span)
            and not t.absolute
            for t in ctx.analysis.temporals
        ):
            return None  # "is on Thursday at 2 pm": the date checks read a weekday or a time
        if all(isinstance(v, URIRef) for v in values) and any(
            t.has_date and t.start is not None and claim.object.span.start == t.span.start
            for t in ctx.analysis.temporals
        ):
            return None  # "closed on Monday 1 June": a date, none of the days the KB lists
        if any(
            t.relative and claim.object.span.overlaps(t.span) for t in ctx.analysis.temporals
        ) and all(
            (iv := interval_of_literal(v)) is not None and iv.granularity > Granularity.DAY
            for v in values
        ):
            return None  # "open until 6pm tomorrow": no value of the year a shop opened in
        if any(
            t.has_time and claim.object.span.overlaps(t.span) for t in ctx.analysis.temporals
        ) and all(
            (iv := interval_of_literal(v)) is not None and iv.granularity >= Granularity.DAY
            for v in values
        ):
            return None  # "open tomorrow from 7:30am to 6:30pm": hours, no shop's opening date
        if any(
            n.kind != DATE
            and (
                n.verdict == VERIFIED
                or (n.verdict == WRONG and not n.certain)
                or n.source == RESULTS
            )
            and claim.object.span.overlaps(n.span)
            for n in ctx.verified_numbers()
        ):
            # numeric_claim reads a number with its unit, bound and tolerance: where it finds
            # the number right, or wrong on a reading it is unsure of, or given by a result the
            # agent saw, that is the verdict (a sure mismatch both find is one flag,
            # corroborated)
            return None
        if _in_another_unit(ctx, claim, onto.unit.get(p)):
            return None  # "grows to 5 metres" of a height in cm: numeric_claim converts it
        tolerance = onto.tolerance.get(p, params.numeric_tolerance)
        stated = claim.object.stated
        said = _stated_span(ctx, claim, values)
        if said != claim.object.span:
            # the whole length of time: "lasts an hour and a half", not "hour"
            text = ctx.analysis.text[said.start : said.end]
            claim = replace(claim, object=replace(claim.object, span=said, text=text))
            stated = parse_duration(text)
        if _no_value_of_its_type(claim, stated, values):
            return None  # "for a one-hour slot the same day if you order": no length of time
        if any(matches(stated, claim.object.iri, v, tolerance=tolerance) for v in values):
            return None
        described = _described_alike(claim, values)
        if described:
            return None  # "means our staff are collecting your items": the KB's sentence
        before = ctx.analysis.text[: claim.object.span.start].split()[-1:]
        if _common_noun_of_names(kb, p, " ".join([*before, claim.object.text]), values):
            return None  # "as it's in the shopping centre": no town's name, of a town's
        if _same_words(claim.object.text, values):
            return None  # "Double Gold at the 2025 Veritas Awards": "Double Gold, Veritas ... 2025"
        if any(kb.agrees_with_parts(claim.object.text, v) for v in values):
            return None  # "at 14 Knaresborough Road, Harrogate": the parts of its address node
        if _runs_on(ctx, claim, values):
            return None  # "is 28 Regent Street, Chippendale ...": the parse cut the value short
        if _is_first_piece(claim, values):
            return None  # "from Fernvale Station" of "Fernvale Station, Platform Road"
        if _names_a_value(ctx, claim, values) or _in_own_type(ctx, claim, values):
            return None
        if _leads_to_a_value(ctx, claim, p, values):
            return None  # "covers Portugal" (or "it"): Portugal is in the zone the pass covers
        functional = p in onto.functional or p in onto.complete
        part = _part_like(ctx, claim.object.text, values[0]) if len(values) == 1 else None
        if part is not None:
            # "is at 3 Bromfield Lane": another shop's street address, so the street address
            # of this one's address node is the value to state
            values, functional = [part], True
        shown = [kb.label(v) for v in values]
        triples = tuple((str(s), str(p), str(v)) for v in values)
        return self.flag(
            span=claim.span,
            content=claim.object.text,
            message=f"Not {claim.object.text}: " + " ".join(kb.verbalise(s, p, v) for v in values),
            evidence=[Evidence("kb", "; ".join(kb.verbalise(s, p, v) for v in values), triples)],
            suggestion=None if len(shown) == 1 else f"One of: {', '.join(shown)}",
            correction=(
                _first_piece(ctx, claim, values[0])
                or format_like(claim.object.text, values[0], shown[0])
                if len(shown) == 1
                and values[0] not in kb.shapes.parts
                # "has active noise cancelling" of a false one: the words to write are the
                # sentence's negation, not the value
                and not isinstance(claim.object.value, bool)
                # a sentence of the KB said in other words: which words are wrong is unknown
                and described is None
                else None  # which part of a structured value the reply got wrong is not known
            ),
            correction_span=claim.object.span,
            focus=str(s),
            # whose value it is, a pronoun after several things that hold one only guesses
            # ("It's fully accessible and has free parking too" after two branches): a finding
            # to show, never grounds to rewrite
            kb_strength=(
                1.0
                if functional and not _pronoun_of_several(ctx, claim, p)
                else params.open_world_strength
            ),
            claim_index=claim.index,
        )

    def _type_claim(self, ctx: DetectionContext, claim: Claim) -> Flag | None:
        """ "X is a manager" where the KB types X otherwise (disjointness is contradicts_fact's)."""
        params = self.params
        assert isinstance(params, _Params) and claim.subject_iri is not None
        kb, onto = ctx.kb, ctx.kb.ontology
        s, cls_ = URIRef(claim.subject_iri), URIRef(str(claim.object.iri))
        # a tool's row is of the kind its tool names ("search_stock": stock), which says
        # nothing of what else it is ("a 2020 car")
        direct = {t for t in kb.direct_types(s) if not str(t).startswith(KIND_NS)}
        if not direct or cls_ in kb.types(s) or onto.disjoint_with(direct).get(cls_):
            return None
        shown = sorted(onto.label(t) for t in direct)
        article = "an" if shown[0][:1].lower() in "aeiou" else "a"
        return self.flag(
            span=claim.span,
            content=claim.object.text,
            message=f"{kb.label(s)} is {' and '.join(shown)} in the KB, not {claim.object.text}",
            evidence=[
                Evidence(
                    "kb",
                    "; ".join(kb.verbalise(s, RDF.type, t) for t in direct),
                    tuple((str(s), str(RDF.type), str(t)) for t in direct),
                )
            ],
            correction=f"{article} {shown[0]}" if len(shown) == 1 else None,
            correction_span=claim.object.span,
            focus=str(s),
            kb_strength=params.open_world_strength,
            claim_index=claim.index,
        )


def _in_another_unit(ctx: DetectionContext, claim: Claim, unit: str | None) -> bool:
    """Whether the object states a quantity in a unit other than the property's ``kgc:unit``
    (a number compared as it stands would be off by the conversion)."""
    if unit is None:
        return False
    own = canonical_unit(unit)
    return any(
        claim.object.span.contains(q.span) and (q.currency or q.unit) not in {None, own}
        for q in ctx.analysis.quantities
    )


def _names_a_value(ctx: DetectionContext, claim: Claim, values: list[Node]) -> bool:
    """Whether the stated object is a name one of ``values`` bears: several entities share
    the name ("Thornbury Anesthesiology Centre") and the linker chose another of them, so the
    reply says what the KB says."""
    mention = claim.object.mention
    named = set(mention.candidates) if mention is not None else set()
    named |= ctx.kb.labels.exact(claim.object.text)
    if any(isinstance(v, URIRef) and str(v) in named for v in values):
        return True
    # "runs on Tuesdays" of schema:Tuesday: the value's name, inflected
    stated = lemma_words(claim.object.text)
    if any(lemma_words(ctx.kb.label(v)) == stated for v in values if isinstance(v, URIRef)):
        return True
    # "based at our Leeds head office" of Northbound Leeds: the value's name said short (and
    # the linker took "Leeds" for the town of that name)
    said = name_tokens(claim.object.text)
    n = len(said)
    return n > 0 and any(
        n < len(full := name_tokens(ctx.kb.label(v)))
        and any(full[i : i + n] == said for i in range(len(full) - n + 1))
        for v in values
        if isinstance(v, URIRef)
    )


def _runs_on(ctx: DetectionContext, claim: Claim, values: list[Node]) -> bool:
    """Whether the reply, from the object on, states a whole string value of the KB: the object
    is only its first piece ("28 Regent Street" of "28 Regent Street, Chippendale New South
    Wales 2008, Australia", cut at the comma)."""
    segments = ctx.analysis.segments
    end = segments[claim.segment].span.end if claim.segment < len(segments) else claim.span.end
    rest = value_words(ctx.analysis.text[claim.object.span.start : end])
    for v in values:
        if isinstance(v, Literal) and v.datatype in (None, XSD.string):
            own = value_words(str(v))
            if len(own) > len(value_words(claim.object.text)) and rest[: len(own)] == own:
                return True
    return False


def _is_first_piece(claim: Claim, values: list[Node]) -> bool:
    """Whether the stated object is the first comma-separated piece of a KB string value,
    the rest left unsaid ("leaves from Fernvale Station" of "Fernvale Station, Platform
    Road"): the value said shorter, as :func:`_first_piece` corrects only that piece."""
    stated = value_words(claim.object.text)
    return bool(stated) and any(
        isinstance(v, Literal)
        and v.datatype in (None, XSD.string)
        and "," in str(v)
        and value_words(str(v).partition(",")[0]) == stated
        for v in values
    )


def _first_piece(ctx: DetectionContext, claim: Claim, value: Node) -> str | None:
    """The first comma-separated piece of a KB string value when the reply goes on with the
    value's other pieces after the object ("82 Regent Street, Chippendale ..." of "28 Regent
    Street, Chippendale ..."): only that piece is wrong, and only it is replaced."""
    if not isinstance(value, Literal) or value.datatype not in (None, XSD.string):
        return None
    first, sep, tail = str(value).partition(",")
    if not sep:
        return None
    segments = ctx.analysis.segments
    end = segments[claim.segment].span.end if claim.segment < len(segments) else claim.span.end
    after = value_words(ctx.analysis.text[claim.object.span.end : end])
    own = value_words(tail)
    return first.strip() if own and after[: len(own)] == own else None


def _in_own_type(ctx: DetectionContext, claim: Claim, values: list[Node]) -> bool:
    """Whether the stated object, read as the datatype of a KB value, agrees with it ("takes 105
    minutes" of ``"PT1H45M"^^xsd:duration`` where the property declares no range)."""
    text = claim.object.text
    for v in values:
        if not isinstance(v, Literal) or v.datatype is None:
            continue
        stated = parse_literal(text, str(v.datatype), ctx.now)
        if stated is not None and matches(stated, None, v):
            return True
    return False


def _stated_span(ctx: DetectionContext, claim: Claim, values: list[Node]) -> Span:
    """What the reply states of a length of time whose object the parse cut short ("hour" of
    "an hour and three quarters"): the whole phrase, else the object."""
    span = claim.object.span
    if any(isinstance(v, Literal) and str(v.datatype) in DURATION_TYPES for v in values):
        found = duration_around(ctx.analysis.text, span.start, span.end)
        if found is not None:
            return Span(min(found[0], span.start), max(found[1], span.end))
    return span


def _addressee(ctx: DetectionContext, claim: Claim) -> bool:
    """Whether the claim's object is one of the people in the conversation ("one Europe Day
    Pass covers you"): no value of a KB property."""
    return any(m.kind == "speaker" and m.span == claim.object.span for m in ctx.analysis.mentions)


#: The Python types of literals that are values of a kind (numbers, lengths of time, dates and
#: times): words are none of them.
_VALUE_TYPES = (Decimal, int, float, timedelta, date, time)
#: Classes every thing is of: no kind of value.
_TOP = frozenset({OWL.Thing, RDFS.Resource, URIRef("https://schema.org/Thing"),
                  URIRef("http://schema.org/Thing")})  # fmt: skip
#: How many of a property's values show which classes it takes in use.
_USED = 200
#: The fewest words of a text value that is a description, not a name.
_DESCRIPTION_WORDS = 4
#: The share of the words said of a description that must be its own words (stemmed).
_DESCRIBED_SHARE = 0.6


def _no_value_of_its_type(claim: Claim, stated: object, values: list[Node]) -> bool:
    """Whether the claim's object is words with no number ("the same day if you order") where
    every value the property holds is a number, a length of time, a date or a time: no value
    of the property's type is said, so there is nothing to compare (a number, a date or a
    time said is read by the checks of numbers and dates)."""
    if not isinstance(stated, str) or not values:
        return False
    if not all(
        isinstance(v, Literal)
        and isinstance(v.toPython(), _VALUE_TYPES)
        and not isinstance(v.toPython(), bool)
        for v in values
    ):
        return False
    text = claim.object.text.lower()
    if set(re.findall(r"[a-z]+", text)) & NUMBER_WORDS:
        return False
    if any(c.isdigit() for c in text):
        # "three Circle seats (F7, F8 and F9)" read as the circle's capacity: a code's digits
        # (glued to a letter) are no number, where every value is one
        return parse_number(text) is None and all(
            isinstance(v, Literal) and isinstance(v.toPython(), int | float | Decimal)
            for v in values
        )
    return parse_duration(claim.object.text) is None


def _described_alike(claim: Claim, values: list[Node]) -> bool | None:
    """For a property whose value is a description (a plain string of several words): whether
    the claim says it in other words (most of the words said are its own, stemmed: "our staff
    are collecting your items" of "Staff at the depot are collecting the items."); ``None`` for
    other values."""
    if len(values) != 1 or not isinstance(values[0], Literal):
        return None
    held = values[0]
    if held.datatype not in (None, XSD.string) or len(str(held).split()) < _DESCRIPTION_WORDS:
        return None
    if any(c.isdigit() for c in str(held)):
        return None  # an address, a code: every word of it counts
    said = content_words(claim.object.text)
    if not said:
        return None
    return len(said & content_words(str(held))) >= _DESCRIBED_SHARE * len(said)


def _same_words(stated: str, values: list[Node]) -> bool:
    """Whether ``stated`` has the very words of a string value of several words, in another
    order and joined by other small words ("Double Gold at the 2025 Veritas Awards" of "Double
    Gold, Veritas Awards 2025")."""
    said = set(value_words(stated)) - _JOINING_WORDS
    return len(said) > 1 and any(
        isinstance(v, Literal)
        and isinstance(v.toPython(), str)
        and set(value_words(str(v))) - _JOINING_WORDS == said
        for v in values
    )


def _pronoun_of_several(ctx: DetectionContext, claim: Claim, prop: URIRef) -> bool:
    """Whether the claim's subject is an ungendered pronoun ("it", "they") said after the
    reply named two things or more that hold a value of ``prop``: which one it stands for is a
    guess ("he" after one man and one woman is not)."""
    if claim.subject.kind != "pronoun" or claim.subject.text.lower() not in _UNGENDERED:
        return False
    before = {
        m.iri
        for m in ctx.analysis.mentions
        if m.kind == "entity"
        and m.iri is not None
        and m.span.end <= claim.subject.span.start
        and ctx.kb.values(URIRef(m.iri), prop)
    }
    return len(before) > 1


#: Pronouns that say nothing of which of several things they stand for.
_UNGENDERED = frozenset({"it", "its", "they", "them", "their", "it's"})


def _common_noun_of_names(kb: KnowledgeBase, prop: URIRef, stated: str, values: list[Node]) -> bool:
    """Whether ``stated`` is a description in common words (an article, no capital, no digit:
    "the shopping centre") where
    every value is a name written with capitals ("Glasgow"): a value of another kind, said
    beside the property's own, no misstatement of it. Words that are, after the article, a
    value the KB holds of ``prop`` for anything ("our yard manager" of a "Yard Manager") are
    that kind of value."""
    words = stated.strip()
    if not words or any(c.isupper() or c.isdigit() for c in words):
        return False
    if words.split()[0] not in {"the", "a", "an", "our", "your"}:
        return False  # "taught in the autumn term" names a value, as "Autumn" would
    rest = value_words(" ".join(words.split()[1:]))
    if any(value_words(str(v)) == rest for v in kb.some_objects(prop, _SAMPLE_VALUES)):
        return False
    shown = [str(v) if isinstance(v, Literal) else kb.label(v) for v in values]
    said = set(value_words(words))
    # (a word of a value said, "the autumn term" of "Spring term", is that kind of value)
    return all(text[:1].isupper() and not said & set(value_words(text)) for text in shown)


#: How many of a property's values are read to tell a description from a value of it.
_SAMPLE_VALUES = 2000
#: The small words that join the pieces of a value said in a sentence.
_JOINING_WORDS = frozenset({"a", "an", "the", "at", "in", "of", "on", "for", "from", "and"})


def _of_another_type(ctx: DetectionContext, claim: Claim, prop: URIRef) -> bool:
    """Whether the claim's object is a thing of the KB of no class of the property's values
    or above them ("Priya ... has been paid" read as the plan Priya has: "paid" is a bill
    status, no plan): the words say something of another property, so the claim is
    no reading of this one. An untyped thing, or a property with no declared range, may be
    a value."""
    classes = ctx.kb.ontology.range.get(prop, set())
    if not classes or claim.object.iri is None:
        return False
    obj = URIRef(claim.object.iri)
    types = ctx.kb.types(obj) - _TOP
    # a person of another role ("Ellie Carter", an events coordinator, said to be the
    # community manager) is a value of the same kind, wrong: a class above both is shared
    kinds = ctx.kb.ontology.with_superclasses(set(classes)) - _TOP
    if not types or types & kinds:
        return False
    if bare_value(ctx.kb, obj):
        return True  # "paid", a bill's status: surely of another kind than a plan
    # a thing of its own may be a value where the ontology leaves its class unconnected to the
    # range (a shop as a tour's meeting point, a lifeguard said to be the manager); of a class
    # no value of the property has, and tied to the subject through something else
    # ("Sprowston has Dance Fit", a class on the club's timetable, not one of its
    # facilities), the words speak of that tie, not of this property
    used = [o for o in ctx.kb.some_objects(prop, _USED) if isinstance(o, URIRef)]
    if any(ctx.kb.types(o) & types for o in used) or claim.subject_iri is None:
        return False
    subject = URIRef(claim.subject_iri)
    return any(
        r == subject or any(o == subject for _, o in ctx.kb.facts(r))
        for r in ctx.kb.referrers(obj, through_unnamed=True)
    )


def _part_like(ctx: DetectionContext, stated: str, value: Node) -> Literal | None:
    """The part of a structure node (a postal address) ``stated`` gives: the part of the
    property that holds it elsewhere in the KB ("3 Bromfield Lane", another shop's street
    address), else, of a house number and a street's name ("18 Quay Street"), the node's one
    part written so."""
    part = ctx.kb.part_like(stated, value)
    if part is not None or street_parts(stated) is None:
        return part
    found = [p for p in ctx.kb.shapes.parts.get(value, ()) if street_parts(str(p)) is not None]
    return found[0] if len(found) == 1 else None


def _leads_to_a_value(
    ctx: DetectionContext, claim: Claim, prop: URIRef, values: list[Node]
) -> bool:
    """Whether the thing the claim's object names (or a pronoun stands for) is of no class of
    the property's values and has one of ``values`` as a value of its own: "the Europe Day
    Pass covers Portugal" (or "covers it") where the pass covers Zone 1 and Portugal, a
    country, is in Zone 1. A thing of the values' class is a value, right or wrong ("led by
    Kwame Mensah", who reports to the head)."""
    classes = ctx.kb.ontology.range.get(prop, set())
    if not classes:
        return False
    iris = {claim.object.iri} | {
        m.iri for m in ctx.analysis.mentions if m.span == claim.object.span and m.kind == "pronoun"
    }
    held = set(values)
    return any(
        o in held
        for iri in iris
        if iri is not None and not ctx.kb.types(URIRef(iri)) & classes
        for _, o in ctx.kb.facts(URIRef(iri))
    )
