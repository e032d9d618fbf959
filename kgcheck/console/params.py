"""The queue's filters from the query string, checked: bad values become one message."""

from __future__ import annotations

from datetime import datetime, timedelta

from starlette.datastructures import QueryParams

from kgcheck.console.queries import QueueFilter
from kgcheck.errors import InvalidValue
from kgcheck.store.queries import ReviewStatus, later, parse_since, utc_time
from kgcheck.types import FlagType, Severity

__all__ = ["FIELDS", "cursor_text", "queue_filter"]

#: The queue's filter fields, as the form names them.
FIELDS = ("status", "type", "severity", "detector", "rule", "session", "from", "to")


def _text(params: QueryParams, name: str) -> str | None:
    value = params.get(name, "").strip()
    return value or None


def _end(text: str) -> datetime:
    """``to``: a date includes its whole day (``9999-12-31``: to the end of the calendar); a
    time is the end itself."""
    value = parse_since(text, name="to")
    return later(value, timedelta(days=1)) if len(text.strip()) == 10 else value


def queue_filter(params: QueryParams) -> QueueFilter:
    """The filter the query string asks for (default: pending flags).

    Raises:
        InvalidValue: (KGC406) an unknown type, severity or status, a bad date or cursor.
    """
    try:
        status = _text(params, "status") or "pending"
        flag_type, severity = _text(params, "type"), _text(params, "severity")
        before = None
        if cursor := _text(params, "before"):
            at, _, flag = cursor.partition("|")
            before = (utc_time(datetime.fromisoformat(at)), flag)
        start, end = _text(params, "from"), _text(params, "to")
        return QueueFilter(
            status=None if status == "any" else ReviewStatus(status),
            flag_type=None if flag_type is None else FlagType(flag_type),
            severity=None if severity is None else Severity(severity),
            detector=_text(params, "detector"),
            rule=_text(params, "rule"),
            session=_text(params, "session"),
            start=None if start is None else parse_since(start, name="from"),
            end=None if end is None else _end(end),
            before=before,
        )
    except ValueError as exc:
        raise InvalidValue(f"queue filter: {exc}") from exc


def cursor_text(cursor: tuple[datetime, str]) -> str:
    return f"{cursor[0].isoformat()}|{cursor[1]}"
