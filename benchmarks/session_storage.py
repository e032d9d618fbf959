"""What a stored session costs as it grows: bytes per turn, time per append and per load, memory.

Usage::

    python benchmarks/session_storage.py [--turns 1000] [--synthetic] [--sparql URL]

Appends ``--turns`` turns to one session as the service does: per exchange, a user message and
the assistant's reply, checked by a real ``Checker`` on the bundled Acme example (with
``--synthetic``, a hand-built report with no flags and no analysis: no NLP, so the turns' claims
are not recorded), then one ``SessionStore.save``. The exchanges are short questions and answers
about Acme staff, some wrong (so their reports carry flags and corrections), with numbers that
vary so no two turns are the same.

Printed: the bytes stored for turns 1, 10, 100 and 1000 (the turn's record, plus the patch that
adds its recorded claims when the checker recorded it after it was stored), their mean over one
round of the exchanges at the start, the middle and the end of the session, the bytes of the
update of saves 1, 10, 100 and the last, the total stored, the median time of an append (one
save) and of a load at 10, 100 and all turns, the process memory (RSS) each loaded copy of the
full session holds, and for comparison the size of the whole state as JSON, which is what the
store rewrote on every save before sessions were append-only. The store is an in-memory Oxigraph
(``--sparql``: a SPARQL 1.1 endpoint, such as a Virtuoso).
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
from pathlib import Path

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from kgcheck.store import FlagStore, SessionStore
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.rdf import nt, session_graph
from kgcheck.store.sparql import SparqlFlagStore
from kgcheck.types import Decision

ROOT = Path(__file__).resolve().parent.parent
NOW = "2026-11-22T10:00:00+00:00"
EXCHANGES = [
    ("Which department does Dr. Amira Patel work in?", "Dr. Amira Patel works in Cardiology."),
    ("What's Dr. Patel's extension?", "Dr. Patel's extension is 4413."),
    ("Who leads Oncology?", "Dr. Helen Brooks leads Oncology."),
    ("Tom Okafor is in room B-{n} now.", "Noted, Tom Okafor is in room B-{n}."),
    ("Who leads the Analytics team?", "Priya Raman leads Analytics."),
    ("Does Dr. Reyes work in Pediatrics?", "Dr. Reyes does not work in Pediatrics."),
    ("My office is room {n}.", "Your office is room {n}."),
    ("Is Linh Nguyen a nurse?", "I think Linh Nguyen is a doctor."),
]
MARKS = (1, 10, 100, 1000)


def rss_bytes() -> int:
    """This process's resident memory now (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def synthetic_report(state: DialogueState, reply: str) -> TurnReport:
    return TurnReport(
        original=reply,
        text=reply,
        flags=[],
        actions=[],
        decision=Decision.ACCEPT,
        answer_confidence=1.0,
        session_id=state.session_id,
        turn_index=len(state.turns),
        timings={"nlp": 0.004, "total": 0.02},
    )


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def timed_load(sessions: SessionStore, session: str, repeats: int = 3) -> float:
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        sessions.load(session)
        samples.append(time.perf_counter() - t0)
    return median_ms(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--synthetic", action="store_true", help="no checker: hand-made reports")
    parser.add_argument("--sparql", help="a SPARQL endpoint instead of an in-memory store")
    parser.add_argument("--copies", type=int, default=5, help="loaded copies for the RSS figure")
    args = parser.parse_args()
    checker = None
    if not args.synthetic:
        checker = Checker.from_config(ROOT / "kgcheck" / "examples" / "acme" / "kgcheck.yaml")
    store: FlagStore = SparqlFlagStore(args.sparql) if args.sparql else OxigraphFlagStore(None)
    sessions = SessionStore(store)
    session = f"bench-{int(time.time())}"
    updates: list[int] = []
    update = store.update

    def counted(text: str) -> None:
        updates.append(len(text.encode("utf-8")))
        update(text)

    store.update = counted  # type: ignore[method-assign]
    state = DialogueState(session_id=session, now=NOW)
    version = 0
    appends: list[float] = []
    checking = 0.0
    loads: dict[int, float] = {}
    while len(state.turns) < args.turns:
        user, reply = EXCHANGES[(len(state.turns) // 2) % len(EXCHANGES)]
        n = 100 + len(state.turns)
        state.add_turn("user", user.format(n=n))
        if len(state.turns) < args.turns:
            t0 = time.perf_counter()
            if checker is not None:
                report = checker.check_turn(reply.format(n=n), state, record=False)
            else:
                report = synthetic_report(state, reply.format(n=n))
            checking += time.perf_counter() - t0
            state.add_turn("assistant", report.text, report=report)
        t0 = time.perf_counter()
        version = sessions.save(state, version=version)
        appends.append(time.perf_counter() - t0)
        for mark in MARKS:
            if mark not in loads and len(state.turns) >= mark and mark >= 10:
                loads[mark] = timed_load(sessions, session)
    loads[len(state.turns)] = timed_load(sessions, session)

    g = nt(session_graph(session))
    rows = store.query(f"SELECT ?r WHERE {{ GRAPH {g} {{ ?v kgc:turnRecord ?r }} }}").rows
    per_turn: dict[int, int] = {}
    for row in rows:
        text = row["r"].value
        index = int(json.loads(text)["index"])
        per_turn[index] = per_turn.get(index, 0) + len(text.encode("utf-8"))
    stored = sum(per_turn.values())

    gc.collect()
    before = rss_bytes()
    held = [sessions.load(session) for _ in range(args.copies)]
    gc.collect()
    per_copy = (rss_bytes() - before) / len(held)

    whole = len(json.dumps(state.to_dict(), separators=(",", ":")).encode("utf-8"))
    mode = "synthetic reports" if checker is None else "reports by the Acme checker"
    print(f"{len(state.turns)} turns, {len(appends)} saves, {mode}, store: {store.describe()}")
    print(f"checking: {checking / max(1, len(appends)) * 1000:.1f} ms per exchange (not stored)")
    print("\nbytes stored per turn (record + patch):")
    for mark in MARKS:
        if mark <= len(state.turns):
            role = state.turns[mark - 1].role
            print(f"  turn {mark:>5} ({role:<9}) {per_turn[mark - 1]:>7}")
    cycle = 2 * len(EXCHANGES)  # the exchanges repeat: compare like with like
    starts = sorted({0, (len(state.turns) // 2 // cycle) * cycle, len(state.turns) - cycle})
    print(f"mean per turn over {len(EXCHANGES)} exchanges (one of each kind) from turn:")
    for start in starts:
        if start >= 0 and start + cycle <= len(state.turns):
            mean = sum(per_turn[i] for i in range(start, start + cycle)) / cycle
            print(f"  turn {start + 1:>5} {mean:>16.0f}")
    print("bytes of the update of save:")
    for mark in sorted({1, 10, 100, len(updates)}):
        if mark <= len(updates):
            print(f"  save {mark:>5} {updates[mark - 1]:>16}")
    print(
        f"total stored in turn records: {stored} bytes ({stored / len(state.turns):.0f} per turn)"
    )
    print(
        f"total sent in updates: {sum(updates)} bytes ({sum(updates) / len(updates):.0f} per save)"
    )
    print(f"whole state as JSON (what each save rewrote before): {whole} bytes")
    print(
        f"\nappend (one save): median {median_ms(appends):.2f} ms, max {max(appends) * 1000:.2f} ms"
    )
    first, last = median_ms(appends[:10]), median_ms(appends[-10:])
    print(f"  first 10 saves {first:.2f} ms, last 10 {last:.2f} ms")
    for turns, ms in sorted(loads.items()):
        print(f"load at {turns:>5} turns: {ms:.1f} ms")
    print(f"memory (RSS) per loaded session of {len(state.turns)} turns: {per_copy / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
