"""``kgcheck tools turtle`` and tool results in ``kgcheck check --history``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rdflib import RDFS, Graph, Literal
from typer.testing import CliRunner

from kgcheck.cli import app
from tests.conftest import ACME_CONFIG

runner = CliRunner()
CALL = {
    "role": "tool",
    "name": "search_hotels",
    "arguments": {"city": "Toronto"},
    "result": [{"name": "Harbour Inn", "price_per_night": 182}],
}


def test_turtle_writes_the_rows_a_kb_file_would_hold(tmp_path: Path) -> None:
    path = tmp_path / "history.jsonl"
    lines = [{"role": "user", "text": "Find me a hotel."}, CALL]
    path.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    result = runner.invoke(app, ["tools", "turtle", str(path)])
    assert result.exit_code == 0, result.output
    graph = Graph().parse(data=result.stdout, format="turtle")
    assert Literal("Harbour Inn") in set(graph.objects(None, RDFS.label))


def test_turtle_names_the_line_of_a_broken_call(tmp_path: Path) -> None:
    path = tmp_path / "calls.jsonl"
    path.write_text(json.dumps(CALL) + "\n" + '{"role": "tool", "result": []}\n', encoding="utf-8")
    result = runner.invoke(app, ["tools", "turtle", str(path)])
    assert result.exit_code == 2
    assert "line 2" in result.output


def test_check_reads_tool_results_from_the_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "history.jsonl"
    lines = [{"role": "user", "text": "Find me a hotel in Toronto."}, CALL]
    path.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    monkeypatch.setenv("KGCHECK_NLI__MODEL", "none")
    args = ["check", "Harbour Inn costs $128 per night.", "--config", str(ACME_CONFIG)]
    result = runner.invoke(app, [*args, "--history", str(path), "--json"])
    assert result.exit_code in {0, 1}, result.output
    assert json.loads(result.stdout)["text"] == "Harbour Inn costs $182 per night."
