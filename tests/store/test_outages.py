"""Store outages lose no report: a closed port, 5xx, a proxy's 400, 429 and a hang all end with
the report spooled and written when the store is back; what the store refuses for good is kept
as a dead letter; a report staged by a process that died is spooled."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from kgcheck.errors import StoreBadRequest, StoreError
from kgcheck.sparql_http import retry_after as _retry_after
from kgcheck.store import StoreStatus
from kgcheck.store.rdf import report_updates
from kgcheck.store.sparql import SparqlFlagStore
from kgcheck.store.spool import Spool
from tests.store.fake_sparql import FakeSparql
from tests.store.reports import free_port, make_report


@pytest.fixture
def fake() -> Iterator[FakeSparql]:
    server = FakeSparql()
    yield server
    server.stop()


def _store(url: str, spool: Path, *, dead_after: int = 5) -> SparqlFlagStore:
    return SparqlFlagStore(
        url,
        spool=Spool(spool, dead_after=dead_after),
        retries=1,
        retry_delay=0.0,
        cooldown=0.0,
        timeout=0.2,
    )


@pytest.mark.parametrize("mode", ["400", "429", "500", "503", "hang"])
def test_outages_lose_no_report(fake: FakeSparql, tmp_path: Path, mode: str) -> None:
    store = _store(fake.url, tmp_path / "spool")
    fake.mode = mode
    down = [make_report(session="o", turn=n) for n in range(5)]
    assert [store.record(r) for r in down] == [StoreStatus.SPOOLED] * 5
    assert [r.store_status for r in down] == ["spooled"] * 5
    fake.mode = "ok"
    assert store.replay() == 5
    assert fake.reports() == 5
    assert len(store.spool or ()) == 0 and (store.spool or Spool(tmp_path)).rejected() == []


def test_outages_closed_port_loses_no_report(tmp_path: Path) -> None:
    port = free_port()  # nothing listens here: the store is down
    store = _store(f"http://127.0.0.1:{port}/sparql", tmp_path / "spool")
    assert [store.record(make_report(turn=n)) for n in range(5)] == [StoreStatus.SPOOLED] * 5
    fake = FakeSparql(port)  # the store is back
    try:
        assert store.record(make_report(turn=5)) is StoreStatus.STORED
        assert store.wait_for_replay(30)  # replayed in the background
        assert fake.reports() == 6
    finally:
        fake.stop()


@pytest.mark.parametrize("mode", ["400", "429", "502"])
def test_outages_proxy_answers_are_retried_then_stored(
    fake: FakeSparql, tmp_path: Path, mode: str
) -> None:
    store = _store(fake.url, tmp_path / "spool")
    fake.mode, fake.failures = mode, 1
    report = make_report()
    assert store.record(report) is StoreStatus.STORED
    assert fake.reports() == 1 and fake.requests == 2


@pytest.mark.parametrize("mode", ["401", "403"])
def test_outages_refusal_is_permanent_not_retried_and_spooled(
    fake: FakeSparql, tmp_path: Path, mode: str
) -> None:
    store = _store(fake.url, tmp_path / "spool")
    fake.mode = mode
    report = make_report()
    assert store.record(report) is StoreStatus.SPOOLED
    assert fake.requests == 1  # not retried: credentials do not fix themselves
    spool = store.spool
    assert spool is not None and len(spool) == 1 and spool.rejected() == []
    fake.mode = "ok"  # fixed: the report was kept and is written now
    assert store.replay() == 1 and fake.reports() == 1


def test_outages_retry_after_is_read_in_seconds_or_as_a_date() -> None:
    assert _retry_after("3") == 3.0
    assert _retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # in the past: now
    assert _retry_after("soon") is None and _retry_after(None) is None


def test_outages_persistent_400_becomes_a_dead_letter_never_dropped(
    fake: FakeSparql, tmp_path: Path
) -> None:
    store = _store(fake.url, tmp_path / "spool", dead_after=2)
    spool = store.spool
    assert spool is not None
    fake.mode = "400"
    assert store.record(make_report()) is StoreStatus.SPOOLED
    with pytest.raises(StoreError) as caught:
        store.replay()  # first bounce: stays queued
    assert isinstance(caught.value, StoreBadRequest) and caught.value.code == "KGC409"
    assert len(spool) == 1
    assert store.replay() == 0  # second bounce: a dead letter
    assert len(spool) == 0 and len(spool.rejected()) == 1
    fake.mode = "ok"
    assert spool.revive() == 1
    assert store.replay() == 1 and fake.reports() == 1


def test_outages_report_staged_by_a_dead_process_is_spooled(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    report = make_report()
    updates = report_updates(report)
    staged = spool.stage(updates, report_id=report.report_id, session="s1", turn=1)
    assert len(spool) == 0  # staged by a live process: not the replay's yet
    dead = staged.with_name(staged.name.rsplit(".", 1)[0] + f".{_dead_pid()}")
    os.replace(staged, dead)
    assert len(spool) == 1  # its process ended: spooled
    applied: list[str] = []
    assert spool.replay(applied.append) == 1 and applied == updates


def test_outages_replay_goes_in_batches(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    for n in range(5):
        spool.put([f"U{n}"], report_id=f"r{n}", session="s", turn=n, reason="down")
    applied: list[str] = []
    assert spool.replay(applied.append, limit=2) == 2
    assert applied == ["U0", "U1"] and len(spool) == 3


def _dead_pid() -> int:
    pid = 2**22 - 1
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except PermissionError:
            pass
        pid -= 1
