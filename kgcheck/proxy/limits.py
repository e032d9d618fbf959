"""What a request may be before the proxy forwards it: bounded, and valid JSON it can pass on.

- a body over ``proxy.max_request_bytes``: 413 ``request_too_large``, before it is read whole;
- a body that is not a JSON object: 400 (``invalid_json``), as are bodies the upstream could
  not be sent: ``NaN`` or ``Infinity`` (no JSON value), a lone UTF-16 surrogate such as
  ``"\\ud800"`` (no character: it cannot be encoded again; the message names where it is), and
  arrays or objects nested more than :data:`MAX_DEPTH` deep;
- ``n`` over ``proxy.max_choices``: 400 ``integer_above_max_value`` with ``param: "n"``.

Each answer is an OpenAI error body (``{"error": {"message", "type", "param", "code"}}``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from kgcheck.config import ProxyConfig
from kgcheck.proxy.errors import Refused, openai_error_body
from kgcheck.server.limits import BodyLimit, send_body

__all__ = ["MAX_DEPTH", "OpenAIBodyLimit", "request_body"]

#: Deepest nesting of arrays and objects a body may have (a tool's JSON Schema is a few levels).
MAX_DEPTH = 64
_SURROGATE = re.compile("[\ud800-\udfff]")


class OpenAIBodyLimit:
    """:class:`~kgcheck.server.limits.BodyLimit` answering as the OpenAI API does: 413 with
    ``code: request_too_large``, at once when the declared length is over ``max_bytes``, else
    as soon as the body read so far is (then through the app's error handlers)."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.limited = BodyLimit(app, max_bytes)
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = dict(scope.get("headers", [])).get(b"content-length") or b""
        if scope["type"] == "http" and declared.isdigit() and int(declared) > self.max_bytes:
            message = f"request body larger than {self.max_bytes} bytes"
            body = openai_error_body(message, "invalid_request_error", "request_too_large")
            await send_body(send, 413, body)
            return
        await self.limited(scope, receive, send)


async def request_body(request: Request, settings: ProxyConfig) -> dict[str, Any]:
    """The request's JSON object, if the proxy may forward it.

    Raises:
        Refused: the body is not a JSON object the upstream can be sent, or asks for more
            choices than ``proxy.max_choices`` (400).
    """
    raw = await request.body()
    try:
        body = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise Refused("the request body is nested too deeply", "invalid_json") from None
    except ValueError as exc:
        raise Refused(f"the request body is not JSON ({exc})", "invalid_json") from None
    if not isinstance(body, dict):
        raise Refused("the request body is not a JSON object", "invalid_json")
    _check_values(body)
    n = body.get("n")
    if isinstance(n, int | float) and not isinstance(n, bool) and n > settings.max_choices:
        raise Refused(
            f"n is {n}: this proxy checks at most {settings.max_choices} choices per request "
            "(proxy.max_choices)",
            "integer_above_max_value",
            param="n",
        )
    return body


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is no JSON value")


def _check_values(body: dict[str, Any]) -> None:
    """Refuse strings with a lone surrogate and nesting deeper than :data:`MAX_DEPTH` (without
    recursion: a body may be nested as deep as the JSON decoder allows)."""
    # (where, the top-level key it is under, value, depth)
    stack: list[tuple[str, str | None, Any, int]] = [("", None, body, 1)]
    while stack:
        where, param, value, depth = stack.pop()
        if isinstance(value, str):
            _no_surrogate(value, where, param)
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > MAX_DEPTH:
            raise Refused(
                f"the request body is nested more than {MAX_DEPTH} levels deep", "invalid_json"
            )
        if isinstance(value, list):
            stack.extend((f"{where}[{i}]", param, v, depth + 1) for i, v in enumerate(value))
            continue
        for key, item in value.items():
            _no_surrogate(key, f"a key of {where}" if where else "a key", param)
            stack.append((f"{where}.{key}" if where else key, param or key, item, depth + 1))


def _no_surrogate(text: str, where: str, param: str | None) -> None:
    found = _SURROGATE.search(text)
    if found is None:
        return
    escaped = f"\\u{ord(found.group()):04x}"
    raise Refused(
        f"the request body has a lone UTF-16 surrogate ({escaped}) in {where[:200]}: no "
        "character, so it cannot be sent on (JSON writes a character outside the Basic "
        "Multilingual Plane as a pair of surrogates)",
        "invalid_unicode",
        param=param,
    )
