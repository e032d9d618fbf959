"""Binding the closed-set values of a reply: subject, period, denial, and what is not stated."""

from __future__ import annotations

import pytest

from kgcheck import Checker
from kgcheck.config import load_config
from kgcheck.nlp.closed_values import StatedValue
from tests.conftest import FIXTURES

FC = "https://example.org/forecast#"


@pytest.fixture(scope="module")
def blank() -> Checker:
    config = load_config(FIXTURES / "forecast" / "kgcheck.yaml")
    nlp = config.nlp.model_copy(update={"pipeline": "blank"})
    return Checker(config.model_copy(update={"nlp": nlp}))


def values(checker: Checker, text: str) -> list[StatedValue]:
    return list(checker.analyzer.analyse(text).values)


def test_closed_values_bound_to_the_city_and_nearest_day(blank: Checker) -> None:
    (v,) = values(blank, "On Friday there will be snow in Alhambra.")
    assert v.value == FC + "snow"
    assert v.anchor is not None and v.anchor.subjects == (FC + "alhambra",)
    assert v.anchor.properties == (FC + "weather",)
    assert v.period is not None and v.period.text == "Friday"
    assert not v.negated


def test_closed_values_each_value_takes_its_own_day(blank: Checker) -> None:
    found = values(blank, "In Carson it will be foggy on Monday, rainy on Wednesday.")
    assert [(v.text, v.period.text if v.period else None) for v in found] == [
        ("foggy", "Monday"),
        ("rainy", "Wednesday"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "There will be no snow in Alhambra on Friday.",
        "It will not snow in Alhambra on Friday.",
        "It won't be snowing in Alhambra on Friday.",
    ],
)
def test_closed_values_denied(blank: Checker, text: str) -> None:
    (v,) = values(blank, text)
    assert v.negated


@pytest.mark.parametrize(
    "text",
    [
        "Will it snow in Alhambra on Friday?",
        "I can tell you if it will snow in Alhambra on Friday.",
        "There will be rain or snow in Alhambra on Friday.",
        # joined on one day: which part of it is which, the reply does not say
        "It will be rainy and cloudy in Alhambra on Friday.",
        # a negation further back: what it denies is unclear
        "There aren't any days predicted to be rainy in Alhambra this week.",
    ],
)
def test_closed_values_not_stated_are_left_out(blank: Checker, text: str) -> None:
    assert values(blank, text) == []


def test_closed_values_joined_over_several_days_each_hold_on_one_of_them(blank: Checker) -> None:
    found = values(blank, "It will be rainy and cloudy in Alhambra over the next few days.")
    assert [v.text for v in found] == ["rainy", "cloudy"]
    assert all(v.period is not None and v.period.text == "over the next few days" for v in found)
