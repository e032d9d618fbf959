"""The dashboard's figures over the last ``days`` days, each from one SPARQL aggregate over
the per-day counts the store keeps (:func:`kgcheck.console.queries.dashboard_queries`; from the
turn graphs where a store keeps none and cannot build them), with the rates of
:mod:`kgcheck.metrics`.

The macro rate is the share of replies with a flag; the micro rate, unsupported claims / claims,
counts the claims as :func:`kgcheck.metrics.claim_verdicts` does (a flagged claim is unsupported,
a flag on no claim is one more unsupported claim) over the replies that record them: reports
stored before kgcheck recorded which claim a flag is about do not, and the page says how many
replies the micro rate covers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from kgcheck.console.data import value
from kgcheck.console.queries import dashboard_queries, turn_graph_queries
from kgcheck.metrics import macro_hallucination_rate, micro_hallucination_rate, ratio
from kgcheck.store import FlagStore
from kgcheck.store.rollups import ensure_rollups

__all__ = ["DAYS", "Dashboard", "Table", "dashboard"]

#: The windows the dashboard offers, in days.
DAYS = (7, 30, 90)


@dataclass(slots=True)
class Table:
    """One table of the page, also offered as CSV (``?format=csv&table=<name>``)."""

    name: str
    title: str
    columns: list[str]
    rows: list[list[Any]] = field(default_factory=list)


@dataclass(slots=True)
class Dashboard:
    days: int
    since: datetime
    #: The UTC days of the window, oldest first, and flags per day by type.
    day_list: list[str]
    per_day: dict[str, dict[str, int]]
    replies: int
    flagged: int
    claims: int
    flags: int
    macro: float | None
    #: Unsupported claims / judged claims, over the ``judged_replies`` replies that record them.
    micro: float | None
    unsupported: int
    judged: int
    judged_replies: int
    tables: dict[str, Table]
    queries: list[tuple[str, str]]
    #: Whether the figures come from the per-day counts (else from the turn graphs).
    from_counts: bool = True


def dashboard(store: FlagStore, days: int, *, now: datetime | None = None) -> Dashboard:
    """The figures of the ``days`` days up to ``now``."""
    now = now or datetime.now(UTC)
    since = (now - timedelta(days=days - 1)).replace(hour=0, minute=0, second=0, microsecond=0)
    from_counts = ensure_rollups(store)
    texts = (dashboard_queries if from_counts else turn_graph_queries)(since)
    answers = {
        name: [{k: value(t) for k, t in row.items()} for row in store.own_query(text).rows]
        for name, text in texts.items()
    }
    day_list = [(since + timedelta(days=n)).date().isoformat() for n in range(days)]

    per_day: dict[str, dict[str, int]] = {}
    flags_table = Table("flags", "Flags per day by type", ["day", "type", "flags"])
    for r in answers["flags"]:
        per_day.setdefault(str(r["type"]), {})[str(r["day"])] = int(r["flags"])
        flags_table.rows.append([str(r["day"]), r["type"], int(r["flags"])])

    decisions = Table("decisions", "Replies by decision", ["decision", "replies", "claims"])
    for r in answers["replies"]:
        decisions.rows.append([r["decision"], int(r["replies"]), int(r.get("claimsChecked", 0))])
    replies = sum(row[1] for row in decisions.rows)
    claims = sum(row[2] for row in decisions.rows)
    flagged = int(_first(answers["flagged"]).get("flaggedReplies", 0))
    micro = _first(answers["micro"])
    judged, unsupported = int(micro.get("judgedClaims", 0)), int(micro.get("unsupportedClaims", 0))
    # the macro rate's own definition: a reply "with an unsupported claim" is one with a flag
    macro = macro_hallucination_rate([[False]] * flagged + [[]] * (replies - flagged))

    return Dashboard(
        days=days,
        since=since,
        day_list=day_list,
        per_day=per_day,
        replies=replies,
        flagged=flagged,
        claims=claims,
        flags=sum(row[2] for row in flags_table.rows),
        macro=macro,
        micro=micro_hallucination_rate([[True] * (judged - unsupported) + [False] * unsupported]),
        unsupported=unsupported,
        judged=judged,
        judged_replies=int(micro.get("judgedReplies", 0)),
        tables={t.name: t for t in (flags_table, decisions, _reviews(answers["reviews"]))},
        queries=[(name, text) for name, text in texts.items()],
        from_counts=from_counts,
    )


def _first(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The one row of an aggregate without ``GROUP BY``, its unbound sums left out."""
    return {k: v for k, v in rows[0].items() if v is not None} if rows else {}


def _reviews(records: list[dict[str, Any]]) -> Table:
    """Rulings by detector, and the false-positive rate: approved / (approved + rejected)."""
    counts: dict[str, dict[str, int]] = {}
    for r in records:
        counts.setdefault(str(r["detector"]), {})[str(r["status"])] = int(r["flags"])
    table = Table(
        "reviews",
        "Reviews by detector",
        ["detector", "approved", "rejected", "noted", "false_positive_rate"],
    )
    for detector, by in sorted(counts.items()):
        approved, rejected = by.get("approved", 0), by.get("rejected", 0)
        rate = ratio(approved, approved + rejected)
        table.rows.append(
            [detector, approved, rejected, by.get("reviewed", 0), None if rate is None else rate]
        )
    return table
