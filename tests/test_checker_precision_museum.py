"""Precision on an art museum written from the README alone (``tests/fixtures/museum``), with
the KB in memory and served only by a SPARQL endpoint (``knowledge_base.store: sparql:``): true
replies pass untouched, false ones are corrected from the KB, on both alike."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pyoxigraph as ox
import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import load_config
from kgcheck.types import Decision
from tests.conftest import FIXTURES, NOW
from tests.store.fake_sparql import FakeSparql

MUSEUM = FIXTURES / "museum"
GRAPH = "https://example.org/museum-kb"


@pytest.fixture(scope="module")
def endpoint() -> Iterator[FakeSparql]:
    served = FakeSparql()
    for name in ("ontology.ttl", "kb.ttl"):
        served.store.bulk_load(
            path=str(MUSEUM / name), format=ox.RdfFormat.TURTLE, to_graph=ox.NamedNode(GRAPH)
        )
    yield served
    served.stop()


@pytest.fixture(scope="module", params=["memory", "sparql"])
def museum(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Checker:
    config = load_config(MUSEUM / "kgcheck.yaml")
    if request.param == "sparql":
        served: FakeSparql = request.getfixturevalue("endpoint")
        kb = config.knowledge_base
        kb.sources, kb.store, kb.graph = [], f"sparql:{served.url}", GRAPH
        kb.index_dir = Path(tmp_path_factory.mktemp("index"))
    return Checker(config)


def check(checker: Checker, asked: str, reply: str) -> object:
    state = DialogueState(session_id="museum", now=NOW)
    state.add_turn("user", asked)
    return checker.check_turn(reply, state)


TRUE_REPLIES = [
    (
        "Where is Salt Marsh at Dawn?",
        "Salt Marsh at Dawn hangs in the North Light Gallery, on floor 2.",
    ),
    ("Who painted The Iron Bridge?", "The Iron Bridge was painted by Oda Kestrel in 1887."),
    (
        "Tell me about Blue Harbour.",
        "Blue Harbour is by Wren Hollis and is on display in the River Room.",
    ),
    ("Who curates the River Room?", "The River Room is curated by Tobias Grant."),
    ("When does the North Light Gallery open?", "The North Light Gallery opens at 10 am."),
    (
        "Anything by Wren Hollis?",
        "Yes: Salt Marsh at Dawn (1911) and Blue Harbour (1924), both by Wren Hollis.",
    ),
]


@pytest.mark.parametrize(("asked", "reply"), TRUE_REPLIES)
def test_museum_true_reply_is_accepted_untouched(museum: Checker, asked: str, reply: str) -> None:
    report = check(museum, asked, reply)
    assert report.flags == []  # type: ignore[attr-defined]
    assert report.decision == Decision.ACCEPT  # type: ignore[attr-defined]
    assert report.text == reply  # type: ignore[attr-defined]


FALSE_REPLIES = [
    (
        "Where is Salt Marsh at Dawn?",
        "Salt Marsh at Dawn hangs in the River Room.",
        "Salt Marsh at Dawn hangs in the North Light Gallery.",
    ),
    (
        "Who painted The Iron Bridge?",
        "The Iron Bridge was painted by Wren Hollis.",
        "The Iron Bridge was painted by Oda Kestrel.",
    ),
    ("When?", "Blue Harbour was painted in 1942.", "Blue Harbour was painted in 1924."),
    ("Which floor?", "The River Room is on floor 3.", "The River Room is on floor 1."),
    (
        "Who curates the North Light Gallery?",
        "The North Light Gallery is curated by Tobias Grant.",
        "The North Light Gallery is curated by Ines Morel.",
    ),
    ("When does it open?", "The River Room opens at 10:30 am.", "The River Room opens at 9:30 am."),
]


@pytest.mark.parametrize(("asked", "reply", "corrected"), FALSE_REPLIES)
def test_museum_false_reply_is_corrected_from_the_kb(
    museum: Checker, asked: str, reply: str, corrected: str
) -> None:
    report = check(museum, asked, reply)
    assert report.decision == Decision.REVISE  # type: ignore[attr-defined]
    assert report.text == corrected  # type: ignore[attr-defined]


def test_museum_work_the_kb_lacks_is_not_passed(museum: Checker) -> None:
    report = check(
        museum, "Do you have Starry Night?", "Yes, Starry Night hangs in the North Light Gallery."
    )
    assert report.decision not in (Decision.ACCEPT, Decision.ACCEPT_WITH_WARNINGS)  # type: ignore[attr-defined]
