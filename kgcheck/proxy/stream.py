"""Streamed replies (``"stream": true``): text is released only once it is checked.

The upstream's ``chat.completion.chunk`` events are read as they come and their text is
buffered per choice (:class:`~kgcheck.proxy.sentences.SentenceBuffer`). Each complete sentence
is checked as the end of what was sent so far (the text released + the sentence) and sent as
one chunk: unchanged, or with the mitigator's edits to that sentence. What a streaming client
sees, per choice:

1. a first chunk with ``delta.role`` (as the upstream sent it);
2. one chunk per sentence with ``delta.content`` (the same ``id``, ``model`` and ``created`` as
   the upstream's chunks), each as soon as that sentence is checked;
3. when the upstream ends the choice: the rest of the text, checked, and a last chunk with
   ``finish_reason`` (the upstream's) and a ``kgcheck`` object (as for a non-streamed reply,
   of the whole reply: ``outcome`` ``unchanged``, ``revised`` or ``refused``, ``sentences``);
4. ``data: [DONE]`` once every choice has ended.

When a sentence is rejected (or an edit would reach into text already sent) nothing more of
that choice is released: the refusal (``proxy.refusal``) is sent as the rest of its content and
the last chunk has ``finish_reason: "content_filter"``. A stream is never regenerated (its
beginning is already with the client); ``proxy.stream: false`` asks the upstream for the whole
reply first, so that it can be. When a check raises, or the upstream's stream breaks, an
OpenAI-style ``{"error": ...}`` event ends the stream (the OpenAI client raises ``APIError``)
and the text not yet checked is not sent. Chunks carrying no text (tool calls, usage) pass
through as they come.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx

from kgcheck.config import ProxyConfig
from kgcheck.history.state import DialogueState
from kgcheck.proxy.errors import CHECK_FAILED, CheckFailed, openai_error_body
from kgcheck.proxy.merge import Piece, StreamedReport
from kgcheck.proxy.sentences import SentenceBuffer
from kgcheck.proxy.upstream import UpstreamUnreachable
from kgcheck.proxy.verdict import Outcome, ReplyChecker, Verdict
from kgcheck.types import Action, Decision, Span

__all__ = ["StreamRelay", "completion_events", "sse", "sse_data"]

log = logging.getLogger(__name__)

#: Keys of an upstream chunk every chunk of the proxy repeats.
_CHUNK_KEYS = ("id", "object", "created", "model", "system_fingerprint", "service_tier")
DONE = b"data: [DONE]\n\n"


def sse(data: dict[str, Any]) -> bytes:
    """One server-sent event carrying ``data`` as JSON."""
    return b"data: " + json.dumps(data, ensure_ascii=False).encode() + b"\n\n"


async def sse_data(response: httpx.Response) -> AsyncIterator[str]:
    """The ``data`` of each event of an SSE stream (multi-line data joined by newlines)."""
    lines: list[str] = []
    async for line in response.aiter_lines():
        if not line:
            if lines:
                yield "\n".join(lines)
                lines = []
        elif line.startswith("data:"):
            lines.append(line[5:].removeprefix(" "))
    if lines:
        yield "\n".join(lines)


@dataclass
class _Choice:
    """The state of one choice of a streamed completion."""

    index: int
    merged: StreamedReport
    buffer: SentenceBuffer = field(default_factory=SentenceBuffer)
    original: str = ""
    #: How much of ``original`` was checked (and sent, in some form).
    checked: int = 0
    released: str = ""
    refused: bool = False
    done: bool = False


class StreamRelay:
    """Relays one streamed completion, checking its text sentence by sentence.

    Args:
        replies: checks and records.
        settings: the ``proxy:`` section (the refusal).
        state: the conversation the reply continues.
    """

    def __init__(self, replies: ReplyChecker, settings: ProxyConfig, state: DialogueState):
        self.replies = replies
        self.settings = settings
        self.state = state
        self.template: dict[str, Any] = {"object": "chat.completion.chunk"}
        self.choices: dict[int, _Choice] = {}
        #: The upstream sent an error event: nothing more is sent.
        self.failed = False

    async def events(self, data: AsyncIterator[str]) -> AsyncIterator[bytes]:
        """The events for the client, from the ``data`` of the upstream's events."""
        try:
            async for payload in data:
                if payload.strip() == "[DONE]":
                    break
                for event in await self._relay(payload):
                    yield event
                if self.failed:
                    return  # the upstream's own error event ends the stream
                ended = [c.done for c in self.choices.values()]
                if ended and all(ended) and any(c.refused for c in self.choices.values()):
                    break  # nothing more of this stream is sent: stop reading it
            for choice in self.choices.values():
                if not choice.done:  # the upstream ended without a finish_reason
                    for event in await self._finish(choice, "stop"):
                        yield event
        except (CheckFailed, UpstreamUnreachable, httpx.HTTPError) as exc:
            yield sse(self._error(exc))
            return
        yield DONE

    def _error(self, exc: Exception) -> dict[str, Any]:
        if isinstance(exc, CheckFailed):
            return openai_error_body(str(exc), "kgcheck_error", CHECK_FAILED)
        log.warning("the upstream's stream broke: %s", exc)
        message = f"the upstream's stream broke ({type(exc).__name__}); the rest is withheld"
        return openai_error_body(message, "upstream_error", "upstream_stream_broken")

    async def _relay(self, payload: str) -> list[bytes]:
        try:
            chunk = json.loads(payload)
        except ValueError:
            raise UpstreamUnreachable("the upstream sent an event that is not JSON") from None
        if not isinstance(chunk, dict):
            raise UpstreamUnreachable("the upstream sent an event that is not a JSON object")
        if "error" in chunk or not chunk.get("choices"):
            self.failed = "error" in chunk
            return [sse(chunk)]  # an error, the usage: as they are
        self.template.update({k: chunk[k] for k in _CHUNK_KEYS if k in chunk})
        out: list[bytes] = []
        for upstream_choice in chunk["choices"]:
            if isinstance(upstream_choice, dict):
                out.extend(await self._choice_events(upstream_choice))
        return out

    async def _choice_events(self, part: dict[str, Any]) -> list[bytes]:
        index = part.get("index", 0)
        choice = self.choices.get(index)
        if choice is None:
            merged = StreamedReport(self.state.session_id, len(self.state.turns))
            choice = self.choices[index] = _Choice(index, merged)
        if choice.done:
            return []
        delta = part.get("delta") or {}
        out: list[bytes] = []
        others = {k: v for k, v in delta.items() if k != "content" and v is not None}
        if others:  # the role, tool calls: nothing to check
            out.append(
                self._chunk(index, {**others, **({"content": ""} if "role" in others else {})})
            )
        text = delta.get("content")
        if isinstance(text, str) and text:
            choice.original += text
            for sentence in choice.buffer.feed(text):
                out.extend(await self._release(choice, sentence))
                if choice.done:
                    return out
        if part.get("finish_reason") is not None:
            out.extend(await self._finish(choice, part["finish_reason"]))
        return out

    async def _release(self, choice: _Choice, sentence: str) -> list[bytes]:
        """Check ``sentence`` after what was sent, and send it (as mitigated), or refuse."""
        start = len(choice.released)
        report = await self.replies.check(choice.released + sentence, self.state, record=False)
        region = Span(start, start + len(sentence))
        edits = [a for a in report.actions if a.span is not None and a.replacement is not None]
        applied = [a for a in edits if a.span is not None and region.contains(a.span)]
        # an edit reaching into text already sent cannot be made: the sentence is not sent
        reaching_back = any(
            a.span is not None and a.span.overlaps(region) and not region.contains(a.span)
            for a in edits
        )
        refuse = report.decision == Decision.REJECT or reaching_back
        choice.merged.add(
            report,
            start=start,
            original_start=choice.checked,
            applied=[] if refuse else applied,
            decision=Decision.REJECT if refuse else None,
        )
        if refuse:
            return await self._refuse(choice)
        text = _edited(sentence, applied, start)
        choice.merged.pieces.append(
            Piece(
                Span(choice.checked, choice.checked + len(sentence)),
                Span(start, start + len(text)),
                changed=text != sentence,
            )
        )
        choice.checked += len(sentence)
        choice.released += text
        return [self._chunk(choice.index, {"content": text})] if text else []

    async def _refuse(self, choice: _Choice) -> list[bytes]:
        refusal = self.settings.refusal
        if choice.released and not choice.released[-1].isspace():
            refusal = " " + refusal
        choice.released += refusal
        choice.refused = True
        return [
            self._chunk(choice.index, {"content": refusal}),
            *await self._end(choice, "content_filter"),
        ]

    async def _finish(self, choice: _Choice, reason: str) -> list[bytes]:
        """The rest of the choice's text, checked, and its last chunk."""
        rest = choice.buffer.rest()
        if rest.strip():
            out = await self._release(choice, rest)
        else:  # white space says nothing: sent as it is
            out = [self._chunk(choice.index, {"content": rest})] if rest else []
            choice.checked += len(rest)
            choice.released += rest
        if choice.done:
            return out
        return out + await self._end(choice, reason)

    async def _end(self, choice: _Choice, reason: str) -> list[bytes]:
        choice.done = True
        report = choice.merged.report(choice.original, choice.released)
        await self.replies.record(report)
        if choice.refused:
            outcome = Outcome.REFUSED
        else:
            outcome = Outcome.UNCHANGED if choice.released == choice.original else Outcome.REVISED
        summary = Verdict(choice.released, outcome, report).to_dict()
        summary["sentences"] = len(choice.merged.pieces)
        return [self._chunk(choice.index, {}, finish_reason=reason, kgcheck=summary)]

    def _chunk(
        self, index: int, delta: dict[str, Any], *, finish_reason: str | None = None, **extra: Any
    ) -> bytes:
        return sse(_chunk(self.template, index, delta, finish_reason, **extra))


def _chunk(
    template: dict[str, Any],
    index: int,
    delta: dict[str, Any],
    finish_reason: str | None,
    **extra: Any,
) -> dict[str, Any]:
    """A ``chat.completion.chunk`` with one choice."""
    choice = {"index": index, "delta": delta, "logprobs": None, "finish_reason": finish_reason}
    return {**template, "choices": [choice], **extra}


def _edited(sentence: str, edits: list[Action], start: int) -> str:
    """``sentence`` (at ``start`` of the checked text) with ``edits`` made, last first."""
    for action in sorted(edits, key=lambda a: a.span.start if a.span else 0, reverse=True):
        assert action.span is not None and action.replacement is not None
        lo, hi = action.span.start - start, action.span.end - start
        sentence = sentence[:lo] + action.replacement + sentence[hi:]
    return sentence


def completion_events(completion: dict[str, Any], *, usage: bool = False) -> list[bytes]:
    """A checked (non-streamed) completion as the events of a stream: per choice its role and
    content in one chunk, then its last chunk with ``finish_reason`` and ``kgcheck``; a chunk
    with the ``usage`` when asked for (``stream_options.include_usage``); ``data: [DONE]`` at
    the end (for ``proxy.stream: false``)."""
    template = {k: completion[k] for k in _CHUNK_KEYS if k in completion}
    template["object"] = "chat.completion.chunk"
    out: list[bytes] = []
    choices = completion.get("choices") or []
    for choice in choices:
        message = dict(choice.get("message") or {})
        index = choice.get("index", 0)
        delta = {k: v for k, v in message.items() if v is not None}
        summary = choice.get("kgcheck", completion.get("kgcheck"))
        out.append(sse(_chunk(template, index, delta, None)))
        reason = choice.get("finish_reason")
        out.append(sse(_chunk(template, index, {}, reason, kgcheck=summary)))
    if usage and completion.get("usage") is not None:
        out.append(sse({**template, "choices": [], "usage": completion["usage"]}))
    out.append(DONE)
    return out
