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
        ({"status": "confirmed", "id": "B7"}, [{"status": "confirmed", "id": "B7"}]),
        ("Booked, reference B7", [{"result": "Booked, reference B7"}]),
        (42, [{"result": 42}]),
        (None, []),
        ("", []),
    ],
)
def test_rows_of_every_json_shape_a_tool_returns(result: object, rows: list[object]) -> None:
    assert ToolResult("find_things", result).rows() == rows


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
