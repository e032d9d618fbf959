"""The corruptions ``benchmarks/kvret.py`` makes for the party, event-name and made-up-place
slots: only swaps that change what the reply says (no table, no checker)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "kvret.py"


@pytest.fixture(scope="module")
def kvret() -> ModuleType:
    spec = importlib.util.spec_from_file_location("kvret_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["kvret_bench"] = module
    spec.loader.exec_module(module)
    return module


CALENDAR = [
    {"event": "dentist appointment", "time": "1pm", "date": "tuesday", "party": "Jeff"},
    {"event": "yoga activity", "time": "3pm", "date": "friday", "party": "sister"},
    {"event": "dinner", "time": "1pm", "date": "monday", "party": "Jeff"},
    {"event": "dentist", "time": "9am", "date": "the 8th", "party": "-"},
]


def _apply(text: str, swap: object) -> str:
    start, old, new = swap.start, swap.old, swap.new  # type: ignore[attr-defined]
    return text[:start] + new + text[start + len(old) :]


def _swapped(kvret: ModuleType, intent: str, items: list[dict[str, str]], text: str) -> list[str]:
    out = []
    for seed in range(12):
        for swap in kvret.swaps(intent, items, text, random.Random(seed), kvret.MONDAY):
            if swap.kind in {"party", "event name", "made-up place"}:
                out.append(_apply(text, swap))
    return sorted(set(out))


def test_event_name_swapped_only_for_an_event_with_none_of_the_stated_values(
    kvret: ModuleType,
) -> None:
    # "dinner" is at 1pm too, and "dentist" is the same event: only yoga makes it false
    swapped = _swapped(kvret, "schedule", CALENDAR, "Your dentist appointment is at 1pm.")
    assert swapped == ["Your yoga activity is at 1pm."]


def test_event_name_not_swapped_without_a_stated_value_or_in_a_question(
    kvret: ModuleType,
) -> None:
    assert _swapped(kvret, "schedule", CALENDAR, "Your dentist appointment is set.") == []
    assert _swapped(kvret, "schedule", CALENDAR, "Is your dentist appointment at 1pm?") == []


def test_party_swapped_for_a_party_with_none_of_the_stated_values(kvret: ModuleType) -> None:
    # the sister's yoga is on friday: "with your sister" on tuesday is false, and stays a relation
    swapped = _swapped(kvret, "schedule", CALENDAR, "It is on tuesday with Jeff.")
    assert swapped == ["It is on tuesday with your sister."]
    # both parties have a 1pm event: no swap
    assert _swapped(kvret, "schedule", CALENDAR[:1] + CALENDAR[2:], "At 1pm with Jeff.") == []


def test_made_up_place_is_absent_from_table_and_dialogue(kvret: ModuleType) -> None:
    places = [
        {
            "poi": "Valero",
            "poi_type": "gas station",
            "address": "200 Alester Ave",
            "distance": "2 miles",
        },
        {"poi": "home", "poi_type": "home", "address": "56 cadwell street", "distance": "1 miles"},
        {
            "poi": "5672 barringer street",
            "poi_type": "certain address",
            "address": "x",
            "distance": "3 miles",
        },
    ]
    text = "Valero is at 200 Alester Ave; home and 5672 barringer street are far."
    made = set()
    for seed in range(30):
        for swap in kvret.swaps(
            "navigate",
            places,
            text,
            random.Random(seed),
            kvret.MONDAY,
            dialogue_text="Is there a Safeway or a Costco?",
        ):
            if swap.kind == "made-up place":
                assert swap.old == "Valero"
                made.add(swap.new)
    assert made and not made & {"Safeway", "Costco", "Valero"}
    assert made <= set(kvret.MADE_UP_PLACES)
