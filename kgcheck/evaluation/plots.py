"""PNG plots of an evaluation: reply-level confusion matrix, flag confidence by outcome, and
precision and recall per flag type. Drawn with matplotlib's object API (no pyplot state)."""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from kgcheck.evaluation.runner import EvalResult

__all__ = ["plot_confidence", "plot_confusion", "plot_per_type", "write_plots"]

# Okabe-Ito colours: told apart with the common colour-vision deficiencies too.
_BLUE, _ORANGE, _GREEN, _VERMILLION, _GREY = "#0072B2", "#E69F00", "#009E73", "#D55E00", "#999999"
_DPI = 110


def _save(fig: Figure, path: Path) -> Path:
    fig.savefig(path, dpi=_DPI, bbox_inches="tight")
    return path


def plot_confusion(result: EvalResult, path: Path) -> Path:
    """Replies hallucinated by the labels against replies kgcheck flagged."""
    cm = result.responses()
    cells = [[cm.tp, cm.fn], [cm.fp, cm.tn]]
    names = [["caught", "missed"], ["false alarm", "passed"]]
    fig = Figure(figsize=(4.8, 4.2))
    ax = fig.add_subplot()
    top = max(max(row) for row in cells) or 1
    ax.imshow(cells, cmap="Blues", vmin=0, vmax=top * 1.15)
    for i, row in enumerate(cells):
        total = sum(row)
        for j, n in enumerate(row):
            share = f"{n / total:.0%} of row" if total else "-"
            ax.text(
                j,
                i,
                f"{n}\n{names[i][j]}\n{share}",
                ha="center",
                va="center",
                fontsize=11,
                color="white" if n > top * 0.6 else "black",
            )
    ax.set_xticks([0, 1], ["flagged", "not flagged"])
    ax.set_yticks([0, 1], ["hallucinated", "clean"])
    ax.set_xlabel("kgcheck")
    ax.set_ylabel("labels")
    ax.set_title(f"Replies ({cm.total})")
    return _save(fig, path)


def plot_confidence(result: EvalResult, path: Path) -> Path:
    """Histogram of flag confidences, stacked by outcome, with the threshold(s)."""
    outcomes: dict[str, list[float]] = {"tp": [], "fp": [], "below threshold": []}
    for r in result.results:
        for i, flag in enumerate(r.flags):
            outcomes[r.outcome(i)].append(flag.confidence)
    fig = Figure(figsize=(6.4, 3.8))
    ax = fig.add_subplot()
    bins = [i / 20 for i in range(21)]
    labels = {
        "tp": "matches a label",
        "fp": "false alarm",
        "below threshold": "below threshold (ignored)",
    }
    ax.hist(
        list(outcomes.values()),
        bins=bins,
        stacked=True,
        color=[_GREEN, _VERMILLION, _GREY],
        label=[f"{labels[k]} ({len(v)})" for k, v in outcomes.items()],
        edgecolor="white",
    )
    for threshold in sorted({r.threshold for r in result.results}):
        ax.axvline(
            threshold,
            color="black",
            linestyle="--",
            linewidth=1,
            label=f"threshold {threshold:.2f}",
        )
    if not any(outcomes.values()):
        ax.set_ylim(0, 1)
        ax.text(0.25, 0.5, "no flags", ha="center", va="center", color=_GREY, fontsize=14)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    missed = sum(len(r.missed) for r in result.results)
    ax.set_xlim(0, 1)
    ax.set_xlabel("flag confidence")
    ax.set_ylabel("flags")
    ax.set_title(f"Flag confidence by outcome (expected flags not found: {missed})")
    ax.legend(loc="best", fontsize=9, frameon=False)
    return _save(fig, path)


def plot_per_type(result: EvalResult, path: Path) -> Path:
    """Precision and recall per flag type, with how many were expected and predicted."""
    by_type = result.by_type()
    names = [
        f"{t}\n{cm.tp + cm.fn} expected, {cm.tp + cm.fp} flagged" for t, cm in by_type.items()
    ] or ["(no flags)"]
    fig = Figure(figsize=(7.0, 1.1 + 0.62 * len(names)))
    ax = fig.add_subplot()
    height = 0.38
    for row, cm in enumerate(by_type.values()):
        for offset, value, colour in (
            (-height / 2, cm.precision, _BLUE),
            (height / 2, cm.recall, _ORANGE),
        ):
            y = row + offset
            if value is None:
                ax.text(0.01, y, "n/a", va="center", fontsize=8, color=_GREY)
                continue
            ax.barh(y, value, height=height, color=colour)
            ax.text(value + 0.01, y, f"{value:.2f}", va="center", fontsize=8)
    ax.set_yticks(range(len(names)), names, fontsize=9)
    ax.set_ylim(len(names) - 0.5, -0.5)  # first type on top
    ax.set_xlim(0, 1.1)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0])
    ax.set_xlabel("score")
    ax.set_title("Flags by type", pad=22)
    ax.legend(
        handles=[Patch(color=_BLUE, label="precision"), Patch(color=_ORANGE, label="recall")],
        loc="lower center",
        bbox_to_anchor=(0.5, 1.0),
        ncol=2,
        frameon=False,
        fontsize=9,
    )
    return _save(fig, path)


def write_plots(result: EvalResult, out: Path) -> dict[str, Path]:
    """All three plots under ``out``, by name."""
    return {
        "confusion": plot_confusion(result, out / "confusion.png"),
        "confidence": plot_confidence(result, out / "confidence.png"),
        "per_type": plot_per_type(result, out / "per_type.png"),
    }
