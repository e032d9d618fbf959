"""Conversations the service keeps between requests, in the flag store.

A session is its ``DialogueState`` as JSON (``to_dict``: turns, their claims and entities, the
reports) in one literal of its own named graph, ``<urn:kgcheck:session:{id}/state>``. Keeping it in
the store, rather than in a table beside it, means every worker of the service, on any machine,
sees the same sessions through the one store they already share, and a restarted service picks
them up; restoring needs no re-analysis. Each save names the version it read: the update only
applies when that is still the stored version, and the saver reads back its own random token to
know whether it won, so two workers continuing one session never lose a turn silently.

Usage::

    sessions = SessionStore(store)
    state, version = sessions.load("c-42") or (DialogueState(session_id="c-42"), 0)
    state.add_turn("user", "Who leads Analytics?")
    version = sessions.save(state, version=version)
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from uuid import uuid4

from rdflib import Literal

from kgcheck.errors import InputError, SessionUnreadable, StoreConflict
from kgcheck.history.state import DialogueState
from kgcheck.store.base import FlagStore
from kgcheck.store.rdf import date_time, nt, session_graph, session_iri

__all__ = ["SessionStore"]


class SessionStore:
    """Dialogue states by session id, versioned."""

    def __init__(self, store: FlagStore) -> None:
        self.store = store

    def load(self, session_id: str) -> tuple[DialogueState, int] | None:
        """The stored state of ``session_id`` and its version, or ``None``.

        Raises:
            StoreError: (KGC414) the stored state cannot be read back.
        """
        g, s = nt(session_graph(session_id)), nt(session_iri(session_id))
        rows = self.store.query(
            f"SELECT ?state ?version WHERE {{ GRAPH {g} {{ {s} kgc:sessionState ?state ; "
            "kgc:version ?version } } ORDER BY DESC(?version) LIMIT 1"
        ).rows
        if not rows:
            return None
        version = int(rows[0]["version"].value)
        try:
            state = DialogueState.from_dict(json.loads(rows[0]["state"].value))
        except (ValueError, InputError) as exc:
            raise SessionUnreadable(
                f"session {session_id!r}: the stored state cannot be read ({exc})"
            ) from exc
        return state, version

    def save(self, state: DialogueState, *, version: int) -> int:
        """Store ``state`` if the stored version is still ``version`` (0: a new session).

        Returns:
            the new version.

        Raises:
            StoreError: (KGC412) another worker saved the session since it was loaded.
        """
        g, s = nt(session_graph(state.session_id)), nt(session_iri(state.session_id))
        token = uuid4().hex
        data = nt(Literal(json.dumps(state.to_dict(), separators=(",", ":"))))
        now = nt(date_time(datetime.now(UTC)))
        values = (
            f"kgc:sessionState {data} ; kgc:version {version + 1} ; "
            f'kgc:writer "{token}" ; prov:generatedAtTime {now}'
        )
        if version == 0:
            self.store.update(
                f"INSERT {{ GRAPH {g} {{ {s} a kgc:Session ; "
                f"kgc:session {nt(Literal(state.session_id))} ; {values} }} }}\n"
                f"WHERE {{ FILTER NOT EXISTS {{ GRAPH {g} {{ {s} kgc:version ?v }} }} }}"
            )
        else:
            self.store.update(
                f"DELETE {{ GRAPH {g} {{ {s} kgc:sessionState ?d ; kgc:version ?v ; "
                "kgc:writer ?w ; prov:generatedAtTime ?t } }\n"
                f"INSERT {{ GRAPH {g} {{ {s} {values} }} }}\n"
                f"WHERE {{ GRAPH {g} {{ {s} kgc:sessionState ?d ; kgc:version ?v ; "
                f"kgc:writer ?w ; prov:generatedAtTime ?t }} FILTER(?v = {version}) }}"
            )
        rows = self.store.query(f"SELECT ?w WHERE {{ GRAPH {g} {{ {s} kgc:writer ?w }} }}").rows
        if [r["w"].value for r in rows] != [token]:
            raise StoreConflict(
                f"session {state.session_id!r} was changed by another request; load it again"
            )
        return version + 1

    def delete(self, session_id: str) -> bool:
        """Forget a session's state (its stored turn reports stay). ``False`` if there was none."""
        if self.load(session_id) is None:
            return False
        self.store.update(f"DROP SILENT GRAPH {nt(session_graph(session_id))}")
        return True
