"""``contradicts_fact``: claims logically incompatible with what the KB asserts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kgcheck import FlagType
from tests.conftest import EX

Detect = Callable[..., list[Any]]
NAME = "contradicts_fact"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


@pytest.mark.parametrize(
    ("text", "triple"),
    [
        ("Dr. Reyes does not work in Pediatrics.", ("miguelReyes", "worksIn", EX + "pediatrics")),
        ("Kwame Mensah never worked in Cardiology.", ("kwameMensah", "worksIn", EX + "cardiology")),
        (
            "Kwame Mensah isn't based at Riverside Campus.",
            ("kwameMensah", "basedAt", EX + "riversideCampus"),
        ),
        ("Amira Patel's extension is not 4412.", ("amiraPatel", "extension", "4412")),
        ("Daniel Kim isn't in room B-214.", ("danielKim", "room", "B-214")),
        ("Amira Patel never led Cardiology.", ("amiraPatel", "leads", EX + "cardiology")),
    ],
)
def test_contradicts_fact_denial_of_an_asserted_fact(
    detect: Detect, text: str, triple: tuple[str, str, str]
) -> None:
    (flag,) = detect(NAME, text)
    assert flag.type == FlagType.CONTRADICTS_FACT
    assert flag.content == text.rstrip(".")
    (evidence,) = flag.evidence
    assert evidence.kind == "kb"
    assert evidence.triples == ((EX + triple[0], EX + triple[1], triple[2]),)
    assert flag.suggestion == evidence.text  # the verbalised fact
    assert flag.kb_strength == 1.0


def test_contradicts_fact_negated_class_the_kb_asserts(detect: Detect) -> None:
    (flag,) = detect(NAME, "Linh Nguyen is not a nurse.")
    assert flag.evidence[0].triples == ((EX + "linhNguyen", RDF_TYPE, EX + "Nurse"),)


def test_contradicts_fact_negative_property_assertion(detect: Detect) -> None:
    (flag,) = detect(NAME, "Miguel Reyes works in Oncology.")
    (evidence,) = flag.evidence
    assert evidence.triples == ((EX + "miguelReyes", "NOT " + EX + "worksIn", EX + "oncology"),)
    assert "NegativePropertyAssertion" in evidence.text


def test_contradicts_fact_disjoint_class_is_corrected(detect: Detect) -> None:
    text = "Linh Nguyen is a doctor."
    (flag,) = detect(NAME, text)
    assert flag.correction == "a nurse"
    assert flag.correction_span is not None
    assert text[flag.correction_span.start : flag.correction_span.end] == "a doctor"
    assert flag.evidence[0].triples == (
        (EX + "linhNguyen", RDF_TYPE, EX + "Nurse"),
        (EX + "Nurse", "owl:disjointWith", EX + "Doctor"),
    )


def test_contradicts_fact_disjoint_class_under_a_hedge(detect: Detect) -> None:
    (flag,) = detect(NAME, "I think Linh Nguyen is a doctor.")
    assert flag.correction == "a nurse"


@pytest.mark.parametrize(
    ("text", "subject", "holder", "correction"),
    [
        ("Sarah Lee leads Analytics.", "Sarah Lee", "priyaRaman", "Priya Raman"),
        ("Hiroshi Tanaka leads Radiology.", "Hiroshi Tanaka", "elenaPetrova", "Dr. Elena Petrova"),
    ],
)
def test_contradicts_fact_functional_inverse_names_the_real_holder(
    detect: Detect, text: str, subject: str, holder: str, correction: str
) -> None:
    (flag,) = detect(NAME, text)
    assert flag.correction == correction
    assert flag.correction_span is not None
    assert text[flag.correction_span.start : flag.correction_span.end] == subject
    assert flag.evidence[0].triples[0][1:] == (EX + "ledBy", EX + holder)


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Amira Patel works in Cardiology.",
        "Miguel Reyes does not work in Oncology.",  # agrees with the negative assertion
        "Amira Patel does not lead Oncology.",
        "Amira Patel's extension is not 4413.",
        "Amira Patel is not a nurse.",
        "Linh Nguyen is a nurse.",
        "Tom Okafor is a manager.",  # wrong, but not disjoint: wrong_attribute's
        "Priya Raman leads Analytics.",
        "Analytics is led by Priya Raman.",
        "Amira Patel leads Cardiology.",
        "Dr. Helen Brooks does not lead Oncology.",  # unknown subject: nothing to contradict
        "Chris does not work in Pediatrics.",  # ambiguous subject
    ],
)
def test_contradicts_fact_silent_on_consistent_statements(detect: Detect, text: str) -> None:
    assert detect(NAME, text) == []
