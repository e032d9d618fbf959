"""The proxy's FastAPI application: ``create_proxy_app(config, upstream=...)``.

Usage::

    app = create_proxy_app("kgcheck.yaml", upstream="http://127.0.0.1:9000/v1")
    kgcheck proxy --config kgcheck.yaml --upstream http://127.0.0.1:9000/v1   # the same

Endpoints: ``POST /v1/chat/completions`` (forwarded, the reply checked: see
:mod:`kgcheck.proxy.completions` and :mod:`kgcheck.proxy.stream`), ``GET /v1/models`` and
``GET /v1/models/{model}`` (forwarded as they are). With ``server.api_keys`` every call needs
one of them as ``X-API-Key`` (``Authorization`` is the upstream's key, passed on unchanged).
Each checked reply is recorded in the flag store under the session named by
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
from starlette.exceptions import HTTPException

import kgcheck
from kgcheck.checker import Checker
from kgcheck.config import Config
from kgcheck.errors import ConfigMissing
from kgcheck.history.state import DialogueState
from kgcheck.proxy.completions import COMPLETIONS, Completions, passthrough
from kgcheck.proxy.errors import install_openai_errors, openai_error_body
from kgcheck.proxy.messages import dialogue_from_messages
from kgcheck.proxy.stream import StreamRelay, completion_events, sse_data
from kgcheck.proxy.upstream import Upstream, passed_headers
from kgcheck.proxy.verdict import ReplyChecker
from kgcheck.server.app import resolve
from kgcheck.server.limits import ApiKeyGate, BodyLimit
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
        app.state.kgcheck_proxy = _Proxy(config, Completions(client, replies, settings))
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
    app.add_middleware(BodyLimit, max_bytes=settings.max_request_bytes)
    app.add_middleware(
        ApiKeyGate, keys=keys, bearer=False, public=frozenset(), refusal=_UNAUTHORISED
    )

    @app.post("/v1/chat/completions", tags=["proxy"])
    async def chat_completions(request: Request) -> Response:
        """Forwarded to the upstream; the reply checked and mitigated, ``kgcheck`` added."""
        proxy = _proxy(request)
        body = await _json_object(request)
        session = request.headers.get(settings.session_header) or body.get("user")
        if not isinstance(session, str) or not session:
            session = f"proxy-{uuid4().hex[:16]}"
        state = dialogue_from_messages(
            body.get("messages"),
            session_id=session,
            tools=body.get("tools") or body.get("functions"),
        )
        headers = passed_headers(request.headers, drop=["x-api-key", settings.session_header])
        if body.get("stream") and settings.stream:
            return await _stream(proxy, body, headers, state)
        if body.get("stream"):  # checked whole, then streamed
            whole = {k: v for k, v in body.items() if k != "stream_options"} | {"stream": False}
            response, data = await proxy.completions.checked(whole, headers, state)
            if data is None:
                return passthrough(response)
            usage = bool((body.get("stream_options") or {}).get("include_usage"))
            events = completion_events(data, usage=usage)
            return StreamingResponse(_events(events), media_type="text/event-stream")
        return await proxy.completions.complete(body, headers, state)

    @app.get("/v1/models", tags=["proxy"])
    async def models(request: Request) -> Response:
        """The upstream's models, as it lists them."""
        return await _forward(request, "/models")

    @app.get("/v1/models/{model:path}", tags=["proxy"])
    async def model(request: Request, model: str) -> Response:
        """One of the upstream's models, as it describes it."""
        return await _forward(request, f"/models/{model}")

    return app


def _proxy(request: Request) -> _Proxy:
    proxy = request.app.state.kgcheck_proxy
    assert isinstance(proxy, _Proxy)
    return proxy


async def _json_object(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise HTTPException(400, "the request body is not JSON") from None
    if not isinstance(body, dict):
        raise HTTPException(400, "the request body is not a JSON object")
    return body


async def _forward(request: Request, path: str) -> Response:
    proxy = _proxy(request)
    drop = ["x-api-key", proxy.config.proxy.session_header]
    return passthrough(await proxy.upstream.get(path, passed_headers(request.headers, drop)))


async def _events(events: list[bytes]) -> AsyncIterator[bytes]:
    for event in events:
        yield event


async def _stream(
    proxy: _Proxy, body: dict[str, Any], headers: dict[str, str], state: DialogueState
) -> Response:
    """Relay a streamed completion, checked sentence by sentence; an upstream error as it
    came."""
    stack = AsyncExitStack()
    response = await stack.enter_async_context(proxy.upstream.stream(COMPLETIONS, body, headers))
    if not response.is_success:
        await response.aread()
        await stack.aclose()
        return passthrough(response)
    relay = StreamRelay(proxy.completions.replies, proxy.config.proxy, state)

    async def events() -> AsyncIterator[bytes]:
        try:
            async for event in relay.events(sse_data(response)):
                yield event
        finally:
            await stack.aclose()

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers=passed_headers(response.headers, drop=["content-type"]),
    )
