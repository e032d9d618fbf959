"""Binding quantities and dates to what they are about: KB subjects, properties and periods.

A quantity inside the object of an extracted claim takes the claim's subject and property.
Otherwise the property comes from the lexicon ("NOI", "occupancy", "low of") nearest the number
in its sentence, or, failing that, from the unit (``kgc:unit "mile"`` for "4 miles"); the
subject is the KB entity of the sentence that holds a value for such a property, else the most
salient entity of the conversation that does. The period is the nearest date or period of the
sentence, a comma or semicolon away counting as far.

Usage::

    anchorer = Anchorer(kb)
    quantities = anchorer.quantities(toks, mentions, matches, claims, context, found, temporals)
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from rdflib import RDF, RDFS, SKOS, URIRef
from spacy.lang.en.stop_words import STOP_WORDS

from kgcheck.kb.cache import per_kb
from kgcheck.kb.knowledge_base import VALID_FROM, VALID_THROUGH, KnowledgeBase
from kgcheck.kb.normalize import name_tokens, value_words
from kgcheck.kb.observations import observations
from kgcheck.kb.ontology import OntologyView
from kgcheck.kb.phrasings import name_words
from kgcheck.nlp.analysis import Claim, Mention
from kgcheck.nlp.lexicon import PredicateMatch
from kgcheck.nlp.literals import DATE_TYPES, NUMERIC_TYPES, XSD
from kgcheck.nlp.synonyms import named_by
from kgcheck.nlp.ties import Ties
from kgcheck.nlp.tokens import Tok
from kgcheck.periods import interval_of_literal
from kgcheck.tools.graph import FIELD_NS
from kgcheck.values.durations import DURATION_TYPES
from kgcheck.values.quantities import (
    COUNT,
    CURRENCY,
    DIMENSION_WORDS,
    NUMBER,
    ONE_OFF_CHARGES,
    PERCENT,
    PERIOD_OF,
    PERIOD_WORDS,
    QUANTITY,
    RATIO,
    Quantity,
    canonical_unit,
    convert,
    counted_nouns,
    dimension,
    is_currency,
    is_unit_word,
    same_counted,
    singular,
    split_rate,
)
from kgcheck.values.temporal import TemporalExpression, may_state

__all__ = [
    "Anchor",
    "Anchorer",
    "Description",
    "bare_value",
    "counts_of",
    "distinctive_words",
    "label_words",
    "names_period",
    "names_unit",
    "property_phrases",
]

_TIME_TYPES = frozenset({XSD + "time", XSD + "dateTime"})
#: Tokens that end a clause for the purpose of binding (a comma or semicolon away is far).
_BREAKS = frozenset({",", ";", ":", "but", "while", "whereas", "although", "however"})
_FAR = 100
#: What opens and closes the period a statement holds in: no date of the thing itself.
_VALIDITY = VALID_FROM | VALID_THROUGH
#: At most this many entities with a value of a property are checked for a value stated of
#: none the reply names (the rows of a search; not the prices of a whole catalogue).
_FEW = 32
#: What names a node and says nothing more of it.
_NAMING = frozenset({RDF.type, RDFS.label, SKOS.prefLabel, SKOS.altLabel})
#: The most words a description by value may have ("coffee or tea place").
_MAX_DESCRIPTION = 4


@dataclass(frozen=True, slots=True)
class Description:
    """An item that names an entry and another entity the entry is with ("your meeting with
    Martha at 9 am"), where no entry of that name is linked to that entity: ``named`` are the
    entries the name stands for, ``linked`` those linked to the other entity. Which of the two
    is wrong, the stated day or time decides (``mismatched_entry``)."""

    #: ``None``: the item picks one of the entries the conversation is about ("the one").
    name: Mention | None
    named: tuple[str, ...]
    link: Mention
    linked: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Anchor:
    """What a quantity or date is about.

    ``subjects`` are KB IRIs, preferred first (several when a name is ambiguous);
    ``properties`` the KB properties it may be a value of, preferred first; ``claim_index`` the
    extracted claim whose object it is; ``how`` is ``claim``, ``sentence``, ``context``
    (the subject came from an earlier turn) or ``few`` (the reply names none: the subjects are
    the few entities that have such a value, and the value is checked against each).
    """

    subjects: tuple[str, ...]
    properties: tuple[str, ...]
    claim_index: int | None = None
    how: str = "sentence"
    #: How many of the first ``subjects`` the nearest mention stands for (0: no such order):
    #: they win where the values fit another subject as well.
    nearest: int = 0
    #: The item names an entry and other entities no entry of that name is linked to: the
    #: subjects are both sides' entries, and the value tells which side it fits.
    described: tuple[Description, ...] = ()
    #: The reading is certain: the subject is named plainly (not by a typo, not only by the
    #: conversation, a pronoun only where the reply named its entity last) and the sentence ties
    #: the item to it (the object of its claim; the parse puts the name in the item's clause's
    #: subject, the item in the name's phrase, or the item in a relative clause on the name).
    #: Only a certain reading is corrected; another one is flagged and shown.
    certain: bool = False
    #: The properties came from the item's unit alone: no word of the sentence names one.
    guessed: bool = False


class _BySentence:
    """The mentions, predicate matches, claims and item positions of a reply by sentence, so
    that binding one item costs the same however long the reply is."""

    def __init__(
        self,
        toks: Sequence[Tok],
        mentions: Sequence[Mention],
        matches: Sequence[PredicateMatch],
        claims: Sequence[Claim],
        positions: Sequence[int],
    ) -> None:
        self.mentions: dict[int, list[Mention]] = defaultdict(list)
        self.matches: dict[int, list[PredicateMatch]] = defaultdict(list)
        self.claims: dict[int, list[Claim]] = defaultdict(list)
        self.positions: dict[int, list[int]] = defaultdict(list)
        self.distance = Distance(toks)
        for m in mentions:
            self.mentions[m.segment].append(m)
        for p in matches:
            self.matches[toks[p.start].sent].append(p)
        for c in claims:
            self.claims[c.segment].append(c)
        for i in positions:
            self.positions[toks[i].sent].append(i)


class Anchorer:
    """Binds the quantities and temporal expressions of one reply (see the module docstring)."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        self.onto = kb.ontology
        self.obs = observations(kb)
        ranges = {p: {str(r) for r in rs} for p, rs in self.onto.range.items()}
        self.numeric = {p for p, rs in ranges.items() if rs & NUMERIC_TYPES}
        self.numeric |= set(self.onto.tolerance) | set(self.onto.unit)
        self.numeric |= {p for p in self.obs.predicates if p not in ranges}
        self.dates = {p for p, rs in ranges.items() if rs & DATE_TYPES}
        #: Date properties of years or months alone: no moment of a day is a value of them
        self.coarse_dates = {p for p, rs in ranges.items() if rs and rs <= _COARSE_DATE_TYPES}
        self.times = {p for p, rs in ranges.items() if rs & _TIME_TYPES}
        # lengths of time (``xsd:duration``) are numbers too, in minutes (OntologyView.unit_of)
        self.numeric |= {p for p, rs in ranges.items() if rs & DURATION_TYPES}
        self.units = {p: self.onto.unit_of(p) for p in (*self.onto.unit, *self.numeric)}
        self.units = {p: u for p, u in self.units.items() if u is not None}
        #: "98 pounds" can be sterling: the KB prices in pounds and weighs nothing in them.
        self.pounds_sterling = "GBP" in self.units.values() and "lb" not in self.units.values()
        #: The currency a bare "$" is read as (:meth:`OntologyView.dollar`).
        self.dollar = self.onto.dollar()
        #: The other currencies a reply's amounts are read in (:meth:`OntologyView.currencies`).
        self.currencies = self.onto.currencies()
        #: each money property's periods named by its phrases, and whether it is a one-off
        self._periods: dict[URIRef, tuple[frozenset[str], bool]] = {}
        #: each property: whether its label makes it a rate per a thing ("points per pound")
        self._rates: dict[URIRef, bool] = {}
        self.counted = _counted_nouns(self.onto, self.numeric)
        #: For each noun, the numeric properties that count it by their phrasing ("number of
        #: reviews", "reviews count"; not "minimum rider age")
        self.counts = _counts(self.kb, self.numeric)
        #: The last word of each class label of several words, and its classes
        #: ("flight": the oneway and the roundtrip flights).
        self.heads: dict[str, set[URIRef]] = defaultdict(set)
        for label, cls_ in self.onto.class_labels.items():
            if " " in label:
                self.heads[label.rsplit(" ", 1)[1]].add(cls_)
        #: Whether the KB says which properties are money (a currency unit, a money noun).
        self.priced = bool(self.onto.money) or any(
            u is not None and is_currency(u) for u in self.units.values()
        )

    # --- quantities --------------------------------------------------------------------------

    def quantities(
        self,
        toks: Sequence[Tok],
        mentions: Sequence[Mention],
        matches: Sequence[PredicateMatch],
        claims: Sequence[Claim],
        context: Sequence[str],
        found: Sequence[Quantity],
        temporals: Sequence[TemporalExpression],
    ) -> list[Quantity]:
        """``found`` with their anchors and periods."""
        starts = [t.start for t in toks]
        positions = [_token_at(starts, q.span.start) for q in found]
        local = _BySentence(toks, mentions, matches, claims, positions)
        ties = Ties(toks, mentions, form_tokens(matches))
        dated = _dated_by_sentence(toks, starts, temporals)
        lemmas: dict[int, set[str]] = defaultdict(set)
        if self.pounds_sterling and any(q.unit == "lb" for q in found):
            for t in toks:
                lemmas[t.sent].add(t.lemma)
        out: list[Quantity] = []
        for q, i in zip(found, positions, strict=True):
            q = self._pounds(q, lemmas[toks[i].sent])
            # "60F today, and 60F tomorrow": a number with no form of its own shares the
            # property of the one before it in the sentence, when they measure alike (a bare
            # number measures nothing: "seats 90, so a group of 20 should be fine")
            prev = out[-1] if out else None
            shared: list[URIRef] = []
            if (
                prev is not None
                and prev.anchor is not None
                and q.kind != NUMBER
                and toks[_token_at(starts, prev.span.start)].sent == toks[i].sent
                and (prev.kind, prev.unit, prev.currency, prev.per)
                == (q.kind, q.unit, q.currency, q.per)
            ):
                shared = [URIRef(p) for p in prev.anchor.properties]
            last = _token_at(starts, max(q.span.end - 1, q.span.start))
            if shared and _has_own_words(toks, last, temporals):
                # "10 ft wide by 5 ft deep", "the £40 stairs fee and the £128.70 weekend
                # surcharge": a number with a word of its own says what it measures itself
                shared = []
            sent = toks[i].sent
            forms = local.matches.get(sent, [])
            if q.kind == NUMBER:
                # "a cafe on platform 2", "room 401": a bare number right after a noun names
                # one of them; it is not how many there are ("be at least 18" is a minimum
                # age: no noun before it)
                forms = [m for m in forms if m.end != i or toks[m.end - 1].pos not in _NAMING_POS]
            q = _counted_past_adjective(q, toks, i, last)
            found_count = self._found_count(toks, i, last, q)
            if found_count is not None:
                out.append(replace(q, anchor=found_count))
                continue
            # the properties a form right before the number names ("be at least 18")
            adjacent = frozenset(URIRef(p) for m in forms if m.end == i for p in m.properties)
            anchor = self._anchor(
                toks,
                i,
                local.mentions.get(sent, []),
                forms,
                local.claims.get(sent, []),
                context,
                others=local.positions.get(sent, []),
                fits=lambda p, q=q: self._fits(q, p),  # type: ignore[misc]
                named_fits=lambda p, q=q, by=adjacent: (  # type: ignore[misc]
                    self._fits(q, p) or (p in by and self._bare_fits(q, p))
                ),
                fallback=lambda q=q, shared=shared: shared or self._by_unit(q),  # type: ignore[misc]
                distance=local.distance,
                ties=ties,
                last=last,
                counted=q.unit if q.kind == COUNT else None,
                measure=q.kind in {CURRENCY, PERCENT, QUANTITY},
            )
            named: tuple[str, ...] = ()
            if anchor is not None and len(anchor.properties) > 1:
                named = self._named_after(anchor.properties, toks, last)
                if named and not self._some_hold(anchor.subjects, named):
                    # "Our 2025 Sauvignon Blanc is R135 a bottle": "bottle" names the corkage
                    # fee (per bottle), which no wine has; the wine's own price is meant
                    named = ()
                if named:
                    anchor = replace(anchor, properties=named)
            period = _nearest(toks, starts, i, dated.get(sent, []), last=last)
            out.append(replace(q, anchor=anchor, period=period, named=named))
        return _guesses_named_elsewhere(out, toks, starts)

    def _some_hold(self, subjects: Sequence[str], properties: Sequence[str]) -> bool:
        """Whether one of ``subjects`` has a value of one of ``properties``; true of no
        subjects (nothing to tell)."""
        props = [URIRef(p) for p in properties]
        return not subjects or any(self._holds(URIRef(s), props) for s in subjects)

    def _named_after(
        self, properties: Sequence[str], toks: Sequence[Tok], last: int, *, whole: bool = False
    ) -> tuple[str, ...]:
        """Those of ``properties`` that the words after the number name, where they name some
        and not all (else none) ("a 32 percent chance of rain": the precipitation,
        "The possibility of rain or snow in percentage", not the humidity, also a
        percentage); the words run to the next number, verb, punctuation or preposition (but
        "of"). With ``whole``, those all the content words of whose label the words say."""
        words = self._words_after(toks, last)
        if not words:
            return ()
        if whole:
            # the words name all of a property's name ("your 25% deposit" of "deposit"; "a
            # £1.50 fee per transaction" is no "annual fee")
            named = tuple(
                p
                for p in properties
                if (label := name_words_of(self.onto.label(URIRef(p)))) and label <= words
            )
            return named if len(named) < len(properties) else ()
        named = tuple(
            p
            for p in properties
            if words
            & {
                singular(w)
                for phrase in property_phrases(self.kb, URIRef(p))
                for w in name_words(phrase)
            }
        )
        return named if len(named) < len(properties) else ()

    @staticmethod
    def _words_after(toks: Sequence[Tok], last: int) -> set[str]:
        """The content words right after the number ending at token ``last``, in the singular,
        up to the next number, verb, punctuation or preposition (but "of")."""
        words = set()
        for t in toks[last + 1 : last + 1 + _AFTER_WORDS]:
            if t.sent != toks[last].sent or not t.is_alpha or t.pos in _ENDS_AFTER:
                break
            if t.pos == "ADP" and t.lower != "of":
                break
            if t.lower not in STOP_WORDS:
                words.add(singular(t.lower))
        return words

    def _found_count(self, toks: Sequence[Tok], i: int, last: int, q: Quantity) -> Anchor | None:
        """The anchor of a number the assistant says it found ("I found 7 therapists", "I've
        located 9 places", "I found 3, how about ...") when no property counts its noun: the
        count of the latest search's results, whatever the rows are called; a reading that
        is not certain (the noun names no property), so it is flagged, never rewritten. Not
        of "3 more" or "9 other hotels" (a count of the rest) nor of "2 refrigeration
        specialists" (a noun with a word before it may count some of the rows)."""
        if q.kind not in {COUNT, NUMBER} or not _says_found(toks, i):
            return None
        props = sorted(self.counts.get("result", ()))
        holders = self._few_holders(props) if props else []
        counting = self.counts.get(singular(q.unit.lower())) if q.kind == COUNT and q.unit else None
        if counting and (len(holders) != 1 or any(str(p).startswith(FIELD_NS) for p in counting)):
            # "I found 13 hotels": the search's count of hotels; with no search, the KB's
            # property counting them ("I found 5 cars" after a search is its rows, not the
            # KB's count of courtesy cars)
            return None
        phrase = [t for t in toks[last + 1 : last + 3] if t.sent == toks[i].sent]
        if any(t.lower in _THE_REST for t in phrase):
            return None
        if q.kind == COUNT and (
            [t.lower for t in phrase[:1]] != [(q.unit or "").lower()]
            or (len(phrase) > 1 and phrase[1].pos in {"NOUN", "PROPN"} and phrase[0].pos != "ADJ")
        ):
            # "2 refrigeration specialists ..., plus Sian": some of the rows (not "3 suitable
            # American Airlines flights": an adjective picks none out); what a search found,
            # all or some, is no value the KB holds ("5 white cars", not its courtesy cars)
            kb_count = counting and not any(str(p).startswith(FIELD_NS) for p in counting)
            return Anchor((), (), None, "few", guessed=True) if kb_count else None
        if len(holders) != 1:
            return None
        return Anchor((holders[0],), tuple(str(p) for p in props), None, "few", guessed=True)

    def _fits(self, q: Quantity, prop: URIRef) -> bool:
        """Whether ``q`` can be a value of ``prop``: a numeric property of a compatible unit,
        and not a rate per a thing ("points per pound") unless ``q`` is said per something."""
        if prop not in self.numeric:
            return False
        if q.per is None and self._rate_of_thing(prop):
            return False  # "Silver at 3,000 points" is no value of "points per pound"
        if q.kind == COUNT and q.per is not None and self._rate_of_thing(prop):
            # "two bottles per table" is of "bottles per table", not of "bottles per shipment"
            rate = split_rate(self.onto.label(prop))
            return rate is not None and singular(rate[1]) == q.per
        unit = self.units.get(prop)
        if q.kind == CURRENCY:
            # once the KB says which properties are money, only those take an amount
            return (
                unit == q.currency
                or (unit is None and (prop in self.onto.money or not self.priced))
            ) and self._per_fits(q, prop)
        if q.kind == PERCENT:
            return unit in {None, "%", "fraction"}
        if q.kind == RATIO:
            return unit in {None, "x"}
        if q.kind == QUANTITY:
            if unit is None:
                return self._measures(prop, q.unit)
            return convert(Decimal(1), q.unit, unit) is not None
        if q.kind == COUNT:
            noun = singular(q.unit.lower()) if q.unit else None
            named = self._counting(noun) if noun else None
            if named and noun:
                # "across 312 reviews": of the property that counts reviews, not the rating;
                # or of one whose name says the noun ("two kennels free" of a result's
                # "kennels free")
                return prop in named or _counts_on_hand(self.onto.label(prop), noun)
            return unit is None or same_counted(unit, q.unit)
        return unit in {None, "x"}

    def _bare_fits(self, q: Quantity, prop: URIRef) -> bool:
        """Whether a number written without its unit may be a value of ``prop`` in the unit
        it is kept in, where a form of the property ends right before it ("need to be at least
        18" of a minimum age in years): a numeric property kept in a unit other than money,
        no rate of a thing."""
        unit = self.units.get(prop)
        return (
            q.kind == NUMBER
            and prop in self.numeric
            and unit is not None
            and not is_currency(unit)
            and not self._rate_of_thing(prop)
        )

    def as_sum(self, q: Quantity) -> Quantity:
        """A sum ("£229 altogether", "comes to £219"): ``derived``, bound only to the
        properties of its anchor that are totals ("total", "total price"), else to nothing:
        a unit price does not make a sum wrong, a quote's total does."""
        if q.anchor is None:
            return replace(q, derived=True)
        totals = tuple(p for p in q.anchor.properties if names_a_total(self.onto.label(URIRef(p))))
        anchor = replace(q.anchor, properties=totals, certain=False) if totals else None
        return replace(q, anchor=anchor, derived=True)

    def _rate_of_thing(self, prop: URIRef) -> bool:
        """Whether ``prop``'s label makes it a rate per a thing that is no period ("points per
        pound", "calories per serving"): what a plain amount or count is never a value of."""
        found = self._rates.get(prop)
        if found is None:
            rate = split_rate(self.onto.label(prop))
            found = self._rates[prop] = rate is not None and rate[1] not in PERIOD_OF
        return found

    def _per_fits(self, q: Quantity, prop: URIRef) -> bool:
        """Whether an amount said per period (``q.per``: "£1,480 a year") can be a value of
        ``prop``: not of a property whose phrases name another period ("monthly price"), nor of
        a one-off charge, labelled so and naming no period ("exit fee", "deposit"); any other
        amount property may be (a "price" says nothing of its period)."""
        if q.per is None:
            return True
        if q.per not in PERIOD_WORDS:
            # "£3.80 per kg": of a price per kilogram, named so, or of a price the KB keeps
            # per a unit beside it ("LTR"; :func:`names_unit` decides on the values)
            return names_unit(self.kb, prop, q.per) or not self._names_a_measure(prop)
        periods = self._periods.get(prop)
        if periods is None:
            words = _phrase_words(self.kb, prop)
            named = frozenset(PERIOD_OF[w] for w in words if w in PERIOD_OF)
            # what the property is, by its label ("exit fee"); a form may be a looser word
            # for it ("fee" of a price)
            label = set(re.findall(r"[a-z]+", self.onto.label(prop).lower()))
            one_off = bool(label & ONE_OFF_CHARGES) and not named
            periods = self._periods[prop] = (named, one_off)
        named, one_off = periods
        return not one_off and (not named or q.per in named)

    def _names_a_measure(self, prop: URIRef) -> bool:
        """Whether ``prop``'s phrases name a unit of measure or a period (a price per kg, a
        monthly price): a price they do not name may be kept per a unit beside it."""
        return any(
            dimension(canonical_unit(w)) is not None or w in PERIOD_OF
            for w in _phrase_words(self.kb, prop)
        )

    def _pounds(self, q: Quantity, words: set[str]) -> Quantity:
        """ "98 pounds" is sterling where the KB prices things in pounds sterling, weighs
        nothing in pounds and the sentence (its lemmas: ``words``) speaks of no weight; a
        weight otherwise."""
        if not self.pounds_sterling or q.unit != "lb" or not re.search(r"pounds?\b", q.text, re.I):
            return q
        if words & DIMENSION_WORDS["mass"]:
            return q
        return replace(q, kind=CURRENCY, unit="GBP", currency="GBP")

    def _counting(self, noun: str) -> set[URIRef]:
        """The properties that count ``noun``; where none does and no property's name holds
        it ("places left" of "17 places"), those counting a noun of one of its senses
        ("layovers": "Number of stops")."""
        if self.counts.get(noun) or self.counted.get(noun):
            return set(self.counts.get(noun, ()))
        return named_by(noun, self.counts)

    def _measures(self, prop: URIRef, unit: str | None) -> bool:
        """Whether ``prop``, with no declared unit, measures what ``unit`` does: its name or
        phrasings say so ("weight" for "9.6 kg"); a unit of no known dimension ("30F") fits as
        before. A count ("participants", "quantity") takes no length, mass or time, and one
        described as a count ("Number of texts") no measure at all."""
        if prop in self.onto.counts:
            return False  # "25GB" is no number of texts
        dim = dimension(unit)
        if dim is None:
            return True
        words = {
            w for text in (self.onto.label(prop), *self.onto.forms(prop)) for w in name_words(text)
        }
        return bool(words & DIMENSION_WORDS[dim])

    def _by_unit(self, q: Quantity) -> list[URIRef]:
        """Properties whose ``kgc:unit`` the quantity's unit converts to ("4 miles"); for a
        count, the properties whose lexical forms or label name what it counts ("6 floors":
        "number of floors")."""
        if q.kind == NUMBER:
            return []
        if q.kind == COUNT and q.unit is not None:
            noun = singular(q.unit.lower())
            found = sorted(p for p in named_by(noun, self.counted) if self._fits(q, p))
            if found:
                return found
        unit = q.currency if q.kind == CURRENCY else q.unit
        found = sorted(
            p
            for p, u in self.units.items()
            if p in self.numeric
            and u is not None
            and (u == unit or (q.kind == QUANTITY and convert(Decimal(1), unit, u) is not None))
        )
        if q.kind == CURRENCY:
            # and those priced in a currency the KB does not name; an amount said per period
            # only of those it can be ("£1,480 a year" is no exit fee)
            found += sorted(p for p in self.onto.money if p in self.numeric and p not in found)
            found = [p for p in found if self._per_fits(q, p)]
        elif not found and q.kind == QUANTITY and dimension(q.unit) is not None:
            # none declared in a unit of its kind: those with no unit named for what it
            # measures ("About 28 minutes." of a ride's "approximate ride duration")
            found = sorted(
                p for p in self.numeric if self.units.get(p) is None and self._measures(p, q.unit)
            )
        return found

    # --- dates -------------------------------------------------------------------------------

    def temporals(
        self,
        toks: Sequence[Tok],
        mentions: Sequence[Mention],
        matches: Sequence[PredicateMatch],
        claims: Sequence[Claim],
        context: Sequence[str],
        found: Sequence[TemporalExpression],
        periods: Sequence[TemporalExpression],
        *,
        focus: Sequence[str] = (),
    ) -> list[TemporalExpression]:
        """``found`` with anchors where they state a date property's value; ``periods`` are the
        expressions already serving as the period of a quantity (they get none); ``focus``:
        the entities the reply answers about, for a date or time of nothing named."""
        if not self.dates and not self.times:
            return list(found)
        # "open from 8:30 am until 7 pm": each end of a range of clock times is a value of its
        # own, the first of a property that precedes another (kgc:precedes: the opening
        # time), the second of one another precedes (the closing time); the range itself
        # binds to nothing
        ranges = {id(e) for e in found if _clock_range(e)}
        #: each range's second end, with its first
        starts_of = {id(e.parts[1]): id(e.parts[0]) for e in found if id(e) in ranges}
        later = frozenset(then for thens in self.onto.precedes.values() for then in thens)
        wrong_side = {
            **dict.fromkeys(starts_of.values(), later),
            **dict.fromkeys(starts_of, frozenset(self.onto.precedes)),
        }
        first_read: dict[int, set[str]] = {}
        first_anchor: dict[int, Anchor] = {}
        found = [x for e in found for x in ((e, *e.parts) if id(e) in ranges else (e,))]
        starts = [t.start for t in toks]
        used = {p.span for p in periods}
        positions = [_token_at(starts, e.span.start) for e in found]
        # "open until 6pm": the end of a period, no value of what starts it but of what that
        # precedes (the closing time)
        ends = {
            id(e)
            for e, i in zip(found, positions, strict=True)
            if i > 0 and toks[i - 1].lower in _UNTIL and id(e) not in wrong_side
        }
        wrong_side.update(dict.fromkeys(ends, frozenset(self.onto.precedes)))
        local = _BySentence(toks, mentions, matches, claims, positions)
        ties = Ties(toks, mentions, form_tokens(matches))
        out: list[TemporalExpression] = []
        for expr, i in zip(found, positions, strict=True):
            if expr.span in used or expr.start is None or id(expr) in ranges:
                out.append(expr)
                continue
            sent = toks[i].sent
            listed = _listed_after(toks, starts, out[-1], expr) if out else False
            if listed:
                # "at 11am and 2:30pm": a time listed after another is read as that one is
                # (of the same thing, or of nothing the reply names)
                previous = out[-1].anchor
                out.append(replace(expr, anchor=previous) if previous is not None else expr)
                continue

            def anchored(
                exclude: frozenset[URIRef],
                expr: TemporalExpression = expr,
                i: int = i,
                sent: int = sent,
            ) -> Anchor | None:
                return self._anchor(
                    toks,
                    i,
                    local.mentions.get(sent, []),
                    local.matches.get(sent, []),
                    local.claims.get(sent, []),
                    context,
                    others=local.positions.get(sent, []),
                    fits=lambda prop: self._fits_date(expr, prop) and prop not in exclude,
                    fallback=None,
                    distance=local.distance,
                    ties=ties,
                    last=_token_at(starts, max(expr.span.end - 1, expr.span.start)),
                )

            anchor = anchored(wrong_side.get(id(expr), frozenset()))
            if anchor is None and id(expr) in starts_of:
                # "open from 8am to 5pm": the end of a range whose start is of a property that
                # precedes another (the opening time) is of that other (the closing time)
                first = first_anchor.get(starts_of[id(expr)])
                then = tuple(
                    str(q)
                    for p in (first.properties if first is not None else ())
                    for q in self.onto.precedes.get(URIRef(p), ())
                )
                if first is not None and then:
                    anchor = replace(first, properties=then)
            if anchor is None and id(expr) in ends:
                # "open until 6pm" where only the opening is named: of what it precedes
                anchor = anchored(frozenset())
            if anchor is None and (expr.has_time or ("day" in expr.stated and not expr.relative)):
                # "There is an event on March 14 at 6 pm": of none the reply names; of one of
                # the few entities with such a value (the rows a search returned)
                named = [iri for m in local.mentions.get(sent, []) for iri in _iris(m)]
                anchor = self._few_dated(expr, toks, sent, focus, named)
            item = _same_item(toks, i, local.mentions.get(sent, [])) if anchor else []
            described = self._descriptions(toks, i, item, anchor) if anchor else ()
            if anchor is not None and described:
                subjects = tuple(dict.fromkeys(s for d in described for s in (*d.named, *d.linked)))
                anchor = replace(anchor, subjects=subjects, nearest=0, described=described)
            elif anchor is not None and len(anchor.subjects) > 1:
                anchor = self._narrowed(anchor, item)
            if anchor is not None and expr.has_date and expr.has_time:
                anchor = self._both_kinds(anchor, expr)
            if anchor is not None:
                first_read[id(expr)] = set(anchor.properties)
                first_anchor[id(expr)] = anchor
            if anchor is not None and id(expr) in starts_of:
                # "runs from 6pm to 9pm" of an event with a start only: the end of a range is
                # no value of the property its start is of
                start = first_read.get(starts_of[id(expr)], set())
                left = tuple(p for p in anchor.properties if p not in start)
                anchor = replace(anchor, properties=left) if left else None
            if anchor is not None and id(expr) in wrong_side and id(expr) not in ends:
                # a property a claim's predicate, or the time of a day and a time, brought in
                # is on the wrong side too
                wrong = wrong_side[id(expr)]
                kept = tuple(p for p in anchor.properties if URIRef(p) not in wrong)
                anchor = replace(anchor, properties=kept) if kept else None
            if anchor is not None and id(expr) in ends:
                anchor = replace(anchor, properties=self._ends_of(anchor.properties))
            out.append(replace(expr, anchor=anchor) if anchor is not None else expr)
        return out

    def _ends_of(self, properties: Sequence[str]) -> tuple[str, ...]:
        """``properties`` with each that starts a period (``kgc:precedes``: the opening time)
        read as what it precedes (the closing time)."""
        out: list[str] = []
        for p in properties:
            after = self.onto.precedes.get(URIRef(p))
            out.extend(sorted(str(e) for e in after) if after else [p])
        return tuple(dict.fromkeys(out))

    def _narrowed(self, anchor: Anchor, mentions: Sequence[Mention]) -> Anchor:
        """Same-named subjects ("your dinner": two dinners) told apart by the other entities the
        sentence names: "your dinner with your father" is the dinner the KB links to him."""
        named = {iri for m in mentions if m.iri is not None for iri in (m.iri,)}
        named -= set(anchor.subjects)
        if not named:
            return anchor
        linked = tuple(
            s for s in anchor.subjects if any(str(o) in named for _, o in self.kb.facts(URIRef(s)))
        )
        if not linked:
            return anchor
        # one entry of the name linked to the other entity the item names is surely the one
        return replace(anchor, subjects=linked, certain=anchor.certain or len(linked) == 1)

    def _descriptions(
        self, toks: Sequence[Tok], i: int, item: Sequence[Mention], anchor: Anchor
    ) -> tuple[Description, ...]:
        """For the item's one named entry (or, in "HR will be at the one on the 9th", the
        entries of the conversation it picks from), each entity it is "with" or "for", or that
        the item otherwise names, that no such entry is linked to (see ``Description``). The
        other entities the item links to narrow the entries first: in "the check-up for Luna
        with Dr. Okafor", Luna's check-up is not with Dr. Okafor, and Dr. Okafor's check-up is
        not for Luna; the day or time the item states tells which is wrong."""
        props = [URIRef(p) for p in anchor.properties]
        here = frozenset(m.iri for m in item if m.iri is not None)
        named: list[tuple[Mention | None, tuple[str, ...]]] = []
        linked: list[tuple[Mention, set[str]]] = []
        for m in item:
            iris = _iris(m)
            dated = self._dated(toks, m)
            held = tuple(iri for iri in dated if self._holds(URIRef(iri), props))
            if held and dated == iris:
                named.append((m, held))
            elif held:
                linked.append((m, set(held)))
            elif iris and not any(self._held(URIRef(iri)) for iri in iris):
                # named without "with": "Jon will be at the one on the 9th"
                referring = {
                    str(r)
                    for iri in iris
                    # "Breakfast ... Monday to Saturday": the menu whose hours node names Monday
                    for r in self.kb.referrers(URIRef(iri), through_unnamed=True)
                    if self._holds(r, props) and self._tied_here(r, URIRef(iri), here)
                }
                if referring:
                    linked.append((m, referring))
        if not named and anchor.how == "context" and _picks_one(toks, i):
            named.append((None, anchor.subjects))
        if len(named) != 1:
            return ()
        name, entries = named[0]
        found = []
        for k, (link, with_link) in enumerate(linked):
            narrowed = tuple(
                s for s in entries if all(s in e for j, (_, e) in enumerate(linked) if j != k)
            )
            if narrowed and not with_link & set(narrowed):
                found.append(Description(name, narrowed, link, tuple(sorted(with_link))))
        return tuple(found)

    def _both_kinds(self, anchor: Anchor, expr: TemporalExpression) -> Anchor:
        """A day with a time ("Tuesday at 10 am") bound to one of them through a claim ("is on")
        states the other too: the subjects' one property of the other kind joins the anchor
        (a date property only where its value could be the day stated: "open until 8pm
        tonight" states no founding date)."""
        props = [URIRef(p) for p in anchor.properties]
        assert expr.start is not None
        day = expr.start.date()
        for kind in (self.dates, self.times - self.dates):
            if any(p in kind for p in props):
                continue
            other = {
                p
                for s in anchor.subjects
                for p in self._held(URIRef(s))
                if p in kind
                and (
                    kind is not self.dates
                    or any(
                        may_state(day, expr.relative, interval_of_literal(v))
                        for v in self.kb.values(URIRef(s), p)
                    )
                )
            }
            if len(other) == 1:
                props.append(other.pop())
        return replace(anchor, properties=tuple(str(p) for p in props))

    def _fits_date(self, expr: TemporalExpression, prop: URIRef) -> bool:
        if expr.has_time and prop in self.coarse_dates:
            return False  # "Friday 22 May at 2:30pm" is no year someone joined in
        if expr.has_time and len(expr.parts) > 1 and prop not in self.times:
            return False  # "open tomorrow from 9am to 5pm": hours, no opening date
        if len(expr.parts) > 1 and all(p.stated <= {"weekday"} for p in expr.parts):
            return False  # "open Monday to Saturday": days of the week, no date
        if expr.has_date and prop in self.dates:
            return True
        return expr.has_time and prop in self.times

    # --- shared ------------------------------------------------------------------------------

    def _anchor(
        self,
        toks: Sequence[Tok],
        i: int,
        mentions: Sequence[Mention],
        matches: Sequence[PredicateMatch],
        claims: Sequence[Claim],
        context: Sequence[str],
        *,
        others: Sequence[int],
        fits: Callable[[URIRef], bool],
        fallback: Callable[[], list[URIRef]] | None,
        distance: Distance,
        ties: Ties,
        last: int | None = None,
        counted: str | None = None,
        named_fits: Callable[[URIRef], bool] | None = None,
        measure: bool = False,
    ) -> Anchor | None:
        """The anchor of the item at token ``i``, given the mentions, predicate matches, claims
        and other items (``others``: token positions) of its sentence; ``fits`` says which
        properties it can be a value of (``named_fits``, where a form or claim of the sentence
        names them: more, "need to be at least 18" of an age in years; ``measure``: it has a
        unit of its own, money, a percentage or a measure), ``fallback`` proposes
        properties when the sentence names none (by unit); with no fallback, the date
        properties of the entities of its clause are tried. A property form nearer another
        item belongs to that one ("built in 2006 and acquired in March 2021", "a low of 60F
        and a high of 80F")."""
        sent = toks[i].sent
        named_fits = named_fits or fits
        here = frozenset(m.iri for m in mentions if m.segment == sent and m.iri is not None)
        # "a range of 90 km, plenty for the 42 km route": a measure of another noun inside a
        # claim's object is not the claim's value
        measures_other = ties.measured(i, last=last, counted=counted) is not None
        for claim in claims:
            obj = claim.object.span
            if (
                obj.start <= toks[i].start < obj.end
                and named_fits(URIRef(claim.predicate))
                and not measures_other
            ):
                subjects = self._claim_subjects(claim, context)
                named = [claim.predicate]
                if len(subjects) == 1 and not self._holds(
                    URIRef(subjects[0]), [URIRef(named[0])], here
                ):
                    # "Terrarium Building costs £32": "cost" is a product's price or a
                    # delivery fee here, and a workshop is neither; its own price is meant
                    typed = self._typed(URIRef(subjects[0]), named, False, fallback)
                    if typed is None:
                        # "Japan is in our Rest of World Zone, where roaming costs £9.50 a
                        # day": a country has no roaming fee; read as any value of the
                        # sentence, of what the sentence names that can have one
                        break
                    named = typed
                certain = ties.clear(claim.subject) and (
                    claim.subject_iri is not None or claim.subject.kind == "ambiguous"
                )
                return Anchor(subjects, tuple(named), claim.index, "claim", certain=certain)
        # the items nearest on either side: a form another item is nearer to is that one's
        # (one further out on a side is never nearer than the one between)
        before = max((o for o in others if o < i), default=None)
        after = min((o for o in others if o > i), default=None)
        neighbours = [o for o in (before, after) if o is not None]
        heads = {k: ties.phrase_head(k, last=last if k == i else None) for k in (i, *neighbours)}

        def far(k: int, m: PredicateMatch) -> int:
            # "a £350 minimum spend and a £75 deposit": an item modifying a property's word is
            # that property's value, however near the other item's word stands
            head = heads[k]
            if head is not None and m.start <= head < m.end:
                return 0
            return distance(k, m.start, m.end)

        ranked = sorted(
            (
                (far(i, m), str(p))
                for m in matches
                if toks[m.start].sent == sent and not any(far(o, m) < far(i, m) for o in neighbours)
                for p in m.properties
                if named_fits(URIRef(p))
            ),
        )
        # the nearest form wins; forms as near as each other stay candidates
        properties = list(dict.fromkeys(p for d, p in ranked if d == ranked[0][0]))
        # "your 25% deposit": the noun the item modifies is the form; it says what the item
        # is, whatever the names beside it hold; of an amount, a percentage or a measure only
        # (a count's noun says what it counts: "6 UrbanVolt E+ bikes" is no booking's
        # number of bikes)
        #: the content words right after the item ("deposit" of "your 25% deposit")
        after_words = self._words_after(toks, last) if last is not None else set()
        head = heads[i]
        headed = head is not None and any(
            m.start <= head < m.end
            and set(m.properties) & set(properties)
            # a count's noun alone says what it counts ("6 UrbanVolt E+ bikes"); a form of
            # more words says which count ("two kennels free")
            and (measure or (counted is not None and m.end - m.start > 1))
            for m in matches
        )
        if headed and measure and fallback is not None:
            # and the other properties of its unit the noun names (a result's "upfront cost"
            # field beside the KB's upfront cost)
            properties += [
                str(p)
                for p in fallback()
                if str(p) not in properties and after_words & name_words_of(self.onto.label(p))
            ]
        near = sorted(
            (
                (distance(i, m.token_start, m.token_end), m)
                for m in mentions
                if m.segment == sent and (m.iri is not None or m.kind == "ambiguous")
            ),
            # "5 miles away from Pizza Hut": the name the number is measured from comes first,
            # and "£22 for Nimbus Max": the name an amount is for
            key=lambda pair: (
                not (_measured_from(toks, i, pair[1]) or _paid_for(toks, last, pair[1])),
                # "The Boathouse at The Wharf seats 30": a name a preposition hangs on another
                # name of the sentence tells where that one is; the value is the other one's
                _hangs_on_named(ties.hung_on(pair[1]), mentions, sent),
                pair[0],
            ),
        )
        unnamed = False
        if not properties and fallback is None:
            # "you can drop your dog off from 8am": a word of the sentence few property names
            # have (:meth:`_worded`: "drop" of "drop-off from") names a date or time property
            properties = self._worded(toks, sent, fits, mentions, i, others)
        if not properties and fallback is None:
            # no word names the property: where a verb of its own governs the date, the
            # entities' own date property is a guess ("Starfall Protocol isn't showing ... over
            # the next few days" of a film's release date), never a certain reading ("Your
            # piano lesson is on Friday" is one)
            unnamed = _other_verb(toks, i)
            # the one date (and the one time) property the entities of the clause have values
            # for; with several ("built", "acquired") the sentence would have to say which
            for d, m in near:
                if d >= _FAR:
                    break
                for iri in self._dated(toks, m, here):
                    properties += [str(p) for p in self._held(URIRef(iri)) if fits(p)]
            if not properties and _picks_one(toks, i):
                # "There is one at 4 pm on the 10th": of what the conversation is about
                for iri in _kb_keys(context):
                    properties += [str(p) for p in self._held(URIRef(iri)) if fits(p)]
            properties = list(dict.fromkeys(properties))
            dates = [p for p in properties if URIRef(p) in self.dates]
            times = [p for p in properties if URIRef(p) in self.times - self.dates]
            if len(dates) > 1 or len(times) > 1:
                return None
        by_unit = False
        if not properties and fallback is not None:
            properties = [str(p) for p in fallback()]
            by_unit = True
            # "your 25% deposit": the noun after it names the property among those its unit
            # allows, before the sentence's names choose a holder (a boarding stay's
            # discount is no deposit)
            noun = (
                self._named_after(properties, toks, last, whole=True)
                if last is not None and len(properties) > 1 and counted is None
                else ()
            )
            if noun:
                properties, by_unit, headed = list(noun), False, True
            # "Transferring to another date is $25", "a maximum of 10 people": a word of the
            # sentence that few property names have (its lemma: "transfer" of the transfer
            # fee) names the property among those its unit allows, or among those it fits
            # where its unit names none; not of a bare number ("14" of "takes students from
            # 14" has too many readings), nor where a noun after the number says what it is
            # ("a £1.50 fee per transaction" is a fee the KB does not hold)
            worded = (
                [
                    p
                    for p in self._worded(toks, sent, fits, mentions, i, others)
                    if not properties or p in properties
                ]
                if by_unit
                and (properties or counted is not None)
                and (counted is not None or not after_words)
                else []
            )
            if worded and (not properties or len(worded) < len(properties)):
                properties, by_unit = worded, False
            by_unit = by_unit and bool(properties)
        if not properties:
            return None
        props = [URIRef(p) for p in properties]
        # an entity of the clause that has such a value, else the most salient one of the
        # conversation, else one elsewhere in the sentence
        groups = [
            [
                iri
                for iri in self._dated(toks, m, here, props)
                if self._holds(URIRef(iri), props, here)
            ]
            or self._named_short(m, props, here)
            for d, m in near
            if d < _FAR
        ]
        groups = [g for g in groups if g]
        if not groups:
            groups = self._described(toks, i, props, distance)
        holders = [iri for g in groups for iri in g]
        nearest = len(groups[0]) if len(groups) > 1 else 0
        how = "sentence"
        if not holders:
            # an entity the sentence names, across a comma ("the Lovelace Room (6 people,
            # £25/hour)"), before one the conversation was about
            holders = [
                iri for _, m in near for iri in _iris(m) if self._holds(URIRef(iri), props, here)
            ]
            holders = holders[:1]
        if not holders and not near:
            # "a bus which leaves at 8:10 am for $38": of the buses, not of the car the
            # conversation was about
            holders = self._of_kind_named(toks, sent, props)
            how = "few" if holders else how
        if not holders:
            holders = [iri for iri in _kb_keys(context) if self._holds(URIRef(iri), props, here)]
            # "one at 4 pm, another at 7 pm": one of those the conversation is about; else the
            # most salient
            if holders and not _picks_one(toks, i):
                # the most salient, with those of its name ("my meeting": two meetings)
                name = self.kb.label(URIRef(holders[0]))
                holders = [h for h in holders if self.kb.label(URIRef(h)) == name]
            how = "context"
        if not holders:
            holders = [
                iri for _, m in near for iri in _iris(m) if self._holds(URIRef(iri), props, here)
            ]
            how = "sentence"
        if not holders and counted is not None and by_unit:
            # "I found 13 hotels including Bisha": a count of what a property counts ("number
            # of hotels", the search's) is of that property's few holders, not of the name
            # beside it
            holders = self._few_holders(props)
            how = "few" if holders else how
        if not holders:
            holders = [iri for _, m in near for iri in _iris(m) if not self._bare_value(iri)][:1]
            if holders:
                typed = self._typed(URIRef(holders[0]), properties, by_unit, fallback)
                if headed and not measure:
                    # "two kennels free": the form says which count, whatever the named
                    # place's own count of kennels
                    holders, typed = [], properties
                elif headed and typed is not None:
                    # "your 25% deposit" beside a boarding stay: the stay's own property
                    # only where the noun names it too (a hire's "deposit" field)
                    typed = [
                        p
                        for p in typed
                        if after_words & name_words_of(self.onto.label(URIRef(p)))
                        and self._holds(URIRef(holders[0]), [URIRef(p)], here)
                    ]
                    if not typed:
                        holders, typed = [], properties
                if typed is None:
                    return None
                properties = typed
        if not holders and not any(_outside_kb(m) for m in mentions if m.segment == sent):
            # "a bus at 6:10 pm for $34": of one of the few entities with such a value (not
            # where the sentence speaks of something the KB does not hold: "it costs $12.50"
            # of the user's appointment)
            holders = self._few_holders(props)
            how = "few" if holders else how
        # the reading is certain where the sentence ties the item to the name it is of
        certain = False
        if how == "sentence" and holders:
            source = next(
                (
                    m
                    for _, m in near
                    if holders[0] in (*_iris(m), *self._dated(toks, m, here, props))
                ),
                None,
            )
            # "($740 for manual)": of the things linked to what a mention names, one is meant
            # only where nothing else links to it ("one with Alex at 5 pm": Alex's one
            # appointment; not the one course of several things "manual" is said of)
            through = source is not None and holders[0] not in _iris(source)
            several = False
            if through and source is not None:
                # "your piano lesson with Tom": of the things linked to Tom, the one another
                # name of the sentence names is meant
                one = self._named_referrer(source, [m for _, m in near])
                if one is not None and one in holders:
                    holders = [one, *(h for h in holders if h != one)]
                else:
                    several = self._linked_from_several(source)
            certain = (
                source is not None
                and not several
                and not unnamed
                and ties.clear(source)
                and ties.tied(i, source, last=last, counted=counted)
                and not self._rival_between(toks, i, source, mentions, fits)
            )
        holders = list(dict.fromkeys(holders))
        return Anchor(
            tuple(holders),
            tuple(properties),
            None,
            how,
            nearest=nearest,
            certain=certain,
            guessed=by_unit,
        )

    def _worded(
        self,
        toks: Sequence[Tok],
        sent: int,
        fits: Callable[[URIRef], bool],
        mentions: Sequence[Mention],
        item: int,
        others: Sequence[int],
    ) -> list[str]:
        """The properties ``fits`` allows that a content word of sentence ``sent`` (its lemma)
        names, a word at most two property names have (:func:`distinctive_words`), not a noun
        another number counts, nor a word of a name ("Puppy Introduction Groom") or of a
        compound ("bank transfer" is no transfer fee), nor one
        nearer another item of the sentence (``others``) than the one at token ``item`` ("the
        £300 deposit by bank transfer ... and £500 by credit card": "transfer" is the £300's)."""
        # the words that govern the item: those it hangs from, those hanging from them and
        # its own modifiers ("Transferring ... is $25", "bring it back within 48 hours and
        # we'll refund it", "a maximum of 10 people"), not the object of a preposition,
        # which names what the value is related to ("48 hours before your first session",
        # "by bank transfer"); with no parse, none
        first, end = item, item + 1
        while first > 0 and toks[first - 1].sent == sent:
            first -= 1
        while end < len(toks) and toks[end].sent == sent:
            end += 1
        above: set[int] = set()
        k = toks[item].head
        while first <= k < end and k not in above:
            above.add(k)
            k = toks[k].head if toks[k].head != k else -1
        governing = {
            k
            for k in range(first, end)
            if k != item
            and (k in above or toks[k].head in above or toks[k].head == item)
            and toks[k].dep != "pobj"
        }
        named = {k for m in mentions for k in range(m.token_start, m.token_end)}
        # "by bank transfer": a noun with a noun of its own before it names another thing
        named |= {toks[k].head for k in range(first, end) if toks[k].dep == "compound"}
        words = {
            singular(toks[k].lemma.lower())
            for k in governing - named
            if toks[k].is_alpha
            and toks[k].lower not in STOP_WORDS
            # "24 pieces, enough for about 12 people": a noun a number counts is that one's
            and not (k and toks[k - 1].pos == "NUM")
            and not any(abs(k - o) < abs(k - item) for o in others)
        }
        return [
            str(p)
            for p, named in sorted(distinctive_words(self.kb).items())
            if named & words and fits(p)
        ]

    def _named_short(self, m: Mention, props: Sequence[URIRef], here: frozenset[str]) -> list[str]:
        """The one thing ``m`` names for short that has a value of ``props``, where the thing
        it names exactly has none ("the Leeds office closes at 5:30pm": :func:`named_short`)."""
        if not m.text[:1].isupper():
            return []  # a number beside a noun ("headphones") is no value of one product
        found = named_short(self.kb, m, lambda s: self._holds(s, props, here))
        return [found] if found is not None else []

    def _rival_between(
        self,
        toks: Sequence[Tok],
        i: int,
        source: Mention,
        mentions: Sequence[Mention],
        fits: Callable[[URIRef], bool],
    ) -> bool:
        """Whether another KB entity of the sentence stands between ``source`` and the item
        at token ``i`` and has a value of the item's type: "The 2 Year Tracker follows Bank Rate
        plus 0.60%, so with Bank Rate at 3.75% ...": the rate may be Bank Rate's, so which
        thing it is of is not certain."""
        lo, hi = sorted((source.token_end, i))
        return any(
            m is not source
            and m.segment == source.segment
            and m.iri is not None
            and m.iri != source.iri
            and lo <= m.token_start < hi
            and any(fits(p) for p, _ in self.kb.facts(URIRef(m.iri)))
            for m in mentions
        )

    def _typed(
        self,
        subject: URIRef,
        properties: list[str],
        by_unit: bool,
        fallback: Callable[[], list[URIRef]] | None,
    ) -> list[str] | None:
        """The properties a number can be of for ``subject``, which holds no value of any of
        ``properties``: those its class can have (``rdfs:domain``); where a declared domain
        rules all of them out, the subject's own property of the number's unit ("Terrarium
        Building costs £32": not a delivery fee, the workshop's price); ``None`` when there
        is none. A property named by no word of the sentence (``by_unit``) needs a domain that
        holds the subject's class ("£49.99" of a plant is not a delivery fee because both are
        in pounds)."""
        fitting = [p for p in properties if self._in_domain(subject, p)]
        if fitting:
            return fitting
        own = [str(p) for p in (fallback() if fallback else []) if self._holds(subject, [p])]
        if own:
            return own
        if by_unit:
            return None
        if any(self.onto.domain.get(URIRef(p)) for p in properties) and self.kb.types(subject):
            return [p for p in properties if not self.onto.domain.get(URIRef(p))] or None
        return properties

    def _of_kind_named(self, toks: Sequence[Tok], sent: int, props: Iterable[URIRef]) -> list[str]:
        """The few entities holding ``props`` of the class the sentence names by its label
        ("a bus", "the flights") or by the head of its label ("flight" of "oneway flight" and
        "roundtrip flight"), else the sentence before it ("I have 9 buses for you. One departs
        at 6:30 am"); none when they name no class, or classes of different heads."""
        words = [t.lemma for t in toks if t.sent == sent]
        if sent > 0 and not any(w in self.onto.class_labels or w in self.heads for w in words):
            words = [t.lemma for t in toks if t.sent == sent - 1]
        props = sorted(set(props))
        named = {c for w in words if (c := self.onto.class_labels.get(w)) is not None}
        # a class whose members hold none of the values is not what the value is said of
        # ("airlines" of "a Southwest Airlines flight", a closed set of values)
        classes = {c for c in named if self._holders(props, self._of_class(c))}
        if not classes:
            heads = {w for w in words if w in self.heads}
            classes = set(self.heads[heads.pop()]) if len(heads) == 1 else set()
        elif len(classes) > 1:
            return []  # "the bus or the car": which one, the sentence does not say
        if not classes:
            return []
        return list(self._holders(props, lambda s: bool(self.kb.types(s) & classes)))

    def _of_class(self, cls_: URIRef) -> Callable[[URIRef], bool]:
        """Whether an entity is of ``cls_``."""
        return lambda s: cls_ in self.kb.types(s)

    def _few_dated(
        self,
        expr: TemporalExpression,
        toks: Sequence[Tok],
        sent: int,
        focus: Sequence[str],
        named: Sequence[str] = (),
    ) -> Anchor | None:
        """Of the few entities the reply answers about (the rows of the call made for it: "You
        can take off at 4:50 am"), else of the one entity the sentence names that holds such
        values ("There is an Accord, standard, at Santa Fe Depot on March 2nd": its pick-up or
        drop-off date, whichever), else of the class the sentence names ("There is an event
        tomorrow at 6 pm", "the bus leaves at 9:20 am"); a time said of nothing
        named in any other reply ("You can swim on Friday at 9 am") is no claim about the KB's
        entries."""
        fitting = sorted(p for p in self.dates | self.times if self._fits_date(expr, p))
        # the rows of the call made for the reply, where they hold such a value: "The outage
        # began at 8:40pm yesterday" after a look-up of the customer's outage is about it, not
        # about the KB's other outages
        few = [h for h in focus[:_FEW] if self._holds(URIRef(h), fitting)]
        if not few and "day" in expr.stated:
            # a day of the calendar (not a time: "before the 3pm brass gala" beside a café) of
            # the one named thing with several dates, whichever it is (a car's pick-up and
            # drop-off; not the one date of a bank holiday the sentence names beside others)
            # (its own dates, not the periods its opening hours hold in)
            days = [p for p in fitting if p in self.dates and str(p) not in _VALIDITY]
            holding = [
                h
                for h in dict.fromkeys(named)
                if sum(bool(self.kb.values(URIRef(h), p)) for p in days) > 1
            ]
            if len(holding) == 1:
                fitting = days
                few = holding
        if not few:
            few = self._of_kind_named(toks, sent, fitting)
        held = sorted({str(p) for h in few for p in self._held(URIRef(h)) if p in fitting})
        return Anchor(tuple(few), tuple(held), None, "few") if few and held else None

    def _few_holders(self, props: Iterable[URIRef]) -> list[str]:
        """The entities holding a value of ``props`` when there are at most ``_FEW`` of them
        (more say nothing of one stated value: it is of the one the reply means) and they
        have one property, are one, or are of one kind; none for a KB on an endpoint."""
        found = self._holders(props, lambda s: not self._bare_value(str(s)))
        used = {p for held in found.values() for p in held}
        # entities of one property ("fare"), one entity ("humidity", "precipitation"), or
        # entities of one kind (a flight's departure and arrival times): a department's
        # budget and a hotel's room rate are not one question
        if len(used) <= 1 or len(found) <= 1:
            return list(found)
        kinds = [self.kb.direct_types(URIRef(s)) for s in found]
        return list(found) if set.intersection(*kinds) else []

    def _holders(
        self, props: Iterable[URIRef], keep: Callable[[URIRef], bool]
    ) -> dict[str, set[URIRef]]:
        """The entities ``keep`` takes that hold a value of ``props``, with the properties
        each holds; none when they are more than ``_FEW``, or the KB is on an endpoint (a
        query more per number)."""
        found: dict[str, set[URIRef]] = {}
        # in the order of the properties' names: the same entities, whatever the hash order
        for p in sorted(set(props)) if self.kb.remote is None else ():
            for s in self.kb.graph.subjects(p, None, unique=True):
                if isinstance(s, URIRef) and keep(s):
                    found.setdefault(str(s), set()).add(p)
                if len(found) > _FEW:
                    return {}
        return found

    def _bare_value(self, iri: str) -> bool:
        """Whether ``iri`` is a member of a closed set of values with nothing said of it but
        its name ("American Airlines" of a flight's airline): a value, not what a number in
        its sentence is of."""
        if self.kb.remote is not None:
            return False  # as with _few_holders: no query more per number on an endpoint
        return bare_value(self.kb, URIRef(iri))

    def _in_domain(self, subject: URIRef, prop: str) -> bool:
        """Whether ``rdfs:domain`` of ``prop`` holds a class of ``subject`` (with its
        superclasses); a property without a domain fits nothing by its unit alone."""
        domain = self.onto.domain.get(URIRef(prop))
        return bool(domain and domain & self.kb.types(subject))

    def _described(
        self, toks: Sequence[Tok], i: int, props: Sequence[URIRef], distance: Distance
    ) -> list[list[str]]:
        """Entities the clause names by a string value of theirs rather than by name ("the
        nearest hospital is 4 miles away": the places whose kind is "hospital"), nearest
        description first; only those with a value of ``props``."""
        sent = toks[i].sent
        found: list[tuple[int, list[str]]] = []
        k = i
        while k > 0 and toks[k - 1].sent == sent:
            k -= 1
        while k < len(toks) and toks[k].sent == sent:
            for n in range(_MAX_DESCRIPTION, 0, -1):
                words = toks[k : k + n]
                if len(words) < n or words[-1].sent != sent or not words[-1].is_alpha:
                    continue
                key = value_words(
                    " ".join([*(t.lower for t in words[:-1]), singular(words[-1].lower)])
                )
                owners = self.kb.owners_of_words(key) if key else ()
                if (
                    key
                    and k > 0
                    and toks[k - 1].lower in _DESCRIBERS
                    and not k <= i < k + n
                    and all(t.text.islower() for t in words)
                ):
                    # a kind as a node named by it: common nouns after a determiner ("the
                    # nearest hospital" of ex:kind nodes); a name ("Tom", "the IT team") names
                    # its node, not what has it, and a value ("the prediction is stormy")
                    # describes nothing that has it
                    owners = (*owners, *self.kb.owners_of_name_values(key))
                held = [str(s) for s, _ in owners if self._holds(s, props)]
                if held and (d := distance(i, k, k + n)) < _FAR:
                    found.append((d, list(dict.fromkeys(held))))
                    break
            k += 1
        return [held for _, held in sorted(found, key=lambda pair: pair[0])]

    def _dated(
        self,
        toks: Sequence[Tok],
        m: Mention,
        here: frozenset[str] | None = None,
        props: Sequence[URIRef] | None = None,
    ) -> tuple[str, ...]:
        """What a mention stands for when binding a date (or a value of ``props``): itself,
        or, when it is attached by "with" or "for" and has no such values of its own, the
        entities linking to it ("one with Alex at 5 pm": the appointment with Alex; but "£22
        for Nimbus Max" is the plan's own price). With ``here`` (what the sentence names), a
        relation node linking to it counts only where the sentence names another thing it
        ties ("for recycling" is not every zone's recycling schedule)."""
        iris = _iris(m)
        k = m.token_start - 1
        if k >= 0 and toks[k].lower in {"your", "my", "the", "his", "her", "their", "our"}:
            k -= 1  # "with your sister"
        if (
            k < 0
            or toks[k].lower not in {"with", "for"}
            or any(
                self._holds(URIRef(iri), props, here or frozenset())
                if props
                else self._held(URIRef(iri))
                for iri in iris
            )
        ):
            return iris
        return tuple(
            str(r)
            for iri in iris
            for r in self.kb.referrers(URIRef(iri))
            if self._held(r) and (here is None or self._tied_here(r, URIRef(iri), here))
        )

    def _linked_from_several(self, m: Mention) -> bool:
        """Whether more than one node of the KB points at what ``m`` names (a board type
        several courses, an offer and an instructor are said of)."""
        return len(self._referrers(m)) > 1

    def _named_referrer(self, m: Mention, others: Sequence[Mention]) -> str | None:
        """The one node pointing at what ``m`` names that ``others`` (the sentence's other
        mentions) name ("your piano lesson with Tom": of Tom's piano lesson and his football
        practice, the piano lesson), if there is one."""
        named = {URIRef(iri) for o in others if o is not m for iri in _iris(o)}
        found = self._referrers(m) & named
        return str(next(iter(found))) if len(found) == 1 else None

    def _referrers(self, m: Mention) -> set[URIRef]:
        return {
            URIRef(r)
            for iri in _iris(m)
            for r in self.kb.referrers(URIRef(iri), through_unnamed=True)
        }

    def _tied_here(self, node: URIRef, of: URIRef, here: frozenset[str]) -> bool:
        """Whether ``node``, when a relation node of ``of``, ties ``of`` to nothing else or to
        a thing named ``here``."""
        if not any(n == node for n, _ in self.kb.shapes.relations.get(of, ())):
            return True
        others = {
            str(o)
            for p, o in self.kb.graph.predicate_objects(node)
            if isinstance(o, URIRef) and p != RDF.type and o != of and o in self.kb.shapes.relations
        }
        return not others or bool(others & here)

    def _claim_subjects(self, claim: Claim, context: Sequence[str]) -> tuple[str, ...]:
        if claim.subject_iri is not None:
            return (claim.subject_iri,)
        if claim.subject.candidates and claim.subject.kind == "ambiguous":
            return claim.subject.candidates
        prop = URIRef(claim.predicate)
        return tuple(iri for iri in _kb_keys(context) if self._holds(URIRef(iri), [prop]))[:1]

    def _holds(
        self, subject: URIRef, props: Sequence[URIRef], here: frozenset[str] = frozenset()
    ) -> bool:
        """Whether ``subject`` has a value of one of ``props``: of its own, or of a relation
        node that ties it to a thing the sentence names (``here``: a one-way fee from it to
        the branch the sentence names; not every fee from it to anywhere)."""
        return any(
            self.kb.values(subject, p)
            or self.obs.get(subject, p)
            or any(
                not q.inverse or not q.beside or any(str(b) in here for b in q.beside)
                for q in self.kb.qualified(subject, p)
            )
            for p in props
        )

    def _held(self, subject: URIRef) -> list[URIRef]:
        """The date and time properties ``subject`` has values for (of its own: the start of
        a schedule that names it beside a zone is no date of the waste stream)."""
        return [
            p
            for p in sorted(self.dates | self.times)
            if self.kb.holds(subject, p) or self.obs.get(subject, p)
        ]


#: Words a time that ends a period follows ("open until 6pm").
_UNTIL = frozenset({"until", "till", "til", "'til"})
#: What may stand between the values of a list: "11am and 2:30pm", "9am, 11am or at 3pm".
_LIST_GLUE = frozenset({",", "and", "or", "at", "&"})


def _listed_after(
    toks: Sequence[Tok], starts: Sequence[int], before: TemporalExpression, expr: TemporalExpression
) -> bool:
    """Whether ``expr`` follows ``before`` in one list of the same kind of value: two clock
    times ("at 11am and 2:30pm") or two days, nothing but list words between them."""
    if before.parts or expr.parts or before.start is None:
        return False
    if (before.has_time, before.has_date) != (expr.has_time, expr.has_date):
        return False
    lo = _token_at(starts, max(before.span.end - 1, before.span.start)) + 1
    hi = _token_at(starts, expr.span.start)
    first = _token_at(starts, before.span.start)
    if first > 0 and toks[first - 1].lower in {"between", "from"}:
        return False  # "between 10am and 2pm": a range's ends, each a value of its own
    return lo < hi and all(toks[k].lower in _LIST_GLUE for k in range(lo, hi))


#: Words of a lexical form that do not name what a count counts.
_NOT_COUNTED = frozenset(
    ["number", "count", "total", "of", "the", "a", "an", "be", "have", "has", "is", "in", "on",
     "at", "per", "amount", "how", "many"]
)  # fmt: skip


#: Words a description of a thing by its kind follows: "the nearest hospital", "a grocery store".
_DESCRIBERS = frozenset(
    {"the", "a", "an", "this", "that", "your", "nearest", "closest", "nearby", "only", "other"}
)


#: How many words after a number may name its property ("percent chance of rain").
_AFTER_WORDS = 4
#: The parts of speech that end the words naming a number's property.
_ENDS_AFTER = frozenset({"VERB", "AUX", "PUNCT", "NUM", "CCONJ", "SCONJ", "PRON"})


def _counted_past_adjective(q: Quantity, toks: Sequence[Tok], i: int, last: int) -> Quantity:
    """``q`` counting the noun after the adjective its unit was read as ("12 available buses",
    "5 possible cars": buses and cars, not "available" and "possible"); not after a determiner
    ("another nice 3 star hotel": a kind of hotel, no count of them)."""
    if q.kind != COUNT or last + 2 >= len(toks):
        return q
    k = i - 1
    while k >= 0 and toks[k].pos == "ADJ":
        k -= 1  # "another nice 3 star hotel"
    if k >= 0 and (toks[k].pos == "DET" or toks[k].lower in _ONE_OF):
        return q
    adjective, noun = toks[last + 1], toks[last + 2]
    # "2 working days": a verb's form that modifies the noun after it is no noun counted (a
    # noun that does, "3 star hotel", "4 bedroom apartments", tells what is counted)
    modifies = adjective.pos == "ADJ" or (
        adjective.pos == "VERB" and adjective.dep == "amod" and adjective.head == noun.i
    )
    if (
        adjective.lower != (q.unit or "").lower()
        or not modifies
        or adjective.lower in _THE_REST
        or noun.pos != "NOUN"
        or noun.sent != adjective.sent
    ):
        return q
    return replace(q, unit=noun.lower)


#: Words before a number that make it part of a kind of thing ("a 3 star hotel").
_ONE_OF = frozenset({"a", "an", "another", "the", "this", "that", "each", "every"})


def _phrase_words(kb: KnowledgeBase, prop: URIRef) -> set[str]:
    """The words (lower case) of the phrases that name ``prop`` (:func:`property_phrases`)."""
    return {
        w for phrase in property_phrases(kb, prop) for w in re.findall(r"[a-z]+", phrase.lower())
    }


#: The datatypes of a year or a month alone.
_COARSE_DATE_TYPES = frozenset({XSD + "gYear", XSD + "gYearMonth"})
#: The parts of speech of a word a bare number after it names one of ("platform 2"); ``""``
#: of the blank pipeline, which tags nothing.
_NAMING_POS = frozenset({"NOUN", "PROPN", ""})


def _counts_on_hand(label: str, noun: str) -> bool:
    """Whether a property's name counts ``noun`` on hand: the noun and a word of being there
    ("kennels free", "seats left"), not a measure of one ("pack size")."""
    words = [singular(w) for w in re.findall(r"[a-z]+", label.lower())]
    return len(words) == 2 and words[0] == noun and words[1] in _ON_HAND


#: Words that say how many of a thing there are to have: "kennels free", "seats left".
_ON_HAND = frozenset({"free", "left", "available", "remaining", "spare"})


def name_words_of(text: str) -> set[str]:
    """The words of a name, lower case and in the singular, common words left out (units
    and periods kept: "annual fee" is annual, fee)."""
    return {singular(w) for w in re.findall(r"[a-z]+", text.lower()) if w not in STOP_WORDS}


def label_words(text: str) -> set[str]:
    """The content words of a name or a phrase, lower case and in the singular, units,
    periods ("per night") and common words left out ("maximum class size": maximum, class,
    size)."""
    return {
        w for w in name_words_of(text) if len(w) > 2 and not is_unit_word(w) and w not in PERIOD_OF
    }


def _distinctive_words(kb: KnowledgeBase) -> dict[URIRef, frozenset[str]]:
    """Per property, the words of its name (:func:`label_words`) that name at most two
    properties of the ontology: "deposit" of a booking deposit, "transfer" of a transfer fee,
    not "fee" or "day" that a dozen names share. A word a sentence shares with a name tells
    which property it means only where few names have it. Read once per knowledge base."""
    names = {
        p: label_words(kb.ontology.label(p))
        for p in kb.ontology.properties
        if not str(p).startswith(FIELD_NS)
    }
    counts: dict[str, int] = defaultdict(int)
    for words in names.values():
        for w in words:
            counts[w] += 1
    return {p: frozenset(w for w in words if counts[w] <= 2) for p, words in names.items()}


distinctive_words = per_kb(_distinctive_words)


def names_unit(kb: KnowledgeBase, prop: URIRef, unit: str | None) -> bool:
    """Whether a phrase of ``prop`` names ``unit`` ("price per kg" of ``kg``)."""
    return unit is not None and any(canonical_unit(w) == unit for w in _phrase_words(kb, prop))


def names_period(kb: KnowledgeBase, prop: URIRef, period: str) -> bool:
    """Whether a phrase of ``prop`` names ``period`` ("nightly rate", "price per day" of
    ``night``, ``day``)."""
    return any(PERIOD_OF.get(w) == period for w in _phrase_words(kb, prop))


def named_short(kb: KnowledgeBase, m: Mention, holds: Callable[[URIRef], bool]) -> str | None:
    """The one thing the name ``m`` names for short (every word of it in one of its labels)
    of which ``holds`` is true, the thing it names exactly being another: "Leeds" is the town
    exactly and the depot Northbound Leeds for short, and only the depot has opening hours or a
    manager. ``None`` where none or several are, and for a bare value ("1,184 kWh of gas"
    is no "gas main renewal")."""
    if m.kind != "entity" or m.iri is None:
        return None
    if kb.remote is None and bare_value(kb, URIRef(m.iri)):
        return None
    found = [
        iri
        for iri in sorted(kb.labels.with_tokens(name_tokens(m.text)))
        if iri != m.iri and holds(URIRef(iri))
    ]
    return found[0] if len(found) == 1 else None


def bare_value(kb: KnowledgeBase, node: URIRef) -> bool:
    """Whether ``node`` is a member of a closed set of values with nothing said of it but its
    name ("American Airlines", "resolved"): a value, not a thing of its own."""
    if not kb.types(node) & kb.ontology.closed_world:
        return False
    return all(p in _NAMING for p, _ in kb.facts(node))


def _clock_range(expr: TemporalExpression) -> bool:
    """Whether ``expr`` is a range of two clock times of no day ("from 9 am to 5 pm")."""
    return len(expr.parts) == 2 and all(p.has_time and not p.has_date for p in expr.parts)


def form_tokens(matches: Sequence[PredicateMatch]) -> list[int]:
    """The tokens of the reply's words naming a property."""
    return [k for p in matches for k in range(p.start, p.end)]


def _has_own_words(toks: Sequence[Tok], last: int, temporals: Sequence[TemporalExpression]) -> bool:
    """Whether the item ending at token ``last`` has a word of its own right after it: a noun
    or an adjective ("5 ft deep", "£128.70 weekend surcharge"), not a day or time ("60F
    tomorrow"); a parse-less pipeline tells none."""
    k = last + 1
    if k >= len(toks) or toks[k].sent != toks[last].sent or not toks[k].is_alpha:
        return False
    if toks[k].pos not in {"NOUN", "PROPN", "ADJ"}:
        return False
    return not any(t.span.start <= toks[k].start < t.span.end for t in temporals)


def _guesses_named_elsewhere(
    found: list[Quantity], toks: Sequence[Tok], starts: Sequence[int]
) -> list[Quantity]:
    """``found``, where a property bound by an item's unit alone is one the sentence names for
    another of its items of the same subject, with that item's reading not certain: "4.1 miles
    from The Wharf, outside its 3-mile delivery radius" sets the distance apart from the
    radius (£25 for one plan and £2.50 for a pass are two things' prices; "a low of 60F and a
    high of 80F", both read by their unit, are one day's two values)."""
    named: dict[int, list[tuple[int, Anchor]]] = defaultdict(list)
    for k, q in enumerate(found):
        if q.anchor is not None:
            named[toks[_token_at(starts, q.span.start)].sent].append((k, q.anchor))
    out = []
    for k, q in enumerate(found):
        a = q.anchor
        if (
            a is not None
            and a.guessed
            and a.certain
            and any(
                j != k
                and not b.guessed
                and set(b.properties) & set(a.properties)
                and b.subjects[:1] == a.subjects[:1]
                for j, b in named[toks[_token_at(starts, q.span.start)].sent]
            )
        ):
            q = replace(q, anchor=replace(a, certain=False))
        out.append(q)
    return out


def _hangs_on_named(noun: int | None, mentions: Sequence[Mention], sent: int) -> bool:
    """Whether the token ``noun`` is in a mention of a KB thing of sentence ``sent``."""
    return noun is not None and any(
        m.segment == sent
        and (m.iri is not None or m.kind == "ambiguous")
        and m.token_start <= noun < m.token_end
        for m in mentions
    )


def _measured_from(toks: Sequence[Tok], i: int, m: Mention) -> bool:
    """Whether ``m`` follows the item at ``i`` as what it is measured from or to: "5 miles
    (away) from Pizza Hut", "3 km to Harrow"."""
    k = m.token_start - 1
    if k <= i or k - i > 4 or toks[k].lower not in {"from", "to"}:
        return False
    return not any(toks[j].lower in _BREAKS for j in range(i + 1, k))


#: Words between "for" and the name of what an amount is for: "£22 for your Nimbus Max plan".
_FOR_DETERMINERS = frozenset({"the", "your", "our", "a", "an", "each", "every", "one"})


def _paid_for(toks: Sequence[Tok], last: int | None, m: Mention) -> bool:
    """Whether ``m`` is named right after "for" that follows the item ending at token ``last``:
    what the amount is for ("£22 for Nimbus Max", "£4 for the Monthly Extra 10GB add-on")."""
    if last is None:
        return False
    k = m.token_start - 1
    if k > last + 1 and toks[k].lower in _FOR_DETERMINERS:
        k -= 1
    return k == last + 1 and toks[k].lower == "for"


#: Words that pick one of several things the conversation is about.
_CHOOSERS = frozenset({"one", "another", "other", "ones", "both", "each", "either", "first"})


def _picks_one(toks: Sequence[Tok], i: int) -> bool:
    """Whether the few words before token ``i`` pick one of several ("one at 4 pm", "and
    another at 7 pm on the 9th")."""
    k = i - 1
    while k >= 0 and k >= i - 4 and toks[k].sent == toks[i].sent and toks[k].lower not in _BREAKS:
        if toks[k].lower in _CHOOSERS:
            return True
        k -= 1
    return False


def _same_item(toks: Sequence[Tok], i: int, mentions: Sequence[Mention]) -> list[Mention]:
    """The mentions of the sentence that describe the same item as token ``i``: items are
    told apart by clause breaks and by an "and" that starts another item or clause, so in
    "one at 11 am with Ana, and one at 6 pm with Jon" or "HR will be at the one on the 9th and
    the sales team will be at the one on the 10th" each name says which one it is about."""
    sent = toks[i].sent
    first, last = i, i
    while first > 0 and toks[first - 1].sent == sent:
        first -= 1
    while last + 1 < len(toks) and toks[last + 1].sent == sent:
        last += 1
    bounds = [k for k in range(first, last + 1) if _ends_item(toks, k)]

    def item(k: int) -> int:
        return bisect_right(bounds, k)

    own = item(i)
    return [m for m in mentions if item(m.token_start) == own]


#: Words after "and" that start another item or clause.
_NEXT_ITEM = _CHOOSERS | {"will", "is", "are", "was", "were", "has", "have", "'s", "'ll"}


def _ends_item(toks: Sequence[Tok], k: int) -> bool:
    word = toks[k].lower
    if word in _BREAKS:
        return True
    if word not in {"and", "or"}:
        return False
    ahead = toks[k + 1 : k + 5]
    return any(t.sent == toks[k].sent and t.lower in _NEXT_ITEM for t in ahead)


def _counted_nouns(onto: OntologyView, numeric: set[URIRef]) -> dict[str, set[URIRef]]:
    """For each noun of the lexical forms and labels of the numeric properties, the properties
    it names ("floor" -> ex:floor for "number of floors" and "floor count")."""
    out: dict[str, set[URIRef]] = defaultdict(set)
    for prop in numeric:
        phrases = [*onto.forms(prop), onto.labels.get(prop, "")]
        for phrase in phrases:
            for word in phrase.lower().split():
                if word.isalpha() and word not in _NOT_COUNTED:
                    out[singular(word)].add(prop)
    return out


def _counts(kb: KnowledgeBase, numeric: set[URIRef]) -> dict[str, set[URIRef]]:
    """For each noun, the numeric properties whose label, lexical forms or description count
    it (:func:`~kgcheck.values.quantities.counted_nouns`)."""
    out: dict[str, set[URIRef]] = defaultdict(set)
    for prop in numeric:
        for noun in counts_of(kb, prop):
            out[noun].add(prop)
    return out


def counts_of(kb: KnowledgeBase, prop: URIRef) -> set[str]:
    """The nouns ``prop`` counts: those its phrases count ("number of layovers", "reviews
    count"), and its label when that is a plain plural noun ("transfers")."""
    found = {n for p in property_phrases(kb, prop) for n in counted_nouns(p)}
    label = re.findall(r"[a-z]+", kb.ontology.label(prop).lower())
    if len(label) == 1 and singular(label[0]) != label[0]:
        found.add(singular(label[0]))
    return found


def names_a_total(label: str) -> bool:
    """Whether a property's label names a total of its thing's parts ("total", "total
    price")."""
    return "total" in re.findall(r"[a-z]+", label.lower())


def property_phrases(kb: KnowledgeBase, prop: URIRef) -> list[str]:
    """The phrases that name ``prop``: its label, its lexical forms and the first clause of its
    description (a KB on an endpoint: no description)."""
    onto = kb.ontology
    phrases = [onto.label(prop), *onto.forms(prop)]
    if kb.remote is None:
        for comment in kb.graph.objects(prop, RDFS.comment):
            phrases.append(re.split(r"[,;.(]| in | for | on | at ", str(comment))[0])
    return phrases


#: Words between "found" and the number found ("I found you a total of 7", "found about 12").
_FOUND_FILLER = frozenset(
    {"you", "me", "about", "around", "over", "nearly", "almost", "exactly", "only", "just",
     "at", "least"}
)  # fmt: skip
#: Words after a count that make it a count of the rest ("3 more", "9 other hotels").
_THE_REST = frozenset({"more", "other", "others", "additional", "further", "else"})


def _says_found(toks: Sequence[Tok], i: int) -> bool:
    """Whether the number at ``i`` is what "I" or "we" found, located, discovered or came up
    with ("I've found 7", "We located 9 places", "I came up with 10"; not "I found a 3 star
    hotel")."""
    k = i - 1
    while k >= 0 and toks[k].sent == toks[i].sent and toks[k].lower in _FOUND_FILLER:
        k -= 1
    if k < 0 or toks[k].sent != toks[i].sent:
        return False
    verb = k
    if toks[k].lower == "with" and k >= 2 and toks[k - 1].lower == "up":
        verb = k - 2
        if toks[verb].lemma != "come":
            return False
    elif toks[k].lemma not in {"find", "locate", "discover"}:
        return _says_there_are(toks, i, k)
    before = [t.lower for t in toks[max(0, verb - 3) : verb] if t.sent == toks[i].sent]
    return "i" in before or "we" in before


def _says_there_are(toks: Sequence[Tok], i: int, k: int) -> bool:
    """Whether the number at ``i``, with the verb before it at ``k``, opens a reply by saying how
    many there are ("There are 12 hotels", "Here's 4 for you", "There are at least 13"): as the
    first number of the reply, how many results there are; a number after another ("... with 1
    layover. There is 1 stop") is more likely of what was described. ("I have 3 tickets for
    ..." restates a booking as often as it counts results.)"""
    if toks[k].lemma != "be" or k == 0 or toks[k - 1].lower not in {"there", "here"}:
        return False
    if toks[k - 1].sent != toks[i].sent:
        return False
    return not any(any(c.isdigit() for c in t.text) for t in toks[:i])


def _outside_kb(m: Mention) -> bool:
    """Whether ``m`` names something the KB does not hold: an unknown name, or a pronoun
    that stands for one."""
    return m.kind == "name" or (m.kind == "pronoun" and m.iri is None and bool(m.candidates))


def _kb_keys(context: Sequence[str]) -> list[str]:
    """The KB entities of the conversation's context (not the ``conv:`` names only it knows,
    which are no IRIs)."""
    return [key for key in context if not key.startswith(("conv:", "speaker:"))]


def _iris(m: Mention) -> tuple[str, ...]:
    if m.iri is not None:
        return (m.iri,)
    return m.candidates if m.kind == "ambiguous" else ()


def _other_verb(toks: Sequence[Tok], i: int) -> bool:
    """Whether the verb that governs token ``i`` in the parse says something of its own (not
    "be" nor "have"): "isn't showing ... over the next few days", not "is on Friday". Without
    a parse, no."""
    k, seen = toks[i].head, 0
    while 0 <= k < len(toks) and seen < len(toks):
        if toks[k].pos == "VERB":
            return toks[k].lemma not in _COPULAS
        if toks[k].pos == "AUX" or toks[k].head == k:
            return False
        k, seen = toks[k].head, seen + 1
    return False


#: Verbs that state a value without naming what it is of.
_COPULAS = frozenset({"be", "have"})


def _dated_by_sentence(
    toks: Sequence[Tok], starts: Sequence[int], temporals: Sequence[TemporalExpression]
) -> dict[int, list[TemporalExpression]]:
    """The resolved dates of a reply by sentence: the periods items may take."""
    dated: dict[int, list[TemporalExpression]] = defaultdict(list)
    for t in temporals:
        if t.has_date and t.start is not None:
            dated[toks[_token_at(starts, t.span.start)].sent].append(t)
    return dated


def _token_at(starts: Sequence[int], char: int) -> int:
    return max(0, bisect_right(starts, char) - 1)


class Distance:
    """How far an item is from a span of its reply's tokens, in constant time: the clause
    breaks before each token are counted once."""

    def __init__(self, toks: Sequence[Tok]) -> None:
        self._breaks = [0]
        for t in toks:
            # a line break ends a clause too: each line of a list ("- SWB Van: 6 m³, £35/hr")
            self._breaks.append(self._breaks[-1] + (t.lower in _BREAKS or "\n" in t.text))

    def __call__(self, i: int, start: int, end: int) -> int:
        """Tokens between ``i`` and ``[start, end)``, plus ``_FAR`` per clause break crossed;
        words after ``i`` count three times as much as words before it ("the NOI was $1.2M" is
        read before "$1.2M in revenue")."""
        if start <= i < end:
            return 0
        lo, hi, weight = (end, i, 2) if end <= i else (i + 1, start, 6)
        breaks = self._breaks[hi] - self._breaks[lo] if hi > lo else 0
        return (hi - lo) * weight + weight // 6 + _FAR * breaks


def _full_stop_between(toks: Sequence[Tok], lo: int, hi: int) -> bool:
    """A sentence end the segmenter missed: "high of 90F. The forecast ..." is tokenised with
    "F." as an abbreviation."""
    return any(
        len(toks[k].text) > 1
        and toks[k].text.endswith(".")
        and k + 1 < len(toks)
        and toks[k + 1].is_capitalised
        for k in range(lo, min(hi, len(toks) - 1))
    )


def _nearest(
    toks: Sequence[Tok],
    starts: Sequence[int],
    i: int,
    temporals: Sequence[TemporalExpression],
    *,
    last: int | None = None,
) -> TemporalExpression | None:
    """The period of the item at tokens ``i`` to ``last``: the nearest date of its chunk of the
    sentence (chunks end at commas, semicolons and colons); else the date that closes the next
    chunk ("low of 80F, high of 100F on Tuesday"); else the last one before ("The forecast for
    Monday is hot, low of 80F, high of 90F")."""
    sent = toks[i].sent
    first = i
    while first > 0 and toks[first - 1].sent == sent:
        first -= 1

    def chunk(k: int) -> int:
        return sum(1 for j in range(first, k) if toks[j].text in _CHUNK_BREAKS)

    found = []
    for t in temporals:
        a = _token_at(starts, t.span.start)
        b = _token_at(starts, max(t.span.end - 1, t.span.start)) + 1
        if toks[a].sent != sent or _full_stop_between(toks, min(i, a), max(i, b)):
            continue
        found.append((a, b, t))
    if not found:
        return None
    own = chunk(i)
    same = [f for f in found if chunk(f[0]) == own]
    if same:
        end = i if last is None else last
        return min(same, key=lambda f: (_gap(toks, i, end, f[0], f[1]), f[0] < i))[2]
    later = sorted((f for f in found if f[0] > i), key=lambda f: f[0])
    if later and _closes_chunk(toks, later[0][1], sent):
        return later[0][2]
    earlier = [f for f in found if f[0] < i]
    if earlier:
        return max(earlier, key=lambda f: f[0])[2]
    return later[0][2] if later else None


def _gap(toks: Sequence[Tok], i: int, last: int, start: int, end: int) -> int:
    """Words between the item at tokens ``i`` to ``last`` and a date at ``[start, end)``, one
    more for each "and" or "or" crossed: in "$1.2M in Q3 2024 and $1.16M in Q2 2024" the
    second number goes with Q2."""
    lo, hi = (end, i) if end <= i else (last + 1, start)
    return (hi - lo) + sum(1 for k in range(lo, hi) if toks[k].lower in {"and", "or", "but"})


def _closes_chunk(toks: Sequence[Tok], end: int, sent: int) -> bool:
    """Whether only punctuation follows token ``end`` up to the next chunk break."""
    for k in range(end, len(toks)):
        if toks[k].sent != sent or toks[k].text in _CHUNK_BREAKS:
            return True
        if any(c.isalnum() for c in toks[k].text):
            return False
    return True


_CHUNK_BREAKS = frozenset({",", ";", ":"})
