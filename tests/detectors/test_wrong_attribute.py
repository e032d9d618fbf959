"""``wrong_attribute``: the KB holds the value of (subject, predicate) and the claim's differs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kgcheck import Checker, ConfigError, FlagType
from kgcheck.detectors.wrong_attribute import WrongAttributeDetector
from kgcheck.types import Decision
from tests.conftest import EX

Detect = Callable[..., list[Any]]
NAME = "wrong_attribute"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


@pytest.mark.parametrize(
    ("text", "content", "correction", "triple"),
    [
        (
            "Amira Patel works in Oncology.",
            "Oncology",
            "Cardiology",
            ("amiraPatel", "worksIn", EX + "cardiology"),
        ),
        (
            "Dr. Patel's extension is 4413.",
            "4413",
            "4412",
            ("amiraPatel", "extension", "4412"),
        ),
        (
            "The email address of Amira Patel is amira.p@acmehealth.example.",
            "amira.p@acmehealth.example",
            "amira.patel@acmehealth.example",
            ("amiraPatel", "email", "amira.patel@acmehealth.example"),
        ),
        (
            "Daniel Kim is in room B-215.",
            "B-215",
            "B-214",
            ("danielKim", "room", "B-214"),
        ),
        (
            "The headcount of Emergency Medicine is 40.",
            "40",
            "4",
            ("emergencyMedicine", "headcount", "4"),
        ),
        (
            "Amira Patel's start date is 2016-03-02.",
            "2016-03-02",
            "2015-03-02",
            ("amiraPatel", "startDate", "2015-03-02"),
        ),
        (
            "Priya Raman works out of Riverside.",
            "Riverside",
            "Harbor Point Office",
            ("priyaRaman", "basedAt", EX + "harborPointOffice"),
        ),
        (
            "Cardiology is led by Kwame Mensah.",
            "Kwame Mensah",
            "Dr. Amira Patel",
            ("cardiology", "ledBy", EX + "amiraPatel"),
        ),
        (
            "Kwame Mensah reports to Amira Patel. He works in Oncology.",
            "Oncology",
            "Cardiology",
            ("kwameMensah", "worksIn", EX + "cardiology"),
        ),
    ],
)
def test_wrong_attribute_fires_with_kb_value_as_correction(
    detect: Detect, text: str, content: str, correction: str, triple: tuple[str, str, str]
) -> None:
    (flag,) = detect(NAME, text)
    assert flag.type == FlagType.WRONG_ATTRIBUTE
    assert flag.content == content
    assert flag.correction == correction
    assert flag.correction_span is not None
    assert text[flag.correction_span.start : flag.correction_span.end] == content
    (evidence,) = flag.evidence
    assert evidence.kind == "kb"
    assert evidence.triples == ((EX + triple[0], EX + triple[1], triple[2]),)
    assert flag.focus == EX + triple[0]
    assert flag.kb_strength == 1.0  # functional properties settle it


def test_wrong_attribute_budget_outside_tolerance(detect: Detect) -> None:
    (flag,) = detect(NAME, "Cardiology's budget is $5.2 million.")  # 7 % over 4.85M
    assert flag.content == "$5.2 million"
    assert flag.evidence[0].triples[0][2].startswith("4850000")


def test_wrong_attribute_non_functional_property_is_less_decisive(detect: Detect) -> None:
    (flag,) = detect(NAME, "Tom Okafor belongs to Finance.")
    assert flag.correction == "Analytics"
    assert flag.kb_strength == 0.6


def test_wrong_attribute_class_claim_not_held_by_the_kb(detect: Detect) -> None:
    (flag,) = detect(NAME, "Tom Okafor is a manager.")
    assert flag.content == "a manager"
    assert flag.correction == "an analyst"
    assert flag.evidence[0].triples == ((EX + "tomOkafor", RDF_TYPE, EX + "Analyst"),)
    assert flag.kb_strength == 0.6


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Amira Patel works in Cardiology.",
        "Patel works in Cardiology.",  # short name
        "Dr. Patel's extension is 4412.",
        "The email address of Amira Patel is Amira.Patel@AcmeHealth.example.",  # case
        "Priya Raman is based at Harbor Point.",  # alias of the object
        "Rafael Costa works in the ER.",
        "Amira Patel started on March 2, 2015.",  # another date format
        "Amira Patel joined Acme on 2015-03-02.",
        "Cardiology's budget is $5 million.",  # within the 5 % tolerance
        "The budget of Analytics is $950,000.",
        "The headcount of Emergency Medicine is 4.",
        "Amira Patel is a doctor.",
        "Amira Patel is an employee.",  # a superclass
        "Amira Patel is a physician.",  # an altLabel of her class
        "Amira Patel does not work in Oncology.",  # negated claims are contradicts_fact's
        "Rosa Delgado's room is C-300.",  # no room on record: nothing to compare
        "Linh Nguyen is a doctor.",  # disjoint classes are contradicts_fact's
        "Dr. Helen Brooks leads Oncology.",  # unknown subject: fabricated_fact's
        "Chris works in Oncology.",  # ambiguous subject: no single KB value to compare
    ],
)
def test_wrong_attribute_silent_on_true_or_other_statements(detect: Detect, text: str) -> None:
    assert detect(NAME, text) == []


def test_wrong_attribute_one_flag_among_correct_claims(detect: Detect) -> None:
    text = "Dr. Patel works in Cardiology and her extension is 4413. Dr. Patel's room is C-310."
    (flag,) = detect(NAME, text)
    assert flag.content == "4413"


def test_wrong_attribute_unknown_param_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        WrongAttributeDetector({"tolerance": 0.1})


SHARED_NAME = """
ex:Unit a owl:Class ; rdfs:label "unit" .
ex:worksIn a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "works in" ;
  rdfs:range ex:Unit ; kgc:lexicalForm "work in" .
ex:u1 a ex:Unit ; rdfs:label "Thornbury Anesthesiology Centre" .
ex:u2 a ex:Unit ; rdfs:label "Thornbury Anesthesiology Centre" .
ex:u3 a ex:Unit ; rdfs:label "Thornbury Anesthesiology Centre" .
ex:quay a ex:Unit ; rdfs:label "Quayside Clinic" .
ex:pillai a foaf:Person ; rdfs:label "Thomas S. Pillai" ; ex:worksIn ex:u2 .
"""


def test_wrong_attribute_silent_when_the_value_shares_its_name_with_others(
    make_checker: Callable[..., Checker],
) -> None:
    """Regression (found on a 10M-triple KB): units sharing a name, the linker picked another
    of them, and "Not Thornbury ...: Pillai works in Thornbury ..." was flagged."""
    checker = make_checker(SHARED_NAME, nli={"model": None})
    true = checker.check_turn("Thomas S. Pillai works in Thornbury Anesthesiology Centre.")
    assert true.flags == [] and true.decision == Decision.ACCEPT
    false = checker.check_turn("Thomas S. Pillai works in Quayside Clinic.")
    assert [f.type for f in false.flags] == [FlagType.WRONG_ATTRIBUTE]


SHUTTLE = """
ex:Route a owl:Class ; rdfs:label "shuttle route" .
ex:departsFrom a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "departs from" ;
  rdfs:domain ex:Route ; rdfs:range xsd:string ; kgc:lexicalForm "leave from" .
ex:lakeside a ex:Route ; rdfs:label "Lakeside Shuttle" ;
  ex:departsFrom "Fernvale Station, Platform Road" .
"""


def test_wrong_attribute_silent_on_the_first_piece_of_a_value_said_alone(
    make_checker: Callable[..., Checker],
) -> None:
    """A blind trial's campsites: "leaves from Fernvale Station" of "Fernvale Station,
    Platform Road" was rewritten to the whole value."""
    checker = make_checker(SHUTTLE, nli={"model": None})
    true = checker.check_turn("The Lakeside Shuttle leaves from Fernvale Station.")
    assert true.flags == [] and true.decision == Decision.ACCEPT
    false = checker.check_turn("The Lakeside Shuttle leaves from Harbour Station.")
    assert [f.type for f in false.flags] == [FlagType.WRONG_ATTRIBUTE]
