"""Latency of ``check_turn`` with the NLI model on, against NLI off.

Usage::

    python benchmarks/nli_latency.py [--model embedded] [--repeats 50] [--turns 20] [--warm-up 3]
        [--threads N] [--quantize | --no-quantize] [--first-calls 10] [--corroborate]
        [--runtime auto|onnx|torch]

The conversation is built here: a new Acme Health employee (user) talking with the assistant
about people, places and their own preferences, alternating user and assistant for ``--turns``
turns. The reply has three sentences, each contradicting something (the knowledge base, the
user's office, the user's preference), checked with the Acme configuration
``kgcheck/examples/acme/kgcheck.yaml`` so that the knowledge-base checks run too, ``nli.model``
set to ``--model``, ``nli.quantize`` to ``--quantize`` / ``--no-quantize`` and ``nli.threads``
to ``--threads`` (default: the configuration's, int8 on a CPU and 1 thread; the first line
printed says which), and ``nli.corroborate`` to ``--corroborate`` (default off: the model is not
asked about the sentences the symbolic checks flagged, here two of the three). After a warm-up
(models loaded, the history analysed and embedded once) each mode is timed ``--repeats`` times:

- ``NLI off``: ``nli.model: none``;
- ``NLI on, cold cache``: the scorer's pair cache and the embedder's sentence cache are emptied
  before each call, so every pair goes through the model and every reply sentence through the
  embedder (the real cost of a new reply);
- ``NLI on, warm cache``: the same reply again, every pair answered from the cache.

Printed: p50, p95 and mean in ms, the ratio of each p50 to NLI off, the NLI pairs asked for per
turn and those the model actually scored (cache misses), the model passes per turn (calls that
reached the model), and where the time goes in each mode (``report.timings``).

Then the model alone on this turn's pairs, ``--repeats`` times each, interleaved: all of them in
one pass (what the checker does) against one pass per check that asks (what it did before).

Then the first turn against the tenth, in a fresh Python process (nothing loaded or cached
before): the time to build the checker, then ``--first-calls`` calls of ``check_turn`` with NLI
on, each on a copy of the ``--turns``-turn session saved by this process after its warm-up
(``DialogueState.to_dict``: analysed and embedded, as a server loads a session from its store),
with the pair cache emptied, so that every call does the same work and only what the checker
leaves to its first use can make the first call slower. ``--first-calls 0`` skips it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kgcheck import Checker, DialogueState
from kgcheck.config import load_config
from kgcheck.detectors.base import ModelDetector
from kgcheck.metrics import percentile
from kgcheck.nli.scorer import EMBEDDED, NliScorer, NliScores
from kgcheck.report import TurnReport

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "kgcheck" / "examples" / "acme" / "kgcheck.yaml"
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


def checker(
    model: str,
    quantize: bool | None = None,
    threads: int | None = None,
    corroborate: bool = False,
    runtime: str | None = None,
) -> Checker:
    """The Acme checker with ``nli.model`` set, and ``nli.quantize`` and ``nli.threads`` unless
    ``None`` (the configuration's default: int8 on a CPU, one thread); ``corroborate``: the
    model is asked about the sentences the symbolic checks flagged too."""
    config = load_config(CONFIG)
    update: dict[str, object] = {"model": model, "corroborate": corroborate}
    if quantize is not None:
        update["quantize"] = quantize
    if threads is not None:
        update["threads"] = threads
    if runtime is not None:
        update["runtime"] = runtime
    return Checker(config.model_copy(update={"nli": config.nli.model_copy(update=update)}))


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
    parser.add_argument(
        "--threads", type=int, default=None, help="nli.threads (default: the configuration's)"
    )
    parser.add_argument(
        "--runtime",
        choices=("auto", "onnx", "torch"),
        default=None,
        help="nli.runtime (default: the configuration's, auto)",
    )
    parser.add_argument(
        "--quantize",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="int8 linear layers (nli.quantize: true) or not (--no-quantize: fp32); default: "
        "the configuration's (int8 on a CPU)",
    )
    parser.add_argument(
        "--first-calls",
        type=int,
        default=10,
        help="calls on a freshly built checker, in a fresh process (0: skip)",
    )
    parser.add_argument(
        "--corroborate",
        action="store_true",
        help="nli.corroborate: true (the model also asked about the sentences the symbolic "
        "checks flagged: all three of this reply)",
    )
    parser.add_argument("--fresh", type=Path, help=argparse.SUPPRESS)  # the saved session
    args = parser.parse_args()
    args.warm_up = max(1, args.warm_up)
    if args.fresh is not None:
        print(_RESULT_PREFIX + json.dumps(first_calls(args)), flush=True)
        return

    off = checker("none")
    on = checker(args.model, args.quantize, args.threads, args.corroborate, args.runtime)
    assert on.nli is not None
    counter = PairCounter(on.nli)
    cache = on.nli._cache
    encoder = on.encoder

    def cold() -> None:
        """Nothing of this reply known: the pair cache and the sentence-embedding cache
        emptied (the history's embeddings, kept in the state, stay)."""
        cache.clear()
        if encoder is not None:
            encoder.clear_cache()

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
    samples, reports = measure(on, state_on, args.repeats, before=cold)
    rows.append(("NLI on, cold cache", samples, reports, per_turn(counter, args.repeats)))
    counter.reset()
    samples, reports = measure(on, state_on, args.repeats)
    rows.append(("NLI on, warm cache", samples, reports, per_turn(counter, args.repeats)))

    precision = "int8" if on.config.nli.quantize and on.config.nli.device == "cpu" else "fp32"
    print(
        f"acme KB, {args.turns}-turn history, 3-sentence reply, "
        f"{args.repeats} repeats after {args.warm_up} warm-up calls per mode "
        f"({warm_up:.1f} s, models loaded); model {args.model} ({precision}, "
        f"nli.threads {on.config.nli.threads}, nli.corroborate {args.corroborate}, "
        f"runtime {on.nli.load().runtime})"
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
    report_passes(on, state_on, args.repeats)
    if args.first_calls > 0:
        report_first_calls(args, state_on)


def pairs_per_check(check: Checker, state: DialogueState) -> dict[str, list[tuple[str, str]]]:
    """The pairs each model detector asks about in one check of ``REPLY``."""
    asked: dict[str, list[tuple[str, str]]] = {}
    detectors = [d for d in check.detectors if isinstance(d, ModelDetector)]
    for detector in detectors:

        def spy(ctx: Any, name: str = detector.name, ask: Any = detector.ask) -> Any:
            flags, request = ask(ctx)
            if request is not None and request.pairs:
                asked[name] = list(request.pairs)
            return flags, request

        detector.ask = spy  # type: ignore[method-assign]
    try:
        check.check_turn(REPLY, state)
    finally:
        for detector in detectors:
            del detector.ask  # the instance attribute: the method again
    return asked


def report_passes(check: Checker, state: DialogueState, repeats: int) -> None:
    """Time the model on the turn's pairs in one pass against one pass per check."""
    assert check.nli is not None
    asked = pairs_per_check(check, state)
    pairs = [pair for found in asked.values() for pair in found]
    together: list[float] = []
    apart: list[float] = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        check.nli._run(pairs)
        together.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        for found in asked.values():
            check.nli._run(found)
        apart.append((time.perf_counter() - t0) * 1000)
    split = " + ".join(f"{len(v)} {k}" for k, v in asked.items())
    print(f"\nthe model alone on this turn's {len(pairs)} pairs ({split}), {repeats} times each:")
    for name, ms in (("one pass", together), (f"{len(asked)} passes, one per check", apart)):
        p50, p95 = percentile(ms, 50), percentile(ms, 95)
        assert p50 is not None and p95 is not None
        print(f"  {name:<26} p50 {p50:8.1f} ms   p95 {p95:8.1f} ms")


def first_calls(args: argparse.Namespace) -> dict[str, object]:
    """In this (fresh) process: seconds to build the checker, then milliseconds of each of
    ``args.first_calls`` calls on a copy of the saved session with the pair cache emptied."""
    t0 = time.perf_counter()
    check = checker(args.model, args.quantize, args.threads, args.corroborate, args.runtime)
    build = time.perf_counter() - t0
    ready = time.time()  # the parent started this process: start-up = ready - its clock then
    assert check.nli is not None
    saved = json.loads(args.fresh.read_text(encoding="utf-8"))
    states = [DialogueState.from_dict(saved) for _ in range(args.first_calls)]
    samples, notes = [], set()
    for state in states:
        check.nli._cache.clear()
        if check.encoder is not None:
            check.encoder.clear_cache()
        t0 = time.perf_counter()
        report = check.check_turn(REPLY, state)
        samples.append((time.perf_counter() - t0) * 1000)
        notes.update(s for s in report.skipped if s.startswith(("nli:", "grounding:")))
    return {"build_s": build, "ready": ready, "ms": samples, "notes": sorted(notes)}


def report_first_calls(args: argparse.Namespace, state: DialogueState) -> None:
    """Run ``first_calls`` on ``state`` in a fresh interpreter and print the first call against
    the tenth."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as saved:
        json.dump(state.to_dict(), saved)
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--fresh",
        saved.name,
        "--model",
        args.model,
        "--turns",
        str(args.turns),
        "--first-calls",
        str(args.first_calls),
        *(["--threads", str(args.threads)] if args.threads is not None else []),
        *([] if args.quantize is None else ["--quantize" if args.quantize else "--no-quantize"]),
        *(["--corroborate"] if args.corroborate else []),
        *(["--runtime", args.runtime] if args.runtime is not None else []),
    ]
    try:
        spawned = time.time()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    finally:
        Path(saved.name).unlink()
    lines = [x for x in done.stdout.splitlines() if x.startswith(_RESULT_PREFIX)]
    if not lines:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"the fresh process failed (exit status {done.returncode})")
    result = json.loads(lines[-1].removeprefix(_RESULT_PREFIX))
    ms = result["ms"]
    print(
        f"\nfirst turn vs later ones (fresh process; each call on a copy of the saved "
        f"{args.turns}-turn session, cold pair cache):"
    )
    print(f"  build the checker   {result['build_s']:8.2f} s")
    print(f"  start to ready      {result['ready'] - spawned:8.2f} s (interpreter, imports, build)")
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
