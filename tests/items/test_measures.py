"""Reading a tool's rows: a measure stated with its unit, and a time that may be of either of
two times a row holds. In a domain of its own: a walking-holiday assistant."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.report import TurnReport

NOW = "2026-11-28T10:00:00+00:00"

SCHEMA = {
    "type": "object",
    "properties": {
        "trail": {"type": "string", "description": "Name of the trail"},
        "length": {"type": "number", "description": "Length of the walk in kilometres"},
        "climb": {"type": "integer", "description": "Total ascent in metres"},
        "shuttle_out": {"type": "string", "description": "Time the shuttle leaves the car park"},
        "shuttle_back": {"type": "string", "description": "Time the last shuttle returns"},
    },
}
TRAILS = [
    {"trail": "Cragside Loop", "length": 12.5, "climb": 640, "shuttle_out": "08:40",
     "shuttle_back": "17:15"},
    {"trail": "Mere Path", "length": 6, "climb": 120, "shuttle_out": "09:30",
     "shuttle_back": "16:00"},
]  # fmt: skip


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}}))


def check(checker: Checker, reply: str) -> TurnReport:
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "Any walks near Keswick for Saturday?")
    state.add_tool_result("find_trails", TRAILS, arguments={"near": "Keswick"}, schema=SCHEMA)
    return checker.check_turn(reply, state)


def flagged(checker: Checker, reply: str) -> list[str]:
    return [f.content for f in check(checker, reply).flags if f.confidence >= 0.5]


FORECAST_SCHEMA = {
    "type": "object",
    "properties": {
        "date": {"type": "string", "format": "date"},
        "high": {"type": "integer", "description": "Highest temperature in Celsius"},
        "wind": {"type": "integer", "description": "Wind speed in miles per hour"},
        "rain": {"type": "integer", "description": "Chance of rain in percent"},
    },
}
FORECAST = [{"date": "2026-11-28", "high": 9, "wind": 14, "rain": 40}]


def forecast(checker: Checker, reply: str) -> TurnReport:
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "What's the weather doing on the fells today?")
    state.add_tool_result("get_forecast", FORECAST, arguments={"place": "Keswick"},
                          schema=FORECAST_SCHEMA)  # fmt: skip
    return checker.check_turn(reply, state)


def test_a_measure_of_a_forecast_is_checked_in_the_propertys_unit(checker: Checker) -> None:
    # no word names what "12 degrees" is of: the forecast the date and the chance of rain tell
    reply = "Today it should reach 12 degrees Celsius with a 40 percent chance of rain."
    report = forecast(checker, reply)
    flagged = [f for f in report.flags if f.confidence >= 0.5]
    assert [f.content for f in flagged] == ["12 degrees Celsius"]
    assert "9" in flagged[0].message
    # which row a measure is of is not sure enough to rewrite: flagged, never corrected
    assert report.text == reply


def test_a_measure_in_another_unit_agrees_when_it_converts(checker: Checker) -> None:
    # 9 °C is 48 °F; 14 mph is about 22.5 km/h
    reply = "Today it should reach 48 degrees Fahrenheit with a 40 percent chance of rain."
    assert [f.content for f in forecast(checker, reply).flags if f.confidence >= 0.5] == []


def test_a_wrong_measure_in_another_unit_is_flagged_never_rewritten(checker: Checker) -> None:
    reply = "Today it should reach 60 degrees Fahrenheit with a 40 percent chance of rain."
    report = forecast(checker, reply)
    acted = [f.content for f in report.flags if f.confidence >= 0.5]
    assert acted == ["60 degrees Fahrenheit"]
    assert report.text == reply


def test_a_time_of_neither_of_the_rows_times_is_flagged_once_never_rewritten(
    checker: Checker,
) -> None:
    # "gets you there at 10:15" is the shuttle out or back; the row holds 9:30 and 16:00
    reply = "For the Mere Path, the shuttle gets you there at 10:15 and it's only 6 km."
    report = check(checker, reply)
    acted = [f for f in report.flags if f.confidence >= 0.5]
    assert [f.content for f in acted] == ["10:15"]
    assert "9:30" in acted[0].message and "16:00" in acted[0].message
    assert report.text == reply
