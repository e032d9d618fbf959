"""``DialogueState``: the turns of a conversation, kept by the caller and read by the checker."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from kgcheck.errors import InputError

if TYPE_CHECKING:
    from kgcheck.report import TurnReport

__all__ = ["ROLES", "DialogueState", "Turn", "parse_time"]

ROLES = ("user", "assistant", "system")


def parse_time(value: str | datetime | None) -> datetime | None:
    """An aware datetime from ISO text (naive times are taken as UTC)."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError as exc:
            raise InputError(f"not an ISO 8601 time: {value!r}", code="KGC601") from exc
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


@dataclass
class Turn:
    """One turn: who spoke, what they said, when, and the checker's report when there is one."""

    index: int
    role: str
    text: str
    time: datetime | None = None
    report: TurnReport | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "role": self.role,
            "text": self.text,
            "time": None if self.time is None else self.time.isoformat(),
            "report": None if self.report is None else self.report.to_dict(),
        }


@dataclass
class DialogueState:
    """The conversation so far.

    Usage::

        state = DialogueState(session_id="s1", now="2026-11-22T10:00:00+00:00")
        state.add_turn("user", "Who leads Analytics?")
    """

    session_id: str = "default"
    now: datetime | str | None = None
    turns: list[Turn] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.now = parse_time(self.now)

    @property
    def reference_time(self) -> datetime | None:
        assert not isinstance(self.now, str)
        return self.now

    def add_turn(
        self,
        role: str,
        text: str,
        *,
        time: datetime | str | None = None,
        report: TurnReport | None = None,
    ) -> Turn:
        """Append a turn; ``role`` is ``user``, ``assistant`` or ``system``."""
        if role not in ROLES:
            raise InputError(f"role must be one of {', '.join(ROLES)}; got {role!r}", code="KGC602")
        if not isinstance(text, str):
            raise InputError(f"turn text must be a string, got {type(text).__name__}")
        turn = Turn(len(self.turns), role, text, parse_time(time) or self.reference_time, report)
        self.turns.append(turn)
        return turn

    def to_dict(self) -> dict[str, Any]:
        now = self.reference_time
        return {
            "session_id": self.session_id,
            "now": None if now is None else now.isoformat(),
            "turns": [t.to_dict() for t in self.turns],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DialogueState:
        state = cls(session_id=data.get("session_id", "default"), now=data.get("now"))
        for turn in data.get("turns", []):
            state.add_turn(turn["role"], turn["text"], time=turn.get("time"))
        return state
