"""Which flags a queue page shows: the newest ``limit`` + 1 flags a filter selects (newest first,
then by flag IRI, as :func:`~kgcheck.console.queries.queue_query` orders them), found the
cheapest way the store allows. Oxigraph reads an index range fast (about 0.4 µs an entry) and
looks nodes up slowly (10-50 µs each), and has no index on time, so:

- the flag conditions (status, type, severity, detector, rule) are first counted, each on its
  own and only up to :data:`FEW` + 1 (:func:`~kgcheck.console.queries.counts_query`, a few ms);
- a condition that selects no flag empties the page at once (and says which);
- one that selects at most :data:`FEW` flags starts the page from them, looking up each one's
  report, time and other conditions (at most some 50 ms); unless the filter names a session,
  whose own reports bound the walk below;
- otherwise the queue walks windows of the newest reports, each window sized by the flags per
  report the walk found so far, until the page is full or no report is left. When the walk
  would still have to read more than :data:`SPARSE` reports, the conditions' flags are
  counted together instead (:func:`~kgcheck.console.queries.intersection_query`), and the page
  starts from them if they are few: a filter whose conditions each select many flags but
  seldom the same ones (type and detector that never meet) is answered in tens of ms, not by
  reading every report.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from kgcheck.console import queries as q
from kgcheck.store import FlagStore

__all__ = ["FEW", "FIRST_WINDOW", "LARGEST_WINDOW", "LISTED", "SPARSE", "Finding", "find"]

#: Flags a condition (or the conditions together) may select for the page to start from them.
FEW = 1000
#: Reports the first window looks at, and the most one window looks at.
FIRST_WINDOW, LARGEST_WINDOW = 64, 4096
#: Reports listed at least per listing query (one listing reads every report's time anyway).
LISTED = 256
#: Reports the walk may still expect to read before it counts the conditions' flags together.
SPARSE = 2048

#: A flag of the page: its IRI, its report's IRI, and the report's time.
Found = tuple[str, str, datetime]
Ran = list[tuple[str, str]]

_SAID = {"status": "review status"}


@dataclass(slots=True)
class Finding:
    """The page's flags (at most ``limit`` + 1), the queries run to find them, and the
    conditions no stored flag meets (``detector "nope"``), when that is why there are none."""

    found: list[Found]
    queries: Ran = field(default_factory=list)
    unmatched: str | None = None


def find(store: FlagStore, where: q.QueueFilter, limit: int) -> Finding:
    """The newest ``limit`` + 1 flags ``where`` selects (see the module's text for how)."""
    finding = Finding([])
    conditions = where.flag_conditions()
    if conditions:
        text = q.counts_query(where, FEW)
        (row,) = store.own_query(text).records()
        finding.queries.append((f"flags each condition selects (counted up to {FEW + 1:,})", text))
        counts = {name: int(row.get(f"{name}Flags") or 0) for name in conditions}
        fewest = min(counts, key=lambda name: counts[name])
        if counts[fewest] == 0:
            finding.unmatched = _said(where, [fewest])
            return finding
        if counts[fewest] <= FEW and where.session is None:
            finding.found = _flag_first(store, where, [fewest], limit, finding.queries)
            return finding
    sparse = None
    if len(conditions) > 1:
        sparse = lambda: _together(store, where, limit, finding)  # noqa: E731
    finding.found = _walk(store, where, limit, finding.queries, sparse)
    return finding


def _said(where: q.QueueFilter, fields: list[str]) -> str:
    """Conditions as the page says them: ``type "temporal_error" and detector "nope"``."""
    chosen = {
        "status": where.status,
        "type": where.flag_type,
        "severity": where.severity,
        "detector": where.detector,
        "rule": where.rule,
    }
    said = [f'{_SAID.get(name, name)} "{chosen[name]}"' for name in fields]
    return f"{', '.join(said[:-1])} and {said[-1]}" if len(said) > 1 else said[0]


def _flag_first(
    store: FlagStore, where: q.QueueFilter, drivers: list[str], limit: int, ran: Ran
) -> list[Found]:
    text = q.flag_first_query(where, drivers, limit + 1)
    ran.append(("the page's flags, from those few", text))
    return _found(store, text)


def _together(
    store: FlagStore, where: q.QueueFilter, limit: int, finding: Finding
) -> list[Found] | None:
    """The page from the flags the conditions select together, when they are few; else None."""
    text = q.intersection_query(where, FEW)
    (row,) = store.own_query(text).records()
    finding.queries.append(
        (f"flags the conditions select together (counted up to {FEW + 1:,})", text)
    )
    selected = int(row.get("flags") or 0)
    if selected > FEW:
        return None
    fields = q.specific_first(where)
    if selected == 0:
        finding.unmatched = _said(where, fields)
        return []
    return _flag_first(store, where, fields, limit, finding.queries)


def _walk(
    store: FlagStore,
    where: q.QueueFilter,
    limit: int,
    ran: Ran,
    sparse: Callable[[], list[Found] | None] | None,
) -> list[Found]:
    """Windows of the newest reports, until ``limit`` + 1 flags are found (or ``sparse``
    finds them another way)."""
    reports = _Reports(store, where, ran)
    found: list[Found] = []
    size, looked = FIRST_WINDOW, 0
    while True:
        window = reports.take(size)
        if window:
            text = q.flag_ids_query(where, window, limit + 1 - len(found))
            ran.append(("the page's flags among them", text))
            found += _found(store, text)
            looked += len(window)
        need = limit + 1 - len(found)
        if need <= 0 or reports.exhausted:
            return found
        # the reports the rest should take, at the flags per report found so far
        rest = need * looked / len(found) if found else math.inf
        if rest > SPARSE and sparse is not None:
            instead = sparse()
            if instead is not None:
                return instead
            sparse = None
        # with a margin, so that the next window mostly fills the page
        size = min(LARGEST_WINDOW, max(FIRST_WINDOW, math.ceil(min(rest, LARGEST_WINDOW) * 1.25)))


class _Reports:
    """The reports a filter allows, newest first, listed as the walk needs them (at least
    :data:`LISTED` at a time: each listing reads every report's time anyway)."""

    def __init__(self, store: FlagStore, where: q.QueueFilter, ran: Ran) -> None:
        self.store, self.where, self.ran = store, where, ran
        self.queued: list[tuple[str, datetime]] = []
        self.last: tuple[datetime, str] | None = None
        self.listed_all = False

    @property
    def exhausted(self) -> bool:
        return self.listed_all and not self.queued

    def take(self, size: int) -> list[tuple[str, datetime]]:
        """The next ``size`` reports, and those after them of the same time: a window never
        splits the reports of one time, so the flags of one window are all newer than the
        next window's, or as new and earlier by IRI, as the page orders them."""
        end = size
        while True:
            if len(self.queued) <= end and not self.listed_all:
                self._list(max(end + 1 - len(self.queued), LISTED))
                continue
            end = min(end, len(self.queued))
            if 0 < end < len(self.queued) and self.queued[end][1] == self.queued[end - 1][1]:
                end += 1
                continue
            window, self.queued = self.queued[:end], self.queued[end:]
            return window

    def _list(self, wanted: int) -> None:
        text = q.window_query(self.where, wanted, after=self.last)
        rows = self.store.own_query(text).rows
        listed = [(r["report"].value, r["time"].python()) for r in rows]
        self.ran.append(("reports, newest first", text))
        self.queued += listed
        self.listed_all = len(listed) < wanted
        if listed:
            self.last = (listed[-1][1], listed[-1][0])


def _found(store: FlagStore, text: str) -> list[Found]:
    """The ``?flag ?report ?time`` rows of ``text`` (IRIs as they are: converting each to a
    vocabulary name first costs more than the query)."""
    rows = store.own_query(text).rows
    return [(r["flag"].value, r["report"].value, r["time"].python()) for r in rows]
