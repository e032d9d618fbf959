"""Fuzz ``check_turn`` with generated replies, histories and reference times.

Usage::

    python benchmarks/fuzz.py [--n 10000] [--seed 0] [--config kgcheck/examples/acme/kgcheck.yaml]
                              [--lengths 1000 4000 16000 64000 100000]
    python benchmarks/fuzz.py --n 0          # the time per KB of each shape alone

Replies are built from pieces that have broken kgcheck before: KB names and predicates, dates
in every written form (year 0, 9999-12-31, 2/1/0000), relative expressions with huge counts
("in 99999 months", "9999999999999999999999 days from now"), huge numbers, lone surrogates,
runs of punctuation without spaces and random unicode. Each reply is checked twice, without and
with a generated history (which the checker analyses first), at a reference time drawn from
ordinary dates and the ends of the calendar (0001-01-01, 9999-12-31). NLI is off
(``nli.model: none``): the fuzz is about the symbolic path.

It prints the exceptions that are not kgcheck's own (``KgcheckError``) by type and place, the
checks that reported a structured error (``report.errors``), the slowest cases, and the CPU time
per KB of one check for replies of several shapes (a long sentence of numbers, prose, a list,
punctuation, one repeated character) at each length, which must stay flat: analysis is linear in
the reply's length.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kgcheck import Checker, DialogueState
from kgcheck.budget import Budget
from kgcheck.config import config_from_dict
from kgcheck.errors import KgcheckError

NAMES = ("Dr. Patel", "Dr. Amira Patel", "Sarah Lee", "Tom Okafor", "Cardiology", "Oncology")
PHRASES = (
    "works in", "leads", "reports to", "is in room", "was hired on", "has a budget of",
    "will meet", "has", "is not in", "started on",
)  # fmt: skip
DATES = (
    "on 2/1/0000", "on 9999-12-31", "on 0001-01-01", "in 99999 months", "2 weeks ago",
    "next Tuesday", "9999999999999999999999 days from now", "on 30 February 2025", "in Q3 9999",
    "the 1990s", "in the year 0000", "tomorrow at 3 pm", "from May to July 9999", "last March",
    "on the 31st", "FY9999", "on Monday, 24 November 2026", "in 1 decade", "H2 9999",
    "from 9999 to 10000",
)  # fmt: skip
NUMBERS = (
    "9" * 30, "1e308", "$99999999999999999999M", "-0", "NaN", "1,000,000,000,000,000",
    "4413", "0.000000000001%", "10^999",
)  # fmt: skip
RUNS = ("[", "_", "\ufffd", ".", "(", "-", "9", "a", "/", ":)", "\udc80", "'")
NOWS = (
    "2026-11-22T10:00:00+00:00", "0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59+00:00",
    "0001-01-07T00:00:00+00:00", "9999-12-25T12:00:00+00:00",
)  # fmt: skip


def reply(rng: random.Random) -> str:
    """A reply of a few sentences made of risky pieces."""
    sentences = []
    for _ in range(rng.randint(1, 4)):
        kind = rng.random()
        if kind < 0.5:
            parts = [rng.choice(NAMES), rng.choice(PHRASES)]
            parts.append(rng.choice(NAMES + NUMBERS + DATES))
            if rng.random() < 0.5:
                parts.append(rng.choice(DATES))
            sentences.append(" ".join(parts) + rng.choice(".!?;"))
        elif kind < 0.7:
            sentences.append(rng.choice(RUNS) * rng.randint(1, 400))
        elif kind < 0.85:
            sentences.append(
                "".join(chr(rng.randint(0, 0x2FFFF)) for _ in range(rng.randint(1, 40)))
            )
        else:
            sentences.append(f"The meeting is {rng.choice(DATES)} and costs {rng.choice(NUMBERS)}.")
    text = " ".join(sentences)
    if rng.random() < 0.1:
        k = rng.randrange(len(text) + 1)
        text = text[:k] + chr(rng.randint(0xD800, 0xDFFF)) + text[k:]
    return text


def state(rng: random.Random, turns: int) -> DialogueState:
    now = rng.choice(NOWS)
    st = DialogueState(session_id="fuzz", now=now)
    for n in range(turns):
        st.add_turn("user" if n % 2 == 0 else "assistant", reply(rng), time=rng.choice(NOWS))
    return st


def checker(config: Path) -> Checker:
    raw = yaml.safe_load(config.read_text(encoding="utf-8"))
    raw["nli"] = {"model": "none"}
    return Checker(config_from_dict(raw, base_dir=config.parent))


def fuzz(c: Checker, n: int, seed: int) -> None:
    rng = random.Random(seed)
    crashes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    errors: Counter[str] = Counter()
    times: list[tuple[float, str, int]] = []
    started = time.perf_counter()
    for _ in range(n):
        text = reply(rng)
        for turns in (0, rng.randint(1, 3)):
            st = state(rng, turns)
            t0 = time.perf_counter()
            try:
                report = c.check_turn(text, st, record=False)
            except KgcheckError:
                continue
            except Exception as exc:
                frame = traceback.extract_tb(exc.__traceback__)[-1]
                key = f"{type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno}"
                crashes[key] += 1
                examples.setdefault(key, f"{text[:80]!r} history={turns} now={st.now}")
                continue
            times.append((time.perf_counter() - t0, text, turns))
            for error in report.errors:
                errors[f"{error.code} {error.stage}"] += 1
    total = time.perf_counter() - started
    print(f"checks: {2 * n} ({n} replies, without and with history) in {total:.1f} s")
    print(f"exceptions other than KgcheckError: {sum(crashes.values())} of {2 * n}")
    for key, count in crashes.most_common():
        print(f"  {count:5d}  {key}  e.g. {examples[key]}")
    print(f"reports with structured errors: {sum(errors.values())}")
    for key, count in errors.most_common(10):
        print(f"  {count:5d}  {key}")
    print("slowest checks:")
    for seconds, text, turns in sorted(times, reverse=True)[:5]:
        print(f"  {seconds * 1000:8.1f} ms  len={len(text):5d} history={turns}  {text[:60]!r}")


#: Replies of each shape, cut to a length: the slope of check time per KB must stay flat.
SHAPES: dict[str, str] = {
    # the issue 34 repro: one long sentence of numbers
    "numbers": "".join(
        f"Dr. Patel's extension is 4412 and her room is {100 + k}, " for k in range(2000)
    ),
    "plain prose": "Thanks for reaching out! I can help you with that. Our team usually "
    "replies within two business days, and you can follow your request online at any time. ",
    "KB prose": "Dr. Patel works in Cardiology since 2019 and leads 4 nurses. She reports to "
    "Tom Okafor, who joined on 3 March 2021. ",
    "list": "Cardiology, Oncology, Radiology, Dr. Patel, Sarah Lee, 2019, $4.5M, 12 beds, ",
    "punctuation": "!?,;:()[]{}--..//''\"\" ",
    "one run": "a",
}


def lengths(c: Checker, sizes: list[int]) -> None:
    """CPU seconds per KB of reply for each shape and size; the last column is the per-KB time
    at the largest size over that at the smallest (linear analysis keeps it under 2; a fixed
    cost per check makes it less than 1)."""
    c.check_turn("Dr. Patel works in Cardiology.", DialogueState(), record=False)  # warm
    print("CPU time per KB of reply (one check, no history):")
    print(f"  {'shape':>12} " + " ".join(f"{size:>9}" for size in sizes) + "   last/first")
    for name, run in SHAPES.items():
        per_kb = []
        for size in sizes:
            text = (run * (size // len(run) + 1))[:size]
            t0 = time.process_time()
            c.check_turn(  # the whole reply, past budget_s: its cost is what is measured
                text,
                DialogueState(now=datetime(2026, 11, 22, tzinfo=UTC)),
                record=False,
                budget=Budget(None),
            )
            per_kb.append((time.process_time() - t0) / (size / 1000))
        cells = " ".join(f"{t * 1000:7.1f}ms" for t in per_kb)
        print(f"  {name:>12} {cells}   {per_kb[-1] / max(per_kb[0], 1e-9):9.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--config", type=Path, default=Path("kgcheck/examples/acme/kgcheck.yaml"))
    parser.add_argument(
        "--lengths", type=int, nargs="*", default=[1000, 4000, 16000, 64000, 100000]
    )
    args = parser.parse_args()
    c = checker(args.config)
    if args.n:
        fuzz(c, args.n, args.seed)
    if args.lengths:
        lengths(c, args.lengths)


if __name__ == "__main__":
    main()
