"""LlamaIndex: check an LLM's chat reply with kgcheck, or record a report for every reply.

``check_chat_response(checker, messages, response)`` returns the ``ChatResponse`` to send: the
reply as it was when accepted (with or without warnings), the mitigated ``report.text`` when
revised, ``refusal`` when rejected, with ``report.to_dict()`` in
``additional_kwargs["kgcheck"]``; ``messages`` (the chat the LLM answered) are the
conversation so far, and each ``tool`` message the result of the assistant's tool call it
answers. ``KgcheckEventHandler`` only
watches: added to LlamaIndex's instrumentation dispatcher, it checks every chat reply any LLM
gives (and writes each report to the checker's flag store) without changing what is sent.

Usage::

    from kgcheck.integrations.llamaindex import KgcheckEventHandler, check_chat_response
    response = check_chat_response(checker, messages, llm.chat(messages))
    response.message.content, response.additional_kwargs["kgcheck"]["decision"]

    from llama_index.core.instrumentation import get_dispatcher
    get_dispatcher().add_event_handler(KgcheckEventHandler(checker=checker))
"""

from __future__ import annotations

from kgcheck.extras import install_hint, missing

if missing("llamaindex"):
    raise ImportError(
        f"kgcheck.integrations.llamaindex needs the [llamaindex] extra "
        f"({', '.join(missing('llamaindex'))} not installed): {install_hint('llamaindex')}"
    )

import json
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from llama_index.core.instrumentation.event_handlers import BaseEventHandler
from llama_index.core.instrumentation.events import BaseEvent
from llama_index.core.instrumentation.events.llm import LLMChatEndEvent
from llama_index.core.llms import ChatMessage, ChatResponse
from pydantic import Field, InstanceOf, PrivateAttr

from kgcheck.checker import Checker
from kgcheck.integrations.base import DEFAULT_REFUSAL, check_reply, outgoing
from kgcheck.report import TurnReport
from kgcheck.tools.results import ToolResult

__all__ = ["DEFAULT_REFUSAL", "KgcheckEventHandler", "check_chat_response"]

#: LlamaIndex message roles (``MessageRole`` values) -> kgcheck turn roles; tool results are
#: not turns but the conversation's tool results.
ROLES = {
    "user": "user",
    "assistant": "assistant",
    "chatbot": "assistant",
    "model": "assistant",
    "system": "system",
    "developer": "system",
}


def check_chat_response(
    checker: Checker,
    messages: Sequence[ChatMessage],
    response: ChatResponse,
    *,
    refusal: str = DEFAULT_REFUSAL,
    session_id: str = "llamaindex",
    now: datetime | str | None = None,
    record: bool = True,
) -> ChatResponse:
    """The response to send for ``response``, the LLM's answer to ``messages``.

    Args:
        checker: the checker to run.
        messages: the chat the LLM answered (the conversation so far).
        response: the LLM's reply.
        refusal: the reply sent instead of a rejected one.
        session_id: the report's session.
        now: the reference time (default: the configuration's ``now``, else the clock).
        record: write the report to the checker's flag store.
    """
    report = _check(checker, messages, response, session_id, now, record)
    reply = response.message.content or ""
    text = outgoing(report, reply, refusal)
    message = response.message
    if text != reply:
        message = ChatMessage(
            role=message.role, content=text, additional_kwargs=message.additional_kwargs
        )
    kwargs = {**response.additional_kwargs, "kgcheck": report.to_dict()}
    return response.model_copy(update={"message": message, "additional_kwargs": kwargs})


class KgcheckEventHandler(BaseEventHandler):
    """Check the reply of every ``LLMChatEndEvent``; ``reports`` holds the reports, oldest
    first (also written to the checker's flag store when ``record``)."""

    checker: InstanceOf[Checker] = Field(exclude=True)
    session_id: str = "llamaindex"
    record: bool = True
    reports: list[InstanceOf[TurnReport]] = Field(default_factory=list, exclude=True)
    _last: ChatResponse | None = PrivateAttr(default=None)

    @classmethod
    def class_name(cls) -> str:
        return "KgcheckEventHandler"

    def handle(self, event: BaseEvent, **kwargs: Any) -> None:
        if not isinstance(event, LLMChatEndEvent) or event.response is None:
            return
        if event.response is self._last:  # an async call that wraps the sync one ends twice
            return
        self._last = event.response
        report = _check(
            self.checker, event.messages, event.response, self.session_id, None, self.record
        )
        self.reports.append(report)


def _check(
    checker: Checker,
    messages: Sequence[ChatMessage],
    response: ChatResponse,
    session_id: str,
    now: datetime | str | None,
    record: bool,
) -> TurnReport:
    history = _history(messages)
    reply = response.message.content or ""
    return check_reply(checker, history, reply, session_id=session_id, now=now, record=record)


def _history(messages: Sequence[ChatMessage]) -> Iterator[tuple[str, str] | ToolResult]:
    """The turns of ``messages`` and, for each ``tool`` message, the tool result it carries,
    with the name and arguments of the assistant's tool call it answers (OpenAI's
    ``tool_calls`` in ``additional_kwargs``)."""
    calls: dict[str, tuple[str, Any]] = {}
    for m in messages:
        extra = m.additional_kwargs or {}
        for call in extra.get("tool_calls") or ():
            function = _field(call, "function")
            name = _field(function, "name")
            if isinstance(name, str):
                calls[str(_field(call, "id"))] = (name, _field(function, "arguments"))
        if m.role == "tool":
            call_id = extra.get("tool_call_id")
            name, arguments = calls.get(str(call_id), (extra.get("name") or "", None))
            if name:
                if isinstance(arguments, str):
                    try:
                        arguments = json.loads(arguments)
                    except ValueError:
                        arguments = None
                args = arguments if isinstance(arguments, dict) else {}
                yield ToolResult(name, m.content or "", arguments=args)
            continue
        if m.role in ROLES:
            yield ROLES[m.role], m.content or ""


def _field(item: Any, name: str) -> Any:
    """``item[name]`` of a dict, ``item.name`` of an object, else ``None``."""
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)
