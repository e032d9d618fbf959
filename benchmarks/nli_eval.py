"""The NLI model alone and the full checker on DECODE, SICK, ANLI and BEGIN.

Usage::

    python benchmarks/nli_eval.py [--model embedded] [--data ROOT] [--limit N]
        [--only decode-structured,decode-unstructured,sick,anli,begin,kb-paraphrase]
        [--threshold 0.5] [--thresholds] [--checker-threshold T] [--no-checker] [--json PATH]
        [--threads N] [--kb-config PATH ...] [--no-calibration]

The model's ``calibration.json`` (temperature scaling, ``benchmarks/nli_calibrate.py``) is
applied unless ``--no-calibration`` is given (that flag does not reach the checker rows).

ROOT defaults to ``../shared/benchmarks`` (relative to the repository root); nothing of the
datasets is copied into the repository. The parts:

- ``decode-structured`` (DECODE structured dev, utterance pairs, label 1 = contradiction). Model
  alone: contradiction when P(contradiction) >= ``--threshold`` and P(contradiction) >
  P(entailment) (premise: the earlier utterance, hypothesis: the later one). Checker: the
  earlier utterance is a prior assistant turn, the later one the reply, checked with
  ``data/open-domain/kgcheck.yaml`` (``nli.model`` set to ``--model``); contradiction when the
  report has a ``contradicts_prior`` or ``logical_inconsistency`` flag at or above
  ``mitigation.flag_threshold`` (the checker's own pair rule uses the configuration's
  ``nli.contradiction_threshold`` unless ``--checker-threshold`` is given).
- ``decode-unstructured`` (DECODE unstructured dev, whole dialogues). Model alone: every earlier
  utterance of the reply's speaker against the reply, contradiction when any pair passes the
  rule above (the AUC uses the highest P(contradiction)). Checker: ``check_turn`` over the
  dialogue, as the evaluation runner does. The symbolic baseline of
  ``benchmarks/decode_baseline.py`` is printed as a reference row.
- ``sick`` (SICK's SemEval TEST set, held back from training): three-way accuracy (argmax) and
  recall per class.
- ``anli`` (ANLI R1-R3 dev): three-way accuracy per round and overall.
- ``begin`` (BEGIN dev: wow, cmu-dog, topicalchat and pooled): ROC AUC of "Not fully
  attributable" against the rest, scored by 1 - P(entailment | knowledge, response) (model)
  and 1 - ``report.grounding.score`` (checker, the knowledge as source S0, the previous message
  as a user turn); the checker's ``unsupported_claim`` decision also gets accuracy/P/R/F1.
- ``kb-paraphrase`` (pairs generated from the knowledge bases of ``--kb-config``, by default the
  pharmacy domain kept out of training: ``tests/fixtures/pharmacy`` and ``pharmacy_chain``,
  see :mod:`kgcheck.nli.kb_pairs`): the share of entailment (paraphrase) pairs with
  P(contradiction) < 0.1 (target >= 98 %), recall on contradiction pairs and the share of
  neutral pairs flagged, at the configuration's ``nli.contradiction_threshold`` (or
  ``--checker-threshold``), by kind of pair.

Times are wall-clock milliseconds per pair scored (model) and per example (model and checker),
after the model and the checker are warmed up. The last output is a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kgcheck import Checker, DialogueState, FlagType
from kgcheck.config import Config, load_config
from kgcheck.errors import KgcheckError
from kgcheck.evaluation.dataset import Conversation, LabelledTurn, load_dataset
from kgcheck.metrics import ConfusionMatrix, confusion_matrix, ratio
from kgcheck.nli.data import LABELS, load_anli_pairs, load_decode_pairs, load_sick_pairs
from kgcheck.nli.kb_pairs import pairs_from_config
from kgcheck.nli.scorer import EMBEDDED, RUNTIMES, NliScorer, NliScores, contradicts
from kgcheck.report import TurnReport

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "benchmarks"
CONFIG = ROOT / "data" / "open-domain" / "kgcheck.yaml"
PARTS = ("decode-structured", "decode-unstructured", "sick", "anli", "begin", "kb-paraphrase")
#: The KB domain kept out of training the embedded model (``kgcheck/nli/model/README.md``).
HELD_OUT = (
    ROOT / "tests" / "fixtures" / "pharmacy" / "kgcheck.yaml",
    ROOT / "tests" / "fixtures" / "pharmacy_chain" / "kgcheck.yaml",
)
#: A paraphrase is "safe" when the model gives it P(contradiction) below this.
SAFE = 0.1
CONTRADICTION = {FlagType.CONTRADICTS_PRIOR, FlagType.LOGICAL_INCONSISTENCY}
#: ``benchmarks/decode_baseline.py`` on the whole unstructured dev split (4,026 dialogues).
BASELINE = {"accuracy": 0.501, "f1": 0.006}
SWEEP = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
BEGIN = {
    "wow": "begin/wow/begin_dev_wow.tsv",
    "cmu-dog": "begin/cmu-dog/begin_dev_cmu.tsv",
    "topicalchat": "begin/topicalchat/begin_dev_tc.tsv",
}
ANLI_ROUNDS = ("R1", "R2", "R3")


# -- measures ----------------------------------------------------------------------------------


def roc_auc(scores: Sequence[float], positive: Sequence[bool]) -> float | None:
    """Area under the ROC curve: the Mann-Whitney U of the positives' scores over the
    negatives', divided by ``positives x negatives`` (ties count half, through mid-ranks);
    ``None`` unless both classes are present."""
    if len(scores) != len(positive):
        raise ValueError(f"{len(scores)} scores but {len(positive)} labels")
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    ranks = [0.0] * len(scores)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and scores[order[end + 1]] == scores[order[start]]:
            end += 1
        for k in range(start, end + 1):
            ranks[order[k]] = (start + end) / 2 + 1  # 1-based mid-rank of the tie group
        start = end + 1
    pos = sum(1 for p in positive if p)
    neg = len(positive) - pos
    if pos == 0 or neg == 0:
        return None
    u = sum(r for r, p in zip(ranks, positive, strict=True) if p) - pos * (pos + 1) / 2
    return u / (pos * neg)


def binary(cm: ConfusionMatrix) -> dict[str, float | None]:
    return {"accuracy": cm.accuracy, "precision": cm.precision, "recall": cm.recall, "f1": cm.f1}


def argmax_label(scores: NliScores) -> str:
    return LABELS[max(range(len(LABELS)), key=lambda i: scores[i])]


def three_way(gold: Sequence[str], scores: Sequence[NliScores]) -> dict[str, Any]:
    """Accuracy of the argmax label, recall per class and the confusion counts."""
    predicted = [argmax_label(s) for s in scores]
    confusion = {g: {p: 0 for p in LABELS} for g in LABELS}
    for g, p in zip(gold, predicted, strict=True):
        confusion[g][p] += 1
    return {
        "accuracy": ratio(sum(g == p for g, p in zip(gold, predicted, strict=True)), len(gold)),
        "recall": {g: ratio(confusion[g][g], sum(confusion[g].values())) for g in LABELS},
        "confusion": confusion,
    }


def show(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


# -- rows --------------------------------------------------------------------------------------


@dataclass
class Row:
    """One line of the final table."""

    benchmark: str
    system: str
    n: int
    metrics: dict[str, float | None] = field(default_factory=dict)
    ms_per_pair: float | None = None
    ms_per_example: float | None = None
    notes: str = ""


COLUMNS = ("accuracy", "precision", "recall", "f1", "auc")


def markdown(rows: Sequence[Row]) -> str:
    head = "| Benchmark | System | n | Accuracy | Precision | Recall | F1 | ROC AUC | ms/pair "
    head += "| ms/example | Notes |"
    lines = [head, "|" + "---|" * 2 + "---:|" * 8 + "---|"]
    for r in rows:
        cells = [r.benchmark, r.system, str(r.n)]
        cells += [show(r.metrics.get(c)) for c in COLUMNS]
        cells += [show(r.ms_per_pair, 2), show(r.ms_per_example, 1), r.notes]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def print_binary(label: str, cm: ConfusionMatrix, extra: str = "") -> None:
    print(
        f"  {label:<28} n {cm.total:>5}  tp {cm.tp:>4} fp {cm.fp:>4} fn {cm.fn:>4} "
        f"tn {cm.tn:>4}  acc {show(cm.accuracy)}  P {show(cm.precision)}  "
        f"R {show(cm.recall)}  F1 {show(cm.f1)}{extra}"
    )


def print_sweep(rows: list[dict[str, Any]]) -> None:
    print(f"  {'threshold':>9} {'acc':>6} {'P':>6} {'R':>6} {'F1':>6}")
    for row in rows:
        print(
            f"  {row['threshold']:>9.2f} {show(row['accuracy']):>6} "
            f"{show(row['precision']):>6} {show(row['recall']):>6} {show(row['f1']):>6}"
        )


# -- the run -----------------------------------------------------------------------------------


class Run:
    """The model, the checker (built on first use) and the figures gathered so far."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.data: Path = args.data
        self.limit: int | None = args.limit
        self.threshold: float = args.threshold
        self.scorer = NliScorer(
            args.model,
            batch_size=args.batch_size,
            max_length=args.max_length,
            cache_size=0,
            quantize=args.quantize,
            calibrate=not args.no_calibration,
            runtime=args.runtime,
        )
        self._checker: Checker | None = None
        self.rows: list[Row] = []
        self.figures: dict[str, Any] = {}

    # the model ---------------------------------------------------------------------------

    def warm_up(self) -> None:
        self.scorer.load()
        self.scorer.score([("A man is playing a guitar.", "A person plays music.")])

    def score(self, pairs: Sequence[tuple[str, str]]) -> tuple[list[NliScores], float]:
        """Scores of ``pairs`` and the seconds they took."""
        started = time.perf_counter()
        scores = self.scorer.score(list(pairs)) if pairs else []
        return scores, time.perf_counter() - started

    # the checker -------------------------------------------------------------------------

    @property
    def checker(self) -> Checker:
        if self._checker is None:
            config: Config = load_config(CONFIG)
            nli: dict[str, Any] = {"model": self.args.model, "quantize": self.args.quantize}
            if self.args.checker_threshold is not None:
                nli["contradiction_threshold"] = self.args.checker_threshold
            config = config.model_copy(update={"nli": config.nli.model_copy(update=nli)})
            self._checker = Checker(config)
            # load spaCy, the sentence encoder and the NLI model outside the timings
            state = DialogueState(session_id="warm-up")
            state.add_turn("assistant", "I have two dogs and I live in Ohio.")
            state.add_turn("user", "Do you like cats?")
            report = self._checker.check_turn(
                "I have no dogs at all. Cats are fine.",
                state,
                sources=[{"id": "S0", "text": "Ohio is a state in the Midwest."}],
            )
            notes = nli_notes(report)
            if notes:
                raise SystemExit(f"the checker runs without its NLI model: {'; '.join(notes)}")
        return self._checker

    def check(self, conv: Conversation) -> tuple[TurnReport, float]:
        """Check ``conv``'s reply after its turns, as the evaluation runner does; the report
        and the seconds it took (building the state included)."""
        started = time.perf_counter()
        state = DialogueState(session_id=conv.id, now=conv.now)
        for turn in conv.turns:
            state.add_turn(turn.role, turn.text, time=turn.time)
        report = self.checker.check_turn(
            conv.reply, state, sources=[{"id": s.id, "text": s.text} for s in conv.sources]
        )
        return report, time.perf_counter() - started

    def flagged(self, report: TurnReport, types: set[FlagType]) -> bool:
        limit = self.checker.config.mitigation.flag_threshold
        return any(f.type in types and f.confidence >= limit for f in report.flags)

    def check_all(
        self, conversations: Sequence[Conversation]
    ) -> tuple[list[TurnReport], float, int]:
        """Reports for all ``conversations``, the seconds taken, and how many reports say the
        model was not used."""
        reports, seconds, skipped = [], 0.0, 0
        for conv in conversations:
            report, took = self.check(conv)
            reports.append(report)
            seconds += took
            skipped += bool(nli_notes(report))
        return reports, seconds, skipped

    def sweep(self, gold: Sequence[bool], decide: Callable[[float], list[bool]]) -> list[Any]:
        out = []
        for t in SWEEP:
            out.append({"threshold": t, **binary(confusion_matrix(gold, decide(t)))})
        return out


def nli_notes(report: TurnReport) -> list[str]:
    return [s for s in report.skipped if s.startswith(("nli:", "grounding:"))]


def ms(seconds: float, count: int) -> float | None:
    return None if count == 0 else seconds * 1000 / count


def skipped_note(skipped: int) -> str:
    return f"; NLI skipped in {skipped} reports" if skipped else ""


# -- the parts ---------------------------------------------------------------------------------


def decode_structured(run: Run) -> None:
    pairs = load_decode_pairs(run.data / "decode" / "formatted" / "structured" / "dev")
    pairs = pairs[: run.limit] if run.limit is not None else pairs
    gold = [p.label == "contradiction" for p in pairs]
    print(f"\nDECODE structured dev: {len(pairs)} pairs ({sum(gold)} contradicting)")
    scores, seconds = run.score([(p.premise, p.hypothesis) for p in pairs])
    cm = confusion_matrix(gold, [contradicts(s, run.threshold) for s in scores])
    auc = roc_auc([s.contradiction for s in scores], gold)
    print_binary("model", cm, f"  AUC {show(auc)}  {show(ms(seconds, len(pairs)), 2)} ms/pair")
    part: dict[str, Any] = {"n": len(pairs), "positives": sum(gold)}
    part["model"] = {**cm.to_dict(), "auc": auc, "ms_per_pair": ms(seconds, len(pairs))}
    name = "DECODE structured dev"
    rule = f"P(c) >= {run.threshold:g} and > P(e)"
    pair_ms = ms(seconds, len(pairs))
    run.rows.append(
        Row(name, "model", cm.total, {**binary(cm), "auc": auc}, pair_ms, pair_ms, rule)
    )
    if run.args.thresholds:
        sweep = run.sweep(gold, lambda t: [contradicts(s, t) for s in scores])
        part["model"]["sweep"] = sweep
        print_sweep(sweep)
    if not run.args.no_checker:
        checker = run.checker
        conversations = [
            Conversation(
                id=p.origin,
                turns=[LabelledTurn(role="assistant", text=p.premise)],
                reply=p.hypothesis,
                clean=True,  # the label is read from ``gold``
            )
            for p in pairs
        ]
        reports, seconds, skipped = run.check_all(conversations)
        cm = confusion_matrix(gold, [run.flagged(r, CONTRADICTION) for r in reports])
        per_example = ms(seconds, len(pairs))
        print_binary("checker", cm, f"  {show(per_example, 1)} ms/example{skipped_note(skipped)}")
        part["checker"] = {**cm.to_dict(), "ms_per_example": per_example, "nli_skipped": skipped}
        threshold = checker.config.mitigation.flag_threshold
        note = (
            f"contradicts_prior / logical_inconsistency >= {threshold:g}, "
            f"nli.contradiction_threshold {checker.config.nli.contradiction_threshold:g}"
            + skipped_note(skipped)
        )
        run.rows.append(Row(name, "checker", cm.total, binary(cm), None, per_example, note))
    run.figures["decode-structured"] = part


def decode_unstructured(run: Run) -> None:
    path = run.data / "decode" / "formatted" / "unstructured" / "dev"
    dataset = load_dataset(path, "decode", limit=run.limit)
    conversations = dataset.conversations
    gold = [c.meta["label"] == 1 for c in conversations]
    pairs: list[tuple[str, str]] = []
    plan: list[tuple[int, int]] = []  # per dialogue: first pair, number of pairs
    for conv in conversations:
        earlier = [t.text for t in conv.turns if t.role == "assistant" and t.text.strip()]
        plan.append((len(pairs), len(earlier)))
        pairs += [(text, conv.reply) for text in earlier]
    print(
        f"\nDECODE unstructured dev: {len(conversations)} dialogues ({sum(gold)} contradicting),"
        f" {len(pairs)} pairs with the speaker's earlier utterances"
    )
    scores, seconds = run.score(pairs)

    def decide(threshold: float) -> list[bool]:
        return [any(contradicts(s, threshold) for s in scores[a : a + n]) for a, n in plan]

    highest = [max((s.contradiction for s in scores[a : a + n]), default=0.0) for a, n in plan]
    cm = confusion_matrix(gold, decide(run.threshold))
    auc = roc_auc(highest, gold)
    pair_ms, example_ms = ms(seconds, len(pairs)), ms(seconds, len(conversations))
    print_binary(
        "model",
        cm,
        f"  AUC {show(auc)}  {show(pair_ms, 2)} ms/pair, {show(example_ms, 1)} ms/example",
    )
    part: dict[str, Any] = {"n": len(conversations), "positives": sum(gold), "pairs": len(pairs)}
    part["model"] = {
        **cm.to_dict(),
        "auc": auc,
        "ms_per_pair": pair_ms,
        "ms_per_example": example_ms,
    }
    name = "DECODE unstructured dev"
    rule = f"any earlier same-speaker utterance: P(c) >= {run.threshold:g} and > P(e)"
    run.rows.append(
        Row(name, "model", cm.total, {**binary(cm), "auc": auc}, pair_ms, example_ms, rule)
    )
    if run.args.thresholds:
        sweep = run.sweep(gold, decide)
        part["model"]["sweep"] = sweep
        print_sweep(sweep)
    if not run.args.no_checker:
        checker = run.checker
        reports, seconds, skipped = run.check_all(conversations)
        cm = confusion_matrix(gold, [run.flagged(r, CONTRADICTION) for r in reports])
        per_example = ms(seconds, len(conversations))
        print_binary("checker", cm, f"  {show(per_example, 1)} ms/example{skipped_note(skipped)}")
        part["checker"] = {**cm.to_dict(), "ms_per_example": per_example, "nli_skipped": skipped}
        threshold = checker.config.mitigation.flag_threshold
        note = (
            f"contradicts_prior / logical_inconsistency >= {threshold:g}, "
            f"nli.contradiction_threshold {checker.config.nli.contradiction_threshold:g}"
            + skipped_note(skipped)
        )
        run.rows.append(Row(name, "checker", cm.total, binary(cm), None, per_example, note))
    print(
        f"  {'symbolic baseline (reference)':<28} n  4026  acc {BASELINE['accuracy']:.3f}  "
        f"F1 {BASELINE['f1']:.3f}  (benchmarks/decode_baseline.py, whole split)"
    )
    run.rows.append(
        Row(
            name,
            "symbolic baseline (reference)",
            4026,
            dict(BASELINE),
            notes="benchmarks/decode_baseline.py, whole split, NLI off",
        )
    )
    part["baseline"] = {"n": 4026, **BASELINE}
    run.figures["decode-unstructured"] = part


def sick(run: Run) -> None:
    pairs = load_sick_pairs(run.data / "sick" / "SICK.txt", sets=("TEST",))
    pairs = pairs[: run.limit] if run.limit is not None else pairs
    print(f"\nSICK TEST: {len(pairs)} pairs")
    scores, seconds = run.score([(p.premise, p.hypothesis) for p in pairs])
    result = three_way([p.label for p in pairs], scores)
    pair_ms = ms(seconds, len(pairs))
    recall = result["recall"]
    per_class = " / ".join(f"{label[0].upper()} {show(recall[label])}" for label in LABELS)
    print(
        f"  model  accuracy {show(result['accuracy'])}  recall {per_class}  "
        f"{show(pair_ms, 2)} ms/pair"
    )
    run.figures["sick"] = {"n": len(pairs), "model": {**result, "ms_per_pair": pair_ms}}
    run.rows.append(
        Row(
            "SICK TEST (3-way)",
            "model",
            len(pairs),
            {"accuracy": result["accuracy"]},
            pair_ms,
            pair_ms,
            f"recall {per_class}",
        )
    )


def anli(run: Run) -> None:
    print("\nANLI dev")
    part: dict[str, Any] = {}
    gold_all: list[str] = []
    scores_all: list[NliScores] = []
    seconds_all = 0.0
    for name in ANLI_ROUNDS:
        pairs = load_anli_pairs(run.data / "anli" / name / "dev.jsonl")
        pairs = pairs[: run.limit] if run.limit is not None else pairs
        scores, seconds = run.score([(p.premise, p.hypothesis) for p in pairs])
        gold = [p.label for p in pairs]
        result = three_way(gold, scores)
        gold_all += gold
        scores_all += scores
        seconds_all += seconds
        pair_ms = ms(seconds, len(pairs))
        part[name] = {"n": len(pairs), **result, "ms_per_pair": pair_ms}
        print(
            f"  {name:<8} n {len(pairs):>5}  accuracy {show(result['accuracy'])}  "
            f"{show(pair_ms, 2)} ms/pair"
        )
        run.rows.append(
            Row(
                f"ANLI {name} dev (3-way)",
                "model",
                len(pairs),
                {"accuracy": result["accuracy"]},
                pair_ms,
                pair_ms,
            )
        )
    result = three_way(gold_all, scores_all)
    pair_ms = ms(seconds_all, len(gold_all))
    part["overall"] = {"n": len(gold_all), **result, "ms_per_pair": pair_ms}
    print(
        f"  {'overall':<8} n {len(gold_all):>5}  accuracy {show(result['accuracy'])}  "
        f"{show(pair_ms, 2)} ms/pair"
    )
    run.rows.append(
        Row(
            "ANLI R1-R3 dev (3-way)",
            "model",
            len(gold_all),
            {"accuracy": result["accuracy"]},
            pair_ms,
            pair_ms,
            "pooled",
        )
    )
    run.figures["anli"] = part


def begin(run: Run) -> None:
    print('\nBEGIN dev: ROC AUC of "Not fully attributable" against the rest')
    part: dict[str, Any] = {}
    pooled: dict[str, list[Any]] = {"gold": [], "model": [], "checker": [], "flagged": []}
    seconds_model = seconds_checker = 0.0
    skipped_all = 0
    for source, relative in BEGIN.items():
        conversations = load_dataset(run.data / relative, "begin", limit=run.limit).conversations
        gold = [not c.clean for c in conversations]
        scores, seconds = run.score([(c.sources[0].text, c.reply) for c in conversations])
        model = [1.0 - s.entailment for s in scores]
        auc = roc_auc(model, gold)
        n, pos = len(conversations), sum(gold)
        pair_ms = ms(seconds, n)
        entry: dict[str, Any] = {"n": n, "positives": pos}
        entry["model"] = {"auc": auc, "ms_per_pair": pair_ms}
        print(
            f"  {source:<12} n {n:>4} ({pos:>3} not attributable)  model AUC {show(auc)} "
            f"({show(pair_ms, 2)} ms/pair)",
            end="",
        )
        label = f"BEGIN {source} dev"
        counts = f"{pos}/{n} not fully attributable"
        model_row = Row(label, "model", n, {"auc": auc}, pair_ms, pair_ms, counts)
        run.rows.append(model_row)
        pooled["gold"] += gold
        pooled["model"] += model
        seconds_model += seconds
        if not run.args.no_checker:
            reports, seconds, skipped = run.check_all(conversations)
            # no grounding report (no model): the reply cannot be judged, counted as grounded
            grounding = [1.0 - r.grounding.score if r.grounding else 0.0 for r in reports]
            flagged = [run.flagged(r, {FlagType.UNSUPPORTED_CLAIM}) for r in reports]
            cm = confusion_matrix(gold, flagged)
            auc = roc_auc(grounding, gold)
            per_example = ms(seconds, n)
            entry["checker"] = {
                **cm.to_dict(),
                "auc": auc,
                "ms_per_example": per_example,
                "nli_skipped": skipped,
            }
            print(
                f"  checker AUC {show(auc)}, unsupported_claim F1 {show(cm.f1)} "
                f"({show(per_example, 1)} ms/example{skipped_note(skipped)})",
                end="",
            )
            note = "AUC of 1 - grounding score; P/R/F1 of unsupported_claim"
            run.rows.append(
                Row(
                    label,
                    "checker",
                    n,
                    {**binary(cm), "auc": auc},
                    None,
                    per_example,
                    note + skipped_note(skipped),
                )
            )
            pooled["checker"] += grounding
            pooled["flagged"] += flagged
            seconds_checker += seconds
            skipped_all += skipped
        print()
        part[source] = entry
    gold, n = pooled["gold"], len(pooled["gold"])
    auc = roc_auc(pooled["model"], gold)
    pair_ms = ms(seconds_model, n)
    part["pooled"] = {"n": n, "positives": sum(gold), "model": {"auc": auc, "ms_per_pair": pair_ms}}
    print(
        f"  {'pooled':<12} n {n:>4} ({sum(gold):>3} not attributable)  model AUC {show(auc)}",
        end="",
    )
    counts = f"{sum(gold)}/{n} not fully attributable"
    run.rows.append(Row("BEGIN dev, pooled", "model", n, {"auc": auc}, pair_ms, pair_ms, counts))
    if not run.args.no_checker:
        cm = confusion_matrix(gold, pooled["flagged"])
        auc = roc_auc(pooled["checker"], gold)
        per_example = ms(seconds_checker, n)
        part["pooled"]["checker"] = {**cm.to_dict(), "auc": auc, "ms_per_example": per_example}
        print(f"  checker AUC {show(auc)}, unsupported_claim F1 {show(cm.f1)}", end="")
        run.rows.append(
            Row(
                "BEGIN dev, pooled",
                "checker",
                n,
                {**binary(cm), "auc": auc},
                None,
                per_example,
                "AUC of 1 - grounding score" + skipped_note(skipped_all),
            )
        )
    print()
    run.figures["begin"] = part


def kb_paraphrase(run: Run) -> None:
    configs: list[Path] = run.args.kb_config or list(HELD_OUT)
    pairs = [p for c in configs for p in pairs_from_config(c)]
    pairs = pairs[: run.limit] if run.limit is not None else pairs
    threshold = run.args.checker_threshold
    if threshold is None:
        threshold = load_config(configs[0]).nli.contradiction_threshold
    names = ", ".join(c.parent.name for c in configs)
    print(f"\nKB pairs ({names}): {len(pairs)} pairs, threshold {threshold:g}")
    scores, seconds = run.score([(p.premise, p.hypothesis) for p in pairs])
    by_kind: dict[str, list[float]] = {}
    for p, s in zip(pairs, scores, strict=True):
        label, kind = p.origin.split(":")[2:4]
        by_kind.setdefault(f"{label}:{kind}", []).append(s.contradiction)
    flagged = [contradicts(s, threshold) for s in scores]
    safe = [s.contradiction < SAFE for s in scores]

    def share(label: str, values: Sequence[bool]) -> tuple[float | None, int]:
        chosen = [v for p, v in zip(pairs, values, strict=True) if p.label == label]
        return ratio(sum(chosen), len(chosen)), len(chosen)

    paraphrase, n_e = share("entailment", safe)
    false_alarms, _ = share("entailment", flagged)
    recall, n_c = share("contradiction", flagged)
    neutral, n_n = share("neutral", flagged)
    pair_ms = ms(seconds, len(pairs))
    print(
        f"  paraphrases with P(c) < {SAFE:g}: {show(paraphrase)} of {n_e} (target 0.98)  "
        f"flagged: {show(false_alarms)}  contradiction recall: {show(recall)} of {n_c} "
        f"(target 0.9)  neutral flagged: {show(neutral)} of {n_n}"
    )
    kinds: dict[str, Any] = {}
    for kind, values in sorted(by_kind.items()):
        cut = SAFE if kind.startswith("entailment") else threshold
        below = ratio(sum(v < cut for v in values), len(values))
        kinds[kind] = {"n": len(values), f"p_contradiction_below_{cut:g}": below}
        print(f"    {kind:<28} n {len(values):>4}  P(c) < {cut:g}: {show(below)}")
    run.figures["kb-paraphrase"] = {
        "configs": [str(c) for c in configs],
        "threshold": threshold,
        "paraphrase_safe": paraphrase,
        "paraphrase_flagged": false_alarms,
        "contradiction_recall": recall,
        "neutral_flagged": neutral,
        "n": {"entailment": n_e, "contradiction": n_c, "neutral": n_n},
        "kinds": kinds,
        "ms_per_pair": pair_ms,
    }
    run.rows.append(
        Row(
            f"KB pairs, held out ({names})",
            "model",
            len(pairs),
            {"recall": recall},
            pair_ms,
            pair_ms,
            f"paraphrases P(c) < {SAFE:g}: {show(paraphrase)}, flagged {show(false_alarms)}; "
            f"contradiction recall at {threshold:g}; neutral flagged {show(neutral)}",
        )
    )


STEPS: dict[str, Callable[[Run], None]] = {
    "decode-structured": decode_structured,
    "decode-unstructured": decode_unstructured,
    "sick": sick,
    "anli": anli,
    "begin": begin,
    "kb-paraphrase": kb_paraphrase,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default=EMBEDDED, help="embedded, a HF model id or a path")
    parser.add_argument("--data", type=Path, default=DATA, help="the benchmarks folder")
    parser.add_argument("--limit", type=int, default=None, help="first N examples per dataset")
    parser.add_argument("--only", default=",".join(PARTS), help="comma list of " + ", ".join(PARTS))
    parser.add_argument("--threshold", type=float, default=0.5, help="P(contradiction) cut")
    parser.add_argument("--thresholds", action="store_true", help="DECODE threshold sweep")
    parser.add_argument(
        "--checker-threshold",
        type=float,
        default=None,
        help="the checker's nli.contradiction_threshold (default: the configuration's)",
    )
    parser.add_argument("--no-checker", action="store_true", help="the model alone")
    parser.add_argument(
        "--no-calibration",
        action="store_true",
        help="model rows: the raw softmax, ignoring the model's calibration.json",
    )
    parser.add_argument("--json", type=Path, default=None, help="write all figures here")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--max-length", type=int, default=256, help="tokens per pair")
    parser.add_argument("--threads", type=int, default=None, help="torch CPU threads")
    parser.add_argument(
        "--runtime", choices=RUNTIMES, default="auto", help="what runs the model (nli.runtime)"
    )
    parser.add_argument(
        "--quantize", action="store_true", help="int8 linear layers (nli.quantize: true)"
    )
    parser.add_argument(
        "--kb-config",
        type=Path,
        action="append",
        help="kgcheck.yaml whose KB gives the kb-paraphrase pairs (repeatable; default: "
        "the held-out pharmacy domain)",
    )
    args = parser.parse_args()
    only = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = [p for p in only if p not in PARTS]
    if unknown:
        parser.error(f"--only: unknown part(s) {', '.join(unknown)}; expected {', '.join(PARTS)}")
    if args.threads is not None:
        import torch

        torch.set_num_threads(args.threads)
    run = Run(args)
    print(
        f"model {args.model}  data {args.data}  limit {args.limit or 'none'}  "
        f"threshold {args.threshold:g}  checker {'off' if args.no_checker else CONFIG}"
    )
    try:
        run.warm_up()
        for part in PARTS:
            if part in only:
                STEPS[part](run)
    except KgcheckError as exc:
        sys.exit(f"error: {exc.message}")
    print("\n" + markdown(run.rows))
    if args.limit is not None:
        print(f"\n(first {args.limit} examples per dataset; the reference row is the whole split)")
    if args.json is not None:
        out = {
            "model": args.model,
            "data": str(args.data),
            "limit": args.limit,
            "threshold": args.threshold,
            "checker_config": None if args.no_checker else str(CONFIG.relative_to(ROOT)),
            "parts": run.figures,
            "rows": [asdict(r) for r in run.rows],
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
