"""Values of tool results bound by their type, named after what a blind trial (an appliance
repair company's technicians, visit slots and bookings) found: true replies the checker rewrote
because a number was read as a field of another type."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.report import TurnReport
from kgcheck.tools import ToolResult

NOW = "2026-12-02T10:00:00+00:00"
TECHNICIANS = {
    "technicians": [
        {"technician_name": "Priya Nair", "rating": 4.9, "reviews_count": 312, "callout_fee": 65.0,
         "currency": "GBP", "years_experience": 11},
        {"technician_name": "Tom Hargreaves", "rating": 4.6, "reviews_count": 198,
         "callout_fee": 60.0, "currency": "GBP", "years_experience": 6},
    ]
}  # fmt: skip
TECHNICIAN_SCHEMA = {
    "type": "object",
    "properties": {
        "rating": {"type": "number", "description": "Average customer rating out of 5"},
        "years_experience": {"type": "integer", "description": "Years of experience"},
    },
}
SLOTS = [
    {"date": "2026-12-03", "window_start": "08:00", "window_end": "10:00", "slot_type": "priority",
     "surcharge": 20.0, "currency": "GBP", "technician": "Priya Nair"},
    {"date": "2026-12-03", "window_start": "12:00", "window_end": "14:00", "slot_type": "standard",
     "surcharge": 0.0, "currency": "GBP", "technician": "Priya Nair"},
    {"date": "2026-12-03", "window_start": "16:00", "window_end": "18:00", "slot_type": "standard",
     "surcharge": 0.0, "currency": "GBP", "technician": "Priya Nair"},
]  # fmt: skip
SLOT_SCHEMA = {
    "type": "object",
    "properties": {
        "window_start": {"type": "string", "description": "Start of the arrival window (HH:MM)"},
        "window_end": {"type": "string", "description": "End of the arrival window (HH:MM)"},
        "surcharge": {"type": "number", "description": "Extra charge on top of the call-out fee"},
        "slot_type": {"type": "string", "enum": ["standard", "priority", "evening"]},
    },
}
BOOKING = {
    "booking_ref": "BW-58213", "status": "confirmed", "technician_name": "Priya Nair",
    "visit_date": "2026-12-03", "window_start": "12:00", "window_end": "14:00",
    "callout_fee": 65.0, "currency": "GBP", "free_cancellation_until": "2026-12-02T18:00:00Z",
}  # fmt: skip


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}, "now": NOW}))


def _state(*calls: ToolResult) -> DialogueState:
    state = DialogueState(session_id="typed", now=NOW)
    state.add_turn("user", "My washing machine won't drain. Can someone come tomorrow?")
    for call in calls:
        state.add_call(call)
    return state


def _technicians() -> ToolResult:
    return ToolResult("search_technicians", TECHNICIANS, schema=TECHNICIAN_SCHEMA)


def _slots() -> ToolResult:
    return ToolResult("get_visit_slots", SLOTS, schema=SLOT_SCHEMA)


def _acted(report: TurnReport) -> list[str]:
    return [f.content for f in report.flags if f.confidence >= 0.5]


def test_a_count_is_of_the_field_that_counts_its_noun_not_the_rating(checker: Checker) -> None:
    state = _state(_technicians())
    reply = "Priya Nair is rated 4.9 out of 5 across 312 reviews."
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)
    assert "350" in _acted(checker.check_turn(reply.replace("312", "350"), state))


def test_a_field_described_as_a_charge_is_money(checker: Checker) -> None:
    state = _state(_technicians(), _slots())
    reply = "The 8 am slot is the only priority one, so it's £20 on top of Priya's £65 call-out."
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)


def test_a_length_of_time_is_no_value_of_years_of_experience(checker: Checker) -> None:
    state = _state(_technicians(), _slots())
    reply = "Priya's windows tomorrow start at 8 am, midday and 4 pm, each lasting two hours."
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)


def test_a_restated_booking_keeps_its_window(checker: Checker) -> None:
    state = _state(_technicians(), _slots(), ToolResult("book_repair_visit", BOOKING))
    reply = (
        "You're all booked! Your reference is BW-58213. Priya Nair will arrive between 12:00 "
        "and 2:00 pm tomorrow, Thursday 3 December."
    )
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)


def test_the_slots_a_sentence_lists_are_not_one_item(checker: Checker) -> None:
    state = _state(_technicians(), _slots())
    reply = "Priya has three windows tomorrow: 8–10 am, midday to 2 pm, and 4–6 pm."
    report = checker.check_turn(reply, state)
    assert not [f for f in report.flags if f.detector == "mismatched_item"]
    assert report.text == reply
