"""The embedded back-end: flags survive a restart, a store held by another process is read
from a snapshot and written through the spool, and concurrent writers lose nothing."""

from __future__ import annotations

import gc
import json
import multiprocessing
import subprocess
import sys
import textwrap
import time
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as EventType
from pathlib import Path

import pytest

from kgcheck.config import load_config
from kgcheck.errors import (
    StoreLocked,
    StoreMissing,
    StoreRejected,
    StoreUnavailable,
    StoreUnreadable,
)
from kgcheck.store import StoreStatus, open_flag_store
from kgcheck.store.oxigraph import OxigraphFlagStore, negotiate
from kgcheck.store.rdf import report_updates
from kgcheck.store.spool import Spool
from tests.conftest import ACME_DIR, ROOT
from tests.store.reports import make_report

CHECK_CONVERSATION = textwrap.dedent(
    """
    import json, sys
    from kgcheck import Checker, DialogueState
    checker = Checker.from_config(sys.argv[1])
    state = DialogueState(session_id="restart", now=checker.config.now)
    ids = []
    for line in open(sys.argv[2], encoding="utf-8"):
        turn = json.loads(line)
        if turn["role"] != "assistant":
            state.add_turn(turn["role"], turn["text"])
            continue
        report = checker.check_turn(turn["text"], state)
        assert report.store_status == "stored", report.skipped
        ids += [f"{report.report_id}-{n}" for n in range(len(report.flags))]
        state.add_turn("assistant", report.text, report=report)
    print(json.dumps(ids))
    """
)


def _count(store: OxigraphFlagStore, session: str | None = None) -> int:
    where = f'?r kgc:session "{session}" .' if session else ""
    result = store.query(
        f"SELECT (COUNT(DISTINCT ?r) AS ?n) WHERE {{ ?r a kgc:TurnReport . {where} }}"
    )
    return int(result.rows[0]["n"].value)


def test_oxigraph_flags_survive_a_restart(tmp_path: Path) -> None:
    config = tmp_path / "kgcheck.yaml"
    config.write_text(
        (ACME_DIR / "kgcheck.yaml")
        .read_text(encoding="utf-8")
        .replace(
            "sources: [ontology.ttl, kb.ttl]",
            f"sources: [{ACME_DIR / 'ontology.ttl'}, {ACME_DIR / 'kb.ttl'}]",
        )
        + "store: oxigraph:flags\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            CHECK_CONVERSATION,
            str(config),
            str(ACME_DIR / "conversation.jsonl"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    checked = json.loads(done.stdout.splitlines()[-1])
    assert len(checked) >= 4
    settings = load_config(config).store
    assert settings is not None and settings.backend == f"oxigraph:{tmp_path / 'flags'}"
    store = open_flag_store(settings)
    found = store.query(
        'SELECT ?f WHERE { ?r kgc:session "restart" ; kgc:hasFlag ?f . '
        "?f kgc:reviewStatus kgc:Pending }"
    )
    assert sorted(row["f"].value.rsplit(":", 1)[-1] for row in found.rows) == sorted(checked)


def test_oxigraph_store_held_elsewhere_reads_a_snapshot_and_spools(tmp_path: Path) -> None:
    holder = OxigraphFlagStore(tmp_path / "flags")
    holder.record(make_report(session="a"))
    other = OxigraphFlagStore(
        tmp_path / "flags", spool=Spool(tmp_path / "spool"), cooldown=0.0, retry_delay=0.0
    )
    assert _count(other, "a") == 1  # a read-only snapshot
    report = make_report(session="b")
    assert other.record(report) is StoreStatus.SPOOLED
    assert "held by another process" in report.skipped[-1]
    with pytest.raises(StoreLocked):  # transient: retried, then spooled
        other.update("INSERT DATA { <urn:a> <urn:b> <urn:c> }")
    holder.close()
    del holder
    gc.collect()
    assert other.record(make_report(session="b", turn=2)) is StoreStatus.STORED
    assert other.wait_for_replay(30)  # the spool is replayed in the background
    assert _count(other, "b") == 2


def test_oxigraph_reopening_replays_what_was_spooled(tmp_path: Path) -> None:
    spool = Spool(tmp_path / "spool")
    report = make_report(session="c")
    spool.put(report_updates(report), report_id="x", session="c", turn=1, reason="down")
    store = OxigraphFlagStore(tmp_path / "flags", spool=spool)
    assert _count(store, "c") == 1
    assert len(spool) == 0


def _writer(
    directory: Path,
    spool: Path,
    session: str,
    go: EventType,
    release: EventType,
    out: Queue[list[str]],
) -> None:
    store = OxigraphFlagStore(directory, spool=Spool(spool), cooldown=0.0, retry_delay=0.01)
    out.put(["ready"])
    go.wait(30)
    statuses = {str(store.record(make_report(session=session, turn=n))) for n in range(30)}
    out.put(sorted(statuses))
    release.wait(30)


def test_oxigraph_concurrent_processes_lose_nothing(tmp_path: Path) -> None:
    # a fork server imports kgcheck once for both writers; plain fork is not safe once this
    # process has opened an on-disk store (RocksDB's background threads)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    go, release = context.Event(), context.Event()
    queues: list[Queue[list[str]]] = [context.Queue(), context.Queue()]
    writers = [
        context.Process(
            target=_writer,
            args=(tmp_path / "flags", tmp_path / "spool", name, go, release, queue),
        )
        for name, queue in zip(("p1", "p2"), queues, strict=True)
    ]
    for w in writers:
        w.start()
    try:
        assert [q.get(timeout=30) for q in queues] == [["ready"], ["ready"]]
        go.set()
        outcomes = sorted(q.get(timeout=30) for q in queues)
    finally:
        release.set()
        for w in writers:
            w.join(timeout=30)
        for q in queues:
            q.close()
            q.join_thread()
    assert [w.exitcode for w in writers] == [0, 0]
    # one process held the store, the other spooled every report
    assert outcomes == [["spooled"], ["stored"]]
    store = OxigraphFlagStore(tmp_path / "flags", spool=Spool(tmp_path / "spool"))
    assert (_count(store, "p1"), _count(store, "p2")) == (30, 30)


def test_oxigraph_read_only_store_refuses_writes(tmp_path: Path) -> None:
    OxigraphFlagStore(tmp_path / "flags").close()
    gc.collect()
    reader = OxigraphFlagStore(tmp_path / "flags", read_only=True)
    with pytest.raises(StoreRejected):
        reader.update("INSERT DATA { <urn:a> <urn:b> <urn:c> }")


def test_oxigraph_missing_directory_read_only_says_nothing_is_stored(tmp_path: Path) -> None:
    with pytest.raises(StoreMissing, match="no flag store here yet"):
        OxigraphFlagStore(tmp_path / "none", read_only=True).query("ASK { }")


def test_oxigraph_store_that_cannot_be_opened_is_permanent(tmp_path: Path) -> None:
    blocker = tmp_path / "flags"
    blocker.write_text("not a store", encoding="utf-8")
    with pytest.raises(StoreUnreadable) as caught:  # not taken for a lock: not retried
        OxigraphFlagStore(blocker, spool=Spool(tmp_path / "spool"))
    assert not isinstance(caught.value, StoreUnavailable)


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("text/csv", "text/csv"),
        ("application/sparql-results+xml;q=0.5, text/csv;q=0.9", "text/csv"),
        ("*/*", "application/sparql-results+json"),
        ("text/html", "application/sparql-results+json"),
        ("text/*", "text/csv"),
    ],
)
def test_oxigraph_negotiate_picks_by_quality(accept: str, expected: str) -> None:
    offered = ["application/sparql-results+json", "application/sparql-results+xml", "text/csv"]
    assert negotiate(accept, offered) == expected


def test_oxigraph_memory_store_answers_in_each_format() -> None:
    store = OxigraphFlagStore(None)
    store.record(make_report())
    query = "SELECT ?f WHERE { ?f a kgc:Flag }"
    assert store.query_raw(query, "text/csv").body.startswith(b"f\r\n")
    raw = store.query_raw("CONSTRUCT { ?f a kgc:Flag } WHERE { ?f a kgc:Flag }", "text/turtle")
    assert raw.media_type == "text/turtle" and b"urn:kgcheck:flag:" in raw.body
    time.sleep(0)
