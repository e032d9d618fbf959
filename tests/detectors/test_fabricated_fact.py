"""``fabricated_fact``: a value the KB should have but does not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kgcheck import Checker, DialogueState, FlagType
from kgcheck.detectors.base import DetectionContext
from tests.conftest import EX

Detect = Callable[..., list[Any]]
NAME = "fabricated_fact"
T = "https://example.org/t#"

#: A tiny KB: the extension list is complete for people, rooms are not.
COMPLETE_KB = """
ex:Person a owl:Class ; rdfs:subClassOf foaf:Person ; rdfs:label "person" .
ex:Unit a owl:Class ; rdfs:label "unit" .
ex:extension a owl:DatatypeProperty ; rdfs:label "extension" ; rdfs:domain ex:Person ;
    rdfs:range xsd:string ; kgc:complete true ; kgc:lexicalForm "extension" .
ex:room a owl:DatatypeProperty ; rdfs:label "room" ; rdfs:domain ex:Person ;
    rdfs:range xsd:string ; kgc:lexicalForm "room" .
ex:ann a ex:Person ; rdfs:label "Ann Archer" ; ex:extension "1234" .
ex:bob a ex:Person ; rdfs:label "Bob Brown" .
ex:head a owl:DatatypeProperty ; rdfs:label "head" ; rdfs:domain ex:Unit ; rdfs:range xsd:string .
ex:lab a ex:Unit ; rdfs:label "Main Lab" ; ex:head "Cara Cole" .
"""


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Dr. Helen Brooks leads Oncology.", "Dr. Helen Brooks leads Oncology"),
        ("Nurse Karen Whitfield works in Oncology.", "Nurse Karen Whitfield works in Oncology"),
        ("Karen Whitfield's extension is 4000.", "Karen Whitfield's extension is 4000"),
    ],
)
def test_fabricated_fact_fires_on_claims_about_unknown_people(
    detect: Detect, text: str, content: str
) -> None:
    (flag,) = detect(NAME, text)
    assert flag.type == FlagType.FABRICATED_FACT
    assert flag.content == content
    assert flag.claim_index == 0
    assert flag.kb_strength == 1.0  # the domain, ex:Person, is closed-world
    assert flag.evidence[0].kind == "kb_absence"


def test_fabricated_fact_names_who_really_holds_a_functional_value(detect: Detect) -> None:
    text = "Dr. Helen Brooks leads Oncology."
    (flag,) = detect(NAME, text)
    assert flag.correction == "Dr. Hiroshi Tanaka"
    assert flag.correction_span is not None
    assert text[flag.correction_span.start : flag.correction_span.end] == "Dr. Helen Brooks"
    kb_evidence = [e for e in flag.evidence if e.kind == "kb"]
    assert kb_evidence[0].triples == ((EX + "hiroshiTanaka", EX + "leads", EX + "oncology"),)


def test_fabricated_fact_lists_holders_without_correcting_non_functional(detect: Detect) -> None:
    (flag,) = detect(NAME, "Nurse Karen Whitfield works in Oncology.")
    assert flag.correction is None
    holders = {t[0] for e in flag.evidence for t in e.triples}
    assert holders == {EX + "hiroshiTanaka", EX + "oliviaBennett", EX + "aishaBello"}


def test_fabricated_fact_open_world_subject_is_less_decisive(detect: Detect) -> None:
    (flag,) = detect(NAME, "Westgate Tower is located in Salem.")
    assert flag.kb_strength == 0.4  # ex:Site is not closed-world


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Amira Patel leads Cardiology.",
        "Dr. Patel's extension is 4412.",
        "Dr. Patel's extension is 4413.",  # a wrong value, not a missing one
        "Rosa Delgado's room is C-300.",  # rooms are not a complete list
        "Dr. Helen Brooks does not lead Oncology.",  # a denial fabricates nothing
        "Helen Brooks is a doctor.",  # class claims are not facts with values
        "Chris works in Pediatrics.",  # ambiguous, not unknown
        "The ER is led by Rafael Costa.",
    ],
)
def test_fabricated_fact_silent_on_supported_or_other_claims(detect: Detect, text: str) -> None:
    assert detect(NAME, text) == []


@pytest.fixture
def complete_checker(make_checker: Callable[..., Checker]) -> Checker:
    return make_checker(COMPLETE_KB)


def _fabricated(checker: Checker, text: str) -> list[Any]:
    detector = next(d for d in checker.detectors if d.name == NAME)
    ctx = DetectionContext(
        analysis=checker.analyzer.analyse(text), kb=checker.kb, state=DialogueState(), now=None
    )
    return detector.detect(ctx)


def test_fabricated_fact_value_missing_from_a_complete_property(complete_checker: Checker) -> None:
    (flag,) = _fabricated(complete_checker, "Bob Brown's extension is 5555.")
    assert flag.focus == T + "bob"
    assert flag.kb_strength == 1.0
    assert flag.evidence[0].kind == "kb_absence"
    assert flag.evidence[0].triples == ((T + "bob", T + "extension", "?"),)
    assert flag.correction is None
    assert flag.suggestion is not None and "Bob Brown" in flag.suggestion


@pytest.mark.parametrize(
    "text",
    [
        "Ann Archer's extension is 1234.",  # on record
        "Ann Archer's extension is 9999.",  # on record, differs: wrong_attribute's
        "Bob Brown's room is R-1.",  # room is not declared complete
        "Main Lab's extension is 7777.",  # complete for people, and a lab is not one
        "Cara Cole's room is R-2.",  # a name the KB holds as a value: not unknown
    ],
)
def test_fabricated_fact_complete_property_silent(complete_checker: Checker, text: str) -> None:
    assert _fabricated(complete_checker, text) == []


def test_fabricated_fact_a_name_the_user_only_asked_about_is_still_unknown(
    acme_checker: Checker,
) -> None:
    state = DialogueState()
    state.add_turn("user", "What is Dr. Helen Brooks's extension?")
    report = acme_checker.check_turn("Dr. Helen Brooks's extension is 4990.", state)
    assert [f.type for f in report.flags] == [FlagType.FABRICATED_FACT]


def test_fabricated_fact_silent_on_someone_the_user_told_us_about(acme_checker: Checker) -> None:
    state = DialogueState()
    state.add_turn("user", "Dr. Helen Brooks is our new locum. Her extension is 4990.")
    report = acme_checker.check_turn("Dr. Helen Brooks's extension is 4990.", state)
    assert report.flags == []
