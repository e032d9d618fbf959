"""Numeric claims: the numbers and dates of a reply checked against the KB and source documents.

Each quantity bound to a KB subject and property (see :mod:`kgcheck.nlp.anchors`), and each
currency amount, percentage or ratio even when unbound, becomes a :class:`NumericClaim`, as does
each date bound to a date property. Its verdict:

- ``verified``: a KB value (confidence 1.0) or a number in a source document (0.8) agrees within
  the tolerance: the property's ``kgc:tolerance``, else the kind's (``numeric.tolerances``).
  Period-specific values (``kgc:Observation``) are taken for the stated period, or the current
  one when none is stated.
- ``wrong``: the KB holds values for the subject, property (and period) and none agrees.
- ``wrong_period``: the value is the KB's for another period ("Q4 2024" for a Q3 2024 figure).
- ``unsupported``: nothing in the KB or the sources gives a value to compare with.

A number whose sentence names no period takes the last one named earlier in the reply, else in
the recent turns ("How did Harbor Point do in Q3 2024?" / "The NOI was $1.5M."), else the
current one.

Usage::

    claims = verify_numeric_claims(analysis, kb, sources, now, config.numeric)
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from collections.abc import Collection, Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from rdflib import Literal, URIRef
from rdflib.namespace import PROV, RDF, RDFS, XSD
from rdflib.term import Node
from spacy.lang.en.stop_words import STOP_WORDS

from kgcheck.config import NumericConfig, TemporalConfig
from kgcheck.kb.cache import per_kb
from kgcheck.kb.calls import named_by_kind
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.labels import LABEL_PREDICATES
from kgcheck.kb.normalize import name_tokens, value_words
from kgcheck.kb.observations import observations
from kgcheck.kb.values import format_like, relative_difference, within_tolerance
from kgcheck.nlp.analysis import Segment, TurnAnalysis
from kgcheck.nlp.anchors import (
    distinctive_words,
    label_words,
    names_a_total,
    names_unit,
    property_phrases,
)
from kgcheck.nlp.literals import NUMERIC_TYPES
from kgcheck.nlp.negation import negated_before
from kgcheck.nlp.speech_acts import restating
from kgcheck.periods import Granularity, Interval, interval_of_literal
from kgcheck.tools.graph import FIELD_NS
from kgcheck.types import Span
from kgcheck.values.arithmetic import worked_out, worked_out_beside
from kgcheck.values.currency import is_iso_currency
from kgcheck.values.durations import DURATION_TYPES, write_duration, write_months
from kgcheck.values.quantities import (
    COUNT,
    CURRENCY,
    DIMENSION_WORDS,
    PERCENT,
    PERIOD_OF,
    PERIOD_WORDS,
    QUANTITY,
    RATIO,
    Quantity,
    QuantityRecognizer,
    bound_words,
    canonical_unit,
    convert,
    counts_in,
    dimension,
    is_unit_word,
    minutes_of,
    restates,
    rounded_agrees,
    same_counted,
    singular,
    units_of,
)
from kgcheck.values.temporal import TemporalExpression, TemporalRecognizer, agrees, may_state
from kgcheck.values.weekdays import WEEKDAYS, weekdays_named
from kgcheck.vocab import KGC

if TYPE_CHECKING:
    from kgcheck.detectors.base import Source
    from kgcheck.nlp.anchors import Anchor

__all__ = [
    "RESULTS",
    "UNCHECKED",
    "UNSUPPORTED",
    "VERIFIED",
    "WRONG",
    "WRONG_PERIOD",
    "NumericClaim",
    "restated_spans",
    "verify_numeric_claims",
]

VERIFIED = "verified"
WRONG = "wrong"
WRONG_PERIOD = "wrong_period"
UNSUPPORTED = "unsupported"
#: A value bound to no property a word of the reply names, which the KB holds no value of: not
#: read, so neither supported nor flagged (a gap in what kgcheck reads, not a finding).
UNCHECKED = "unchecked"
DATE = "date"
#: Kinds checked even when nothing binds them to a property: they are claims on their own.
_STANDALONE = frozenset({CURRENCY, PERCENT, RATIO})

Triple = tuple[str, str, str]


#: The ``source`` of a number a tool result the agent saw gives (unchecked against the KB,
#: read all the same: the reply restates the result).
RESULTS = "results"


@dataclass(frozen=True, slots=True)
class NumericClaim:
    """One number or date of the reply and what checking it found.

    ``value`` is the stated value (in the stated unit; a date as its period label), ``matched``
    the value that decided (the KB's or a source's, in the stated unit), ``difference`` the
    relative difference between them, ``source`` ``kb``, a source document's id or
    :data:`RESULTS` (a tool result the agent saw gives the number), and
    ``confidence`` how far the verdict can be trusted (1.0 for the KB, the configured source
    confidence for a document). ``correction`` is the KB value written like the stated one.
    """

    span: Span
    text: str
    kind: str
    value: str
    unit: str | None
    verdict: str
    subject: str | None = None
    property: str | None = None
    period: str | None = None
    matched: str | None = None
    matched_period: str | None = None
    difference: float | None = None
    tolerance: float | None = None
    source: str | None = None
    confidence: float = 0.0
    claim_index: int | None = None
    correction: str | None = None
    correction_span: Span | None = None
    message: str = ""
    evidence: tuple[Triple, ...] = ()
    functional: bool = False
    #: The reply denies the value ("was not 5.4%"): verified, it contradicts the KB; wrong, the
    #: denial is true.
    negated: bool = False
    #: For a date of an item that names an entry and an entity it is not linked to
    #: (``Anchor.described``): the subjects whose day and time all agree with it.
    fitting: tuple[str, ...] = ()
    #: The reading is certain (``Anchor.certain``): one plainly named subject the sentence
    #: ties the value to, and one property. An unsure reading's mismatch is shown, never acted on.
    certain: bool = True

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["span"] = {"start": self.span.start, "end": self.span.end}
        data["correction_span"] = (
            None
            if self.correction_span is None
            else {"start": self.correction_span.start, "end": self.correction_span.end}
        )
        data["evidence"] = [list(t) for t in self.evidence]
        return data


@dataclass(frozen=True, slots=True)
class _Held:
    """A value the KB holds for (subject, property), for a period when it is an observation."""

    subject: URIRef
    prop: URIRef
    value: Node
    period: Interval | None
    period_text: str
    triples: tuple[Triple, ...]
    #: For a value of a qualified statement (opening hours per day): the things it names
    #: beside the value (its days of the week).
    qualifiers: frozenset[URIRef] = frozenset()
    #: The period or measure the value is a rate per (a price specification's ``unitCode
    #: "DAY"`` or ``"LTR"``).
    per: str | None = None
    #: The currency stated beside the value (a price specification's ``priceCurrency``).
    currency: str | None = None
    #: The node that states the value: the subject, or its qualified statement's node.
    node: Node | None = None
    #: Whether the value is read from a relation node that points at the subject (an offer
    #: of rubble by a recycling centre), true only beside the other things it names.
    related: bool = False
    #: For a count of a call's rows: the yes-or-no field the rows counted have true ("with
    #: available true": of the windows a slot search returned, those still available).
    where: str = ""


def verify_numeric_claims(
    analysis: TurnAnalysis,
    kb: KnowledgeBase,
    sources: Sequence[Source] = (),
    now: datetime | None = None,
    config: NumericConfig | None = None,
    *,
    history: Sequence[str] = (),
    temporal: TemporalConfig | None = None,
    theirs: Sequence[Quantity] = (),
    asked: Sequence[Quantity] = (),
) -> tuple[NumericClaim, ...]:
    """The numeric claims of ``analysis``, each with its verdict (see the module docstring).

    Args:
        analysis: the reply's NLP pass.
        kb: the knowledge base.
        sources: documents the agent answered from.
        now: the reference time.
        config: tolerances per kind and the source confidence.
        history: texts of the recent turns, most recent first, for a period the reply implies.
        temporal: how to read dates in ``history`` and the sources.
        theirs: the numbers the user gave ("I've got 1,200 points"): restated and read as a
            value of something by a guess only, they are the user's, not a wrong value.
        asked: the numbers of the user's questions ("Is the café big enough for a group of
            20?"): restated where the KB holds no value for them, they are the user's.
    """
    # ranges, highest and lowest, values of a closed set: modules that build on this one
    from kgcheck.period_claims import PeriodValues
    from kgcheck.value_claims import verify_stated_values

    checker = _Verifier(kb, sources, now, config or NumericConfig(), temporal)
    checker.context_periods(analysis, history)
    over = PeriodValues(analysis, kb, checker.held, checker.implied_at, checker.tolerance)
    out: list[NumericClaim] = []
    few: list[tuple[int, Quantity | TemporalExpression]] = []
    for q in analysis.quantities:
        if q.derived and q.anchor is None:
            continue  # "2 miles farther", "$25 in total": a difference, or a sum of no total
        bound = q.anchor is not None and bool(q.anchor.subjects)
        if not bound and q.kind not in _STANDALONE and checker.row_counted(q) is None:
            continue  # "a grocery store 6 miles away": about nothing the KB can name
        handled, found = over.quantity(q)
        if handled:
            out += [found] if found is not None else []
            continue
        if q.anchor is not None and q.anchor.how == "few":
            few.append((len(out), q))
        out.append(checker.quantity(q))
    out += [c for r in analysis.ranges if (c := over.range(r)) is not None]
    for t in analysis.temporals:
        if t.relative and now is None:
            # "tomorrow" cannot be checked without a reference time; "7 pm today" has a time
            t = _clock_only(t)
        if t.anchor is None or t.start is None:
            continue
        found = checker.date(t)
        if found is not None:
            if t.anchor.how == "few":
                few.append((len(out), t))
            out.append(found)
    _identify_row(out, few, checker, analysis)
    out += verify_stated_values(analysis, kb, checker.now, checker.implied_at, checker.held)
    out = _not_theirs(_one_value_each(_not_restated(out, analysis)), analysis, theirs, asked)
    out = _not_worked_out(out, analysis, [*theirs, *asked], kb)
    out = _said_elsewhere(out, analysis, kb)
    return tuple(sorted((_with_polarity(c, analysis, kb) for c in out), key=lambda c: c.span.start))


def _not_worked_out(
    claims: list[NumericClaim],
    analysis: TurnAnalysis,
    users: Sequence[Quantity] = (),
    kb: KnowledgeBase | None = None,
) -> list[NumericClaim]:
    """``claims`` with a reading of a figure the reply works out from two of its other figures
    ("packs of 10 for £18.00, which works out at £1.80 a box"; "£800 ... with the lorry at
    £75, that's £875") unchecked: it is the value of no property, however surely the words
    around it name one (:func:`~kgcheck.values.arithmetic.worked_out`).

    An unsure reading may also be worked out with one figure from outside the reply
    (:func:`~kgcheck.values.arithmetic.worked_out_beside`): a count of the user's turns
    (``users``: "£10 per person, so that would be £90 for your group" after "a deposit for a
    group of 9?"), the KB value it was compared with, less another amount ("another $587.60
    would move you up to Gold" of Gold's $1,200 and the $612.40 spent), and the percentages of
    the KB's properties the reply names ("$38.14 with HST" of $33.75 and an HST rate of 13 %)."""
    by_span = {q.span: q for q in analysis.quantities}
    named_rates: list[Decimal] | None = None
    out = []
    for c in claims:
        q = by_span.get(c.span)
        if q is None or c.verdict != WRONG:
            out.append(c)
            continue
        how = worked_out(q, analysis.quantities)
        if how is None and not c.certain:
            if named_rates is None:
                named_rates = _named_rates(kb, analysis) if kb is not None else []
            how = worked_out_beside(
                q,
                analysis.quantities,
                theirs=users,
                held=_plain_decimal(c.matched),
                rates=named_rates,
            )
        if how is not None:
            c = _unchecked(c, f"{c.text}: worked out from the reply's other figures ({how})")
        out.append(c)
    return out


def _named_rates(kb: KnowledgeBase, analysis: TurnAnalysis) -> list[Decimal]:
    """The percentages the KB holds under properties whose label's own words the reply says
    ("HST" of an "HST rate" of 13), as rates an amount may be worked out with."""
    words = set(_words(analysis.text))
    onto = kb.ontology
    out: list[Decimal] = []
    for prop in onto.unit:
        if onto.unit_of(prop) != "%":
            continue
        own = set(_words(onto.label(prop))) - _RATE_WORDS
        if not own or not own <= words:
            continue
        for _, value in kb.graph.subject_objects(prop):
            number = _decimal(value)
            if number is not None:
                out.append(number)
    return out


#: What ends a phrase within a sentence.
_PHRASE_BREAK = re.compile(r"[,;:()—–]")

#: What joins the items of a list: "150 points gets you a free coffee and 200 points ...".
_LISTED = re.compile(r",|\band\b|\bor\b")

#: A clause of having before a count: "Brunswick still has", "there are", "we've got".
_HAVING_BEFORE = re.compile(
    r"\b(?:has|have|'ve|had|there\s+(?:are|is|were)|there's|there're)\s+"
    r"(?:(?:still|only|just|got|currently|now)\s+)*$",
    re.I,
)
#: Words after a counted thing that say the count is what is on hand.
_ON_HAND = frozenset({"left", "available", "remaining", "in"})
#: The datatypes of whole numbers, by name (a property's ``rdfs:range``).
_WHOLE_NAMES = frozenset(
    str(t) for t in (XSD.integer, XSD.int, XSD.long, XSD.nonNegativeInteger, XSD.positiveInteger)
)
#: The datatypes of whole numbers, as tool results' integers are typed.
_WHOLE_NUMBERS = frozenset({XSD.integer, XSD.int, XSD.long, XSD.nonNegativeInteger})

#: A code of letters and digits ("b2", "po-77348"), a value that names one row.
_CODE = re.compile(r"(?=[a-z-]*\d)(?=[\d-]*[a-z])[a-z\d][a-z\d-]+")

#: Words of a percentage property's label that name no tax or fee of its own.
_RATE_WORDS = frozenset({"rate", "percentage", "percent", "share", "level"})


def _said_elsewhere(
    claims: list[NumericClaim], analysis: TurnAnalysis, kb: KnowledgeBase
) -> list[NumericClaim]:
    """``claims`` with an unsure reading against a total unchecked where another figure of the
    reply, of the same kind, tied to nothing and read as no value of its own, states that
    total ("£199 in total — £70 labour, £54 for the part and the £75 call-out": the total is
    said, and £70 is one of its parts)."""
    by_span = {q.span: q for q in analysis.quantities}
    # a figure read as a value of its own, or tied to a thing ("November's bill came to
    # £158.58"), is that value, whatever else it equals
    read = {c.span for c in claims if c.verdict != UNCHECKED}
    # or a figure the KB confirms as that very total: the others are its parts
    totals = {(c.span, c.subject, c.property) for c in claims if c.verdict == VERIFIED}
    out = []
    for c in claims:
        q = by_span.get(c.span)
        held = _plain_decimal(c.matched)
        if (
            q is not None
            and held is not None
            and c.verdict == WRONG
            and not c.certain
            and c.property is not None
            and names_a_total(kb.ontology.label(URIRef(c.property)))
        ):
            said = next(
                (
                    o
                    for o in analysis.quantities
                    if o is not q
                    and (
                        (o.span not in read and o.anchor is None)
                        or (o.span, c.subject, c.property) in totals
                    )
                    and o.kind == q.kind
                    and o.currency == q.currency
                    and o.unit == q.unit
                    and o.value == held
                ),
                None,
            )
            if said is not None:
                c = _unchecked(
                    c, f"{c.text}: another amount than the one the reply states as {said.text}"
                )
        out.append(c)
    return out


def _states(sentence: str, value: Node) -> bool:
    """Whether ``sentence`` (its words, spaced at both ends) states the worded ``value``: its
    words, several and no number among them, or a code of letters and digits ("B2")."""
    words = value_words(str(value)) if isinstance(value, Literal) else ()
    return (
        (len(words) > 1 and not any(w.isdigit() for w in words))
        or (len(words) == 1 and _CODE.fullmatch(words[0]) is not None)
    ) and f" {' '.join(words)} " in sentence


def _paired_in_order(analysis: TurnAnalysis) -> dict[Span, str]:
    """Values of one property a sentence lists with as many things that hold it, each value
    paired with the thing in the same place of the order ("150 points gets you a free coffee
    and 200 points a free pastry", "Free Coffee and Free Pastry take 150 and 200 points"): a
    value is its own thing's, not the nearest name's across the "and"."""
    groups: dict[tuple[int, tuple[str, ...], tuple[str, ...]], list[Quantity]] = {}
    for q in analysis.quantities:
        a = q.anchor
        if a is not None and len(a.subjects) > 1 and a.claim_index is None:
            segment = next((s.index for s in analysis.segments if s.span.contains(q.span)), -1)
            key = (segment, tuple(sorted(a.subjects)), a.properties)
            groups.setdefault(key, []).append(q)
    out: dict[Span, str] = {}
    for (segment, subjects, _), listed in groups.items():
        named = [
            m.iri
            for m in sorted(analysis.mentions, key=lambda m: m.span.start)
            if m.segment == segment and m.iri in subjects and m.kind == "entity"
        ]
        ordered = sorted(listed, key=lambda q: q.span.start)
        between = [analysis.text[a.span.end : b.span.start] for a, b in itertools.pairwise(ordered)]
        if len(listed) == len(named) == len(set(named)) == len(subjects) and all(
            _LISTED.search(gap)
            for gap in between  # ("£62 instead of £90": no list)
        ):
            out.update({q.span: iri for q, iri in zip(ordered, named, strict=True) if iri})
    return out


def _opens(words: Sequence[str], name: Sequence[str]) -> bool:
    """Whether ``words`` open with ``name``, its last word in the singular or the plural
    ("Vegan Apple Danishes" of "Vegan Apple Danish")."""
    n = len(name)
    return (
        len(words) >= n
        and tuple(words[: n - 1]) == tuple(name[: n - 1])
        and singular(words[n - 1]) == singular(name[-1])
    )


def _unchecked(claim: NumericClaim, message: str) -> NumericClaim:
    """``claim`` read as no value of a property after all: unchecked, nothing to correct."""
    return replace(claim, verdict=UNCHECKED, correction=None, correction_span=None, message=message)


def _plain_decimal(text: str | None) -> Decimal | None:
    """The number a plain figure writes ("199", "1,050.5"), else ``None``."""
    try:
        return Decimal(text.replace(",", "")) if text else None
    except ArithmeticError:
        return None


#: How many times larger or smaller than the KB's value a stated value may be and still be
#: read as that value misstated rather than as another quantity.
_MAGNITUDE = 100


def _by_size(q: Quantity, held: Decimal) -> Decimal:
    """``held`` as an amount ``q`` may state it: by its size, for money going out ("you
    spent £42.17" of -42.17)."""
    return -held if q.kind == CURRENCY and held < 0 < q.value else held


def _another_magnitude(stated: Decimal, held: Decimal) -> bool:
    """Whether ``stated`` is at least ``_MAGNITUDE`` times under or over ``held`` (both in the
    stated unit)."""
    if not stated or not held:
        return False
    ratio = abs(stated / held)
    return ratio >= _MAGNITUDE or ratio <= Decimal(1) / _MAGNITUDE


def _not_theirs(
    claims: list[NumericClaim],
    analysis: TurnAnalysis,
    theirs: Sequence[Quantity],
    asked: Sequence[Quantity] = (),
) -> list[NumericClaim]:
    """``claims`` with an unsure reading of a number the user gave ("With 1,200 points you're
    in the Bloom tier" after "I've got 1,200 points"), or one nothing supports ("so a group of
    20 should be fine" after "Is the café big enough for a group of 20?"), unchecked: the
    number is the user's."""
    if not theirs and not asked:
        return claims
    said = {q.span: q for q in analysis.quantities}
    out = []
    for c in claims:
        q = said.get(c.span)
        unsure = (c.verdict == WRONG and not c.certain) or c.verdict == UNSUPPORTED
        given = [*theirs, *asked] if c.verdict == UNSUPPORTED else theirs
        if unsure and q and any(restates(q, t) for t in given):
            c = replace(c, verdict=UNCHECKED, message=f"{c.text}: the number the user gave")
        out.append(c)
    return out


def _identify_row(
    claims: list[NumericClaim],
    few: list[tuple[int, Quantity | TemporalExpression]],
    checker: _Verifier,
    analysis: TurnAnalysis,
) -> None:
    """Values stated of no entity the reply names, each checked against the few entities that
    have such a value ("a United flight at 4:50 am for $284"), are of one of them: the one that
    agrees with most of them and with the values the reply names ("United Airlines"), and that
    the reply names, if it names one of them. Each is checked again against that one alone, so
    that a value of another row is wrong, not "some row has it". Nothing changes when no one
    entity agrees best, or only one value was stated."""
    if len(few) < 2:
        return
    named = {m.iri for m in analysis.mentions if m.iri is not None}
    candidates = dict.fromkeys(
        s for _, item in few for s in (item.anchor.subjects if item.anchor else ())
    )
    if len(candidates) < 2:
        return
    by_row: dict[str, list[NumericClaim | None]] = {}
    for subject in candidates:
        verdicts: list[NumericClaim | None] = []
        for _, item in few:
            assert item.anchor is not None
            if subject not in item.anchor.subjects:
                verdicts.append(None)
                continue
            alone = replace(item, anchor=replace(item.anchor, subjects=(subject,)))
            verdicts.append(
                checker.quantity(alone) if isinstance(alone, Quantity) else checker.date(alone)
            )
        by_row[subject] = verdicts
    scores = {
        subject: sum(1 for v in verdicts if v is not None and v.verdict == VERIFIED)
        + (2 if subject in named else 0)
        # a value the reply names ("United Airlines" of a flight's airline)
        + len(named & {str(o) for _, o in checker.kb.facts(URIRef(subject))})
        for subject, verdicts in by_row.items()
    }
    best = max(scores.values())
    winners = [s for s, score in scores.items() if score == best]
    if len(winners) != 1 or best < 2:
        return
    for (index, _), verdict in zip(few, by_row[winners[0]], strict=True):
        if verdict is not None:
            claims[index] = verdict


def restated_spans(analysis: TurnAnalysis) -> list[Span]:
    """The sentences of the reply that restate what the user asked for
    (:func:`~kgcheck.nlp.speech_acts.restating`)."""
    said = [s for s in analysis.segments if s.text.strip()]
    # the parse says whether "you want" is the sentence's ("You want 2 rooms") or a relative
    # clause's ("The bus you want leaves at 7:10 am"); a confirmation asked for further on
    # still takes the sentences before it
    found = restating([s.text for s in said], [s.restates for s in said])
    return [s.span for s, r in zip(said, found, strict=True) if r]


def _not_restated(claims: list[NumericClaim], analysis: TurnAnalysis) -> list[NumericClaim]:
    """``claims`` without those of sentences restating what the user asked for ("Please
    confirm: 2 rooms from March 6th": :func:`~kgcheck.nlp.speech_acts.restating`): those
    values are the user's, not facts the KB or the tool results hold."""
    restated = restated_spans(analysis)
    if not restated:
        return claims
    return [c for c in claims if not any(span.contains(c.span) for span in restated)]


def _one_value_each(claims: list[NumericClaim]) -> list[NumericClaim]:
    """Where the reply states the KB's value of a functional property of a subject and, bound
    to the same subject by proximity alone, another value of it, either the other is wrong or
    it was bound to the wrong subject ("the Brunel Room (12 people, £45/hour) and The Loft (30
    people, £90/hour)": £45 is the Brunel Room's, not a wrong price of The Loft). Which one,
    the binding cannot tell: the other keeps its verdict but loses its correction, so that no
    reply is rewritten to a value it already gives."""
    verified = {
        (c.subject, c.property, c.period)
        for c in claims
        if c.verdict == VERIFIED and c.functional and c.subject is not None
    }
    return [
        replace(c, correction=None, correction_span=None)
        if c.verdict == WRONG
        and c.claim_index is None
        and (c.subject, c.property, c.period) in verified
        else c
        for c in claims
    ]


def _clock_only(t: TemporalExpression) -> TemporalExpression:
    """The time a relative day states with it ("7 pm" of "7 pm today"), bound to time values
    only; without a time, an expression with no anchor."""
    if t.clock is None or t.anchor is None:
        return replace(t, anchor=None)
    span, text = t.part(time=True)
    return replace(
        t,
        span=span,
        text=text,
        stated=t.stated & {"hour", "minute"},
        relative=False,
        weekday=None,
        clock=None,
        anchor=replace(t.anchor, claim_index=None),
    )


def _with_polarity(claim: NumericClaim, analysis: TurnAnalysis, kb: KnowledgeBase) -> NumericClaim:
    """``claim`` marked ``negated`` when its extracted claim, or else the words before it in
    its sentence, deny it: not where a word between the negation and the value is no word of
    the property's phrases ("won't change for 24 months" denies a change, not a contract
    length of 24 months; "isn't valid for 24 months" denies the validity)."""
    if claim.claim_index is not None:
        negated = not analysis.claims[claim.claim_index].polarity
    else:
        sentence = next((s for s in analysis.segments if s.span.contains(claim.span)), None)
        start = sentence.span.start if sentence is not None else 0
        negated = negated_before(analysis.text, claim.span.start, start)
        if negated and claim.property is not None:
            between = _words_after_negation(analysis.text[start : claim.span.start])
            named = {
                w
                for phrase in property_phrases(kb, URIRef(claim.property))
                for w in re.findall(r"[a-z]+", phrase.lower())
            }
            negated = all(w in _DENIAL_WORDS or w in named for w in between)
    return replace(claim, negated=negated) if negated else claim


def _words_after_negation(window: str) -> list[str]:
    """The lower-case words after the last negation of ``window``."""
    found = list(re.finditer(r"(?:\b(?:not|never|no\s+longer)|n['’]t)\b", window, re.I))
    rest = window[found[-1].end() :] if found else window
    return re.findall(r"[a-z]+", rest.lower())


#: Words between a negation and the value it denies that name nothing of their own: "is not
#: in fact 24 months", "isn't for 24 months".
_DENIAL_WORDS = frozenset(
    ["be", "is", "are", "was", "were", "been", "a", "an", "the", "in", "for", "of", "at", "on",
     "to", "fact", "actually", "quite", "exactly", "really", "yet", "still", "ever"]
)  # fmt: skip


class _Verifier:
    def __init__(
        self,
        kb: KnowledgeBase,
        sources: Sequence[Source],
        now: datetime | None,
        config: NumericConfig,
        temporal: TemporalConfig | None = None,
    ) -> None:
        self.kb = kb
        self.recognizer = TemporalRecognizer(temporal)
        self._reply_periods: list[TemporalExpression] = []
        self._reply_days: list[tuple[Span, Interval]] = []
        #: The reply's sentences (and where they start) and the KB entities it names.
        self._segments: Sequence[Segment] = ()
        self._segment_starts: list[int] = []
        self._named: list[str] = []
        self._text = ""
        self._quantities: Sequence[Quantity] = ()
        #: a value listed with others of its property -> the name it is paired with in order
        self._in_order: dict[Span, str] = {}
        self._mentioned: list[tuple[Span, str]] = []
        #: node -> its recurrence (``KnowledgeBase.recurrence``), read once per check
        self._series: dict[Node, tuple[timedelta, Node] | None] = {}
        self._history_period: TemporalExpression | None = None
        self.onto = kb.ontology
        self.obs = observations(kb)
        self.sources = sources
        self.now = (now or datetime.now().astimezone()).replace(tzinfo=None)
        self.config = config
        self._source_quantities: dict[str, list[Quantity]] = {}
        self._source_dates: dict[str, list[TemporalExpression]] = {}

    def context_periods(self, analysis: TurnAnalysis, history: Sequence[str]) -> None:
        """The periods a number without one of its own may take: the reply's, then the last
        one named in the most recent turn that names one."""
        self._reply_periods = [t for t in analysis.temporals if _is_period(t)]
        self._reply_days = [
            (t.span, iv) for t in analysis.temporals if (iv := _dated_interval(t)) is not None
        ]
        self._segments = analysis.segments
        self._text = analysis.text
        self._quantities = analysis.quantities
        self._in_order = _paired_in_order(analysis)
        self._segment_starts = [s.span.start for s in analysis.segments]
        self._named = list(dict.fromkeys(m.iri for m in analysis.mentions if m.iri is not None))
        self._mentioned = [(m.span, m.iri) for m in analysis.mentions if m.iri is not None]
        for text in history:
            named = [t for t in self.recognizer.find(text, self.now) if _is_period(t)]
            if named:
                self._history_period = named[-1]
                break

    def implied_at(self, start: int) -> TemporalExpression | None:
        """The period an item at character ``start`` without one of its own takes."""
        earlier = [t for t in self._reply_periods if t.span.end <= start]
        return earlier[-1] if earlier else self._history_period

    def _implied_period(self, q: Quantity) -> TemporalExpression | None:
        earlier = [t for t in self._reply_periods if t.span.end <= q.span.start]
        return earlier[-1] if earlier else self._history_period

    # --- numbers -----------------------------------------------------------------------------

    def quantity(self, q: Quantity) -> NumericClaim:
        anchor = q.anchor
        implied = self._implied_period(q) if q.period is None else None
        period = q.period or implied
        base: dict[str, Any] = {
            "span": q.span,
            "text": q.text,
            "kind": q.kind,
            "value": _plain(q.value),
            "unit": q.currency or q.unit,
            "period": period.text if period is not None else None,
            "claim_index": anchor.claim_index if anchor is not None else None,
        }
        counted = self.row_counted(q)
        if counted is not None:
            return self._row_count_verdict(q, base, *counted)
        # "Jing Jing 4 miles away and P.F. Changs 1 mile away": each number is the nearest
        # name's, not whichever of the sentence's names has that value
        subjects = anchor.subjects[: anchor.nearest or None] if anchor is not None else ()
        if q.span in self._in_order:
            # "150 points gets you a free coffee and 200 points a free pastry": respectively
            subjects = (self._in_order[q.span],)
        before = subjects
        subjects = self._told_by_words(q.span, subjects)
        # "For visitor berths you can cancel ...": of the few holders none is named, and the
        # words tell one apart (not a common word: "and" of "Town and Country"); the others
        # are no other reading of the value
        told = (
            anchor is not None
            and anchor.how == "few"
            and len(self._told_by_words(q.span, before, content=True)) < len(before)
        )
        if (
            anchor is not None
            and anchor.guessed
            and not self.sources
            and self._other_units(q, anchor)
            and not self._measure_named(q, anchor.properties)
        ):
            # bound by its unit alone to a property kept in another unit ("each lasting two
            # hours" and a technician's years of experience): no word says they measure one thing
            return NumericClaim(
                **base,
                verdict=UNCHECKED,
                message=f"{q.text}: no word of the reply names what it is a value of",
            )
        if anchor is not None and anchor.how == "few" and q.approximate and len(subjects) > 1:
            # "a single banana of around 180 g": a round figure of one of several things that
            # hold such a value, none of them named, is no value of any one of them
            return NumericClaim(
                **base,
                verdict=UNCHECKED,
                message=f"{q.text}: a round figure the reply ties to none of the KB's",
            )
        held = self._held(subjects, anchor.properties) if anchor is not None else []
        # a rate per day is no value of "£114 for the three days", nor of "£315 a week"; a
        # price in pounds none of "€5.50" (a count's thing, "per table", is no price's unit)
        per = q.per if q.kind == CURRENCY else None
        held = [
            h
            for h in held
            if _decimal(h.value) is not None
            and (
                h.per == per
                # an amount per a measure is of a price kept per it, or named per it, or
                # kept per nothing the KB says (a price of one offer, its unit unread)
                or (
                    h.per is None
                    and (
                        per is None
                        or per in PERIOD_WORDS
                        or names_unit(self.kb, h.prop, per)
                        or dimension(per) is not None
                    )
                )
            )
            and (h.currency is None or q.currency is None or h.currency == q.currency)
            and self._unit_fits(q, h)
        ]
        if per is not None and per not in PERIOD_WORDS:
            # "£3.60 per metre": a price kept per a metre where the KB says per what, else
            # one it does not say ("£32 a tonne" of a price per tonne, not per bulk bag)
            held = [h for h in held if h.per == per] or held
        held = self._under_named(q.span, held)
        held = self._as_limits(q, held)
        held = self._rows_where(q.span, held)
        if not held:
            if anchor is not None and (anchor.guessed or not anchor.certain) and not self.sources:
                return NumericClaim(
                    **base,
                    verdict=UNCHECKED,
                    message=(
                        f"{q.text}: no word of the reply names what it is a value of"
                        if anchor.guessed
                        else f"{q.text}: the reply does not surely say what it is a value of"
                    ),
                )
            return self._from_sources(q, base, "the KB holds no value for it")
        assert anchor is not None  # values are held only of an anchor's subjects
        current = self._at(held, period) if period is not None else []
        if period is None or (implied is not None and not current):
            current = self._at(held, None)
        compared = self._compare(q, current)
        hit = min((c for c in compared if c[1]), key=lambda c: c[2] or 0.0, default=None)
        if hit is None and compared and not anchor.certain:
            # an unsure reading: the value of another subject the sentence names is meant
            named = [s for s in self._named if s not in subjects] if told else None
            hit = self._other_reading(q, anchor, subjects, period, others=named)
        linked: list[str] = []
        if hit is None and compared and anchor.certain:
            # "Our Winter Boiler Service Offer gets you a boiler service for £79": the value
            # of a thing the reply names that links to the one read (its offer) is meant
            linked = [
                s
                for s in dict.fromkeys((*anchor.subjects, *self._named))
                if s not in subjects and self._links(s, subjects)
            ]
            hit = (
                self._other_reading(q, anchor, subjects, period, others=linked) if linked else None
            )
        if hit is not None:
            return self._numeric_verdict(q, base, VERIFIED, hit)
        if compared:
            best = min(compared, key=lambda c: c[2] if c[2] is not None else float("inf"))
            distinct = {c[3] for c in compared}
            verdict = self._numeric_verdict(q, base, WRONG, best, evidence=compared)
            # a relation node read from each thing it names is one statement
            read = {c[0].node if c[0].related else (c[0].subject, c[0].prop) for c in compared}
            certain = anchor.certain or self._all_named(q.span, [c[0] for c in compared])
            if (
                certain
                and linked
                and self._other_reading(q, anchor, subjects, period, linked, True)
            ):
                # "gets you a boiler service for £69": the offer's price or the service's
                certain = False
            within = self._within_limits(q, compared)
            if within is not None:
                # "At 10 miles you'd be in Zone 2, which covers 5 to 15 miles": a value inside
                # a thing's least and most is no misstatement of either
                return NumericClaim(**base, verdict=UNCHECKED, message=f"{q.text}: within {within}")
            row = self._row_gives(q, {c[0].subject for c in compared}, by_words=not certain)
            row = row or self._rows_counted(q)
            if row is None and not certain:
                row = self._field_named(q)
            if row is None:
                # a count of the rows is of the rows, unless the sentence restates one row
                # alone ("Confirmation TWK-7MR2D, 2 Bar Standing tickets": its quantity)
                of_rows = any(str(c[0].prop).startswith(_ROW_COUNTS) for c in compared)
                row = self._stated_row_holds(q, alone=of_rows)
            if row is not None:
                # "the Gin Masterclass still has 11 seats" with 11 seats left in its row of the
                # results the agent saw: the row is what the reply restates, not the capacity
                return NumericClaim(
                    **base,
                    verdict=UNCHECKED,
                    source=RESULTS,
                    message=f"{q.text}: a result the agent saw gives it ({row})",
                )
            unsure = not certain or len(read) > 1 or len(distinct) > 1
            if (
                unsure
                and not self._names_property(q.span, best[0].prop)
                and self._a_result_gives(
                    q,
                    anchor.properties,
                    best[4],
                    exact=True,
                    not_in=self._read_of_named((c[0] for c in compared), q.span)
                    # a count of all the rows is no count of those the sentence names
                    | {c[0].prop for c in compared if c[0].where},
                )
            ):
                # "one child pass at €186" read, unsure, as a card deposit, with a line of the
                # quote the agent saw at 186.0: the reply restates the result (a row's value
                # misquoted is the tool-result checks' to find); a sure reading the result
                # agrees with stays a finding, unsure (below). Not where the sentence names what
                # it read ("your total comes to €140" of a line's price of 140) or the result
                # holds the amount in the field read, of another row (another van's 2 hours)
                return NumericClaim(
                    **base,
                    verdict=UNCHECKED,
                    source=RESULTS,
                    message=f"{q.text}: a result the agent saw gives it ({verdict.message})",
                )
            if certain and self._told_apart(q, {c[0].subject for c in compared}):
                # "60p per A4 page, or £1.20 for A3": the amount's own phrase names a word of
                # other things' names (colour A3 printing), none of the subject's
                certain = False
            if certain and self._a_result_gives(q, anchor.properties, best[4]):
                # "delivery for your LG C4 ... for £24.99" with a slot at £24.99 in the results
                # the agent saw: the result is what the reply restates, the KB reading a guess
                certain = False
            if certain and self._a_limit(best[0].prop) and not self._speaks_of_limit(q):
                # "Ten tonnes of MOT Type 1 comes to £320" of a minimum loose order of 8: an
                # amount the sentence does not call a most or a least may be any amount (a
                # capacity or an allowance, "has 380 seats", "8GB of data", is stated itself)
                certain = False
            if _another_magnitude(q.value, best[3]):
                # "book it for a week" of a minimum driver age of 25 years, "195 cm of snow"
                # of a summit at 2,940 m: a value a hundred times off is another quantity the
                # sentence speaks of, not this one misstated
                return NumericClaim(
                    **base,
                    verdict=UNCHECKED,
                    message=f"{q.text}: another quantity than the one it was read as "
                    f"({verdict.message})",
                )
            others = self._named_apart(q, {c[0].subject for c in compared}) if not certain else ()
            hit = (
                self._other_reading(q, anchor, subjects, period, sorted(others), True)
                if others
                else None
            )
            if hit is not None:
                # "Preservation takes about six weeks" read, unsure, as a dress's dry cleaning:
                # the clause names a word of another thing's name ("Wedding Dress Cleaning and
                # Preservation"), none of the one read, and that thing holds such a value
                if hit[1]:
                    return self._numeric_verdict(q, base, VERIFIED, hit)
                # "or a compatible one for £29.95" of the compatible pump's £27.95
                verdict = self._numeric_verdict(q, base, WRONG, hit)
                return replace(
                    verdict, certain=False, message=f"{verdict.message} (an unsure reading)"
                )
            if len(distinct) == 1 and certain and len(read) == 1:
                correction = self._written(q, best[0], best[3])
                verdict = replace(verdict, correction=correction, correction_span=q.span)
            elif not certain or len(read) > 1 or len(distinct) > 1:
                # (not the property read: another holder's value of it is the classic
                # misstatement, "2 showers" of a sibling site's 2)
                readings, apart = self._named_readings(q, [str(c[0].prop) for c in compared])
                agreeing = [c[0] for c in readings if c[1]]
                if agreeing:
                    return NumericClaim(
                        **base,
                        verdict=UNCHECKED,
                        message=f"{q.text}: the KB holds it as the {self._describe(agreeing[0])}",
                    )
                if apart and len({(c[0].subject, c[0].prop) for c in readings}) == 1:
                    # "For the dairy tour you can cancel for free up to 48 hours before": the
                    # value of the one thing the words tell apart, under the property named
                    verdict = self._numeric_verdict(q, base, WRONG, readings[0])
                # several values the reply may mean, none named: which is wrong is not known
                verdict = replace(
                    verdict, certain=False, message=f"{verdict.message} (an unsure reading)"
                )
            return verdict
        if q.period is not None:
            elsewhere = [c for c in self._compare(q, held) if c[1] and c[0].period is not None]
            if elsewhere:
                closest = min(elsewhere, key=lambda c: c[2] if c[2] is not None else 0.0)
                return self._period_verdict(q, base, closest)
        why = (
            f"the KB has no value for {q.period.text}"
            if q.period is not None
            else "the KB has no current value"
        )
        return self._from_sources(q, base, why)

    def _other_reading(
        self,
        q: Quantity,
        anchor: Anchor,
        read: Sequence[str],
        period: TemporalExpression | None,
        others: Sequence[str] | None = None,
        compared: bool = False,
    ) -> tuple[_Held, bool, float | None, Decimal, float] | None:
        """The value of another subject that agrees with ``q``, if any: of ``others``, by
        default the anchor's others (the sentence's other names, the conversation's) and the
        things the reply names, of a property of the same kind ("plenty for the 42 km route":
        the tour's distance); with ``compared``, one that agrees or not."""
        if others is None:
            others = [s for s in (*anchor.subjects, *self._named) if s not in read]
        props = list(dict.fromkeys((*anchor.properties, *self._alike(q))))
        held = [h for h in self._held(others, props) if _decimal(h.value) is not None]
        held = self._under_named(q.span, held)
        return min(
            (c for c in self._compare(q, self._at(held, period)) if c[1] or compared),
            key=lambda c: c[2] or 0.0,
            default=None,
        )

    def _links(self, node: str, subjects: Sequence[str]) -> bool:
        """Whether ``node`` points at one of ``subjects`` (an offer at what it offers; not a
        pass at the sites it is valid at, nor a tour at the bike it includes)."""
        return any(URIRef(node) in self.kb.referrers(URIRef(s)) for s in subjects)

    def _at(self, held: Sequence[_Held], period: TemporalExpression | None) -> list[_Held]:
        """The values of ``held`` that hold for ``period``: those of no period or of that one;
        with none, those of no period and the current observations."""
        if period is not None:
            return [h for h in held if h.period is None or _same_period(period, h.period)]
        return [h for h in held if h.period is None] + self._current(held)

    def _alike(self, q: Quantity) -> list[str]:
        """The properties whose unit is the stated one's or converts to it (none for a count or
        a bare number: what they count the unit does not say)."""
        if q.kind not in {QUANTITY, CURRENCY}:
            return []
        unit = q.currency if q.kind == CURRENCY else q.unit
        return [
            str(p)
            for p, u in self.onto.unit.items()
            if (c := canonical_unit(u)) == unit
            or (q.kind == QUANTITY and convert(Decimal(1), unit, c) is not None)
        ]

    def _compare(
        self, q: Quantity, held: Sequence[_Held]
    ) -> list[tuple[_Held, bool, float | None, Decimal, float]]:
        """``(held, agrees, relative difference, KB value in the stated unit, tolerance)``."""
        out = []
        for h in held:
            expected = _decimal(h.value)
            stated = self._in_property_unit(q, h.prop, expected)
            if expected is None or stated is None:
                continue
            expected = _by_size(q, expected)
            tolerance = self.onto.tolerance.get(h.prop, self.config.tolerance(q.kind))
            # "up to 5 lenses" of a maximum states the maximum itself, not a value under it
            bound = (
                None
                if self._a_limit(h.prop) or self._a_bound(h.prop) or self._bound_in_forms(q, h.prop)
                else q.bound
            )
            ok = within_tolerance(stated, expected, tolerance, bound)
            back = self._in_stated_unit(q, h.prop, expected, stated)
            if ok and q.kind == CURRENCY and not q.approximate and q.bound is None:
                # an amount written to its last unit is exact: "£9.50" is no £10.00, "£398" no
                # £389; a round one ("£550", "$1.25M") keeps the configured tolerance
                ok = not _precise(q) or _to_step(q.value, back)
            if not ok and q.bound is None:
                # "about 52,700" of 52,655; "459 km" of 285 miles: a value converted from the
                # KB's unit is rounded as it is written
                whole = dimension(q.unit) != "time"  # "about an hour" is no 45 minutes
                ok = (q.approximate and rounded_agrees(q.value, back, to_unit=whole)) or (
                    stated != q.value
                    and dimension(q.unit) not in {None, "time"}  # "two hours" of 115 minutes
                    and _to_last_digit(q.value, back)
                )
            if not ok and q.kind == QUANTITY and self.onto.unit_of(h.prop) is None:
                # a property in no declared unit holds a number of some unit of its kind:
                # "half an hour" is not contradicted by 30, which may be minutes
                dim = dimension(q.unit)
                ok = dim is not None and any(
                    within_tolerance(v, expected, tolerance, bound)
                    for u in units_of(dim)
                    if (v := convert(q.value, q.unit, u)) is not None
                )
            if not ok and q.kind == CURRENCY and q.bound is None:
                # "Ten Adult Day Entries would cost £140 at £14 each": the amount of as many
                # as the sentence counts
                ok = any(stated == n * expected for n in self._counts_beside(q))
            out.append((h, ok, relative_difference(stated, expected), back, tolerance))
        return out

    def _told_by_words(
        self, span: Span, subjects: tuple[str, ...], *, content: bool = False
    ) -> tuple[str, ...]:
        """Of several subjects ("the Winter Bouldering League": its rounds and its final),
        those whose names share the most words with the sentence ("Round 4 of the Winter
        Bouldering League"), where some share more than others; with ``content``, by the
        words that are no common words ("and", "the")."""
        if len(subjects) < 2:
            return subjects
        k = bisect_right(self._segment_starts, span.start) - 1
        # (in the singular: "opened TVs" of "TV returns")
        said = [singular(w) for w in name_tokens(self._segments[k].text)] if k >= 0 else []
        # a period ("this year") tells no thing apart ("1 Year Fixed Rate Bond")
        words = {w for w in said if w not in PERIOD_OF}
        if content:
            words -= STOP_WORDS

        def shared(name: set[str]) -> int:
            # a number only beside another word of the name ("the 2024 Gruyère", not "got
            # 1 left" of "1 Year Fixed Rate Bond")
            return len(
                {
                    w
                    for i, w in enumerate(said)
                    if w in words
                    and w in name
                    and (not w.isdigit() or {*said[max(0, i - 1) : i], *said[i + 1 : i + 2]} & name)
                }
            )

        scores = {
            s: shared({singular(w) for w in name_tokens(self.kb.label(URIRef(s)))})
            for s in subjects
        }
        best = max(scores.values())
        if all(v == best for v in scores.values()):
            return subjects
        return tuple(s for s in subjects if scores[s] == best)

    def _counts_beside(self, q: Quantity) -> list[Decimal]:
        """The counts of several things (two to a thousand) the sentence of ``q`` writes
        before it, in digits or in words."""
        k = bisect_right(self._segment_starts, q.span.start) - 1
        if k < 0:
            return []
        segment = self._segments[k]
        before = segment.text[: q.span.start - segment.span.start]
        return [Decimal(n) for n in counts_in(before) if 2 <= n <= 1000]

    def _in_property_unit(
        self, q: Quantity, prop: URIRef, expected: Decimal | None
    ) -> Decimal | None:
        unit = self.onto.unit_of(prop)
        if q.kind == PERCENT:
            if unit == "fraction" or (unit is None and expected is not None and abs(expected) <= 1):
                return q.value / 100
            return q.value
        if q.kind == QUANTITY and unit is not None:
            return convert(q.value, q.unit, unit)
        return q.value

    def _in_stated_unit(
        self, q: Quantity, prop: URIRef, expected: Decimal, stated: Decimal
    ) -> Decimal:
        if q.value == 0 or stated == q.value:
            return expected
        if q.kind == QUANTITY:
            unit = self.onto.unit_of(prop)
            back = convert(expected, unit, q.unit)
            return back if back is not None else expected
        return expected * q.value / stated

    def _numeric_verdict(
        self,
        q: Quantity,
        base: dict[str, Any],
        verdict: str,
        found: tuple[_Held, bool, float | None, Decimal, float],
        *,
        evidence: Sequence[tuple[_Held, bool, float | None, Decimal, float]] = (),
    ) -> NumericClaim:
        held, _, difference, value, tolerance = found
        shown = [e[0] for e in evidence] or [held]
        what = self._describe(held)
        if verdict == VERIFIED:
            message = f"{q.text} agrees with the KB: the {what} is {self._written(q, held, value)}"
        else:
            values = sorted(
                {self._written(q, e[0], e[3]) for e in evidence} or {self._written(q, held, value)}
            )
            message = f"Not {q.text}: the {what} is {' or '.join(values)} in the KB" + (
                f" ({difference:.1%} off, tolerance {tolerance:.0%})" if difference else ""
            )
        return NumericClaim(
            **base,
            verdict=verdict,
            subject=str(held.subject),
            property=str(held.prop),
            matched=_plain(value),
            matched_period=held.period_text or None,
            difference=None if difference is None else round(difference, 6),
            tolerance=tolerance,
            source="kb",
            confidence=1.0,
            message=message,
            evidence=tuple(t for h in shown for t in h.triples),
            functional=held.period is not None or self._functional(held.prop),
        )

    @staticmethod
    def _like(q: Quantity, value: Decimal) -> str:
        """A KB value written like the stated one ("$1.2M" for 1200000 after "$1.5M")."""
        return format_like(q.text, Literal(value), _plain(value))

    def _unit_fits(self, q: Quantity, held: _Held) -> bool:
        """Whether a value stated in ``q``'s unit may be of ``held``'s property: its unit is the
        same, or one people would state the same thing in ("five days" is no age kept in
        years); a length of time (``xsd:duration``) in any unit of time."""
        if q.kind != QUANTITY:
            return True  # a count's unit is the noun counted ("9 bikes")
        if isinstance(held.value, Literal) and str(held.value.datatype) in DURATION_TYPES:
            return True
        prop = held.prop
        unit = self.kb.ontology.unit_of(prop)
        if q.unit is None or unit is None or convert(Decimal(1), q.unit, unit) is None:
            return True  # no dimension both have: what binds it decides
        if _plausible(q.unit, unit):
            return True
        # units far apart ("6200 m" of a length kept in km) where the sentence says what the
        # unit measures and the property is named for it, and the value is of that size
        in_kb_unit = convert(q.value, q.unit, unit)
        value = _decimal(held.value)
        return (
            in_kb_unit is not None
            and value is not None
            and self._measure_named(q, (str(prop),))
            and not _another_magnitude(in_kb_unit, value)
        )

    def _other_units(self, q: Quantity, anchor: Anchor) -> bool:
        """Whether every property of ``anchor`` keeps its values in a unit other than the one
        ``q`` is stated in, and one people would not state the same thing in (``_plausible``)."""
        stated = q.currency or q.unit
        if dimension(stated) == "time" and any(
            {str(r) for r in self.onto.range.get(URIRef(p), ())} & DURATION_TYPES
            for p in anchor.properties
        ):
            # a length of time (xsd:duration) has no unit of its own: "three weeks" of a loan
            # period of 14 days is stated as such a length is
            return False
        units = [self.kb.ontology.unit_of(URIRef(p)) for p in anchor.properties]
        return all(
            unit is not None and unit != stated and not _plausible(stated, unit) for unit in units
        )

    def _measure_named(self, q: Quantity, properties: Sequence[str]) -> bool:
        """Whether a word beside ``q`` says what its unit measures ("long", "distance") and one
        of ``properties`` is named for it ("length"): "Fern Loop is 6200 m long" is of a length
        kept in km, however far apart metres and kilometres are."""
        dim = dimension(q.unit) if q.kind == QUANTITY else None
        if dim is None:
            return False
        # a word of the measure beside the value ("6200 m long", "a distance of 1200 m"), not
        # a unit's name ("76p per litre" names no volume) nor another measure's ("50 metres
        # long and 750 mm wide": "long" is the 50 metres')
        words = _MEASURE_WORDS[dim]
        text = self._text
        after = " ".join(text[q.span.end : q.span.end + 40].split()[:2])
        before = _CLAUSE_JOINS.split(text[max(0, q.span.start - 25) : q.span.start])[-1]
        return _names_words(f"{before} {after}", words) and any(
            _names_words(self.onto.label(URIRef(p)), words) for p in properties
        )

    def _written(self, q: Quantity, held: _Held, value: Decimal) -> str:
        """The KB value ``value`` (in the stated unit) written like the stated one; a length
        of time in the stated unit where it is a whole or half one ("1 hour 55 minutes" of
        "two hours" is "115 minutes"); a measure in another unit than the KB's, in the KB's
        ("15 m" for "15 feet")."""
        length = held.value.toPython() if isinstance(held.value, Literal) else None
        if isinstance(length, timedelta):
            return write_duration(length, q.text)
        tdelta = getattr(length, "tdelta", None)
        if isinstance(tdelta, timedelta) and not tdelta:  # "P6M": in months or years
            months = getattr(length, "years", 0) * 12 + getattr(length, "months", 0)
            return write_months(int(months), q.text)
        unit = self.kb.ontology.unit_of(held.prop)
        if q.kind == QUANTITY and unit is not None and unit != q.unit:
            # "15 feet" of walls 15 m tall: the KB's value in its own unit, not 49.2126 feet
            return self.kb.value_text(held.prop, held.value)
        return self._like(q, value)

    def _period_verdict(
        self,
        q: Quantity,
        base: dict[str, Any],
        found: tuple[_Held, bool, float | None, Decimal, float],
    ) -> NumericClaim:
        held, _, difference, value, tolerance = found
        assert q.period is not None and held.period is not None
        correction = format_like(q.period.text, Literal(held.period_text), held.period_text)
        return NumericClaim(
            **base,
            verdict=WRONG_PERIOD,
            subject=str(held.subject),
            property=str(held.prop),
            matched=_plain(value),
            matched_period=held.period_text,
            difference=None if difference is None else round(difference, 6),
            tolerance=tolerance,
            source="kb",
            confidence=1.0,
            correction=correction,
            correction_span=q.period.span,
            message=(
                f"{q.text} is the {self._describe(held)} for {held.period_text}, "
                f"not for {q.period.text}"
            ),
            evidence=held.triples,
            functional=True,
        )

    def _current(self, held: Sequence[_Held]) -> list[_Held]:
        """Per (subject, property): the observation whose period holds the reference time,
        else the latest one that ended before it."""
        out = []
        keys = dict.fromkeys((h.subject, h.prop) for h in held if h.period is not None)
        for key in keys:
            dated = [h for h in held if (h.subject, h.prop) == key and h.period is not None]
            now_ = [h for h in dated if h.period and h.period.start <= self.now < h.period.end]
            if now_:
                out.extend(now_)
                continue
            past = [h for h in dated if h.period and h.period.end <= self.now]
            if past:
                latest = max(h.period.end for h in past if h.period)
                out.extend(h for h in past if h.period and h.period.end == latest)
        return out

    # --- dates -------------------------------------------------------------------------------

    def date(self, t: TemporalExpression) -> NumericClaim | None:
        """The verdict on a date bound to a date property; ``None`` when the KB holds no value
        for it and no source is given (nothing to compare with)."""
        assert t.anchor is not None
        interval = t.interval
        base: dict[str, Any] = {
            "span": t.span,
            "text": t.text,
            "kind": DATE,
            "value": interval.label() if interval is not None and t.absolute else t.text,
            "unit": None,
            "claim_index": t.anchor.claim_index,
        }
        slack = timedelta(days=self.config.tolerance(DATE))
        held = [
            (h, iv)
            for h in self._held(t.anchor.subjects, t.anchor.properties)
            if (iv := interval_of_literal(h.value)) is not None
            # a time alone ("at 7 pm") says nothing of the day
            and (t.has_date or not iv.has_date or iv.granularity < Granularity.DAY)
        ]
        if interval is not None and "weekday" in t.stated and not t.stated & _CALENDAR_FIELDS:
            # "open every day except Sunday": a day of the week alone is a day near today or
            # every such day, no slip of a date years away (the day a dairy opened)
            held = [
                (h, iv)
                for h, iv in held
                if not iv.has_date or may_state(interval.start.date(), True, iv)
            ]
            if not held:
                return None
        if t.relative and interval is not None and interval.granularity <= Granularity.DAY:
            # "open from 2pm tomorrow": a day named from today is no value of a property kept
            # in years or months (the year a library opened)
            held = [(h, iv) for h, iv in held if iv.granularity <= Granularity.DAY]
            if not held:
                return None
        # (days of the week are read from the sentence's words below: "8am to 5:30pm on
        # weekdays and 9am to 12pm on Saturdays" names Saturday, and weekdays too)
        kept = {id(h) for h in self._under_named(t.span, [h for h, _ in held], days=False)}
        held = [(h, iv) for h, iv in held if id(h) in kept]
        if not held:
            return self._date_from_sources(t, base) if self.sources else None
        if interval is not None:
            held = [(h, self._occurrence(h, iv, interval)) for h, iv in held]
        held = self._valid_at(t, held)
        held = self._on_days_stated(t, held)
        # a day and a time ("Monday at 7 pm") must both agree, each with one value of its kind,
        # and of one subject: with two tennis games, "Thursday at 3 pm" must be one of them
        verdicts = [
            _record(t, str(subject), [pair for pair in held if pair[0].subject == subject], slack)
            for subject in dict.fromkeys(h.subject for h, _ in held)
        ]
        best = max(v.score for v in verdicts)
        chosen = [v for v in verdicts if v.score == best]
        near = set(t.anchor.subjects[: t.anchor.nearest])
        if any(v.subject in near for v in chosen):  # the nearest mention's wins a tie
            chosen = [v for v in chosen if v.subject in near]
        record = next((v for v in chosen if not v.failing), chosen[0])
        agreeing = [] if record.failing else record.agreeing
        held = record.failing or record.agreeing
        h, iv = agreeing[0] if agreeing else held[0]
        kb_text = ", ".join(sorted({self._value_said(p[0]) for p in held}))
        message = (
            f"{t.text} agrees with the KB: the {self._describe(h)} is {kb_text}"
            if agreeing
            else f"Not {t.text}: the {self._describe(h)} is {kb_text} in the KB"
        )
        if not agreeing and len({(p[0].subject, p[0].prop) for p in held}) > 1:
            # "on March 10th" of a car with a pick-up and a drop-off date: each with its own
            each = " and ".join(
                f"the {self._describe(x)} is {self._value_said(x)}"
                for x in sorted({p[0] for p in held}, key=self._describe)
            )
            message = f"Not {t.text}: {each} in the KB"
        if len(agreeing) > 1:  # a day and a time
            who = self.kb.label(h.subject)
            message = f"{t.text} agrees with the KB: {who} is {self._when(record)}"
        if record.failing and len(chosen) > 1:
            # as near to one subject as to another: each one's day and time, nothing corrected
            held = [pair for v in chosen for pair in v.agreeing + v.failing]
            labels = {v.subject: self.kb.label(URIRef(v.subject)) for v in chosen}
            if len(set(labels.values())) == 1:
                whens = " and ".join(self._when(v) for v in chosen)
                message = f"Not {t.text}: the KB has {self.kb.label(h.subject)} {whens}"
            else:  # "the vaccination at 11 am and the dental cleaning on Friday"
                whens = " and ".join(f"the {labels[v.subject]} {self._when(v)}" for v in chosen)
                message = f"Not {t.text}: the KB has {whens}"
        wrong_time = record.wrong_time
        sure = t.anchor.subjects[: t.anchor.nearest or None]
        shown = [pair[0] for pair in (agreeing[:1] if agreeing else held)]
        verdict = VERIFIED if agreeing else WRONG
        claim = NumericClaim(
            **base,
            verdict=verdict,
            subject=str(h.subject),
            property=str(h.prop),
            matched=iv.label(),
            matched_period=h.period_text or None,
            tolerance=self.config.tolerance(DATE),
            source="kb",
            confidence=1.0,
            message=message,
            evidence=tuple(x for s in shown for x in s.triples),
            functional=self._functional(h.prop),
        )
        if t.anchor.described:
            fitting = tuple(v.subject for v in verdicts if v.agreeing and not v.failing)
            claim = replace(claim, fitting=fitting)
        unsure = not t.anchor.certain or record.subject not in sure
        if not agreeing and not unsure and interval is not None and self._a_result_dates(interval):
            # "now due on Monday 14 December" with an extension to the 14th in the results the
            # agent saw: the result is what the reply restates, the KB reading a guess
            unsure = True
        if (
            not agreeing
            and unsure
            and interval is not None
            and not self._names_property(t.span, h.prop)
            and self._a_result_dates(
                interval,
                clock=not t.has_date,
                not_in=self._read_of_named((p[0] for p in held), t.span),
            )
        ):
            # "leaves at 13:10, 14:10 and 15:10" read, unsure, as the one row the sentence
            # names, with each time a row of the results the agent saw: the reply restates the
            # results (a row misquoted is the tool-result checks' to find). Not where the
            # sentence names what it read ("cancel free of charge until 6 pm tomorrow") or the
            # result holds the day in the field read, of another row (another centre's test)
            return replace(
                claim,
                verdict=UNCHECKED,
                correction=None,
                correction_span=None,
                source=RESULTS,
                message=f"{t.text}: a result the agent saw gives it ({message})",
            )
        if not agreeing and unsure and interval is not None:
            other = self._of_another_date(t, interval, held)
            if other is not None:
                return replace(
                    claim,
                    verdict=UNCHECKED,
                    correction=None,
                    correction_span=None,
                    message=f"{t.text}: {other} ({message})",
                )
        if not agreeing and unsure and not t.anchor.described:
            claim = replace(claim, certain=False, message=f"{message} (an unsure reading)")
        if (
            not agreeing
            and len({p[0].value for p in held}) == 1
            and not any(self._every(p[0]) for p in held)
            and not t.anchor.described
            and t.anchor.certain
            and record.subject in sure  # of the name the reading is sure of
        ):
            # "Friday at 1 pm" with a wrong time: only "1 pm" is corrected
            span, text = t.part(time=wrong_time)
            written = self.kb.value_text(h.prop, h.value)
            correction = format_like(text, h.value, written)
            if not wrong_time and "weekday" in t.stated and not self._this_week(iv):
                correction = written  # "on Friday" for the 8th two weeks on: the date itself
            claim = replace(claim, correction=correction, correction_span=span)
        return claim

    def _of_another_date(
        self, t: TemporalExpression, stated: Interval, held: Sequence[tuple[_Held, Interval]]
    ) -> str | None:
        """Why a date read, unsure, against ``held`` is the date of something else, or
        ``None``: said without a year or from today, it is a day near today, no slip of dates
        years away ("We'll be back to regular hours on Thursday, July 2" of the days shops
        opened, "Today the dairy closes at 6pm" of the day it opened); or
        another value of the thing read holds it ("named one of the Absa Top 10 Pinotage
        wines in 2025" of a wine with the award "Absa Top 10 Pinotage 2025", not its
        vintage)."""
        if (
            t.has_date
            and ("year" not in t.stated or t.relative)
            and all(iv.has_date and not may_state(stated.start.date(), True, iv) for _, iv in held)
        ):
            return "a day near today, none of the KB's dates years away"
        if "year" not in t.stated or t.stated - {"year"}:
            return None
        said = value_words(t.text)
        for h in {h for h, _ in held}:
            for prop, value in self.kb.facts(h.subject):
                if (
                    prop != h.prop
                    and isinstance(value, Literal)
                    and isinstance(value.toPython(), str)
                    and said
                    and _contains(value_words(str(value)), said)
                ):
                    return f"the {self.onto.label(prop)} of {self.kb.label(h.subject)} holds it"
        return None

    def _read_of_named(self, compared: Iterable[_Held], span: Span) -> set[URIRef]:
        """The properties of ``compared`` (values read and compared) held of things the
        sentence of ``span`` names: another row's value in one of them is another thing's
        ("the Luton Van ... the minimum is 2 hours" with the SWB Van's 2 hours), where a list
        restating rows ("leaves at 13:10, 14:10 and 15:10") names none of them."""
        named = self._named_in_sentence(span)
        return {h.prop for h in compared if h.subject in named}

    def _named_in_sentence(self, span: Span) -> set[URIRef]:
        """The KB things the sentence of ``span`` names."""
        k = bisect_right(self._segment_starts, span.start) - 1
        sentence = self._segments[k].span if k >= 0 else span
        return {URIRef(iri) for at, iri in self._mentioned if sentence.contains(at)}

    def _as_limits(self, q: Quantity, held: list[_Held]) -> list[_Held]:
        """Of ``held``, for a count of things, those of limits ("maximum concurrent loans")
        only where the sentence of ``q`` speaks of a limit ("up to 8", "at most", "you can
        have"): "You have two titles on BorrowBox" counts the user's loans, not the limit. A
        measure ("from 12 weeks of age") is stated of a limit as often as not."""
        said = self._side_said(q)
        if said is not None:
            # "a maximum of two bottles per table" is no value of a minimum order, "at least
            # 18" none of a maximum age: a most is never a least misstated
            held = [h for h in held if self._limit_side(h.prop) in {None, said}]
        if q.kind != COUNT or q.bound is not None or not any(self._a_limit(h.prop) for h in held):
            return held
        if self._speaks_of_limit(q):
            return held
        return [h for h in held if not self._a_limit(h.prop)]

    def _side_said(self, q: Quantity) -> str | None:
        """``"most"`` for a value said as a most ("up to 20", "a maximum of two"), ``"least"``
        for one said as a least ("at least 18", "a minimum of 6"), else ``None``."""
        if q.bound is not None:
            return "most" if q.bound == "max" else "least"
        before = self._text[max(0, q.span.start - 24) : q.span.start]
        if _MOST_BEFORE.search(before):
            return "most"
        if _LEAST_BEFORE.search(before):
            return "least"
        return None

    def _within_limits(
        self, q: Quantity, compared: Sequence[tuple[_Held, bool, float | None, Decimal, float]]
    ) -> str | None:
        """Where ``q``, said as no bound in a sentence that speaks of none, was read only
        against the least and the most of one thing (properties named so, or the ends of a
        ``kgc:precedes`` range), both, and lies between them: what it lies within ("the
        minimum distance and maximum distance of Zone 2"); else ``None``."""
        if q.bound is not None or not compared or self._speaks_of_limit(q):
            return None
        subjects = {c[0].subject for c in compared}
        if len(subjects) != 1:
            return None
        sides = [(self._limit_side(c[0].prop), c[3]) for c in compared]
        if any(side is None for side, _ in sides) or {side for side, _ in sides} != {
            "least",
            "most",
        }:
            return None  # a range has both ends: one most ("has 330 seats") is stated itself
        if not all(q.value <= v if side == "most" else q.value >= v for side, v in sides):
            return None
        names = " and ".join(dict.fromkeys(self.onto.label(c[0].prop) for c in compared))
        return f"the {names} of {self.kb.label(next(iter(subjects)))}"

    def _limit_side(self, prop: URIRef) -> str | None:
        """``"least"`` or ``"most"`` for a property whose value is one (a minimum, the start
        of a ``kgc:precedes`` range; a maximum, the range's end), else ``None``."""
        label = self.onto.label(prop)
        if _LEAST_NAMES.search(label) or prop in self.onto.precedes:
            return "least"
        if _MOST_NAMES.search(label) or any(prop in after for after in self.onto.precedes.values()):
            return "most"
        return None

    def _names_property(self, span: Span, prop: URIRef) -> bool:
        """Whether the phrase of ``span`` says a word of ``prop``'s name ("so your total comes
        to €140" of a total; "you can cancel free of charge until 6 pm" of a free
        cancellation's end; not "one child pass at €186, ..., and €15 in KeyCard deposits" of
        a deposit)."""
        return bool(set(_words(self.onto.label(prop))) & set(_words(self._phrase(span))))

    def _phrase(self, span: Span) -> str:
        """The phrase of ``span``: its sentence between the commas, colons, semicolons or
        dashes around it."""
        k = bisect_right(self._segment_starts, span.start) - 1
        if k < 0:
            return ""
        segment = self._segments[k]
        text = segment.text
        at = span.start - segment.span.start
        start = max((m.end() for m in _PHRASE_BREAK.finditer(text, 0, max(at, 0))), default=0)
        stop = _PHRASE_BREAK.search(text, max(span.end - segment.span.start, 0))
        return text[start : stop.start() if stop else len(text)]

    def _field_named(self, q: Quantity) -> str | None:
        """The field of a tool result the agent saw that the phrase of ``q`` names by all the
        words of its name, in any number ("You've got 340 points" of a member's ``points``;
        "serving 20" of a quote's ``servings``), where a row holds ``q``'s amount exactly:
        the reply restates the result, whatever the KB holds under a property of like words."""
        said = {singular(w) for w in _words(self._phrase(q.span))}
        for prop in self.onto.properties:
            if not str(prop).startswith(FIELD_NS):
                continue
            words = {singular(w) for w in _words(self.onto.label(prop))}
            if not words or not words <= said or not self._field_fits(q, prop):
                continue
            for _, value in self.kb.graph.subject_objects(prop):
                held = _decimal(value)
                if held is not None and _by_size(q, held) == q.value:
                    return f"{self.onto.label(prop)} {value}"
        return None

    def _speaks_of_limit(self, q: Quantity) -> bool:
        """Whether ``q`` is said as a bound ("up to 20 kg") or its sentence speaks of a most or
        a least ("at most", "you can have", "minimum")."""
        k = bisect_right(self._segment_starts, q.span.start) - 1
        sentence = self._segments[k].text if k >= 0 else q.text
        return q.bound is not None or bool(_LIMIT_WORDS.search(sentence))

    def _a_limit(self, prop: URIRef) -> bool:
        """Whether ``prop`` is a limit: its name says so ("maximum items", "min. age")."""
        return bool(_LIMIT_NAMES.search(self.onto.label(prop)))

    def _a_bound(self, prop: URIRef) -> bool:
        """Whether ``prop``'s value is a most or a least by what it is: its name or local name
        says capacity, radius, allowance, payload or threshold ("maximumAttendeeCapacity"), or
        its description opens with a most or a least ("Maximum payload in kilograms")."""
        local = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(prop).rsplit("/", 1)[-1].rsplit("#", 1)[-1])
        if any(_BOUND_NAMES.search(n) for n in (self.onto.label(prop), local)):
            return True
        return prop in _described_as_bounds(self.kb)

    def _bound_in_forms(self, q: Quantity, prop: URIRef) -> bool:
        """Whether the words that make ``q`` a most or a least are those a phrasing of ``prop``
        says it with ("within" of "return within" of a refund window): "bring it back within
        48 hours" states the window itself, not a value under it."""
        if q.bound is None:
            return False
        words = bound_words(self._text[max(0, q.span.start - 24) : q.span.start])
        return words is not None and any(
            re.search(rf"\b{words}\b", phrase.lower()) for phrase in property_phrases(self.kb, prop)
        )

    def _told_apart(self, q: Quantity, subjects: set[URIRef]) -> bool:
        """Whether the phrase right after ``q`` ("for A3", up to the clause's end) names a word
        that is in the names of other KB things of the subjects' kind and in none of
        ``subjects``' names."""
        # a word of another thing of the subject's kind ("A3 printing")
        return bool(self._others_named(self._text_after(q), subjects, first=True))

    def _others_named(self, text: str, subjects: set[URIRef], first: bool = False) -> set[str]:
        """The KB things of the kinds of ``subjects`` that ``text`` names by a word of their
        names that is in none of ``subjects``' names; with ``first``, those of the first such
        word only."""
        kinds = {t for s in subjects for t in self.kb.types(s)}
        own = {
            w
            for s in subjects
            for p, label in self.kb.graph.predicate_objects(s)
            if str(p) in LABEL_PREDICATES
            for w in name_tokens(str(label))
        }
        found: set[str] = set()
        for word in name_tokens(text):
            if word in own or word in STOP_WORDS or word.isdigit() or word in PERIOD_OF:
                continue  # ("€35 a day" names no "1-Day Pass")
            others = self.kb.labels.with_token(word) - {str(s) for s in subjects}
            found |= {o for o in others if self.kb.types(URIRef(o)) & kinds}
            if found and first:
                break
        return found

    def _named_apart(self, q: Quantity, subjects: set[URIRef]) -> set[str]:
        """The KB things of the kinds of ``subjects`` that the clause before ``q`` names by a
        word of their names that is in none of ``subjects``' ("Preservation takes about six
        weeks" of a wedding dress's preservation, read against a dress's dry cleaning)."""
        k = bisect_right(self._segment_starts, q.span.start) - 1
        if k < 0:
            return set()
        segment = self._segments[k]
        # the clause's words since the value before (each of "6 bottles of the Pinotage 2022 at
        # R195 each and 6 of the Chardonnay 2023 at R215" has its own)
        start = max(
            [segment.span.start]
            + [o.span.end for o in self._quantities if o.span.end <= q.span.start]
        )
        before = self._text[start : q.span.start]
        clause = _PHRASE_BREAK.split(before)[-1]
        # a thing the sentence names is a reading the anchor weighed, not one it missed
        return self._others_named(clause, subjects | self._named_in_sentence(q.span))

    def _text_after(self, q: Quantity) -> str:
        """The words after ``q`` in its clause (to the next punctuation), at most five."""
        k = bisect_right(self._segment_starts, q.span.start) - 1
        if k < 0:
            return ""
        segment = self._segments[k]
        tail = segment.text[q.span.end - segment.span.start :]
        tail = re.split(r"[.,;:!?()]|\s(?:and|or|but)\s", tail, maxsplit=1)[0]
        return " ".join(tail.split()[:5])

    def _a_result_gives(
        self,
        q: Quantity,
        properties: Sequence[str],
        tolerance: float,
        *,
        exact: bool = False,
        not_in: Collection[Node] = (),
    ) -> bool:
        """Whether a row of a tool result the agent saw holds ``q``'s amount: in a field among
        ``properties`` (the fields an anchor found the sentence could mean; with ``exact``,
        exactly, as in the others), or exactly in any field for money ("£3.00 for colour
        printing" of a charge of 3.0 for five pages, not the price per page) and in any field
        named for what a measure measures."""
        fields = [URIRef(p) for p in properties if p.startswith(FIELD_NS)]
        results = [p for p in self.onto.properties if str(p).startswith(FIELD_NS)]
        dim = dimension(q.unit) if q.kind == QUANTITY else None
        if q.kind == CURRENCY:
            fields += results
        elif dim is not None:
            # a measure, to its last digit, in a field named for what it measures ("The
            # crossing takes 125 minutes" of a sailing's "duration minutes" 125)
            fields += [p for p in results if _names_words(self.onto.label(p), DIMENSION_WORDS[dim])]
        exact_in = {p for p in fields if exact or str(p) not in properties}
        for prop in dict.fromkeys(p for p in fields if p not in not_in):
            for _, value in self.kb.graph.subject_objects(prop):
                expected = _decimal(value)
                if expected is None:
                    continue
                expected = _by_size(q, expected)
                if (
                    expected == q.value
                    if prop in exact_in
                    else within_tolerance(q.value, expected, tolerance, None)
                ):
                    return True
        return q.kind == QUANTITY and self._written_in_a_result(q)

    def _named_row_differs(self, q: Quantity) -> bool:
        """Whether the rows of tool results the sentence of ``q`` names hold other amounts, and
        none ``q``'s, in a field where another row holds ``q``'s ("Jones Bay Wharf Parking ...
        charges $9 an hour" with its row at 12 and another car park's at 9)."""
        named = self._named_in_sentence(q.span) | self._rows_stated(q.span)
        holding = {
            prop
            for prop in self.onto.properties
            if str(prop).startswith(FIELD_NS)
            for _, value in self.kb.graph.subject_objects(prop)
            if _decimal(value) == q.value
        }
        values = {
            value
            for row in named
            for prop in holding
            for v in self.kb.graph.objects(row, prop)
            if (value := _decimal(v)) is not None
        }
        # (one of the rows it names holding it, the amount is that row's: "Gareth Lloyd
        # serviced your boiler (£95), and Megan Hart fixed a leak (£148.80)")
        return bool(values) and q.value not in values

    def _stated_row_holds(self, q: Quantity, *, alone: bool = False) -> str | None:
        """The field of a row of a tool result that the sentence of ``q`` restates (it states
        one of the row's worded values) and that holds ``q``'s amount exactly ("Reference
        BK-5521: 2 places in Kids' Cupcake Decorating ... at Fitzroy" of a booking whose
        ``participants`` is 2): the sentence restates the row, whatever the KB holds of the
        things it names. ``alone``: only where the sentence restates one row."""
        rows = self._rows_stated(q.span)
        if alone and len(rows) != 1:
            return None  # ("There are 3 Sourdough Basics sessions": two rows, one with 3 left)
        for row in sorted(rows):
            for prop, value in sorted(self.kb.graph.predicate_objects(row)):
                if (
                    isinstance(prop, URIRef)
                    and str(prop).startswith(FIELD_NS)
                    and _decimal(value) == q.value
                    and self._field_fits(q, prop)
                ):
                    return f"{self.onto.label(prop)} {value}"
        return None

    def _field_fits(self, q: Quantity, prop: URIRef) -> bool:
        """Whether a field of a tool result may hold ``q``: an amount of money in a field of
        money and only there ("5 concerts" is no concert's ``from_price`` of 5.0), a measure
        in a field of its dimension where the field has a unit."""
        unit = self.onto.unit_of(prop)
        if unit is None:
            return True
        money = is_iso_currency(unit)
        if (q.kind == CURRENCY) != money:
            return False
        if q.kind == QUANTITY and not money:
            return dimension(unit) == dimension(q.unit)
        return True

    def _rows_stated(self, span: Span) -> set[URIRef]:
        """The rows of the tool results the agent saw one of whose words values (or codes:
        "B2") the sentence of ``span`` states ("the Kia Niro EV" of the row of an "Electric"
        class whose ``example_model`` is "Kia Niro EV")."""
        k = bisect_right(self._segment_starts, span.start) - 1
        sentence = f" {' '.join(value_words(self._segments[k].text))} " if k >= 0 else ""
        found: set[URIRef] = set()
        rows: set[URIRef] = set()
        for prop in self.onto.properties:
            if not str(prop).startswith(FIELD_NS):
                continue
            for row, value in self.kb.graph.subject_objects(prop):
                if isinstance(row, URIRef):
                    rows.add(row)
                    if _states(sentence, value):
                        found.add(row)
        # or the row's name: "T2" of a row named by its ``table`` field
        found |= {row for row in rows - found if _states(sentence, Literal(self.kb.label(row)))}
        return found

    def _written_in_a_result(self, q: Quantity) -> bool:
        """Whether a row of a tool result the agent saw writes the measure ``q`` inside a value
        ("25kg bags" of a row's unit "25kg bag")."""
        written = self._as_written(q)
        return written is not None and any(
            isinstance(value, Literal) and written.search(str(value))
            for prop in self.onto.properties
            if str(prop).startswith(FIELD_NS)
            for _, value in self.kb.graph.subject_objects(prop)
        )

    def _row_gives(self, q: Quantity, subjects: set[URIRef], by_words: bool = False) -> str | None:
        """The field and row of a tool result the agent saw, named like one of ``subjects``,
        that holds ``q``'s value exactly ("seats left of Festive Gin Masterclass"); with
        ``by_words`` (a reading the reply does not surely tie to ``subjects``), or a field
        named by a word that follows the value ("your record shows 62 paid PRSI
        contributions" of a result's ``paid_contributions``)."""
        names = {self.kb.label(s) for s in subjects}
        after = set(_words(self._text[q.span.end : q.span.end + 40])[:3]) if by_words else set()
        written = self._as_written(q)
        for prop in self.onto.properties:
            if not str(prop).startswith(FIELD_NS):
                continue
            for row, value in self.kb.graph.subject_objects(prop):
                if (
                    isinstance(row, URIRef)
                    and row not in subjects
                    and (
                        _decimal(value) == q.value
                        # or writes the measure in a value: "25kg bags" of a "25kg bag" unit
                        or (written is not None and written.search(str(value)) is not None)
                    )
                    and (
                        self.kb.label(row) in names
                        # (a row named by its kind: one a name of another row is no name of)
                        or (
                            bool(after & set(_words(str(prop)[len(FIELD_NS) :])))
                            and named_by_kind(self.kb, row)
                        )
                    )
                ):
                    return f"the {self.onto.label(prop)} of {self.kb.label(row)}"
        return None

    def _rows_where(self, span: Span, held: list[_Held]) -> list[_Held]:
        """``held`` with a count of a call's rows made the count of those of its rows that
        have true the one yes-or-no field the sentence names ("3 windows still available" of
        four slots, one of them ``available: false``); the rows a sentence counts without
        naming such a field are all of them."""
        if not any(str(h.prop).startswith(_ROW_COUNTS) for h in held):
            return held
        k = bisect_right(self._segment_starts, span.start) - 1
        said = set(_words(self._segments[k].text if k >= 0 else ""))
        out = []
        for h in held:
            rows = list(self.kb.graph.objects(h.subject, PROV.generated))
            if not rows or not str(h.prop).startswith(_ROW_COUNTS):
                out.append(h)
                continue
            answers: dict[URIRef, list[bool]] = {}
            for row in rows:
                for p, value in self.kb.graph.predicate_objects(row):
                    if (
                        isinstance(p, URIRef)
                        and str(p).startswith(FIELD_NS)
                        and isinstance(value, Literal)
                        and isinstance(value.toPython(), bool)
                    ):
                        answers.setdefault(p, []).append(bool(value.toPython()))
            named = [
                p
                for p, values in answers.items()
                if len(values) == len(rows)
                and (words := set(_words(str(p)[len(FIELD_NS) :])))
                and words <= said
            ]
            if len(named) != 1:
                out.append(h)
                continue
            count = sum(answers[named[0]])
            where = f"{self.onto.label(named[0])} true"
            out.append(replace(h, value=Literal(count), where=where))
        return out

    def _rows_counted(self, q: Quantity) -> str | None:
        """The call whose rows ``q`` counts: a count as large as the rows one call returned,
        in a sentence that restates values of two of those rows, their own ("two of the three
        fillings, on teeth 14 and 25" of a quote with three line items; not a value every row
        shares, the call's argument); ``None`` otherwise."""
        if q.kind != COUNT:
            return None
        k = bisect_right(self._segment_starts, q.span.start) - 1
        sentence = self._segments[k].text if k >= 0 else q.text
        said = set(re.findall(r"\w+", sentence.replace(q.text, " ").lower()))
        for call in self.kb.graph.subjects(RDF.type, PROV.Activity):
            rows = list(self.kb.graph.objects(call, PROV.generated))
            if len(rows) != q.value:
                continue
            values = [
                {
                    (p, value)
                    for p, value in self.kb.graph.predicate_objects(row)
                    if str(p).startswith(FIELD_NS)
                }
                for row in rows
            ]
            shared = set.intersection(*values) if values else set()
            restated = [
                row
                for row in values
                if any(
                    (words := re.findall(r"\w+", str(value).lower())) and set(words) <= said
                    for p, value in row - shared
                )
            ]
            if len(restated) > 1:
                return f"{len(rows)} rows of {self.kb.label(call)}"
        return None

    @staticmethod
    def _as_written(q: Quantity) -> re.Pattern[str] | None:
        """The measure ``q`` as a value may write it ("25kg", "25 kg"); ``None`` for what
        is no measure."""
        parts = _MEASURE_WRITTEN.fullmatch(q.text.strip()) if q.kind == QUANTITY else None
        if parts is None:
            return None
        return re.compile(rf"(?<![\d.,]){re.escape(parts['n'])}\s*{re.escape(parts['u'])}\b", re.I)

    def row_counted(self, q: Quantity) -> tuple[str, URIRef, URIRef, Literal] | None:
        """The row of a tool result the agent saw whose name follows the count ``q`` in a
        sentence of having ("still has 4 Country Sourdough loaves", "there are 3 Rye & Caraway
        Loaves left"), with its one count (its one field of whole numbers, with no unit) and
        that count: a count of a named thing the agent looked up is the row's count."""
        if q.kind != COUNT or not re.match(r"\s+[A-Z]", self._text[q.span.end :]):
            return None  # ("two oven specialists": a kind of row, no row's name)
        clause = self._text[max(0, q.span.start - 40) : q.span.start]
        clause = re.split(r"[.;:!?,(]", clause)[-1]
        after = value_words(self._text[q.span.end : q.span.end + 80])
        rows = sorted(self._result_rows())
        for row in rows:
            words, name = next(
                ((w, n) for w, n in self._row_names(row) if _opens(after, w)), ((), "")
            )
            if not words:
                continue
            if any(
                words in (w for w, _ in self._row_names(other)) for other in rows if other != row
            ):
                return None  # "two Story Times" of two rows so named: a count of rows
            rest = set(after[len(words) : len(words) + 3])
            if not (_HAVING_BEFORE.search(clause) or rest & _ON_HAND):
                return None  # "I've put 2 Country Sourdough loaves aside": no count on hand
            counts = [
                (prop, value)
                for prop, value in self.kb.graph.predicate_objects(row)
                if isinstance(prop, URIRef)
                and str(prop).startswith(FIELD_NS)
                and isinstance(value, Literal)
                and value.datatype in _WHOLE_NUMBERS
                and self.onto.unit_of(prop) is None
            ]
            if len(counts) != 1:
                return None
            ((prop, value),) = counts
            return name, row, prop, value
        return None

    def _row_count_verdict(
        self,
        q: Quantity,
        base: dict[str, Any],
        name: str,
        row: URIRef,
        prop: URIRef,
        value: Literal,
    ) -> NumericClaim:
        """``q`` checked against the count of the row it names (:meth:`row_counted`)."""
        held = _decimal(value)
        what = f'the {self.onto.label(prop)} of "{name}"'
        base = {**base, "subject": str(row), "property": str(prop), "matched": str(value)}
        if held == q.value:
            return NumericClaim(
                **base,
                verdict=VERIFIED,
                source=RESULTS,
                confidence=1.0,
                message=f"{q.text} agrees with the result the agent saw: {what} is {value}",
            )
        return NumericClaim(
            **base,
            verdict=WRONG,
            source=RESULTS,
            confidence=1.0,
            correction=str(value),
            correction_span=q.span,
            message=f"Not {q.text}: {what} is {value} in the result the agent saw",
        )

    def _row_names(self, row: URIRef) -> list[tuple[tuple[str, ...], str]]:
        """A row's names, with their words: its label and its fields' worded values, a thing of
        the KB a field points at by its label ("Country Sourdough" of a stock row)."""
        names = [self.kb.label(row)]
        for prop, value in self.kb.graph.predicate_objects(row):
            if not (isinstance(prop, URIRef) and str(prop).startswith(FIELD_NS)):
                continue
            if isinstance(value, URIRef):
                names.append(self.kb.label(value))
            elif isinstance(value, Literal) and _decimal(value) is None:
                names.append(str(value))
        return [(words, name) for name in names if (words := value_words(name))]

    def _result_rows(self) -> set[URIRef]:
        """The rows of the tool results the agent saw."""
        return {
            row
            for prop in self.onto.properties
            if str(prop).startswith(FIELD_NS)
            for row in self.kb.graph.subjects(prop)
            if isinstance(row, URIRef)
        }

    def _held_as_named(self, q: Quantity, read: Sequence[str] = ()) -> _Held | None:
        """A value the KB holds, agreeing with ``q`` in its type, under a property a word of
        whose name the phrase of ``q`` says ("a class credit that's valid for 6 months" of a
        policy's credit validity of six months; "The balance is due 28 days before the
        start" of its balance due before start): where the reading of ``q`` is unsure, the
        sentence may mean that value, and a value it agrees with is no misstatement. Not the
        properties ``read``, whose holder the sentence's words told apart."""
        agreeing = [c[0] for c in self._named_readings(q, read)[0] if c[1]]
        return agreeing[0] if agreeing else None

    def _named_readings(
        self, q: Quantity, read: Sequence[str] = ()
    ) -> tuple[list[tuple[_Held, bool, float | None, Decimal, float]], bool]:
        """``q`` compared with the values of its type (:meth:`_of_its_type`) under the
        properties a word of whose name its phrase says, of those of their holders the
        sentence's words tell apart ("For the dairy tour ..." of the Dairy Tour Cancellation
        Policy); and whether the words told one holder apart from others."""
        said = label_words(self._phrase(q.span))
        distinctive = distinctive_words(self.kb)
        props = [
            str(p)
            for p in self.onto.properties
            if not str(p).startswith(FIELD_NS)
            and str(p) not in read
            and ({str(r) for r in self.onto.range.get(p, ())} & (NUMERIC_TYPES | DURATION_TYPES))
            and said & distinctive.get(p, frozenset())
        ]
        held = [h for h in self._held(self._holders(props), props) if self._of_its_type(q, h)]
        holders = tuple(dict.fromkeys(str(h.subject) for h in held))
        told = self._told_by_words(q.span, holders)
        held = [h for h in held if str(h.subject) in told]
        return self._compare(q, held), len(told) < len(holders)

    def _holders(self, props: Sequence[str]) -> list[str]:
        """The things of the KB that hold a value of one of ``props``."""
        return sorted(
            {
                str(s)
                for p in props
                for s in self.kb.graph.subjects(URIRef(p))
                if isinstance(s, URIRef)
            }
        )

    def _of_its_type(self, q: Quantity, held: _Held) -> bool:
        """Whether ``held`` is a value of ``q``'s type by its property's unit or datatype: a
        length of time of a duration or a property kept in a unit of time, a measure of one
        in a unit of its dimension, money of one in a currency, a percentage of one in "%",
        a count or a bare number of one in no unit (48 hours is no 48 visitor berths)."""
        unit = self.onto.unit_of(held.prop)
        duration = isinstance(held.value, Literal) and str(held.value.datatype) in DURATION_TYPES
        if q.kind == QUANTITY:
            if duration:
                return dimension(q.unit) == "time"
            return unit is not None and dimension(unit) == dimension(q.unit) is not None
        if q.kind == CURRENCY:
            # in a currency its unit or the holder's price specification names, or in none
            # and of decimals (a price without a unit), not of whole numbers (a count)
            if unit is not None:
                return is_iso_currency(unit)
            whole = {str(r) for r in self.onto.range.get(held.prop, ())} <= _WHOLE_NAMES
            return held.currency is not None or not (duration or whole)
        if q.kind == PERCENT:
            return unit == "%"
        if q.kind == RATIO:
            return unit == "x"
        return unit is None and not duration

    def _held_otherwise(
        self, q: Quantity, subjects: Sequence[str], *, every: bool = False
    ) -> _Held | None:
        """A value of the first of ``subjects`` (of any of them, ``every``) under any numeric
        property that agrees with ``q`` ("three courses for £42" of a menu whose offer's price
        is 42, not its three-course price)."""
        if not subjects:
            return None
        numeric = [
            str(p)
            for p in self.onto.properties
            if {str(r) for r in self.onto.range.get(p, ())} & (NUMERIC_TYPES | DURATION_TYPES)
            or p in self.onto.unit
        ]
        held = self._held(subjects if every else subjects[:1], numeric)
        if every:
            held = [h for h in held if self._of_its_type(q, h)]  # (£28 is no 28 km radius)
            # of those the sentence's words tell apart ("at Boxwell Avonmouth": not the
            # Large unit at Trafford Park)
            told = self._told_by_words(q.span, tuple(dict.fromkeys(str(h.subject) for h in held)))
            held = [h for h in held if str(h.subject) in told]
        agreeing = [c[0] for c in self._compare(q, held) if c[1]]
        return agreeing[0] if agreeing else None

    def _a_result_dates(
        self, stated: Interval, *, clock: bool = False, not_in: Collection[Node] = ()
    ) -> bool:
        """Whether a field of a tool result the agent saw holds a date or time that ``stated``
        (a day, or a day and time) names, or one row holds its day in one field and its time
        in another ("tomorrow from 8am" of a slot's date and start); with ``clock``, a time of
        day alone ("13:10" of a row's departure at 13:10) names a field's time of that day.
        Fields among ``not_in`` (the ones the reading compared) are not looked at."""
        days: dict[Node, set[object]] = {}
        times: dict[Node, set[object]] = {}
        for prop in self.onto.properties:
            if not str(prop).startswith(FIELD_NS) or prop in not_in:
                continue
            for row, value in self.kb.graph.subject_objects(prop):
                held = interval_of_literal(value)
                if held is None:
                    continue
                if held.has_date and stated.has_date and stated.start <= held.start < stated.end:
                    return True
                if held.granularity < Granularity.DAY:
                    if clock and held.start.time() == stated.start.time():
                        return True
                    times.setdefault(row, set()).add(held.start.time())
                if held.has_date and held.granularity == Granularity.DAY:
                    days.setdefault(row, set()).add(held.start.date())
        if not stated.has_date or stated.granularity >= Granularity.DAY:
            return False
        return any(
            stated.start.date() in day and stated.start.time() in times.get(row, set())
            for row, day in days.items()
        )

    def _all_named(self, span: Span, held: Sequence[_Held]) -> bool:
        """Whether ``held`` is one relation node's value and the sentence of ``span`` names
        every thing it ties together ("a racket at Northfield for £4.50" of the offer of
        rackets by Northfield): the sentence ties the value to that one statement."""
        nodes = {h.node for h in held}
        if not held or len(nodes) != 1 or not all(h.related for h in held):
            return False
        return {h.subject for h in held} | held[0].qualifiers <= self._named_in_sentence(span)

    def _under_named(self, span: Span, held: list[_Held], days: bool = True) -> list[_Held]:
        """Of values true beside other things (opening hours on Mondays; an offer of rubble
        at £4 and one of tyres at £5), those the sentence of ``span`` can mean: a relation
        node's only where it names another thing the node ties (the offer's item), and where
        it names things beside some values, those values and the values beside nothing. Not
        ``days``: the days of the week it names count for nothing here."""
        named = self._named_in_sentence(span)
        if not days:
            named = {n for n in named if not weekdays_named(self.kb.label(n) or "")}
        held = [h for h in held if not h.related or not h.qualifiers or h.qualifiers & named]
        if any(h.qualifiers & named for h in held):
            held = [h for h in held if not h.qualifiers or h.qualifiers & named]
        return held

    def _valid_at(
        self, t: TemporalExpression, held: list[tuple[_Held, Interval]]
    ) -> list[tuple[_Held, Interval]]:
        """Of values that hold in a period (winter opening hours), those of the period the
        stated date falls in, or, with no date stated, of today's; all where none is."""
        if not any(h.period is not None for h, _ in held):
            return held
        interval = t.interval
        if not (t.has_date and interval is not None and interval.has_date):
            # a time alone is of the day or the season its sentence names ("On Saturday 10
            # April ... until 6pm", "During the summer season (April to September) ..."),
            # else of today
            k = bisect_right(self._segment_starts, t.span.start) - 1
            # its segment, or the one before it (a parenthesis or a comma ends a segment)
            start = self._segments[max(k - 1, 0)].span.start if k >= 0 else t.span.start
            end = self._segments[k].span.end if k >= 0 else t.span.end
            days = [iv for at, iv in self._reply_days if start <= at.start and at.end <= end]
            interval = days[0] if days else None
        if interval is None or not interval.has_date:
            interval = Interval(self.now, self.now + timedelta(minutes=1), Granularity.MINUTE)
        kept = [(h, iv) for h, iv in held if h.period is None or h.period.overlaps(interval)]
        return kept or held

    def _value_said(self, held: _Held) -> str:
        """A held date as a message states it: "2 March 2027", or, for a series, "every 7
        days from 2 March 2027"."""
        written = self.kb.value_text(held.prop, held.value)
        every = self._every(held)
        return written if every is None else f"every {every.days} days from {written}"

    def _every(self, held: _Held) -> timedelta | None:
        """How often the series ``held`` starts recurs (a collection every 14 days from 1
        March); ``None`` for a value that starts none. Read once per node and check."""
        if held.node is None:
            return None
        node = held.node
        if node == held.subject and not held.related:
            # a value read through a structure node (a course's schedule) recurs by that node
            node = self.kb.stating_node(held.subject, held.prop, held.value)
        if node not in self._series:
            self._series[node] = self.kb.recurrence(node)
        recurs = self._series[node]
        return recurs[0] if recurs is not None and recurs[1] == held.value else None

    def _occurrence(self, held: _Held, value: Interval, stated: Interval) -> Interval:
        """The date of a recurring series (a collection every 14 days from 1 March) nearest the
        stated one, on or after the series' start; ``value`` itself for a date that does not
        recur."""
        every = self._every(held)
        if every is None or stated.start <= value.start:
            return value
        steps = round((stated.start - value.start) / every)
        return replace(value, start=value.start + steps * every, end=value.end + steps * every)

    def _on_days_stated(
        self, t: TemporalExpression, held: list[tuple[_Held, Interval]]
    ) -> list[tuple[_Held, Interval]]:
        """Of values that hold on some days only (opening hours per day), those of the days
        the sentence names ("closes at 6:30pm on Fridays", "opens at 8am on weekdays"); all
        of them where it names none, or none of theirs."""
        if not any(h.qualifiers for h, _ in held):
            return held
        k = bisect_right(self._segment_starts, t.span.start) - 1
        days = weekdays_named(self._segments[k].text if k >= 0 else t.text)
        interval = t.interval
        if (
            not days
            and t.has_date
            and interval is not None
            and interval.granularity <= Granularity.DAY
        ):
            days = {WEEKDAYS[interval.start.weekday()]}  # "opens at 9am today": its day
        if not days and not t.has_date and k >= 0:
            # "Tonight the bar closes at 10pm": the one day the sentence names elsewhere
            sentence = self._segments[k].span
            days = {
                WEEKDAYS[iv.start.weekday()]
                for span, iv in self._reply_days
                if sentence.contains(span)
                and iv.granularity == Granularity.DAY
                and iv.end - iv.start == timedelta(days=1)
            }
            if len(days) > 1:
                return held
        if not days:
            return held
        # (a value that holds on every day, an event's start, is no other day's: it stays)
        named = [
            (h, iv)
            for h, iv in held
            if not h.qualifiers or days & {self.kb.label(q).lower() for q in h.qualifiers}
        ]
        return named if any(h.qualifiers for h, _ in named) else held

    def _this_week(self, interval: Interval) -> bool:
        """Whether a weekday alone names ``interval``'s day: it is within the coming 7 days."""
        return 0 <= (interval.start.date() - self.now.date()).days < 7

    def _when(self, record: _Record) -> str:
        """One subject's day and time: "on 26 November 2026 at 11 am", "at 11 am"."""
        pairs = sorted(record.agreeing + record.failing, key=lambda pair: not pair[1].has_date)
        said = {
            self.kb.value_text(h.prop, h.value): "on" if iv.has_date else "at" for h, iv in pairs
        }
        return " ".join(f"{word} {text}" for text, word in said.items())

    def _date_from_sources(self, t: TemporalExpression, base: dict[str, Any]) -> NumericClaim:
        assert t.anchor is not None
        for source in self.sources:
            found = self._source_dates.get(source.id)
            if found is None:
                found = self.recognizer.find(source.text, self.now)
                self._source_dates[source.id] = found
            for other in found:
                iv = other.interval
                if iv is None or not other.absolute or not agrees(t, iv):
                    continue
                if self._mentions_property(source.text, other.span, t.anchor.properties):
                    return NumericClaim(
                        **base,
                        verdict=VERIFIED,
                        property=t.anchor.properties[0],
                        subject=t.anchor.subjects[0] if t.anchor.subjects else None,
                        matched=iv.label(),
                        source=source.id,
                        confidence=self.config.source_confidence,
                        message=f"{t.text} agrees with source {source.id}: {other.text}",
                    )
        return NumericClaim(
            **base,
            verdict=UNSUPPORTED,
            property=t.anchor.properties[0],
            subject=t.anchor.subjects[0] if t.anchor.subjects else None,
            message=f"Nothing in the KB or the sources supports {t.text}",
        )

    # --- sources -----------------------------------------------------------------------------

    def _from_sources(self, q: Quantity, base: dict[str, Any], why: str) -> NumericClaim:
        anchor = q.anchor
        props = anchor.properties if anchor is not None else ()
        tolerance = (
            self.onto.tolerance.get(URIRef(props[0]), self.config.tolerance(q.kind))
            if props
            else self.config.tolerance(q.kind)
        )
        subject = anchor.subjects[0] if anchor is not None and anchor.subjects else None
        for source in self.sources:
            for other in self._quantities_of(source):
                if not _comparable(q, other):
                    continue
                stated = convert(q.value, q.unit, other.unit) if q.kind == QUANTITY else q.value
                if stated is None or not within_tolerance(stated, other.value, tolerance, q.bound):
                    continue
                if props and not self._mentions_property(source.text, other.span, props):
                    continue
                return NumericClaim(
                    **base,
                    verdict=VERIFIED,
                    subject=subject,
                    property=props[0] if props else None,
                    matched=_plain(other.value),
                    difference=_round(relative_difference(stated, other.value)),
                    tolerance=tolerance,
                    source=source.id,
                    confidence=self.config.source_confidence,
                    message=f"{q.text} agrees with source {source.id}: {other.text}",
                )
        subjects = anchor.subjects if anchor is not None else ()
        held = self._held_otherwise(q, subjects) or self._held_as_named(q, props)
        if held is None and not subjects:
            # "it's 90 minutes and $55" with the pronoun unresolved: a value the reply ties to
            # nothing, that a thing it names holds, is that thing's
            held = self._held_otherwise(q, self._named, every=True)
        if held is not None:
            return NumericClaim(
                **base,
                verdict=UNCHECKED,
                subject=subject,
                message=f"{q.text}: the KB holds it as the {self._describe(held)}",
            )
        if (
            q.kind == CURRENCY
            and self._a_result_gives(q, props, tolerance, exact=True)
            and not self._named_row_differs(q)
        ):
            # "You'll owe $41.08 including HST" of an order's ``balance_due`` 41.08: a result
            # the agent saw supports it, though no word says which of its fields it restates
            return NumericClaim(
                **base,
                verdict=UNCHECKED,
                subject=subject,
                source=RESULTS,
                message=f"{q.text}: a result the agent saw gives it",
            )
        field = self._field_named(q)
        if field is not None:
            return NumericClaim(
                **base,
                verdict=UNCHECKED,
                subject=subject,
                source=RESULTS,
                message=f"{q.text}: a result the agent saw gives it ({field})",
            )
        what = f" ({self._describe_anchor(q)})" if props else ""
        return NumericClaim(
            **base,
            verdict=UNSUPPORTED,
            subject=subject,
            property=props[0] if props else None,
            tolerance=tolerance,
            message=f"Nothing supports {q.text}{what}: {why}, and no source gives it",
        )

    def _quantities_of(self, source: Source) -> list[Quantity]:
        found = self._source_quantities.get(source.id)
        if found is None:
            found = QuantityRecognizer(self.onto.dollar(), self.onto.currencies()).find(source.text)
            self._source_quantities[source.id] = found
        return found

    def _mentions_property(self, text: str, span: Span, props: Sequence[str]) -> bool:
        """Whether the sentence of ``span`` in a source names one of ``props``."""
        start = max(text.rfind(".", 0, span.start), text.rfind("\n", 0, span.start)) + 1
        ends = [e for e in (text.find(". ", span.end), text.find("\n", span.end)) if e >= 0]
        sentence = text[start : min(ends) if ends else len(text)].lower()
        for prop in props:
            p = URIRef(prop)
            names = [*self.onto.forms(p), self.onto.label(p)]
            if any(re.search(rf"\b{re.escape(n.lower())}\b", sentence) for n in names if n):
                return True
        return False

    # --- KB ----------------------------------------------------------------------------------

    def tolerance(self, prop: URIRef, kind: str) -> float:
        """The tolerance of a value of ``prop`` stated as ``kind``."""
        return self.onto.tolerance.get(prop, self.config.tolerance(kind))

    def held(self, subjects: Sequence[str], properties: Sequence[str]) -> list[_Held]:
        """The values and observations of ``properties`` for ``subjects``."""
        return self._held(subjects, properties)

    def _held(self, subjects: Sequence[str], properties: Sequence[str]) -> list[_Held]:
        out: list[_Held] = []
        for s_text in subjects:
            s = URIRef(s_text)
            for p_text in properties:
                p = URIRef(p_text)
                for v in self.kb.values(s, p):
                    out.append(_Held(s, p, v, None, "", ((str(s), str(p), str(v)),), node=s))
                observed = self.obs.get(s, p)
                # a statement with a time qualifier is read once: for its period
                periodic = {o.node for o in observed}
                for q in self.kb.qualified(s, p):
                    if q.node in periodic:
                        continue
                    link = (str(s), str(q.pointer), str(q.node))
                    stated: tuple[Triple, ...] = (
                        (link[2], link[1], link[0]) if q.inverse else link,
                        (str(q.node), str(p), str(q.value)),
                    )
                    valid = self.kb.validity(q.node)  # winter hours, a price this season
                    out.append(
                        _Held(
                            s,
                            p,
                            q.value,
                            valid,
                            valid.label() if valid is not None else "",
                            stated,
                            q.beside,
                            q.per,
                            q.currency,
                            q.node,
                            q.inverse,
                        )
                    )
                for o in observed:
                    triples = (
                        (str(o.node), str(KGC.subject), str(s)),
                        (str(o.node), str(KGC.period), o.period_text),
                        (str(o.node), str(p), str(o.value)),
                    )
                    out.append(_Held(s, p, o.value, o.period, o.period_text, triples))
        return out

    def _functional(self, prop: URIRef) -> bool:
        return prop in self.onto.functional or prop in self.onto.complete

    def _describe(self, held: _Held) -> str:
        what = f"{self.onto.label(held.prop)} of {self.kb.label(held.subject)}"
        if held.where:  # "the number of results of list_delivery_slots call with available"
            what += f" with {held.where}"
        if held.related and held.qualifiers:  # "the price of Northfield with badminton racket"
            what += " with " + " and ".join(sorted(self.kb.label(q) for q in held.qualifiers))
        return what

    def _describe_anchor(self, q: Quantity) -> str:
        assert q.anchor is not None
        what = self.onto.label(URIRef(q.anchor.properties[0]))
        if q.anchor.subjects:
            what += f" of {self.kb.label(URIRef(q.anchor.subjects[0]))}"
        if q.period is not None:
            what += f", {q.period.text}"
        return what


@dataclass(frozen=True, slots=True)
class _Record:
    """What one subject's day and time values say of a stated date: the values that agree, those
    of the first kind that does not (``wrong_time``: that kind is the time of day)."""

    subject: str
    agreeing: list[tuple[_Held, Interval]]
    failing: list[tuple[_Held, Interval]]
    wrong_time: bool
    #: How many of the kinds (day, time) disagree.
    wrong_kinds: int

    @property
    def score(self) -> int:
        return len(self.agreeing) - self.wrong_kinds


#: How far apart two units of one dimension may be for a value stated in one to be of a
#: property kept in the other: minutes and hours (60), feet and metres, miles and km; not hours
#: and years (8766), nor centimetres and kilometres.
_UNIT_SPAN = Decimal(100)


#: Words a property's name is a limit by: "maximum concurrent loans", "minimum spend".
_LEAST_NAMES = re.compile(r"\b(?:min(?:imum)?|least|lowest|floor)\b", re.I)
_MOST_NAMES = re.compile(r"\b(?:max(?:imum)?|most|limit|cap|ceiling|highest)\b", re.I)
_LIMIT_NAMES = re.compile(r"\b(?:max(?:imum)?|min(?:imum)?|limit|cap|ceiling)\b", re.I)
#: Words naming a property whose value is itself a most or a least: "seats up to 30" states a
#: capacity of 30, "delivers up to 4 miles" a radius of 4 miles.
_BOUND_NAMES = re.compile(r"\b(?:capacity|radius|allowance|payload|threshold)\b", re.I)


#: A most or a least named right before a value: "a maximum of two", "the minimum of 6".
_MOST_BEFORE = re.compile(r"\b(?:max(?:imum)?|max\.)\s+(?:of\s+)?$", re.I)
_LEAST_BEFORE = re.compile(r"\b(?:min(?:imum)?|min\.)\s+(?:of\s+)?$", re.I)

#: The fields of a date that fix it in the calendar, beside its day of the week.
_CALENDAR_FIELDS = frozenset({"day", "month", "year"})

#: The words that name what a unit measures, by dimension, less units' own names ("litre").
_MEASURE_WORDS = {
    dim: frozenset(w for w in words if not is_unit_word(w))
    for dim, words in DIMENSION_WORDS.items()
}
#: What parts the clause of one measure from another's before it ("50 metres long and ...").
_CLAUSE_JOINS = re.compile(r"[,;]|\band\b|\bor\b")

#: The counts of a call's rows (:func:`kgcheck.tools.graph.results_graph`).
_ROW_COUNTS = FIELD_NS + "number_of_"


def _bounds_described(kb: KnowledgeBase) -> frozenset[URIRef]:
    """The properties whose description opens with a most or a least ("Maximum payload in
    kilograms"), read once per knowledge base."""
    return frozenset(
        p
        for p in kb.ontology.properties
        if any(_LIMIT_NAMES.match(str(c)) for c in kb.values(p, RDFS.comment))
    )


_described_as_bounds = per_kb(_bounds_described)


#: Words a sentence states a limit with: "up to", "at most", "you can have", "allowed".
_LIMIT_WORDS = re.compile(
    r"\b(?:up to|at (?:most|least)|max(?:imum)?|min(?:imum)?|limits?|limited|cap(?:ped)?|"
    r"allowed|allows?|can|could|may|no more than|no fewer than|no less than|only|as many as)\b",
    re.I,
)
#: A measure as written: its number and its unit ("25kg", "2.5 m").
_MEASURE_WRITTEN = re.compile(r"(?P<n>\d+(?:[.,]\d+)*)\s*(?P<u>[^\W\d]+)")
#: A scale word after an amount: "$1.25M", "£3k", "2 billion".
_SCALED = re.compile(r"\d\s*(?:k|m|bn|b|thousand|million|billion)\b", re.I)


def _dated_interval(t: TemporalExpression) -> Interval | None:
    """The days ``t`` names: its interval, or from its first part to its last ("April to
    September"); ``None`` for a time of day alone."""
    if t.interval is not None and t.interval.has_date:
        return t.interval
    parts = [p.interval for p in t.parts if p.interval is not None and p.interval.has_date]
    if len(parts) < 2:
        return None
    return Interval(parts[0].start, max(parts[-1].end, parts[0].end), parts[0].granularity)


def _precise(q: Quantity) -> bool:
    """Whether an amount is written to its last unit or penny, not rounded: "£398", "£9.50";
    not "£550" (a ten), "$1.25M" (a scale word)."""
    if _SCALED.search(q.text):
        return False
    value = q.value
    return value != value.to_integral_value() or value % 10 != 0


def _step(stated: Decimal) -> Decimal:
    """The step a number's written digits show: 0.01 for "9.50" (normalised, 0.1 for "9.5"), 1
    for "459", 10 for "550"."""
    exponent = stated.normalize().as_tuple().exponent
    return Decimal(10) ** exponent if isinstance(exponent, int) else Decimal(1)


def _to_step(stated: Decimal, expected: Decimal) -> bool:
    """Whether ``expected`` rounds to ``stated`` at the step its written digits show."""
    return abs(stated - expected) * 2 <= _step(stated)


def _to_last_digit(stated: Decimal, expected: Decimal) -> bool:
    """Whether ``expected``, a value converted into the stated unit that no short figure
    writes (458.66 km of 285 miles), rounds to ``stated`` at its last written digit ("459");
    a conversion that comes out short (1.5 hours of 90 minutes) is stated as it is."""
    step = min(_step(stated), Decimal(1))
    if expected == expected.quantize(step / 100):
        return False
    return abs(stated - expected) * 2 <= step


def _plausible(stated: str | None, unit: str) -> bool:
    """Whether a value stated in ``stated`` may be of a property kept in ``unit``."""
    factor = convert(Decimal(1), stated, unit)
    return factor is not None and 1 / _UNIT_SPAN <= factor <= _UNIT_SPAN


def _record(
    t: TemporalExpression, subject: str, held: Sequence[tuple[_Held, Interval]], slack: timedelta
) -> _Record:
    agreeing: list[tuple[_Held, Interval]] = []
    failing: list[tuple[_Held, Interval]] = []
    wrong_time, wrong_kinds = False, 0
    for has_date in (True, False):
        if not has_date and any(iv.granularity < Granularity.DAY for _, iv in agreeing):
            # "the Sibelius on Friday 20 March at 7:30pm" agrees with its start, a day and a
            # time: its other time (the pre-concert talk) is not what the time states
            break
        pairs = [(h, iv) for h, iv in held if iv.has_date == has_date]
        ok = [(h, iv) for h, iv in pairs if agrees(t, _widen(iv, slack))]
        agreeing += ok[:1]
        if pairs and not ok:
            wrong_kinds += 1
            if not failing:
                failing, wrong_time = pairs, not has_date
    return _Record(subject, agreeing, failing, wrong_time, wrong_kinds)


def _is_period(expr: TemporalExpression) -> bool:
    return expr.interval is not None and expr.has_date and expr.anchor is None


def _same_period(stated: TemporalExpression, period: Interval) -> bool:
    """Whether an observation's period is the one stated: the same period or one containing it
    ("Q3 2024" and ``2024-Q3``); a partial expression ("on Friday") agrees on what it states."""
    own = stated.interval
    if own is None:
        return False
    if not stated.absolute:
        return agrees(stated, period)
    return period.contains(own) or (own.contains(period) and period.granularity == own.granularity)


def _comparable(q: Quantity, other: Quantity) -> bool:
    if q.kind != other.kind:
        return False
    if q.kind == CURRENCY:
        return q.currency == other.currency
    if q.kind == QUANTITY:
        return convert(Decimal(1), q.unit, other.unit) is not None
    if q.kind == COUNT:
        return same_counted(q.unit, other.unit)
    return q.kind in {PERCENT, RATIO} or q.unit == other.unit


def _widen(interval: Interval, slack: timedelta) -> Interval:
    if not slack:
        return interval
    return Interval(
        interval.start - slack, interval.end + slack, interval.granularity, interval.has_date
    )


def _names_words(label: str, words: frozenset[str]) -> bool:
    """Whether ``label`` holds one of ``words`` ("duration minutes": "duration")."""
    return bool(set(re.findall(r"[a-z]+", label.lower())) & words)


def _decimal(value: Node | Decimal | None) -> Decimal | None:
    if isinstance(value, Decimal):
        return value
    if not isinstance(value, Literal):
        return None
    python = value.toPython()
    minutes = minutes_of(python)  # a length of time, in minutes
    if minutes is not None:
        return minutes
    if isinstance(python, bool):
        return None
    try:
        return Decimal(str(python))
    except (InvalidOperation, ValueError):
        return None


def _plain(value: Decimal) -> str:
    """A number without exponent or trailing zeros: ``1200000``, ``1.25``."""
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _contains(words: Sequence[str], part: Sequence[str]) -> bool:
    """Whether ``part`` occurs in ``words`` as a run of whole words."""
    n = len(part)
    return any(tuple(words[i : i + n]) == tuple(part) for i in range(len(words) - n + 1))


def _words(text: str) -> list[str]:
    """The words of ``text`` or of a field's name (``paid_contributions``), lower case, in the
    singular by their last letter, common words left out."""
    return [
        w.removesuffix("s")
        for w in re.findall(r"[a-z]+", text.lower())
        if len(w) > 2 and w not in STOP_WORDS
    ]
