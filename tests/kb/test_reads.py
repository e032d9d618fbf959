"""What one check reads of a KB is read once (kgcheck.kb.reads)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from rdflib import URIRef
from rdflib.term import Node

from kgcheck import KnowledgeBase
from kgcheck.kb.reads import one_check

EX = "https://example.org/t#"
BODY = """
ex:alice a ex:Person ; rdfs:label "Alice Adams" ; ex:knows ex:bob ; ex:extension "4412" .
ex:bob a ex:Person ; rdfs:label "Bob Brown" ; ex:extension "4610" .
"""


@pytest.fixture
def counted(
    make_kb: Callable[[str], KnowledgeBase], monkeypatch: pytest.MonkeyPatch
) -> tuple[KnowledgeBase, list[tuple[Node | None, ...]]]:
    """A KB whose reads of the store are listed as they happen."""
    kb = make_kb(BODY)
    reads: list[tuple[Node | None, ...]] = []
    match = kb.match

    def listed(
        subject: Node | None = None, predicate: Node | None = None, obj: Node | None = None
    ) -> Iterator[tuple[Node, Node, Node]]:
        reads.append((subject, predicate, obj))
        return match(subject, predicate, obj)

    monkeypatch.setattr(kb, "match", listed)
    return kb, reads


def test_a_read_made_twice_in_one_check_goes_to_the_store_once(
    counted: tuple[KnowledgeBase, list[tuple[Node | None, ...]]],
) -> None:
    kb, reads = counted
    alice = URIRef(EX + "alice")
    with one_check():
        first = kb.facts(alice)
        again = kb.facts(alice)
        types = kb.types(alice)
    assert first == again and (URIRef(EX + "knows"), URIRef(EX + "bob")) in first
    assert URIRef(EX + "Person") in types
    assert reads.count((alice, None, None)) == 1


def test_outside_a_check_every_read_goes_to_the_store(
    counted: tuple[KnowledgeBase, list[tuple[Node | None, ...]]],
) -> None:
    kb, reads = counted
    alice = URIRef(EX + "alice")
    kb.facts(alice)
    with one_check():
        kb.facts(alice)
    kb.facts(alice)
    with one_check():  # nothing kept from the check before
        kb.facts(alice)
    assert reads.count((alice, None, None)) == 4


def test_an_answer_read_again_is_the_callers_own(
    counted: tuple[KnowledgeBase, list[tuple[Node | None, ...]]],
) -> None:
    kb, _ = counted
    alice, extension = URIRef(EX + "alice"), URIRef(EX + "extension")
    with one_check():
        kb.values(alice, extension).append(URIRef(EX + "bob"))  # values() extends its list
        kb.direct_types(alice).clear()
        assert [str(v) for v in kb.values(alice, extension)] == ["4412"]
        assert kb.direct_types(alice) == {URIRef(EX + "Person")}


def test_threads_checking_at_once_read_for_themselves(
    counted: tuple[KnowledgeBase, list[tuple[Node | None, ...]]],
) -> None:
    kb, reads = counted
    bob = URIRef(EX + "bob")
    with one_check():
        kb.facts(bob)
        other = threading.Thread(target=lambda: kb.facts(bob))
        other.start()
        other.join()
        kb.facts(bob)
    assert reads.count((bob, None, None)) == 2  # this check's once, the other thread's once


def test_a_check_reads_the_kb_as_it_is_when_the_check_starts(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    kb = make_kb(BODY)
    alice, knows = URIRef(EX + "alice"), URIRef(EX + "knows")
    with one_check():
        assert kb.values(alice, knows) == [URIRef(EX + "bob")]
    kb.graph.remove((alice, knows, None))
    with one_check():
        assert kb.values(alice, knows) == []
