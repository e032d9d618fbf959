"""A client of a running ``kgcheck serve``: ``kgcheck check --server URL`` checks a reply there,
where the models and the KB are loaded already, instead of starting them in its own process.

The check goes to ``POST /sessions/{id}/check`` with ``commit: false`` (a draft: nothing is
added to the session); the history's turns go first to ``POST /sessions/{id}/turns`` of a
session of the client's own (``cli-`` and a random suffix unless one is named), and its tool
results with the check. The answer is the report's JSON, as ``kgcheck check --json`` prints it.

Usage::

    client = ServiceClient("http://127.0.0.1:8000", api_key="...")
    report = client.check("Dr. Patel's extension is 4413.")
    report["text"]      # "Dr. Patel's extension is 4412."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import uuid4

import httpx

from kgcheck.errors import ServiceError, ServiceRefused, ServiceUnreachable

__all__ = ["ServiceClient"]


class ServiceClient:
    """Checks replies with a kgcheck service.

    Args:
        url: the service's base URL (``http://127.0.0.1:8000``).
        api_key: sent as ``X-API-Key`` when the service has ``server.api_keys``.
        timeout: seconds for each request.
    """

    def __init__(self, url: str, *, api_key: str | None = None, timeout: float = 60.0) -> None:
        self.url = url.rstrip("/")
        headers = {"X-API-Key": api_key} if api_key else {}
        self._http = httpx.Client(base_url=self.url, headers=headers, timeout=timeout)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> ServiceClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def check(
        self,
        reply: str,
        *,
        turns: Sequence[Mapping[str, Any]] = (),
        tool_results: Sequence[Mapping[str, Any]] = (),
        sources: Sequence[Mapping[str, str]] = (),
        session: str | None = None,
    ) -> dict[str, Any]:
        """The report of ``reply``'s check (``TurnReport.to_dict``'s JSON), after the earlier
        ``turns`` (``{"role", "text", "time"?}``) and with the ``tool_results`` (``{"name",
        "result", "arguments"?, "schema"?, "kind"?}``) and ``sources`` (``{"id", "text"}``).

        Raises:
            ServiceUnreachable: no answer (KGC901).
            ServiceRefused: the service answered with an error (KGC902).
            ServiceError: the answer holds no report (KGC900).
        """
        session = session or f"cli-{uuid4().hex[:12]}"
        for turn in turns:
            self._post(f"/sessions/{session}/turns", dict(turn))
        body = {
            "reply": reply,
            "sources": [dict(s) for s in sources],
            "tool_results": [dict(t) for t in tool_results],
            "commit": False,
        }
        answer = self._post(f"/sessions/{session}/check", body)
        report = answer.get("report")
        if not isinstance(report, dict):
            raise ServiceError(f"{self.url}: the answer holds no report")
        return report

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        try:
            response = self._http.post(path, json=body)
        except httpx.HTTPError as exc:
            raise ServiceUnreachable(
                f"{self.url}: cannot reach the kgcheck service ({exc}); start it with "
                "`kgcheck serve`, or drop --server"
            ) from exc
        try:
            data = response.json()
        except ValueError:
            data = None
        if response.status_code >= 400:
            error = data.get("error") if isinstance(data, dict) else None
            detail = (
                f"{error.get('code', '')} {error.get('message', '')}".strip()
                if isinstance(error, dict)
                else response.text[:200]
            )
            raise ServiceRefused(f"{self.url}{path}: HTTP {response.status_code}: {detail}")
        if not isinstance(data, dict):
            raise ServiceError(f"{self.url}{path}: the answer is not a JSON object")
        return data
