"""The proxy over real HTTP, called with the official OpenAI client: replies corrected,
regenerated, refused or passed through unchanged; keys, upstream errors, sessions."""

from __future__ import annotations

from typing import Any

import httpx
import openai
import pytest

from kgcheck import Checker
from kgcheck.config import ProxyConfig
from kgcheck.store import FlagStore, ReviewQueue
from kgcheck.store.queries import FlagFilter
from tests.proxy.conftest import KGCHECK_KEY, QUESTION, RIGHT, WRONG, ProxyFactory
from tests.proxy.stub import MODEL, UPSTREAM_KEY, Stub
from tests.store.reports import free_port

REFUSAL = ProxyConfig().refusal
MESSAGES: list[Any] = [{"role": "user", "content": QUESTION}]


def _ask(client: openai.OpenAI, **extra: Any) -> tuple[str | None, dict[str, Any]]:
    response = client.chat.completions.create(model=MODEL, messages=MESSAGES, **extra)
    assert response.model_extra is not None
    return response.choices[0].message.content, response.model_extra["kgcheck"]


def test_proxy_corrects_a_wrong_extension(proxy: ProxyFactory, stub: Stub) -> None:
    client = proxy()
    stub.script(WRONG)
    content, kgcheck = _ask(client)
    assert content == RIGHT
    assert (kgcheck["decision"], kgcheck["outcome"], kgcheck["attempt"]) == ("revise", "revised", 1)
    assert [f["type"] for f in kgcheck["flags"]] == ["wrong_attribute"]
    assert [a["kind"] for a in kgcheck["actions"]] == ["correct"]
    assert kgcheck["report_id"]


@pytest.mark.parametrize(
    "reply",
    [
        RIGHT,
        "  Dr. Patel works in Cardiology — her extension is 4412.\n\n",
        "Hello! How can I help you today? 🙂",
    ],
)
def test_proxy_passes_a_true_reply_through_byte_for_byte(
    proxy: ProxyFactory, stub: Stub, reply: str
) -> None:
    client = proxy()
    stub.script(reply)
    content, kgcheck = _ask(client)
    assert content == reply
    assert (kgcheck["decision"], kgcheck["outcome"], kgcheck["flags"]) == (
        "accept",
        "unchanged",
        [],
    )


def test_proxy_regenerates_with_the_guidance_as_a_system_message(
    proxy: ProxyFactory, stub: Stub
) -> None:
    client = proxy("regenerate")
    stub.script(WRONG, RIGHT)
    content, kgcheck = _ask(client)
    assert content == RIGHT
    assert (kgcheck["decision"], kgcheck["outcome"], kgcheck["attempt"]) == (
        "accept",
        "unchanged",
        2,
    )
    assert [a["decision"] for a in kgcheck["attempts"]] == ["reject", "accept"]
    first, second = stub.bodies
    assert first["messages"] == MESSAGES
    assert second["messages"][:-1] == MESSAGES and second["n"] == 1
    guidance = second["messages"][-1]
    assert guidance["role"] == "system"
    assert guidance["content"].startswith("Rewrite the reply.") and "4412" in guidance["content"]


@pytest.mark.parametrize(("max_regenerations", "calls"), [(1, 2), (0, 1)])
def test_proxy_refuses_when_regenerating_does_not_help(
    proxy: ProxyFactory, stub: Stub, max_regenerations: int, calls: int
) -> None:
    client = proxy("regenerate", max_regenerations=max_regenerations)
    stub.script(WRONG)  # the same wrong answer every time
    content, kgcheck = _ask(client)
    assert content == REFUSAL
    assert (kgcheck["decision"], kgcheck["outcome"], kgcheck["attempt"]) == (
        "reject",
        "refused",
        calls,
    )
    assert len(stub.bodies) == calls


def test_proxy_refuses_a_rejected_reply_with_the_configured_refusal(
    proxy: ProxyFactory, stub: Stub
) -> None:
    client = proxy("reject", refusal="Let me check that with a colleague.")
    stub.script(WRONG)
    content, kgcheck = _ask(client)
    assert content == "Let me check that with a colleague."
    assert (kgcheck["decision"], kgcheck["outcome"]) == ("reject", "refused")
    assert [a["kind"] for a in kgcheck["actions"]] == ["escalate"]
    assert len(stub.bodies) == 1  # no regenerate action: nothing asked again


def test_proxy_checks_every_choice(proxy: ProxyFactory, stub: Stub) -> None:
    client = proxy()
    stub.script(WRONG, RIGHT)
    response = client.chat.completions.create(model=MODEL, messages=MESSAGES, n=2)
    assert [c.message.content for c in response.choices] == [RIGHT, RIGHT]
    outcomes = [(c.model_extra or {})["kgcheck"]["outcome"] for c in response.choices]
    assert outcomes == ["revised", "unchanged"]
    assert response.model_extra is not None
    assert response.model_extra["kgcheck"]["outcome"] == "revised"  # the first choice's


def test_proxy_reports_failed_checks_and_never_accepts_them(
    proxy: ProxyFactory, stub: Stub, checkers: dict[str, Checker], monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(ctx: object) -> list[object]:
        raise RuntimeError("index out of sync")

    (broken,) = [d for d in checkers["correct"].detectors if d.name == "wrong_attribute"]
    monkeypatch.setattr(broken, "detect", boom)
    client = proxy()
    stub.script(RIGHT)
    content, kgcheck = _ask(client)
    assert kgcheck["decision"] == "accept_with_warnings"  # on_error: warn
    assert [e["code"] for e in kgcheck["errors"]] == ["KGC701"]
    assert content == RIGHT


def test_proxy_withholds_the_reply_when_the_check_raises(
    proxy: ProxyFactory, stub: Stub, checker_raises: None
) -> None:
    client = proxy()
    stub.script(WRONG)
    with pytest.raises(openai.APIStatusError) as caught:
        _ask(client)
    assert caught.value.status_code == 503
    assert caught.value.body == {
        "message": "kgcheck could not check the reply (RuntimeError); it is withheld",
        "type": "kgcheck_error",
        "param": None,
        "code": "kgcheck_check_failed",
    }
    assert "4413" not in caught.value.response.text


def test_proxy_passes_the_upstream_key_on_and_keeps_its_own(
    proxy: ProxyFactory, stub: Stub
) -> None:
    client = proxy(keys=[KGCHECK_KEY])
    stub.script(RIGHT)
    assert _ask(client)[0] == RIGHT
    (headers,) = stub.headers
    assert headers["authorization"] == f"Bearer {UPSTREAM_KEY}"
    assert "x-api-key" not in headers  # kgcheck's key stays with kgcheck


@pytest.mark.parametrize(
    "headers",
    [
        {},  # no kgcheck key
        {"X-API-Key": "wrong"},
        {"Authorization": f"Bearer {KGCHECK_KEY}"},  # Authorization is the upstream's
    ],
)
def test_proxy_refuses_a_caller_without_its_key(
    proxy: ProxyFactory, stub: Stub, headers: dict[str, str]
) -> None:
    base = str(proxy(keys=[KGCHECK_KEY]).base_url)
    stub.script(RIGHT)
    sent = {"Authorization": f"Bearer {UPSTREAM_KEY}", **headers}
    body = {"model": MODEL, "messages": MESSAGES}
    response = httpx.post(f"{base}chat/completions", json=body, headers=sent)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "invalid_api_key"
    assert response.json()["error"]["type"] == "invalid_request_error"
    assert stub.bodies == []  # nothing reached the upstream


def test_proxy_passes_upstream_errors_through(proxy: ProxyFactory, stub: Stub) -> None:
    error = {"error": {"message": "max_tokens is too large", "type": "invalid_request_error"}}
    client = proxy()
    stub.script(error=(400, error))
    with pytest.raises(openai.BadRequestError) as caught:
        _ask(client)
    assert caught.value.response.json() == error


def test_proxy_passes_the_upstreams_own_401_through(proxy: ProxyFactory, stub: Stub) -> None:
    client = proxy()
    client = client.with_options(api_key="sk-wrong")
    with pytest.raises(openai.AuthenticationError) as caught:
        _ask(client)
    assert caught.value.response.json()["error"]["message"] == "Incorrect API key"


def test_proxy_answers_502_when_the_upstream_is_down(proxy: ProxyFactory) -> None:
    client = proxy(upstream=f"http://127.0.0.1:{free_port()}/v1")
    with pytest.raises(openai.InternalServerError) as caught:
        _ask(client)
    assert caught.value.status_code == 502
    error = caught.value.response.json()["error"]
    assert (error["type"], error["code"]) == ("upstream_error", "upstream_unreachable")
    assert set(error) == {"message", "type", "param", "code"}


def test_proxy_forwards_the_model_list(proxy: ProxyFactory) -> None:
    assert [m.id for m in proxy().models.list()] == [MODEL]


@pytest.mark.parametrize(
    ("extra", "session"),
    [
        ({"extra_headers": {"X-Kgcheck-Session": "c-42"}}, "c-42"),
        ({"user": "user-7"}, "user-7"),
    ],
)
def test_proxy_records_flags_under_the_session(
    proxy: ProxyFactory, stub: Stub, store: FlagStore, extra: dict[str, Any], session: str
) -> None:
    client = proxy()
    stub.script(WRONG)
    _, kgcheck = _ask(client, **extra)
    assert kgcheck["session_id"] == session
    (flag,) = ReviewQueue(store).find(FlagFilter(session=session))
    assert flag.to_dict()["type"].endswith("wrong_attribute")
    assert "x-kgcheck-session" not in stub.headers[0]


def test_proxy_gives_each_request_without_a_session_its_own(
    proxy: ProxyFactory, stub: Stub
) -> None:
    client = proxy()
    stub.script(WRONG)
    sessions = {_ask(client)[1]["session_id"] for _ in range(2)}
    assert len(sessions) == 2


def test_proxy_refuses_when_the_upstream_gives_no_rewrite(proxy: ProxyFactory, stub: Stub) -> None:
    client = proxy("regenerate")
    stub.script(WRONG, "")
    content, kgcheck = _ask(client)
    assert content == REFUSAL
    assert (kgcheck["outcome"], kgcheck["attempt"]) == ("refused", 1)
    assert kgcheck["note"] == "regeneration failed: the upstream's rewrite has no text"


def test_proxy_refuses_a_body_over_its_limit_before_the_upstream_sees_it(
    proxy: ProxyFactory, stub: Stub
) -> None:
    base = str(proxy(max_request_bytes=2048).base_url)
    stub.script(RIGHT)
    body = {"model": MODEL, "messages": [{"role": "user", "content": "x" * 4096}]}
    sent = {"Authorization": f"Bearer {UPSTREAM_KEY}"}
    response = httpx.post(f"{base}chat/completions", json=body, headers=sent)
    assert response.status_code == 413
    assert stub.bodies == []


def test_proxy_corrects_a_price_against_the_tool_result_in_the_conversation(
    proxy: ProxyFactory, stub: Stub
) -> None:
    """An agent's tool call and its result, as the OpenAI API carries them: the reply is
    checked against the rows the tool returned."""
    client = proxy()
    stub.script("The Harbour Inn has a room for $128 a night.")
    messages: list[Any] = [
        {"role": "user", "content": "Find me a hotel in Toronto for tonight."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "search_hotels", "arguments": '{"city": "Toronto"}'},
                }
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "call_1",
            "content": '[{"name": "Harbour Inn", "price_per_night": 182, "currency": "USD"}]',
        },
    ]
    tools: list[Any] = [
        {
            "type": "function",
            "function": {
                "name": "search_hotels",
                "description": "Hotels with a free room tonight.",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
            },
        }
    ]
    response = client.chat.completions.create(model=MODEL, messages=messages, tools=tools)
    assert response.model_extra is not None
    assert response.choices[0].message.content == "The Harbour Inn has a room for $182 a night."
    assert [a["kind"] for a in response.model_extra["kgcheck"]["actions"]] == ["correct"]
