"""The days of the week a sentence names."""

from __future__ import annotations

import pytest

from kgcheck.values.weekdays import weekdays_named

WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("closes at 6:30pm on Fridays", ["friday"]),
        ("runs on Tuesdays, Thursdays and Saturdays", ["tuesday", "thursday", "saturday"]),
        ("open Monday to Thursday", WEEK[:4]),
        ("Mondays through Fridays", WEEK[:5]),
        ("Fri to Mon", ["friday", "saturday", "sunday", "monday"]),
        ("opens at 8am on weekdays", WEEK[:5]),
        ("at weekends", WEEK[5:]),
        ("open every day", WEEK),
        ("Sat-Sun", WEEK[5:]),
        # words that only look like short day names
        ("the sun is out and we sat down", []),
    ],
)
def test_weekdays_named(text: str, days: list[str]) -> None:
    assert weekdays_named(text) == set(days)
