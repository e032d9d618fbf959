"""A console over a store seeded with real reports: the Acme conversation checked by the Acme
example checker (``nli.model: none``), one reply carrying markup, and the dialogue state."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict, load_config
from kgcheck.report import TurnReport
from kgcheck.server import create_app
from kgcheck.store import FlagStore, SessionStore
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.conftest import ACME_CONFIG, ACME_DIR

KEY = "console-test-key"
#: A reply whose wrong department is flagged, and that carries a script.
HOSTILE = 'Dr. Patel works in Oncology. <script>alert("x")</script><img src=x onerror=alert(1)>'


@dataclass
class Seeded:
    reports: list[TurnReport]
    states: list[DialogueState]


@pytest.fixture(scope="session")
def console_checker() -> Checker:
    return Checker(load_config(ACME_CONFIG, environ={"KGCHECK_NLI__MODEL": "none"}))


@pytest.fixture(scope="session")
def seeded(console_checker: Checker) -> Seeded:
    """The Acme conversation as session ``acme``, and the hostile reply as session ``xss``."""
    state = DialogueState(session_id="acme", now=console_checker.config.now)
    reports = []
    for line in (ACME_DIR / "conversation.jsonl").read_text(encoding="utf-8").splitlines():
        turn = json.loads(line)
        if turn["role"] == "user":
            state.add_turn("user", turn["text"])
            continue
        report = console_checker.check_turn(turn["text"], state, record=False)
        reports.append(report)
        state.add_turn("assistant", report.text, report=report)
    hostile = DialogueState(session_id="xss", now=console_checker.config.now)
    hostile.add_turn("user", "Which department is Dr. Patel in?")
    report = console_checker.check_turn(HOSTILE, hostile, record=False)
    reports.append(report)
    hostile.add_turn("assistant", report.text, report=report)
    assert sum(bool(r.flags) for r in reports) >= 3 and report.flags
    return Seeded(reports, [state, hostile])


def fill(store: FlagStore, seeded: Seeded) -> FlagStore:
    for report in seeded.reports:
        assert str(store.record(report)) == "stored", report.skipped
    for state in seeded.states:
        # a copy: saving marks the turns saved, and every test's store needs all of them
        SessionStore(store).save(copy.deepcopy(state), version=0)
    return store


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
