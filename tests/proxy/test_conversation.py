"""The conversation of a request: each message analysed once per conversation (a follow-up
request restores what the one before it analysed), in a window of the most recent messages,
kept per caller, in a cache bounded in bytes."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from kgcheck import Checker
from kgcheck.config import ProxyConfig
from kgcheck.proxy.conversation import Conversation, Conversations, _Kept, scope_of
from tests.proxy.conftest import ProxyFactory
from tests.proxy.stub import MODEL, Stub

SAID = "Tom Okafor is in room B-101 now."


def _messages(n: int) -> list[Any]:
    """``n`` messages of a conversation, user and assistant in turn."""
    return [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"Message {i} of {n}."}
        for i in range(n)
    ]


def _open(conversations: Conversations, messages: list[Any], scope: str) -> Conversation:
    return asyncio.run(conversations.open({"messages": messages}, session="s", scope=scope))


def _checked(checker: Checker, conversations: Conversations, conversation: Conversation) -> None:
    """What a check does to the conversation (its messages analysed), then kept."""
    checker.update_history(conversation.state)
    asyncio.run(conversations.keep(conversation))


def test_a_follow_up_request_analyses_only_its_new_messages(
    proxy: ProxyFactory,
    stub: Stub,
    checkers: dict[str, Checker],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    analyser = checkers["correct"].analyzer
    analysed: list[str] = []
    analyse = analyser.analyse

    def counting(text: str, **kwargs: Any) -> Any:
        analysed.append(text)
        return analyse(text, **kwargs)

    monkeypatch.setattr(analyser, "analyse", counting)
    client = proxy()
    first: list[Any] = [
        {"role": "system", "content": "You answer for Acme Health."},
        {"role": "user", "content": SAID},
    ]
    stub.script("Noted.", "Tom Okafor is in room B-105.")
    session = {"X-Kgcheck-Session": "c-9"}
    client.chat.completions.create(model=MODEL, messages=first, extra_headers=session)
    assert analysed[:2] == [first[0]["content"], SAID]
    analysed.clear()
    follow_up = [
        *first,
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "Where is Tom now?"},
    ]
    response = client.chat.completions.create(
        model=MODEL, messages=follow_up, extra_headers=session
    )
    assert analysed[:2] == ["Noted.", "Where is Tom now?"]  # then the reply; never SAID again
    assert SAID not in analysed
    # the restored conversation is checked against as the whole one would be
    kgcheck = (response.model_extra or {})["kgcheck"]
    assert [f["type"] for f in kgcheck["flags"]] == ["contradicts_prior"]
    assert response.choices[0].message.content == "Tom Okafor is in room B-101."


def test_one_callers_conversation_is_never_restored_for_another(
    checkers: dict[str, Checker],
) -> None:
    conversations = Conversations(ProxyConfig())
    mine, theirs = scope_of("s", "Bearer sk-a"), scope_of("s", "Bearer sk-b")
    messages = _messages(4)
    _checked(checkers["correct"], conversations, _open(conversations, messages, mine))
    assert len(_open(conversations, messages, theirs).state.pending()) == 4
    assert len(_open(conversations, messages, scope_of(None, "Bearer sk-a")).state.pending()) == 4
    assert _open(conversations, messages, mine).state.pending() == []
    continued = _open(conversations, _messages(4) + _messages(6)[4:], mine)
    assert [t.text for t in continued.state.pending()] == ["Message 4 of 6.", "Message 5 of 6."]


def test_the_conversation_cache_is_bounded_in_bytes(checkers: dict[str, Checker]) -> None:
    conversations = Conversations(ProxyConfig(history_cache_bytes=30_000))
    scope = scope_of(None, None)
    for n in range(1, 21):
        conversation = _open(conversations, _messages(n), scope)
        _checked(checkers["correct"], conversations, conversation)
        assert conversations.size <= 30_000
    assert _open(conversations, _messages(20), scope).state.pending() == []  # the latest kept
    assert len(_open(conversations, _messages(2), scope).state.pending()) == 2  # dropped
    nothing = Conversations(ProxyConfig(history_cache_bytes=0))
    _checked(checkers["correct"], nothing, _open(nothing, _messages(2), scope))
    assert nothing.size == 0


def test_an_outgrown_window_starts_again_half_full(checkers: dict[str, Checker]) -> None:
    conversations = Conversations(ProxyConfig(max_history_messages=4))
    scope = scope_of(None, None)
    messages: list[Any] = []
    starts = []
    for n in range(2, 13, 2):
        messages = [*messages, *_messages(n)[n - 2 :]]
        conversation = _open(conversations, messages, scope)
        starts.append((conversation.start, len(conversation.state.pending())))
        _checked(checkers["correct"], conversations, conversation)
    # (first message analysed, messages analysed by this request)
    assert starts == [(0, 2), (0, 2), (4, 2), (4, 2), (8, 2), (8, 2)]
    assert conversation.notes == (
        "history: the first 8 of 12 messages were not analysed (proxy.max_history_messages: "
        "4, proxy.max_history_chars: 20000)",
    )


def test_a_kept_conversation_that_cannot_be_read_is_analysed_again(
    checkers: dict[str, Checker],
) -> None:
    conversations = Conversations(ProxyConfig())
    scope = scope_of(None, None)
    conversation = _open(conversations, _messages(4), scope)
    _checked(checkers["correct"], conversations, conversation)
    conversations._kept[conversation.key] = _Kept(b'{"turns": [{"role": 7}]}', 0)
    again = _open(conversations, _messages(4), scope)
    assert [t.text for t in again.state.pending()] == [m["content"] for m in _messages(4)]
