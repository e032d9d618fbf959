"""kgcheck.integrations.langchain: replies of LangChain's fake chat models checked against the
Acme KB and the messages before them (NLI off; any spaCy pipeline)."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest

pytest.importorskip("langchain_core", reason="the [langchain] extra is not installed")

from langchain_core.language_models.fake_chat_models import (
    FakeListChatModel,
    GenericFakeChatModel,
)
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder

from kgcheck import Checker, InputError
from kgcheck.config import load_config
from kgcheck.integrations.langchain import DEFAULT_REFUSAL, KgcheckRunnable, kgcheck_guard
from tests.conftest import ACME_CONFIG

QUESTION = "Which department is Dr. Patel in, and what is her extension?"
WRONG = "Dr. Patel works in Cardiology and her extension is 4413."
RIGHT = "Dr. Patel works in Cardiology and her extension is 4412."
SEVERE = (
    "Dr. Helen Brooks leads Oncology. You could ask Sarah from the Analytics team. "
    "Nurse Karen Whitfield works in Cardiology."
)
REFUSAL = "I can't confirm that; let me put you through to reception."


@pytest.fixture(scope="module")
def checker() -> Checker:
    """The Acme checker with the NLI model off (KGCHECK_NLP__PIPELINE still applies)."""
    environ = {**os.environ, "KGCHECK_NLI__MODEL": "none"}
    return Checker(load_config(ACME_CONFIG, environ=environ))


def scripted(*replies: str) -> GenericFakeChatModel:
    return GenericFakeChatModel(messages=iter([AIMessage(r) for r in replies]))


def prompt() -> ChatPromptTemplate:
    return ChatPromptTemplate.from_messages(
        [
            ("system", "You are Acme Health's assistant."),
            MessagesPlaceholder("history", optional=True),
            ("human", "{question}"),
        ]
    )


def kgcheck_of(message: AIMessage) -> dict[str, Any]:
    report: dict[str, Any] = message.response_metadata["kgcheck"]
    return report


def test_langchain_wrong_reply_comes_back_corrected(checker: Checker) -> None:
    chain = prompt() | kgcheck_guard(scripted(WRONG), checker)
    reply = chain.invoke({"question": QUESTION})
    assert isinstance(reply, AIMessage)
    assert reply.content == RIGHT
    report = kgcheck_of(reply)
    assert report["decision"] == "revise"
    assert report["original"] == WRONG
    assert [(f["type"], f["correction"]) for f in report["flags"]] == [("wrong_attribute", "4412")]


def test_langchain_true_reply_comes_back_unchanged(checker: Checker) -> None:
    model = scripted(RIGHT)
    reply = (prompt() | kgcheck_guard(model, checker)).invoke({"question": QUESTION})
    assert reply.content == RIGHT
    assert kgcheck_of(reply)["decision"] == "accept"
    assert kgcheck_of(reply)["flags"] == []


@pytest.mark.parametrize(
    ("options", "refusal"), [({}, DEFAULT_REFUSAL), ({"refusal": REFUSAL}, REFUSAL)]
)
def test_langchain_rejected_reply_is_refused(
    checker: Checker, options: dict[str, str], refusal: str
) -> None:
    reply = kgcheck_guard(scripted(SEVERE), checker, **options).invoke(
        "Who leads Oncology, and who can tell me about analytics?"
    )
    assert reply.content == refusal
    report = kgcheck_of(reply)
    assert report["decision"] == "reject"
    assert report["original"] == SEVERE
    assert {f["type"] for f in report["flags"]} == {"fabricated_fact", "nonexistent_entity"}


@pytest.mark.parametrize(
    ("history", "content", "flags"),
    [
        # the user said it earlier: the reply is corrected from the conversation
        (
            [HumanMessage("My favourite colour is green."), AIMessage("Noted.")],
            "Your favourite colour is green.",
            [("contradicts_prior", "green")],
        ),
        # nothing earlier to contradict
        ([], "Your favourite colour is blue.", []),
        # tool results are not turns of the conversation
        (
            [ToolMessage("My favourite colour is green.", tool_call_id="t1")],
            "Your favourite colour is blue.",
            [],
        ),
    ],
)
def test_langchain_earlier_messages_are_the_history(
    checker: Checker, history: list[Any], content: str, flags: list[tuple[str, str]]
) -> None:
    chain = prompt() | kgcheck_guard(scripted("Your favourite colour is blue."), checker)
    reply = chain.invoke({"history": history, "question": "What is my favourite colour?"})
    assert reply.content == content
    assert [(f["type"], f["correction"]) for f in kgcheck_of(reply)["flags"]] == flags


def test_langchain_runnable_checks_the_last_message_of_a_conversation(checker: Checker) -> None:
    conversation = [
        SystemMessage("You are Acme Health's assistant."),
        ("human", QUESTION),
        AIMessage(WRONG, id="run-1", response_metadata={"model_name": "fake"}),
    ]
    reply = KgcheckRunnable(checker).invoke(conversation)
    assert reply.content == RIGHT
    assert reply.id == "run-1"  # the model's message, with only its content changed
    assert reply.response_metadata["model_name"] == "fake"
    assert kgcheck_of(reply)["turn_index"] == 2


@pytest.mark.parametrize(
    "reply", [WRONG, AIMessage(WRONG), AIMessage([{"type": "text", "text": WRONG}])]
)
def test_langchain_runnable_takes_a_reply_alone(checker: Checker, reply: Any) -> None:
    checked = KgcheckRunnable(checker).invoke(reply)
    assert checked.content == RIGHT
    assert kgcheck_of(checked)["turn_index"] == 0


@pytest.mark.parametrize(
    ("conversation", "message"),
    [
        ([HumanMessage(QUESTION)], "the last message must be the AI reply, got a human message"),
        ([], "expected messages or a reply, got list"),
        (42, "expected messages or a reply, got int"),
    ],
)
def test_langchain_runnable_without_a_reply_is_an_input_error(
    checker: Checker, conversation: Any, message: str
) -> None:
    with pytest.raises(InputError) as caught:
        KgcheckRunnable(checker).invoke(conversation)
    assert caught.value.message == message


def test_langchain_session_id_from_the_config(checker: Checker) -> None:
    guard = KgcheckRunnable(checker, session_id="fallback")
    assert kgcheck_of(guard.invoke(RIGHT))["session_id"] == "fallback"
    named = guard.invoke(RIGHT, config={"configurable": {"session_id": "s42"}})
    assert kgcheck_of(named)["session_id"] == "s42"


def test_langchain_ainvoke_and_batch(checker: Checker) -> None:
    chain = prompt() | kgcheck_guard(FakeListChatModel(responses=[WRONG, RIGHT]), checker)
    first = asyncio.run(chain.ainvoke({"question": QUESTION}))
    assert first.content == RIGHT
    assert kgcheck_of(first)["decision"] == "revise"
    replies = chain.batch([{"question": QUESTION}] * 2, config={"max_concurrency": 1})
    assert [kgcheck_of(r)["original"] for r in replies] == [RIGHT, WRONG]
    assert [r.content for r in replies] == [RIGHT, RIGHT]


def test_langchain_reply_is_checked_against_the_tool_results_in_the_conversation(
    checker: Checker,
) -> None:
    conversation = [
        HumanMessage("Find me a hotel in Toronto."),
        AIMessage(
            "",
            tool_calls=[{"id": "t1", "name": "search_hotels", "args": {"city": "Toronto"}}],
        ),
        ToolMessage('[{"name": "Harbour Inn", "price_per_night": 182}]', tool_call_id="t1"),
        AIMessage("Harbour Inn costs $128 per night."),
    ]
    reply = KgcheckRunnable(checker).invoke(conversation)
    assert reply.content == "Harbour Inn costs $182 per night."
