"""Sessions kept in the store: what is saved comes back without re-analysis, and a stale save
is refused."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.errors import StoreError
from kgcheck.store import SessionStore
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.rdf import nt, session_graph, session_iri
from tests.store.reports import make_report


@pytest.fixture
def sessions() -> SessionStore:
    return SessionStore(OxigraphFlagStore(None))


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
    assert restored.to_dict() == state.to_dict()
    assert restored.pending() == []  # nothing to analyse again


def test_sessions_missing_session_is_none(sessions: SessionStore) -> None:
    assert sessions.load("nobody") is None


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


def test_sessions_delete_forgets_the_state(sessions: SessionStore) -> None:
    state = DialogueState(session_id="gone")
    sessions.save(state, version=0)
    assert sessions.delete("gone") is True
    assert sessions.load("gone") is None
    assert sessions.delete("gone") is False


def test_sessions_unreadable_state_is_a_store_error(sessions: SessionStore) -> None:
    g, s = nt(session_graph("bad")), nt(session_iri("bad"))
    sessions.store.update(
        f'INSERT DATA {{ GRAPH {g} {{ {s} kgc:sessionState "{{not json" ; kgc:version 1 }} }}'
    )
    with pytest.raises(StoreError) as caught:
        sessions.load("bad")
    assert caught.value.code == "KGC414"


def test_sessions_stored_state_grows_linearly_and_keeps_one_version(
    sessions: SessionStore,
) -> None:
    """Issue 19: a session's stored bytes for turn N stay within a bound linear in N, and the
    store keeps only the latest version (each save deletes the one it replaces)."""
    state = DialogueState(session_id="long")
    g, s = nt(session_graph("long")), nt(session_iri("long"))
    sizes = []
    version = 0
    for n in range(1, 41):
        state.add_turn("user", f"Question {n}: where does Dr. Patel work?")
        state.add_turn("assistant", "Dr. Patel works in Cardiology.", report=make_report(turn=n))
        version = sessions.save(state, version=version)
        rows = sessions.store.query(
            f"SELECT ?d WHERE {{ GRAPH {g} {{ {s} kgc:sessionState ?d }} }}"
        )
        assert len(rows.rows) == 1  # one version kept, not one per turn
        sizes.append(len(rows.rows[0]["d"].value.encode("utf-8")))
    per_turn = sizes[1] - sizes[0]
    for n, size in enumerate(sizes, start=1):
        assert size <= sizes[0] + 1.1 * per_turn * (n - 1)
