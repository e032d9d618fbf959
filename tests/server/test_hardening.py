"""Auth before body validation, a /healthz that discloses no paths, and flag ids that cannot
change a query's shape."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from kgcheck import Checker
from kgcheck.config import config_from_dict
from kgcheck.server import create_app
from kgcheck.store import FlagStore
from kgcheck.store.oxigraph import OxigraphFlagStore

CRAFTED = "urn:x> } ; DROP ALL ; #"
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"


@pytest.fixture
def store() -> FlagStore:
    store = OxigraphFlagStore(None)
    store.update("INSERT DATA { GRAPH <urn:g> { <urn:a> <urn:b> 1 } }")
    return store


def test_hardening_unauthorised_body_is_refused_before_it_is_validated(
    acme_checker: Checker, store: FlagStore
) -> None:
    config = config_from_dict({"server": {"api_keys": ["k-123"]}}, environ={})
    client = TestClient(create_app(config, checker=acme_checker, store=store))
    bad = {"content": b"{not json", "headers": {"content-type": "application/json"}}
    response = client.post("/sessions/s/check", **bad)  # type: ignore[arg-type]
    assert (response.status_code, response.json()["error"]["code"]) == (401, "HTTP401")
    response = client.post("/sessions/s/check", json={"wrong": 1})
    assert response.status_code == 401
    keyed = client.post("/sessions/s/check", json={"wrong": 1}, headers={"x-api-key": "k-123"})
    assert keyed.status_code == 422


def test_hardening_healthz_names_no_store_path(acme_checker: Checker, tmp_path: Path) -> None:
    store = OxigraphFlagStore(tmp_path / "secret-flags")
    client = TestClient(create_app(checker=acme_checker, store=store))
    response = client.get("/healthz")
    assert response.json()["store"] == "oxigraph"
    assert response.json()["store_reachable"] is True
    assert "secret-flags" not in response.text


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/review/{flag}"),
        ("POST", "/review/{flag}/approve"),
        ("POST", "/review/{flag}/reject"),
        ("POST", "/review/{flag}/note"),
    ],
)
def test_hardening_crafted_flag_id_is_not_found_and_changes_nothing(
    acme_checker: Checker, store: FlagStore, method: str, path: str
) -> None:
    client = TestClient(create_app(checker=acme_checker, store=store))
    body = {"reviewer": "ana", "note": "x"}
    response = client.request(
        method, path.format(flag=quote(CRAFTED, safe="")), json=body if method == "POST" else None
    )
    assert (response.status_code, response.json()["error"]["code"]) == (404, "KGC410")
    assert store.query(COUNT).rows[0]["n"].value == "1"
