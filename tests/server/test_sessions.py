"""``/sessions/{id}/check`` runs the check on a worker thread: a client that disconnects
cancels it, and a cancelled check changes no session and stores no report."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kgcheck import Checker
from kgcheck.server import create_app
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.cancelling import stall_until_cancelled


def _post(app: Any, path: str, body: dict[str, Any]) -> list[dict[str, Any]]:
    """One request over ASGI whose client disconnects right after sending it."""
    raw = json.dumps(body).encode()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"host", b"test")],
        "client": ("127.0.0.1", 5000),
        "server": ("test", 80),
    }
    sent: list[dict[str, Any]] = []
    messages = [{"type": "http.request", "body": raw, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent


def test_a_client_that_disconnects_cancels_its_check(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue 34 report: over HTTP the server kept burning a core after the client left."""
    cancelled = stall_until_cancelled(acme_checker, monkeypatch)
    store = OxigraphFlagStore(None)
    app = create_app(checker=acme_checker, store=store)
    _post(app, "/sessions/gone/check", {"reply": "Dr. Patel works in Oncology."})
    assert cancelled.is_set()
    monkeypatch.undo()
    client = TestClient(app)
    assert client.get("/sessions/gone").status_code == 404  # no turn was added
    assert client.get("/flags").json().get("flags", []) == []  # no report was stored
