"""``/flags`` and ``/review``: the stored flags, their patterns, and the review queue."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from kgcheck.server.models import ReviewRequest
from kgcheck.server.service import ServiceDep
from kgcheck.store import FlagFilter, GroupBy, ReviewAction, ReviewStatus
from kgcheck.store.patterns import patterns
from kgcheck.store.queries import parse_since
from kgcheck.types import FlagType

__all__ = ["router"]

router = APIRouter(tags=["review"])


def _where(
    session: str | None, flag_type: FlagType | None, status: ReviewStatus | None, since: str | None
) -> FlagFilter:
    return FlagFilter(
        session=session,
        flag_type=flag_type,
        status=status,
        since=None if since is None else parse_since(since),
    )


@router.get("/flags", summary="Stored flags, newest first")
def list_flags(
    svc: ServiceDep,
    session: str | None = None,
    flag_type: Annotated[FlagType | None, Query(alias="type")] = None,
    status: ReviewStatus | None = None,
    since: Annotated[str | None, Query(description="ISO date/time, or 24h, 7d, ...")] = None,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 50,
) -> dict[str, Any]:
    found = svc.review.find(_where(session, flag_type, status, since), limit=limit)
    return {"flags": [f.to_dict() for f in found]}


@router.get("/flags/patterns", summary="How often flags occur by type, detector, rule or entity")
def flag_patterns(
    svc: ServiceDep,
    by: GroupBy = GroupBy.TYPE,
    session: str | None = None,
    flag_type: Annotated[FlagType | None, Query(alias="type")] = None,
    status: ReviewStatus | None = None,
    since: str | None = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 20,
) -> dict[str, Any]:
    found = patterns(svc.store, by, _where(session, flag_type, status, since), limit=limit)
    return {"by": str(by), "patterns": [p.to_dict() for p in found]}


@router.get("/review", summary="The review queue (default: pending flags)")
def review_queue(
    svc: ServiceDep,
    status: ReviewStatus = ReviewStatus.PENDING,
    session: str | None = None,
    flag_type: Annotated[FlagType | None, Query(alias="type")] = None,
    since: str | None = None,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 50,
) -> dict[str, Any]:
    found = svc.review.find(_where(session, flag_type, status, since), limit=limit)
    return {"flags": [f.to_dict() for f in found]}


@router.get("/review/{flag_id}", summary="One flag with its reply, evidence and review history")
def review_show(flag_id: str, svc: ServiceDep) -> dict[str, Any]:
    return {"flag": svc.review.show(flag_id).to_dict()}


@router.post("/review/{flag_id}/{action}", summary="Approve, reject or annotate a flag")
def review_change(
    flag_id: str, action: ReviewAction, body: ReviewRequest, svc: ServiceDep
) -> dict[str, Any]:
    """``approve``: the flagged text was right (a false positive); ``reject``: a confirmed
    hallucination; ``note``: a comment (a pending flag becomes reviewed)."""
    if action is ReviewAction.NOTE:
        event = svc.review.note(flag_id, reviewer=body.reviewer, note=body.note or "")
    else:
        event = svc.review.change(flag_id, action, reviewer=body.reviewer, note=body.note)
    return {"event": event.to_dict(), "status": str(event.to_status)}
