"""The SPARQL 1.1 back-end against a real server (Virtuoso on loopback): reports round-trip,
concurrent writers lose nothing, an outage loses no report, and errors say what went wrong."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from kgcheck.errors import StoreError
from kgcheck.store import ReviewQueue, SessionStore, StoreStatus
from kgcheck.store.sparql import SparqlFlagStore
from kgcheck.store.spool import Spool
from kgcheck.types import FlagType
from tests.store.reports import Forwarder, free_port, make_report
from tests.store.virtuoso import LocalVirtuoso


def _reports(store: SparqlFlagStore, session: str) -> int:
    result = store.query(
        f'SELECT (COUNT(DISTINCT ?r) AS ?n) WHERE {{ ?r kgc:session "{session}" }}'
    )
    return int(result.rows[0]["n"].value)


def test_sparql_report_round_trips_through_virtuoso(
    virtuoso_store: SparqlFlagStore, unique: str
) -> None:
    report = make_report(
        session=unique,
        types=(FlagType.WRONG_ATTRIBUTE, FlagType.FABRICATED_FACT),
        text='She said "4413" — café ☕ 😀, not 4412.',
    )
    assert virtuoso_store.record(report) is StoreStatus.STORED
    flags = ReviewQueue(virtuoso_store).find(limit=10_000)
    mine = sorted((f for f in flags if f.session == unique), key=lambda f: f.id)
    assert [f.type for f in mine] == ["wrong_attribute", "fabricated_fact"]
    shown = ReviewQueue(virtuoso_store).show(mine[0].id)
    assert shown.reply == report.original
    assert shown.confidence == pytest.approx(0.88)
    assert shown.evidence == [("kb", "The extension of Dr. Amira Patel is 4412.")]


def test_sparql_concurrent_threads_lose_nothing(
    virtuoso: LocalVirtuoso, virtuoso_store: SparqlFlagStore, unique: str
) -> None:
    statuses: list[StoreStatus] = []

    def write(worker: int) -> None:
        for turn in range(10):
            statuses.append(
                virtuoso_store.record(make_report(session=unique, turn=worker * 100 + turn))
            )

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(statuses) == 40
    assert set(statuses) <= {StoreStatus.STORED, StoreStatus.SPOOLED}
    if StoreStatus.SPOOLED in statuses:  # the server failed under the load: nothing is lost
        virtuoso.ensure_running()
        assert virtuoso_store.replay() == statuses.count(StoreStatus.SPOOLED)
    assert _reports(virtuoso_store, unique) == 40


def test_sparql_outage_loses_no_report(
    virtuoso: LocalVirtuoso, tmp_path: Path, unique: str
) -> None:
    port = free_port()  # nothing listens here yet: the store is down
    store = SparqlFlagStore(
        f"http://127.0.0.1:{port}/sparql",
        spool=Spool(tmp_path / "spool"),
        retry_delay=0.01,
        cooldown=0.0,
        timeout=5.0,
    )
    down = [make_report(session=unique, turn=n) for n in range(5)]
    assert [store.record(r) for r in down] == [StoreStatus.SPOOLED] * 5
    assert all("cannot reach the server" in r.skipped[-1] for r in down)
    forwarder = Forwarder(port, ("127.0.0.1", virtuoso.ensure_running().http_port))
    forwarder.start()  # the store is back
    try:
        assert store.record(make_report(session=unique, turn=5)) is StoreStatus.STORED
        assert store.wait_for_replay(timeout=60)  # the spool is replayed in the background
        assert _reports(store, unique) == 6
        assert len(store.spool or ()) == 0
    finally:
        forwarder.stop()
        store.close()


def test_sparql_review_transitions_are_recorded(
    virtuoso_store: SparqlFlagStore, unique: str
) -> None:
    report = make_report(session=unique)
    virtuoso_store.record(report)
    queue = ReviewQueue(virtuoso_store)
    flag = f"{report.report_id}-0"
    queue.note(flag, reviewer="ana", note="checking the directory")
    queue.reject(flag, reviewer="bo", note="4412 is right")
    with pytest.raises(StoreError) as caught:
        queue.reject(flag, reviewer="bo")
    assert caught.value.code == "KGC411"
    shown = queue.show(flag)
    assert shown.status == "rejected"
    assert [(e.reviewer, e.from_status, e.to_status) for e in shown.events] == [
        ("ana", "pending", "reviewed"),
        ("bo", "reviewed", "rejected"),
    ]


def test_sparql_sessions_refuse_a_stale_save(virtuoso_store: SparqlFlagStore, unique: str) -> None:
    from kgcheck.history.state import DialogueState

    sessions = SessionStore(virtuoso_store)
    state = DialogueState(session_id=unique)
    state.add_turn("user", "Mein Büro ist Raum 401 — merci ☕.")
    assert sessions.save(state, version=0) == 1
    loaded = sessions.load(unique)
    assert loaded is not None and loaded[0].turns[0].text == state.turns[0].text
    assert sessions.save(loaded[0], version=1) == 2
    with pytest.raises(StoreError) as caught:
        sessions.save(state, version=1)
    assert caught.value.code == "KGC412"


def test_sparql_malformed_query_is_reported_as_such(virtuoso_store: SparqlFlagStore) -> None:
    with pytest.raises(StoreError) as caught:
        virtuoso_store.query("SELECT ?x WHERE { ?x a }")
    assert caught.value.code == "KGC404"


def test_sparql_update_sent_as_query_never_reaches_the_server(
    virtuoso_store: SparqlFlagStore, unique: str
) -> None:
    with pytest.raises(StoreError) as caught:
        virtuoso_store.query(f'INSERT DATA {{ <urn:x> <urn:y> "{unique}" }}')
    assert caught.value.code == "KGC405"
    assert not virtuoso_store.query(f'ASK {{ ?s ?p "{unique}" }}').boolean


def test_sparql_describe_strips_credentials_from_the_url() -> None:
    store = SparqlFlagStore("http://kg:secret@127.0.0.1:1/sparql")
    assert store.describe() == "sparql:http://127.0.0.1:1/sparql"
    store.close()


def test_sparql_large_report_is_written_in_parts(
    virtuoso_store: SparqlFlagStore, unique: str
) -> None:
    report = make_report(session=unique, types=(FlagType.WRONG_ATTRIBUTE,) * 120)
    assert virtuoso_store.record(report) is StoreStatus.STORED
    found = virtuoso_store.query(
        f'SELECT (COUNT(?f) AS ?n) WHERE {{ ?r kgc:session "{unique}" ; kgc:hasFlag ?f }}'
    )
    assert found.rows[0]["n"].value == "120"
