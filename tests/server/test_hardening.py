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
from kgcheck.server.errors import public_message
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


@pytest.mark.parametrize("path", ["/flags", "/flags/patterns", "/review"])
@pytest.mark.parametrize(
    "since", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:00:00-05:00", "0001-01-01", "1h"]
)
def test_hardening_since_at_the_ends_of_the_calendar_is_not_a_500(
    acme_checker: Checker, store: FlagStore, path: str, since: str
) -> None:
    # a zone that put the time before the year 1 in UTC failed with a date overflow (500)
    client = TestClient(create_app(checker=acme_checker, store=store))
    response = client.get(path, params={"since": since})
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("since", ["99999999999d", "yesterday"])
def test_hardening_since_that_cannot_be_read_is_400_naming_it(
    acme_checker: Checker, store: FlagStore, since: str
) -> None:
    client = TestClient(create_app(checker=acme_checker, store=store))
    response = client.get("/flags", params={"since": since})
    assert (response.status_code, response.json()["error"]["code"]) == (400, "KGC406")
    assert response.json()["error"]["message"].startswith("since: ")


def test_hardening_store_errors_name_no_path(acme_checker: Checker, tmp_path: Path) -> None:
    # the store's own message names its directory, as the command line shows it
    store = OxigraphFlagStore(tmp_path / "secret-flags", read_only=True)
    client = TestClient(create_app(checker=acme_checker, store=store))
    response = client.get("/flags")
    assert (response.status_code, response.json()["error"]["code"]) == (404, "KGC419")
    assert "secret-flags" not in response.text and str(tmp_path) not in response.text
    assert "the flag store" in response.json()["error"]["message"]


def test_hardening_public_message_leaves_out_paths_and_store_addresses() -> None:
    rocksdb = (
        "query failed: IO error: No such file or directory: While open a file for random "
        "read: /srv/kgcheck/flags/000152.sst: No such file or directory"
    )
    assert "/srv" not in public_message(rocksdb) and ".sst" not in public_message(rocksdb)
    writer = "sparql:http://127.0.0.1:41234/sparql"
    said = public_message(f"{writer}: no answer within 10s", [writer, writer[7:]])
    assert said == "the flag store: no answer within 10s"
    # not IRIs, URLs or media types
    kept = "SERVICE <http://example.org/a/b> refused; application/sparql-query; <urn:a/b/c>"
    assert public_message(kept) == kept


def test_hardening_sparql_store_errors_name_no_address(acme_checker: Checker) -> None:
    # with several workers the store is the writer's loopback URL: "cannot reach" named it
    from tests.server.conftest import down_store

    store = down_store(None)
    client = TestClient(create_app(checker=acme_checker, store=store))
    response = client.get("/flags")
    assert (response.status_code, response.json()["error"]["code"]) == (503, "KGC402")
    port = store.query_url.split(":")[2].split("/")[0]
    assert port not in response.text and "127.0.0.1" not in response.text
