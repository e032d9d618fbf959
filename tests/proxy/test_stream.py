"""Streamed replies through the proxy: released sentence by sentence once checked, corrected,
cut off with the refusal when a sentence is rejected, and never released unchecked."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import openai
import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import ProxyConfig
from kgcheck.proxy.stream import StreamRelay, pieces_of
from kgcheck.proxy.verdict import ReplyChecker
from kgcheck.store import FlagStore, ReviewQueue
from kgcheck.store.queries import FlagFilter
from kgcheck.types import Action, ActionKind, Span
from tests.proxy.conftest import QUESTION, RIGHT, WRONG, ProxyFactory
from tests.proxy.stub import MODEL, Stub

REFUSAL = ProxyConfig().refusal
MESSAGES: list[Any] = [{"role": "user", "content": QUESTION}]


def _stream(client: openai.OpenAI, **extra: Any) -> list[Any]:
    chunks = client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True, **extra)
    return list(chunks)


def _text(chunks: list[Any]) -> str:
    return "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)


def _last(chunks: list[Any]) -> tuple[str | None, dict[str, Any]]:
    last = chunks[-1]
    return last.choices[0].finish_reason, (last.model_extra or {})["kgcheck"]


def test_stream_releases_the_corrected_text_and_ends_properly(
    proxy: ProxyFactory, stub: Stub, checkers: dict[str, Checker]
) -> None:
    client = proxy()
    stub.script(WRONG)
    chunks = _stream(client)
    assert _text(chunks) == RIGHT
    assert {(c.id, c.model, c.object) for c in chunks} == {
        ("chatcmpl-stub", MODEL, "chat.completion.chunk")
    }
    assert chunks[0].choices[0].delta.role == "assistant"
    reason, kgcheck = _last(chunks)
    assert reason == "stop"
    assert (kgcheck["decision"], kgcheck["outcome"], kgcheck["sentences"]) == (
        "revise",
        "revised",
        1,
    )
    # the flag as checking the whole reply at once finds it, in the upstream's offsets
    (flag,) = kgcheck["flags"]
    (whole,) = checkers["correct"].check_turn(WRONG, record=False).flags
    assert (flag["type"], flag["span"]) == ("wrong_attribute", whole.to_dict()["span"])


def test_stream_releases_each_sentence_once_checked(proxy: ProxyFactory, stub: Stub) -> None:
    client = proxy()
    stub.script("Dr. Patel works in Cardiology. Dr. Patel's extension is 4413. Glad to help!")
    chunks = _stream(client)
    contents = [
        c.choices[0].delta.content for c in chunks if c.choices and c.choices[0].delta.content
    ]
    assert contents == [
        "Dr. Patel works in Cardiology. ",
        "Dr. Patel's extension is 4412. ",
        "Glad to help!",
    ]
    assert _last(chunks)[1]["sentences"] == 3


def test_stream_passes_a_true_reply_through_unchanged(proxy: ProxyFactory, stub: Stub) -> None:
    reply = "Dr. Patel works in Cardiology.\n\nHer extension is 4412 — call any time. "
    client = proxy()
    stub.script(reply)
    chunks = _stream(client)
    assert _text(chunks) == reply
    assert _last(chunks)[1]["outcome"] == "unchanged"


def test_stream_stops_at_a_rejected_sentence_with_the_refusal(
    proxy: ProxyFactory, stub: Stub, store: FlagStore
) -> None:
    client = proxy("reject")
    stub.script(f"Thanks for asking. {WRONG} Anything else I can do?")
    chunks = _stream(client, extra_headers={"X-Kgcheck-Session": "s-9"})
    assert _text(chunks) == f"Thanks for asking. {REFUSAL}"
    reason, kgcheck = _last(chunks)
    assert reason == "content_filter"
    assert (kgcheck["decision"], kgcheck["outcome"]) == ("reject", "refused")
    assert [
        f.to_dict()["type"].rsplit("#")[-1]
        for f in ReviewQueue(store).find(FlagFilter(session="s-9"))
    ] == ["wrong_attribute"]


def test_stream_withholds_the_text_when_the_check_raises(
    proxy: ProxyFactory, stub: Stub, checker_raises: None
) -> None:
    client = proxy()
    stub.script(WRONG)
    seen: list[Any] = []
    with pytest.raises(openai.APIError, match="could not check the reply"):
        for chunk in client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True):
            seen.append(chunk)
    assert "4413" not in _text(seen)


def test_stream_checks_the_whole_reply_first_when_told_so(proxy: ProxyFactory, stub: Stub) -> None:
    client = proxy("regenerate", stream=False)
    stub.script(WRONG, RIGHT)
    chunks = _stream(client)
    assert _text(chunks) == RIGHT
    reason, kgcheck = _last(chunks)
    assert (reason, kgcheck["attempt"]) == ("stop", 2)
    assert [b.get("stream") for b in stub.bodies] == [False, False]


# --- the relay on its own: events in, events out ---------------------------------------


def _chunk(index: int, **delta: Any) -> str:
    finish = delta.pop("finish", None)
    choice = {"index": index, "delta": delta, "finish_reason": finish}
    return json.dumps(
        {"id": "c1", "object": "chat.completion.chunk", "model": "m", "choices": [choice]}
    )


def _relay(
    checker: Checker,
    payloads: list[str],
    *,
    broken: bool = False,
    replies: ReplyChecker | None = None,
) -> list[dict[str, Any]]:
    """The relay's events for the upstream's ``payloads`` (with :class:`_CountingChecks`, each
    payload after the one before it was checked, as from an upstream slower than the checker).
    """

    async def upstream() -> AsyncIterator[str]:
        for n, payload in enumerate(payloads):
            if isinstance(replies, _CountingChecks) and replies.lockstep:
                await replies.checked(n - 1)  # the sentences this one's text completed
            yield payload
        if broken:
            raise httpx.ReadError("connection reset")

    async def run() -> list[bytes]:
        checks = replies or ReplyChecker(checker, None)
        relay = StreamRelay(checks, ProxyConfig(), DialogueState())
        return [event async for event in relay.events(upstream())]

    events = asyncio.run(run())
    return [{"done": True} if e == b"data: [DONE]\n\n" else json.loads(e[6:]) for e in events]


def test_stream_relay_keeps_choices_apart_and_passes_other_chunks_on(
    checkers: dict[str, Checker],
) -> None:
    usage = json.dumps({"id": "c1", "choices": [], "usage": {"total_tokens": 5}})
    tool = [{"index": 0, "id": "t1", "function": {"name": "lookup", "arguments": "{}"}}]
    events = _relay(
        checkers["correct"],
        [
            _chunk(0, role="assistant", content=""),
            _chunk(1, role="assistant", content=""),
            _chunk(0, content="Dr. Patel works in Oncology. "),
            _chunk(1, content="Hello. "),
            _chunk(1, tool_calls=tool),
            _chunk(0, content="Bye.", finish="stop"),
            _chunk(1, content="Bye.", finish="tool_calls"),
            usage,
            "[DONE]",
        ],
    )
    text: dict[int, str] = {0: "", 1: ""}
    for event in events:
        for choice in event.get("choices", []):
            text[choice["index"]] += choice["delta"].get("content") or ""
    assert text == {0: "Dr. Patel works in Cardiology. Bye.", 1: "Hello. Bye."}
    finals = [
        (e["choices"][0]["finish_reason"], e["kgcheck"]["outcome"])
        for e in events
        if "kgcheck" in e
    ]
    assert finals == [("stop", "revised"), ("tool_calls", "unchanged")]
    assert any(c["delta"].get("tool_calls") == tool for e in events for c in e.get("choices", []))
    assert events[-2:] == [json.loads(usage), {"done": True}]


def test_stream_relay_withholds_unchecked_text_when_the_upstream_breaks(
    checkers: dict[str, Checker],
) -> None:
    events = _relay(
        checkers["correct"],
        [_chunk(0, content="Dr. Patel works in Cardiology. Her extension is 44")],
        broken=True,
    )
    sent = "".join(c["delta"].get("content") or "" for e in events for c in e.get("choices", []))
    assert sent == "Dr. Patel works in Cardiology. "
    assert events[-1]["error"]["code"] == "upstream_stream_broken"


def test_stream_relay_ends_with_the_upstreams_own_error(checkers: dict[str, Checker]) -> None:
    error = {"error": {"message": "overloaded", "type": "server_error", "code": None}}
    events = _relay(
        checkers["correct"],
        [_chunk(0, content="Dr. Patel works in Cardiology. Her extension"), json.dumps(error)],
    )
    assert events[-1] == error
    sent = "".join(c["delta"].get("content") or "" for e in events for c in e.get("choices", []))
    assert sent == "Dr. Patel works in Cardiology. "


class _CountingChecks(ReplyChecker):
    """Records the length of every text checked; ``lockstep``: the upstream sends an event
    with text only once the text before it was checked."""

    def __init__(self, checker: Checker, *, lockstep: bool = False) -> None:
        super().__init__(checker, None)
        self.lengths: list[int] = []
        self.lockstep = lockstep

    async def check(self, text: str, state: DialogueState, **kwargs: Any) -> Any:
        self.lengths.append(len(text))
        return await super().check(text, state, **kwargs)

    async def checked(self, n: int) -> None:
        """Wait until ``n`` checks are done."""
        for _ in range(2000):
            if len(self.lengths) >= n:
                return
            await asyncio.sleep(0.005)
        raise AssertionError(f"{n} checks expected, {len(self.lengths)} made")


def _sent(events: list[dict[str, Any]]) -> str:
    return "".join(c["delta"].get("content") or "" for e in events for c in e.get("choices", []))


SENTENCES = [
    "Dr. Patel works in Cardiology. ",
    "Riverside Campus is in Portland. ",
    "Oncology is led by Dr. Hiroshi Tanaka. ",
    "Northgate Clinic is in Salem. ",
]


def test_a_streamed_reply_is_never_checked_again_from_its_start(
    checkers: dict[str, Checker],
) -> None:
    """Each sentence is checked with at most ``proxy.stream_context_chars`` of the text before
    it, so checking a reply costs time linear in its length, not quadratic."""
    reply = [SENTENCES[i % len(SENTENCES)] for i in range(40)]
    context = ProxyConfig().stream_context_chars
    # one sentence at a time, each after the last was checked: one check each, bounded
    checks = _CountingChecks(checkers["correct"], lockstep=True)
    payloads = [_chunk(0, content=s) for s in reply[:-1]]
    payloads.append(_chunk(0, content=reply[-1], finish="stop"))
    events = _relay(checkers["correct"], payloads, replies=checks)
    assert _sent(events) == "".join(reply)
    assert len(checks.lengths) == len(reply) - 1  # the last two come together, with the end
    assert max(checks.lengths) <= context + 2 * max(map(len, reply))
    # all at once (an upstream faster than the checker): checked together, about once
    checks = _CountingChecks(checkers["correct"])
    payloads = [_chunk(0, content="".join(reply)), _chunk(0, finish="stop")]
    events = _relay(checkers["correct"], payloads, replies=checks)
    assert _sent(events) == "".join(reply)
    assert sum(checks.lengths) <= len("".join(reply)) + context
    assert events[-2]["kgcheck"]["sentences"] == len(reply)


def test_a_rejected_sentence_checked_with_others_still_lets_those_before_it_out(
    checkers: dict[str, Checker],
) -> None:
    before = "Thanks for asking. Dr. Patel works in Cardiology. "
    events = _relay(
        checkers["reject"],
        [_chunk(0, content=f"{before}{WRONG} Anything else I can do?", finish="stop")],
    )
    assert _sent(events) == before + REFUSAL
    last = events[-2]
    assert last["choices"][0]["finish_reason"] == "content_filter"
    assert [f["type"] for f in last["kgcheck"]["flags"]] == ["wrong_attribute"]
    assert last["kgcheck"]["sentences"] == 2


def test_a_pronoun_reaching_back_within_the_context_is_still_resolved(
    checkers: dict[str, Checker],
) -> None:
    reply = [
        "Dr. Patel works in Cardiology. ",
        "The campus is in Portland. ",
        "Parking is free on weekends. ",
        "Her extension is 4413.",
    ]
    payloads = [_chunk(0, content=s) for s in reply[:-1]]
    payloads.append(_chunk(0, content=reply[-1], finish="stop"))
    checks = _CountingChecks(checkers["correct"], lockstep=True)
    events = _relay(checkers["correct"], payloads, replies=checks)
    assert len(checks.lengths) == len(reply) - 1
    assert _sent(events) == "".join(reply).replace("4413", "4412")


def test_sentences_an_edit_spans_are_sent_as_one_piece() -> None:
    sentences = ["One. ", "Two. ", "Three."]
    within = Action(ActionKind.CORRECT, [0], span=Span(15, 18), replacement="2")
    across = Action(ActionKind.REMOVE, [0], span=Span(13, 18), replacement="")
    groups = pieces_of(sentences, [within], 10)
    assert [(g, [a.replacement for a in e]) for g, e in groups] == [
        (["One. "], []),
        (["Two. "], ["2"]),
        (["Three."], []),
    ]
    groups = pieces_of(sentences, [across], 10)
    assert [g for g, _ in groups] == [["One. ", "Two. "], ["Three."]]
