"""Checkers and stores for the service's operations tests: a checker whose NLI model cannot be
loaded, and a SPARQL flag store nobody listens for."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker
from kgcheck.config import config_from_dict
from kgcheck.store.sparql import SparqlFlagStore
from kgcheck.store.spool import Spool
from tests.store.reports import free_port

NOW = "2026-11-22T10:00:00+00:00"
WRONG = {"user": "Which department is Dr. Patel in?", "reply": "Dr. Patel works in Oncology."}
#: A reply the NLI model is asked about (two sentences that may contradict each other).
CONTRADICTORY = "I have never visited the old museum. I have visited the old museum twice."


@pytest.fixture(scope="session")
def broken_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A model directory whose ``config.json`` is not JSON: found, but it cannot be loaded."""
    model = tmp_path_factory.mktemp("models") / "broken-nli-model"
    model.mkdir()
    (model / "config.json").write_text("{not json", encoding="utf-8")
    return model


@pytest.fixture(scope="session")
def broken_nli_checker(acme_checker: Checker, broken_model: Path) -> Checker:
    """The Acme KB with an NLI model that fails to load (logged when built; each check that
    needs it reports KGC702)."""
    config = config_from_dict({"now": NOW, "nli": {"model": str(broken_model)}})
    return Checker(config, kb=acme_checker.kb)


def down_store(spool: Path | None, *, password: str | None = None) -> SparqlFlagStore:
    """A ``sparql:`` flag store on a loopback port where nothing listens."""
    return SparqlFlagStore(
        f"http://127.0.0.1:{free_port()}/sparql",
        username=None if password is None else "kgcheck",
        password=password,
        spool=None if spool is None else Spool(spool),
        retries=0,
        cooldown=0.0,
        timeout=0.2,
    )
