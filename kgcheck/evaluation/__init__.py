"""Evaluation over labelled conversations: datasets, the runner, the report and its plots.

Usage::

    from kgcheck.evaluation import evaluate, load_dataset, write_report
    result = evaluate(load_dataset("kgcheck/examples/acme/labelled.jsonl"), target=0.05)
    write_report(result, Path("out/eval"))
"""

from kgcheck.evaluation.dataset import (
    FORMATS,
    Conversation,
    Dataset,
    ExpectedFlag,
    load_dataset,
)
from kgcheck.evaluation.report import build_report, render_markdown, write_report
from kgcheck.evaluation.runner import (
    ConversationResult,
    EvalResult,
    HallucinationRate,
    evaluate,
    match_flags,
)

__all__ = [
    "FORMATS",
    "Conversation",
    "ConversationResult",
    "Dataset",
    "EvalResult",
    "ExpectedFlag",
    "HallucinationRate",
    "build_report",
    "evaluate",
    "load_dataset",
    "match_flags",
    "render_markdown",
    "write_report",
]
