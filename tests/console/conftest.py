"""A console over a store seeded with real reports (:mod:`tests.console.seed`), and logins."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from kgcheck import Checker
from kgcheck.cli import app as cli
from kgcheck.config import config_from_dict
from kgcheck.server import create_app
from kgcheck.store import FlagStore
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.console.seed import Seeded, acme_checker_without_model, fill, seed

__all__ = [
    "KEY",
    "REJECTED_BY",
    "Seeded",
    "csrf_of",
    "fill",
    "listed_by_cli",
    "login",
    "make_client",
]

KEY = "console-test-key"
#: Who rejected which flag, as a SPARQL query over the review events sees it.
REJECTED_BY = (
    "SELECT ?name WHERE { ?e kgc:reviewOf ?f ; kgc:toStatus kgc:Rejected ; "
    "prov:wasAssociatedWith ?a . ?a rdfs:label ?name }"
)


def listed_by_cli(tmp_path: Path, store: Path, status: str) -> list[str]:
    """The flags ``kgcheck review list --status <status>`` lists in the on-disk ``store``."""
    config = tmp_path / "kgcheck.yaml"
    config.write_text(f"store: oxigraph:{store}\n", encoding="utf-8")
    args = ["review", "list", "--config", str(config), "--status", status, "--format", "json"]
    listed = CliRunner().invoke(cli, args)
    assert listed.exit_code == 0, listed.output
    return [r["id"] for r in json.loads(listed.output)]


@pytest.fixture(scope="session")
def console_checker() -> Checker:
    return acme_checker_without_model()


@pytest.fixture(scope="session")
def seeded(console_checker: Checker) -> Seeded:
    return seed(console_checker)


@pytest.fixture
def store(seeded: Seeded) -> FlagStore:
    return fill(OxigraphFlagStore(None), seeded)


def make_client(checker: Checker, store: FlagStore, **server: Any) -> TestClient:
    config = config_from_dict({"server": server}, environ={})
    return TestClient(create_app(config, checker=checker, store=store), base_url="http://127.0.0.1")


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "no CSRF field in the page"
    return found.group(1)


def login(client: TestClient, reviewer: str = "ana", key: str | None = KEY) -> str:
    """Log in; returns the session's CSRF token."""
    token = csrf_of(client.get("/console/login").text)
    form = {"csrf": token, "reviewer": reviewer} | ({"api_key": key} if key else {})
    answer = client.post("/console/login", data=form, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return csrf_of(client.get("/console/queue").text)


@pytest.fixture
def client(console_checker: Checker, store: FlagStore) -> TestClient:
    """A console with an API key, logged in as ``ana``."""
    client = make_client(console_checker, store, api_keys=[KEY])
    login(client)
    return client
