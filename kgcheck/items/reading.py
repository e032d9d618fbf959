"""The items a reply describes by their values, matched against the entities they can be.

"There is an American Airlines flight which leaves at 7 am and has 0 layovers. It costs $228."
names no flight: it describes one by four values, and the description is true only if one
flight holds them all. Each value is checked here against the whole row, not one at a time
against whatever entity a word of the sentence happens to link to:

1. **Candidates**: the rows of the latest tool call (a search's results, or the one row of a
   booking), else the entities of the classes the reply names by their label ("a flight", "the
   buses") or of the entities it names, when they are few (``kb_pool``).
2. **Stated values** (:mod:`kgcheck.items.values`): every stretch of the reply that is a value
   some candidate holds, found from the candidates' side, and the times, dates, amounts,
   closed-set values and phone-shaped numbers no candidate holds.
3. **Items**: the stated values in reply order, a new item starting where a value could only
   fill a property the current item has filled already (a second airline, a second name), and
   at each entry of a bulleted list.
4. **Reading**: the candidates holding every value of an item. None, while exactly one holds
   all but one value and at least two of the values it holds tell it from the others: the one
   value is misstated (``Item.odd``), and the candidate's own value of that property is what
   the reply meant. One holding them all, told apart by at least two values (or the one row a
   call returned): the item is that candidate (``Item.row``), and a value of the item that no
   candidate holds is checked against the row's one unstated property of its kind
   (``Item.unheld``; a count, against its property that counts the noun: "1 layovers").
   Values of different rows of one kind and no odd one: ``Item.clash``. An item may run over
   several sentences ("Delta has a flight at 7 am. The ticket price is $305."); one of a
   coordination ("the Lead Climbing Course and the Kids Climbing Club at Kestrel York") is not
   read, for what follows it is said of every one listed. A member of a closed set offered in
   a question right before the item's first sentence ("How about Air France? There is a flight
   leaving at 6:50 am ...") is the item's.
5. **Referents**: a sentence whose values tell no row by themselves is read against the row its
   pronoun or definite phrase was resolved to ("It's from 2011", of the song offered before);
   the resolution is a guess, so what it finds is flagged, never rewritten (``Item.guessed``).

The same rows as a KB file give the same reading, but that of a KB's entities (not a tool's
rows) counts and odd names are not read: a KB's links run both ways and a sentence names several
things, which the checks of claims and entries read.
Items read here are evidence for ``detectors.mismatched_item``; a flag another detector raised
on a value the item's reading confirms (bound to another entity by a word of the sentence)
gives way to the reading (:func:`settle`).

Usage::

    items = read_items(analysis, kb, pool, numeric)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from decimal import Decimal

from rdflib import RDF, Literal, Node, URIRef
from spacy.lang.en.stop_words import STOP_WORDS

from kgcheck.items.values import (
    NAME,
    Facts,
    Stated,
    Unheld,
    facts_of,
    holds_years,
    money_like,
    named_before,
    same_measure,
    shape,
    stated_values,
    text_properties,
    unsaid_closed_values,
    words_of,
)
from kgcheck.kb.calls import named_by_kind
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import normalize, value_words
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.nlp.anchors import bare_value, names_period
from kgcheck.nlp.content import stem
from kgcheck.nlp.vocabulary import is_question
from kgcheck.numeric_claims import NumericClaim
from kgcheck.types import Evidence, Flag, FlagType, Span
from kgcheck.values.addresses import STREET_ADDRESS
from kgcheck.values.quantities import Quantity, canonical_unit, singular
from kgcheck.values.temporal import may_state

__all__ = ["MAX_CANDIDATES", "Item", "are_records", "kb_pool", "read_items", "settle"]

#: The most candidates read (a larger class is not "a few rows").
MAX_CANDIDATES = 40
#: The mark that opens an entry of a list ("- Pitch Practice Night (Loom Leith, 9 December)").
_BULLET = re.compile(r"(?m)^[ \t]*(?:[-*\u2022\u2013]|\d{1,2}[.)])[ \t].*$")


@dataclass(frozen=True)
class Item:
    """One item of the reply: its stated values and what they read as together.

    ``matching`` are the candidates holding every value; ``odd`` the one value no candidate
    holds with the others, ``row`` the candidate the other values (or all of them) identify,
    ``expected`` that candidate's values of the odd value's property; ``unheld`` the item's
    values of a type no candidate holds, each with the row's one unstated property of its type
    and that property's values there; ``clash`` the values that tell candidates apart when none
    holds them all and no one value is the odd one.
    """

    values: tuple[Stated, ...]
    matching: tuple[URIRef, ...]
    #: How many of the values tell candidates apart (held by some, not all).
    telling: int = 0
    row: URIRef | None = None
    odd: Stated | None = None
    odd_property: URIRef | None = None
    expected: tuple[Node, ...] = ()
    unheld: tuple[tuple[Unheld, URIRef, tuple[Node, ...]], ...] = ()
    #: The values no candidate holds together when the reading cannot tell which is wrong.
    clash: tuple[Stated, ...] = ()
    #: Whether ``row`` is told by its name alone (its other values are of several rows): what
    #: the words before a name call a property of it is checked, nothing is confirmed.
    by_name: bool = False
    #: Whether the candidates were a set of results the reply picks from: a tool call's rows,
    #: or several records of a KB (:func:`are_records`); where a value of them stands, a name
    #: none holds is unknown (``detectors.nonexistent_entity``).
    of_results: bool = False
    #: Whether ``row`` is the one a pronoun or a phrase such as "the flight" was resolved to,
    #: the values read alone telling no row ("It's from 2011" of the song offered before):
    #: the resolution is a guess, so what is read against the row is flagged, never rewritten,
    #: and nothing is confirmed.
    guessed: bool = False

    @property
    def confirmed(self) -> tuple[Span, ...]:
        """The values the reading shows true: those of the row (but the odd one), or, where
        candidates told apart by two values hold them all ("both Saturday windows ... the same
        £25 surcharge"), every value."""
        if self.row is not None and not self.by_name:
            return tuple(v.span for v in self.values if v is not self.odd and self.row in v.holders)
        if self.matching and self.telling >= 2:
            return tuple(v.span for v in self.values)
        return ()


def read_items(
    analysis: TurnAnalysis,
    kb: KnowledgeBase,
    pool: Sequence[URIRef],
    numeric: Sequence[NumericClaim] = (),
    *,
    rows: bool = True,
    theirs: Sequence[Quantity] = (),
    counts: bool | None = None,
) -> tuple[Item, ...]:
    """The items ``analysis`` describes, read against the candidates ``pool``: the rows of a
    tool call, or (``rows=False``) a KB's entities. Of a KB's entities, counts and bare numbers
    are left out (among many numeric properties, "places booked", "capacity", a count's noun
    does not say which one a number is of), and a name or an entity the reply names is never
    the odd value nor checked as a value of the row: a KB's links run both ways and a
    sentence names several things ("The vaccination for Pepper is at 11 am"), which the checks
    of claims and entries read. A KB's entities that are records (:func:`are_records`) are
    read as rows, but their counts and bare numbers only where ``counts`` says so (a KB's
    record, a loan scheme, a loyalty tier, has numbers a reply's own may fall on: "You have two
    lenses on loan", "3,000 points"). A number the user gave (``theirs``), restated, is the
    user's."""
    if not pool or kb.remote is not None:
        return ()
    candidates = [c for c in dict.fromkeys(pool)][:MAX_CANDIDATES]
    facts = {c: facts_of(kb, c) for c in candidates}
    stated, unheld = stated_values(analysis, kb, facts, numeric, rows, theirs, counts)
    # "the lab on Tuesday": a stretch a row holds as a value (its day) is no unheld date
    unheld = [
        u
        for u in unheld
        if not any(v.span.start < u.span.end and u.span.start < v.span.end for v in stated)
    ]
    if not stated:
        one = facts[candidates[0]] if len(candidates) == 1 else None
        codes = [
            u
            for u in unheld
            if u.kind in _OF_ONE
            or (
                one is not None
                and u.kind == "time"
                and len(_verb_named(kb, u.before, _times(one))) == 1
            )
        ]
        if len(candidates) == 1 and rows and codes:
            # the one row a booking or look-up returned is what the reply speaks of when it
            # gives a number of it ("The phone number is ..."); a "today" or a "5 pm" beside
            # nothing of the row ("Anything else today?") is no value of it
            return (_read(kb, [], candidates, facts, codes, rows),)
        if rows and len(candidates) > 1:
            return tuple(_of_referents(analysis, kb, facts, stated, unheld, ()))
        return ()
    items = []
    sentences = [s.span for s in analysis.segments]
    entries = [Span(m.start(), m.end()) for m in _BULLET.finditer(analysis.text)]
    # a KB's closed-set values the reading of closed values did not take as said ("expect to
    # have F-2231 fixed by 4pm"), which a clash would call said; a tool's rows offered in a
    # question ("How about a Delta flight at 7 am?") are described all the same
    unsaid = [] if rows else unsaid_closed_values(analysis, kb)
    for values, listed in _split(stated, entries, analysis.text):
        # the item's sentences: from the start of its first value's to the end of its last's
        start = min(v.span.start for v in values)
        end = max(v.span.end for v in values)
        start = min((s.start for s in sentences if s.start <= start < s.end), default=start)
        end = max((s.end for s in sentences if s.start < end <= s.end), default=end)
        mine = [u for u in unheld if start <= u.span.start and u.span.end <= end]
        mine = _offered(analysis, stated, unheld, start) + mine
        items.append(
            _read(kb, values, candidates, facts, mine, rows, analysis.text, listed, unsaid)
        )
    if rows and len(candidates) > 1:
        items += _of_referents(analysis, kb, facts, stated, unheld, items)
    return tuple(items)


def _of_referents(
    analysis: TurnAnalysis,
    kb: KnowledgeBase,
    facts: dict[URIRef, Facts],
    stated: Sequence[Stated],
    unheld: Sequence[Unheld],
    items: Sequence[Item],
) -> list[Item]:
    """Items read against the row a sentence's pronoun or definite phrase was resolved to,
    where the sentence's values tell no row by themselves ("It's from 2011", of the song
    offered in the turn before, which is from 2018): a value that row does not hold is the odd
    one, and a value no row holds is checked against the row's one property of its type. The
    resolution is a guess (``Item.guessed``): flagged, never rewritten."""
    told = [v.span for item in items if item.row is not None or item.clash for v in item.values]
    out: list[Item] = []
    for sentence in analysis.segments:
        span = sentence.span
        meant = {
            URIRef(m.iri)
            for m in analysis.mentions
            if m.kind == "pronoun" and m.iri is not None and span.contains(m.span)
        }
        # (a question states nothing of it: "Could you confirm you'll drop it off March 14th?")
        if len(meant) != 1 or any(span.contains(t) for t in told) or is_question(sentence.text):
            continue
        (row,) = meant
        if row not in facts or any(
            m.kind != "pronoun" and m.iri is not None and URIRef(m.iri) in facts
            for m in analysis.mentions
            if span.contains(m.span)
        ):
            continue  # (a sentence naming a row may say the value is of that one)
        values = [v for v in stated if span.contains(v.span)]
        odd = [v for v in values if row not in v.holders]
        # (a capitalised word no row holds, "Pick it up from ...", is no value of a type)
        mine = [
            replace(u, sure=False) for u in unheld if span.contains(u.span) and u.kind != "name"
        ]
        item = Item(tuple(values), (), len(values), row=row, guessed=True)
        if len(odd) == 1:
            held = _held_under(facts[row], odd[0])
            if len(held) == 1:
                ((prop, expected),) = held
                item = replace(item, odd=odd[0], odd_property=prop, expected=tuple(expected))
        elif odd:
            continue
        item = replace(item, unheld=_unheld(kb, row, values, facts, mine, analysis.text))
        if item.odd is not None or item.unheld:
            out.append(item)
    return out


def settle(
    flags: Sequence[Flag],
    items: Iterable[Item],
    text: str = "",
    kb: KnowledgeBase | None = None,
) -> list[Flag]:
    """``flags`` without those of other detectors that an item's reading overrules: one that
    calls wrong a value the item's reading confirms (``Item.confirmed``: a word of the sentence
    bound the value to another entity) or calls it unsupported (it was bound to nothing), and
    one on a value the item's reading flagged itself (one problem, one flag).

    A flag that calls wrong a value of a thing the sentence names, where another row holds
    that value, covers the name too (:func:`_paired`): "a 3 star hotel called 45 Park Lane",
    when 45 Park Lane has 5 stars and the Abc Hyde Park Hotel 3, is wrong in its pairing, and
    whether the name or the value is the wrong one the sentence does not say."""
    items = list(items)
    held = [span for item in items for span in item.confirmed]
    # the item's own findings on one value (not a clash of several, which says no more than
    # that the values do not go together)
    own = [f.span for f in flags if f.detector == _DETECTOR and f.action is None]
    misnamed = {f.span for f in flags if f.detector == _DETECTOR}

    def overruled(f: Flag) -> bool:
        if f.detector == _DETECTOR:
            return False
        if f.type == FlagType.NONEXISTENT_ENTITY and f.span in misnamed:
            return True  # a name the reading finds misstated is a row's value, not made up
        return f.type in _OVERRULED and (
            any(s.contains(f.span) for s in held) or any(s.overlaps(f.span) for s in own)
        )

    kept = [f for f in flags if not overruled(f)]
    # a clash says less than another check's flag on one of its values, which says which (a
    # wrong value, or a claim the KB contradicts: "Sarah Lee leads Analytics", Priya does)
    others = [f.span for f in kept if f.detector != _DETECTOR and f.type in _SAYS_WHICH]
    settled = [
        f
        for f in kept
        if not (f.detector == _DETECTOR and f.action == "flag")
        or not any(f.span.overlaps(s) for s in others)
    ]
    for f in settled:
        if f.detector != _DETECTOR and f.type in _SAYS_WHICH and text:
            _paired(f, items, text, kb)
    return settled


def _paired(flag: Flag, items: Sequence[Item], text: str, kb: KnowledgeBase | None) -> None:
    """Widen ``flag``, on a value of an item said of the one row the item names (in its
    sentence, or the one before: "How about Dumbo? It has a rating of 7.5."), over that name
    when the named row does not hold the value and another candidate does: the name and the
    value belong to two rows. Its correction (the named row's value) keeps its own span, and
    the evidence says whose the value is; a flag with no correction that now runs over two
    sentences is shown, never grounds to remove them."""
    for item in items:
        names = [v for v in item.values if v.kind == "name"]
        if len(names) != 1 or flag.focus is None or URIRef(flag.focus) not in names[0].holders:
            # several things named ("the vaccination for Luna": the value may be of the pair,
            # which the checks of entries read), or the flag is not of the named one
            continue
        name = names[0]
        value = next(
            (
                v
                for v in item.values
                if v.kind != "name"
                and v.span.overlaps(flag.span)
                and v.holders
                and not set(name.holders) & set(v.holders)
            ),
            None,
        )
        if value is None:
            continue
        lo, hi = sorted((name.span, value.span), key=lambda s: s.start)
        between = text[lo.end : hi.start]
        if _LIST_BREAK.search(between) or len(_SENTENCE_END.findall(between)) > 1:
            continue  # a value of the entry before or after the name's
        if flag.correction is not None and flag.correction_span is None:
            flag.correction_span = flag.span
        if flag.correction is None and _SENTENCE_END.search(between):
            flag.action = "flag"
        flag.span = Span(min(flag.span.start, name.span.start), max(flag.span.end, name.span.end))
        flag.content = text[flag.span.start : flag.span.end]
        owners = ", ".join(sorted(kb.label(h) if kb else str(h) for h in value.holders)[:3])
        flag.evidence.append(Evidence("kb", f"{value.text} is of {owners}, not of {name.text}"))
        return


#: What another check may say of a value that an item's reading overrules: that it is wrong
#: (of another entity), or that nothing supports it (it was bound to nothing).
_OVERRULED = frozenset({FlagType.WRONG_ATTRIBUTE, FlagType.UNSUPPORTED_CLAIM})
#: What another check's flag says that a clash does not: which value is wrong.
_SAYS_WHICH = frozenset({FlagType.WRONG_ATTRIBUTE, FlagType.CONTRADICTS_FACT})
#: The detector whose flags are the items' own (``detectors.mismatched_item``).
_DETECTOR = "mismatched_item"


def kb_pool(analysis: TurnAnalysis, kb: KnowledgeBase) -> list[URIRef]:
    """The candidates of a reply checked against the KB alone: the entities of the classes it
    names by their label ("a tour", "the rooms"), of the classes of the entities it names
    (of a member of a closed set of values, the classes of what holds it: "American Airlines"
    is a value of flights, not an item) and of the unnamed nodes that point at them (n-ary
    events: the appointments with a person),
    each class when it has at most ``MAX_CANDIDATES`` members; where it names neither a class
    nor an entity, the few entities holding the properties it names by their label (the one
    forecast of "the temperature should be 70 degrees"); none on an endpoint. One entity is
    a pool only where it is a record (:func:`are_records`), read as the one row a call
    returned."""
    if kb.remote is not None:
        return []
    onto = kb.ontology
    names = [m.span for m in analysis.mentions if m.iri is not None and m.kind != "pronoun"]
    # the words of a class's label inside a name ("Treatment Room 3") do not name the class;
    # "the hotel" resolved to one does
    words = [
        w
        for start, end, w in words_of(analysis.text)
        if not any(n.start <= start and end <= n.end for n in names)
    ]
    # "the flight" of a class labelled "oneway flight": the head noun of one class's label
    heads: dict[str, set[URIRef]] = {}
    for label, named in onto.class_labels.items():
        if " " in label:
            heads.setdefault(label.rsplit(" ", 1)[1], set()).add(named)
    classes: set[URIRef] = set()
    for n in (1, 2, 3):
        for i in range(len(words) - n + 1):
            key = normalize(" ".join([*words[i : i + n - 1], singular(words[i + n - 1])]))
            cls_ = onto.class_labels.get(key)
            if cls_ is None and n == 1 and len(heads.get(key, ())) == 1:
                cls_ = next(iter(heads[key]))
            if cls_ is not None:
                classes.add(cls_)
    for m in analysis.mentions:
        if m.kind == "entity" and m.iri is not None:
            types = kb.direct_types(URIRef(m.iri))
            linked = [r for r in kb.referrers(URIRef(m.iri)) if kb.labels.display(str(r)) is None]
            for r in linked:
                # a node named by nothing but what it links to: "your follow-up with Tom
                # Baxter" is one of the appointments that point at him; he (and his class) is
                # a value of it, not a candidate beside it
                classes |= kb.direct_types(r)
            if types & onto.closed_world and not any(
                p != RDF.type for p, _ in kb.facts(URIRef(m.iri))
            ):
                # "alaska airlines 7:10 pm 0 layovers $64": a value of a closed set (it has
                # no facts of its own) is no item, but what holds it is of the kind of thing
                # the reply describes
                for holder in kb.referrers(URIRef(m.iri), limit=MAX_CANDIDATES + 1):
                    classes |= kb.direct_types(holder)
            elif not linked and not types & onto.closed_world:
                classes |= types
    pool: list[URIRef] = []
    for cls_ in sorted(classes):
        members = [s for s in kb.some_instances(cls_, MAX_CANDIDATES + 1) if isinstance(s, URIRef)]
        if len(members) <= MAX_CANDIDATES:
            pool.extend(members)
    found = list(dict.fromkeys(pool))[:MAX_CANDIDATES]
    if not classes and not names:
        # "the temperature should be 70 degrees": no thing named, but what holds the values
        # the reply names by their property's label, when few (one weather forecast)
        return _holders_of_named(kb, words)
    return found  # (one entity is no choice between rows, unless it is a record)


def _holders_of_named(kb: KnowledgeBase, words: Sequence[str]) -> list[URIRef]:
    """The entities holding a value of a property whose label is among ``words``, when they
    are at most ``MAX_CANDIDATES``; one such entity may be the one the reply speaks of."""
    onto = kb.ontology
    said = f" {' '.join(normalize(w) for w in words)} "
    props = [
        p
        for p in sorted(onto.datatype_properties)
        if (label := normalize(onto.labels.get(p, ""))) and f" {label} " in said
    ]
    found: dict[URIRef, None] = {}
    for p in props:
        for s in kb.graph.subjects(p, None, unique=True):
            if isinstance(s, URIRef):
                found[s] = None
            if len(found) > MAX_CANDIDATES:
                return []
    return list(found)


def are_records(kb: KnowledgeBase, pool: Sequence[URIRef]) -> bool:
    """Whether the entities of ``pool`` are records, read like a tool's rows: each holds
    values only (literals, members of a closed set of values with nothing said of them but
    their name), no link to another thing of the KB. A sentence naming something beside a
    record's values names the record or nothing of it, as it names a row: the same rows as a
    KB file give the same reading."""
    for entity in pool[:MAX_CANDIDATES]:
        for p, o in kb.facts(entity):
            if p == RDF.type or isinstance(o, Literal):
                continue
            if not isinstance(o, URIRef) or not bare_value(kb, o):
                return False  # a thing with facts of its own (a bike model), not a value
    return bool(pool)


# -- items --------------------------------------------------------------------------------------


def _split(
    stated: Sequence[Stated], entries: Sequence[Span], text: str = ""
) -> list[tuple[list[Stated], bool]]:
    """The values in reply order, cut where a value could only fill a property already filled
    by another value of the current item, and at each entry of a list (``entries``); each item
    with whether it is one of a coordination ("the Lead Climbing Course and the Kids Climbing
    Club at Kestrel York": what follows the second is said of both, not of the second alone)."""
    items: list[tuple[list[Stated], bool]] = []
    used: set[URIRef] = set()
    entry: Span | None = None
    for v in sorted(stated, key=lambda v: v.span.start):
        props = v.properties
        mine = next((e for e in entries if e.contains(v.span)), None)
        if items and mine is not None and mine != entry:
            items.append(([v], False))
            used = set(props)
            entry = mine
            continue
        entry = mine if mine is not None else entry
        if (
            items
            and props
            and props <= used
            and not _restated(text, items[-1][0], v)
            and not _each_fills_one(text, items[-1][0], v)
        ):
            current = items[-1][0]
            before = [o for o in current if o.properties & props]
            listed = bool(before) and _coordinated(text, before[-1].span, v.span)
            # "the Oysters Night on the 12th is sold out, but the Gin Masterclass at Clifton on
            # 17 December": the new item starts where its clause does, not at the second date;
            # without a clause's break, where a comma parts the entries of a list ("10am-12pm
            # for £3.99, a saver window from 12pm to 4pm")
            cut = len(current)
            if before and not listed:
                start = current.index(before[-1]) + 1
                cut = _clause_cut(text, current, start, v)
                if cut == len(current) and not _LISTING.search(
                    text[current[-1].span.end : v.span.start]
                ):
                    cut = _last_comma(text, current, start, v)
            moved = current[cut:]
            del current[cut:]
            items.append(([*moved, v], listed))
            used = set(props).union(*(o.properties for o in moved))
            continue
        if not items:
            items.append(([], False))
        items[-1][0].append(v)
        used |= props
    return items


def _offered(
    analysis: TurnAnalysis, stated: Sequence[Stated], unheld: Sequence[Unheld], start: int
) -> list[Unheld]:
    """The members of a closed set no candidate holds offered in a question right before an
    item's first sentence, a question that states nothing else: the item's own, offered before
    its values are told ("How about Air France? There is a flight leaving at 6:50 am ...")."""
    before = [s for s in analysis.segments if s.span.end <= start]
    if not before:
        return []
    sentence = before[-1]
    if (
        start - sentence.span.end > 2
        or not is_question(sentence.text)
        or any(sentence.span.contains(v.span) for v in stated)
    ):
        return []
    return [u for u in unheld if u.kind == "entity" and sentence.span.contains(u.span)]


def _each_fills_one(text: str, current: Sequence[Stated], v: Stated) -> bool:
    """Whether ``v``, a time of day that ends a stretch of time opened by the value before it
    ("9am-1pm", "from 12pm to 4pm"), and the values of ``current`` one row holds can each fill
    a property of that row of their own: "9am-1pm", where 9am is one row's end and another's
    start, is the row whose start is 9am and end 1pm (a matching of values to the row's
    properties, Kuhn's augmenting paths). Only the ends of a stretch of time are read so: a
    day said twice ("From Monday to Thursday") is two items."""
    if v.kind != "time" or not current or current[-1].kind != "time":
        return False
    if not _RANGE_JOIN.fullmatch(text[current[-1].span.end : v.span.start]):
        return False
    values: list[Stated] = []
    for o in current:
        if o.properties and not any(o.text == w.text for w in values):
            values.append(o)  # a value said again fills what it filled
    # the row must hold every value it would share a property with
    sharing = [o for o in values if o.properties & v.properties]
    return any(
        all(row in o.holders for o in sharing)
        and _matched(row, [o for o in values if row in o.holders] + [v])
        for row in v.holders
    )


def _matched(row: URIRef, values: list[Stated]) -> bool:
    """Whether each of ``values`` can fill a property ``row`` holds it under, no two the same."""
    owner: dict[URIRef, int] = {}

    def place(i: int, seen: set[URIRef]) -> bool:
        for prop in sorted(values[i].holders[row]):
            if prop in seen:
                continue
            seen.add(prop)
            if prop not in owner or place(owner[prop], seen):
                owner[prop] = i
                return True
        return False

    return len(values) > 1 and all(place(i, set()) for i in range(len(values)))


def _restated(text: str, current: Sequence[Stated], v: Stated) -> bool:
    """Whether ``v`` says again a value of the item said before ("the 9:20 bus ... at 9:20"),
    not in another entry of a list (a comma between: "10am-12pm, ... from 12pm to 4pm")."""
    return any(o.text == v.text and "," not in text[o.span.end : v.span.start] for o in current)


def _clause_cut(text: str, current: Sequence[Stated], start: int, v: Stated) -> int:
    """The first value of ``current`` from ``start`` on that a clause's break or the start of
    ``v``'s sentence parts from the value before it ("... 5% off. You'd need 2,500 points to
    reach Evergreen": the points are Evergreen's); ``len(current)`` where none is."""
    for k in range(start, len(current)):
        if _SENTENCE_END.search(text[current[k].span.start : v.span.start]):
            continue  # a clause of another sentence
        between = text[current[k - 1].span.end : current[k].span.start]
        if _CLAUSE_BREAK.search(between):
            return k
        if _SENTENCE_END.search(between) and not _JOINED.fullmatch(
            text[current[-1].span.end : v.span.start]
        ):
            # (not where the value is one of a coordination with ``v``: "The blue bin and the
            # food caddy are both collected")
            return k
    return len(current)


def _last_comma(text: str, current: Sequence[Stated], start: int, v: Stated) -> int:
    """The value of ``current`` from ``start`` on that the last comma before ``v`` parts from
    the value before it, in ``v``'s sentence ("10am-12pm for £3.99, a saver window from 12pm":
    the saver window's item opens at "saver"); ``len(current)`` where none does."""
    for k in range(len(current) - 1, start - 1, -1):
        if k == 0 or _SENTENCE_END.search(text[current[k].span.start : v.span.start]):
            break
        if "," in text[current[k - 1].span.end : current[k].span.start]:
            return k
    return len(current)


def _coordinated(text: str, first: Span, second: Span) -> bool:
    """Whether only a conjunction (and a determiner) stands between two values ("X and the
    Y", "X, Y", "X or Y")."""
    between = text[first.end : second.start]
    return bool(between.strip()) and _COORDINATION.fullmatch(between) is not None


#: What ends a clause between two values: a semicolon, or a comma or word joining clauses.
_CLAUSE_BREAK = re.compile(
    r";|,\s*(?:and|but|or|while|whereas|so)\b|\b(?:but|while|whereas)\b", re.IGNORECASE
)

#: The days of the week, as a row's field may name them.
_WEEKDAYS = frozenset(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
)

#: What joins two things of a coordination, a noun or two after the first ("blue bin and the").
_JOINED = re.compile(
    r"\s*(?:[\w-]+\s+){0,2}(?:and|or|&)\s+(?:(?:the|a|an|your|our)\s+)?", re.IGNORECASE
)

#: Words before a value that make it one expected, not held now ("expect it to be fixed").
_EXPECTED = re.compile(
    r"\b(?:expect(?:s|ed)?|hope|aim(?:s|ing)?|due\s+to|scheduled\s+to|going\s+to|will|should)\b",
    re.IGNORECASE,
)


def _expected(text: str, value: Stated) -> bool:
    """Whether ``value``, a member of a closed set, is a state expected later, not the one held
    now ("We expect it to be fixed by 4pm", "F-2231 should be fixed by this evening")."""
    if value.kind != "entity":
        return False
    start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, value.span.start)), default=0)
    return _EXPECTED.search(text, start, value.span.start) is not None


#: The end of a sentence.
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")

#: What stands between two coordinated values.
_COORDINATION = re.compile(
    r"\s*(?:,\s*(?:and|or)?|and|or|&)\s*(?:(?:the|a|an|both|either)\s+)?", re.IGNORECASE
)


def _support(kb: KnowledgeBase, row: URIRef, rows: bool) -> int:
    """How many telling values an item needs to be ``row``: two, and three for a KB node named
    by nothing but its links (an appointment, a course session), which a sentence about
    something else ("Round 3 is at Kestrel Leeds on Saturday") describes by two of them just
    as well."""
    return 3 if not rows and kb.labels.display(str(row)) is None else 2


def _read(
    kb: KnowledgeBase,
    values: list[Stated],
    candidates: Sequence[URIRef],
    facts: dict[URIRef, Facts],
    unheld: list[Unheld],
    rows: bool = True,
    text: str = "",
    listed: bool = False,
    unsaid: Sequence[Span] = (),
) -> Item:
    matching = tuple(c for c in candidates if all(c in v.holders for v in values))
    # the values that tell candidates apart; of one row (a booking, a look-up), those it holds
    telling = [v for v in values if len(v.holders) < len(candidates) or len(candidates) == 1]
    if matching:
        row = matching[0]
        need = _support(kb, row, rows)
        # a row told by its own name, with what it holds ("Homesick by Kane Brown"): the name
        # of a thing the words before it call a property of it ("from the album Wonders") is
        # checked against the row, nothing else
        by_name = (
            rows
            and len(matching) == 1
            and len(telling) < need
            and len(values) > 1
            and any(v.kind == "name" and v.holders.keys() == {row} for v in values)
        )
        if by_name:
            names = [v.span for v in values if v.kind == "name" and v.holders.keys() == {row}]
            asked = [
                u
                for u in unheld
                if (u.kind == "name" and named_before(kb, u.before, text_properties(facts[row])))
                # "a Compact CR-V": a member of a closed set written right before the name
                or (u.kind == "entity" and any(_right_before(text, u.span, n) for n in names))
            ]
        elif len(matching) != 1 or (len(telling) < need and not (len(candidates) == 1 and rows)):
            # several rows, or one value, a name included: too little to say the item is that
            # row ("It starts at 8:45am at our Clifton clinic" is about no clinic's own time;
            # but the one row a call returned is what the reply speaks of)
            return Item(tuple(values), matching, len(telling))
        elif len(candidates) > 1:
            asked = unheld
        else:
            # of the one row a call returned, only a number written like its own ("Transfer
            # $180 from checking": no balance), and, named by values of as many of its
            # properties as tell a row among several, a member of a closed set ("an American
            # Airlines flight at 3:55 pm ... for $740" of the one Delta flight)
            named = len({v.holders[row] for v in telling}) >= need
            # how many of the row's times the verb before each stated time names
            times = _times(facts[row])
            verbs = {
                u.span: len(_verb_named(kb, u.before, times)) for u in unheld if u.kind == "time"
            }
            asked = [
                u
                for u in unheld
                if u.kind in _OF_ONE
                or (named and u.kind in _NAMED)
                # "It should arrive at about 6:26 am": a time the verb before it names
                or verbs.get(u.span) == 1
                # "Your next payment of £19 is on 1 December": a date or time said with values
                # naming the row, of its property of that type
                or (named and u.kind in _OF_SEVERAL)
            ]
            # "It will take 1 business days": of the row its words name, but no value of the
            # row says the sentence is about it (a points balance is no "points expiring"); a
            # date or time no verb ties to a property may be of something else the sentence
            # speaks of: flagged, never rewritten
            asked = [
                replace(u, sure=False)
                if (u.kind == "count" and not telling)
                or (u.kind in _OF_SEVERAL and not verbs.get(u.span))
                else u
                for u in asked
            ]
        return Item(
            tuple(values),
            matching,
            len(telling),
            row=row,
            unheld=_unheld(kb, row, values, facts, asked, text),
            by_name=by_name,
        )
    unread = Item(tuple(values), (), len(telling))
    best = [
        (c, missing[0])
        for c in candidates
        if len(missing := [v for v in values if c not in v.holders]) == 1
    ]
    if listed:
        # one of a coordination: the values after it are said of every one listed ("the Lead
        # Climbing Course and the Kids Climbing Club at Kestrel York"), which one is not known
        return unread
    if len(values) < 3 or len(best) != 1:
        if any(v.span in unsaid or _expected(text, v) for v in telling):
            return unread
        return replace(unread, clash=_clash(kb, values, telling, candidates, facts, text))
    row, odd = best[0]
    if not rows and odd.kind in {"name", "entity"}:
        return unread
    if _expected(text, odd):
        return unread
    if sum(1 for v in telling if v is not odd and row in v.holders) < _support(kb, row, rows):
        return unread
    # the row's value of the property the others hold the odd value under: one property only
    held = _held_under(facts[row], odd)
    if len(held) > 1 or (not held and NAME not in odd.properties):
        return unread
    chosen, expected = held[0] if held else (NAME, [])
    return Item(
        tuple(values),
        (),
        len(telling),
        row=row,
        odd=odd,
        odd_property=chosen,
        expected=tuple(expected),
    )


def _held_under(own: Facts, odd: Stated) -> list[tuple[URIRef, list[Node]]]:
    """The row's values (``own``) of each property another row holds ``odd`` under."""
    return [(p, held) for p in sorted(odd.properties) if (held := own.objects.get(p))]


def _right_before(text: str, first: Span, second: Span) -> bool:
    """Whether ``first`` is written right before ``second``, a space or a hyphen between."""
    return first.end <= second.start and text[first.end : second.start] in {" ", "-", " - "}


def _clash(
    kb: KnowledgeBase,
    values: list[Stated],
    telling: list[Stated],
    candidates: Sequence[URIRef],
    facts: dict[URIRef, Facts],
    text: str,
) -> tuple[Stated, ...]:
    """The values that tell rows apart when no row holds them all and the reading cannot say
    which one is wrong: each held by some candidate, none a bare number (which may be a value
    of another property by chance: "from 18,190 to 18,452 kWh" between two readings' dates).
    A row's name is one of them
    ("an Altima at Salesforce Transit Center" where the Altima is at the airport and the Civic
    at Salesforce): the name or the value is wrong, which is not certain; where a check of
    claims or numbers binds the value to the name and says which, its flag stands instead
    (:func:`settle`: the same rows as a KB give the same verdict)."""
    if len(telling) < 2 or any(
        v.kind == "number" and not _against_named(v, telling, facts) for v in telling
    ):
        return ()
    names = [v for v in telling if v.kind == "name"]
    for name in names:
        for v in telling:
            if v is name:
                continue
            between = text[min(name.span.start, v.span.start) : max(name.span.end, v.span.end)]
            if _LIST_BREAK.search(between):
                # "the door seal is in stock; the fan motor is due back on the 7th", "the talk
                # next Thursday, and a Family Film Afternoon": the value is of the entry
                # before or after the name's, which the reading did not name
                return ()
    # words are told apart by the properties holding them ("Standard", a type, and "Salesforce
    # Transit Center", a place)
    kinds = [(v.kind, v.properties if v.kind == "words" else frozenset()) for v in values]
    if len(set(kinds)) < len(kinds):
        # two times, two amounts: several items listed ("8-10 am, midday to 2 pm"), or a range
        # whose ends are of two properties; which values go together is not clear
        return ()
    if any(all(c in v.holders for v in telling) for c in candidates):
        return ()
    if not _of_one_kind(kb, telling) or _silent(telling, facts):
        return ()
    return tuple(telling)


def _against_named(value: Stated, values: Sequence[Stated], facts: dict[URIRef, Facts]) -> bool:
    """Whether a bare number is another row's value of a property whose own value the one row
    ``values`` name holds ("There's Dogman, which is rated 5.80", Dogman's rating being 7.3
    and Mary Magdalene's 5.8): the pairing is wrong, not a number of something else."""
    named = {r for v in values if v.kind == "name" for r in v.holders}
    if len(named) != 1:
        return False
    own = facts[next(iter(named))].objects
    return bool(value.properties) and all(own.get(p) for p in value.properties)


def _silent(values: Sequence[Stated], facts: dict[URIRef, Facts]) -> bool:
    """Whether a thing holding one of ``values`` holds nothing under the properties of another
    ("Northmoor Flex electricity" where the Flex tariff states no fuel and another tariff is
    electricity): what it does not state, it does not contradict."""
    for v in values:
        for holder in v.holders:
            own = facts[holder].objects
            for other in values:
                if other is not v and not any(p == NAME or own.get(p) for p in other.properties):
                    return True
    return False


def _of_one_kind(kb: KnowledgeBase, values: Sequence[Stated]) -> bool:
    """Whether one class holds every value: some thing of it holds each ("the Altima", "March
    2nd", "Salesforce Transit Center": cars' values, so which car is meant is in question). A
    name beside a value of another kind of thing ("Clifton", a clinic, "feline medicine", a
    vet's) is no description of one thing: the sentence names several."""
    kinds: set[URIRef] | None = None
    for v in values:
        held = {t for h in v.holders for t in kb.direct_types(h)}
        kinds = held if kinds is None else kinds & held
        if not kinds:
            return False
    return True


#: What joins the two ends of a stretch of time: "9am-1pm", "12pm to 4pm", "8 until 12".
_RANGE_JOIN = re.compile(r"\s*(?:-|–|—|to|until|till)\s*", re.IGNORECASE)
#: What may part a list's entries: a comma, "and", "or", "plus".
_LISTING = re.compile(r",|\b(?:and|or|plus)\b", re.IGNORECASE)
#: What parts the entries of a list: a semicolon, or a comma before "and" or "or".
_LIST_BREAK = re.compile(r";|,\s*(?:and|or)\b", re.IGNORECASE)
#: What a reply states of the one row a call returned that no other value names: a number
#: written like its phone number, a year ("It is a pop song from 2012"), a street address, a
#: number its words name a field of ("It will take 3 business days").
_OF_ONE = frozenset({"code", "year", "address", "count"})
#: What the reply states of the one row a call returned, once values of two of its properties
#: name it: a closed set's member ("an American Airlines flight"), a name.
_NAMED = frozenset({"entity", "name"})


def _within_the_rows_dates(stated: Unheld, own: Facts) -> bool:
    """Whether a stated date falls strictly between the two dates of a row that holds two, a
    period's ends at most ``_PERIOD_DAYS`` apart ("Friday and Saturday night" of a stay
    available from Friday to Sunday): a day of the row's own period, no misstatement of
    either end (a founding year and a next event are no period). A day said by its weekday
    alone ("this Friday and Saturday") or from today ("this Saturday") is compared by its
    weekday: which week it is of, the words may not say."""
    if not isinstance(stated.value, date):
        return False
    held = sorted({day.start.date() for day, _ in own.days if day.has_date})
    if len(held) != 2 or (held[1] - held[0]).days > _PERIOD_DAYS:
        return False
    inside = [held[0] + timedelta(days=n) for n in range(1, (held[1] - held[0]).days)]
    if stated.relative or stated.weekday:
        return any(d.weekday() == stated.value.weekday() for d in inside)
    return stated.value in inside


#: The most days apart two dates of a row may be to be read as the ends of its period.
_PERIOD_DAYS = 31


#: How far from a value of the row a name no row holds may be to stand where its name does
#: ("Gotta Be A Reason by Mindy Gledhill", "Dumbo with a rating of 7.5").
_NEAR = 16
#: How far apart a day and a time of one expression may be ("Friday 11 December at 2:15pm").
_BESIDE = 8


def _stands_for_name(
    kb: KnowledgeBase, row: URIRef, u: Unheld, values: Sequence[Stated], text: str
) -> bool:
    """Whether the unheld name ``u`` stands where ``row``'s own name would: the row has a name
    (not its kind's), and ``u`` is beside a value of it in one sentence ("Gotta Be A Reason by
    Mindy Gledhill"; not a place said later, "... pick one up at Unit 4, Kirkstall Trade
    Park")."""
    return not named_by_kind(kb, row) and any(
        row in v.holders
        and v.span.start - _NEAR <= u.span.end
        and u.span.start - _NEAR <= v.span.end
        and not _SENTENCE_END.search(
            text, min(u.span.end, v.span.end), max(u.span.start, v.span.start)
        )
        for v in values
    )


def _times(own: Facts) -> set[URIRef]:
    """The properties of ``own`` holding a time of day."""
    return {p for ps in own.moments.values() for p in ps} - own.instants


def _verb_named(kb: KnowledgeBase, before: tuple[str, ...], props: set[URIRef]) -> set[URIRef]:
    """Those of ``props`` a word of whose label shares its stem with the last word before a
    value that is no small word ("arrive" of "arrive at about 6:26 am": "arrival time")."""
    words = [w for w in before if w not in STOP_WORDS]
    if not words:
        return set()
    key = stem(words[-1])
    return {
        p
        for p in props
        if any(
            stem(w) == key for w in normalize(kb.ontology.label(p)).split() if w not in STOP_WORDS
        )
    }


def _said_short(said: str, held: Node) -> bool:
    """Whether ``said`` is ``held`` said by its first part, before a comma ("Fernvale Station"
    of "Fernvale Station, Platform Road"), or its list written otherwise ("C14 and C15" of
    "C14, C15"): the same value, not another."""
    if not isinstance(held, Literal):
        return False
    first, comma, _ = str(held).partition(",")
    if comma and value_words(first) == value_words(said):
        return True
    return _listed(said) == _listed(str(held)) and len(_listed(said)) > 1


def _said_before(before: Sequence[str], held: Node) -> bool:
    """Whether the words ``before`` a name (the last one excepted) hold the last word of the
    value ``held`` ("york" of "our North York store on" and "Maple Press North York")."""
    if not isinstance(held, Literal):
        return False
    words = value_words(str(held))
    return bool(words) and words[-1] in before[:-1]


def _listed(text: str) -> frozenset[tuple[str, ...]]:
    """The items of a list written with commas, "and", "&" or slashes, each as its words."""
    parts = re.split(r"\s*(?:,|;|/|&|\band\b)\s*", text.strip().rstrip("."))
    return frozenset(w for part in parts if (w := value_words(part)))


def _beside(a: Span, b: Span) -> bool:
    return a.start - _BESIDE <= b.end and b.start - _BESIDE <= a.end


def _unheld(
    kb: KnowledgeBase,
    row: URIRef,
    values: list[Stated],
    facts: dict[URIRef, Facts],
    unheld: list[Unheld],
    text: str = "",
) -> tuple[tuple[Unheld, URIRef, tuple[Node, ...]], ...]:
    """Each unheld time, date or amount with the row's one property of its type that no value
    of the item states."""
    filled = {p for v in values for p in v.holders.get(row, ())}
    own = facts[row]
    out: list[tuple[Unheld, URIRef, tuple[Node, ...]]] = []
    for u in unheld:
        if u.kind == "time":
            props = _times(own) - filled
            if len(props) > 1:
                # "It should arrive at about 6:26 am": of the time the verb before it names
                props = _verb_named(kb, u.before, props) or props
        elif u.kind == "date":
            if _within_the_rows_dates(u, own):
                continue
            if u.weekday and any(len(w) == 1 and w[0] in _WEEKDAYS for w, _ in own.words):
                # "on Wednesday" of a row whose day is "Tuesday": a weekday is the day field's,
                # not the week's date ("week commencing 7 December")
                continue
            days = {
                p
                for day, p in own.days
                # "open until 8pm tonight": no founding date
                if isinstance(u.value, date) and may_state(u.value, u.relative, day)
            }
            props = days - filled - own.instants
            if not props:
                # "on Friday 11 December at 2:15pm" of a start on 10 December at 2:15pm: the
                # date beside a time the row holds under a date-and-time property is its date
                props = (
                    {
                        p
                        for v in values
                        if v.kind == "time" and _beside(v.span, u.span)
                        for p in v.holders.get(row, ())
                    }
                    & own.instants
                    & days
                )
        elif (
            u.kind in {"code", "address"}
            and len(named := named_before(kb, u.before, text_properties(own)) - filled) == 1
        ):
            # "Their address is 89 South street": of the property its words name
            props = named
        elif u.kind == "code":
            props = {
                p
                for p, objects in own.objects.items()
                if any(isinstance(o, Literal) and shape(str(o)) == u.value for o in objects)
            } - filled
        elif u.kind == "entity":
            # "an Alaska Airlines flight": of the property whose value is of the same kind
            kinds = kb.direct_types(URIRef(str(u.value)))
            props = {
                p
                for p, objects in own.objects.items()
                if any(isinstance(o, URIRef) and kb.direct_types(o) & kinds for o in objects)
            } - filled
        elif u.kind == "address":
            # "Their address is 89 South street": of the row's one property holding addresses
            props = {
                p
                for p, objects in own.objects.items()
                if any(
                    isinstance(o, Literal) and STREET_ADDRESS.fullmatch(str(o).strip())
                    for o in objects
                )
            } - filled
        elif u.kind == "name":
            # "from the album Wonders": of the property the words before it name; "How about
            # Gotta Be A Reason by Mindy Gledhill": of the row's name, unstated
            props = named_before(kb, u.before, text_properties(own)) - filled
            if any(_said_short(u.text, o) for p in props for o in own.objects.get(p, ())):
                continue
            if any(_said_before(u.before, o) for p in props for o in own.objects.get(p, ())):
                # "at our North York store on Yonge St": the store is said, by its name's last
                # word before the word that names the field; the name after it is another
                # thing's (its street)
                continue
            if not props and NAME not in filled and _stands_for_name(kb, row, u, values, text):
                out.append((u, NAME, (Literal(kb.label(row)),)))
                continue
        elif u.kind == "year":
            # "a pop song from 2012": of the row's one property whose values are years
            props = {p for _, p in own.numbers if holds_years(own, p)} - filled
        elif u.kind == "count":
            # "1 layovers": of the row's property that counts layovers, unless the row holds
            # the number said there (a field read as money that is a count: "340 points")
            props = {p for _, p in own.numbers if p in u.counts} - filled
            if any(_is(kb, u, p, v) for v, p in own.numbers if p in props):
                continue
            if u.unit is not None and {canonical_unit(kb.ontology.unit_of(p)) for p in props} != {
                canonical_unit(u.unit)
            }:
                # "1.2 miles" against a length in kilometres: wrong, but the figure to write
                # is another unit's; flagged, never rewritten
                u = replace(u, sure=False)
        else:
            props = {p for _, p in own.numbers} - filled
            # an amount is of a money property: one whose values the rows write as amounts;
            # said per a period ("£64 a day"), of one naming the period, never of a total
            props = {p for p in props if money_like(kb, p)}
            if u.per is not None:
                props = {p for p in props if names_period(kb, p, u.per)}
        if len(props) == 1:
            (p,) = props
            out.append((u, p, tuple(own.objects.get(p, ()))))
        elif len(props) > 1 and u.kind in _OF_SEVERAL:
            # "leaving at 6:50 am" of a row whose departure and arrival are 1:55 pm and 2:53 pm:
            # of no value the row holds, so wrong, but which of them it stands for the words do
            # not say; flagged with each, never rewritten
            unsure = replace(u, sure=False)
            out += [(unsure, p, tuple(own.objects.get(p, ()))) for p in sorted(props)]
    return tuple(out)


def _is(kb: KnowledgeBase, u: Unheld, prop: URIRef, held: Decimal) -> bool:
    """Whether the unheld number ``u`` is ``held``, a value of ``prop`` (a measure in
    ``prop``'s unit)."""
    if u.unit is not None and isinstance(u.value, Decimal):
        return same_measure(kb, u.value, u.unit, prop, held, approximate=u.approximate)
    return bool(u.value == held)


#: The kinds of unheld value wrong against every property of its type a row leaves unstated
#: (a time of day, a date): such a value is of one of them, whichever it is.
_OF_SEVERAL = frozenset({"time", "date"})
