"""The proxy's checks run off the event loop within the check's budget: a client that leaves
cancels the check of its reply, and a cancelled check is not recorded."""

from __future__ import annotations

import asyncio

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.proxy.verdict import ReplyChecker
from kgcheck.store import FlagStore
from tests.cancelling import stall_until_cancelled
from tests.proxy.conftest import WRONG


def _count(store: FlagStore) -> int:
    rows = store.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").rows
    return int(rows[0]["n"].value)


def test_a_client_that_leaves_cancels_the_check_of_its_reply(
    checkers: dict[str, Checker], store: FlagStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue 34 report: the checker kept burning a core after the client had gone."""
    checker = checkers["correct"]
    cancelled = stall_until_cancelled(checker, monkeypatch)
    before = _count(store)

    async def gone() -> bool:
        return True

    report = asyncio.run(ReplyChecker(checker, store).check(WRONG, DialogueState(), gone=gone))
    assert cancelled.is_set()
    assert [e.code for e in report.errors] == ["KGC708"]
    assert _count(store) == before  # nobody reads it: not recorded


def test_a_client_that_stays_gets_its_check_recorded(
    checkers: dict[str, Checker], store: FlagStore
) -> None:
    async def gone() -> bool:
        return False

    before = _count(store)
    report = asyncio.run(
        ReplyChecker(checkers["correct"], store).check(WRONG, DialogueState(), gone=gone)
    )
    assert report.errors == []
    assert "4412" in report.text
    assert _count(store) > before
