"""OpenAI chat ``messages`` as the conversation the checker reads (a ``DialogueState``).

Usage::

    state = dialogue_from_messages(body["messages"], session_id="c-42")
"""

from __future__ import annotations

from typing import Any

from kgcheck.history.state import DialogueState

__all__ = ["dialogue_from_messages", "message_text"]

#: OpenAI roles and the dialogue role each becomes; tool and function results are not turns
#: of the conversation (they are data the agent read, not something said).
_ROLES = {"user": "user", "assistant": "assistant", "system": "system", "developer": "system"}


def message_text(content: Any) -> str:
    """The text of a message's ``content``: a string, or the ``text`` of its text parts
    (``[{"type": "text", "text": ...}, {"type": "image_url", ...}]``) joined by newlines;
    anything else (no content, a tool call) has none."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            p["text"]
            for p in content
            if isinstance(p, dict)
            and p.get("type") in {"text", "input_text", "output_text"}
            and isinstance(p.get("text"), str)
        ]
        return "\n".join(parts)
    return ""


def dialogue_from_messages(messages: Any, *, session_id: str) -> DialogueState:
    """The conversation of a chat request: one turn per user, assistant, system (or
    developer) message with text, in order. Malformed entries are skipped: the upstream, not
    the proxy, judges whether the request is valid."""
    state = DialogueState(session_id=session_id)
    if not isinstance(messages, list):
        return state
    for message in messages:
        if not isinstance(message, dict):
            continue
        role = _ROLES.get(str(message.get("role")))
        text = message_text(message.get("content"))
        if role is not None and text.strip():
            state.add_turn(role, text)
    return state
