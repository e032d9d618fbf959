"""Facts held by nodes that tie named things together and that nothing points at (an offer
naming both the centre that makes it and the item it is for; a transfer fee from one site to
another), and dates that recur (a class every week from its first date). Two blind trials
modelled their prices and schedules this way (issue 35: a council's waste service, a car
hire's one-way fees); here in a domain of their own, a city's sports centres."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import checker_over

CENTRES = """
@prefix schema: <https://schema.org/> .
ex:Centre a owl:Class ; rdfs:label "sports centre" .
ex:Equipment a owl:Class ; rdfs:label "equipment" .
ex:Session a owl:Class ; rdfs:label "session" .
ex:TransferFee a owl:Class ; rdfs:label "transfer fee" .
ex:fee a owl:DatatypeProperty ; rdfs:label "fee" ; rdfs:range xsd:decimal ; kgc:unit "GBP" .
ex:fromCentre a owl:ObjectProperty ; rdfs:label "from" .
ex:toCentre a owl:ObjectProperty ; rdfs:label "to" .
ex:session a owl:ObjectProperty ; rdfs:label "session" .
ex:northfield a ex:Centre ; rdfs:label "Northfield Leisure Centre" ;
    skos:altLabel "Northfield" .
ex:southgate a ex:Centre ; rdfs:label "Southgate Pool" ; skos:altLabel "Southgate" .
ex:racket a ex:Equipment ; rdfs:label "badminton racket" .
ex:locker a ex:Equipment ; rdfs:label "locker" .
ex:yoga a ex:Session ; rdfs:label "Sunrise Yoga" .
ex:offer-racket-north a schema:Offer ; schema:offeredBy ex:northfield ;
    schema:itemOffered ex:racket ; schema:price 3.00 ; schema:priceCurrency "GBP" .
ex:offer-racket-south a schema:Offer ; schema:offeredBy ex:southgate ;
    schema:itemOffered ex:racket ; schema:price 4.50 ; schema:priceCurrency "GBP" .
ex:offer-locker-north a schema:Offer ; schema:offeredBy ex:northfield ;
    schema:itemOffered ex:locker ; schema:price 1.00 ; schema:priceCurrency "GBP" .
[] a ex:TransferFee ; ex:fromCentre ex:northfield ; ex:toCentre ex:southgate ; ex:fee 12 .
[] a schema:Schedule ; ex:session ex:yoga ; schema:startDate "2027-03-01"^^xsd:date ;
    schema:repeatFrequency "P7D"^^xsd:duration .
ex:swim a ex:Session ; rdfs:label "Lane Swimming" .
ex:schedule-swim-north a schema:Schedule ; ex:session ex:swim ; ex:centre ex:northfield ;
    schema:startDate "2027-03-02"^^xsd:date ; schema:repeatFrequency "P7D"^^xsd:duration .
ex:schedule-swim-south a schema:Schedule ; ex:session ex:swim ; ex:centre ex:southgate ;
    schema:startDate "2027-03-04"^^xsd:date ; schema:repeatFrequency "P7D"^^xsd:duration .
"""


@pytest.fixture(scope="module")
def centres(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    folder: Path = tmp_path_factory.mktemp("centres")
    return checker_over(folder, CENTRES, now="2027-03-09T10:00:00+00:00")


def check(checker: Checker, reply: str) -> TurnReport:
    return checker.check_turn(reply, DialogueState(session_id="centres"))


def acted(report: TurnReport) -> list[str]:
    return [f.content for f in report.flags if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "reply",
    [
        # each price read from the offer that names the item and the centre
        "You can hire a badminton racket at Northfield for £3.",
        "At Southgate Pool a badminton racket costs £4.50.",
        "A locker at Northfield Leisure Centre is £1.",
        # a date of a weekly session: any week's, not only the first
        "Sunrise Yoga is on Monday 15 March.",
        "The next Sunrise Yoga is on 22 March.",
    ],
)
def test_a_value_held_by_a_relation_node_is_read_as_true(centres: Checker, reply: str) -> None:
    report = check(centres, reply)
    assert acted(report) == [] and report.text == reply


def test_a_wrong_price_on_an_offer_naming_both_things_is_corrected(centres: Checker) -> None:
    report = check(centres, "You can hire a badminton racket at Northfield for £4.50.")
    assert acted(report) == ["£4.50"]
    assert report.text == "You can hire a badminton racket at Northfield for £3.00."


def test_a_wrong_price_the_sentence_does_not_tie_to_one_offer_is_never_rewritten(
    centres: Checker,
) -> None:
    # the racket costs £3 at one centre and £4.50 at the other: £6 is wrong, but which
    # offer was meant the sentence does not say
    reply = "Hiring a badminton racket costs £6."
    report = check(centres, reply)
    assert acted(report) == ["£6"]
    assert report.text == reply


def test_a_date_off_a_weekly_series_is_flagged_not_rewritten_to_its_first_date(
    centres: Checker,
) -> None:
    reply = "Sunrise Yoga is on Tuesday 16 March."
    report = check(centres, reply)
    assert [f.content for f in report.flags if f.confidence >= 0.5] != []
    assert "1 March" not in report.text


def test_a_schedule_of_a_centre_the_reply_does_not_name_decides_nothing(
    centres: Checker,
) -> None:
    # lane swimming runs on Tuesdays at Northfield and Thursdays at Southgate: a reply naming
    # neither centre is not wrong against either
    reply = "Lane Swimming is on Friday 12 March."
    report = check(centres, reply)
    assert [f for f in report.flags if f.confidence >= 0.8] == [] and report.text == reply
    # with the centre named, its schedule decides
    report = check(centres, "Lane Swimming at Northfield is on Friday 12 March.")
    assert acted(report) != []
