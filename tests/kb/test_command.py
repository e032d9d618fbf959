"""``kgcheck kb selftest``: JSON output and exit status."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from rdflib import Literal
from rich.console import Console
from typer.testing import CliRunner

import kgcheck.kb.selftest as selftest_module
from kgcheck.cli import app
from kgcheck.kb.command import render_selftest
from kgcheck.kb.selftest import Outcome, SelftestResult, Statement
from tests.conftest import FIXTURES

PARKS_CONFIG = FIXTURES / "selftest" / "kgcheck.yaml"
PK = "https://example.org/parks#"
runner = CliRunner()


def test_kb_selftest_writes_json_and_exits_0_within_bounds(tmp_path: Path) -> None:
    out = tmp_path / "selftest.json"
    args = ["kb", "selftest", "--config", str(PARKS_CONFIG), "--max-facts", "2"]
    bounds = ["--max-false-alarm-rate", "1", "--min-recall", "0"]
    result = runner.invoke(app, [*args, *bounds, "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["totals"]["true"] > 0 and data["totals"]["perturbed"] > 0
    assert "passed" in result.output


def test_kb_selftest_exits_1_when_a_bound_is_missed(monkeypatch: pytest.MonkeyPatch) -> None:
    real = selftest_module.selftest

    def one_missed(*args: object, **kwargs: object) -> SelftestResult:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        # keep the true statements and one perturbed statement, counted as missed
        missed = next(o for o in result.outcomes if o.statement.kind == "perturbed")
        result.outcomes = [o for o in result.outcomes if o.statement.kind == "true"]
        result.outcomes.append(type(missed)(missed.statement, (), "accept", True))
        return result

    monkeypatch.setattr(selftest_module, "selftest", one_missed)
    args = ["kb", "selftest", "--config", str(PARKS_CONFIG), "--max-facts", "1"]
    result = runner.invoke(app, [*args, "--max-false-alarm-rate", "1", "--min-recall", "0.5"])
    assert result.exit_code == 1, result.output
    assert "failed" in result.output


def test_kb_selftest_missing_config_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["kb", "selftest", "--config", str(tmp_path / "none.yaml")])
    assert result.exit_code == 2
    assert "none.yaml" in result.output


def test_render_selftest_prints_table_alarms_and_notes() -> None:
    from kgcheck import Checker

    result = selftest_module.selftest(
        Checker.from_config(PARKS_CONFIG), seed=0, max_facts_per_property=1
    )
    console = Console(width=160, record=True, color_system=None)
    render_selftest(result, console, show=2)
    text = console.export_text()
    assert "length" in text and "total" in text and "statements in" in text
    assert "note: maintains: no other_value perturbation" in text


def test_kb_selftest_counts_the_held_out_replies(tmp_path: Path) -> None:
    out = tmp_path / "selftest.json"
    args = ["kb", "selftest", "--config", str(PARKS_CONFIG), "--max-facts", "2"]
    bounds = ["--max-false-alarm-rate", "1", "--min-recall", "0"]
    result = runner.invoke(app, [*args, *bounds, "--templates", "held_out", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    replies = data["phrasings"]["reply held_out"]
    assert replies["true"] > 0 and replies["perturbed"] > 0
    assert "reply development" not in data["phrasings"]


def test_render_selftest_never_prints_a_held_out_reply() -> None:
    def miss(text: str, template: str) -> Outcome:
        statement = Statement(
            text=text,
            kind="perturbed",
            phrasing="reply",
            subject=PK + "fernLoop",
            property=PK + "length",
            value=Literal(9.3),
            value_text="9.3 km",
            form="be long",
            perturbation="number",
            template=template,
            span=(0, len(text)),
        )
        return Outcome(statement, (), "accept", True, on_fact=False)

    outcomes = [
        miss("Sure! Fern Loop is 9.3 km long.", "development/d01"),
        miss("Held-out reply: Fern Loop is 9.3 km long.", "held_out/h01"),
    ]
    result = SelftestResult(rows=[], outcomes=outcomes, flag_threshold=0.5)
    buffer = StringIO()
    render_selftest(result, Console(file=buffer, width=200), show=10)
    printed = buffer.getvalue()
    assert "Sure! Fern Loop is 9.3 km long." in printed
    assert "Held-out reply" not in printed
    assert "reply held_out" in printed  # counted in the table


def test_kb_selftest_names_the_splits_for_an_unknown_one() -> None:
    args = ["kb", "selftest", "--config", str(PARKS_CONFIG), "--templates", "tuned"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "no template split 'tuned' (there are: development, held_out)" in result.output
