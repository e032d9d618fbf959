"""Who may call the service, and how much they may send."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from fastapi import Request
from fastapi.security import APIKeyHeader
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "API_KEY_HEADER",
    "PUBLIC_PATHS",
    "ApiKeyGate",
    "BodyLimit",
    "check_api_key",
    "client_id",
    "given_key",
    "send_body",
    "send_json",
]

#: Paths anyone may call: health, metrics and the API docs.
PUBLIC_PATHS = frozenset(
    {"/healthz", "/metrics", "/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"}
)
_UNAUTHORISED = "missing or unknown API key: send X-API-Key or Authorization: Bearer"

#: The scheme OpenAPI shows; ``Authorization: Bearer <key>`` is accepted too.
API_KEY_HEADER = APIKeyHeader(name="X-API-Key", auto_error=False)


def given_key(request: Request) -> str | None:
    """The API key the request carries (``X-API-Key`` or ``Authorization: Bearer``)."""
    given = request.headers.get("x-api-key")
    if given is None:
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            given = auth[7:].strip()
    return given


def client_id(request: Request) -> str:
    """Who is calling, for per-client limits: a digest of the API key, else the address."""
    key = given_key(request)
    if key:
        return "key:" + hashlib.sha256(key.encode()).hexdigest()[:16]
    return "addr:" + (request.client.host if request.client else "unknown")


def check_api_key(request: Request, given: str | None, keys: list[str]) -> None:
    """Refuse the request unless it carries one of ``keys`` (no keys: everyone may call).

    Raises:
        HTTPException: 401.
    """
    if not keys:
        return
    if given is None:
        given = given_key(request)
    if _known(given, keys):
        return
    raise HTTPException(401, _UNAUTHORISED, headers={"WWW-Authenticate": "Bearer"})


def _known(given: str | None, keys: list[str]) -> bool:
    return bool(given) and any(hmac.compare_digest(str(given).encode(), k.encode()) for k in keys)


class ApiKeyGate:
    """ASGI middleware refusing calls without a known API key (401) before anything else
    happens: before the body is read or validated. ``/healthz``, ``/metrics`` and the docs are
    public; paths under an ``exempt`` prefix (the review console, which logs its users in with
    the same keys and keeps them in a session) check callers themselves.

    Args:
        keys: the keys accepted (none: everyone may call).
        bearer: accept ``Authorization: Bearer <key>`` besides ``X-API-Key`` (the proxy does
            not: its callers' ``Authorization`` is the upstream's key).
        public: paths anyone may call.
        refusal: the JSON body of the 401 (default: the service's error body).
        exempt: path prefixes whose routes check their callers themselves.
    """

    def __init__(
        self,
        app: ASGIApp,
        keys: list[str],
        *,
        bearer: bool = True,
        public: frozenset[str] = PUBLIC_PATHS,
        refusal: dict[str, Any] | None = None,
        exempt: tuple[str, ...] = (),
    ) -> None:
        self.app = app
        self.keys = keys
        self.bearer = bearer
        self.public = public
        self.refusal = refusal or {"error": {"code": "HTTP401", "message": _UNAUTHORISED}}
        self.exempt = exempt

    def _exempt(self, path: str) -> bool:
        return path in self.public or any(
            path == prefix or path.startswith(prefix + "/") for prefix in self.exempt
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self.keys or self._exempt(scope["path"]):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        given = headers.get("x-api-key")
        auth = headers.get("authorization", "")
        if given is None and self.bearer and auth.lower().startswith("bearer "):
            given = auth[7:].strip()
        if _known(given, self.keys):
            await self.app(scope, receive, send)
            return
        challenge = [(b"www-authenticate", b"Bearer" if self.bearer else b"X-API-Key")]
        await send_body(send, 401, self.refusal, challenge)


async def send_json(
    send: Send,
    status: int,
    code: str,
    message: str,
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    """Answer with the service's JSON error body, from ASGI middleware."""
    await send_body(send, status, {"error": {"code": code, "message": message}}, headers)


async def send_body(
    send: Send,
    status: int,
    body: dict[str, Any],
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    """Answer with ``body`` as JSON, from ASGI middleware."""
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


class BodyLimit:
    """ASGI middleware refusing request bodies over ``max_bytes`` with 413: at once when the
    declared length says so, else as soon as the body read so far does."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await send_json(send, 413, "HTTP413", self._message())
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise HTTPException(413, self._message())
            return message

        await self.app(scope, limited, send)

    def _message(self) -> str:
        return f"request body larger than {self.max_bytes} bytes"
