"""Fresh stores for each test, on memory or the session's Virtuoso (``virtuoso`` is in
``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import pytest

from kgcheck.store import FlagStore, Spool
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.sparql import SparqlFlagStore
from tests.store.virtuoso import LocalVirtuoso


@pytest.fixture
def virtuoso_store(virtuoso: LocalVirtuoso, tmp_path: Path) -> Iterator[SparqlFlagStore]:
    """A sparql: store on the session's Virtuoso. Tests share the server, so each test uses
    its own session ids (see ``unique``). A server an earlier test crashed is started again."""
    store = SparqlFlagStore(
        virtuoso.ensure_running().sparql_url,
        spool=Spool(tmp_path / "spool"),
        retry_delay=0.01,
        cooldown=0.0,
    )
    yield store
    store.close()


@pytest.fixture
def unique() -> str:
    """A session id no other test uses."""
    return f"t-{uuid4().hex[:10]}"


@pytest.fixture(params=["memory", "sparql"])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> FlagStore:
    """The in-memory store and the Virtuoso store, for behaviour both must have."""
    if request.param == "memory":
        return OxigraphFlagStore(None)
    store: FlagStore = request.getfixturevalue("virtuoso_store")
    return store
