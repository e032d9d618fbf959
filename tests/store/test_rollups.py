"""The per-day counts a flag store keeps as reports and reviews are written: they must equal
what the turn graphs say, whatever order, retries and replays the writes came in."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kgcheck.console.dashboard import dashboard
from kgcheck.report import TurnReport
from kgcheck.store import FlagStore, ReviewQueue, Spool
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.queries import FlagFilter
from kgcheck.store.rollups import (
    ROLLUPS,
    ensure_rollups,
    rebuild_update,
    report_counts,
    rollups_ready,
)
from kgcheck.types import Decision, FlagType
from tests.store.reports import make_report

DAY = datetime(2026, 11, 20, 9, 30, tzinfo=UTC)
WA, FF = FlagType.WRONG_ATTRIBUTE, FlagType.FABRICATED_FACT


def counts(store: FlagStore, day: str | None = None) -> dict[tuple[str, str, str, str], int]:
    """The non-zero counts: (day, measure, key, status) -> count; flag types and decisions by
    their code names."""
    where = "" if day is None else f'FILTER(STR(?day) = "{day}")'
    rows = store.own_query(
        f"SELECT ?day ?m ?k ?s ?n WHERE {{ GRAPH <{ROLLUPS}> {{ ?c kgc:day ?day ; "
        "kgc:measure ?m ; kgc:count ?n OPTIONAL { ?c kgc:key ?k } OPTIONAL { ?c kgc:status ?s } "
        f"}} {where} }}"
    ).records()
    return {
        (str(r["day"]), r["m"], str(r.get("k") or ""), str(r.get("s") or "")): int(r["n"])
        for r in rows
        if int(r["n"])
    }


def rebuilt(store: FlagStore) -> dict[tuple[str, str, str, str], int]:
    store.update(rebuild_update())
    return counts(store)


def reports(session: str) -> list[TurnReport]:
    first = replace(make_report(session, 1, (WA, FF)), checked_at=DAY)
    second = replace(make_report(session, 2, ()), checked_at=DAY, decision=Decision.ACCEPT)
    third = replace(make_report(session, 3, (WA,)), checked_at=DAY.replace(day=21))
    return [first, second, third]


def test_rollups_count_each_report_once_however_often_it_is_written() -> None:
    store = OxigraphFlagStore(None)
    for report in reports("s1"):
        store.write(report)
        store.write(report)  # a retry, a spool replayed twice: nothing more is counted
    day = counts(store, "2026-11-20")
    assert day[("2026-11-20", "replies", "revise", "")] == 1
    assert day[("2026-11-20", "replies", "accept", "")] == 1
    assert day[("2026-11-20", "flags", "wrong_attribute", "")] == 1
    assert day[("2026-11-20", "flags", "fabricated_fact", "")] == 1
    assert day[("2026-11-20", "flagged", "", "")] == 1
    pending = ("2026-11-20", "reviews", "wrong_attribute", "https://w3id.org/kgcheck#Pending")
    assert day[pending] == 1
    assert counts(store, "2026-11-21")[("2026-11-21", "flagged", "", "")] == 1
    assert counts(store) == rebuilt(store)


def test_rollups_move_a_reviewed_flag_between_statuses() -> None:
    store = OxigraphFlagStore(None)
    for report in reports("s1"):
        store.write(report)
    queue = ReviewQueue(store)
    flag = next(f for f in queue.pending() if f.detector == "wrong_attribute" and f.turn == 1)
    queue.reject(flag.id, reviewer="ana")
    queue.note(flag.id, reviewer="ana", note="checked the directory")  # rejected stays rejected
    key = ("2026-11-20", "reviews", "wrong_attribute")
    day = counts(store, "2026-11-20")
    assert day[(*key, "https://w3id.org/kgcheck#Rejected")] == 1
    assert (*key, "https://w3id.org/kgcheck#Pending") not in day
    assert counts(store) == rebuilt(store)


def test_rollups_of_a_replayed_spool_match_the_turn_graphs(tmp_path: Path) -> None:
    spool = Spool(tmp_path / "spool")
    store = OxigraphFlagStore(None, spool=spool)
    written = reports("s1")
    for report in written:
        spool.put(
            store._report_updates(report),
            report_id=report.report_id,
            session=report.session_id,
            turn=report.turn_index,
            reason="down",
        )
    assert store.replay() == 3
    for report in written:
        store.write(report)  # already replayed: counted once
    assert counts(store) == rebuilt(store)
    assert counts(store)[("2026-11-20", "replies", "revise", "")] == 1


def test_rollups_are_rebuilt_for_a_store_that_kept_none() -> None:
    store = OxigraphFlagStore(None)
    for report in reports("s1"):
        store.write(report)
    expected = counts(store)
    store.update(f"DROP GRAPH <{ROLLUPS}>")  # as a store an earlier release wrote
    assert not rollups_ready(store)
    assert ensure_rollups(store) and rollups_ready(store)
    assert counts(store) == expected


def test_rollups_stay_off_a_read_only_store(tmp_path: Path) -> None:
    writer = OxigraphFlagStore(tmp_path / "flags")
    writer.write(reports("s1")[0])
    writer.update(f"DROP GRAPH <{ROLLUPS}>")
    writer.close()
    reader = OxigraphFlagStore(tmp_path / "flags", read_only=True)
    assert ensure_rollups(reader) is False


def test_report_counts_judge_claims_as_the_micro_rate_does() -> None:
    report = make_report("s1", 1, (WA, FF))
    report.counts["claims"] = 3
    report.flags[0].claim_index, report.flags[1].claim_index = 0, None
    by = {c.measure: c.amount for c in report_counts(report)}
    # claim 0 is flagged, the second flag is on no claim: 2 of 3 + 1 claims unsupported
    assert (by["judged"], by["unsupported"], by["judged_replies"]) == (4, 2, 1)


def test_rollups_on_every_back_end(any_store: FlagStore, unique: str) -> None:
    """Counts, reviews, a rebuild and the dashboard on Oxigraph and on Virtuoso (whose shared
    server other tests write to: on a day of this test's own)."""
    at = datetime(2001, 2, 3, 4, 5, tzinfo=UTC)
    day = "2001-02-03"
    written = [replace(r, checked_at=at) for r in reports(unique)]
    before = counts(any_store, day)
    for report in written:
        any_store.write(report)
        any_store.write(report)
    after = counts(any_store, day)
    for key, added in (
        ((day, "replies", "revise", ""), 2),
        ((day, "replies", "accept", ""), 1),
        ((day, "flags", "wrong_attribute", ""), 2),
        ((day, "flagged", "", ""), 2),
    ):
        assert after[key] == before.get(key, 0) + added, key
    queue = ReviewQueue(any_store)
    flag = next(f for f in queue.find(FlagFilter(session=unique)) if f.turn == 1)
    queue.approve(flag.id, reviewer="ana")
    approved = (day, "reviews", flag.detector, "https://w3id.org/kgcheck#Approved")
    assert counts(any_store, day)[approved] == before.get(approved, 0) + 1
    kept = counts(any_store, day)
    any_store.update(rebuild_update())
    assert counts(any_store, day) == kept
    board = dashboard(any_store, 7, now=at)
    assert board.from_counts and board.replies >= 3 and board.flags >= 3
    assert board.judged_replies == board.replies


@pytest.mark.parametrize("texts", [("wrong, not <b>", "x/y & z%20")])
def test_rollups_keys_with_any_characters(texts: tuple[str, str]) -> None:
    store = OxigraphFlagStore(None)
    report = replace(make_report("s1", 1, (WA, FF)), checked_at=DAY)
    report.flags[0].detector, report.flags[1].detector = texts
    store.write(report)
    assert counts(store) == rebuilt(store)
