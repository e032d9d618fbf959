"""``/sessions``: check a turn in a conversation the service keeps, add turns, read one.

Sessions live in the store (``kgcheck.store.sessions``), so any worker can serve any request
of a session. A check loads the session, checks the reply, appends the user message and the
mitigated reply, and saves it under the version it loaded; when another worker saved the session
meanwhile, the check is done again on the new state (up to three times).

The report is staged in the spool *before* the session is saved and stored (or spooled) after,
so a failure or a crash in between leaves it on disk to be replayed, never lost. While the store
is down, checks go on: the session is kept in this worker's memory (``session.store_status``:
``cached``) and the report is spooled (``report.store_status``: ``spooled``).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import APIRouter, Request, Response

from kgcheck.budget import Budget, run_until_gone
from kgcheck.errors import SessionNotFound, StoreConflict, StoreError
from kgcheck.history.state import DialogueState
from kgcheck.report import TurnReport
from kgcheck.server.models import CheckRequest, TurnRequest
from kgcheck.server.service import Service, ServiceDep
from kgcheck.types import Decision

__all__ = ["router"]

router = APIRouter(prefix="/sessions", tags=["sessions"])

_ATTEMPTS = 3


def _summary(state: DialogueState, version: int, saved: bool = True) -> dict[str, Any]:
    return {
        "id": state.session_id,
        "version": version,
        "turns": len(state.turns),
        "store_status": "stored" if saved else "cached",
    }


def _load(svc: Service, session_id: str) -> tuple[DialogueState, int]:
    loaded = svc.load_session(session_id)
    return loaded if loaded is not None else (DialogueState(session_id=session_id), 0)


@router.post("/{session_id}/check", summary="Check the agent's next reply in a session")
async def check_turn(
    session_id: str, body: CheckRequest, svc: ServiceDep, request: Request
) -> dict[str, Any]:
    """The report (flags, actions, decision, mitigated text) and the session after the turn.

    With ``commit`` (the default) the user message, if given, and the mitigated reply are added
    to the session; a rejected reply (to be rewritten, or held for a person) is not: the agent
    sends its next attempt to be checked in its place. The report is stored in the flag store
    either way.

    The check runs on a worker thread within the configuration's ``budget_s``; a client that
    disconnects cancels it at its next stage, and a cancelled check changes no session and
    stores no report.
    """
    started = time.perf_counter()
    budget = Budget(svc.checker.config.budget_s)
    work = asyncio.to_thread(_check_turn, session_id, body, svc, budget)
    try:
        answer, report = await run_until_gone(work, budget, request.is_disconnected)
    except Exception as exc:
        svc.metrics.check_failed("turn", exc)
        raise
    svc.metrics.turn_checked(report, seconds=time.perf_counter() - started)
    return answer


def _check_turn(
    session_id: str, body: CheckRequest, svc: Service, budget: Budget | None = None
) -> tuple[dict[str, Any], TurnReport]:
    sources = [{"id": s.id, "text": s.text} for s in body.sources]
    with svc.session_lock(session_id):
        for attempt in range(_ATTEMPTS):
            state, version = _load(svc, session_id)
            stored = _summary(state, version, session_id not in svc.unsaved_sessions())
            if body.user is not None:
                state.add_turn("user", body.user, time=body.now)
            for call in body.tool_results:
                state.add_tool_result(
                    call.name,
                    call.result,
                    arguments=call.arguments,
                    schema=call.schema_,
                    kind=call.kind,
                    call_id=call.call_id,
                )
            report = svc.checker.check_turn(
                body.reply, state, now=body.now, sources=sources, record=False, budget=budget
            )
            if budget is not None and budget.cancelled:
                # the client left: nobody reads this report, and the reply was never sent
                return {"report": report.to_dict(), "session": stored}, report
            staged = svc.stage(report) if body.commit else None
            try:
                if body.commit:
                    if report.decision != Decision.REJECT:
                        state.add_turn("assistant", report.text, time=body.now, report=report)
                    stored = _summary(state, *svc.save_session(state, version=version))
                svc.record(report, staged=staged)
            except StoreError as exc:
                if isinstance(exc, StoreConflict) and attempt < _ATTEMPTS - 1:
                    svc.unstage(staged, keep=False)
                    continue
                svc.unstage(staged, keep=True)
                raise
            except BaseException:
                svc.unstage(staged, keep=True)
                raise
            return {"report": report.to_dict(), "session": stored}, report
    raise AssertionError("unreachable")


@router.post("/{session_id}/turns", summary="Add a turn to a session without checking it")
def add_turn(session_id: str, body: TurnRequest, svc: ServiceDep) -> dict[str, Any]:
    with svc.session_lock(session_id):
        for attempt in range(_ATTEMPTS):
            state, version = _load(svc, session_id)
            state.add_turn(body.role, body.text, time=body.time)
            try:
                version, saved = svc.save_session(state, version=version)
            except StoreError as exc:
                if isinstance(exc, StoreConflict) and attempt < _ATTEMPTS - 1:
                    continue
                raise
            return {"session": _summary(state, version, saved)}
    raise AssertionError("unreachable")


@router.get("/{session_id}", summary="Read a session: its turns, claims, entities and reports")
def read_session(session_id: str, svc: ServiceDep) -> dict[str, Any]:
    loaded = svc.load_session(session_id)
    if loaded is None:
        raise SessionNotFound(f"no session {session_id!r}")
    state, version = loaded
    saved = session_id not in svc.unsaved_sessions()
    return {"session": _summary(state, version, saved), "state": state.to_dict()}


@router.delete("/{session_id}", status_code=204, summary="Forget a session (its flags stay)")
def delete_session(session_id: str, svc: ServiceDep) -> Response:
    if not svc.sessions.delete(session_id):
        raise SessionNotFound(f"no session {session_id!r}")
    return Response(status_code=204)
