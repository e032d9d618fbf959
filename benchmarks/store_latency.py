"""What the flag store costs: the time a store write adds to each checked turn, per back-end,
and SPARQL query times over a store of 100k flags.

Usage::

    python benchmarks/store_latency.py [--writes 200] [--flags 100000] [--repeats 5]
        [--backends memory oxigraph sparql] [--sparql URL]

Part 1 checks the Acme example's assistant turns once, then writes copies of those reports
(3 to 4 flags each, about 150 triples) ``--writes`` times to each back-end and prints the p50
and p95 of ``store.record``, next to the p50 of ``check_turn`` itself. Part 2 fills a fresh store
with ``--flags`` synthetic flags (4 per turn, over 500 sessions and 30 days, several turn
graphs per update) and times, ``--repeats`` times each, "flags by type in the last N
turns" for N = 100, 1,000 and 10,000, "flags by type in the last 24 hours", and "the pending
flags of one session". The ``sparql`` back-end is a Virtuoso started on loopback for the run
(Debian's ``virtuoso-opensource``), unless ``--sparql`` names a server.
"""

from __future__ import annotations

import argparse
import copy
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

# the Virtuoso harness is test code (tests/store/virtuoso.py), not part of the package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport, new_report_id
from kgcheck.store import FlagFilter, FlagStore, GroupBy, ReviewQueue, ReviewStatus
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.patterns import patterns
from kgcheck.store.queries import recent_type_counts
from kgcheck.store.rdf import nt, report_triples, turn_graph
from kgcheck.store.sparql import SparqlFlagStore
from kgcheck.types import Decision, Evidence, Flag, FlagType, Severity, Span
from tests.store.virtuoso import LocalVirtuoso, virtuoso_installed

ROOT = Path(__file__).resolve().parent.parent
ACME = ROOT / "kgcheck" / "examples" / "acme"
TYPES = list(FlagType)


def checked_reports() -> tuple[list[TurnReport], float]:
    """The Acme conversation's assistant turns, checked; and the p50 of check_turn in ms."""
    checker = Checker.from_config(ACME / "kgcheck.yaml")
    state = DialogueState(session_id="bench", now=checker.config.now)
    reports, times = [], []
    for line in (ACME / "conversation.jsonl").read_text(encoding="utf-8").splitlines():
        turn = json.loads(line)
        if turn["role"] != "assistant":
            state.add_turn(turn["role"], turn["text"])
            continue
        for _ in range(5):
            t0 = time.perf_counter()
            report = checker.check_turn(turn["text"], state)
            times.append(time.perf_counter() - t0)
        reports.append(report)
        state.add_turn("assistant", report.text, report=report)
    return reports, statistics.median(times) * 1000


@contextmanager
def backend(name: str, sparql_url: str | None) -> Iterator[tuple[FlagStore, LocalVirtuoso | None]]:
    """A fresh, empty store of the named kind (and the Virtuoso behind it, when started here),
    removed afterwards."""
    workdir = Path(tempfile.mkdtemp(prefix=f"kgcheck-bench-{name}-"))
    try:
        if name == "memory":
            yield OxigraphFlagStore(None), None
        elif name == "oxigraph":
            store: FlagStore = OxigraphFlagStore(workdir / "flags")
            yield store, None
            store.close()
        elif sparql_url is not None:
            store = SparqlFlagStore(sparql_url, timeout=300)
            yield store, None
            store.close()
        else:
            with LocalVirtuoso(workdir / "virtuoso", memory_mb=2000) as server:
                store = SparqlFlagStore(server.sparql_url, timeout=300)
                yield store, server
                store.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_writes(store: FlagStore, reports: list[TurnReport], writes: int) -> list[float]:
    samples = []
    for n in range(writes):
        report = copy.copy(reports[n % len(reports)])
        report.report_id = new_report_id()
        report.turn_index = n
        report.skipped = list(report.skipped)
        t0 = time.perf_counter()
        status = store.record(report)
        samples.append(time.perf_counter() - t0)
        assert str(status) == "stored", report.skipped
    return samples


def synthetic(n: int, sessions: int, start: datetime) -> TurnReport:
    """Turn ``n``: four flags of rotating types, one every ~100 s."""
    flags = [
        Flag(
            type=TYPES[(n + k) % len(TYPES)],
            span=Span(0, 4),
            content=f"value {n % 97}",
            message="Not the value the knowledge base holds.",
            detector=str(TYPES[(n + k) % len(TYPES)]),
            evidence=[Evidence("kb", "The KB says otherwise.")],
            focus=f"https://example.org/acme#e{n % 1000}",
            rule=f"rule-{k}",
            confidence=0.5 + (n % 50) / 100,
            severity=Severity.HIGH,
        )
        for k in range(4)
    ]
    return TurnReport(
        original="value 1 value 2 value 3 value 4",
        text="value 1 value 2 value 3 value 4",
        flags=flags,
        actions=[],
        decision=Decision.REVISE,
        answer_confidence=0.4,
        session_id=f"s{n % sessions}",
        turn_index=n // sessions,
        timings={"total": 0.01},
        counts={"segments": 4, "claims": 4, "entities": 4},
        checked_at=start + timedelta(seconds=100 * n),
    )


def fill(store: FlagStore, flags: int, server: LocalVirtuoso | None) -> tuple[float, int]:
    """Write ``flags`` synthetic flags, many turn graphs per update (as many as the store takes),
    or with Virtuoso's bulk loader when it runs here; returns (seconds, turns)."""
    turns = flags // 4
    start = datetime.now(UTC) - timedelta(seconds=100 * turns)
    if server is not None:
        t0 = time.perf_counter()
        with tempfile.NamedTemporaryFile("w", suffix=".nq", encoding="ascii") as out:
            for n in range(turns):
                report = synthetic(n, 500, start)
                graph = nt(turn_graph(report.session_id, report.turn_index))
                for s, p, o in report_triples(report):
                    out.write(f"{nt(s)} {nt(p)} {nt(o)} {graph} .\n")
            out.flush()
            server.load_nquads(Path(out.name))
        return time.perf_counter() - t0, turns
    size = len(report_triples(synthetic(0, 500, start)))
    batch = 50 if store.max_update_triples is None else max(1, store.max_update_triples // size)
    t0 = time.perf_counter()
    for first in range(0, turns, batch):
        blocks = []
        for n in range(first, min(turns, first + batch)):
            report = synthetic(n, 500, start)
            body = "\n".join(f"{nt(s)} {nt(p)} {nt(o)} ." for s, p, o in report_triples(report))
            graph = turn_graph(report.session_id, report.turn_index)
            blocks.append(f"GRAPH {nt(graph)} {{\n{body}\n}}")
        store.update("INSERT DATA {\n" + "\n".join(blocks) + "\n}")
    return time.perf_counter() - t0, turns


def time_query(run: Callable[[], object], repeats: int) -> tuple[float, float]:
    """(first run, median of the others) in ms."""
    samples = []
    for _ in range(repeats + 1):
        t0 = time.perf_counter()
        run()
        samples.append((time.perf_counter() - t0) * 1000)
    return samples[0], statistics.median(samples[1:])


def query_cases(store: FlagStore) -> list[tuple[str, Callable[[], object]]]:
    """The timed queries, by label."""
    queue = ReviewQueue(store)
    since = datetime.now(UTC) - timedelta(hours=24)
    cases: list[tuple[str, Callable[[], object]]] = []
    for n in (100, 1_000, 10_000):
        cases.append(
            (f"flags by type, last {n:,} turns", partial(store.query, recent_type_counts(n)))
        )
    cases.append(
        (
            "flags by type, last 24 hours",
            lambda: patterns(store, GroupBy.TYPE, FlagFilter(since=since), examples=0),
        )
    )
    pending = FlagFilter(session="s7", status=ReviewStatus.PENDING)
    cases.append(("pending flags of one session", lambda: queue.find(pending, limit=50)))
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writes", type=int, default=200)
    parser.add_argument("--flags", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--backends", nargs="+", default=["memory", "oxigraph", "sparql"])
    parser.add_argument("--sparql", help="query/update URL of an existing SPARQL server")
    args = parser.parse_args()
    names = [b for b in args.backends if b != "sparql" or args.sparql or virtuoso_installed()]
    if len(names) < len(args.backends):
        print("note: virtuoso-t not installed; skipping the sparql back-end")

    reports, check_ms = checked_reports()
    flags_per_turn = statistics.mean(len(r.flags) for r in reports)
    triples = statistics.mean(len(report_triples(r)) for r in reports)
    print(
        f"\n1. store write per checked turn ({args.writes} writes; {flags_per_turn:.1f} flags, "
        f"{triples:.0f} triples per turn; check_turn p50 {check_ms:.1f} ms)"
    )
    print(f"{'back-end':<10} {'p50 ms':>8} {'p95 ms':>8} {'of check_turn':>14}")
    for name in names:
        with backend(name, args.sparql) as (store, _):
            samples = time_writes(store, reports, args.writes)
        p50, p95 = statistics.median(samples) * 1000, percentile(samples, 0.95) * 1000
        print(f"{name:<10} {p50:>8.2f} {p95:>8.2f} {p50 / check_ms:>13.0%}")

    print(f"\n2. queries over {args.flags:,} stored flags (first run / median of {args.repeats})")
    for name in names:
        with backend(name, args.sparql) as (store, server):
            seconds, turns = fill(store, args.flags, server)
            print(f"\n{name}: loaded {turns:,} turns in {seconds:.1f} s")
            cases = query_cases(store)
            for label, run in cases:
                first, median = time_query(run, args.repeats)
                print(f"  {label:<32} {first:>9.1f} ms {median:>9.1f} ms")


if __name__ == "__main__":
    main()
