"""The ``kgcheck check`` command: JSON report and exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kgcheck.cli import app
from tests.conftest import ACME_CONFIG

runner = CliRunner()


@pytest.mark.parametrize(
    ("text", "code", "decision"),
    [
        ("Dr. Amira Patel works in Cardiology.", 0, "accept"),
        ("Dr. Amira Patel works in Oncology.", 1, "revise"),
    ],
)
def test_cli_check_json_report_and_exit_status(text: str, code: int, decision: str) -> None:
    result = runner.invoke(app, ["check", text, "--config", str(ACME_CONFIG), "--json"])
    assert result.exit_code == code, result.output
    assert json.loads(result.stdout)["decision"] == decision


def test_cli_check_missing_config_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "kgcheck.yaml"
    result = runner.invoke(app, ["check", "Hello.", "--config", str(missing)])
    assert result.exit_code == 2
    assert "kgcheck.yaml" in result.output


def test_cli_check_reads_history(tmp_path: Path) -> None:
    history = tmp_path / "history.jsonl"
    history.write_text(
        json.dumps({"role": "user", "text": "Is Karen Whitfield one of your nurses?"}) + "\n",
        encoding="utf-8",
    )
    result = runner.invoke(
        app,
        [
            "check",
            "I could not find Karen Whitfield.",
            "--config",
            str(ACME_CONFIG),
            "--history",
            str(history),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["turn_index"] == 1


def test_cli_check_bad_history_line_exits_2(tmp_path: Path) -> None:
    history = tmp_path / "history.jsonl"
    history.write_text('{"role": "user"}\n', encoding="utf-8")
    result = runner.invoke(
        app, ["check", "Hi.", "--config", str(ACME_CONFIG), "--history", str(history)]
    )
    assert result.exit_code == 2
    assert "line 1" in result.output
