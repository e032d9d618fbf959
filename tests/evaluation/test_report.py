"""The JSON report and the Markdown summary of an evaluation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgcheck.evaluation import EvalResult, build_report, render_markdown, write_report


def test_report_numbers(small_result: EvalResult) -> None:
    report = build_report(small_result)
    json.dumps(report)  # plain JSON types only
    assert report["dataset"]["conversations"] == 7
    assert report["dataset"]["hallucinated"] == 4
    assert report["thresholds"] == [0.5]
    assert report["responses"]["tp"] == 3
    assert report["responses"]["accuracy"] == pytest.approx(5 / 7)
    assert report["flags"]["by_type"]["wrong_attribute"]["recall"] == pytest.approx(1 / 3)
    assert report["hallucination_rate"] == {
        "labelled": pytest.approx(4 / 7),
        "detected": pytest.approx(4 / 7),
        "residual": pytest.approx(1 / 7),
        "target": 0.2,
        "met": True,
    }
    assert report["profile"]["reliability"] == "low"
    assert report["uncertainty"]["epistemic"] == 0.0  # one run: the samples cannot disagree


def test_report_conversation_entries(small_result: EvalResult) -> None:
    entry = build_report(small_result)["conversations"][5]
    assert entry["id"] == "tp-wrong-type"
    assert entry["verdict"] == "tp"
    assert entry["expected"] == [
        {"type": "wrong_attribute", "span": None, "text": "doctor", "flag": None}
    ]
    assert [(f["type"], f["outcome"]) for f in entry["flags"]] == [("contradicts_fact", "fp")]


def test_report_markdown_states_the_target_and_lists_errors(small_result: EvalResult) -> None:
    markdown = render_markdown(build_report(small_result), {"confusion": "confusion.png"})
    assert "let through: **14.3%** of replies; target ≤ 20.0%: **met**" in markdown
    assert "| wrong_attribute | 3 | 2 | 1 | 0.50 | 0.33 | 0.40 |" in markdown
    assert "| **all** | 4 | 4 | 2 | 0.50 | 0.50 | 0.50 |" in markdown
    assert "| fn-mislabelled-true-fact | wrong_attribute | (anywhere) |" in markdown
    # two detectors (wrong_attribute, numeric_claim) agree on the claim: corroborated
    assert "| fp-mislabelled-error | wrong_attribute | 0.96 |" in markdown
    assert "![Replies: labels against kgcheck](confusion.png)" in markdown
    assert "per_type.png" not in markdown


def test_report_markdown_target_not_met(small_result: EvalResult) -> None:
    report = build_report(small_result)
    report["hallucination_rate"]["met"] = False
    assert "**not met**" in render_markdown(report)


def test_report_written_to_a_directory(small_result: EvalResult, tmp_path: Path) -> None:
    paths = write_report(small_result, tmp_path / "out")
    assert sorted(p.name for p in paths.values()) == [
        "confidence.png",
        "confusion.png",
        "per_type.png",
        "report.json",
        "summary.md",
    ]
    summary = paths["summary"].read_text(encoding="utf-8")
    assert "![Precision and recall per flag type](per_type.png)" in summary
    assert json.loads(paths["report"].read_text(encoding="utf-8"))["responses"]["fn"] == 1
