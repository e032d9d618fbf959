"""LangChain: check a chat model's reply with kgcheck before it leaves the chain.

``kgcheck_guard(model, checker)`` wraps a chat model (or any runnable that answers messages):
it passes its input to the model and checks the model's reply against that input, whose
human, AI and system messages are the conversation so far. ``KgcheckRunnable`` checks a
conversation that is already there: a list of messages whose last is the reply, or the reply
alone. Both return an ``AIMessage``: the reply as it was when accepted (with or without
warnings), the mitigated ``report.text`` when revised, ``refusal`` when rejected, with
``report.to_dict()`` in ``response_metadata["kgcheck"]``. Each call checks against the
messages it is given, and against the results of the tool calls among them (each
``ToolMessage``, with the name and arguments of the ``AIMessage`` tool call it answers);
``configurable={"session_id": ...}`` names
the report's session, as ``RunnableWithMessageHistory`` does.

Usage::

    from kgcheck.integrations.langchain import kgcheck_guard
    chain = prompt | kgcheck_guard(model, checker)
    reply = chain.invoke({"question": "What is Dr. Patel's extension?"})
    reply.content, reply.response_metadata["kgcheck"]["decision"]
"""

from __future__ import annotations

from kgcheck.extras import install_hint, missing

if missing("langchain"):
    raise ImportError(
        f"kgcheck.integrations.langchain needs the [langchain] extra "
        f"({', '.join(missing('langchain'))} not installed): {install_hint('langchain')}"
    )

from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

from langchain_core.callbacks import CallbackManagerForChainRun
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    ToolMessage,
    convert_to_messages,
)
from langchain_core.prompt_values import PromptValue
from langchain_core.runnables import (
    Runnable,
    RunnableConfig,
    RunnableLambda,
    RunnableParallel,
)

from kgcheck.checker import Checker
from kgcheck.errors import InputError
from kgcheck.integrations.base import DEFAULT_REFUSAL, check_reply, outgoing
from kgcheck.tools.results import ToolResult

__all__ = ["DEFAULT_REFUSAL", "KgcheckRunnable", "kgcheck_guard"]

#: LangChain message types -> kgcheck turn roles; tool results (``ToolMessage``) are not turns:
#: they are the conversation's tool results (``DialogueState.add_tool_result``).
ROLES = {"human": "user", "ai": "assistant", "system": "system"}


class KgcheckRunnable(Runnable[Any, AIMessage]):
    """Check the last message of a conversation as the assistant's reply.

    The input is a list of messages (``BaseMessage``, ``("human", "...")`` tuples or dicts)
    whose last is the AI reply, a ``PromptValue`` likewise, or the reply alone (an
    ``AIMessage`` or a ``str``). ``invoke``, ``ainvoke`` (in a worker thread) and ``batch``
    are LangChain's.

    Args:
        checker: the checker to run.
        refusal: the reply sent instead of a rejected one.
        session_id: the reports' session, unless ``configurable["session_id"]`` names one.
        now: the reference time (default: the configuration's ``now``, else the clock).
        record: write each report to the checker's flag store.

    Usage::

        guard = KgcheckRunnable(checker)
        guard.invoke([HumanMessage("Where does Dr. Patel work?"), AIMessage("In Oncology.")])
    """

    def __init__(
        self,
        checker: Checker,
        *,
        refusal: str = DEFAULT_REFUSAL,
        session_id: str = "langchain",
        now: datetime | str | None = None,
        record: bool = True,
    ) -> None:
        self.checker = checker
        self.refusal = refusal
        self.session_id = session_id
        self.now = now
        self.record = record

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> AIMessage:
        return self._call_with_config(self._check, input, config, **kwargs)

    def _check(
        self, input: Any, run_manager: CallbackManagerForChainRun, config: RunnableConfig
    ) -> AIMessage:
        *history, reply = _conversation(input)
        if not isinstance(reply, AIMessage):
            raise InputError(f"the last message must be the AI reply, got a {reply.type} message")
        session = config.get("configurable", {}).get("session_id") or self.session_id
        report = check_reply(
            self.checker,
            _history(history),
            _text(reply),
            session_id=str(session),
            now=self.now,
            record=self.record,
        )
        content = outgoing(report, reply.content, self.refusal)
        metadata = {**reply.response_metadata, "kgcheck": report.to_dict()}
        return reply.model_copy(update={"content": content, "response_metadata": metadata})


def kgcheck_guard(
    model: Runnable[Any, Any],
    checker: Checker,
    *,
    refusal: str = DEFAULT_REFUSAL,
    session_id: str = "langchain",
    now: datetime | str | None = None,
    record: bool = True,
) -> Runnable[Any, AIMessage]:
    """``model`` followed by a check of its reply against the messages it was given.

    The input is what ``model`` takes (a ``PromptValue``, a list of messages, a ``str``); the
    other arguments are :class:`KgcheckRunnable`'s.

    Usage::

        chain = ChatPromptTemplate.from_messages([...]) | kgcheck_guard(model, checker)
    """
    both = RunnableParallel(prompt=RunnableLambda(_prompt_messages), reply=model)
    guard = KgcheckRunnable(checker, refusal=refusal, session_id=session_id, now=now, record=record)
    return both | RunnableLambda(_prompt_and_reply) | guard


def _history(messages: list[BaseMessage]) -> Iterator[tuple[str, str] | ToolResult]:
    """The turns of ``messages`` and, for each ``ToolMessage``, the tool result it carries,
    with the name and arguments of the AI message's tool call it answers."""
    calls: dict[str, tuple[str, dict[str, Any]]] = {}
    for m in messages:
        if isinstance(m, AIMessage):
            calls.update({str(c.get("id")): (c["name"], c.get("args") or {}) for c in m.tool_calls})
        if isinstance(m, ToolMessage):
            name, arguments = calls.get(m.tool_call_id, (m.name or "", {}))
            if name:
                content = m.content if isinstance(m.content, str) else _text(m)
                yield ToolResult(name, content, arguments=arguments, call_id=m.tool_call_id)
            continue
        if m.type in ROLES:
            yield ROLES[m.type], _text(m)


def _prompt_messages(input: Any) -> list[BaseMessage]:
    """The messages a chat model reads from ``input`` (a ``str`` is one human message)."""
    if isinstance(input, str):
        return [HumanMessage(input)]
    return _conversation(input)


def _prompt_and_reply(parts: Mapping[str, Any]) -> list[BaseMessage]:
    return [*parts["prompt"], *_conversation(parts["reply"])]


def _conversation(input: Any) -> list[BaseMessage]:
    """``input`` as messages; a ``str`` alone is the AI reply."""
    if isinstance(input, str):
        return [AIMessage(input)]
    if isinstance(input, BaseMessage):
        return [input]
    if isinstance(input, PromptValue):
        return input.to_messages()
    if isinstance(input, Sequence) and input:
        return convert_to_messages(input)
    raise InputError(f"expected messages or a reply, got {type(input).__name__}")


def _text(message: BaseMessage) -> str:
    """A message's text: its string content, or the text blocks of a list content."""
    if isinstance(message.content, str):
        return message.content
    blocks = (b if isinstance(b, str) else b.get("text", "") for b in message.content)
    return "".join(block for block in blocks if isinstance(block, str))
