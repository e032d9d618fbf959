"""The proxy's FastAPI application: ``create_proxy_app(config, upstream=...)``.

Usage::

    app = create_proxy_app("kgcheck.yaml", upstream="http://127.0.0.1:9000/v1")
    kgcheck proxy --config kgcheck.yaml --upstream http://127.0.0.1:9000/v1   # the same

Endpoints: ``POST /v1/chat/completions`` (forwarded, the reply checked: see
:mod:`kgcheck.proxy.completions` and :mod:`kgcheck.proxy.stream`), ``GET /v1/models`` and
``GET /v1/models/{model}`` (forwarded as they are; the model id checked and encoded again:
:mod:`kgcheck.proxy.paths`). With ``server.api_keys`` every call needs one of them as
``X-API-Key`` (``Authorization`` is the upstream's key, passed on unchanged). Requests are
bounded (:mod:`kgcheck.proxy.limits`), and the conversation a reply is checked against is the
request's most recent messages, each analysed once (:mod:`kgcheck.proxy.conversation`). Each
checked reply is recorded in the flag store under the session named by
``proxy.session_header`` (``X-Kgcheck-Session``), else the request's ``user``, else a fresh id.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import uuid4

import httpx
from fastapi import FastAPI, Request
from fastapi.responses import Response, StreamingResponse

import kgcheck
from kgcheck.checker import Checker
from kgcheck.config import Config
from kgcheck.errors import ConfigMissing
from kgcheck.proxy.completions import Completions, Forward, passthrough
from kgcheck.proxy.conversation import Conversation, Conversations, scope_of
from kgcheck.proxy.errors import install_openai_errors, openai_error_body
from kgcheck.proxy.limits import OpenAIBodyLimit, request_body
from kgcheck.proxy.paths import COMPLETIONS, MODEL_ID, MODELS, model_path, query_params
from kgcheck.proxy.stream import StreamRelay, completion_events, sse_data
from kgcheck.proxy.upstream import Upstream, passed_headers
from kgcheck.proxy.verdict import ReplyChecker
from kgcheck.server.app import resolve
from kgcheck.server.limits import ApiKeyGate
from kgcheck.store import FlagStore

__all__ = ["create_proxy_app"]

_UNAUTHORISED = openai_error_body(
    "missing or unknown kgcheck key: send it as X-API-Key (Authorization goes to the upstream)",
    "invalid_request_error",
    "invalid_api_key",
)


@dataclass
class _Proxy:
    """What the routes share."""

    config: Config
    completions: Completions
    conversations: Conversations

    @property
    def upstream(self) -> Upstream:
        return self.completions.upstream


def create_proxy_app(
    config: Config | str | Path | None = None,
    *,
    upstream: str | None = None,
    checker: Checker | None = None,
    store: FlagStore | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
) -> FastAPI:
    """An OpenAI-compatible proxy that checks the upstream's replies.

    Args:
        config: the configuration (or its file); default: the checker's.
        upstream: the upstream's base URL (default: ``proxy.upstream``).
        checker: a checker built already (default: one built from ``config``).
        store: where reports go (default: the configuration's ``store:``, else in memory).
        transport: an httpx transport for the upstream instead of the network (tests).

    Raises:
        ConfigError: neither ``config`` nor ``checker`` was given, no upstream is named, or
            the configuration is bad.
    """
    config, checker, store = resolve(config, checker, store, caller="create_proxy_app")
    base = upstream or config.proxy.upstream
    if not base:
        raise ConfigMissing("no upstream: pass --upstream or set proxy.upstream")
    settings = config.proxy
    replies = ReplyChecker(checker, store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        client = Upstream(base, timeout=settings.timeout, transport=transport)
        completions = Completions(client, replies, settings)
        app.state.kgcheck_proxy = _Proxy(config, completions, Conversations(settings))
        try:
            yield
        finally:
            await client.aclose()

    app = FastAPI(
        title="kgcheck proxy",
        version=kgcheck.__version__,
        description="An OpenAI-compatible API whose replies are checked by kgcheck.",
        lifespan=lifespan,
    )
    install_openai_errors(app)
    keys = [k.get_secret_value() for k in config.server.api_keys]
    app.add_middleware(OpenAIBodyLimit, max_bytes=settings.max_request_bytes)
    app.add_middleware(
        ApiKeyGate, keys=keys, bearer=False, public=frozenset(), refusal=_UNAUTHORISED
    )

    @app.post("/v1/chat/completions", tags=["proxy"])
    async def chat_completions(request: Request) -> Response:
        """Forwarded to the upstream; the reply checked and mitigated, ``kgcheck`` added."""
        proxy = _proxy(request)
        body = await request_body(request, settings)
        named = request.headers.get(settings.session_header) or body.get("user")
        named = named if isinstance(named, str) and named else None
        session = named or f"proxy-{uuid4().hex[:16]}"
        scope = scope_of(named, request.headers.get("authorization"))
        conversation = await proxy.conversations.open(body, session=session, scope=scope)
        call = Forward(
            passed_headers(request.headers, drop=["x-api-key", settings.session_header]),
            conversation.state,
            params=query_params(request),
            notes=conversation.notes,
            gone=request.is_disconnected,
        )
        if body.get("stream") and settings.stream:
            return await _stream(proxy, body, call, conversation)
        if body.get("stream"):  # checked whole, then streamed
            whole = {k: v for k, v in body.items() if k != "stream_options"} | {"stream": False}
            response, data = await proxy.completions.checked(whole, call)
            await proxy.conversations.keep(conversation)
            if data is None:
                return passthrough(response)
            usage = bool((body.get("stream_options") or {}).get("include_usage"))
            events = completion_events(data, usage=usage)
            return StreamingResponse(_events(events), media_type="text/event-stream")
        answer = await proxy.completions.complete(body, call)
        await proxy.conversations.keep(conversation)
        return answer

    @app.get("/v1/models", tags=["proxy"])
    async def models(request: Request) -> Response:
        """The upstream's models, as it lists them."""
        return await _forward(request, MODELS)

    @app.get(f"/v1/models/{{model:{MODEL_ID}}}", tags=["proxy"])
    async def model(request: Request, model: str) -> Response:
        """One of the upstream's models, as it describes it (400 for a model id that is not
        one: see :mod:`kgcheck.proxy.paths`)."""
        return await _forward(request, model_path(model))

    return app


def _proxy(request: Request) -> _Proxy:
    proxy = request.app.state.kgcheck_proxy
    assert isinstance(proxy, _Proxy)
    return proxy


async def _forward(request: Request, path: str) -> Response:
    proxy = _proxy(request)
    headers = passed_headers(request.headers, ["x-api-key", proxy.config.proxy.session_header])
    return passthrough(await proxy.upstream.get(path, headers, query_params(request)))


async def _events(events: list[bytes]) -> AsyncIterator[bytes]:
    for event in events:
        yield event


async def _stream(
    proxy: _Proxy, body: dict[str, Any], call: Forward, conversation: Conversation
) -> Response:
    """Relay a streamed completion, checked sentence by sentence; an upstream error as it
    came."""
    stack = AsyncExitStack()
    response = await stack.enter_async_context(
        proxy.upstream.stream(COMPLETIONS, body, call.headers, call.params)
    )
    if not response.is_success:
        await response.aread()
        await stack.aclose()
        return passthrough(response)
    settings = proxy.config.proxy
    relay = StreamRelay(proxy.completions.replies, settings, call.state, notes=call.notes)

    async def events() -> AsyncIterator[bytes]:
        try:
            async for event in relay.events(sse_data(response)):
                yield event
        finally:
            await stack.aclose()
        await proxy.conversations.keep(conversation)

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers=passed_headers(response.headers, drop=["content-type"]),
    )
