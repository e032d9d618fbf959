"""What every integration does: check a reply against the turns before it, and pick what is
sent instead of it (the reply as it was, the mitigated text, or the refusal)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TypeVar

from kgcheck.checker import Checker
from kgcheck.history import DialogueState
from kgcheck.report import TurnReport
from kgcheck.tools.results import ToolResult
from kgcheck.types import Decision

__all__ = ["DEFAULT_REFUSAL", "check_reply", "outgoing"]

#: What a rejected reply is replaced with unless ``refusal`` says otherwise.
DEFAULT_REFUSAL = "I'm sorry, I can't give a reliable answer to that."

T = TypeVar("T")


def check_reply(
    checker: Checker,
    history: Iterable[tuple[str, str] | ToolResult],
    reply: str,
    *,
    session_id: str,
    now: datetime | str | None = None,
    record: bool = True,
) -> TurnReport:
    """Check ``reply`` after the ``(role, text)`` turns and the tool results of ``history``,
    in order (a fresh state)."""
    state = DialogueState(session_id=session_id, now=now)
    for item in history:
        if isinstance(item, ToolResult):
            state.add_call(item)
        else:
            state.add_turn(*item)
    return checker.check_turn(reply, state, record=record)


def outgoing(report: TurnReport, original: T, refusal: str) -> T | str:
    """What to send: ``report.text`` when revised, ``refusal`` when rejected, else
    ``original`` (accepted, with or without warnings)."""
    if report.decision == Decision.REVISE:
        return report.text
    if report.decision == Decision.REJECT:
        return refusal
    return original
