"""The evaluation report: JSON with every number and every conversation's outcome, a Markdown
summary a person reads, and the plots it shows."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from kgcheck.evaluation.runner import EvalResult
from kgcheck.extras import install_hint, installed
from kgcheck.metrics import ConfusionMatrix

__all__ = ["build_report", "render_markdown", "write_report"]

#: How many misses and false alarms the Markdown summary lists.
LISTED = 15

log = logging.getLogger(__name__)


def _scores(cm: ConfusionMatrix) -> dict[str, Any]:
    return {
        "expected": cm.tp + cm.fn,
        "flagged": cm.tp + cm.fp,
        "tp": cm.tp,
        "fp": cm.fp,
        "fn": cm.fn,
        "precision": cm.precision,
        "recall": cm.recall,
        "f1": cm.f1,
    }


def build_report(result: EvalResult) -> dict[str, Any]:
    """Everything measured, as plain JSON types (``None`` where a measure has no value)."""
    from kgcheck import __version__

    uncertainty = result.uncertainty()
    conversations = []
    for r in result.results:
        conv = r.conversation
        conversations.append(
            {
                "id": conv.id,
                "hallucinated": conv.hallucinated,
                "flagged": r.flagged,
                "verdict": r.verdict,
                "decision": r.decision,
                "ms": round(r.seconds * 1000, 3),
                "claims": r.claims,
                "reply": conv.reply,
                "expected": [
                    {
                        "type": str(e.type),
                        "span": None if e.span is None else e.span.model_dump(),
                        "text": e.text,
                        "flag": r.matches.get(i),
                    }
                    for i, e in enumerate(conv.expected)
                ],
                "flags": [
                    {
                        "type": str(f.type),
                        "span": {"start": f.span.start, "end": f.span.end},
                        "content": f.content,
                        "confidence": f.confidence,
                        "outcome": r.outcome(i),
                        "message": f.message,
                    }
                    for i, f in enumerate(r.flags)
                ],
                "skipped": r.skipped,
                "meta": conv.meta,
            }
        )
    return {
        "kgcheck_version": __version__,
        "dataset": {
            "path": str(result.dataset.path),
            "format": result.dataset.format,
            "conversations": len(result.results),
            "hallucinated": sum(r.conversation.hallucinated for r in result.results),
        },
        "configs": result.configs,
        "thresholds": sorted({r.threshold for r in result.results}),
        "hallucination_rate": result.hallucination_rate().to_dict(),
        "responses": result.responses().to_dict(),
        "flags": {
            "all": _scores(result.flags()),
            "by_type": {str(t): _scores(cm) for t, cm in result.by_type().items()},
        },
        "profile": result.profile().to_dict(),
        "uncertainty": {
            "entropy": uncertainty.entropy,
            "epistemic": uncertainty.epistemic,
            "aleatoric": uncertainty.aleatoric,
        },
        "timing_ms": result.timing_ms(),
        "wall_seconds": round(result.seconds, 3),
        "skipped": dict(result.skipped().most_common()),
        "conversations": conversations,
    }


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def _num(value: float | None, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def _excerpt(text: str, limit: int = 140) -> str:
    text = " ".join(text.split()).replace("|", "\\|")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render_markdown(report: dict[str, Any], plots: dict[str, str] | None = None) -> str:
    """The summary of a ``build_report`` dict; ``plots`` maps plot names to relative paths."""
    plots = plots or {}
    data, rate, cm = report["dataset"], report["hallucination_rate"], report["responses"]
    profile, timing = report["profile"], report["timing_ms"]
    met = {True: "**met**", False: "**not met**", None: "n/a"}[rate["met"]]
    lines = [
        f"# kgcheck eval: {Path(data['path']).name}",
        "",
        f"{data['conversations']} conversations ({data['hallucinated']} labelled hallucinated), "
        f"format `{data['format']}`, configuration {', '.join(f'`{c}`' for c in report['configs'])}"
        f", flag threshold {', '.join(_num(t) for t in report['thresholds']) or 'n/a'}.",
        "",
        "## Hallucination rate",
        "",
        f"Hallucinated replies kgcheck let through: **{_pct(rate['residual'])}** of replies; "
        f"target ≤ {_pct(rate['target'])}: {met}.",
        "",
        "| replies hallucinated | by the labels | flagged by kgcheck | let through |",
        "|---|---|---|---|",
        f"| share | {_pct(rate['labelled'])} | {_pct(rate['detected'])} | "
        f"{_pct(rate['residual'])} |",
        "",
        "## Replies: hallucinated or clean",
        "",
        "| | flagged | not flagged |",
        "|---|---|---|",
        f"| hallucinated | {cm['tp']} | {cm['fn']} |",
        f"| clean | {cm['fp']} | {cm['tn']} |",
        "",
        f"Accuracy {_num(cm['accuracy'])}, precision {_num(cm['precision'])}, "
        f"recall {_num(cm['recall'])}, F1 {_num(cm['f1'])}.",
        "",
    ]
    if "confusion" in plots:
        lines += [f"![Replies: labels against kgcheck]({plots['confusion']})", ""]
    lines += [
        "## Flags by type",
        "",
        "| type | expected | flagged | matched | precision | recall | F1 |",
        "|---|---|---|---|---|---|---|",
    ]
    rows = [*report["flags"]["by_type"].items(), ("**all**", report["flags"]["all"])]
    for name, s in rows:
        lines.append(
            f"| {name} | {s['expected']} | {s['flagged']} | {s['tp']} | {_num(s['precision'])} "
            f"| {_num(s['recall'])} | {_num(s['f1'])} |"
        )
    lines.append("")
    if "per_type" in plots:
        lines += [f"![Precision and recall per flag type]({plots['per_type']})", ""]
    if "confidence" in plots:
        lines += [f"![Flag confidence by outcome]({plots['confidence']})", ""]
    lines += [
        "## Hallucination profile",
        "",
        "Rates from kgcheck's flags; kappa is kgcheck's agreement with the labels on whether a "
        "reply is hallucinated; uncertainty is the entropy of kgcheck's probability that a "
        "reply is hallucinated.",
        "",
        "| measure | value |",
        "|---|---|",
        f"| micro hallucination rate (unsupported claims / claims) | "
        f"{_num(profile['micro_hallucination_rate'], 3)} ({profile['claims']} claims) |",
        f"| macro hallucination rate (replies with one / replies) | "
        f"{_num(profile['macro_hallucination_rate'], 3)} |",
        f"| FactScore (supported claims / claims) | {_num(profile['fact_score'], 3)} |",
        f"| Fleiss' kappa | {_num(profile['kappa'], 3)} ({profile['kappa_band']}) |",
        f"| uncertainty (entropy, bits) | {_num(profile['uncertainty'], 3)} |",
        f"| false acceptance rate (questions about nonexistent entities) | "
        f"{_num(profile['false_acceptance_rate'], 3)} |",
        f"| reliability | **{profile['reliability']}** |",
        f"| high risk | {'**yes**' if profile['high_risk'] else 'no'} |",
        "",
        "## Time per reply",
        "",
        "| mean | p50 | p90 | p95 | p99 | max |",
        "|---|---|---|---|---|---|",
        "| "
        + " | ".join(
            f"{_num(timing[k], 1)} ms" for k in ("mean", "p50", "p90", "p95", "p99", "max")
        )
        + " |",
        "",
    ]
    if report["skipped"]:
        lines += ["## Checks that did not run", ""]
        lines += [f"- {n} × {note}" for note, n in report["skipped"].items()]
        lines.append("")
    lines += _listing(report["conversations"])
    return "\n".join(lines)


def _listing(conversations: list[dict[str, Any]]) -> list[str]:
    misses = [(c, e) for c in conversations for e in c["expected"] if e["flag"] is None]
    alarms = [(c, f) for c in conversations for f in c["flags"] if f["outcome"] == "fp"]
    lines: list[str] = []
    if misses:
        lines += [
            f"## Expected flags kgcheck missed ({len(misses)})",
            "",
            "| id | type | where | reply |",
            "|---|---|---|---|",
        ]
        for c, e in misses[:LISTED]:
            where = e["text"] or (
                f"{e['span']['start']}-{e['span']['end']}" if e["span"] else "(anywhere)"
            )
            lines.append(
                f"| {c['id']} | {e['type']} | {_excerpt(where, 40)} | {_excerpt(c['reply'])} |"
            )
        lines.append("")
    if alarms:
        lines += [
            f"## Flags no label expected ({len(alarms)})",
            "",
            "| id | type | confidence | flagged text | reply |",
            "|---|---|---|---|---|",
        ]
        for c, f in alarms[:LISTED]:
            lines.append(
                f"| {c['id']} | {f['type']} | {f['confidence']:.2f} | {_excerpt(f['content'], 40)}"
                f" | {_excerpt(c['reply'])} |"
            )
        lines.append("")
    if len(misses) > LISTED or len(alarms) > LISTED:
        lines += [f"(first {LISTED} of each; all are in report.json)", ""]
    return lines


def write_report(result: EvalResult, out: Path) -> dict[str, Path]:
    """Write ``report.json``, ``summary.md`` and the plots under ``out``; their paths by name.

    The plots need the ``[plots]`` extra (matplotlib); without it they are left out (logged)."""
    out.mkdir(parents=True, exist_ok=True)
    report = build_report(result)
    plots: dict[str, Path] = {}
    if installed("plots"):
        from kgcheck.evaluation.plots import write_plots

        plots = write_plots(result, out)
    else:
        log.warning("no plots: matplotlib is not installed (%s)", install_hint("plots"))
    paths = {"report": out / "report.json", "summary": out / "summary.md", **plots}
    paths["report"].write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    markdown = render_markdown(report, {name: p.name for name, p in plots.items()})
    paths["summary"].write_text(markdown, encoding="utf-8")
    return paths
