"""A scripted OpenAI-compatible upstream, and a helper serving an ASGI app on loopback.

The stub answers ``POST /v1/chat/completions`` with its ``replies`` in turn (the last one again
once they run out), as a completion or, for ``"stream": true``, as ``chat.completion.chunk``
events of ``chunk_chars`` characters; ``error`` makes it answer that status and body instead.
It wants ``Authorization: Bearer sk-upstream`` (else 401, OpenAI-style) and keeps every request
it got (``bodies``, ``headers``) for the tests to look at, and the raw path and query string of
every request to any path (``paths``: ``/admin`` too, which it answers 404).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse

UPSTREAM_KEY = "sk-upstream"
MODEL = "stub-model"


@dataclass
class Stub:
    replies: list[str] = field(default_factory=lambda: ["Hello."])
    error: tuple[int, dict[str, Any]] | None = None
    chunk_chars: int = 5
    #: Seconds between streamed chunks (a model writing tokens).
    chunk_delay: float = 0.0
    bodies: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    #: ``METHOD raw-path[?query]`` of every request, as it came.
    paths: list[str] = field(default_factory=list)

    def script(self, *replies: str, error: tuple[int, dict[str, Any]] | None = None) -> None:
        """Answer ``replies`` from now on (or ``error``), forgetting what was asked before."""
        self.replies, self.error = list(replies), error
        self.bodies.clear()
        self.headers.clear()
        self.paths.clear()

    def next_reply(self) -> str:
        return self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]


def _unauthorised() -> JSONResponse:
    error = {"message": "Incorrect API key", "type": "invalid_request_error", "param": None}
    return JSONResponse({"error": {**error, "code": "invalid_api_key"}}, status_code=401)


def stub_app(stub: Stub) -> FastAPI:
    app = FastAPI()

    @app.middleware("http")
    async def record(request: Request, call_next: Any) -> Response:
        raw = request.scope.get("raw_path", b"").decode("latin-1")
        query = request.scope.get("query_string", b"").decode("latin-1")
        stub.paths.append(f"{request.method} {raw}" + (f"?{query}" if query else ""))
        response: Response = await call_next(request)
        return response

    @app.post("/v1/chat/completions")
    async def completions(request: Request) -> Response:
        body = await request.json()
        stub.bodies.append(body)
        stub.headers.append(dict(request.headers))
        if request.headers.get("authorization") != f"Bearer {UPSTREAM_KEY}":
            return _unauthorised()
        if stub.error is not None:
            return JSONResponse(stub.error[1], status_code=stub.error[0])
        replies = [stub.next_reply() for _ in range(body.get("n") or 1)]
        if body.get("stream"):
            events = _events(replies, stub.chunk_chars, stub.chunk_delay)
            return StreamingResponse(events, media_type="text/event-stream")
        return JSONResponse(
            {
                "id": "chatcmpl-stub",
                "object": "chat.completion",
                "created": 1_700_000_000,
                "model": MODEL,
                "choices": [
                    {
                        "index": i,
                        "message": {"role": "assistant", "content": reply},
                        "logprobs": None,
                        "finish_reason": "stop",
                    }
                    for i, reply in enumerate(replies)
                ],
                "usage": {"prompt_tokens": 10, "completion_tokens": 12, "total_tokens": 22},
            },
            headers={"x-request-id": "req-stub"},
        )

    @app.get("/v1/models")
    async def models(request: Request) -> Response:
        if request.headers.get("authorization") != f"Bearer {UPSTREAM_KEY}":
            return _unauthorised()
        model = {"id": MODEL, "object": "model", "created": 0, "owned_by": "kgcheck-tests"}
        return JSONResponse({"object": "list", "data": [model]})

    @app.get("/v1/models/{model:path}")
    async def model(request: Request, model: str) -> Response:
        if request.headers.get("authorization") != f"Bearer {UPSTREAM_KEY}":
            return _unauthorised()
        return JSONResponse({"id": model, "object": "model", "created": 0, "owned_by": "stub"})

    return app


async def _events(replies: list[str], size: int, delay: float) -> AsyncIterator[bytes]:
    head = {"id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": 1_700_000_000}
    head["model"] = MODEL

    def event(index: int, delta: dict[str, Any], finish: str | None = None) -> bytes:
        choice = {"index": index, "delta": delta, "logprobs": None, "finish_reason": finish}
        return b"data: " + json.dumps({**head, "choices": [choice]}).encode() + b"\n\n"

    for index, reply in enumerate(replies):
        yield event(index, {"role": "assistant", "content": ""})
        for start in range(0, len(reply), size):
            if delay:
                await asyncio.sleep(delay)
            yield event(index, {"content": reply[start : start + size]})
        yield event(index, {}, "stop")
    yield b"data: [DONE]\n\n"


class _Server(uvicorn.Server):
    def install_signal_handlers(self) -> None:  # runs in a thread
        return


@contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """``app`` served by uvicorn in a thread on a free loopback port: its base URL."""
    server = _Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
