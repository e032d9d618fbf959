"""The values a reply states and the values candidate entities hold, for reading items
(:mod:`kgcheck.items`): each stretch of the reply that is a value some candidate holds (its
words, a time, a date, an amount, a number, an entity it names, its own name), and the times,
dates, amounts, entities and phone numbers no candidate holds."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation

from rdflib import Literal, Node, URIRef
from rdflib.namespace import RDF, XSD
from spacy.lang.en.stop_words import STOP_WORDS

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import normalize, value_words
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.nlp.anchors import counts_of, property_phrases
from kgcheck.nlp.speech_acts import addresses_reader
from kgcheck.nlp.synonyms import named_by
from kgcheck.nlp.vocabulary import CALENDAR_WORDS, is_question
from kgcheck.numeric_claims import VERIFIED, NumericClaim, restated_spans
from kgcheck.periods import Granularity, Interval, interval_of_literal
from kgcheck.types import Span
from kgcheck.values.addresses import STREET_ADDRESS
from kgcheck.values.quantities import (
    COUNT,
    CURRENCY,
    NUMBER,
    PERCENT,
    PERIOD_WORDS,
    QUANTITY,
    Quantity,
    canonical_unit,
    convert,
    dimension,
    is_currency,
    minutes_of,
    restates,
    rounded_agrees,
    singular,
)
from kgcheck.values.temporal import TemporalExpression, agrees

__all__ = [
    "NAME",
    "Facts",
    "Stated",
    "Unheld",
    "facts_of",
    "holds_years",
    "money_like",
    "named_before",
    "same_measure",
    "shape",
    "stated_values",
    "text_properties",
    "words_of",
]

#: The pseudo-property of a value that is a candidate's own name.
NAME = URIRef("urn:kgcheck:item#name")
#: The most words a string value may have to be looked for in the reply.
MAX_VALUE_WORDS = 12
#: The units of a property a percentage may be a value of (none: a plain number).
_PERCENT_UNITS = frozenset({None, "%", "fraction"})
#: Relative difference within which a money amount is the candidate's ("$23,260" of 23260.13).
MONEY_TOLERANCE = Decimal("0.01")
#: Half a penny: within it an amount written to the penny is a value.
_PENNY = Decimal("0.005")
#: Relative difference within which a measure converted from another unit is a value ("1.2
#: miles" of 1.93 km): the stated figure is rounded.
MEASURE_TOLERANCE = Decimal("0.03")

_WORD = re.compile(r"\S+")
_AROUND = ".,;:!?()[]{}\"'"
_NUMERIC = frozenset(
    {XSD.integer, XSD.decimal, XSD.double, XSD.float, XSD.int, XSD.long, XSD.nonNegativeInteger,
     XSD.positiveInteger, XSD.short}
)  # fmt: skip
_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?")
_DIGITS = re.compile(r"^\d+(?:\.\d+)?$")
#: A run of digits and the marks phone numbers are written with ("+1 470-231-3030",
#: "(020) 7946 0958"), and the fewest digits such a run has to be read as one.
_CODE_RUN = re.compile(r"(?<![\w.])\+?\(?\d[\d()\-. ]*\d(?![\w])")
_CODE_DIGITS = 7


def shape(text: str) -> str:
    """How a code is written: its digits as "9" ("+9 999-999-9999")."""
    return re.sub(r"\d", "9", text.strip())


#: Words that make the name after them a point of comparison ("less costly than Amador", "the
#: same rent as City View"): what the sentence describes is something else.
_COMPARED = re.compile(
    r"\b(?:than|as|unlike|compared\s+(?:to|with)|similar\s+to)\s+(?:the\s+)?$", re.IGNORECASE
)
#: Words that deny what their sentence states ("not a United flight", "no flight at 7 am").
_NEGATION = re.compile(r"\b(?:not|no|never|neither|nor|none|without)\b|n't\b", re.IGNORECASE)


@dataclass(frozen=True)
class Stated:
    """A stretch of the reply that is a value some candidates hold: ``holders`` maps each such
    candidate to the properties it holds the value under (``NAME``: its own name)."""

    span: Span
    text: str
    kind: str  # words, entity (named by the reply), time, date, number, money, name
    holders: dict[URIRef, frozenset[URIRef]]

    @property
    def properties(self) -> frozenset[URIRef]:
        return frozenset(p for props in self.holders.values() for p in props)


@dataclass(frozen=True)
class Unheld:
    """A time, date, amount, count or KB entity of the reply that no candidate holds, with its
    typed value (an entity's IRI)."""

    span: Span
    text: str
    kind: str  # time, date, money, count, entity (a closed set's member), code (a phone
    # number), year, address, name (a capitalised stretch no one holds)
    value: object
    #: a date said from today ("tonight", "this Friday"): it can only state a date near today
    relative: bool = False
    #: a date stated by its weekday alone ("Saturday"): which week, the words do not say
    weekday: bool = False
    #: of a count, the properties that count its noun ("layovers": the number of stops)
    counts: frozenset[URIRef] = frozenset()
    #: of a name, the words right before it in its sentence ("the album" of "from the album
    #: Wonders"), which may name the property it is a value of
    before: tuple[str, ...] = ()
    #: of an amount said per a period ("£64 a day"), the period: of a property naming it only
    per: str | None = None
    #: of a measure ("72 degrees Fahrenheit", "2.5 km"), the unit it is stated in: compared
    #: with a property's values in that property's unit
    unit: str | None = None
    #: Whether the reading of it as the row's is certain enough to correct; a count said of
    #: the one row a call returned, by nothing else of the row, is flagged, never rewritten
    sure: bool = True
    #: of a measure, said as a round figure ("about 6 km"): what rounds to it agrees
    approximate: bool = False


@dataclass
class Facts:
    words: list[tuple[tuple[str, ...], URIRef]] = field(default_factory=list)
    #: (hour, minute) -> the properties holding that time of day
    moments: dict[tuple[int, int], set[URIRef]] = field(default_factory=dict)
    #: Each date (or date and time) held, as an interval, with its property
    days: list[tuple[Interval, URIRef]] = field(default_factory=list)
    #: The properties holding a date and time together (a deadline, a start): a time or a
    #: date stated alone is no sure value of theirs
    instants: set[URIRef] = field(default_factory=set)
    numbers: list[tuple[Decimal, URIRef]] = field(default_factory=list)
    #: Lengths of time held (``xsd:duration``), in minutes: values of measures only
    lengths: list[tuple[Decimal, URIRef]] = field(default_factory=list)
    objects: dict[URIRef, list[Node]] = field(default_factory=dict)


def facts_of(kb: KnowledgeBase, subject: URIRef) -> Facts:
    """What ``subject`` holds, by kind of value; a link to another candidate is a value too
    ("introduced by Lucas Ferreira", who is a programmer the reply may describe as well)."""
    out = Facts()
    label = value_words(kb.label(subject))
    if label:
        out.words.append((label, NAME))
    for p, o in kb.facts(subject):
        if p == RDF.type:
            continue  # the kind: "a flight" tells no flight from another
        if isinstance(o, URIRef):
            out.objects.setdefault(p, []).append(o)
            words = value_words(kb.label(o))
            if words and len(words) <= MAX_VALUE_WORDS:
                out.words.append((words, p))
            continue
        if not isinstance(o, Literal):
            continue
        out.objects.setdefault(p, []).append(o)
        value = o.toPython()
        if o.datatype == XSD.time and isinstance(value, time):
            out.moments.setdefault((value.hour, value.minute), set()).add(p)
        elif o.datatype in {XSD.dateTime, XSD.date} and isinstance(value, date):
            if isinstance(value, datetime):
                out.moments.setdefault((value.hour, value.minute), set()).add(p)
                out.instants.add(p)
            day = interval_of_literal(o)
            if day is not None:
                out.days.append((day, p))
        elif o.datatype in _NUMERIC:
            try:
                out.numbers.append((Decimal(str(o)), p))
            except InvalidOperation:
                continue
        elif (minutes := minutes_of(value)) is not None:
            out.lengths.append((minutes, p))  # "P3D": a length of time, in minutes
        elif o.datatype in (None, XSD.string):
            clock = _CLOCK.fullmatch(str(o).strip())
            if clock:  # "12:00" of a field a schema calls a string: a time of day still
                hour, minute = int(clock[1]), int(clock[2])
                out.moments.setdefault((hour, minute), set()).add(p)
                continue
            words = value_words(str(o))
            if not words or len(words) > MAX_VALUE_WORDS:
                continue
            if len(words) == 1 and _DIGITS.match(words[0]):
                out.numbers.append((Decimal(words[0]), p))  # "1" of a closed set of stops
            else:
                out.words.append((words, p))
    return out


# -- the reply's values -----------------------------------------------------------------------


def _people(kb: KnowledgeBase, held: dict[URIRef, set[URIRef]]) -> bool:
    """Whether the things holding a name are people (of a class the ontology takes for
    people's): a name set off by a comma may address one of them, not a place's."""
    onto = kb.ontology
    return bool(held) and all(
        any(onto.is_person_class(c) for c in onto.with_superclasses(kb.direct_types(s)))
        for s in held
    )


def stated_values(
    analysis: TurnAnalysis,
    kb: KnowledgeBase,
    facts: dict[URIRef, Facts],
    numeric: Sequence[NumericClaim],
    rows: bool,
    theirs: Sequence[Quantity] = (),
    counts: bool | None = None,
) -> tuple[list[Stated], list[Unheld]]:
    text = analysis.text
    found: dict[tuple[Span, str], dict[URIRef, set[URIRef]]] = {}

    def add(span: Span, kind: str, subject: URIRef, props: Iterable[URIRef]) -> None:
        found.setdefault((span, kind), {}).setdefault(subject, set()).update(props)

    words = words_of(text)
    parts = [w for _, _, w in words]
    for subject, held in facts.items():
        for value, prop in held.words:
            n = len(value)
            for i in range(len(parts) - n + 1):
                # the last word of a name may be in the plural ("two Kia Niro EVs" of "Kia Niro
                # EV"; not "two story times" of the Story Time)
                if tuple(parts[i : i + n - 1]) == value[:-1] and (
                    parts[i + n - 1] == value[-1]
                    or (
                        len(value[-1]) > 1
                        and text[words[i][0]].isupper()
                        and singular(parts[i + n - 1]) == value[-1]
                    )
                ):
                    end = words[i + n - 1][1]
                    while end > words[i][0] and text[end - 1] in ".,;:!?\"')(":
                        end -= 1
                    add(
                        Span(words[i][0], end), "name" if prop == NAME else "words", subject, [prop]
                    )
    unheld: list[Unheld] = []
    # a month frames the days stated with it ("In January: the workshop on 8 January and ...");
    # it tells rows apart only where no day is stated beside it ("£158.58 for November")
    days = [
        part
        for t in analysis.temporals
        for part in t.parts or (t,)
        if part.start is not None and part.has_date and part.granularity <= Granularity.DAY
    ]

    def frames(month: TemporalExpression) -> bool:
        """Whether a day of ``month`` is stated in its sentence ("In January ... on 8
        January"), not a day of another month ("Your November bill was issued on 6 December")."""
        sentence = next((s.span for s in analysis.segments if s.span.contains(month.span)), None)
        return sentence is not None and any(
            sentence.contains(d.span)
            and month.start is not None
            and month.end is not None
            and d.start is not None
            and month.start <= d.start < month.end
            for d in days
        )

    for t in analysis.temporals:
        for part in t.parts or (t,):
            if part.start is None or part.error:
                continue
            if part.granularity > Granularity.DAY and frames(part):
                continue
            if part.has_time:
                key = (part.start.hour, part.start.minute)
                span, said = part.part(time=True)
                holders = [(s, h.moments[key]) for s, h in facts.items() if key in h.moments]
                for s, props in holders:
                    add(span, "time", s, props)
                if not holders and not t.parts:
                    # (an end of a range, "from 8:30 to 10am", may be of no property: the
                    # start and a duration)
                    before = _words_before(analysis, span)
                    unheld.append(Unheld(span, said, "time", key, before=before))
            if part.granularity == Granularity.YEAR and part.end is not None:
                # "a pop song from 2016": a year held as a number (a release year); not an
                # open period ("since 2012")
                year = Decimal(part.start.year)
                span, said = part.part(time=False)
                held_years = [
                    (s, [p for v, p in h.numbers if v == year and holds_years(h, p)])
                    for s, h in facts.items()
                ]
                held_years = [(s, of_year) for s, of_year in held_years if of_year]
                for s, of_year in held_years:
                    add(span, "number", s, of_year)
                if not held_years and not t.parts:
                    unheld.append(Unheld(span, said, "year", year))
            if part.has_date and part.granularity <= Granularity.MONTH:
                # compared on the fields it states: "on Thursday" with a Thursday, "the 5th"
                # with the 5th of any month, "tomorrow" with that day, "for November" with a
                # day of November (a bill's period)
                span, said = part.part(time=False)
                dated = [
                    (s, {p for day, p in h.days if agrees(part, day)}) for s, h in facts.items()
                ]
                dated = [(s, props) for s, props in dated if props]
                for s, props in dated:
                    add(span, "date", s, props)
                if not dated and not t.parts and part.granularity <= Granularity.DAY:
                    unheld.append(
                        Unheld(
                            span,
                            said,
                            "date",
                            part.start.date(),
                            relative=t.relative,
                            weekday=not part.absolute and part.stated <= {"weekday"},
                        )
                    )
    elsewhere = {c.span for c in numeric if c.verdict == VERIFIED and c.subject is not None} - {
        c.span for c in numeric if c.subject is not None and URIRef(c.subject) in facts
    }
    # runs of digits written like phone numbers: their digits are no quantities
    codes = [
        Span(run.start(), run.end())
        for run in _CODE_RUN.finditer(text)
        if sum(c.isdigit() for c in run.group()) >= _CODE_DIGITS
    ]
    for q in analysis.quantities:
        if q.derived or q.span in elsewhere or q.kind not in {CURRENCY, COUNT, NUMBER, PERCENT}:
            if q.kind == QUANTITY and not q.derived and q.span not in elsewhere:
                _measure(analysis, kb, q, facts, rows if counts is None else counts, add, unheld)
            continue
        if any(c.contains(q.span) for c in codes):
            continue
        money = q.kind == CURRENCY
        # a KB record's numbers (``counts`` false): only one the sentence binds to a property
        # of no subject it names ("a 15 percent chance of rain" of the one forecast)
        unbound = q.anchor is not None and not q.anchor.subjects and bool(q.anchor.properties)
        if not money and not (rows if counts is None else counts or unbound):
            continue
        if any(restates(q, t) for t in theirs):
            continue  # "With 1,200 points you're in Bloom" after "I've got 1,200 points"
        counted = _counted(kb, q.unit, facts) if q.kind == COUNT and q.unit else None
        if counted is not None and not counted and q.unit:
            # "3 business days": the noun a compound ends on counts what it is
            head = _compound_head(text, q.span)
            counted = _counted(kb, head, facts) if head else counted
        if counted is not None and not counted and q.unit:
            # "a 3 star hotel": of the property whose name holds the count's noun ("star
            # rating"), where none counts it
            counted = _named_with(kb, q.unit, facts)
        if counted is not None and not counted:
            continue  # "1 layovers": a count of what no property names is of nothing here
        # "a 32 percent chance of rain": of the property the words after it name, not the
        # humidity that happens to be 32
        words_name = {URIRef(p) for p in q.named}
        if (
            words_name
            and counted is None
            and any(p in words_name for h in facts.values() for _, p in h.numbers)
        ):
            # (words naming a property no candidate holds, the KB's "monthly price" beside a
            # row's "monthly_price" field, say nothing of the candidates)
            counted = words_name
        holders_q: list[tuple[URIRef, list[URIRef]]] = []
        for s, h in facts.items():
            matched = [
                p
                for v, p in h.numbers
                if _same_number(q.value, v, money)
                and (counted is None or p in counted)
                and money == money_like(kb, p)  # "£20" is no capacity, "20 places" no price
                # "15 percent" is no wind speed of 15 miles per hour
                and (q.kind != PERCENT or kb.ontology.unit_of(p) in _PERCENT_UNITS)
            ]
            if matched:
                holders_q.append((s, matched))
        for s, matched in holders_q:
            add(q.span, "money" if money else "number", s, matched)
        if not holders_q and money:
            per = q.per if q.per in PERIOD_WORDS else None
            unheld.append(Unheld(q.span, q.text, "money", q.value, per=per))
        elif not holders_q and counted:
            # "has 1 layovers" where no row has 1 stop: a count of what a property counts
            unheld.append(Unheld(q.span, q.text, "count", q.value, counts=frozenset(counted)))
        elif not holders_q and q.kind in {NUMBER, PERCENT}:
            # "an average daily temperature of 72": of the property the words before it name
            numbers = {p for h in facts.values() for _, p in h.numbers}
            said_of = named_before(kb, _words_before(analysis, q.span), numbers, _OF)
            if not said_of and q.anchor is not None and not q.anchor.subjects:
                # "a 15 percent chance of rain": the property the sentence binds it to, of no
                # subject it names (the item's row is the subject)
                said_of = {URIRef(p) for p in q.anchor.properties} & numbers
            if said_of:
                unheld.append(Unheld(q.span, q.text, "count", q.value, counts=frozenset(said_of)))
    # a KB entity the reply names, by any of its names ("Dr MacLeod", "Quayside"): a candidate
    # itself, or a value candidates hold
    for m in analysis.mentions:
        if m.kind != "entity" or m.iri is None:
            continue
        node = URIRef(m.iri)
        if node in facts:
            add(m.span, "name", node, [NAME])
        for s, h in facts.items():
            owned = [p for p, objects in h.objects.items() if node in objects]
            if owned:
                add(m.span, "entity", s, owned)
    # a KB entity no candidate holds nor is ("an Alaska Airlines flight" among American's
    # and Delta's): a value of the kind of one of the row's properties, perhaps
    taken = [span for span, _ in found]
    for m in analysis.mentions if rows else ():
        if m.kind != "entity" or m.iri is None or URIRef(m.iri) in facts:
            continue
        if any(t.overlaps(m.span) for t in taken):
            continue
        unheld.append(Unheld(m.span, m.text, "entity", m.iri))
    # a number written like a phone number that no candidate holds ("call them at +1
    # 470-231-3030"): of the row's one property whose values are written alike, perhaps
    taken = [span for span, kind in found if kind != "number"]
    for span in codes if rows else ():
        said = text[span.start : span.end]
        if not any(t.overlaps(span) for t in taken):
            unheld.append(
                Unheld(span, said, "code", shape(said), before=_words_before(analysis, span))
            )
    # a street address no candidate holds ("Their address is 89 South street"): of the row's
    # one property whose values are addresses, perhaps
    for run in STREET_ADDRESS.finditer(text) if rows else ():
        span = Span(run.start(), run.end())
        if not any(t.overlaps(span) for t, _ in found):
            unheld.append(
                Unheld(
                    span, run.group(), "address", run.group(), before=_words_before(analysis, span)
                )
            )
    # a capitalised stretch no candidate holds nor the KB names ("How about Gotta Be A Reason
    # by Mindy Gledhill"): the name of the row the other values tell, perhaps
    if rows:
        taken = [span for span, _ in found] + [
            m.span for m in analysis.mentions if m.kind not in {"name"}
        ]
        taken += [t.span for t in analysis.temporals] + [q.span for q in analysis.quantities]
        taken += [u.span for u in unheld]
        named = {m.span for m in analysis.mentions if m.kind == "name"}
        strings = {p for h in facts.values() for p in text_properties(h)}
        for span in _capitalised(analysis):
            said = text[span.start : span.end]
            if any(t.overlaps(span) for t in taken):
                continue
            if " " not in said and addresses_reader(text, span):
                continue  # "Of course, Kenji.": the reader's first name
            before = _words_before(analysis, span)
            if " " not in said:
                # one word: an abbreviation ("LA") only where the words before it name a
                # property ("the code LAX"); a short one ("Ok") only where the reading of names
                # took it for a name
                if said.isupper() and not named_before(kb, before, strings):
                    continue
                if len(said) < _SHORTEST and span not in named:
                    continue
            unheld.append(Unheld(span, said, "name", said, before=before))
    # what the user asked for, restated, is the user's; a denied value is no description
    aside = restated_spans(analysis) + [
        s.span for s in analysis.segments if _NEGATION.search(s.text)
    ]
    stated = [
        Stated(span, text[span.start : span.end], kind, {s: frozenset(p) for s, p in held.items()})
        for (span, kind), held in found.items()
        if not any(a.contains(span) for a in aside)
        # a name compared with is not what the sentence describes, nor one addressed
        and not (kind == "name" and _COMPARED.search(text, max(0, span.start - 30), span.start))
        and not (kind == "name" and addresses_reader(text, span) and _people(kb, held))
    ]
    # a day or time no row holds, in a question, is asked about ("Anything else today?",
    # "Would you like to go tomorrow?"), not stated (an airline or a price offered in one,
    # "How about an Alaska Airlines flight at 7 am?", is)
    asked = [s.span for s in analysis.segments if is_question(s.text)]
    # a date or time the checks of numbers found right for one of these things, through a node
    # it points at ("the lines open at 7:30am" of a depot's opening hours), is held
    found_right = [
        c.span
        for c in numeric
        if c.verdict == VERIFIED and c.subject is not None and URIRef(c.subject) in facts
    ]
    unheld = [
        u
        for u in unheld
        if not any(a.contains(u.span) for a in aside)
        and not (u.kind in {"date", "time"} and any(a.contains(u.span) for a in asked))
        and not (u.kind in {"date", "time"} and any(f.overlaps(u.span) for f in found_right))
    ]
    # a stretch inside a longer one is the longer one's ("Dodger" of "Dodger Stadium")
    stated = [
        v
        for v in stated
        if not any(o is not v and o.span.contains(v.span) and o.span != v.span for o in stated)
    ]
    # the same stretch read as words and as a number ("1" of a closed set): one value
    merged: dict[Span, Stated] = {}
    for v in sorted(stated, key=lambda v: (v.span.start, v.span.end)):
        known = merged.get(v.span)
        if known is None:
            merged[v.span] = v
            continue
        joined = dict(known.holders)
        for s, more in v.holders.items():
            joined[s] = joined.get(s, frozenset()) | more
        # a thing's name is a name, whatever else holds it ("Lucas Ferreira", a programmer,
        # and the one who introduces a screening)
        kind = v.kind if v.kind == _NAME_KIND else known.kind
        merged[v.span] = Stated(v.span, v.text, kind, joined)
    return list(merged.values()), unheld


#: A run of capitalised words, with the small words a title keeps lower-case inside it ("Theater
#: of the Clouds"); words of digits may open it ("57 Hotel", "11 Howard").
_CAPITALISED = re.compile(
    r"(?:\b\d+\s+)?[A-Z][\w'&.-]*(?:\s+(?:(?:of|the|a|an|and|in|on|at|de|la|le|du|von|van|&)\s+)*"
    r"[A-Z0-9][\w'&.-]*)*"
)
_PLAIN_WORD = re.compile(r"[A-Za-z]+")
#: The fewest letters of one capitalised word read as a name ("Bolt", not "Ok").
_SHORTEST = 4
#: The most words before a name that may name the property it is a value of.
_BEFORE = 3
#: Words that open a sentence or a phrase without naming anything, besides the small words
#: ("Try Blocks by Halsey", "Sure, ...", "Enjoy!").
_OPENERS = frozenset({"try", "sure", "okay", "ok", "yes", "let", "enjoy", "great", "check"})


def _words_before(analysis: TurnAnalysis, span: Span) -> tuple[str, ...]:
    """The last few words before ``span`` in its sentence, lower-cased."""
    start = next((g.span.start for g in analysis.segments if g.span.contains(span)), 0)
    words = _PLAIN_WORD.findall(analysis.text[start : span.start])
    return tuple(w.lower() for w in words[-_BEFORE:])


def _opens(word: str) -> bool:
    """Whether ``word`` opens a sentence or a phrase without naming anything."""
    key = word.lower().strip(",.")
    return key in STOP_WORDS or key in _OPENERS


def text_properties(own: Facts) -> set[URIRef]:
    """The properties of ``own`` holding a plain string (no number, date or time)."""
    return {
        p
        for p, objects in own.objects.items()
        if p != NAME
        and any(isinstance(o, Literal) and o.datatype in (None, XSD.string) for o in objects)
    }


def modifies_noun(text: str, span: Span) -> bool:
    """Whether the date at ``span`` stands between a determiner and the noun it modifies ("your
    November bill", "the Friday class"): it tells which thing, by a date of it that need not
    be the one a row holds of the same month (its due date)."""
    before = _LAST_WORD.search(text, 0, span.start)
    after = _FIRST_WORD.match(text, span.end)
    return (
        before is not None
        and before.group(1).lower() in _DETERMINERS
        and after is not None
        and after.group(1).islower()
        and after.group(1) not in STOP_WORDS
    )


def _compound_head(text: str, span: Span) -> str | None:
    """The noun ending the compound a count is of ("days" of "3 business days"), where a second
    word follows its first; ``None`` otherwise."""
    m = _TWO_WORDS.match(text, span.end)
    return m.group(1) if m else None


def named_before(
    kb: KnowledgeBase,
    before: tuple[str, ...],
    props: set[URIRef],
    linking: frozenset[str] | None = None,
) -> set[URIRef]:
    """Those of ``props`` that the words ``before`` a value name: a phrase of the property ends
    them ("the album" of "from the album Wonders"), or its head noun does, a verb "be" or a
    preposition after it ("Their address is ..." of "address of location"). A phrase of small
    words only (a field named "to") names nothing."""
    words = list(before)
    while words and words[-1] in (linking or _LINKING):
        words.pop()
    found = set()
    for prop in props:
        for phrase in property_phrases(kb, prop):
            tokens = tuple(normalize(phrase).split())
            if not tokens or all(t in STOP_WORDS for t in tokens):
                continue
            head = tokens[tokens.index("of") - 1] if "of" in tokens[1:] else tokens[-1]
            if before[-len(tokens) :] == tokens or (words and words[-1] == head):
                found.add(prop)
                break
    return found


#: Words between a property's name and its value ("address is", "located at").
_LINKING = frozenset({"is", "are", "was", "were", "be", "at", "on", "in"})
#: ... and between a measure's name and its number ("a temperature of 72", "humidity is
#: around 20 percent").
_OF = _LINKING | {"of", "around", "about", "roughly", "approximately", "reach", "to"}
#: Words that open a noun phrase a date may modify ("your November bill").
_DETERMINERS = frozenset({"your", "my", "our", "his", "her", "their", "its", "the"})
_LAST_WORD = re.compile(r"([A-Za-z]+)\s+$")
_FIRST_WORD = re.compile(r"\s+([A-Za-z]+)\b")
#: A count's noun and the noun after it ("business days").
_TWO_WORDS = re.compile(r"\s+[A-Za-z]+\s+([A-Za-z]+)\b")


def _capitalised(analysis: TurnAnalysis) -> list[Span]:
    """The runs of capitalised words of ``analysis`` that may be a name: not a word that opens
    a sentence ("Try", "How"), nor one capitalised word opening one ("Blocks by Halsey" after
    "Try" is; "Enjoy" is not)."""
    text = analysis.text
    out = []
    for segment in analysis.segments:
        start = segment.span.start
        for m in _CAPITALISED.finditer(text, start, segment.span.end):
            words = [(w.start(), w.end()) for w in re.finditer(r"\S+", m.group())]
            while words and _opens(m.group()[words[0][0] : words[0][1]]):
                words = words[1:]
            if any(
                singular(m.group()[a:b].lower().strip(",.")) in CALENDAR_WORDS for a, b in words
            ):
                continue  # "back to Mondays", "in March": a day or a month, no name
            if not words:
                continue
            first = m.start() + words[0][0]
            end = m.start() + words[-1][1]
            while end > first and text[end - 1] in _AROUND:
                end -= 1
            opening = not text[start:first].strip(" \"'(")
            if opening and len(words) == 1:
                continue  # one capitalised word opening a sentence is any word
            out.append(Span(first, end))
    return out


def unsaid_closed_values(analysis: TurnAnalysis, kb: KnowledgeBase) -> list[Span]:
    """The members of closed sets the reading of closed values did not take as stated: asked
    about, offered as alternatives, or a state to come ("we expect to have F-2231 fixed by
    4pm": the fault is not fixed now)."""
    said = {v.span for v in analysis.values}
    closed = kb.ontology.closed_world
    return [
        m.span
        for m in analysis.mentions
        if m.iri is not None and m.span not in said and kb.direct_types(URIRef(m.iri)) & closed
    ]


#: The kind of value a stretch is when it is a candidate's own name, whatever else it reads as.
_NAME_KIND = "name"
#: The years a number property's values may be to be read as years.
_YEARS = (Decimal(1000), Decimal(2200))


def holds_years(facts: Facts, prop: URIRef) -> bool:
    """Whether every value ``facts`` holds of ``prop`` is a whole number that reads as a year."""
    values = [v for v, p in facts.numbers if p == prop]
    return bool(values) and all(
        _YEARS[0] <= v <= _YEARS[1] and v == v.to_integral_value() for v in values
    )


#: A property's label naming a rate ("points per pound").
_PER = re.compile(r"\bper\b", re.IGNORECASE)


def _counted(kb: KnowledgeBase, noun: str, facts: dict[URIRef, Facts]) -> set[URIRef]:
    """The candidates' number properties that count what ``noun`` names ("0 transfers":
    "transfers"; "1 layover": a property described as "Number of layovers"; not "minimum
    rider age" for "8 riders"): :func:`~kgcheck.nlp.anchors.counts_of`."""
    word = singular(noun.lower())
    # a rate of the noun counts none of it ("3,000 points" is no "points per pound"), nor
    # does an amount of a unit ("three data add-ons" is no "extra data gb")
    props = {
        p
        for h in facts.values()
        for _, p in h.numbers
        if not _PER.search(kb.ontology.label(p) or "") and not _measured(kb, p)
    }
    counts: dict[str, set[URIRef]] = defaultdict(set)
    for p in props:
        for counted in counts_of(kb, p):
            counts[counted].add(p)
    if counts.get(word) or _labelled(kb, props).get(word):
        return set(counts.get(word, ()))  # "17 places" of "places left": its own words
    # "1 layovers": of "Number of stops in the itinerary", a noun of one of its senses
    return named_by(word, counts)


def _measured(kb: KnowledgeBase, prop: URIRef) -> bool:
    """Whether ``prop`` holds amounts of a unit of measure or of money (GB, km, £): no
    count of things (a number of days is one: "3 business days")."""
    unit = kb.ontology.unit_of(prop)
    return unit is not None and (is_currency(unit) or dimension(unit) not in {None, "time"})


def _named_with(kb: KnowledgeBase, noun: str, facts: dict[URIRef, Facts]) -> set[URIRef]:
    """The candidates' number properties whose label holds ``noun`` ("star" of "star
    rating")."""
    word = singular(noun.lower())
    props = {p for h in facts.values() for _, p in h.numbers if not _measured(kb, p)}
    return named_by(word, _labelled(kb, props))


def _labelled(kb: KnowledgeBase, props: Iterable[URIRef]) -> dict[str, set[URIRef]]:
    """For each word of the labels of ``props`` (singular), the properties whose label has it."""
    labelled: dict[str, set[URIRef]] = defaultdict(set)
    for p in props:
        for w in _PLAIN_WORD.findall(kb.ontology.label(p).lower()):
            labelled[singular(w)].add(p)
    return labelled


def words_of(text: str) -> list[tuple[int, int, str]]:
    """The words of ``text`` as :func:`~kgcheck.kb.normalize.value_words` folds them, each with
    the start and end of the stretch it comes from."""
    out: list[tuple[int, int, str]] = []
    for m in _WORD.finditer(text):
        # the stretch without the punctuation around it ("Airlines," ends where the name does)
        word = m.group().rstrip(_AROUND)
        start = m.start() + len(word) - len(word.lstrip(_AROUND))
        out.extend((start, m.start() + len(word), part) for part in value_words(m.group()))
    return out


def _measure(
    analysis: TurnAnalysis,
    kb: KnowledgeBase,
    q: Quantity,
    facts: dict[URIRef, Facts],
    counts: bool,
    add: Callable[[Span, str, URIRef, Iterable[URIRef]], None],
    unheld: list[Unheld],
) -> None:
    """A measure with its unit ("72 degrees Fahrenheit", "1.2 km"): a value of the properties
    whose unit it converts to and whose value it is there; held by none, a value of the property
    the words before it or the sentence name, among those ("an average temperature of 72
    degrees Fahrenheit" where the forecast says 70). A property with no unit takes no measure."""
    unit = q.unit
    if unit is None:
        return
    held = False
    for s, h in facts.items():
        matched = [
            p
            for v, p in h.numbers + h.lengths
            if same_measure(kb, q.value, unit, p, v, approximate=q.approximate)
        ]
        if matched:
            held = True
            add(q.span, "number", s, matched)
    unbound = q.anchor is not None and not q.anchor.subjects and bool(q.anchor.properties)
    if held or not (counts or unbound):
        return
    numbers = {
        p
        for h in facts.values()
        for _, p in h.numbers + h.lengths
        if _in_unit(kb, q, p) is not None
    }
    said_of = named_before(kb, _words_before(analysis, q.span), numbers, _OF)
    if (
        not said_of
        and q.anchor is not None
        and {URIRef(s) for s in q.anchor.subjects} <= facts.keys()
    ):
        # the property the sentence binds it to, of no subject it names or of a candidate
        said_of = {URIRef(p) for p in q.anchor.properties} & numbers
    if said_of:
        # which row a measure is of, a sentence naming several ("one 240-litre bin at £25 and
        # a 23-litre caddy") does not surely say: flagged, never rewritten
        unheld.append(
            Unheld(
                q.span,
                q.text,
                "count",
                q.value,
                counts=frozenset(said_of),
                unit=q.unit,
                approximate=q.approximate,
                sure=False,
            )
        )


def _in_unit(kb: KnowledgeBase, q: Quantity, prop: URIRef) -> Decimal | None:
    """``q``'s value in ``prop``'s unit; ``None`` where ``prop`` has no unit or one ``q``'s
    does not convert to."""
    unit = kb.ontology.unit_of(prop)
    return None if unit is None or q.unit is None else convert(q.value, q.unit, unit)


def same_measure(
    kb: KnowledgeBase,
    value: Decimal,
    unit: str,
    prop: URIRef,
    held: Decimal,
    *,
    approximate: bool = False,
) -> bool:
    r"""Whether ``value`` in ``unit`` is ``held``, a value of ``prop``: equal in the same unit
    (or, said ``approximate``\ly, what it rounds to: "about 6 km" of 6.1 km), within what
    rounding a figure converted from another allows ("1.2 miles" of 1.93 km); never where
    ``prop`` has no unit or one ``unit`` does not convert to."""
    target = kb.ontology.unit_of(prop)
    converted = None if target is None else convert(value, unit, target)
    if converted is None:
        return False
    if canonical_unit(unit) == target:
        whole = dimension(target) != "time"  # "about an hour" is no 45 minutes
        return converted == held or (approximate and rounded_agrees(converted, held, to_unit=whole))
    return held != 0 and abs(converted - held) / abs(held) <= MEASURE_TOLERANCE


def _same_number(stated: Decimal, held: Decimal, money: bool) -> bool:
    if not money:
        return stated == held
    # an amount is said by its size: "you spent £42.17" of a row's -42.17, money going out
    stated, held = abs(stated), abs(held)
    if stated != stated.to_integral_value():
        # written to the penny ("£1,021.64"), it is that amount, not one 1% off (£1,012.64)
        return abs(stated - held) < _PENNY
    if held == 0:
        return stated == 0
    return abs(stated - held) / abs(held) <= MONEY_TOLERANCE


def money_like(kb: KnowledgeBase, prop: URIRef) -> bool:
    """Whether ``prop`` holds amounts of money: its unit is a currency, or its label, local
    name or description names money ("price", "total fare", "Extra charge on top of the
    call-out fee")."""
    unit = kb.ontology.unit_of(prop)
    if unit is not None:
        return is_currency(unit)
    return prop in kb.ontology.money
