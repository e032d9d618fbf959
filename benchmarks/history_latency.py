"""Cost of checking a reply against a long conversation.

Usage::

    python benchmarks/history_latency.py [--lengths 10 50 200] [--repeats 30]

For each history length N the script builds a conversation of N turns on the Acme example
(users stating rooms, offices and preferences, the assistant answering about Acme staff), brings
the history up to date once (each turn is analysed once and its claims indexed by subject and
predicate), then times ``check_turn`` for the same 3-sentence reply, which contradicts one earlier
statement. The ``x p50`` column is each length's p50 divided by the shortest history's: checking
looks claims up by (subject, predicate), so it should stay near 1 as the history grows.
The first-time cost of analysing the whole history is printed too, per turn.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from kgcheck import Checker, DialogueState

ROOT = Path(__file__).resolve().parent.parent
REPLY = (
    "Tom Okafor is in room B-105. Dr. Amira Patel works in Cardiology. "
    "Your favourite colour is green."
)
USER_LINES = [
    "Tom Okafor is in room B-101 now.",
    "My favourite colour is blue.",
    "Which department does Dr. Patel work in?",
    "Who leads the Analytics team?",
    "My office is room {n}.",
    "Daniel Kim is in room C-{n}.",
]
ASSISTANT_LINES = [
    "Noted.",
    "Dr. Amira Patel works in Cardiology.",
    "Priya Raman leads Analytics.",
    "Your office is room {n}.",
    "Linh Nguyen is a nurse.",
    "Dr. Ingrid Lindqvist leads Neurology and her extension is 4710.",
]


def conversation(turns: int) -> DialogueState:
    state = DialogueState(session_id=f"bench-{turns}", now="2026-11-22T10:00:00+00:00")
    for n in range(turns):
        lines = USER_LINES if n % 2 == 0 else ASSISTANT_LINES
        role = "user" if n % 2 == 0 else "assistant"
        # the first two user lines state the facts the reply contradicts; later ones vary
        text = lines[(n // 2) % len(lines)].format(n=100 + n)
        state.add_turn(role, text)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    checker = Checker.from_config(ROOT / "kgcheck" / "examples" / "acme" / "kgcheck.yaml")
    rows = []
    for turns in args.lengths:
        state = conversation(turns)
        t0 = time.perf_counter()
        checker.update_history(state)
        first = time.perf_counter() - t0
        for _ in range(3):
            report = checker.check_turn(REPLY, state)
        samples = []
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            report = checker.check_turn(REPLY, state)
            samples.append(time.perf_counter() - t0)
        samples.sort()
        p50 = statistics.median(samples) * 1000
        p95 = samples[min(len(samples) - 1, int(0.95 * len(samples)))] * 1000
        kinds = sorted(str(f.type) for f in report.flags)
        rows.append((turns, len(state.claims), first * 1000 / turns, p50, p95, kinds))
    base = rows[0][3]
    print(f"{'turns':>6} {'claims':>7} {'analyse ms/turn':>16} {'p50 ms':>8} {'p95 ms':>8} "
          f"{'x p50':>6}  flags")  # fmt: skip
    for turns, claims, per_turn, p50, p95, kinds in rows:
        print(f"{turns:>6} {claims:>7} {per_turn:>16.2f} {p50:>8.2f} {p95:>8.2f} "
              f"{p50 / base:>6.2f}  {', '.join(kinds)}")  # fmt: skip


if __name__ == "__main__":
    main()
