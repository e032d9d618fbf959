"""OpenAI chat ``messages`` as the conversation the checker reads (a ``DialogueState``).

Usage::

    state = dialogue_from_messages(body["messages"], session_id="c-42")
"""

from __future__ import annotations

from typing import Any

from kgcheck.errors import InputError
from kgcheck.history.state import DialogueState

__all__ = [
    "add_messages",
    "dialogue_from_messages",
    "function_schemas",
    "message_text",
    "tool_calls_of",
]

#: OpenAI roles and the dialogue role each becomes; tool and function results are not turns
#: of the conversation (they are data the agent read, not something said): they are its tool
#: results (``DialogueState.add_tool_result``).
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


def dialogue_from_messages(messages: Any, *, session_id: str, tools: Any = None) -> DialogueState:
    """The conversation of a chat request: one turn per user, assistant, system (or
    developer) message with text, in order, and one tool result per ``tool`` message (the
    function an assistant's ``tool_calls`` named, with its arguments; typed by the request's
    ``tools`` definition of that function) or legacy ``function`` message. Malformed entries
    are skipped: the upstream, not the proxy, judges whether the request is valid."""
    state = DialogueState(session_id=session_id)
    if isinstance(messages, list):
        add_messages(state, messages, calls={}, schemas=function_schemas(tools))
    return state


def add_messages(
    state: DialogueState,
    messages: list[Any],
    *,
    calls: dict[str, tuple[str, Any]],
    schemas: dict[str, dict[str, Any]],
) -> None:
    """Add ``messages`` to ``state`` as :func:`dialogue_from_messages` reads them; ``calls``:
    the tool calls of the messages before them (:func:`tool_calls_of`), updated in place."""
    for message in messages:
        if not isinstance(message, dict):
            continue
        role = str(message.get("role"))
        if role == "assistant":
            calls.update(_tool_calls(message.get("tool_calls")))
        if role in {"tool", "function"}:
            _add_result(state, message, calls, schemas)
            continue
        turn_role = _ROLES.get(role)
        text = message_text(message.get("content"))
        if turn_role is not None and text.strip():
            state.add_turn(turn_role, text)


def tool_calls_of(messages: list[Any]) -> dict[str, tuple[str, Any]]:
    """``id -> (function name, arguments)`` of the assistant messages' ``tool_calls``."""
    calls: dict[str, tuple[str, Any]] = {}
    for message in messages:
        if isinstance(message, dict) and message.get("role") == "assistant":
            calls.update(_tool_calls(message.get("tool_calls")))
    return calls


def function_schemas(tools: Any) -> dict[str, dict[str, Any]]:
    """The request's function definitions by name (``tools`` or legacy ``functions``)."""
    out: dict[str, dict[str, Any]] = {}
    for tool in tools if isinstance(tools, list) else ():
        function = tool.get("function", tool) if isinstance(tool, dict) else None
        if isinstance(function, dict) and isinstance(function.get("name"), str):
            out[function["name"]] = function
    return out


def _tool_calls(calls: Any) -> dict[str, tuple[str, Any]]:
    """``id -> (function name, arguments)`` of an assistant message's ``tool_calls``."""
    out: dict[str, tuple[str, Any]] = {}
    for call in calls if isinstance(calls, list) else ():
        function = call.get("function") if isinstance(call, dict) else None
        if isinstance(function, dict) and isinstance(function.get("name"), str):
            out[str(call.get("id"))] = (function["name"], function.get("arguments"))
    return out


def _add_result(
    state: DialogueState,
    message: dict[str, Any],
    calls: dict[str, tuple[str, Any]],
    schemas: dict[str, dict[str, Any]],
) -> None:
    call_id = message.get("tool_call_id")
    name, arguments = calls.get(str(call_id), (message.get("name"), None))
    if not isinstance(name, str) or not name.strip():
        return
    content = message.get("content")
    result = message_text(content) if isinstance(content, list) else content
    try:
        state.add_tool_result(
            name,
            result,
            arguments=arguments if isinstance(arguments, (str, dict)) else None,
            schema=schemas.get(name),
            call_id=str(call_id) if call_id is not None else None,
        )
    except InputError:  # arguments that are no JSON object: the result alone
        state.add_tool_result(name, result, schema=schemas.get(name))
