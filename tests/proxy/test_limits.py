"""Bounded requests: body size, choices, bodies the upstream cannot be sent, and the history a
reply is checked against; each refusal an OpenAI-style error before the upstream sees it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import openai
import pytest

from kgcheck.config import ProxyConfig
from tests.proxy.conftest import WRONG, ProxyFactory
from tests.proxy.stub import MODEL, UPSTREAM_KEY, Stub

AUTH = {"Authorization": f"Bearer {UPSTREAM_KEY}"}
JSON = {**AUTH, "Content-Type": "application/json"}


def _post(proxy: ProxyFactory, content: bytes | Iterator[bytes], **settings: Any) -> httpx.Response:
    base = str(proxy(**settings).base_url)
    return httpx.post(f"{base}chat/completions", content=content, headers=JSON)


def _error(response: Any) -> dict[str, Any]:
    error = response.json()["error"]
    assert set(error) == {"message", "type", "param", "code"}
    assert error["type"] == "invalid_request_error"
    return dict(error)


def test_the_default_body_limit_is_a_mebibyte(proxy: ProxyFactory, stub: Stub) -> None:
    assert ProxyConfig().max_request_bytes == 1_048_576
    text = "x" * 1_100_000
    body = f'{{"model": "{MODEL}", "messages": [{{"role": "user", "content": "{text}"}}]}}'
    response = _post(proxy, body.encode())
    assert response.status_code == 413
    assert _error(response)["code"] == "request_too_large"
    # without a declared length, refused as soon as the body read is over the limit
    chunks = (body.encode()[i : i + 65536] for i in range(0, len(body), 65536))
    response = _post(proxy, chunks)
    assert response.status_code == 413
    assert _error(response)["code"] == "request_too_large"
    assert stub.bodies == []


def test_n_above_max_choices_is_refused_naming_n(proxy: ProxyFactory, stub: Stub) -> None:
    client = proxy()
    messages: list[Any] = [{"role": "user", "content": "Hi"}]
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model=MODEL, messages=messages, n=64)
    error = _error(caught.value.response)
    assert (error["param"], error["code"]) == ("n", "integer_above_max_value")
    assert "proxy.max_choices" in error["message"] and "64" in error["message"]
    assert stub.bodies == []
    response = client.chat.completions.create(model=MODEL, messages=messages, n=4)
    assert len(response.choices) == 4


@pytest.mark.parametrize(
    ("content", "code", "param", "says"),
    [
        (
            b'{"model": "m", "messages": [{"role": "user", "content": "a \\ud800 b"}]}',
            "invalid_unicode",
            "messages",
            "lone UTF-16 surrogate (\\ud800) in messages[0].content",
        ),
        (b'{"model": "m", "\\udfff": 1}', "invalid_unicode", None, "in a key"),
        (b'{"model": "m", "temperature": NaN}', "invalid_json", None, "NaN is no JSON value"),
        (b'{"model": "m", "x": ' + b"[" * 100 + b"]" * 100 + b"}", "invalid_json", None, "64"),
        (b'{"x": ' + b"[" * 200_000 + b"]" * 200_000 + b"}", "invalid_json", None, "deeply"),
        (b"[1, 2]", "invalid_json", None, "not a JSON object"),
        (b"\xff\xfe", "invalid_json", None, "not JSON"),
    ],
)
def test_a_body_the_upstream_cannot_be_sent_is_a_400_not_a_500(
    proxy: ProxyFactory,
    stub: Stub,
    content: bytes,
    code: str,
    param: str | None,
    says: str,
) -> None:
    response = _post(proxy, content)
    assert response.status_code == 400
    error = _error(response)
    assert (error["code"], error["param"]) == (code, param)
    assert says in error["message"]
    assert stub.bodies == []


def test_a_reply_is_checked_against_the_most_recent_messages_only(
    proxy: ProxyFactory, stub: Stub
) -> None:
    said: Any = {"role": "user", "content": "Tom Okafor is in room B-101 now."}
    later: list[Any] = [
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "Where is Tom now?"},
    ]
    stub.script("Tom Okafor is in room B-105.")
    client = proxy(max_history_messages=2)
    kgcheck = client.chat.completions.create(model=MODEL, messages=[said, *later]).model_extra
    assert kgcheck is not None
    assert kgcheck["kgcheck"]["flags"] == []  # what was said before the window is not read
    assert kgcheck["kgcheck"]["skipped"] == [
        "history: the first 1 of 3 messages were not analysed (proxy.max_history_messages: 2, "
        "proxy.max_history_chars: 20000)"
    ]
    assert stub.bodies[0]["messages"] == [said, *later]  # the upstream gets them all
    client = proxy(max_history_messages=3)
    kgcheck = client.chat.completions.create(model=MODEL, messages=[said, *later]).model_extra
    assert kgcheck is not None
    assert [f["type"] for f in kgcheck["kgcheck"]["flags"]] == ["contradicts_prior"]
    assert kgcheck["kgcheck"]["skipped"] == []


def test_a_streamed_reply_says_what_the_history_left_out(proxy: ProxyFactory, stub: Stub) -> None:
    stub.script(WRONG)
    messages: list[Any] = [{"role": "user", "content": f"Question {i}?"} for i in range(5)]
    chunks = list(
        proxy(max_history_chars=40).chat.completions.create(
            model=MODEL, messages=messages, stream=True
        )
    )
    kgcheck = (chunks[-1].model_extra or {})["kgcheck"]
    assert kgcheck["skipped"] == [  # 12 characters each: the last 3
        "history: the first 2 of 5 messages were not analysed (proxy.max_history_messages: 50, "
        "proxy.max_history_chars: 40)"
    ]
