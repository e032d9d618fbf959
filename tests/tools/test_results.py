"""Tool results as the agent got them: rows read from any JSON shape, a kind from the name."""

from __future__ import annotations

import pytest

from kgcheck.errors import StateInvalid
from kgcheck.tools.results import ToolResult, kind_of_tool


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("FindRestaurants", "restaurant"),
        ("find_restaurants", "restaurant"),
        ("SearchRoundtripFlights", "roundtrip flight"),
        ("FindHomeByArea", "home"),
        ("get-weather", "weather"),
        ("hotels", "hotel"),
        ("get_booking", "booking"),  # a noun in -ing is no verb's form here
        ("list_bookings", "booking"),
        ("FindBus", "bus"),
    ],
)
def test_kind_of_a_tool_is_the_noun_of_its_name(name: str, kind: str) -> None:
    assert kind_of_tool(name) == kind


@pytest.mark.parametrize(
    ("result", "rows"),
    [
        ([{"a": 1}, {"a": 2}], [{"a": 1}, {"a": 2}]),
        ('[{"a": 1}]', [{"a": 1}]),
        ({"results": [{"a": 1}], "page": 1}, [{"a": 1}]),
        ({"results": [], "page": 1}, []),  # a search that found nothing
        # the envelope's currency is every row's; an object in a row is fields of the row
        (
            {"currency": "EUR", "results": [{"price": 105, "van": {"model": "Transit"}}]},
            [{"currency": "EUR", "price": 105, "van_model": "Transit"}],
        ),
        ({"vehicle": {"registration": "MA24 KXR"}}, [{"vehicle_registration": "MA24 KXR"}]),
        ({"status": "confirmed", "id": "B7"}, [{"status": "confirmed", "id": "B7"}]),
        ("Booked, reference B7", [{"result": "Booked, reference B7"}]),
        (42, [{"result": 42}]),
        (None, []),
        ("", []),
    ],
)
def test_rows_of_every_json_shape_a_tool_returns(result: object, rows: list[object]) -> None:
    assert ToolResult("find_things", result).rows() == rows


def test_what_an_envelope_says_beside_its_rows_is_the_calls() -> None:
    quote = {"line_items": [{"amount": 315.0}, {"amount": 60.0}], "total": 504.5, "currency": "GBP"}
    call = ToolResult("get_quote", quote)
    assert call.rows() == [
        {"currency": "GBP", "amount": 315.0},
        {"currency": "GBP", "amount": 60.0},
    ]
    assert call.envelope() == {"total": 504.5, "currency": "GBP"}
    assert ToolResult("get_quote", [{"amount": 1}]).envelope() == {}


def test_arguments_given_as_json_text_are_read() -> None:
    call = ToolResult.from_dict({"name": "book_table", "result": [], "arguments": '{"party": 4}'})
    assert call.arguments == {"party": 4}


def test_a_result_without_a_name_or_with_arguments_that_are_no_object_is_refused() -> None:
    with pytest.raises(StateInvalid):
        ToolResult(" ", [])
    with pytest.raises(StateInvalid, match="not JSON"):
        ToolResult.from_dict({"name": "book_table", "result": [], "arguments": "{party"})
    with pytest.raises(StateInvalid, match="JSON object"):
        ToolResult.from_dict({"name": "book_table", "result": [], "arguments": "[1, 2]"})


def test_a_result_survives_its_dict() -> None:
    call = ToolResult("FindBus", [{"fare": "34"}], arguments={"to": "Fresno"}, call_id="c1")
    again = ToolResult.from_dict(call.to_dict())
    assert again == call and again.kind == "bus"
