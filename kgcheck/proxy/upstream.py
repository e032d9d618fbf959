"""The OpenAI-compatible API the proxy forwards to, over one pooled ``httpx.AsyncClient``.

The caller's headers go through unchanged (``Authorization`` among them: the upstream's key is
never logged or stored), less the hop-by-hop ones and kgcheck's own (``X-API-Key``, the session
header). Only the paths :func:`~kgcheck.proxy.paths.upstream_path` allows are called; query
parameters go as parsed pairs that httpx encodes (and are never named in an error). Usage::

    upstream = Upstream("http://127.0.0.1:9000/v1", timeout=60)
    response = await upstream.post("/chat/completions", body, request.headers)
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import httpx

from kgcheck.proxy.paths import upstream_path

__all__ = ["Params", "Upstream", "UpstreamUnreachable", "passed_headers", "reached"]

#: Query parameters, parsed: ``(name, value)`` pairs.
Params = Sequence[tuple[str, str]]

#: Headers that belong to one connection, or that httpx sets itself from the body.
_HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "host",
        "content-length",
        "content-encoding",
        "accept-encoding",
    }
)


class UpstreamUnreachable(Exception):
    """The upstream could not be reached, did not answer in time, or answered with something
    the proxy cannot use.

    Attributes:
        status: the HTTP status the proxy answers with: 502, or 504 for a time-out.
        code: the OpenAI-style error ``code``.
    """

    def __init__(
        self, message: str, *, status: int = 502, code: str = "upstream_unreachable"
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


def passed_headers(headers: Mapping[str, str], drop: Iterable[str] = ()) -> dict[str, str]:
    """``headers`` less the hop-by-hop ones and those named in ``drop`` (any case)."""
    dropped = _HOP_BY_HOP | {name.lower() for name in drop}
    return {k: v for k, v in headers.items() if k.lower() not in dropped}


class Upstream:
    """An OpenAI-compatible API at ``base_url`` (``http://host:port/v1``).

    Args:
        base_url: the URL the API's paths (``/chat/completions``) are appended to.
        timeout: seconds to wait for a connection, and between bytes of an answer.
        transport: an httpx transport to use instead of the network (tests).
    """

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._client = httpx.AsyncClient(timeout=httpx.Timeout(timeout), transport=transport)

    def url(self, path: str) -> str:
        """The URL of ``path`` (one the proxy may call: ``ValueError`` otherwise)."""
        return self.base_url + upstream_path(path)

    async def post(
        self, path: str, body: dict[str, Any], headers: Mapping[str, str], params: Params = ()
    ) -> httpx.Response:
        """``POST`` ``body`` as JSON; the whole answer, whatever its status.

        Raises:
            UpstreamUnreachable: no connection, or no answer in time.
        """
        url = self.url(path)
        with reached(url):
            return await self._client.post(
                url, json=body, headers=dict(headers), params=list(params)
            )

    async def get(
        self, path: str, headers: Mapping[str, str], params: Params = ()
    ) -> httpx.Response:
        """``GET`` ``path``; the whole answer, whatever its status.

        Raises:
            UpstreamUnreachable: no connection, or no answer in time.
        """
        url = self.url(path)
        with reached(url):
            return await self._client.get(url, headers=dict(headers), params=list(params))

    @asynccontextmanager
    async def stream(
        self, path: str, body: dict[str, Any], headers: Mapping[str, str], params: Params = ()
    ) -> AsyncIterator[httpx.Response]:
        """``POST`` ``body`` and hold the answer open to read it as it comes.

        Raises:
            UpstreamUnreachable: no connection, or no answer in time (also while reading).
        """
        request = self._client.build_request(
            "POST", self.url(path), json=body, headers=dict(headers), params=list(params)
        )
        with reached(self.url(path)):
            response = await self._client.send(request, stream=True)
        try:
            yield response
        finally:
            await response.aclose()

    async def aclose(self) -> None:
        await self._client.aclose()


@contextmanager
def reached(url: str) -> Iterator[None]:
    """Turns httpx's transport failures in the block into :class:`UpstreamUnreachable` (the
    URL is named, never the headers)."""
    try:
        yield
    except httpx.TimeoutException as exc:
        raise UpstreamUnreachable(
            f"the upstream {url} did not answer in time", status=504, code="upstream_timeout"
        ) from exc
    except httpx.TransportError as exc:
        raise UpstreamUnreachable(
            f"the upstream {url} cannot be reached ({type(exc).__name__})"
        ) from exc
