"""kgcheck.integrations.llamaindex: replies of LlamaIndex's MockLLM (scripted through its
``messages_to_prompt``) checked against the Acme KB and the chat before them (NLI off)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator

import pytest

pytest.importorskip("llama_index.core", reason="the [llamaindex] extra is not installed")

from llama_index.core.instrumentation import get_dispatcher
from llama_index.core.llms import ChatMessage, ChatResponse, MockLLM

from kgcheck import Checker
from kgcheck.config import load_config
from kgcheck.integrations.llamaindex import (
    DEFAULT_REFUSAL,
    KgcheckEventHandler,
    check_chat_response,
)
from tests.conftest import ACME_CONFIG

QUESTION = ChatMessage(
    role="user", content="Which department is Dr. Patel in, and what is her extension?"
)
WRONG = "Dr. Patel works in Cardiology and her extension is 4413."
RIGHT = "Dr. Patel works in Cardiology and her extension is 4412."
SEVERE = (
    "Dr. Helen Brooks leads Oncology. You could ask Sarah from the Analytics team. "
    "Nurse Karen Whitfield works in Cardiology."
)


@pytest.fixture(scope="module")
def checker() -> Checker:
    """The Acme checker with the NLI model off (KGCHECK_NLP__PIPELINE still applies)."""
    environ = {**os.environ, "KGCHECK_NLI__MODEL": "none"}
    return Checker(load_config(ACME_CONFIG, environ=environ))


def mock_llm(reply: str) -> MockLLM:
    """A MockLLM that answers every chat with ``reply``."""
    return MockLLM(messages_to_prompt=lambda messages: reply)


def answer(
    checker: Checker, messages: list[ChatMessage], reply: str, **options: str
) -> ChatResponse:
    return check_chat_response(checker, messages, mock_llm(reply).chat(messages), **options)


def test_llamaindex_wrong_reply_comes_back_corrected(checker: Checker) -> None:
    response = answer(checker, [QUESTION], WRONG)
    assert response.message.role == "assistant"
    assert response.message.content == RIGHT
    report = response.additional_kwargs["kgcheck"]
    assert report["decision"] == "revise"
    assert [(f["type"], f["correction"]) for f in report["flags"]] == [("wrong_attribute", "4412")]


def test_llamaindex_true_reply_comes_back_unchanged(checker: Checker) -> None:
    response = answer(checker, [QUESTION], RIGHT)
    assert response.message.content == RIGHT
    assert response.additional_kwargs["kgcheck"]["decision"] == "accept"


@pytest.mark.parametrize(
    ("options", "refusal"),
    [({}, DEFAULT_REFUSAL), ({"refusal": "Ask reception."}, "Ask reception.")],
)
def test_llamaindex_rejected_reply_is_refused(
    checker: Checker, options: dict[str, str], refusal: str
) -> None:
    response = answer(
        checker, [ChatMessage(role="user", content="Who leads Oncology?")], SEVERE, **options
    )
    assert response.message.content == refusal
    assert response.additional_kwargs["kgcheck"]["decision"] == "reject"


@pytest.mark.parametrize(
    ("history", "content"),
    [
        (
            [ChatMessage(role="user", content="My favourite colour is green.")],
            "Your favourite colour is green.",
        ),
        ([], "Your favourite colour is blue."),
        # tool results are not turns of the conversation
        (
            [ChatMessage(role="tool", content="My favourite colour is green.")],
            "Your favourite colour is blue.",
        ),
    ],
)
def test_llamaindex_earlier_messages_are_the_history(
    checker: Checker, history: list[ChatMessage], content: str
) -> None:
    messages = [*history, ChatMessage(role="user", content="What is my favourite colour?")]
    response = answer(checker, messages, "Your favourite colour is blue.")
    assert response.message.content == content


@pytest.fixture
def handler(checker: Checker) -> Iterator[KgcheckEventHandler]:
    """A KgcheckEventHandler on LlamaIndex's root dispatcher for one test."""
    handler = KgcheckEventHandler(checker=checker, session_id="watch")
    dispatcher = get_dispatcher()
    dispatcher.add_event_handler(handler)
    yield handler
    dispatcher.event_handlers.remove(handler)


def test_llamaindex_event_handler_records_a_report_per_reply(
    handler: KgcheckEventHandler,
) -> None:
    llm = mock_llm(WRONG)
    sent = [llm.chat([QUESTION]), asyncio.run(llm.achat([QUESTION]))]
    assert [r.message.content for r in sent] == [WRONG, WRONG]  # it watches, it does not change
    assert [(str(r.decision), r.session_id, r.turn_index) for r in handler.reports] == [
        ("revise", "watch", 1),
        ("revise", "watch", 1),
    ]
    assert handler.reports[0].text == RIGHT


def test_llamaindex_reply_is_checked_against_the_tool_results_in_the_conversation(
    checker: Checker,
) -> None:
    call = {"id": "t1", "function": {"name": "search_hotels", "arguments": '{"city": "Toronto"}'}}
    messages = [
        ChatMessage(role="user", content="Find me a hotel in Toronto."),
        ChatMessage(role="assistant", content="", additional_kwargs={"tool_calls": [call]}),
        ChatMessage(
            role="tool",
            content='[{"name": "Harbour Inn", "price_per_night": 182}]',
            additional_kwargs={"tool_call_id": "t1"},
        ),
    ]
    response = check_chat_response(
        checker, messages, mock_llm("Harbour Inn costs $128 per night.").chat(messages)
    )
    assert response.message.content == "Harbour Inn costs $182 per night."
