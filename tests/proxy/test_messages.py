"""Chat ``messages`` as the dialogue the checker reads."""

from __future__ import annotations

from typing import Any

import pytest

from kgcheck.proxy.messages import dialogue_from_messages, message_text


@pytest.mark.parametrize(
    ("content", "text"),
    [
        ("Who leads Analytics?", "Who leads Analytics?"),
        (
            [
                {"type": "text", "text": "Who is this?"},
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
                {"type": "text", "text": "And her team?"},
            ],
            "Who is this?\nAnd her team?",
        ),
        (None, ""),
        ([{"type": "text"}], ""),
    ],
)
def test_message_text_takes_the_text_parts(content: Any, text: str) -> None:
    assert message_text(content) == text


def test_dialogue_from_messages_keeps_what_was_said_in_order() -> None:
    messages: list[Any] = [
        {"role": "system", "content": "You are Acme's assistant."},
        {"role": "developer", "content": "Be brief."},
        {"role": "user", "content": [{"type": "text", "text": "Where does Dr. Patel work?"}]},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "t1"}]},
        {"role": "tool", "tool_call_id": "t1", "content": '{"dept": "Cardiology"}'},
        {"role": "assistant", "content": "In Cardiology."},
        "not a message",
    ]
    state = dialogue_from_messages(messages, session_id="c-1")
    assert state.session_id == "c-1"
    assert [(t.role, t.text) for t in state.turns] == [
        ("system", "You are Acme's assistant."),
        ("system", "Be brief."),
        ("user", "Where does Dr. Patel work?"),
        ("assistant", "In Cardiology."),
    ]


def test_dialogue_from_messages_without_a_list_is_empty() -> None:
    assert dialogue_from_messages({"role": "user"}, session_id="x").turns == []
