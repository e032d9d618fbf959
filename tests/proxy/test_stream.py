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
from kgcheck.proxy.stream import StreamRelay
from kgcheck.proxy.verdict import ReplyChecker
from kgcheck.store import FlagStore, ReviewQueue
from kgcheck.store.queries import FlagFilter
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


def _relay(checker: Checker, payloads: list[str], *, broken: bool = False) -> list[dict[str, Any]]:
    async def upstream() -> AsyncIterator[str]:
        for payload in payloads:
            yield payload
        if broken:
            raise httpx.ReadError("connection reset")

    async def run() -> list[bytes]:
        relay = StreamRelay(ReplyChecker(checker, None), ProxyConfig(), DialogueState())
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
