"""How an item's reading overrules other checks' flags (``kgcheck.items.settle``): the flags
users see, one problem one flag, and no true value called wrong because a word of the sentence
bound it to another entity."""

from __future__ import annotations

from rdflib import URIRef

from kgcheck.items import Item, Stated, settle
from kgcheck.types import Flag, FlagType, Span

ROW = URIRef("urn:kgcheck:result#flight-0")
OTHER = URIRef("urn:kgcheck:result#flight-1")
AIRLINE = URIRef("urn:kgcheck:field#airlines")
TIME = URIRef("urn:kgcheck:field#departure")
PRICE = URIRef("urn:kgcheck:field#price")


def _value(start: int, end: int, *holders: tuple[URIRef, URIRef]) -> Stated:
    return Stated(Span(start, end), "x", "words", {s: frozenset({p}) for s, p in holders})


def _flag(detector: str, start: int, end: int, action: str | None = None) -> Flag:
    return Flag(
        type=FlagType.WRONG_ATTRIBUTE,
        span=Span(start, end),
        content="x",
        message="m",
        detector=detector,
        action=action,
    )


AIRLINE_VALUE = _value(11, 26, (OTHER, AIRLINE))
TIME_VALUE = _value(50, 54, (ROW, TIME))
PRICE_VALUE = _value(70, 74, (ROW, PRICE))
ITEM = Item(
    (AIRLINE_VALUE, TIME_VALUE, PRICE_VALUE),
    (),
    3,
    row=ROW,
    odd=AIRLINE_VALUE,
    odd_property=AIRLINE,
)


def test_a_flag_on_a_value_the_items_row_holds_gives_way() -> None:
    # "a United flight at 7 am for $228": the time was called wrong of United's flight
    kept = settle([_flag("numeric_claim", 50, 54), _flag("mismatched_item", 11, 26)], [ITEM])
    assert [f.detector for f in kept] == ["mismatched_item"]


def test_one_problem_is_one_flag() -> None:
    kept = settle([_flag("wrong_attribute", 11, 26), _flag("mismatched_item", 11, 26)], [ITEM])
    assert [f.detector for f in kept] == ["mismatched_item"]


def test_a_clash_gives_way_to_a_flag_that_says_which_value_is_wrong() -> None:
    clash = _flag("mismatched_item", 50, 74, action="flag")
    kept = settle([clash, _flag("numeric_claim", 70, 74)], [])
    assert [f.detector for f in kept] == ["numeric_claim"]


def test_flags_outside_any_reading_are_kept() -> None:
    flags = [_flag("numeric_claim", 90, 95), _flag("swapped_value", 0, 5)]
    assert settle(flags, [ITEM]) == flags
