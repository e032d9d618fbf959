"""Claim assembly over the Acme KB: the shapes, negation, pronouns, inflections and hedging."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from kgcheck import Checker
from kgcheck.nlp.analysis import Claim, TurnAnalysis
from tests.conftest import PREFIXES, local

XSD = "http://www.w3.org/2001/XMLSchema#"

Analyse = Callable[..., TurnAnalysis]


def triples(analysis: TurnAnalysis) -> list[tuple[Any, ...]]:
    """Claims as ``(subject, predicate, object, polarity)`` with local names for IRIs."""
    return [
        (
            local(c.subject_iri),
            local(c.predicate),
            local(c.object.iri) if c.object.iri else c.object.value,
            c.polarity,
        )
        for c in analysis.claims
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "Dr. Amira Patel works in Cardiology.",
            [("amiraPatel", "worksIn", "cardiology", True)],
            id="X-form-Y",
        ),
        pytest.param(
            "Cardiology is led by Amira Patel.",
            [("cardiology", "ledBy", "amiraPatel", True)],
            id="X-passive-form-Y",
        ),
        pytest.param(
            "Priya Raman is based at Harbor Point.",
            [("priyaRaman", "basedAt", "harborPointOffice", True)],
            id="X-form-alias",
        ),
        pytest.param(
            "Dr. Reyes does not work in Pediatrics.",
            [("miguelReyes", "worksIn", "pediatrics", False)],
            id="negation-does-not",
        ),
        pytest.param(
            "Kwame Mensah isn't based at Riverside Campus.",
            [("kwameMensah", "basedAt", "riversideCampus", False)],
            id="negation-isnt",
        ),
        pytest.param(
            "Daniel Kim isn't in room B-214.",
            [("danielKim", "room", "B-214", False)],
            id="negation-isnt-literal",
        ),
        pytest.param(
            "Kwame Mensah never worked in Cardiology.",
            [("kwameMensah", "worksIn", "cardiology", False)],
            id="negation-never",
        ),
        pytest.param(
            "Amira Patel's extension is 4412.",
            [("amiraPatel", "extension", "4412", True)],
            id="possessive-form-is-Y",
        ),
        pytest.param(
            "Daniel Kim's phone extension is 5600.",
            [("danielKim", "extension", "5600", True)],
            id="possessive-multiword-form",
        ),
        pytest.param(
            "Amira Patel's extension is not 4412.",
            [("amiraPatel", "extension", "4412", False)],
            id="possessive-negated",
        ),
        pytest.param(
            "The email address of Amira Patel is amira.patel@acmehealth.example.",
            [("amiraPatel", "email", "amira.patel@acmehealth.example", True)],
            id="the-form-of-X-is-Y",
        ),
        pytest.param(
            "The headcount of Emergency Medicine is 4.",
            [("emergencyMedicine", "headcount", Decimal(4), True)],
            id="the-form-of-X-is-number",
        ),
        pytest.param(
            "Linh Nguyen is a nurse.",
            [("linhNguyen", "type", "Nurse", True)],
            id="X-is-a-class",
        ),
        pytest.param(
            "Daniel Kim is an engineer.",
            [("danielKim", "type", "Engineer", True)],
            id="X-is-an-class",
        ),
        pytest.param(
            "Amira Patel is a physician.",
            [("amiraPatel", "type", "Doctor", True)],
            id="X-is-a-class-altLabel",
        ),
        pytest.param(
            "Linh Nguyen is not a nurse.",
            [("linhNguyen", "type", "Nurse", False)],
            id="X-is-not-a-class",
        ),
        pytest.param(
            "Kwame Mensah works in Cardiology and reports to Amira Patel.",
            [
                ("kwameMensah", "worksIn", "cardiology", True),
                ("kwameMensah", "reportsTo", "amiraPatel", True),
            ],
            id="and-shared-subject",
        ),
        pytest.param(
            "Amira Patel works in Cardiology, and Kwame Mensah works in Oncology.",
            [
                ("amiraPatel", "worksIn", "cardiology", True),
                ("kwameMensah", "worksIn", "oncology", True),
            ],
            id="and-two-clauses",
        ),
        pytest.param(
            "Kwame Mensah and Amira Patel work in Cardiology.",
            [
                ("kwameMensah", "worksIn", "cardiology", True),
                ("amiraPatel", "worksIn", "cardiology", True),
            ],
            id="and-coordinated-subjects",
        ),
        pytest.param(
            # a name after "and" with its own verb opens the next clause: Kwame Mensah is not a
            # second lead of Cardiology (a winery's "Our winemaker is Thandi Mokoena, and
            # Pieter de Villiers is the cellar master")
            "The lead of Cardiology is Amira Patel, and Kwame Mensah is our oncologist.",
            [("cardiology", "leads", "amiraPatel", True)],
            id="and-name-with-its-own-verb",
        ),
        pytest.param(
            "Amira Patel is a doctor and leads Cardiology.",
            [
                ("amiraPatel", "type", "Doctor", True),
                ("amiraPatel", "leads", "cardiology", True),
            ],
            id="and-class-then-verb",
        ),
        pytest.param(
            "Amira Patel's email is amira.patel@acmehealth.example and her extension is 4412.",
            [
                ("amiraPatel", "email", "amira.patel@acmehealth.example", True),
                ("amiraPatel", "extension", "4412", True),
            ],
            id="and-possessive-pronoun",
        ),
        pytest.param(
            "Priya Raman leads Analytics. Tom Okafor reports to Priya Raman. "
            "Daniel Kim is an engineer.",
            [
                ("priyaRaman", "leads", "analytics", True),
                ("tomOkafor", "reportsTo", "priyaRaman", True),
                ("danielKim", "type", "Engineer", True),
            ],
            id="several-sentences",
        ),
        pytest.param(
            "Amira Patel works in Cardiology. She leads Cardiology.",
            [
                ("amiraPatel", "worksIn", "cardiology", True),
                ("amiraPatel", "leads", "cardiology", True),
            ],
            id="pronoun-she",
        ),
        pytest.param(
            "Kwame Mensah reports to Amira Patel. He works in Cardiology.",
            [
                ("kwameMensah", "reportsTo", "amiraPatel", True),
                ("kwameMensah", "worksIn", "cardiology", True),
            ],
            id="pronoun-he-skips-incompatible-mention",
        ),
        pytest.param(
            "Kwame Mensah reports to Amira Patel. Her extension is 4412.",
            [
                ("kwameMensah", "reportsTo", "amiraPatel", True),
                ("amiraPatel", "extension", "4412", True),
            ],
            id="pronoun-her",
        ),
        pytest.param(
            "Olivia Bennett works in Oncology. Amira Patel works in Cardiology. "
            "She leads Cardiology.",
            [
                ("oliviaBennett", "worksIn", "oncology", True),
                ("amiraPatel", "worksIn", "cardiology", True),
                ("amiraPatel", "leads", "cardiology", True),
            ],
            id="pronoun-most-recent-mention",
        ),
        pytest.param(
            "Cardiology is led by Amira Patel. Its headcount is 3.",
            [
                ("cardiology", "ledBy", "amiraPatel", True),
                ("cardiology", "headcount", Decimal(3), True),
            ],
            id="pronoun-its-skips-person",
        ),
        pytest.param(
            "Kwame Mensah works in Cardiology.",
            [("kwameMensah", "worksIn", "cardiology", True)],
            id="inflection-works-in",
        ),
        pytest.param(
            "Kwame Mensah worked in Cardiology.",
            [("kwameMensah", "worksIn", "cardiology", True)],
            id="inflection-worked-in",
        ),
        pytest.param(
            "Kwame Mensah is working in Cardiology.",
            [("kwameMensah", "worksIn", "cardiology", True)],
            id="inflection-is-working-in",
        ),
        pytest.param(
            "Amira Patel started on March 2, 2015.",
            [("amiraPatel", "startDate", date(2015, 3, 2), True)],
            id="date-object",
        ),
        pytest.param(
            "The budget of Analytics is $950,000.",
            [("analytics", "budget", Decimal(950000), True)],
            id="currency-object",
        ),
    ],
)
def test_claims_shapes(analyse: Analyse, text: str, expected: list[tuple[Any, ...]]) -> None:
    assert triples(analyse(text)) == expected


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("Daniel Kim is in room B-214.", "be in room"),
        ("Daniel Kim sits in room B-214.", "sit in room"),
        ("Daniel Kim's office room is B-214.", "office room"),
    ],
)
def test_claims_longest_form_wins(analyse: Analyse, text: str, form: str) -> None:
    (claim,) = analyse(text).claims
    assert claim.form == form
    assert (local(claim.predicate), claim.object.value) == ("room", "B-214")


@pytest.mark.parametrize(
    ("text", "hedged", "certain"),
    [
        ("Amira Patel works in Cardiology.", False, False),
        ("I think Amira Patel works in Cardiology.", True, False),
        ("Amira Patel probably works in Cardiology.", True, False),
        ("Probably Daniel Kim is in room B-215.", True, False),
        ("I believe Linh Nguyen is a nurse.", True, False),
        ("Amira Patel definitely works in Cardiology.", False, True),
        ("As I mentioned, Amira Patel works in Cardiology.", False, True),
    ],
)
def test_claims_hedges_and_certainty(
    analyse: Analyse, text: str, hedged: bool, certain: bool
) -> None:
    (claim,) = analyse(text).claims
    assert (claim.hedged, claim.certain) == (hedged, certain)


def test_claims_hedge_stays_in_its_sentence(analyse: Analyse) -> None:
    first, second = analyse(
        "I think Hiroshi Tanaka leads Oncology. Amira Patel works in Cardiology."
    ).claims
    assert first.hedged is True
    assert second.hedged is False


def test_claims_month_may_is_not_a_hedge(analyse: Analyse) -> None:
    (claim,) = analyse("Lucas Ferreira started on May 3, 2023.").claims
    assert claim.object.value == date(2023, 5, 3)
    assert claim.hedged is False


def test_claims_trailing_hedge_marks_the_claim(analyse: Analyse) -> None:
    (claim,) = analyse("Amira Patel works in Oncology, I think.").claims
    assert claim.hedged is True


@pytest.mark.parametrize(
    ("text", "value", "datatype"),
    [
        ("Amira Patel's extension is 4412.", "4412", "string"),  # digits, but a string range
        (
            "Amira Patel's email is amira.patel@acmehealth.example.",
            "amira.patel@acmehealth.example",
            "string",
        ),
        ("Amira Patel's start date is 2015-03-02.", date(2015, 3, 2), "date"),
        ("Amira Patel's start date is March 2, 2015.", date(2015, 3, 2), "date"),
        ("The headcount of Oncology is 3.", Decimal(3), "integer"),
        ("Cardiology's budget is $4.85 million.", Decimal(4850000), "decimal"),
    ],
)
def test_claims_literal_objects_parsed_by_range(
    analyse: Analyse, text: str, value: Any, datatype: str
) -> None:
    (claim,) = analyse(text).claims
    assert claim.object.iri is None
    assert claim.object.value == value
    assert type(claim.object.value) is type(value)
    assert claim.object.datatype == XSD + datatype


def test_claims_spans_point_into_the_reply(analyse: Analyse) -> None:
    text = "Dr. Patel works in Cardiology and her extension is 4413. Dr. Patel's room is C-310."
    analysis = analyse(text)
    objects = [text[c.object.span.start : c.object.span.end] for c in analysis.claims]
    assert objects == ["Cardiology", "4413", "C-310"]
    assert [c.segment for c in analysis.claims] == [0, 0, 1]
    for claim in analysis.claims:
        assert claim.span.contains(claim.object.span)


def test_claims_indices_follow_reply_order(analyse: Analyse) -> None:
    claims: tuple[Claim, ...] = analyse(
        "Priya Raman leads Analytics. Tom Okafor reports to Priya Raman."
    ).claims
    assert [c.index for c in claims] == [0, 1]


def test_claims_unknown_subject_is_kept_without_iri(analyse: Analyse) -> None:
    (claim,) = analyse("Dr. Helen Brooks leads Oncology.").claims
    assert claim.subject_iri is None
    assert claim.subject.kind == "name"
    assert local(claim.object.iri) == "oncology"


@pytest.mark.parametrize(
    "text",
    [
        "Thanks for asking!",
        "Riverside is in Portland.",  # no lexical form for a bare "is in"
        "Patel is nice.",
    ],
)
def test_claims_none_without_a_lexical_form(analyse: Analyse, text: str) -> None:
    assert analyse(text).claims == ()


ROOMS = """
ex:Event a owl:Class ; rdfs:label "event" .
ex:room a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "room" ;
    rdfs:domain ex:Event ; rdfs:range xsd:string .
ex:review a ex:Event ; rdfs:label "budget meeting" ; ex:room "conference room 100" .
"""


@pytest.mark.parametrize(
    "reply",
    [
        "The room of the budget meeting is conference room 100.",
        "The room of the budget meeting is conference room 100 on the third floor.",
    ],
)
def test_claims_value_holding_the_property_noun_is_read_whole(
    make_checker: Callable[..., Checker], reply: str
) -> None:
    # "room" names the property and is a word of the value: the object is the whole value
    checker = make_checker(PREFIXES + ROOMS, nli={"model": "none"})
    (claim,) = checker.analyzer.analyse(reply).claims
    assert claim.object.text == "conference room 100"
    assert checker.check_turn(reply).flags == []


def test_claims_value_cut_by_the_property_noun_is_no_claim_and_no_damage(
    make_checker: Callable[..., Checker],
) -> None:
    # where a value that is not the KB's ends is not known: no claim of "conference"; the near
    # miss of the meeting's own room is corrected whole
    checker = make_checker(PREFIXES + ROOMS, nli={"model": "none"})
    reply = "The room of the budget meeting is conference room 101."
    assert checker.analyzer.analyse(reply).claims == ()
    report = checker.check_turn(reply)
    assert report.text == "The room of the budget meeting is conference room 100."
