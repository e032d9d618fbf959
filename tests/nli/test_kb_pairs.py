"""``kb_pairs``: NLI pairs generated from the parks KB of the self-test fixture."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from rdflib import URIRef
from rdflib.namespace import RDF

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nli.data import LABELS, NliPair
from kgcheck.nli.kb_pairs import kb_pairs, pairs_from_config

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PARKS = FIXTURES / "selftest" / "kgcheck.yaml"


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.open([str(FIXTURES / "selftest" / "parks.ttl")], store="memory")


@pytest.fixture(scope="module")
def pairs() -> list[NliPair]:
    return pairs_from_config(PARKS, seed=13)


def _kinds(pairs: list[NliPair]) -> Counter[str]:
    return Counter(p.origin.split(":", 2)[2] for p in pairs)


def _has(pairs: list[NliPair], premise: str, hypothesis: str, label: str) -> bool:
    return any((p.premise, p.hypothesis, p.label) == (premise, hypothesis, label) for p in pairs)


def test_pairs_from_config_names_the_domain_and_the_label_in_the_origin(pairs: list[NliPair]):
    assert pairs
    for p in pairs:
        kb_tag, domain, label, _kind = p.origin.split(":")
        assert (kb_tag, domain) == ("kb", "selftest")
        assert label == p.label
        assert p.label in LABELS


@pytest.mark.parametrize(
    "kind",
    [
        "entailment:active",
        "entailment:noun",
        "entailment:passive",
        "entailment:pronoun",
        "entailment:coordinated",
        "entailment:extract",
        "entailment:paraphrase",
        "entailment:number_format",
        "contradiction:other_value",
        "contradiction:negation",
        "contradiction:number",
        "contradiction:date",
        "neutral:other_property",
        "neutral:other_subject",
        "neutral:partial",
    ],
)
def test_kb_pairs_make_every_kind(pairs: list[NliPair], kind: str):
    assert _kinds(pairs)[kind] > 0


def test_kb_pairs_premises_are_facts_as_the_checker_verbalises_them(
    pairs: list[NliPair], kb: KnowledgeBase
):
    verbalised = {
        kb.verbalise(s, p, o)
        for s in set(kb.graph.subjects())
        if isinstance(s, URIRef)
        for p, o in kb.facts(s)
        if p != RDF.type
    }
    active = [p for p in pairs if p.origin.endswith(":entailment:active")]
    assert active
    assert {p.premise for p in active} <= verbalised


@pytest.mark.parametrize(
    ("premise", "hypothesis", "label"),
    [
        # the same fact in another phrasing, and the number in another format
        ("The length of Ridge Trail is 48.5 km.", "Ridge Trail is 48.5 km long.", "entailment"),
        (
            "The length of Ridge Trail is 48.5 km.",
            "Ridge Trail is 48.5 kilometres long.",
            "entailment",
        ),
        (
            "Ridge Trail is maintained by Nora Quist.",
            "Nora Quist maintains Ridge Trail.",
            "entailment",
        ),
        (
            "Ridge Trail is a trail. Ridge Trail is maintained by Nora Quist.",
            "Ridge Trail is a trail. It is maintained by Nora Quist.",
            "entailment",
        ),
        # another value of a functional property, a negation, a number outside tolerance
        (
            "Ridge Trail is in Pine Ridge Park.",
            "Ridge Trail is in Silver Lake Park.",
            "contradiction",
        ),
        (
            "Ridge Trail is maintained by Nora Quist.",
            "Ridge Trail is not maintained by Nora Quist.",
            "contradiction",
        ),
        ("The length of Ridge Trail is 48.5 km.", "Ridge Trail is 72.75 km long.", "contradiction"),
    ],
)
def test_kb_pairs_label_what_the_premise_says(
    pairs: list[NliPair], premise: str, hypothesis: str, label: str
):
    assert _has(pairs, premise, hypothesis, label)


@pytest.mark.parametrize(
    ("kind", "same_subject"), [("other_property", True), ("other_subject", False)]
)
def test_kb_pairs_neutral_pairs_are_about_another_property_or_subject(
    pairs: list[NliPair], kind: str, same_subject: bool
):
    premise = "The length of Ridge Trail is 48.5 km."
    found = [p for p in pairs if p.premise == premise and p.origin.endswith(f":neutral:{kind}")]
    assert found
    for p in found:
        assert ("Ridge Trail" in p.hypothesis) == same_subject
        assert "48.5" not in p.hypothesis


def test_kb_pairs_premise_states_a_date_at_least_as_precisely_as_its_hypothesis(
    pairs: list[NliPair],
):
    # "opened in 2008" says nothing of April: it neither entails "opened on 2 April 2008" nor
    # contradicts "did not open in April 2008"
    coarse = {"Pine Ridge Park opened in 2008.", "Pine Ridge Park opened in April 2008."}
    assert not [p for p in pairs if p.premise in coarse and p.label != "neutral"]


def test_kb_pairs_other_value_of_a_property_that_is_not_functional_is_no_contradiction(
    pairs: list[NliPair],
):
    # pk:maintains is kgc:complete but not functional: a ranger may look after two trails
    assert not _has(
        pairs,
        "Nora Quist maintains Ridge Trail.",
        "Nora Quist maintains Shore Walk.",
        "contradiction",
    )


def test_kb_pairs_no_pair_has_two_labels_or_repeats(pairs: list[NliPair]):
    keys = [(p.premise, p.hypothesis) for p in pairs]
    assert len(keys) == len(set(keys))


def test_kb_pairs_same_seed_same_pairs(kb: KnowledgeBase, pairs: list[NliPair]):
    from kgcheck.config import load_config

    now = load_config(PARKS).now
    again = kb_pairs(kb, domain="selftest", now=now, seed=13)
    assert again == pairs
    assert kb_pairs(kb, domain="selftest", now=now, seed=14) != pairs


def test_kb_pairs_disjoint_classes_contradict():
    kb = KnowledgeBase.open(
        [str(FIXTURES / "bookshop_catalogue" / n) for n in ("ontology.ttl", "kb.ttl")],
        store="memory",
    )
    disjoint = [p for p in kb_pairs(kb) if p.origin.endswith(":disjoint")]
    assert disjoint
    assert {p.label for p in disjoint} == {"contradiction"}


def test_kb_pairs_contradictions_come_both_ways(pairs: list[NliPair]):
    contradictions = {(p.premise, p.hypothesis) for p in pairs if p.label == "contradiction"}
    other_value = [p for p in pairs if p.origin.endswith(":contradiction:other_value")]
    assert other_value
    for p in other_value:
        assert (p.hypothesis, p.premise) in contradictions
