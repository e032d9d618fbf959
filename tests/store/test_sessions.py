"""Sessions kept in the store one record per turn: what is saved comes back without
re-analysis, a save writes as much at turn 200 as at turn 2, two workers appending at once lose
no turn, and sessions stored whole by earlier releases are still read."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from rdflib import Literal

from kgcheck import Checker, DialogueState
from kgcheck.errors import StoreConflict, StoreError
from kgcheck.history.rdf import history_claims, history_quads
from kgcheck.rules import RuleEngine, load_rules
from kgcheck.store import FlagStore, SessionStore
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.rdf import date_time, nt, session_graph, session_iri
from tests.conftest import NOW
from tests.store.reports import make_report


@pytest.fixture
def sessions() -> SessionStore:
    return SessionStore(OxigraphFlagStore(None))


def _comparable(state: DialogueState) -> dict[str, Any]:
    """``to_dict`` without embeddings, which the store does not keep."""
    data = state.to_dict()
    data["turns"] = [state.turn_dict(t, embeddings=False) for t in state.turns]
    return data


def _talk(checker: Checker, sessions: SessionStore, session: str, exchanges: list[Any]) -> None:
    """Exchanges as the service runs them: load, add the user's turn, check the reply, add
    the mitigated reply, save."""
    for user, reply in exchanges:
        state, version = sessions.load(session) or (DialogueState(session_id=session, now=NOW), 0)
        state.add_turn("user", user)
        report = checker.check_turn(reply, state, record=False)
        state.add_turn("assistant", report.text, report=report)
        sessions.save(state, version=version)


def _records(sessions: SessionStore, session: str) -> list[str]:
    g = nt(session_graph(session))
    rows = sessions.store.query(f"SELECT ?r WHERE {{ GRAPH {g} {{ ?v kgc:turnRecord ?r }} }}")
    return [row["r"].value for row in rows.rows]


def _old_format(store: FlagStore, data: dict[str, Any], version: int) -> None:
    """A session as earlier releases stored it: the whole state in one literal."""
    session = data["session_id"]
    g, s = nt(session_graph(session)), nt(session_iri(session))
    state = nt(Literal(json.dumps(data, separators=(",", ":"))))
    at = nt(date_time(datetime(2026, 1, 2, tzinfo=UTC)))
    store.update(
        f"INSERT DATA {{ GRAPH {g} {{ {s} a kgc:Session ; kgc:session {nt(Literal(session))} ; "
        f'kgc:sessionState {state} ; kgc:version {version} ; kgc:writer "t0" ; '
        f"prov:generatedAtTime {at} }} }}"
    )


# --- round trips ------------------------------------------------------------------------


def test_sessions_round_trip_with_derived_claims(
    sessions: SessionStore, acme_checker: Checker
) -> None:
    state = DialogueState(session_id="c-42", now="2026-11-22T10:00:00+00:00")
    state.add_turn("user", "Tom Okafor is in room B-101 now.")
    report = acme_checker.check_turn("He is in room B-105.", state)
    state.add_turn("assistant", report.text, report=report)
    acme_checker.update_history(state)
    assert sessions.save(state, version=0) == 1
    loaded = sessions.load("c-42")
    assert loaded is not None
    restored, version = loaded
    assert version == 1
    assert _comparable(restored) == _comparable(state)
    assert restored.pending() == []  # nothing to analyse again


def test_sessions_round_trip_over_many_saves_keeps_turns_claims_reports_and_entities(
    sessions: SessionStore, acme_checker: Checker
) -> None:
    _talk(
        acme_checker,
        sessions,
        "long",
        [
            ("Tom Okafor is in room B-101 now.", "Noted, Tom Okafor is in room B-101."),
            ("Which department is Dr. Patel in?", "Dr. Patel works in Oncology."),
            ("And who leads Analytics?", "Priya Raman leads Analytics."),
        ],
    )
    state, version = sessions.load("long") or (DialogueState(), 0)
    acme_checker.update_history(state)  # the last reply, stored before it was recorded
    assert sessions.save(state, version=version) == 4
    restored, _ = sessions.load("long") or (DialogueState(), 0)
    assert _comparable(restored) == _comparable(state)
    assert restored.entities.salient_keys() == state.entities.salient_keys()
    assert [t.report_data["decision"] for t in restored.turns if t.report_data] == [
        "accept",
        "revise",
        "accept",
    ]
    assert restored.pending() == []
    # the last save added no turn: it wrote the reply's recorded claims, not the reply again
    patches = [json.loads(r) for r in _records(sessions, "long")]
    assert sorted(p.get("patch", False) for p in patches if p["index"] == 5) == [False, True]


def test_sessions_missing_session_is_none(sessions: SessionStore) -> None:
    assert sessions.load("nobody") is None


def test_sessions_reference_time_keeps_its_offset(sessions: SessionStore) -> None:
    state = DialogueState(session_id="tz", now="2026-11-22T00:30:00+02:00")
    state.add_turn("user", "Hello.")
    sessions.save(state, version=0)
    restored, _ = sessions.load("tz") or (DialogueState(), 0)
    assert restored.to_dict()["now"] == "2026-11-22T00:30:00+02:00"


# --- the rules see a restored history ---------------------------------------------------

EARLIER = """prefixes: {ex: 'https://example.org/acme#'}
rules:
  - id: q
    description: a reply contradicts an earlier extension
    type: contradicts_prior
    severity: high
    message: '{value} contradicts {speaker}: {said}'
    sparql: |
      SELECT ?claim ?value ?said ?speaker WHERE {
        GRAPH <urn:kgcheck:turn> {
          ?claim kgc:subject ?s ; kgc:predicate ex:extension ; kgc:object ?value .
        }
        GRAPH <urn:kgcheck:history> {
          ?earlier kgc:subject ?s ; kgc:predicate ex:extension ; kgc:object ?before ;
                   kgc:text ?said ; kgc:speaker ?speaker .
        }
        FILTER(STR(?before) != STR(?value))
      }
"""


def _without_past(data: dict[str, Any]) -> dict[str, Any]:
    """``to_dict`` as earlier releases wrote it: no past claims, no sightings per turn."""
    turns = [{k: v for k, v in t.items() if k not in ("past", "seen")} for t in data["turns"]]
    return {**data, "turns": turns}


@pytest.mark.parametrize("via", ["store", "to_dict", "old to_dict"])
def test_sessions_restored_history_is_seen_by_the_rules(
    sessions: SessionStore, acme_checker: Checker, tmp_path: Path, via: str
) -> None:
    """Regression: DialogueState.from_dict dropped the analyses, so rules over the history
    of a restored session (every session the server loads) saw an empty history."""
    (tmp_path / "rules.yaml").write_text(EARLIER, encoding="utf-8")
    engine = RuleEngine(load_rules([tmp_path / "rules.yaml"]), acme_checker.kb)
    state = DialogueState(session_id="rules", now=NOW)
    state.add_turn("user", "Is Dr. Patel on 4412?")
    state.add_turn("assistant", "Dr. Patel's extension is 4412.")
    acme_checker.update_history(state)
    if via == "store":
        sessions.save(state, version=0)
        restored, _ = sessions.load("rules") or (DialogueState(), 0)
    elif via == "to_dict":
        restored = DialogueState.from_dict(json.loads(json.dumps(state.to_dict())))
    else:
        restored = DialogueState.from_dict(_without_past(state.to_dict()))
    assert restored.turns[1].analysis is None
    analysis = acme_checker.analyzer.analyse(
        "Dr. Patel's extension is 4413.", now=state.reference_time
    )
    flags, _ = engine.reply_flags(analysis, restored, restored.reference_time)
    assert [f.message for f in flags] == [
        "4413 contradicts assistant: Dr. Patel's extension is 4412."
    ]
    if via != "old to_dict":  # an old state keeps its claim index only: the same triples
        assert history_quads(history_claims(restored)) == history_quads(history_claims(state))


# --- optimistic concurrency -------------------------------------------------------------


def test_sessions_stale_save_is_refused(sessions: SessionStore) -> None:
    state = DialogueState(session_id="s")
    state.add_turn("user", "Hello.")
    sessions.save(state, version=0)
    with pytest.raises(StoreError) as caught:
        sessions.save(state, version=0)
    assert caught.value.code == "KGC412"
    assert sessions.save(state, version=1) == 2
    with pytest.raises(StoreError):
        sessions.save(state, version=1)


def test_sessions_two_stores_appending_at_once_lose_no_turn(
    any_store: FlagStore, unique: str
) -> None:
    """Each round, two workers load the same version and save at the same moment: one wins,
    the other is refused, loads again and saves its turn after."""
    workers = [SessionStore(any_store), SessionStore(any_store)]
    first = DialogueState(session_id=unique)
    first.add_turn("user", "Hello.")
    workers[0].save(first, version=0)
    barrier = threading.Barrier(2)
    outcomes: list[list[str]] = []

    def append(n: int, text: str, outcome: list[str]) -> None:
        store = workers[n]
        state, version = store.load(unique) or (DialogueState(), 0)
        state.add_turn("user", text)
        barrier.wait()
        for _ in range(5):
            try:
                store.save(state, version=version)
                return
            except StoreConflict:
                outcome.append(text)
                state, version = store.load(unique) or (DialogueState(), 0)
                state.add_turn("user", text)
        raise AssertionError(f"{text}: refused five times")

    for round_ in range(8):
        outcome: list[str] = []
        threads = [
            threading.Thread(target=append, args=(n, f"worker {n}, round {round_}", outcome))
            for n in range(2)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        outcomes.append(outcome)
    assert [len(o) for o in outcomes] == [1] * 8  # one conflict a round, reported
    state, version = workers[1].load(unique) or (DialogueState(), 0)
    texts = [t.text for t in state.turns]
    expected = {f"worker {n}, round {r}" for n in range(2) for r in range(8)}
    assert len(texts) == 17 and set(texts[1:]) == expected
    assert version == 17


def test_sessions_free_running_workers_lose_no_turn() -> None:
    store = OxigraphFlagStore(None)
    conflicts: list[int] = []

    def worker(n: int) -> None:
        sessions = SessionStore(store)
        refused = 0
        for k in range(6):
            while True:
                state, version = sessions.load("busy") or (DialogueState(session_id="busy"), 0)
                state.add_turn("user", f"{n}-{k}")
                try:
                    sessions.save(state, version=version)
                    break
                except StoreConflict:
                    refused += 1
        conflicts.append(refused)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    state, version = SessionStore(store).load("busy") or (DialogueState(), 0)
    assert sorted(t.text for t in state.turns) == sorted(
        f"{n}-{k}" for n in range(4) for k in range(6)
    )
    assert version == 24 == len(state.turns)
    assert len(conflicts) == 4


def test_sessions_a_version_beside_a_better_head_is_not_the_session(
    any_store: FlagStore, unique: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should a store let two saves over one version through, every reader takes the same
    one (the smaller IRI) and the other writer removes its own and is refused."""
    sessions = SessionStore(any_store)
    g, s = nt(session_graph(unique)), nt(session_iri(unique))
    rival = f"<{session_iri(unique)}/version/0000>"
    record = nt(Literal(json.dumps({"index": 0, "role": "user", "text": "Rival."})))
    update = sessions.store.update

    def both_go_through(text: str) -> None:
        update(text)
        update(
            f"INSERT DATA {{ GRAPH {g} {{ {s} kgc:head {rival} . {rival} a kgc:SessionVersion ; "
            f"kgc:version 1 ; kgc:turnCount 1 ; kgc:turnRecord {record} }} }}"
        )

    monkeypatch.setattr(sessions.store, "update", both_go_through)
    state = DialogueState(session_id=unique)
    state.add_turn("user", "Hello.")
    with pytest.raises(StoreConflict):
        sessions.save(state, version=0)
    monkeypatch.setattr(sessions.store, "update", update)
    restored, version = sessions.load(unique) or (DialogueState(), 0)
    assert (version, [t.text for t in restored.turns]) == (1, ["Rival."])
    versions = sessions.store.query(
        f"SELECT ?v WHERE {{ GRAPH {g} {{ ?v a kgc:SessionVersion }} }}"
    )
    assert [r["v"].value for r in versions.rows] == [rival[1:-1]]  # the other one is gone
    restored.add_turn("user", "Next.")
    assert sessions.save(restored, version=1) == 2


# --- storage per turn -------------------------------------------------------------------


def test_sessions_storage_per_turn_is_constant_in_the_number_of_turns(
    sessions: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 16: a save writes the turns it adds, not the conversation: the update and the
    records of exchange 200 are as large as those of exchange 2."""
    updates: list[int] = []
    update = sessions.store.update
    monkeypatch.setattr(
        sessions.store, "update", lambda text: (updates.append(len(text)), update(text))[1]
    )
    state = DialogueState(session_id="long")
    version = 0
    for n in range(1, 201):
        state.add_turn("user", f"Question {n:03}: where does Dr. Patel work?")
        state.add_turn("assistant", "Dr. Patel works in Cardiology.", report=make_report(turn=n))
        version = sessions.save(state, version=version)
    records = _records(sessions, "long")
    assert len(records) == 400  # one record a turn, none rewritten
    by_exchange: dict[int, int] = {}
    for record in records:
        index = json.loads(record)["index"]
        by_exchange[index // 2] = by_exchange.get(index // 2, 0) + len(record.encode())
    assert abs(by_exchange[199] - by_exchange[1]) <= 16
    assert abs(updates[199] - updates[1]) <= 16
    assert updates[1] < 4000


# --- sessions stored by earlier releases ------------------------------------------------


def test_sessions_old_format_is_read_then_turned_into_records(
    any_store: FlagStore, unique: str, acme_checker: Checker
) -> None:
    sessions = SessionStore(any_store)
    state = DialogueState(session_id=unique, now=NOW)
    state.add_turn("user", "Tom Okafor is in room B-101 now. Does Dr. Reyes work in Oncology?")
    state.add_turn("assistant", "Noted. Dr. Reyes works in Pediatrics.")
    acme_checker.update_history(state)
    old = _without_past(state.to_dict())
    _old_format(sessions.store, old, version=3)
    restored, version = sessions.load(unique) or (DialogueState(), 0)
    assert version == 3
    assert [c.to_dict() for c in restored.claims] == [c.to_dict() for c in state.claims]
    with pytest.raises(StoreConflict):
        sessions.save(restored, version=2)
    restored.add_turn("user", "My office is room 401.")
    assert sessions.save(restored, version=3) == 4
    g, s = nt(session_graph(unique)), nt(session_iri(unique))
    gone = sessions.store.query(f"ASK {{ GRAPH {g} {{ {s} kgc:sessionState ?d }} }}")
    assert not gone.boolean  # the whole-state literal was replaced by records
    assert len(_records(sessions, unique)) == 3
    again, version = sessions.load(unique) or (DialogueState(), 0)
    assert version == 4
    assert _comparable(again) == _comparable(restored)
    assert again.entities.to_list() == state.entities.to_list()


def test_sessions_unreadable_state_is_a_store_error(sessions: SessionStore) -> None:
    g, s = nt(session_graph("bad")), nt(session_iri("bad"))
    sessions.store.update(
        f'INSERT DATA {{ GRAPH {g} {{ {s} kgc:sessionState "{{not json" ; kgc:version 1 }} }}'
    )
    with pytest.raises(StoreError) as caught:
        sessions.load("bad")
    assert caught.value.code == "KGC414"


def test_sessions_missing_turn_record_is_a_store_error(sessions: SessionStore) -> None:
    state = DialogueState(session_id="holes")
    state.add_turn("user", "Hello.")
    sessions.save(state, version=0)
    g = nt(session_graph("holes"))
    sessions.store.update(f"DELETE WHERE {{ GRAPH {g} {{ ?v kgc:turnRecord ?r }} }}")
    with pytest.raises(StoreError) as caught:
        sessions.load("holes")
    assert caught.value.code == "KGC414"
    assert "no record of turns [0]" in caught.value.message


def test_sessions_delete_forgets_the_state(sessions: SessionStore) -> None:
    state = DialogueState(session_id="gone")
    sessions.save(state, version=0)
    assert sessions.delete("gone") is True
    assert sessions.load("gone") is None
    assert sessions.delete("gone") is False
