"""``kgcheck rules check`` and ``kgcheck rules output``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from kgcheck.cli import app
from tests.conftest import FIXTURES, ROOT

runner = CliRunner()
STATEMENTS = ROOT / "data" / "statements" / "kgcheck.yaml"


def test_command_rules_check_valid_files() -> None:
    result = runner.invoke(app, ["rules", "check", str(ROOT / "rules" / "statements")])
    assert result.exit_code == 0, result.output
    assert result.stdout == "ok: 13 rule(s) in 2 file(s)\n"


def test_command_rules_check_reads_the_configured_rules() -> None:
    result = runner.invoke(app, ["rules", "check", "--config", str(STATEMENTS)])
    assert result.exit_code == 0, result.output
    assert "ok: 13 rule(s)" in result.stdout


def test_command_rules_check_prints_every_problem_and_exits_1() -> None:
    files = [FIXTURES / "rules" / n for n in ("duplicate_ids.yaml", "bad_yaml.yaml", "none.yaml")]
    result = runner.invoke(app, ["rules", "check", *map(str, files)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"[KGC301] {files[2]}: rule file not found",
        f"[KGC304] {files[0]}:11: rule 'one-department': duplicate rule id; first defined at "
        f"{files[0]}:4",
        f"[KGC302] {files[1]}:5: not valid YAML: found unexpected end of stream",
        "3 problem(s) in 3 file(s)",
    ]


def test_command_rules_check_missing_config_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["rules", "check", "--config", str(tmp_path / "kgcheck.yaml")])
    assert result.exit_code == 2
    assert "cannot read the configuration" in result.output


def test_command_rules_output_prints_the_report(tmp_path: Path) -> None:
    data = {"total_pages": 1, "boundaries": [{"start_page": 1, "end_page": 1}] * 2}
    path = tmp_path / "output.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["rules", "output", str(path), "--config", str(STATEMENTS)])
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["decision"] == "reject"
    assert report["summary"]["by_severity"]["critical"] == 1
