"""``mismatched_item``: an item described by values that no one row holds together.

"There is a United Airlines flight which leaves at 7 am and has 0 layovers. It costs $228."
when the 7 am flight with no layovers for $228 is American Airlines': the time, the layovers and
the price agree on one row and the airline does not, so the airline is wrong, and corrected to
the row's. "... leaves at 7 am and arrives at 5 pm" when that row arrives at 8:04 am: the row is
the 7 am one (told apart by two values), and the arrival time, the row's one unstated time, is
wrong; so is "an Alaska Airlines flight" there, the airline of no row. "a flight at 7 am for
$305" when the 7 am flight costs $228 and the $305 one leaves at 1:40 pm: the item is wrong but
not which value, so it is flagged and never rewritten. The reading is :mod:`kgcheck.items`; a
correction is written only where the row holds one value of the property and a value telling
the row stands in the odd value's own sentence (values of other sentences may describe another
item: "If you'd rather have an automatic, ..."), and the corrected reply is checked again like
any other.
"""

from __future__ import annotations

from decimal import Decimal

from rdflib import Literal, Node, URIRef

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.items import NAME, Item, Unheld, modifies_noun
from kgcheck.items.values import money_like
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import value_words
from kgcheck.kb.values import format_like
from kgcheck.types import Evidence, Flag, FlagType, Span
from kgcheck.values.quantities import QUANTITY

__all__ = ["MismatchedItemDetector"]


class MismatchedItemDetector(Detector):
    name = "mismatched_item"
    flag_type = FlagType.WRONG_ATTRIBUTE
    requires = frozenset({"items"})

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        items: tuple[Item, ...] = ctx.require("items") or ()
        flags: list[Flag] = []
        for item in items:
            if item.clash:
                flags.append(self._clash(ctx, item))
            if item.row is None:
                continue
            if item.odd is not None:
                flags.append(self._odd(ctx, item, items))
            # one flag a stretch: a value that may stand for any of several properties
            # ("leaving at 6:50 am": the departure or the arrival) is one problem
            readings: dict[Span, list[tuple[Unheld, URIRef, tuple[Node, ...]]]] = {}
            for reading in item.unheld:
                readings.setdefault(reading[0].span, []).append(reading)
            for found in readings.values():
                if len(found) > 1:
                    flag = self._unplaced(ctx, item, found)
                else:
                    unheld, prop, expected = found[0]
                    if unheld.kind == "money" and _held_above(ctx.kb, item.row, unheld.value):
                        # "So far you've paid £1,100: the £300 deposit ... and £800 ...": a
                        # value of what holds the rows (the call's total), none of a row's
                        continue
                    flag = self._unheld(
                        ctx, item, unheld.span, unheld.text, prop, expected, unheld.sure
                    )
                if flag is not None:
                    flags.append(flag)
        return flags

    def _unplaced(
        self,
        ctx: DetectionContext,
        item: Item,
        found: list[tuple[Unheld, URIRef, tuple[Node, ...]]],
    ) -> Flag | None:
        """A value the row holds under none of the properties it may stand for: wrong, but
        not which value it should be; flagged with each, never rewritten."""
        kb = ctx.kb
        assert item.row is not None
        unheld = found[0][0]
        held = [
            (prop, expected, ", ".join(kb.value_text(prop, v) for v in expected))
            for _, prop, expected in found
            if expected
        ]
        if not held:
            return None
        others = [v.text for v in item.values if item.row in v.holders]
        which = (
            f"the {_kind(ctx, item.row)} with {_listed(others)}" if others else kb.label(item.row)
        )
        said = _listed([f"{kb.ontology.label(prop)} {text}" for prop, _, text in held])
        return self.flag(
            span=unheld.span,
            content=unheld.text,
            message=f"Not {unheld.text}: {which} has {said}",
            evidence=[
                Evidence(
                    "kb",
                    f"{kb.label(item.row)}: {said}",
                    tuple(
                        (str(item.row), str(prop), str(v))
                        for prop, expected, _ in held
                        for v in expected
                    ),
                )
            ],
            focus=str(item.row),
            action="flag",
            kb_strength=0.8,
        )

    def _odd(self, ctx: DetectionContext, item: Item, items: tuple[Item, ...]) -> Flag:
        kb = ctx.kb
        assert item.row is not None and item.odd is not None
        odd, row = item.odd, item.row
        others = [v.text for v in item.values if v is not odd and row in v.holders]
        prop = item.odd_property
        if prop == NAME or prop is None:
            said = kb.label(row)
            message = f"Not {odd.text}: the one with {_listed(others)} is {said}"
            triples: tuple[tuple[str, str, str], ...] = ()
            correction = said if odd.kind == "name" else None
        else:
            said = ", ".join(kb.value_text(prop, v) for v in item.expected)
            which = f"the {_kind(ctx, row)} with {_listed(others)}" if others else kb.label(row)
            message = f"Not {odd.text}: {which} has {kb.ontology.label(prop)} {said}"
            triples = tuple((str(row), str(prop), str(v)) for v in item.expected)
            correction = (
                _written(ctx, prop, item.expected[0], odd.text) if len(item.expected) == 1 else None
            )
        holders = sorted({str(s) for s in odd.holders})
        sentence = _sentence_of(ctx, odd.span)
        # a value every row of the item holds ("Each pack has two fillets") tells none apart
        named = set().union(*(v.holders.keys() for v in item.values))
        alone = not any(
            _sentence_of(ctx, v.span) == sentence
            for v in item.values
            if v is not odd and row in v.holders and (len(named) == 1 or v.holders.keys() != named)
        )
        if odd.kind == "date" and modifies_noun(ctx.analysis.text, odd.span):
            # "your November bill": a month that tells the bill by its period, not its due date
            alone = True
        if any(q.span == odd.span and q.kind == QUANTITY for q in ctx.analysis.quantities):
            # a measure ("one 240-litre bin at £25 and a 23-litre caddy"): which of the things
            # a sentence lists it is of, the reading is not sure enough to rewrite
            alone = True
        named_here = {
            URIRef(m.iri)
            for m in ctx.analysis.mentions
            if m.iri is not None and _sentence_of(ctx, m.span) == sentence
        }
        if named_here & set(odd.holders) or any(
            _holds(ctx, thing, prop, odd.text) for thing in named_here
        ):
            # "It's in Tokyo Red and is on at £15,250", "it" the Yaris at £15,250: the sentence
            # names a thing that holds the value, whatever row the values read together tell
            alone = True
        if item.guessed:
            alone = True  # the row is a pronoun's resolution ("It's from 2011")
        if any(
            h != row and h in v.holders and row not in v.holders
            for h in odd.holders
            for other in items
            for v in other.values
            if v is not odd and _sentence_of(ctx, v.span) == sentence
        ):
            # "the $3,000 deposit by bank transfer in August and $8,000 by credit card on 20
            # January": the sentence states values that tell the row holding the odd value
            # apart, so which values make one item is not certain
            alone = True
        if alone:
            # the row is told by values of other sentences ("... the Vauxhall Corsa at £38 a
            # day. If you'd rather have an automatic, ..."): which item the odd value is of is
            # not certain, so it is flagged, never rewritten
            correction = None
        return self.flag(
            span=odd.span,
            content=odd.text,
            message=message,
            evidence=[
                Evidence(
                    "kb",
                    f"{kb.label(row)}: {_listed(others)}; {odd.text} is of "
                    + ", ".join(kb.label(URIRef(h)) for h in holders[:3]),
                    triples,
                )
            ],
            correction=correction,
            correction_span=odd.span if correction is not None else None,
            focus=str(row),
            # an uncertain reading is shown, never grounds to remove the sentence
            action="flag" if alone else None,
            kb_strength=0.8 if alone else 1.0,
        )

    def _clash(self, ctx: DetectionContext, item: Item) -> Flag:
        """Values of different rows, no row holding them together: the item is wrong, but
        not which value; flagged, never rewritten."""
        kb = ctx.kb
        start = min(v.span.start for v in item.clash)
        end = max(v.span.end for v in item.clash)
        owners = [
            f"{v.text}: " + ", ".join(sorted(kb.label(h) for h in v.holders)[:3])
            for v in item.clash
        ]
        texts = [v.text for v in item.clash]
        return self.flag(
            span=Span(start, end),
            content=ctx.analysis.text[start:end],
            message=f"No one result has {_listed(texts)} together ({'; '.join(owners)})",
            evidence=[Evidence("kb", "; ".join(owners))],
            action="flag",
            kb_strength=0.8,
        )

    def _unheld(
        self,
        ctx: DetectionContext,
        item: Item,
        span: Span,
        text: str,
        prop: URIRef,
        expected: tuple[Node, ...],
        sure: bool = True,
    ) -> Flag | None:
        kb = ctx.kb
        assert item.row is not None
        if not expected:
            return None
        if _said_of_the_named(kb, text, expected):
            return None  # "at our Byres Road branch, 305 Byres Road": the branch's address
        others = [v.text for v in item.values if item.row in v.holders]
        if prop == NAME:
            # a capitalised stretch where the row's name would stand: a name, perhaps, or not,
            # so it is flagged, never rewritten
            said = str(expected[0])
            return self.flag(
                span=span,
                content=text,
                message=f"Not {text}: the {_kind(ctx, item.row)} with {_listed(others)} is {said}",
                evidence=[Evidence("kb", f"{_listed(others)}: {said}")],
                focus=str(item.row),
                action="flag",
                kb_strength=0.8,
            )
        said = ", ".join(kb.value_text(prop, v) for v in expected)
        correction = _written(ctx, prop, expected[0], text) if len(expected) == 1 and sure else None
        which = (
            f"the {_kind(ctx, item.row)} with {_listed(others)}" if others else kb.label(item.row)
        )
        return self.flag(
            span=span,
            content=text,
            message=f"Not {text}: {which} has {kb.ontology.label(prop)} {said}",
            evidence=[
                Evidence(
                    "kb",
                    f"{kb.label(item.row)}: {kb.ontology.label(prop)} {said}",
                    tuple((str(item.row), str(prop), str(v)) for v in expected),
                )
            ],
            correction=correction,
            correction_span=span if correction is not None else None,
            focus=str(item.row),
            # an unsure reading is shown, never grounds to remove the sentence
            action=None if sure else "flag",
            kb_strength=1.0 if sure else 0.8,
        )


def _held_above(kb: KnowledgeBase, row: URIRef, value: object) -> bool:
    """Whether a thing that holds ``row`` (a tool call that generated it, a record that lists
    it) holds the amount ``value`` itself ("total paid"; not under a count, such as the
    number of its rows, that happens to equal it), compared as a number."""
    if not isinstance(value, (int, float, Decimal)) or isinstance(value, bool):
        return False
    wanted = Decimal(str(value))
    for parent in kb.graph.subjects(None, row):
        for p, o in kb.graph.predicate_objects(parent):
            if (
                p not in kb.ontology.counts
                and isinstance(o, Literal)
                and isinstance(n := o.toPython(), (int, float, Decimal))
                and not isinstance(n, bool)
                and Decimal(str(n)) == wanted
            ):
                return True
    return False


def _written(ctx: DetectionContext, prop: URIRef, value: Node, stated: str) -> str:
    if (
        isinstance(value, Literal)
        and isinstance(number := value.toPython(), (int, float, Decimal))
        and number < 0
        and "-" not in stated
        and money_like(ctx.kb, prop)
    ):
        # money going out is said by its size: "£41.00", not "£-41.00"
        value = Literal(-number, datatype=value.datatype)
    written = ctx.kb.value_text(prop, value)
    return format_like(stated, value, written) if isinstance(value, Literal) else written


def _holds(ctx: DetectionContext, thing: URIRef, prop: URIRef | None, text: str) -> bool:
    """Whether the KB gives ``thing`` the value ``text`` says, of ``prop`` (by its name)."""
    if prop is None or prop == NAME:
        return False
    said = text.casefold()
    return any(
        (ctx.kb.label(o) if isinstance(o, URIRef) else str(o)).casefold() == said
        for p, o in ctx.kb.facts(thing)
        if p == prop
    )


def _kind(ctx: DetectionContext, row: URIRef) -> str:
    types = sorted(ctx.kb.direct_types(row))
    return ctx.kb.ontology.label(types[0]) if types else "one"


def _listed(texts: list[str]) -> str:
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def _sentence_of(ctx: DetectionContext, span: Span) -> int:
    """The index of the sentence ``span`` starts in (-1 outside every sentence)."""
    return next(
        (s.index for s in ctx.analysis.segments if s.span.start <= span.start < s.span.end), -1
    )


def _said_of_the_named(kb: KnowledgeBase, text: str, expected: tuple[Node, ...]) -> bool:
    """Whether ``text`` is a value of the thing an expected value names, whole or a part of a
    structure node of it ("305 Byres Road" of the branch "Clearview Byres Road" a row names:
    its address, said beside its name)."""
    said = value_words(text)
    for value in expected:
        things = (
            [value]
            if isinstance(value, URIRef)
            else [URIRef(i) for i in kb.labels.exact(str(value))]
        )
        for thing in things:
            for _, held in kb.facts(thing):
                if isinstance(held, Literal) and value_words(str(held)) == said:
                    return True
                if held in kb.shapes.parts and kb.agrees_with_parts(text, held):
                    return True
    return False
