"""``kgcheck kb selftest``: JSON output and exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import kgcheck.kb.selftest as selftest_module
from kgcheck.cli import app
from kgcheck.kb.command import render_selftest
from kgcheck.kb.selftest import SelftestResult
from tests.conftest import FIXTURES

PARKS_CONFIG = FIXTURES / "selftest" / "kgcheck.yaml"
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
