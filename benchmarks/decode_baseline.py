"""The symbolic baseline on DECODE: does the last utterance contradict its speaker?

Usage::

    python benchmarks/decode_baseline.py [PATH] [--limit N]

PATH is DECODE's unstructured dev split (default
``../shared/benchmarks/decode/formatted/unstructured/dev``). Each example's history becomes a
conversation (the speaker of the last utterance is the assistant), the last utterance is checked
with the conversation-only configuration ``data/open-domain/kgcheck.yaml``, and a
``contradicts_prior`` or ``logical_inconsistency`` flag counts as predicting "contradicts".
Prints accuracy, precision, recall and F1 of that prediction, and the time per example.

The symbolic checks see only what the lexicon and the open attribute pattern ("my favourite
colour is ...") can express, so recall on open-domain chit-chat is expected to be low: this is
the starting point that the NLI model improves on.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from kgcheck import Checker, DialogueState, FlagType
from kgcheck.evaluation.dataset import load_dataset
from kgcheck.metrics import ConfusionMatrix

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT.parent / "shared" / "benchmarks" / "decode" / "formatted" / "unstructured" / "dev"
CONTRADICTION = {FlagType.CONTRADICTS_PRIOR, FlagType.LOGICAL_INCONSISTENCY}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    dataset = load_dataset(args.path, "decode", limit=args.limit)
    checker = Checker.from_config(ROOT / "data" / "open-domain" / "kgcheck.yaml")
    tp = fp = fn = tn = 0
    started = time.perf_counter()
    for conv in dataset.conversations:
        state = DialogueState(session_id=conv.id)
        for turn in conv.turns:
            state.add_turn(turn.role, turn.text)
        report = checker.check_turn(conv.reply, state)
        predicted = any(f.type in CONTRADICTION for f in report.flags)
        actual = not conv.clean
        tp += predicted and actual
        fp += predicted and not actual
        fn += actual and not predicted
        tn += not predicted and not actual
    seconds = time.perf_counter() - started
    cm = ConfusionMatrix(tp=tp, fp=fp, fn=fn, tn=tn)

    def show(value: float | None) -> str:
        return "n/a" if value is None else f"{value:.3f}"

    print(f"DECODE unstructured dev: {cm.total} examples ({tp + fn} contradicting)")
    print(f"tp {tp}  fp {fp}  fn {fn}  tn {tn}")
    print(f"accuracy {show(cm.accuracy)}  precision {show(cm.precision)}  "
          f"recall {show(cm.recall)}  F1 {show(cm.f1)}")  # fmt: skip
    print(f"{seconds * 1000 / max(cm.total, 1):.1f} ms per example")


if __name__ == "__main__":
    main()
