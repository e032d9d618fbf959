"""The console's pages: the review queue, a conversation, the dashboard, and the review
actions, which go through :meth:`kgcheck.store.ReviewQueue.change` like ``kgcheck review``."""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.responses import RedirectResponse, Response

from kgcheck.console import data
from kgcheck.console.auth import Session, read_form
from kgcheck.console.charts import stacked_bars
from kgcheck.console.dashboard import DAYS, dashboard
from kgcheck.console.export import csv_response
from kgcheck.console.highlight import pieces
from kgcheck.console.login import settings
from kgcheck.console.params import FIELDS, cursor_text, queue_filter
from kgcheck.console.render import page, secure
from kgcheck.errors import InvalidValue, KgcheckError, http_status
from kgcheck.server.errors import public_message
from kgcheck.server.service import service
from kgcheck.store import ReviewAction
from kgcheck.types import FlagType, Severity

__all__ = ["router"]

router = APIRouter(prefix="/console", include_in_schema=False)

#: Flags per queue page.
PAGE = 50
_QUEUE_CSV = ["id", "time", "session", "turn", "type", "severity", "status", "confidence"]
_QUEUE_CSV += ["detector", "rule", "content", "message", "correction", "reply"]


def _login(request: Request) -> Session | Response:
    """The logged-in session, or the redirect to the login form."""
    session = settings(request).read(request)
    if session is None or not session.logged_in:
        return secure(RedirectResponse("/console/login", status_code=303))
    return session


def _failed(request: Request, session: Session, exc: KgcheckError, outcome: str = "") -> Response:
    """A store or input error, said on the page (naming no file or store address): nothing is
    lost silently."""
    message = public_message(exc.message, service(request).store.private_names())
    said = f"{exc.code}: {message}" + (f" ({outcome})" if outcome else "")
    return page(request, "error.html", session, http_status(exc), error=said)


@router.get("")
def home() -> Response:
    return secure(RedirectResponse("/console/queue", status_code=303))


@router.get("/queue")
def queue(request: Request) -> Response:
    """Flags waiting for review (or in another status), newest first, filtered and paged."""
    session = _login(request)
    if not isinstance(session, Session):
        return session
    params = request.query_params
    try:
        where = queue_filter(params)
        found = data.queue(service(request).store, where, PAGE)
    except KgcheckError as exc:
        return _failed(request, session, exc)
    if params.get("format") == "csv":
        return csv_response("queue", _QUEUE_CSV, [_csv_row(r) for r in found.rows])
    kept = {k: params[k] for k in FIELDS if params.get(k)}
    nxt = (
        None if found.next is None else "?" + urlencode(kept | {"before": cursor_text(found.next)})
    )
    return page(
        request,
        "queue.html",
        session,
        page=found,
        filters=kept,
        next_url=nxt,
        csv_url="?" + urlencode({**dict(params), "format": "csv"}),
        here=str(request.url.path) + ("?" + str(request.url.query) if request.url.query else ""),
        pieces=lambda row: (
            pieces(row.report.get("replyText", ""), [(row.id, *row.span)]) if row.span else None
        ),
        types=[str(t) for t in FlagType.known()],
        severities=[str(s) for s in Severity],
        message=params.get("done"),
    )


def _csv_row(row: data.FlagRow) -> list[object]:
    p, r = row.props, row.report
    head = [row.id, r.get("time"), r.get("session"), r.get("turnIndex"), p.get("flagType")]
    flag = [p.get(k) for k in ("severity", "reviewStatus", "confidence", "detector", "rule")]
    texts = [p.get(k) for k in ("content", "message", "correction")]
    return [*head, *flag, *texts, r.get("replyText")]


@router.post("/flags/{flag}/{action}")
async def review(request: Request, flag: str, action: str) -> Response:
    """Approve (a false positive), reject (a confirmed hallucination) or note a flag, as the
    logged-in reviewer; then back to the page the form was on."""
    session = await run_in_threadpool(_login, request)
    if not isinstance(session, Session):
        return session
    try:
        form = await read_form(request, session)
    except HTTPException as exc:
        return page(request, "error.html", session, exc.status_code, error=exc.detail)
    back = form.get("back", "")
    if not back.startswith("/console/") or back.startswith("/console//"):
        back = "/console/queue"
    note = form.get("note", "").strip() or None
    reviewer = session.reviewer or ""
    try:
        chosen = ReviewAction(action)
        if chosen is ReviewAction.NOTE and note is None:
            raise InvalidValue("a note needs some text")
        event = await run_in_threadpool(
            service(request).review.change, flag, chosen, reviewer=reviewer, note=note
        )
    except ValueError:
        refused = InvalidValue(f"unknown review action {action!r}")
        return _failed(request, session, refused, "the review was not recorded")
    except KgcheckError as exc:
        return _failed(request, session, exc, "the review was not recorded")
    done = f"{event.flag}: {event.from_status} -> {event.to_status} ({event.reviewer})"
    joiner = "&" if "?" in back else "?"
    return secure(RedirectResponse(back + joiner + urlencode({"done": done}), status_code=303))


@router.get("/sessions/{session_id}")
def conversation(request: Request, session_id: str) -> Response:
    """A session's turns with every flag in place and the mitigated replies."""
    session = _login(request)
    if not isinstance(session, Session):
        return session
    try:
        found = data.conversation(service(request).store, session_id)
    except KgcheckError as exc:
        return _failed(request, session, exc)
    if request.query_params.get("format") == "csv":
        rows = [
            [t.index, t.role, t.text, t.mitigated, t.decision, ";".join(f.id for f in t.flags)]
            for t in found.turns
        ]
        columns = ["turn", "role", "text", "mitigated", "decision", "flags"]
        return csv_response(f"session-{session_id}", columns, rows)
    return page(
        request,
        "conversation.html",
        session,
        conv=found,
        pieces=lambda t: pieces(t.text, [(f.id, *f.span) for f in t.flags if f.span]),
        here=str(request.url.path),
        message=request.query_params.get("done"),
    )


@router.get("/dashboard")
def dashboard_page(request: Request) -> Response:
    """Flags per day by type, decisions, rates and false positives by detector."""
    session = _login(request)
    if not isinstance(session, Session):
        return session
    params = request.query_params
    try:
        days = int(params.get("days", "7"))
        if days not in DAYS:
            raise InvalidValue(f"days: one of {', '.join(map(str, DAYS))}")
        board = dashboard(service(request).store, days)
    except ValueError:
        return _failed(request, session, InvalidValue("days: a number of days"))
    except KgcheckError as exc:
        return _failed(request, session, exc)
    if params.get("format") == "csv":
        table = board.tables.get(params.get("table", "flags"))
        if table is None:
            return _failed(
                request, session, InvalidValue(f"table: one of {', '.join(board.tables)}")
            )
        return csv_response(f"{table.name}-{days}d", table.columns, table.rows)
    chart = stacked_bars(board.day_list, board.per_day, title=f"Flags per day by type, {days} days")
    return page(request, "dashboard.html", session, board=board, chart=chart, windows=DAYS)
