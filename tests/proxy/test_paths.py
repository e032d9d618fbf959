"""What reaches the upstream: only the routes the proxy serves, a model id as one segment, query
parameters encoded again; anything else refused with an OpenAI-style 400 before the upstream
sees it."""

from __future__ import annotations

import httpx
import pytest

from kgcheck.proxy.errors import Refused
from kgcheck.proxy.paths import model_path, upstream_path
from tests.proxy.conftest import ProxyFactory
from tests.proxy.stub import MODEL, UPSTREAM_KEY, Stub

AUTH = {"Authorization": f"Bearer {UPSTREAM_KEY}"}


def _base(proxy: ProxyFactory) -> str:
    return str(proxy().base_url).rstrip("/")


@pytest.mark.parametrize(
    "model",
    [
        "..%2F..%2Fadmin",
        "%2E%2E%2F%2E%2E%2Fadmin",
        "%2e%2e",
        "%2E",
        "gpt-4o%2F..%2F..%2Fadmin",
        "a%2F%2Fb",
        "..%5C..%5Cadmin",
        "a%252F..%252Fadmin",
    ],
)
def test_encoded_dot_segments_never_reach_the_upstream(
    proxy: ProxyFactory, stub: Stub, model: str
) -> None:
    response = httpx.get(f"{_base(proxy)}/models/{model}", headers=AUTH)
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["type"], error["code"], error["param"]) == (
        "invalid_request_error",
        "invalid_model_id",
        "model",
    )
    assert "invalid model id" in error["message"]
    assert stub.paths == []  # nothing reached the upstream, /admin least of all


@pytest.mark.parametrize(
    "model",
    ["x%3Fa%3Db", "x%23fragment", "x%00y", "x%0D%0AX-Injected:%201", "a%20b", "x%25", "é"],
)
def test_a_model_id_cannot_smuggle_a_query_a_fragment_or_control_characters(
    proxy: ProxyFactory, stub: Stub, model: str
) -> None:
    response = httpx.get(f"{_base(proxy)}/models/{model}", headers=AUTH)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_model_id"
    assert stub.paths == []


def test_a_model_id_with_a_slash_reaches_the_upstream_as_one_segment(
    proxy: ProxyFactory, stub: Stub
) -> None:
    client = proxy()
    # the OpenAI client writes the slash as %2F; so does the proxy, to the upstream
    assert client.models.retrieve("meta-llama/Llama-3-8B").id == "meta-llama/Llama-3-8B"
    assert client.models.retrieve("ft:gpt-4o:acme::x1@2").id == "ft:gpt-4o:acme::x1@2"
    assert stub.paths == [
        "GET /v1/models/meta-llama%2FLlama-3-8B",
        "GET /v1/models/ft:gpt-4o:acme::x1@2",
    ]


def test_query_parameters_are_encoded_again_not_passed_through(
    proxy: ProxyFactory, stub: Stub
) -> None:
    base = _base(proxy)
    query = "api-version=2024-06-01&x=a%26b%3Fc&x=2"
    assert httpx.get(f"{base}/models?{query}", headers=AUTH).status_code == 200
    body = {"model": MODEL, "messages": [{"role": "user", "content": "Hi"}]}
    assert httpx.post(f"{base}/chat/completions?{query}", json=body, headers=AUTH).is_success
    assert stub.paths == [f"GET /v1/models?{query}", f"POST /v1/chat/completions?{query}"]


def test_the_proxy_builds_only_the_paths_it_serves() -> None:
    assert model_path("meta-llama/Llama-3-8B") == "/models/meta-llama%2FLlama-3-8B"
    for path in ("/chat/completions", "/models", "/models/gpt-4o", "/models/a%2Fb"):
        assert upstream_path(path) == path
    for path in ("/admin", "/models/..", "/models/.", "/models/a/b", "/models/a?b", "/files"):
        with pytest.raises(ValueError, match="does not call"):
            upstream_path(path)
    with pytest.raises(Refused, match="longer than 256"):
        model_path("m" * 257)
