"""Streamed replies (``"stream": true``): text is released only once it is checked.

The upstream's ``chat.completion.chunk`` events are read as they come (by a task of their own,
at most :data:`READ_AHEAD` events ahead) and their text is buffered per choice
(:class:`~kgcheck.proxy.sentences.SentenceBuffer`). The complete sentences are checked as soon as
the checker is free: the ones that came while it checked the last are checked together, so a
check never waits for the upstream's next sentence and the checker never falls behind a fast
upstream. They are checked as the end of the text sent before them, as far back as
``proxy.stream_context_chars`` reaches (the last sentences sent, whole: what their pronouns may
point back to), and each is sent as one chunk: unchanged, or with the mitigator's edits to it.
A stream costs the checker about what the whole reply costs at once when the upstream writes
faster than it checks, and one short check per sentence when it writes slower. What a streaming
client sees, per choice:

1. a first chunk with ``delta.role`` (as the upstream sent it);
2. one chunk per sentence with ``delta.content`` (the same ``id``, ``model`` and ``created`` as
   the upstream's chunks), each as soon as that sentence is checked (sentences that one edit
   spans are one chunk);
3. when the upstream ends the choice: the rest of the text, checked, and a last chunk with
   ``finish_reason`` (the upstream's) and a ``kgcheck`` object (as for a non-streamed reply,
   of the whole reply: ``outcome`` ``unchanged``, ``revised`` or ``refused``, ``sentences``);
4. ``data: [DONE]`` once every choice has ended.

When a sentence is rejected (or an edit would reach into text already sent) nothing more of
that choice is released: the sentences checked with it that come before it are sent (each is
checked again on its own to find which one it is), then the refusal (``proxy.refusal``) as the
rest of its content, and the last chunk has ``finish_reason: "content_filter"``. A stream is
never regenerated (its beginning is already with the client); ``proxy.stream: false`` asks the
upstream for the whole reply first, so that it can be, and checks the reply whole: two
sentences further apart than ``proxy.stream_context_chars`` are checked against each other only
then. When a check raises, or the upstream's stream breaks, an OpenAI-style ``{"error": ...}``
event ends the stream (the OpenAI client raises ``APIError``) after the sentences complete
before it, checked, and the text not yet checked is not sent. Chunks carrying no text (tool
calls, usage) pass through as they come, after the complete sentences before them.
"""

from __future__ import annotations

import asyncio
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
from kgcheck.report import TurnReport
from kgcheck.types import Action, Decision, Span

__all__ = [
    "MAX_BATCH_CHARS",
    "READ_AHEAD",
    "StreamRelay",
    "completion_events",
    "pieces_of",
    "sse",
    "sse_data",
]

log = logging.getLogger(__name__)

#: Keys of an upstream chunk every chunk of the proxy repeats.
_CHUNK_KEYS = ("id", "object", "created", "model", "system_fingerprint", "service_tier")
DONE = b"data: [DONE]\n\n"
#: Upstream events read while a check runs, at most: a bound on what is held unchecked.
READ_AHEAD = 1024
#: Characters of sentences checked together, at most (with the text before them: well within
#: ``nlp.max_chars``, past which the checker reads no further).
MAX_BATCH_CHARS = 4000


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
    #: Complete sentences read, not checked yet.
    pending: list[str] = field(default_factory=list)
    refused: bool = False
    done: bool = False


@dataclass(frozen=True)
class _Broken:
    """The upstream's stream broke (what the reader puts last)."""

    error: Exception


_END = "[DONE]"


class StreamRelay:
    """Relays one streamed completion, checking its text as it comes (see the module).

    Args:
        replies: checks and records.
        settings: the ``proxy:`` section (the refusal, ``stream_context_chars``).
        state: the conversation the reply continues.
        notes: what the conversation left out, for the reports' ``skipped``.
    """

    def __init__(
        self,
        replies: ReplyChecker,
        settings: ProxyConfig,
        state: DialogueState,
        *,
        notes: tuple[str, ...] = (),
    ):
        self.replies = replies
        self.settings = settings
        self.state = state
        self.notes = notes
        self.template: dict[str, Any] = {"object": "chat.completion.chunk"}
        self.choices: dict[int, _Choice] = {}
        #: The upstream sent an error event: nothing more is sent.
        self.failed = False

    async def events(self, data: AsyncIterator[str]) -> AsyncIterator[bytes]:
        """The events for the client, from the ``data`` of the upstream's events (read ahead
        by a task of its own while a check runs, at most :data:`READ_AHEAD` events)."""
        queue: asyncio.Queue[str | _Broken] = asyncio.Queue(READ_AHEAD)
        reader = asyncio.create_task(_read(data, queue))
        try:
            async for event in self._relay_all(queue):
                yield event
        finally:
            reader.cancel()  # nothing more is read (not awaited: this may be a cancellation)

    async def _relay_all(self, queue: asyncio.Queue[str | _Broken]) -> AsyncIterator[bytes]:
        try:
            ended = False
            while not ended and not self._over():
                items = [await queue.get()]
                while not queue.empty():  # what came while the last check ran
                    items.append(queue.get_nowait())
                for item in items:
                    if isinstance(item, _Broken):
                        for event in await self._flush_all():
                            yield event
                        raise item.error
                    ended = item.strip() == _END
                    if ended or self._over():
                        break
                    for event in await self._relay(item):
                        yield event
                    if self.failed:
                        return  # the upstream's own error event ends the stream
                for event in await self._flush_all():  # checked together
                    yield event
            for choice in self.choices.values():
                if not choice.done:  # the upstream ended without a finish_reason
                    for event in await self._finish(choice, "stop"):
                        yield event
        except (CheckFailed, UpstreamUnreachable, httpx.HTTPError) as exc:
            yield sse(self._error(exc))
            return
        yield DONE

    def _over(self) -> bool:
        """Every choice ended and one was refused: nothing more of this stream is sent."""
        ended = [c.done for c in self.choices.values()]
        return bool(ended) and all(ended) and any(c.refused for c in self.choices.values())

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
            # an error, the usage: as they are, after the sentences complete before them
            return [*await self._flush_all(), sse(chunk)]
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
        if others:  # the role, tool calls: nothing to check (after the text before them)
            out.extend(await self._flush(choice))
            if choice.done:
                return out
            out.append(
                self._chunk(index, {**others, **({"content": ""} if "role" in others else {})})
            )
        text = delta.get("content")
        if isinstance(text, str) and text:
            choice.original += text
            choice.pending.extend(choice.buffer.feed(text))
        if part.get("finish_reason") is not None:
            out.extend(await self._finish(choice, part["finish_reason"]))
        return out

    async def _flush_all(self) -> list[bytes]:
        out: list[bytes] = []
        for choice in self.choices.values():
            out.extend(await self._flush(choice))
        return out

    async def _flush(self, choice: _Choice) -> list[bytes]:
        """Check the complete sentences read of ``choice`` (at most :data:`MAX_BATCH_CHARS`
        at a time) and send them, or refuse."""
        sentences, choice.pending = choice.pending, []
        out: list[bytes] = []
        while sentences and not choice.done:
            size, n = 0, 0
            while n < len(sentences) and (n == 0 or size + len(sentences[n]) <= MAX_BATCH_CHARS):
                size += len(sentences[n])
                n += 1
            out.extend(await self._release(choice, sentences[:n]))
            sentences = sentences[n:]
        return out

    def _window(self, choice: _Choice) -> int:
        """Where the text a new sentence is checked with starts in the text sent: the last
        sentences sent, whole, within ``proxy.stream_context_chars``."""
        budget = self.settings.stream_context_chars
        window = len(choice.released)
        for piece in reversed(choice.merged.pieces):
            if len(choice.released) - piece.released.start > budget:
                break
            window = piece.released.start
        return window

    async def _release(
        self, choice: _Choice, sentences: list[str], *, again: bool = False
    ) -> list[bytes]:
        """Check ``sentences`` after the last ones sent, and send them (as mitigated), or
        refuse at the first that cannot be sent (``again``: they are checked a second time:
        when refused, each in turn)."""
        window = self._window(choice)
        context = choice.released[window:]
        text = "".join(sentences)
        start = len(context)
        report = await self.replies.check(
            context + text, self.state, record=False, notes=self.notes
        )
        region = Span(start, start + len(text))
        edits = [a for a in report.actions if a.span is not None and a.replacement is not None]
        applied = [a for a in edits if a.span is not None and region.contains(a.span)]
        # an edit reaching into text already sent cannot be made: the sentence is not sent
        reaching_back = any(
            a.span is not None and a.span.overlaps(region) and not region.contains(a.span)
            for a in edits
        )
        refuse = report.decision == Decision.REJECT or reaching_back
        if refuse and len(sentences) > 1:  # which one: those before it are sent
            if again:
                return await self._release_until_refused(choice, sentences)
            return await self._release_until_refused(choice, sentences, report, start)
        choice.merged.add(
            report,
            start=start,
            original_start=choice.checked,
            applied=[] if refuse else applied,
            decision=Decision.REJECT if refuse else None,
            window=window,
        )
        if refuse:
            return await self._refuse(choice)
        out = []
        for group, group_edits in pieces_of(sentences, applied, start):
            sent = "".join(group)
            edited = _edited(sent, group_edits, start)
            start += len(sent)
            choice.merged.pieces.append(
                Piece(
                    Span(choice.checked, choice.checked + len(sent)),
                    Span(len(choice.released), len(choice.released) + len(edited)),
                    changed=edited != sent,
                )
            )
            choice.checked += len(sent)
            choice.released += edited
            if edited:
                out.append(self._chunk(choice.index, {"content": edited}))
        return out

    async def _release_until_refused(
        self,
        choice: _Choice,
        sentences: list[str],
        report: TurnReport | None = None,
        start: int = 0,
    ) -> list[bytes]:
        """``sentences``, refused together in ``report`` (from ``start`` of the checked text):
        those before the first one flagged checked together again, then each in turn until
        one is refused (without a report: each in turn)."""
        first = 0
        if report is not None:
            flags = [f.span.start - start for f in report.flags if f.span.end > start]
            flagged, at = min(flags, default=0), 0
            for i, sentence in enumerate(sentences):
                at += len(sentence)
                if flagged < at:
                    first = i
                    break
        out = await self._release(choice, sentences[:first], again=True) if first else []
        for sentence in sentences[first:]:
            if choice.done:
                break
            out.extend(await self._release(choice, [sentence]))
        return out

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
        """The rest of the choice's text, checked (with the sentences before it not checked
        yet), and its last chunk."""
        rest = choice.buffer.rest()
        if rest.strip():
            choice.pending.append(rest)
        out = await self._flush(choice)
        if choice.done:
            return out
        if not rest.strip():  # white space says nothing: sent as it is
            out.extend([self._chunk(choice.index, {"content": rest})] if rest else [])
            choice.checked += len(rest)
            choice.released += rest
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


async def _read(data: AsyncIterator[str], queue: asyncio.Queue[str | _Broken]) -> None:
    """Put the ``data`` of each upstream event in ``queue``; then ``[DONE]``, or
    :class:`_Broken` when the stream breaks."""
    try:
        async for payload in data:
            await queue.put(payload)
            if payload.strip() == _END:
                return
    except Exception as exc:
        await queue.put(_Broken(exc))
        return
    await queue.put(_END)


def pieces_of(
    sentences: list[str], edits: list[Action], start: int
) -> list[tuple[list[str], list[Action]]]:
    """``sentences`` (from ``start`` of the checked text) in the pieces they are sent as, each
    with its edits: one sentence a piece, but those an edit spans are one."""
    bounds = []
    at = start
    for sentence in sentences:
        bounds.append((at, at + len(sentence)))
        at += len(sentence)

    def which(offset: int) -> int:
        for i, (lo, hi) in enumerate(bounds):
            if lo <= offset < hi:
                return i
        return len(bounds) - 1

    first_of: dict[int, int] = {}  # an edit's first sentence
    joined = [False] * len(sentences)  # sentence i is sent with sentence i + 1
    for n, action in enumerate(edits):
        assert action.span is not None
        first = which(action.span.start)
        last = which(action.span.end - 1) if action.span.end > action.span.start else first
        first_of[n] = first
        for i in range(first, last):
            joined[i] = True
    out: list[tuple[list[str], list[Action]]] = []
    members: list[int] = []
    for i in range(len(sentences)):
        members.append(i)
        if not joined[i]:
            group_edits = [a for n, a in enumerate(edits) if first_of[n] in members]
            out.append(([sentences[m] for m in members], group_edits))
            members = []
    return out


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
