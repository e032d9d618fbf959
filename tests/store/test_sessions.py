"""Sessions kept in the store: what is saved comes back without re-analysis, and a stale save
is refused."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.errors import StoreError
from kgcheck.store import SessionStore
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.rdf import nt, session_graph, session_iri


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
