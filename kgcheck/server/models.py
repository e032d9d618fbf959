"""Request bodies of the service (validated strictly: unknown fields are errors)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from kgcheck.nlp.text import clean_text

__all__ = [
    "CheckRequest",
    "OutputCheckRequest",
    "ReviewRequest",
    "SourceDocument",
    "ToolResultBody",
    "TurnRequest",
]


#: Text of a body: JSON may escape lone surrogates ("\\udc80"); each becomes U+FFFD.
Text = Annotated[str, AfterValidator(clean_text)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SourceDocument(_Body):
    id: str = Field(description="How the reply cites it, e.g. S0.")
    text: Text


class ToolResultBody(_Body):
    """A tool call the agent made before the reply, and what it returned."""

    name: str = Field(min_length=1, description="The tool's (function's) name.")
    arguments: dict[str, Any] = Field(default_factory=dict, description="The call's arguments.")
    result: Any = Field(description="What it returned: JSON text, rows, or an object.")
    schema_: dict[str, Any] | None = Field(
        default=None,
        alias="schema",
        description="Its fields: JSON Schema, an OpenAI function definition or SGD slots.",
    )
    kind: str | None = Field(default=None, description="What a row is (default: from the name).")
    call_id: str | None = None


class CheckRequest(_Body):
    """Check the agent's next reply in a session."""

    reply: Text = Field(description="The reply the agent is about to send.")
    user: Text | None = Field(
        default=None,
        description="The user's message the reply answers; added to the session first.",
    )
    sources: list[SourceDocument] = Field(
        default_factory=list, description="Documents the agent answered from."
    )
    tool_results: list[ToolResultBody] = Field(
        default_factory=list,
        description="Tool calls the agent made for this reply; added to the session first.",
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
    text: Text
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
