"""The dashboard's figures over the last ``days`` days, each from one SPARQL aggregate
(:func:`kgcheck.console.queries.dashboard_queries`), with the rates of :mod:`kgcheck.metrics`.

The store holds, per checked reply, its flags and how many claims it had (``kgc:claimCount``),
but not which claim a flag is about: the share of replies with a flag follows the macro rate's
definition, while the micro rate (unsupported claims / claims) cannot be computed from it, and
the page says so rather than showing an estimate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from kgcheck.console.data import value
from kgcheck.console.queries import dashboard_queries
from kgcheck.metrics import macro_hallucination_rate, ratio
from kgcheck.store import FlagStore

__all__ = ["DAYS", "Dashboard", "Table", "dashboard"]

#: The windows the dashboard offers, in days.
DAYS = (7, 30, 90)
MICRO_UNAVAILABLE = (
    "not available: the store records how many claims each reply had (kgc:claimCount) but not "
    "which claim a flag is about, so unsupported claims cannot be counted"
)


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
    tables: dict[str, Table]
    queries: list[tuple[str, str]]
    micro_note: str = MICRO_UNAVAILABLE


def dashboard(store: FlagStore, days: int, *, now: datetime | None = None) -> Dashboard:
    """The figures of the ``days`` days up to ``now``."""
    now = now or datetime.now(UTC)
    since = (now - timedelta(days=days - 1)).replace(hour=0, minute=0, second=0, microsecond=0)
    texts = dashboard_queries(since)
    answers = {
        name: [{k: value(t) for k, t in row.items()} for row in store.own_query(text).rows]
        for name, text in texts.items()
    }
    day_list = [(since + timedelta(days=n)).date().isoformat() for n in range(days)]

    per_day: dict[str, dict[str, int]] = {}
    flags_table = Table("flags", "Flags per day by type", ["day", "type", "flags"])
    for r in answers["flags"]:
        per_day.setdefault(str(r["type"]), {})[str(r["day"])] = int(r["flags"])
        flags_table.rows.append([r["day"], r["type"], int(r["flags"])])

    decisions = Table("decisions", "Replies by decision", ["decision", "replies", "claims"])
    for r in answers["replies"]:
        decisions.rows.append([r["decision"], int(r["replies"]), int(r.get("claimsChecked", 0))])
    replies = sum(row[1] for row in decisions.rows)
    claims = sum(row[2] for row in decisions.rows)
    flagged = int(answers["flagged"][0].get("flaggedReplies", 0)) if answers["flagged"] else 0
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
        tables={t.name: t for t in (flags_table, decisions, _reviews(answers["reviews"]))},
        queries=[(name, text) for name, text in texts.items()],
    )


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
