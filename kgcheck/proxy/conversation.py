"""The conversation a reply is checked against: the request's most recent messages, each
analysed once per conversation.

Every chat request carries the whole conversation in ``messages``, and the proxy keeps no
session; analysing it all again with every request costs time in the length of the
conversation. Two things bound that:

- **The most recent messages.** A reply is checked against at most the last
  ``proxy.max_history_messages`` messages of its request, and at most ``proxy.max_history_chars``
  characters of what they say (their text, a tool call's arguments, a tool's result: what is
  analysed; an image is no text); the older ones are left out of the check, never out of the
  request, and the report's ``skipped`` says how many.
- **A cache.** Once a request's replies are checked, its conversation as analysed
  (``DialogueState.to_dict``: claims, entities, sentence embeddings) is kept, keyed by a digest
  of the caller's scope (the session it names, if any, and its ``Authorization`` header: one
  caller never gets another's analysis), the request's ``tools`` and its messages in order. A
  request that continues it (the same messages, then new ones: the usual follow-up) restores it
  and analyses only the new messages. The cache is a least-recently-used one of at most
  ``proxy.history_cache_bytes`` of JSON (0: none).

When a continued conversation outgrows the bounds, the window of analysed messages starts again
at the most recent messages that fill half of them, so that the requests after it continue that
window. As in a session kept with :class:`~kgcheck.history.state.DialogueState`, a message is
analysed once, with the tool results known when it was first analysed.

Usage::

    conversations = Conversations(settings)
    conversation = await conversations.open(body, session="c-42", scope=scope)
    ... check replies against conversation.state ...
    await conversations.keep(conversation)
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool

from kgcheck.config import ProxyConfig
from kgcheck.errors import KgcheckError
from kgcheck.history.state import DialogueState
from kgcheck.proxy.messages import add_messages, function_schemas, message_text, tool_calls_of

__all__ = ["Conversation", "Conversations", "scope_of"]

log = logging.getLogger(__name__)


@dataclass
class Conversation:
    """The conversation of one request, as its replies are checked against it.

    Attributes:
        state: its analysed messages (the window), as a :class:`DialogueState`.
        notes: what was left out, for the reports' ``skipped``.
        key: the digest of the request's scope and messages: where it is kept.
        start: the first message of the window.
    """

    state: DialogueState
    notes: tuple[str, ...]
    key: str
    start: int


@dataclass(frozen=True)
class _Kept:
    data: bytes
    start: int


def scope_of(session: str | None, authorization: str | None) -> str:
    """Who a conversation belongs to: the session the request names (``None``: none) and the
    caller's ``Authorization`` header (as a digest: the key is never kept)."""
    key = hashlib.sha256((authorization or "").encode()).hexdigest()
    return f"{session or ''}\0{key}"


class Conversations:
    """The analysed conversations of recent requests (see the module's description).

    Args:
        settings: the ``proxy:`` section (the bounds and the cache's size).
    """

    def __init__(self, settings: ProxyConfig) -> None:
        self.max_messages = settings.max_history_messages
        self.max_chars = settings.max_history_chars
        self.capacity = settings.history_cache_bytes
        self._kept: OrderedDict[str, _Kept] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """Bytes kept."""
        return self._size

    async def open(self, body: dict[str, Any], *, session: str, scope: str) -> Conversation:
        """The conversation of the request ``body`` (its ``messages``, typed by its ``tools``):
        restored as far as it is kept, the rest added (not analysed yet: the first check
        does that)."""
        return await run_in_threadpool(self._open, body, session, scope)

    async def keep(self, conversation: Conversation) -> None:
        """Keep ``conversation`` for the requests that continue it, if it was analysed whole
        (a request whose reply was never checked leaves nothing)."""
        if self.capacity and not conversation.state.pending():
            await run_in_threadpool(self._keep, conversation)

    def _open(self, body: dict[str, Any], session: str, scope: str) -> Conversation:
        messages = body.get("messages")
        messages = messages if isinstance(messages, list) else []
        tools = body.get("tools") or body.get("functions")
        keys, sizes = _digests(messages, scope, tools)
        end = len(messages)
        kept, known = self._find(keys)
        fits = kept is not None and self._fits(sizes, kept.start, end)
        state = _restored(kept, session) if kept is not None and fits else None
        if kept is not None and state is not None:
            start, begin = kept.start, known
        else:  # outgrown: a new window, half full, for the next requests to continue
            part = 2 if kept is not None and not fits else 1
            start = begin = _window(sizes, end, self.max_messages // part, self.max_chars // part)
            state = DialogueState(session_id=session)
        calls = tool_calls_of(messages[:begin])
        add_messages(state, messages[begin:], calls=calls, schemas=function_schemas(tools))
        notes: tuple[str, ...] = ()
        if start:
            notes = (
                f"history: the first {start} of {end} messages were not analysed "
                f"(proxy.max_history_messages: {self.max_messages}, proxy.max_history_chars: "
                f"{self.max_chars})",
            )
        return Conversation(state, notes, keys[end], start)

    def _fits(self, sizes: list[int], start: int, end: int) -> bool:
        return end - start <= self.max_messages and sum(sizes[start:end]) <= self.max_chars

    def _find(self, keys: list[str]) -> tuple[_Kept | None, int]:
        """The longest prefix of the messages that is kept, and its length."""
        with self._lock:
            for length in range(len(keys) - 1, 0, -1):
                kept = self._kept.get(keys[length])
                if kept is not None:
                    self._kept.move_to_end(keys[length])
                    return kept, length
        return None, 0

    def _keep(self, conversation: Conversation) -> None:
        try:
            data = json.dumps(conversation.state.to_dict(), separators=(",", ":")).encode()
        except (TypeError, ValueError) as exc:  # not kept: the next request analyses it again
            log.warning("conversation not kept: %s", exc)
            return
        if len(data) > self.capacity:
            return
        with self._lock:
            old = self._kept.pop(conversation.key, None)
            self._size -= len(old.data) if old is not None else 0
            self._kept[conversation.key] = _Kept(data, conversation.start)
            self._size += len(data)
            while self._size > self.capacity:
                _, dropped = self._kept.popitem(last=False)
                self._size -= len(dropped.data)


def _restored(kept: _Kept, session: str) -> DialogueState | None:
    """The conversation ``kept``, as ``session``'s; ``None`` if it cannot be read (it is then
    analysed again)."""
    try:
        state = DialogueState.from_dict(json.loads(kept.data))
    except (KgcheckError, ValueError, KeyError, TypeError) as exc:
        log.warning("a kept conversation could not be read (%s); analysing it again", exc)
        return None
    state.session_id = session
    return state


def _digests(messages: list[Any], scope: str, tools: Any) -> tuple[list[str], list[int]]:
    """The digest of each prefix of ``messages`` (``keys[k]``: the first ``k``, in ``scope``
    with ``tools``) and each message's size in characters analysed (:func:`_said`)."""
    seed = json.dumps([scope, tools], sort_keys=True, ensure_ascii=False, default=str)
    digest = hashlib.sha256(seed.encode())
    keys = [digest.hexdigest()]
    for message in messages:
        text = json.dumps(message, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        digest = hashlib.sha256(digest.digest() + text.encode())
        keys.append(digest.hexdigest())
    return keys, [_said(message) for message in messages]


def _said(message: Any) -> int:
    """Characters of ``message`` that are analysed: its text (a tool's result as it came), and
    the arguments of its tool calls."""
    if not isinstance(message, dict):
        return 0
    content = message.get("content")
    if isinstance(content, str | list):
        size = len(message_text(content))
    else:
        size = 0 if content is None else len(json.dumps(content, default=str))
    calls = message.get("tool_calls")
    for call in calls if isinstance(calls, list) else ():
        function = call.get("function") if isinstance(call, dict) else None
        if isinstance(function, dict):
            size += len(str(function.get("arguments") or ""))
    return size


def _window(sizes: list[int], end: int, max_messages: int, max_chars: int) -> int:
    """The first of the most recent messages before ``end`` that fit in the bounds."""
    start, total = end, 0
    while start > 0 and end - start < max_messages and total + sizes[start - 1] <= max_chars:
        start -= 1
        total += sizes[start]
    return start
