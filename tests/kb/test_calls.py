"""The tool calls a KB records: the same rows as a KB file, with the calls that returned them,
are read as the tool route reads a conversation's calls (the latest call's rows are restated,
and a reply right after a call answers with them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph, Literal, URIRef

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.kb.calls import LatestCall, answered_generated, latest_call
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.report import TurnReport
from kgcheck.tools import ToolResult, results_graph

NOW = "2026-03-01T09:00:00+00:00"
FERRIES = [
    {"departure_time": "07:15", "fare": "24", "changes": "0"},
    {"departure_time": "09:40", "fare": "31", "changes": "1"},
    {"departure_time": "16:05", "fare": "24", "changes": "1"},
]
LATER = [
    {"departure_time": "11:20", "fare": "18", "changes": "0"},
    {"departure_time": "13:50", "fare": "22", "changes": "0"},
]


def _kb(*calls: ToolResult) -> KnowledgeBase:
    return KnowledgeBase.from_graph(results_graph(calls))


def test_the_latest_call_and_its_rows_are_read_back() -> None:
    first = ToolResult("FindFerries", FERRIES, turn=1)
    second = ToolResult("FindFerries", LATER, turn=3)
    call = latest_call(_kb(first, second))
    assert call.turn == 3
    assert len(call.rows) == 2
    graph = results_graph([first, second])
    times = {str(graph.value(row, URIRef("urn:kgcheck:field#departure_time"))) for row in call.rows}
    assert times == {"11:20:00", "13:50:00"}


def test_rows_answer_only_the_reply_right_after_their_call() -> None:
    kb = _kb(ToolResult("FindFerries", FERRIES, turn=1))
    assert len(answered_generated(kb, 1)) == 3
    assert answered_generated(kb, 3) == ()


def test_a_kb_that_records_no_calls_has_no_latest_call() -> None:
    graph = Graph()
    graph.add((URIRef("urn:x:ferry"), URIRef("urn:x:fare"), Literal(24)))
    assert latest_call(KnowledgeBase.from_graph(graph)) == LatestCall()


@pytest.fixture(scope="module")
def routes(tmp_path_factory: pytest.TempPathFactory) -> tuple[Checker, Checker]:
    folder: Path = tmp_path_factory.mktemp("calls")
    path = folder / "results.ttl"
    call = ToolResult("FindFerries", FERRIES, turn=1)
    path.write_text(results_graph([call]).serialize(format="turtle"), encoding="utf-8")
    settings = {"nli": {"model": "none"}, "now": NOW}
    turtle = Checker(config_from_dict({**settings, "knowledge_base": {"sources": [str(path)]}}))
    return Checker(config_from_dict(settings)), turtle


def _both(routes: tuple[Checker, Checker], reply: str) -> tuple[TurnReport, TurnReport]:
    tools, turtle = routes
    state = DialogueState(now=NOW)
    state.add_turn("user", "Any ferries to the island on Tuesday?")
    state.add_call(ToolResult("FindFerries", FERRIES))
    by_tools = tools.check_turn(reply, state, record=False)
    state = DialogueState(now=NOW)
    state.add_turn("user", "Any ferries to the island on Tuesday?")
    return by_tools, turtle.check_turn(reply, state, record=False)


def _acted(report: TurnReport) -> list[str]:
    return [f.content for f in report.flags if f.confidence >= 0.5]


def test_a_time_no_row_holds_is_flagged_on_both_routes(routes: tuple[Checker, Checker]) -> None:
    by_tools, by_turtle = _both(routes, "I found a 10:30 am departure with 1 change. It costs $31.")
    assert "10:30 am" in _acted(by_tools)
    assert "10:30 am" in _acted(by_turtle)


def test_a_true_restatement_is_left_alone_on_both_routes(routes: tuple[Checker, Checker]) -> None:
    for report in _both(routes, "I found a 9:40 am departure with 1 change. It costs $31."):
        assert _acted(report) == []
        assert report.text.startswith("I found a 9:40 am")
