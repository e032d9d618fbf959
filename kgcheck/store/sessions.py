"""Conversations the service keeps between requests, in the flag store, one record per turn.

A session lives in its own named graph, ``<urn:kgcheck:session:{id}/state>``. Each save adds a
*version* node, ``<urn:kgcheck:session:{id}/version/{token}>``: its number (``kgc:version``), the
version it continues (``prov:wasRevisionOf``), the number of turns (``kgc:turnCount``), and one
JSON literal (``kgc:turnRecord``) per turn the save added: role, text, time, report, claims,
sentences, the claims the rules see and the entity sightings (``DialogueState.turn_dict``, without
embeddings, which are recomputed when needed), and one per tool result the save added
(``{"tool": ..., "seq": n}``). A turn stored before the checker recorded its
claims gets a second, smaller record (``"patch": true``) once it has them. Nothing is rewritten,
so what a save writes does not grow with the length of the conversation.

The session's ``kgc:head`` names its latest version. A save is one update that adds its version
and moves the head only while the head is still the version the saver loaded; the saver then
reads the head back to know whether it won, so two workers continuing one session never lose a
turn silently (the loser gets ``StoreConflict`` and loads again). Should a store let both updates
through, the version with the smaller IRI is the head, for the writers and for every reader, and
the other writer removes its version. Loading reads the head and every version in one query and
replays the records of the head's chain, oldest first; restoring needs no re-analysis.

A session stored by earlier releases, its whole state as one JSON literal (``kgc:sessionState``),
is read as it is, and its first save here writes all its turns as records and removes the
literal.

Usage::

    sessions = SessionStore(store)
    state, version = sessions.load("c-42") or (DialogueState(session_id="c-42"), 0)
    state.add_turn("user", "Who leads Analytics?")
    version = sessions.save(state, version=version)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

from rdflib import Literal, URIRef

from kgcheck.errors import InputError, SessionUnreadable, StoreConflict
from kgcheck.history.state import DialogueState, Turn
from kgcheck.store.base import FlagStore
from kgcheck.store.rdf import date_time, nt, session_graph, session_iri
from kgcheck.store.results import Term

__all__ = ["SessionStore"]

#: What a patch record holds: what the checker records of a turn after it was stored.
_RECORDED = ("recorded", "claims", "sentences", "moods", "past", "seen")


@dataclass
class _Version:
    number: int
    previous: str | None = None
    records: list[dict[str, Any]] = field(default_factory=list)


class SessionStore:
    """Dialogue states by session id, versioned, stored one turn at a time."""

    def __init__(self, store: FlagStore) -> None:
        self.store = store

    # --- reading --------------------------------------------------------------------------

    def load(self, session_id: str) -> tuple[DialogueState, int] | None:
        """The stored state of ``session_id`` and its version, or ``None``.

        Raises:
            StoreError: (KGC414) the stored state cannot be read back.
        """
        g, s = nt(session_graph(session_id)), nt(session_iri(session_id))
        rows = self.store.own_query(
            f"SELECT * WHERE {{ GRAPH {g} {{\n"
            f"  {{ {s} kgc:head ?head . ?head kgc:version ?number ; kgc:turnCount ?count .\n"
            "    OPTIONAL { ?head kgc:referenceTime ?now } }\n"
            "  UNION { ?version a kgc:SessionVersion ; kgc:version ?n .\n"
            "    OPTIONAL { ?version prov:wasRevisionOf ?previous }\n"
            "    OPTIONAL { ?version kgc:turnRecord ?record } }\n"
            f"  UNION {{ {s} kgc:sessionState ?state ; kgc:version ?v }}\n"
            "} }"
        ).rows
        try:
            heads = [r for r in rows if "head" in r]
            if heads:
                return self._replay(session_id, heads, rows)
            old = [r for r in rows if "state" in r]
            if not old:
                return None
            latest = max(old, key=lambda r: int(r["v"].value))
            state = DialogueState.from_dict(json.loads(latest["state"].value))
            return state, int(latest["v"].value)
        except (KeyError, TypeError, ValueError, InputError) as exc:
            raise SessionUnreadable(
                f"session {session_id!r}: the stored state cannot be read ({exc})"
            ) from exc

    def _replay(
        self, session_id: str, heads: list[dict[str, Term]], rows: list[dict[str, Term]]
    ) -> tuple[DialogueState, int]:
        versions: dict[str, _Version] = {}
        for row in rows:
            if "version" not in row:
                continue
            version = versions.setdefault(row["version"].value, _Version(int(row["n"].value)))
            if "previous" in row:
                version.previous = row["previous"].value
            if "record" in row:
                version.records.append(json.loads(row["record"].value))
        head = min(heads, key=lambda r: (-int(r["number"].value), r["head"].value))
        chain: list[_Version] = []
        at: str | None = head["head"].value
        while at is not None:
            if at not in versions or len(chain) > len(versions):
                raise ValueError(f"version {at} is missing")
            chain.append(versions[at])
            at = versions[at].previous
        turns: dict[int, dict[str, Any]] = {}
        tools: dict[int, dict[str, Any]] = {}
        for version in reversed(chain):
            for record in version.records:
                if "tool" in record:
                    tools[int(record["seq"])] = record["tool"]
            said = [r for r in version.records if "tool" not in r]
            for record in sorted(said, key=lambda r: int(r["index"])):
                index = int(record["index"])
                if record.get("patch"):
                    turns[index].update({k: record[k] for k in _RECORDED})
                else:
                    turns[index] = record
        count = int(head["count"].value)
        missing = [n for n in range(count) if n not in turns]
        if missing:
            raise ValueError(f"no record of turns {missing}")
        now = head["now"].value if "now" in head else None
        state = DialogueState.from_dict(
            {
                "session_id": session_id,
                "now": now,
                "turns": [turns[n] for n in range(count)],
                "tool_results": [tools[n] for n in sorted(tools)],
            }
        )
        for turn in state.turns:
            turn.saved = turn.recorded
        for call in state.tool_results:
            call.saved = True
        return state, int(head["number"].value)

    # --- writing --------------------------------------------------------------------------

    def save(self, state: DialogueState, *, version: int) -> int:
        """Store the turns of ``state`` not stored yet, if the stored version is still
        ``version`` (0: a new session).

        Returns:
            the new version.

        Raises:
            StoreError: (KGC412) another worker saved the session since it was loaded.
        """
        session = state.session_id
        g, s = nt(session_graph(session)), nt(session_iri(session))
        new = nt(URIRef(f"{session_iri(session)}/version/{uuid4().hex}"))
        written, records = self._records(state)
        now = state.reference_time
        body = [
            f"{new} a kgc:SessionVersion ; kgc:version {version + 1} ; "
            f"kgc:turnCount {len(state.turns)} ; "
            f"prov:generatedAtTime {nt(date_time(datetime.now(UTC)))}",
            *(f"kgc:turnRecord {nt(Literal(r))}" for r in records),
        ]
        if now is not None:
            body.append(f"kgc:referenceTime {nt(Literal(now.isoformat()))}")
        insert = f"{s} kgc:head {new} .\n" + " ;\n  ".join(body) + " ."
        if version == 0:
            self.store.update(
                f"INSERT {{ GRAPH {g} {{ {s} a kgc:Session ; kgc:session "
                f"{nt(Literal(session))} .\n{insert} }} }}\n"
                f"WHERE {{ FILTER NOT EXISTS {{ GRAPH {g} {{ {{ {s} kgc:head ?h }} "
                f"UNION {{ {s} kgc:sessionState ?d }} }} }} }}"
            )
        else:
            self.store.update(_continue(g, s, new, insert, version))
        if not self._won(g, s, new):
            raise StoreConflict(
                f"session {session!r} was changed by another request; load it again"
            )
        for turn in written:
            turn.saved = turn.recorded
        for call in state.tool_results:
            call.saved = True
        return version + 1

    def _records(self, state: DialogueState) -> tuple[list[Turn], list[str]]:
        """The turns to write, and their records: those not stored yet whole, those stored
        before the checker recorded them as patches."""
        turns: list[Turn] = []
        records: list[str] = []
        for turn in state.turns:
            if turn.saved is None:
                record = state.turn_dict(turn, embeddings=False)
            elif not turn.saved and turn.recorded:
                data = state.turn_dict(turn, embeddings=False)
                record = {"index": turn.index, "patch": True} | {k: data[k] for k in _RECORDED}
            else:
                continue
            turns.append(turn)
            records.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
        for seq, call in enumerate(state.tool_results):
            if not call.saved:
                tool = {"tool": call.to_dict(), "seq": seq}
                records.append(json.dumps(tool, ensure_ascii=False, separators=(",", ":")))
        return turns, records

    def _won(self, g: str, s: str, new: str) -> bool:
        """Whether the version ``new`` is the session's: the head, or continued by another.
        A version that went in beside a better head is taken out again."""
        rows = self.store.own_query(
            f"SELECT ?head ?number ?next WHERE {{ GRAPH {g} {{\n"
            f"  {{ {s} kgc:head ?head . ?head kgc:version ?number }}\n"
            f"  UNION {{ ?next prov:wasRevisionOf {new} }} }} }}"
        ).rows
        if any("next" in r for r in rows):
            return True
        heads = [r for r in rows if "head" in r]
        if not heads:
            return False
        best = min(heads, key=lambda r: (-int(r["number"].value), r["head"].value))
        if nt(URIRef(best["head"].value)) == new:
            return True
        if any(nt(URIRef(r["head"].value)) == new for r in heads):
            self.store.update(
                f"DELETE {{ GRAPH {g} {{ {s} kgc:head {new} . {new} ?p ?o }} }}\n"
                f"WHERE {{ GRAPH {g} {{ {new} ?p ?o }} }}"
            )
        return False

    def delete(self, session_id: str) -> bool:
        """Forget a session's state (its stored turn reports stay). ``False`` if there was none."""
        g = nt(session_graph(session_id))
        if not self.store.own_query(f"ASK {{ GRAPH {g} {{ ?s ?p ?o }} }}").boolean:
            return False
        self.store.update(f"DROP SILENT GRAPH {g}")
        return True


def _continue(g: str, s: str, new: str, insert: str, version: int) -> str:
    """The update that adds version ``new`` over stored version ``version``: over the head
    when it is that version (and no better head stands beside it), else over a state stored
    whole by an earlier release, which it removes."""
    return (
        f"DELETE {{ GRAPH {g} {{ {s} kgc:head ?old ; kgc:sessionState ?state ; "
        "kgc:version ?v ; kgc:writer ?w ; prov:generatedAtTime ?t } }\n"
        f"INSERT {{ GRAPH {g} {{ {insert}\n  {new} prov:wasRevisionOf ?head }} }}\n"
        f"WHERE {{ GRAPH {g} {{\n"
        f"  {{ {s} kgc:head ?head ; kgc:head ?old . ?head kgc:version ?n .\n"
        f"    FILTER(?n = {version})\n"
        f"    FILTER NOT EXISTS {{ {s} kgc:head ?rival . ?rival kgc:version ?r .\n"
        "      FILTER(?r > ?n || (?r = ?n && STR(?rival) < STR(?head))) } }\n"
        f"  UNION {{ {s} kgc:sessionState ?state ; kgc:version ?v . FILTER(?v = {version})\n"
        f"    OPTIONAL {{ {s} kgc:writer ?w }} OPTIONAL {{ {s} prov:generatedAtTime ?t }}\n"
        f"    FILTER NOT EXISTS {{ {s} kgc:head ?any }} }}\n"
        "} }"
    )
