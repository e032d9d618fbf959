"""Replies checked against the tool results of their conversation, through
``DialogueState.add_tool_result`` and, for the same rows, through a Turtle KB."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.report import TurnReport
from kgcheck.tools import ToolResult, results_graph

NOW = "2026-03-01T09:00:00+00:00"
HOTELS = [
    {"hotel_name": "Harbour Inn", "price_per_night": "182", "phone_number": "416-555-0101",
     "street_address": "12 Front Street", "check_in_date": "2026-03-03", "rating": "4.20"},
    {"hotel_name": "Maple Lodge", "price_per_night": "95", "phone_number": "416-555-0199",
     "street_address": "7 Bay Street", "check_in_date": "2026-03-03", "rating": "3.90"},
]  # fmt: skip
SCHEMA = {
    "slots": [
        {"name": "price_per_night", "description": "Price per night for the stay"},
        {"name": "rating", "description": "Average guest rating, out of 5"},
        {"name": "street_address", "description": "Street address of the hotel"},
    ]
}
BUSES = [
    {"leaving_time": "09:20", "fare": "34", "from_station": "Union Station"},
    {"leaving_time": "13:05", "fare": "31", "from_station": "Union Station"},
]


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}, "now": NOW}))


def _state(*calls: ToolResult) -> DialogueState:
    state = DialogueState(session_id="tools", now=NOW)
    state.add_turn("user", "Find me a hotel in Toronto for March 3rd.")
    for call in calls:
        state.add_call(call)
    return state


def _acted(report: TurnReport) -> list[str]:
    return [f.content for f in report.flags if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "reply",
    [
        "I found 2 hotels. Harbour Inn costs $182 per night and is rated 4.2.",
        "Maple Lodge is $95 a night; you can call them at 416-555-0199.",
        "How about Harbour Inn at 12 Front Street? It has a rating of 4.20.",
        "Both are available from March 3rd.",
        "I have 2 options for you: Harbour Inn and Maple Lodge.",
        "I've found 2 places you may like. How about Harbour Inn?",
        "I found 1 more, Maple Lodge.",
        "I found 1 quiet place for you, Maple Lodge.",
        "I found a 4 star hotel called Harbour Inn.",
    ],
)
def test_a_reply_restating_the_results_is_accepted(checker: Checker, reply: str) -> None:
    report = checker.check_turn(reply, _state(ToolResult("search_hotels", HOTELS, schema=SCHEMA)))
    assert (_acted(report), report.decision) == ([], "accept")


def test_a_wrong_price_is_corrected_to_the_rows_value(checker: Checker) -> None:
    state = _state(ToolResult("search_hotels", HOTELS, schema=SCHEMA))
    report = checker.check_turn("Harbour Inn costs $128 per night.", state)
    assert report.text == "Harbour Inn costs $182 per night."


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        ("I found 3 hotels for you.", "3"),
        ("Search revealed 3 results.", "3"),
        ("There are 5 options for you. Maple Lodge is the cheapest.", "5"),
        ("Harbour Inn is rated 4.8.", "4.8"),
        ("Call Harbour Inn at 416-555-0199.", "416-555-0199"),
    ],
)
def test_a_value_no_row_holds_is_flagged(checker: Checker, reply: str, wrong: str) -> None:
    report = checker.check_turn(reply, _state(ToolResult("search_hotels", HOTELS, schema=SCHEMA)))
    assert any(wrong in content for content in _acted(report)), report.flags


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        # SGD: "I found 7 therapists", "I have located 9 places", "I found 3, how about ...":
        # what the assistant found is the search's rows, whatever it calls them
        ("I've found 4 places you may like. How about Harbour Inn?", "4"),
        ("We located 5 stays for you. Maple Lodge is one.", "5"),
        ("I found 3, how about Harbour Inn?", "3"),
    ],
)
def test_a_count_of_what_was_found_is_the_count_of_results_and_only_flagged(
    checker: Checker, reply: str, wrong: str
) -> None:
    report = checker.check_turn(reply, _state(ToolResult("search_hotels", HOTELS, schema=SCHEMA)))
    # the noun names no property: an unsure reading, shown and never rewritten
    assert [wrong] == [c for c in _acted(report) if c == wrong], report.flags
    assert report.text == reply
    report = checker.check_turn(reply, _state(ToolResult("search_hotels", HOTELS, schema=SCHEMA)))
    assert any(wrong in content for content in _acted(report)), report.flags


def test_rows_named_by_kind_are_checked_by_their_values(checker: Checker) -> None:
    state = _state(ToolResult("FindBus", BUSES))
    assert _acted(checker.check_turn("There is a bus at 9:20 am for $34.", state)) == []
    assert _acted(checker.check_turn("There is a bus at 9:20 am for $38.", state)) == ["$38"]
    assert _acted(checker.check_turn("There is a bus at 10:40 am for $34.", state)) == ["10:40 am"]


def test_a_confirmation_restates_the_request_not_the_results(checker: Checker) -> None:
    state = _state(ToolResult("search_hotels", HOTELS, schema=SCHEMA))
    state.add_turn("user", "Book Harbour Inn for 4 nights.")
    report = checker.check_turn("Please confirm: you want 4 nights at Harbour Inn.", state)
    assert _acted(report) == []


def test_the_same_rows_as_a_turtle_kb_give_the_same_flags(checker: Checker, tmp_path: Path) -> None:
    call = ToolResult("search_hotels", HOTELS, schema=SCHEMA)
    path = tmp_path / "results.ttl"
    path.write_text(results_graph([call]).serialize(format="turtle"), encoding="utf-8")
    from_kb = Checker(config_from_dict({"nli": {"model": "none"}, "now": NOW,
                                        "knowledge_base": {"sources": [str(path)]}}))  # fmt: skip
    plain = DialogueState(session_id="kb", now=NOW)
    plain.add_turn("user", "Find me a hotel in Toronto for March 3rd.")
    for reply in (
        "Harbour Inn costs $128 per night and is rated 4.2.",
        "Maple Lodge is at 12 Front Street.",
        "I found 2 hotels.",
    ):
        by_tools = checker.check_turn(reply, _state(call))
        by_kb = from_kb.check_turn(reply, plain)
        assert [(f.type, f.content, f.correction) for f in by_tools.flags] == [
            (f.type, f.content, f.correction) for f in by_kb.flags
        ]
        assert by_tools.text == by_kb.text


def test_results_the_checks_cannot_read_fail_the_check_never_accept_it(checker: Checker) -> None:
    state = _state(
        ToolResult("search_hotels", [{"hotel_name": "Harbour Inn", "rating": float("nan")}])
    )
    report = checker.check_turn("Harbour Inn is lovely.", state)
    assert [e.stage for e in report.errors] == ["tools"]
    assert report.decision != "accept"


def test_tool_results_survive_the_states_json(checker: Checker) -> None:
    state = _state(
        ToolResult("search_hotels", HOTELS, schema=SCHEMA, arguments={"city": "Toronto"})
    )
    again = DialogueState.from_dict(state.to_dict())
    assert again.tool_results == state.tool_results
    report = checker.check_turn("Harbour Inn costs $128 per night.", again)
    assert report.text == "Harbour Inn costs $182 per night."


def test_a_kb_too_large_to_copy_is_checked_without_the_results_and_says_so(
    checker: Checker,
) -> None:
    from kgcheck.tools.evidence import Evidence

    call = ToolResult("search_hotels", HOTELS, schema=SCHEMA)
    small = Evidence(checker.kb, max_triples=-1)
    kb, note = small.kb_for([call])
    assert kb is checker.kb
    assert note is not None and "not checked" in note
    kb, note = Evidence(checker.kb).kb_for([call])
    assert kb is not checker.kb and note is None


RESTAURANTS = [
    {"restaurant_name": "Los Reyes", "location": "Alameda", "price_range": "moderate"},
    {"restaurant_name": "Oriental Tea House", "location": "San Leandro", "price_range": "cheap"},
]


@pytest.mark.parametrize(
    ("reply", "unknown"),
    [
        ("I found 2 restaurants. How about Los Reyes in Alameda?", None),
        # SGD: a place from another conversation, one word, where the row's place stands
        ("I found 2 restaurants. How about Los Reyes in Novato?", "Novato"),
    ],
)
def test_one_unknown_word_where_a_results_value_stands_is_unknown(
    checker: Checker, reply: str, unknown: str | None
) -> None:
    report = checker.check_turn(reply, _state(ToolResult("FindRestaurants", RESTAURANTS)))
    found = [f.content for f in report.flags if f.detector == "nonexistent_entity"]
    assert found == ([unknown] if unknown else [])
    assert report.text == reply


LIFTS = """
ex:Lift a owl:Class ; rdfs:label "lift" .
ex:capacity a owl:DatatypeProperty ; rdfs:label "capacity per hour" ; rdfs:domain ex:Lift .
ex:ridge a ex:Lift ; rdfs:label "Ridge Chair" ; ex:capacity 1800 .
ex:valley a ex:Lift ; rdfs:label "Valley Drag" ; ex:capacity 900 .
"""
STATUS = [
    {"lift_name": "Ridge Chair", "status": "open", "wait_minutes": 5},
    {"lift_name": "Valley Drag", "status": "closed", "reason": "wind"},
]


def test_a_name_of_a_kb_thing_and_of_a_row_names_the_row(tmp_path: Path) -> None:
    # a lift-status call over a KB of lifts: "Ridge Chair" names the KB's lift and the row the
    # reply restates; the row is meant, not an ambiguous name of two things
    from tests.conftest import checker_over

    checker = checker_over(tmp_path, LIFTS, now=NOW)
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "Is the Ridge Chair running?")
    state.add_tool_result("lift_status", STATUS, arguments={"date": "2026-03-01"})
    true = "The Ridge Chair is open, but the Valley Drag is closed because of the wind."
    report = checker.check_turn(true, state)
    assert [m.kind for m in report.analysis.mentions if m.text == "Ridge Chair"] == ["entity"]
    assert [f.content for f in report.flags if f.confidence >= 0.5] == []
    false = "The Ridge Chair is closed right now, but the Valley Drag is open."
    flagged = [f for f in checker.check_turn(false, state).flags if f.confidence >= 0.5]
    assert any("Ridge Chair is closed" in f.content for f in flagged)
