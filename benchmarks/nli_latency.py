"""Latency of ``check_turn`` with the NLI model on, against NLI off.

Usage::

    python benchmarks/nli_latency.py [--model embedded] [--repeats 50] [--turns 20] [--warm-up 3]
        [--threads N] [--quantize] [--first-calls 10]

The conversation is built here: a new Acme Health employee (user) talking with the assistant
about people, places and their own preferences, alternating user and assistant for ``--turns``
turns. The reply has three sentences, each contradicting something (the knowledge base, the
user's office, the user's preference), checked with the Acme configuration
``data/acme/kgcheck.yaml`` so that the knowledge-base checks run too, ``nli.model`` set to
``--model``. After a warm-up (models loaded, the history analysed and embedded once) each mode is
timed ``--repeats`` times:

- ``NLI off``: ``nli.model: none``;
- ``NLI on, cold cache``: the scorer's pair cache is emptied before each call, so every pair goes
  through the model (the real cost of a new reply);
- ``NLI on, warm cache``: the same reply again, every pair answered from the cache.

Printed: p50, p95 and mean in ms, the ratio of each p50 to NLI off, the NLI pairs asked for per
turn and those the model actually scored (cache misses), the model passes per turn (calls that
reached the model), and where the time goes in each mode (``report.timings``).

Then the first turn against the tenth, in a fresh Python process (nothing loaded or cached
before): the time to build the checker, then ``--first-calls`` calls of ``check_turn`` with NLI
on, each on a new ``--turns``-turn session (its history analysed untimed beforehand, embedded
inside the call) with the pair cache emptied, so that every call does the same work and only
what the checker leaves to its first use can make the first call slower. ``--first-calls 0``
skips it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

from kgcheck import Checker, DialogueState
from kgcheck.config import load_config
from kgcheck.metrics import percentile
from kgcheck.nli.scorer import EMBEDDED, NliScorer, NliScores
from kgcheck.report import TurnReport

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "data" / "acme" / "kgcheck.yaml"
NOW = "2026-11-22T10:00:00+00:00"
#: (user, assistant) exchanges; cycled when more than 20 turns are asked for.
EXCHANGES = [
    (
        "Hi, I just joined Acme Health and I work at the Riverside Campus.",
        "Welcome! The Riverside Campus is home to Cardiology and Neurology.",
    ),
    (
        "Which department does Dr. Amira Patel work in?",
        "Dr. Amira Patel works in Cardiology, which she leads.",
    ),
    (
        "My office is room C-204, next to the cafeteria.",
        "Noted: your office is room C-204.",
    ),
    (
        "I prefer tea to coffee, and I never take sugar.",
        "Understood, you prefer tea without sugar.",
    ),
    (
        "Who leads the Analytics team?",
        "Priya Raman leads Analytics at the Harbor Point Office.",
    ),
    (
        "Tom Okafor told me he sits at Harbor Point too.",
        "Yes, Tom Okafor is a data analyst who reports to Priya Raman.",
    ),
    (
        "What is Dr. Kwame Mensah's extension?",
        "Dr. Kwame Mensah's extension is 4431 and his room is C-312.",
    ),
    (
        "My favourite colour is blue, by the way.",
        "Your favourite colour is blue; I will remember that.",
    ),
    (
        "I take the bus from Northgate every morning.",
        "Dr. Fatima Haddad leads Pediatrics at the Northgate Clinic, near your bus stop.",
    ),
    (
        "Can you remind me where Dr. Ingrid Lindqvist works?",
        "Dr. Ingrid Lindqvist leads Neurology and her extension is 4710.",
    ),
]
_RESULT_PREFIX = "@@result "
REPLY = (
    "Dr. Amira Patel works in Neurology. Your office is room C-210. "
    "You prefer coffee with two sugars."
)


def conversation(turns: int) -> DialogueState:
    state = DialogueState(session_id=f"nli-latency-{turns}", now=NOW)
    for n in range(turns):
        user, assistant = EXCHANGES[(n // 2) % len(EXCHANGES)]
        state.add_turn("user" if n % 2 == 0 else "assistant", user if n % 2 == 0 else assistant)
    return state


def checker(model: str, quantize: bool = False) -> Checker:
    config = load_config(CONFIG)
    nli = config.nli.model_copy(update={"model": model, "quantize": quantize})
    return Checker(config.model_copy(update={"nli": nli}))


class PairCounter:
    """Counts the pairs asked of a scorer and those its model scored (cache misses)."""

    def __init__(self, scorer: NliScorer) -> None:
        self.asked = 0
        self.scored = 0
        self.passes = 0
        score, run = scorer.score, scorer._run

        def counted_score(pairs: Sequence[tuple[str, str]]) -> list[NliScores]:
            self.asked += len(pairs)
            return score(pairs)

        def counted_run(pairs: list[tuple[str, str]]) -> list[NliScores]:
            self.scored += len(pairs)
            self.passes += 1
            return run(pairs)

        # instance attributes shadow the methods: the checker's detectors call these
        scorer.score = counted_score  # type: ignore[method-assign]
        scorer._run = counted_run  # type: ignore[method-assign]

    def reset(self) -> None:
        self.asked = self.scored = self.passes = 0


def measure(
    check: Checker,
    state: DialogueState,
    repeats: int,
    before: Callable[[], None] = lambda: None,
) -> tuple[list[float], list[TurnReport]]:
    """Milliseconds of each of ``repeats`` calls (``before`` runs untimed before each)."""
    samples, reports = [], []
    for _ in range(repeats):
        before()
        t0 = time.perf_counter()
        report = check.check_turn(REPLY, state)
        samples.append((time.perf_counter() - t0) * 1000)
        reports.append(report)
    return samples, reports


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default=EMBEDDED, help="embedded, a HF model id or a path")
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--turns", type=int, default=20, help="history length")
    parser.add_argument("--warm-up", type=int, default=3, help="untimed calls per mode (>= 1)")
    parser.add_argument("--threads", type=int, default=None, help="torch CPU threads")
    parser.add_argument(
        "--quantize", action="store_true", help="int8 linear layers (nli.quantize: true)"
    )
    parser.add_argument(
        "--first-calls",
        type=int,
        default=10,
        help="calls on a freshly built checker, in a fresh process (0: skip)",
    )
    parser.add_argument("--fresh", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.warm_up = max(1, args.warm_up)
    if args.threads is not None:
        import torch

        torch.set_num_threads(args.threads)
    if args.fresh:
        print(_RESULT_PREFIX + json.dumps(first_calls(args)), flush=True)
        return

    off, on = checker("none"), checker(args.model, args.quantize)
    assert on.nli is not None
    counter = PairCounter(on.nli)
    cache = on.nli._cache
    state_off, state_on = conversation(args.turns), conversation(args.turns)
    t0 = time.perf_counter()
    measure(off, state_off, args.warm_up)
    _, reports = measure(on, state_on, args.warm_up)
    warm_up = time.perf_counter() - t0
    notes = [s for s in reports[-1].skipped if s.startswith(("nli:", "grounding:"))]
    notes += [s for s in reports[-1].skipped if "sentence embeddings" in s]
    if notes:
        raise SystemExit(f"the NLI checks did not run: {'; '.join(notes)}")

    rows: list[tuple[str, list[float], list[TurnReport], tuple[float, ...] | None]] = []
    samples, reports = measure(off, state_off, args.repeats)
    rows.append(("NLI off", samples, reports, None))
    counter.reset()
    samples, reports = measure(on, state_on, args.repeats, before=cache.clear)
    rows.append(("NLI on, cold cache", samples, reports, per_turn(counter, args.repeats)))
    counter.reset()
    samples, reports = measure(on, state_on, args.repeats)
    rows.append(("NLI on, warm cache", samples, reports, per_turn(counter, args.repeats)))

    print(
        f"acme KB, {args.turns}-turn history, 3-sentence reply, "
        f"{args.repeats} repeats after {args.warm_up} warm-up calls per mode "
        f"({warm_up:.1f} s, models loaded); model {args.model}"
    )
    print(f"reply: {REPLY}")
    base = percentile(rows[0][1], 50) or 1.0
    print(
        f"\n{'mode':<20} {'p50 ms':>8} {'p95 ms':>8} {'mean ms':>8} {'x off':>6} "
        f"{'NLI pairs/turn':>15} {'model pairs/turn':>17} {'passes/turn':>12}  flags"
    )
    for name, ms, reps, counts in rows:
        p50, p95 = percentile(ms, 50), percentile(ms, 95)
        assert p50 is not None and p95 is not None
        flags = ", ".join(sorted(f"{f.type}" for f in reps[-1].flags))
        asked, scored, passes = counts or (None, None, None)
        print(
            f"{name:<20} {p50:>8.1f} {p95:>8.1f} {statistics.fmean(ms):>8.1f} "
            f"{p50 / base:>6.2f} {show(asked):>15} {show(scored):>17} {show(passes):>12}  {flags}"
        )
    print("\nwhere the time goes (mean ms per call, report.timings):")
    parts = [breakdown(reps) for _, _, reps, _ in rows]
    print(f"  {'':<32}" + "".join(f"{name:>20}" for name, *_ in rows))
    for key in sorted(parts[1], key=lambda k: -parts[1][k])[:10]:
        print(f"  {key:<32}" + "".join(f"{part.get(key, 0.0):>20.2f}" for part in parts))
    if args.first_calls > 0:
        report_first_calls(args)


def first_calls(args: argparse.Namespace) -> dict[str, object]:
    """In this (fresh) process: seconds to build the checker, then milliseconds of each of
    ``args.first_calls`` calls on a new session with the pair cache emptied."""
    t0 = time.perf_counter()
    check = checker(args.model, args.quantize)
    build = time.perf_counter() - t0
    assert check.nli is not None
    states = [conversation(args.turns) for _ in range(args.first_calls)]
    for state in states:
        check.update_history(state)  # the history's NLP, no model
    samples, notes = [], set()
    for state in states:
        check.nli._cache.clear()
        t0 = time.perf_counter()
        report = check.check_turn(REPLY, state)
        samples.append((time.perf_counter() - t0) * 1000)
        notes.update(s for s in report.skipped if s.startswith(("nli:", "grounding:")))
    return {"build_s": build, "ms": samples, "notes": sorted(notes)}


def report_first_calls(args: argparse.Namespace) -> None:
    """Run ``first_calls`` in a fresh interpreter and print the first call against the tenth."""
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--fresh",
        "--model",
        args.model,
        "--turns",
        str(args.turns),
        "--first-calls",
        str(args.first_calls),
        *(["--threads", str(args.threads)] if args.threads is not None else []),
        *(["--quantize"] if args.quantize else []),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    lines = [x for x in done.stdout.splitlines() if x.startswith(_RESULT_PREFIX)]
    if not lines:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"the fresh process failed (exit status {done.returncode})")
    result = json.loads(lines[-1].removeprefix(_RESULT_PREFIX))
    ms = result["ms"]
    print(
        f"\nfirst turn vs later ones (fresh process, {args.turns}-turn history, cold pair cache, "
        f"each call on a new session):"
    )
    print(f"  build the checker   {result['build_s']:8.1f} s")
    print(f"  call 1              {ms[0]:8.1f} ms")
    if len(ms) > 1:
        print(f"  call {len(ms):<2}             {ms[-1]:8.1f} ms")
        print(f"  calls 2-{len(ms)}, median   {statistics.median(ms[1:]):8.1f} ms")
    if result["notes"]:
        print(f"  (the NLI checks did not all run: {'; '.join(result['notes'])})")


def per_turn(counter: PairCounter, repeats: int) -> tuple[float, float, float]:
    return counter.asked / repeats, counter.scored / repeats, counter.passes / repeats


def show(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def breakdown(reports: Sequence[TurnReport]) -> dict[str, float]:
    """Mean milliseconds per call of each entry of ``report.timings``."""
    totals: dict[str, float] = defaultdict(float)
    for report in reports:
        for key, seconds in report.timings.items():
            totals[key] += seconds * 1000 / len(reports)
    return dict(totals)


if __name__ == "__main__":
    main()
