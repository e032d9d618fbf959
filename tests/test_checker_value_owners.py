"""Whose value a number, a time or a day is (issue 35), in a restaurant group's domain
(``tests/fixtures/venues``): a room inside a venue, a room's minimum spend beside its deposit, a
menu's hours on an unnamed node, a shuttle's frequency, a distance beside a delivery radius, a
capacity said with "up to", a manager named after the copula a diet's form is made of, and tool
rows that hold a day or a count the KB keeps under another property. Each true reply must
come out as it went in; each wrong one is flagged on its value."""

from __future__ import annotations

from typing import Any

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import FIXTURES

VENUES = FIXTURES / "venues" / "kgcheck.yaml"
NOW = "2026-12-03T18:00:00+00:00"  # a Thursday evening

#: A timetable search for the week of Monday 7 December: each row names its day.
TIMETABLE = [
    {"module": "CS101", "activity": "Lab", "day": "Tuesday", "start": "14:00", "room": "Room 2"},
    {
        "module": "CS102",
        "activity": "Lecture",
        "day": "Thursday",
        "start": "11:00",
        "room": "Room 5",
    },
]
#: An event search: two events in one sentence of the reply.
EVENTS = [
    {"name": "Oyster Night", "date": "2026-12-12", "seats_left": 0},
    {"name": "Gin Masterclass", "date": "2026-12-17", "seats_left": 11},
    {"name": "Gala Dinner", "date": "2026-12-31", "seats_left": 38},
]


@pytest.fixture(scope="module")
def venues() -> Checker:
    return Checker.from_config(VENUES)


def check(
    checker: Checker, reply: str, tool: tuple[str, Any, dict[str, Any]] | None = None
) -> TurnReport:
    state = DialogueState(session_id="t", now=NOW)
    if tool is not None:
        name, result, arguments = tool
        state.add_tool_result(name, result, arguments=arguments)
    return checker.check_turn(reply, state)


def acted(report: TurnReport) -> list[str]:
    """The stretches the flags the mitigator acts on are about."""
    return [f.content for f in report.flags if f.confidence >= 0.5]


@pytest.mark.parametrize(
    ("reply", "tool"),
    [
        # the room's capacity, not that of the venue the room is at
        ("The Loft at The Harbour seats 24 guests.", None),
        # each amount modifies its own property's word, the nearer word of the other aside
        ("The Loft holds 24 people, with a £500 minimum spend and a £100 deposit.", None),
        # the menu's hours hang on an unnamed node that names the days
        ("The Lunch Menu is served from 12pm to 3pm Monday to Friday.", None),
        # "half hour" is thirty minutes
        ("The Harbour Shuttle runs every half hour.", None),
        # "up to" the capacity or radius itself states it
        ("The Loft seats up to 24 guests.", None),
        ("The Harbour delivers up to 3 miles.", None),
        # a form that is the copula alone ("is vegan") reads where no noun names a property
        ("The Mushroom Risotto is vegan.", None),
        ("The general manager at The Harbour is Ana Silva.", None),
        # the menu's offer holds £25: no three-course price to find, and nothing unsupported
        ("The Set Lunch is three courses for £25.", None),
        # a length of time in weeks of one the KB keeps as days
        ("We hold a provisional booking of the Loft for two weeks.", None),
        # a calendar length (P12M) in months or years
        ("The Harbour Gift Card is valid for 12 months.", None),
        ("The Harbour Gift Card is valid for a year.", None),
        # a negation of another verb denies that verb, not the length after it
        ("The Harbour Gift Card won't expire for 12 months.", None),
        (
            "The Harbour Gift Card is a one-year card, so its balance won't change for 12 months.",
            None,
        ),
        # the room's row says how many seats are left; the KB's capacity is another property
        (
            "The Loft still has 11 seats.",
            ("check_room", {"name": "The Loft", "seats_left": 11}, {}),
        ),
        # the row's day, not the date of the week the search was for
        (
            "On Tuesday you have the CS101 lab at 2pm in Room 2.",
            ("get_timetable", TIMETABLE, {"week_commencing": "2026-12-07"}),
        ),
        # a new clause of the sentence starts the second event, not its date
        (
            "The Oyster Night on the 12th is sold out, but the Gin Masterclass on 17 December "
            "still has 11 seats, and the Gala Dinner has 38 left.",
            ("search_events", EVENTS, {}),
        ),
    ],
)
def test_a_true_value_of_another_thing_or_field_is_untouched(
    venues: Checker, reply: str, tool: tuple[str, Any, dict[str, Any]] | None
) -> None:
    report = check(venues, reply, tool)
    assert report.text == reply
    assert acted(report) == []


@pytest.mark.parametrize(
    ("reply", "wrong", "fixed"),
    [
        ("The Loft at The Harbour seats 30 guests.", "30 guests", "seats 24 guests"),
        (
            "The Loft holds 24 people, with a £500 minimum spend and a £150 deposit.",
            "£150",
            "a £100 deposit",
        ),
        ("The Harbour Shuttle runs every hour.", "hour", "runs every 0.5 hours."),
        ("The Loft seats up to 30 guests.", "up to 30 guests", "seats up to 24 guests."),
        ("The Harbour Gift Card is valid for 6 months.", "6 months", "valid for 12 months."),
        # a negation of the property's own words denies the value the KB holds
        (
            "The Harbour Gift Card isn't valid for 12 months.",
            "12 months",
            "is valid for 12 months.",
        ),
        ("The Harbour Gift Card is valid for two years.", "two years", "valid for 1 year."),
        (
            "We hold a provisional booking of the Loft for three weeks.",
            "three weeks",
            "for 2 weeks.",
        ),
        ("The Harbour delivers up to 5 miles.", "5 miles", "delivers up to 3 miles."),
        # the property's noun, not a form that is only "be", reads "is" (and "at The Harbour"
        # keeps the article the name opens with)
        (
            "The general manager at The Harbour is Ben Cole.",
            "Ben Cole",
            "The general manager at The Harbour is Ana Silva.",
        ),
        (
            "Ben Cole is the general manager at The Harbour.",
            "Ben Cole",
            "Ana Silva is the general manager at The Harbour.",
        ),
    ],
)
def test_a_wrong_value_is_corrected_in_place(
    venues: Checker, reply: str, wrong: str, fixed: str
) -> None:
    report = check(venues, reply)
    assert wrong in acted(report)
    assert fixed in report.text


def test_a_distance_beside_a_delivery_radius_is_flagged_never_rewritten(venues: Checker) -> None:
    # the only distance property in miles is the radius, and the sentence gives the radius
    # to the other number: which property 4.1 miles is of is a guess
    reply = (
        "Sorry, your address is 4.1 miles from The Harbour, which is outside its 3-mile "
        "delivery radius."
    )
    report = check(venues, reply)
    assert report.text == reply
    assert all(f.correction is None for f in report.flags)
