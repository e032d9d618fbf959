"""Patterns in the stored flags: how often each type, detector, rule or entity is flagged, when
last, with the newest examples.

Usage::

    for p in patterns(store, GroupBy.TYPE, FlagFilter(since=parse_since("7d"))):
        print(p.key, p.count, p.last_seen, p.examples)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rdflib import Literal

from kgcheck.store.base import FlagStore
from kgcheck.store.queries import FlagFilter, GroupBy, examples_query, patterns_query

__all__ = ["Pattern", "patterns"]


@dataclass(slots=True)
class Pattern:
    """One group of flags: its key (a flag type, detector, rule id or entity IRI)."""

    key: str
    count: int
    last_seen: datetime | None
    examples: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "count": self.count,
            "last_seen": None if self.last_seen is None else self.last_seen.isoformat(),
            "examples": list(self.examples),
        }


def patterns(
    store: FlagStore,
    by: GroupBy,
    where: FlagFilter | None = None,
    *,
    limit: int = 20,
    examples: int = 3,
) -> list[Pattern]:
    """The most frequent groups first, at most ``limit``, each with up to ``examples`` of the
    newest distinct flagged texts."""
    where = where or FlagFilter()
    result = store.query(patterns_query(by, where, limit=limit))
    out = []
    for row, record in zip(result.rows, result.records(), strict=True):
        term = row["key"]
        key: Literal | str = (
            term.value if term.kind == "uri" else Literal(term.value, datatype=term.datatype)
        )
        texts: list[str] = []
        if examples > 0:
            newest = store.query(examples_query(by, key, where, limit=examples * 3)).records()
            for r in newest:
                if str(r["content"]) not in texts:
                    texts.append(str(r["content"]))
        out.append(
            Pattern(str(record["key"]), int(record["count"]), record["lastSeen"], texts[:examples])
        )
    return out
