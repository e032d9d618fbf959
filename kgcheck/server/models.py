"""Request bodies of the service (validated strictly: unknown fields are errors)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["CheckRequest", "OutputCheckRequest", "ReviewRequest", "SourceDocument", "TurnRequest"]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SourceDocument(_Body):
    id: str = Field(description="How the reply cites it, e.g. S0.")
    text: str


class CheckRequest(_Body):
    """Check the agent's next reply in a session."""

    reply: str = Field(description="The reply the agent is about to send.")
    user: str | None = Field(
        default=None,
        description="The user's message the reply answers; added to the session first.",
    )
    sources: list[SourceDocument] = Field(
        default_factory=list, description="Documents the agent answered from."
    )
    now: datetime | None = Field(
        default=None, description="Reference time for the check (default: the session's)."
    )
    commit: bool = Field(
        default=True,
        description="Add the reply, after mitigation, to the session; false checks a draft only.",
    )


class TurnRequest(_Body):
    """Add a turn to a session without checking it."""

    role: Literal["user", "assistant", "system"]
    text: str
    time: datetime | None = None


class ReviewRequest(_Body):
    reviewer: str = Field(min_length=1, max_length=200, description="Who reviews.")
    note: str | None = Field(default=None, description="Why (required for a note).")


class OutputCheckRequest(_Body):
    """Validate a structured (JSON) output with the ``target: output`` rule sets."""

    data: dict[str, Any]
    context: dict[str, Any] | None = Field(
        default=None, description="A JSON-LD @context applied after the rule sets' own."
    )
    now: datetime | None = None
