"""The ``kgcheck check`` and ``kgcheck eval`` commands: reports and exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kgcheck.cli import app
from kgcheck.config import load_config
from kgcheck.nlp.pipeline import build_base_pipeline
from tests.conftest import ACME_CONFIG, FIXTURES

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
    data = json.loads(result.stdout)
    assert data["decision"] == decision
    # the report names the spaCy pipeline it was read with
    assert data["pipeline"] == build_base_pipeline(load_config(ACME_CONFIG).nlp.pipeline)[1]


def test_cli_check_grounds_the_reply_in_source_files(tmp_path: Path) -> None:
    source = tmp_path / "cardiology.txt"
    source.write_text("Dr. Amira Patel leads the Cardiology department.", encoding="utf-8")
    args = ["check", "--config", str(ACME_CONFIG), "--source", str(source)]
    result = runner.invoke(app, [*args, "--json", "Dr. Amira Patel leads Cardiology [S0]."])
    grounding = json.loads(result.stdout)["grounding"]
    assert (grounding["total_claims"], grounding["claims"][0]["citing"]) == (1, ["S0"])
    result = runner.invoke(app, [*args, "Dr. Amira Patel leads Cardiology [S0]."])
    assert (
        "grounded:" in result.output and "[S0] Dr. Amira Patel leads Cardiology." in result.output
    )
    missing = runner.invoke(app, [*args[:3], "--source", str(tmp_path / "none.txt"), "Hi."])
    assert missing.exit_code == 2 and "none.txt" in missing.output


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
    assert "line 1" in " ".join(result.output.split())  # rich wraps long temporary paths


def test_cli_eval_end_to_end_report_numbers(tmp_path: Path) -> None:
    # labelled_small.jsonl: 7 replies, two mislabelled on purpose (one miss, one false alarm)
    out = tmp_path / "eval"
    result = runner.invoke(
        app, ["eval", str(FIXTURES / "labelled_small.jsonl"), "--out", str(out), "--target", "0.2"]
    )
    assert result.exit_code == 0, result.output
    assert "met" in result.stdout
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert {k: report["responses"][k] for k in ("tp", "fp", "fn", "tn")} == {
        "tp": 3,
        "fp": 1,
        "fn": 1,
        "tn": 2,
    }
    assert report["responses"]["precision"] == pytest.approx(0.75)
    assert report["responses"]["recall"] == pytest.approx(0.75)
    by_type = report["flags"]["by_type"]
    assert (by_type["wrong_attribute"]["precision"], by_type["wrong_attribute"]["recall"]) == (
        pytest.approx(0.5),
        pytest.approx(1 / 3),
    )
    assert (by_type["contradicts_fact"]["precision"], by_type["contradicts_fact"]["recall"]) == (
        pytest.approx(0.5),
        pytest.approx(1.0),
    )
    assert report["hallucination_rate"]["residual"] == pytest.approx(1 / 7)
    assert report["hallucination_rate"]["met"] is True
    assert report["profile"]["kappa"] == pytest.approx(10 / 24)
    assert report["profile"]["kappa_band"] == "moderate"
    assert report["profile"]["false_acceptance_rate"] == 0.0
    assert report["timing_ms"]["p95"] > 0
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert "target ≤ 20.0%: **met**" in summary
    for name in ("confusion.png", "confidence.png", "per_type.png"):
        assert (out / name).read_bytes().startswith(b"\x89PNG")


def test_cli_eval_target_not_met_exits_1(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["eval", str(FIXTURES / "labelled_small.jsonl"), "--out", str(tmp_path), "--target", "0.1"],
    )
    assert result.exit_code == 1, result.output
    assert "not met" in result.stdout
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["hallucination_rate"]["met"] is False


def test_cli_eval_decode_format_with_limit(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "eval",
            str(FIXTURES / "decode" / "dev"),
            "--format",
            "decode",
            "--limit",
            "1",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code in (0, 1), result.output
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["dataset"]["conversations"] == 1
    assert report["flags"]["by_type"]["contradicts_prior"]["expected"] == 1
    assert "no configuration given" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.jsonl"], "cannot read"),
        ([str(FIXTURES / "labelled_bad_text.jsonl")], "'4414' is not in the reply"),
        ([str(FIXTURES / "labelled_small.jsonl"), "--config", "missing.yaml"], "missing.yaml"),
    ],
)
def test_cli_eval_errors_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["eval", *args, "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert message in result.output


def test_cli_check_shows_a_line_per_failed_check() -> None:
    from kgcheck.cli import console, render_report
    from kgcheck.failures import CheckError
    from tests.store.reports import make_report

    report = make_report()
    report.errors = [
        CheckError("detector.contradicts_fact", "KGC701", "RuntimeError: index [S0] gone"),
        CheckError("nli", "KGC702", "[KGC501] cannot load the NLI model"),
    ]
    with console.capture() as captured:
        render_report(report.to_dict())
    lines = [line for line in captured.get().splitlines() if line.startswith("error")]
    assert lines == [
        "error KGC701 detector.contradicts_fact: RuntimeError: index [S0] gone",
        "error KGC702 nli: [KGC501] cannot load the NLI model",
    ]
