"""Patterns: frequency by type, detector, rule and entity, last seen, newest examples."""

from __future__ import annotations

import pytest

from kgcheck.store import FlagFilter, GroupBy
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.patterns import patterns
from kgcheck.types import FlagType
from tests.store.reports import EX, make_report

W, T = FlagType.WRONG_ATTRIBUTE, FlagType.TEMPORAL_ERROR


@pytest.fixture
def store() -> OxigraphFlagStore:
    store = OxigraphFlagStore(None)
    for turn, types in enumerate([(W,), (W, T), (W,)]):
        store.record(make_report(session="s1" if turn < 2 else "s2", turn=turn, types=types))
    return store


@pytest.mark.parametrize(
    ("by", "expected"),
    [
        (GroupBy.TYPE, [("wrong_attribute", 3), ("temporal_error", 1)]),
        (GroupBy.DETECTOR, [("wrong_attribute", 3), ("temporal_error", 1)]),
        (GroupBy.RULE, [("acme-extension", 3)]),
        (GroupBy.ENTITY, [(EX + "amiraPatel", 4)]),
    ],
)
def test_patterns_count_by_each_key(
    store: OxigraphFlagStore, by: GroupBy, expected: list[tuple[str, int]]
) -> None:
    assert [(p.key, p.count) for p in patterns(store, by)] == expected


def test_patterns_last_seen_and_examples(store: OxigraphFlagStore) -> None:
    (top, _) = patterns(store, GroupBy.TYPE)
    newest = max(
        r["time"] for r in store.query("SELECT ?time WHERE { ?r kgc:time ?time }").records()
    )
    assert top.last_seen == newest
    assert top.examples == ["4413"]


def test_patterns_respect_the_filter(store: OxigraphFlagStore) -> None:
    found = patterns(store, GroupBy.TYPE, FlagFilter(session="s2"))
    assert [(p.key, p.count) for p in found] == [("wrong_attribute", 1)]
