"""Tables as CSV downloads (``?format=csv``). A cell that a spreadsheet would read as a formula
(``=``, ``+``, ``-``, ``@``, tab or carriage return first) is prefixed with ``'``: replies are
untrusted text."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from starlette.responses import Response

__all__ = ["csv_response", "to_csv"]

_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)
    if text.startswith(_FORMULA) and not _number(text):
        return "'" + text
    return text


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def to_csv(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """``rows`` under a header of ``columns``, as CSV (RFC 4180 line ends)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_cell(v) for v in row])
    return out.getvalue()


def csv_response(name: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> Response:
    """A CSV download named ``kgcheck-<name>.csv``."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in name)[:80]
    return Response(
        to_csv(columns, rows),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="kgcheck-{safe}.csv"'},
    )
