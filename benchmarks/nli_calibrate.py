"""Temperature scaling of an NLI model, fitted on a held-back dev split.

Usage::

    python benchmarks/nli_calibrate.py [--model embedded] [--data ROOT] [--seed 13]
        [--threads 1] [--scores PATH] [--write] [--json PATH]

The dev data: DECODE structured dev (label 1 -> contradiction, 0 -> neutral) and the pairs
:mod:`kgcheck.nli.kb_pairs` generates from the pharmacy domain kept out of training
(``tests/fixtures/pharmacy``, ``pharmacy_chain``). Neither is used in training (SICK TRIAL is,
so it is not used here; ANLI and BEGIN are never fitted on). Each source is split in two halves
by a seeded shuffle: the **fit** half chooses the temperature (the one minimising the mean
negative log-likelihood of the gold label, on ``log p`` of the uncalibrated softmax, which
equals the logits up to a constant per row) and the contradiction threshold; the **eval** half
is used only for the figures: the expected calibration error (ECE, 10 equal-width bins) of
the max probability (the predicted label's confidence) and of P(contradiction) as the
probability of the binary event "contradiction", before and after, plus the NLL.

``--write`` stores ``calibration.json`` in the model directory (the temperature and how it was
fitted), which :class:`kgcheck.nli.scorer.NliScorer` then applies. ``--scores`` keeps the
uncalibrated probabilities in a file (a second run with the same file scores nothing).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kgcheck.metrics import confusion_matrix
from kgcheck.nli.data import LABELS, NliPair, load_decode_pairs
from kgcheck.nli.kb_pairs import pairs_from_config
from kgcheck.nli.scorer import (
    CALIBRATION_FILE,
    EMBEDDED,
    NliScorer,
    NliScores,
    contradicts,
    resolve_model,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "benchmarks"
HELD_OUT = (
    ROOT / "tests" / "fixtures" / "pharmacy" / "kgcheck.yaml",
    ROOT / "tests" / "fixtures" / "pharmacy_chain" / "kgcheck.yaml",
)
BINS = 10
THRESHOLDS = tuple(round(0.05 * i, 2) for i in range(2, 20))  # 0.10 .. 0.95
EPS = 1e-12

Probs = tuple[float, float, float]


def scaled(p: Probs, temperature: float) -> Probs:
    """``softmax(log p / T)``: temperature scaling of the softmax that gave ``p``."""
    logs = [math.log(max(x, EPS)) / temperature for x in p]
    top = max(logs)
    exp = [math.exp(v - top) for v in logs]
    total = sum(exp)
    return (exp[0] / total, exp[1] / total, exp[2] / total)


def nll(probs: Sequence[Probs], gold: Sequence[int], temperature: float = 1.0) -> float:
    return -sum(
        math.log(max(scaled(p, temperature)[g], EPS)) for p, g in zip(probs, gold, strict=True)
    ) / max(1, len(gold))


def fit_temperature(probs: Sequence[Probs], gold: Sequence[int]) -> float:
    """The temperature minimising the NLL: a grid on log T, then golden-section search."""
    grid = [math.exp(x / 20) for x in range(-40, 61)]  # 0.135 .. 20
    best = min(grid, key=lambda t: nll(probs, gold, t))
    lo, hi = math.log(best) - 0.05, math.log(best) + 0.05
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if nll(probs, gold, math.exp(a)) < nll(probs, gold, math.exp(b)):
            hi = b
        else:
            lo = a
    return math.exp((lo + hi) / 2)


def ece(confidence: Sequence[float], correct: Sequence[bool], bins: int = BINS) -> float:
    """Expected calibration error: the share-weighted mean |accuracy - confidence| over
    ``bins`` equal-width confidence bins (the last bin includes 1.0)."""
    totals = [[0, 0.0, 0.0] for _ in range(bins)]
    for c, ok in zip(confidence, correct, strict=True):
        b = totals[min(int(c * bins), bins - 1)]
        b[0] += 1
        b[1] += c
        b[2] += ok
    n = len(confidence)
    return sum(abs(b[2] - b[1]) / n for b in totals if b[0]) if n else 0.0


def measures(probs: Sequence[Probs], gold: Sequence[int]) -> dict[str, float]:
    top = [max(range(3), key=lambda i: p[i]) for p in probs]
    contradiction = LABELS.index("contradiction")
    return {
        "n": len(gold),
        "nll": round(nll(probs, gold), 4),
        "ece_max_probability": round(
            ece([max(p) for p in probs], [t == g for t, g in zip(top, gold, strict=True)]), 4
        ),
        "ece_p_contradiction": round(
            ece([p[contradiction] for p in probs], [g == contradiction for g in gold]), 4
        ),
        "accuracy": round(sum(t == g for t, g in zip(top, gold, strict=True)) / len(gold), 4),
    }


def f1_at(probs: Sequence[Probs], gold: Sequence[int], threshold: float) -> float | None:
    contradiction = LABELS.index("contradiction")
    decided = [contradicts(NliScores(*p), threshold) for p in probs]
    return confusion_matrix([g == contradiction for g in gold], decided).f1


def load(data: Path) -> dict[str, list[NliPair]]:
    return {
        "decode-structured-dev": load_decode_pairs(
            data / "decode" / "formatted" / "structured" / "dev"
        ),
        "kb-pharmacy": [p for c in HELD_OUT for p in pairs_from_config(c)],
    }


def split(n: int, seed: int) -> tuple[list[int], list[int]]:
    """Seeded halves of ``range(n)``: (fit, eval), disjoint."""
    order = list(range(n))
    random.Random(seed).shuffle(order)
    half = n // 2
    return sorted(order[:half]), sorted(order[half:])


def raw_scores(
    args: argparse.Namespace, sources: dict[str, list[NliPair]]
) -> dict[str, list[Probs]]:
    """Uncalibrated probabilities per source, from ``--scores`` when it holds them."""
    cached: dict[str, Any] = {}
    if args.scores is not None and args.scores.is_file():
        cached = json.loads(args.scores.read_text(encoding="utf-8"))
    if cached.get("model") == args.model and all(
        len(cached.get("scores", {}).get(k, [])) == len(v) for k, v in sources.items()
    ):
        return {k: [(p[0], p[1], p[2]) for p in v] for k, v in cached["scores"].items()}
    scorer = NliScorer(args.model, batch_size=64, cache_size=0, calibrate=False)
    out: dict[str, list[Probs]] = {}
    for name, pairs in sources.items():
        print(f"scoring {name}: {len(pairs)} pairs", file=sys.stderr, flush=True)
        out[name] = [
            (s[0], s[1], s[2]) for s in scorer.score([(p.premise, p.hypothesis) for p in pairs])
        ]
    if args.scores is not None:
        args.scores.parent.mkdir(parents=True, exist_ok=True)
        args.scores.write_text(json.dumps({"model": args.model, "scores": out}), encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", default=EMBEDDED, help="embedded or a model directory")
    parser.add_argument("--data", type=Path, default=DATA, help="the benchmarks folder")
    parser.add_argument("--seed", type=int, default=13, help="the fit/eval split's seed")
    parser.add_argument("--threads", type=int, default=None, help="torch CPU threads")
    parser.add_argument("--scores", type=Path, default=None, help="keep raw scores here")
    parser.add_argument("--write", action="store_true", help="write calibration.json")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = parser.parse_args()
    if args.threads is not None:
        import torch

        torch.set_num_threads(args.threads)
    sources = load(args.data)
    scores = raw_scores(args, sources)

    fit_p: list[Probs] = []
    fit_g: list[int] = []
    halves: dict[str, dict[str, tuple[list[Probs], list[int]]]] = {}
    for name, pairs in sources.items():
        gold = [LABELS.index(p.label) for p in pairs]
        fit, held = split(len(pairs), args.seed)
        halves[name] = {
            "fit": ([scores[name][i] for i in fit], [gold[i] for i in fit]),
            "eval": ([scores[name][i] for i in held], [gold[i] for i in held]),
        }
        fit_p += halves[name]["fit"][0]
        fit_g += halves[name]["fit"][1]
    temperature = fit_temperature(fit_p, fit_g)
    print(
        f"temperature {temperature:.4f} (fit NLL {nll(fit_p, fit_g):.4f} -> "
        f"{nll(fit_p, fit_g, temperature):.4f}, {len(fit_g)} pairs)"
    )

    figures: dict[str, Any] = {"temperature": round(temperature, 4), "eval": {}, "thresholds": {}}
    eval_p: list[Probs] = []
    eval_g: list[int] = []
    for name, parts in [*halves.items(), ("pooled", {})]:
        if name == "pooled":
            probs, gold = eval_p, eval_g
        else:
            probs, gold = parts["eval"]
            eval_p += probs
            eval_g += gold
        before = measures(probs, gold)
        after = measures([scaled(p, temperature) for p in probs], gold)
        figures["eval"][name] = {"before": before, "after": after}
        print(
            f"  eval {name:<22} n {before['n']:>5}  ECE(max p) {before['ece_max_probability']:.4f}"
            f" -> {after['ece_max_probability']:.4f}  ECE(P(c)) "
            f"{before['ece_p_contradiction']:.4f} -> {after['ece_p_contradiction']:.4f}  "
            f"NLL {before['nll']:.4f} -> {after['nll']:.4f}"
        )

    # the contradiction threshold, on the fit halves with calibrated probabilities
    print("  threshold (fit halves, calibrated): F1 DECODE / F1 KB pairs / mean")
    sweep = []
    for t in THRESHOLDS:
        row: dict[str, Any] = {"threshold": t}
        for name, parts in halves.items():
            probs, gold = parts["fit"]
            row[name] = f1_at([scaled(p, temperature) for p in probs], gold, t)
        values = [row[n] or 0.0 for n in halves]
        row["mean"] = sum(values) / len(values)
        sweep.append(row)
        print(f"    {t:.2f}  " + "  ".join(f"{v:.3f}" for v in [*values, row["mean"]]))
    best = max(sweep, key=lambda r: (r["mean"], -abs(r["threshold"] - 0.7)))
    eval_f1 = {
        t: {
            name: f1_at([scaled(p, temperature) for p in parts["eval"][0]], parts["eval"][1], t)
            for name, parts in halves.items()
        }
        for t in sorted({best["threshold"], 0.7})
    }
    figures["thresholds"] = {"sweep": sweep, "best": best["threshold"], "eval_f1": eval_f1}
    print(f"  best threshold on fit: {best['threshold']:.2f}; eval F1 (calibrated): {eval_f1}")

    if args.write:
        where = Path(resolve_model(args.model))
        record = {
            "temperature": round(temperature, 4),
            "method": "temperature scaling: softmax(logits / T), T minimising the NLL",
            "fitted_on": {
                name: {"pairs": len(parts["fit"][1]), "of": len(sources[name])}
                for name, parts in halves.items()
            },
            "split": f"each source shuffled with random.Random({args.seed}), first half fitted",
            "command": "python benchmarks/nli_calibrate.py --threads 1 --write",
            "eval": figures["eval"]["pooled"],
            "written": datetime.now(UTC).strftime("%Y-%m-%d"),
        }
        (where / CALIBRATION_FILE).write_text(json.dumps(record, indent=2) + "\n", "utf-8")
        print(f"wrote {where / CALIBRATION_FILE}")
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
