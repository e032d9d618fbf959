"""A console over a store seeded with real reports (:mod:`tests.console.seed`), and logins."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kgcheck import Checker
from kgcheck.config import config_from_dict
from kgcheck.server import create_app
from kgcheck.store import FlagStore
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.console.seed import Seeded, acme_checker_without_model, fill, seed

__all__ = ["KEY", "Seeded", "csrf_of", "fill", "login", "make_client"]

KEY = "console-test-key"


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
