"""The write path every back-end shares: retries, spooling while the store is down, replay when
it is back, and a report that says what happened."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from kgcheck.errors import (
    InvalidQuery,
    StoreBadRequest,
    StoreError,
    StoreLocked,
    StoreRejected,
    StoreUnavailable,
    StoreUnreadable,
    StoreWriteFailed,
)
from kgcheck.store import StoreStatus
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.spool import Spool
from tests.store.reports import make_report


class FlakyStore(OxigraphFlagStore):
    """An in-memory store whose updates fail while ``failures`` lasts (or while ``down``)."""

    def __init__(
        self,
        spool: Spool | None,
        *,
        failures: int = 0,
        error: type[StoreError] = StoreUnavailable,
        cooldown: float = 60.0,
    ) -> None:
        super().__init__(None, spool=spool, retries=2, retry_delay=0.0, cooldown=cooldown)
        self.failures = failures
        self.error = error
        self.down = False
        self.attempts = 0

    def _update(self, update: str) -> None:
        self.attempts += 1
        if self.down or self.failures > 0:
            self.failures -= 1
            raise self.error("connection refused")
        super()._update(update)

    def reports(self) -> int:
        result = self.query("SELECT (COUNT(?r) AS ?n) WHERE { ?r a kgc:TurnReport }")
        return int(result.rows[0]["n"].value)


def test_base_transient_failure_is_retried_and_stored(tmp_path: Path) -> None:
    store = FlakyStore(Spool(tmp_path), failures=2)
    report = make_report()
    assert store.record(report) is StoreStatus.STORED
    assert (report.store_status, store.attempts, store.reports()) == ("stored", 3, 1)
    assert report.skipped == []


def test_base_store_down_spools_and_the_report_says_so(tmp_path: Path) -> None:
    store = FlakyStore(Spool(tmp_path / "spool"))
    store.down = True
    report = make_report()
    assert store.record(report) is StoreStatus.SPOOLED
    assert report.store_status == "spooled"
    assert "spooled to" in report.skipped[-1] and "connection refused" in report.skipped[-1]
    assert len(store.spool or ()) == 1


def test_base_while_down_reports_skip_the_retries(tmp_path: Path) -> None:
    store = FlakyStore(Spool(tmp_path))
    store.down = True
    store.record(make_report(turn=1))
    tried = store.attempts
    store.record(make_report(turn=2))
    assert store.attempts == tried  # within the cooldown: straight to the spool


def test_base_recovery_replays_the_spool_and_loses_nothing(tmp_path: Path) -> None:
    store = FlakyStore(Spool(tmp_path), cooldown=0.0)
    store.down = True
    for turn in range(5):
        assert store.record(make_report(turn=turn)) is StoreStatus.SPOOLED
    store.down = False
    assert store.record(make_report(turn=5)) is StoreStatus.STORED
    assert store.wait_for_replay(30)  # the replay runs in the background, not in the turn
    assert store.reports() == 6
    assert len(store.spool or ()) == 0


def test_base_replay_twice_writes_each_report_once(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    store = FlakyStore(spool)
    store.down = True
    store.record(make_report())
    store.down = False
    assert store.replay() == 1
    assert store.replay() == 0
    assert store.reports() == 1


def test_base_refused_request_is_not_retried(tmp_path: Path) -> None:
    store = FlakyStore(Spool(tmp_path), failures=5, error=StoreRejected)
    assert store.record(make_report()) is StoreStatus.SPOOLED
    assert store.attempts == 1


def test_base_without_spool_the_report_says_it_was_not_stored() -> None:
    store = FlakyStore(None)
    store.down = True
    report = make_report()
    assert store.record(report) is StoreStatus.FAILED
    assert report.store_status == "failed"
    assert report.skipped[-1].startswith("store: report not stored")
    with pytest.raises(StoreError):
        store.write(report)


def test_base_concurrent_threads_lose_nothing() -> None:
    store = OxigraphFlagStore(None)

    def write(worker: int) -> None:
        for turn in range(25):
            assert store.record(make_report(session=f"w{worker}", turn=turn)) is StoreStatus.STORED

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    result = store.query("SELECT (COUNT(DISTINCT ?f) AS ?n) WHERE { ?f a kgc:Flag }")
    assert int(result.rows[0]["n"].value) == 200


def test_base_query_refuses_updates() -> None:
    with pytest.raises(StoreError) as caught:
        OxigraphFlagStore(None).query("DROP ALL")
    assert caught.value.code == "KGC405"


def test_base_malformed_query_names_the_problem() -> None:
    with pytest.raises(StoreError) as caught:
        OxigraphFlagStore(None).query("SELECT ?x WHERE { ?x a }")
    assert caught.value.code == "KGC404"


def test_base_update_the_store_cannot_run_is_kept_aside(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    store = FlakyStore(spool, failures=1, error=InvalidQuery)
    report = make_report()
    assert store.record(report) is StoreStatus.FAILED
    assert "kept in" in report.skipped[-1]
    assert len(spool.rejected()) == 1 and len(spool) == 0
    assert store.record(make_report(turn=2)) is StoreStatus.STORED  # the store is not "down"


@pytest.mark.parametrize(
    ("error", "attempts", "status", "dead"),
    [
        # transient: retried (3 attempts), then spooled to be replayed
        (StoreUnavailable, 3, StoreStatus.SPOOLED, 0),
        (StoreLocked, 3, StoreStatus.SPOOLED, 0),
        (StoreBadRequest, 3, StoreStatus.SPOOLED, 0),
        (StoreWriteFailed, 3, StoreStatus.SPOOLED, 0),
        # permanent for the store: not retried, spooled until the store is fixed
        (StoreRejected, 1, StoreStatus.SPOOLED, 0),
        (StoreUnreadable, 1, StoreStatus.SPOOLED, 0),
        # permanent for the update: not retried, a dead letter
        (InvalidQuery, 1, StoreStatus.FAILED, 1),
    ],
)
def test_base_retry_and_spool_follow_the_error_class(
    tmp_path: Path, error: type[StoreError], attempts: int, status: StoreStatus, dead: int
) -> None:
    spool = Spool(tmp_path)
    store = FlakyStore(spool, failures=10, error=error)
    assert store.record(make_report()) is status
    assert store.attempts == attempts
    assert (len(spool), len(spool.rejected())) == (1 - dead, dead)


def test_base_a_code_passed_the_old_way_still_decides_by_class(tmp_path: Path) -> None:
    class OldStyle(FlakyStore):
        def _update(self, update: str) -> None:
            self.attempts += 1
            if self.failures > 0:
                self.failures -= 1
                raise StoreError("connection refused", code="KGC402")
            OxigraphFlagStore._update(self, update)

    store = OldStyle(Spool(tmp_path), failures=2)
    assert store.record(make_report()) is StoreStatus.STORED
    assert store.attempts == 3


def test_base_without_spool_the_error_keeps_its_class() -> None:
    store = FlakyStore(None, failures=10, error=StoreRejected)
    with pytest.raises(StoreRejected, match="report not stored"):
        store.write(make_report())
