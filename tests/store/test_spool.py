"""The spool: reports wait on disk, oldest first, and are replayed exactly once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kgcheck.errors import InvalidQuery, StoreError, StoreRejected, StoreUnavailable
from kgcheck.store.spool import Spool


def _put(spool: Spool, n: int) -> None:
    spool.put([f"UPDATE {n}"], report_id=f"r{n}", session="s1", turn=n, reason="down")


def test_spool_replays_oldest_first_and_empties(tmp_path: Path) -> None:
    spool = Spool(tmp_path / "spool")
    for n in range(3):
        _put(spool, n)
    applied: list[str] = []
    assert spool.replay(applied.append) == 3
    assert applied == ["UPDATE 0", "UPDATE 1", "UPDATE 2"]
    assert len(spool) == 0


def test_spool_entries_say_what_waits_and_why(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    _put(spool, 4)
    (entry,) = spool.entries()
    assert (entry.report_id, entry.session, entry.turn, entry.reason) == ("r4", "s1", 4, "down")


def test_spool_failure_keeps_the_failed_report_and_the_rest(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    for n in range(3):
        _put(spool, n)
    applied: list[str] = []

    def apply(update: str) -> None:
        if update == "UPDATE 1":
            raise StoreUnavailable("down again")
        applied.append(update)

    with pytest.raises(StoreError):
        spool.replay(apply)
    assert applied == ["UPDATE 0"]
    assert [e.report_id for e in spool.entries()] == ["r1", "r2"]
    assert spool.replay(applied.append) == 2


def test_spool_sets_unreadable_files_aside(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    (tmp_path / "00000000000000000001-bad.json").write_text("{not json", encoding="utf-8")
    _put(spool, 1)
    applied: list[str] = []
    assert spool.replay(applied.append) == 1
    assert applied == ["UPDATE 1"]
    assert (tmp_path / "00000000000000000001-bad.json.bad").exists()


def test_spool_releases_claims_of_dead_processes(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    _put(spool, 7)
    (path,) = spool.paths()
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    os.rename(path, path.with_name(f"{path.name}.{int(dead.stdout)}.claim"))
    assert [e.report_id for e in spool.entries()] == ["r7"]


def test_spool_leaves_claims_of_live_processes(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    _put(spool, 8)
    (path,) = spool.paths()
    os.rename(path, path.with_name(f"{path.name}.{os.getppid()}.claim"))
    assert spool.paths() == []


def test_spool_writes_whole_files_only(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    path = spool.put(["U1", "U2"], report_id="r", session="s", turn=0, reason="x")
    assert json.loads(path.read_text(encoding="utf-8"))["updates"] == ["U1", "U2"]
    assert not list(tmp_path.glob(".*.tmp"))


def test_spool_unwritable_directory_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(StoreError) as caught:
        Spool(blocker / "spool").put(["U"], report_id="r", session="s", turn=0, reason="x")
    assert caught.value.code == "KGC408"


def test_spool_sets_aside_what_the_store_refuses_for_good(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    for n in range(3):
        _put(spool, n)
    applied: list[str] = []

    def apply(update: str) -> None:
        if update == "UPDATE 0":
            raise InvalidQuery("SP031: too long")
        applied.append(update)

    assert spool.replay(apply) == 2
    assert applied == ["UPDATE 1", "UPDATE 2"]
    assert len(spool.rejected()) == 1 and len(spool) == 0


def test_spool_a_store_that_refuses_the_service_stops_the_replay_and_buries_nothing(
    tmp_path: Path,
) -> None:
    spool = Spool(tmp_path)
    for n in range(2):
        _put(spool, n)

    def apply(update: str) -> None:
        raise StoreRejected("HTTP 401: credentials")  # the store's fault, not the report's

    with pytest.raises(StoreRejected):
        spool.replay(apply)
    assert len(spool) == 2 and spool.rejected() == []
