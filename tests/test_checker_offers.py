"""Prices modelled as offers of price specifications, per region and per day or week, and the
amounts a reply works out from them (a blind trial's car hire broke each of these: issue 35),
in a domain of its own: a lake's boat hire. Each test is named after what broke."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import checker_over

BOATS = """
@prefix schema: <https://schema.org/> .
ex:BoatClass a owl:Class ; rdfs:label "boat class" .
ex:Jetty a owl:Class ; rdfs:label "jetty" .
ex:Tier a owl:Class ; rdfs:label "tier" .
ex:range a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "range" ;
    rdfs:range xsd:decimal ; kgc:unit "mile" .
ex:minimumAge a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "minimum age" ;
    rdfs:range xsd:integer ; kgc:unit "year" .
ex:pointsPerPound a owl:DatatypeProperty , owl:FunctionalProperty ;
    rdfs:label "points per pound" ; rdfs:comment "Points earned per GBP 1 of hire spend." ;
    rdfs:range xsd:integer .
ex:threshold a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "points threshold" ;
    rdfs:range xsd:integer ; kgc:lexicalForm "reach" .
ex:closes a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "closing time" ;
    rdfs:range xsd:time ; kgc:lexicalForm "close" .
ex:motorboat a ex:BoatClass ; rdfs:label "Motorboat" ; ex:minimumAge 21 ; ex:range 40 ;
    schema:offers
        [ a schema:Offer ; schema:eligibleRegion "GB" ;
          schema:priceSpecification
            [ schema:price 89.00 ; schema:priceCurrency "GBP" ; schema:unitCode "DAY" ] ,
            [ schema:price 535.00 ; schema:priceCurrency "GBP" ; schema:unitCode "WEE" ] ] ,
        [ a schema:Offer ; schema:eligibleRegion "IE" ;
          schema:priceSpecification
            [ schema:price 105.00 ; schema:priceCurrency "EUR" ; schema:unitCode "DAY" ] ,
            [ schema:price 630.00 ; schema:priceCurrency "EUR" ; schema:unitCode "WEE" ] ] .
ex:pier a ex:Jetty ; rdfs:label "Windermere Pier" ; ex:closes "23:30:00"^^xsd:time .
ex:silver a ex:Tier ; rdfs:label "Silver" ; ex:pointsPerPound 12 ; ex:threshold 3000 .
"""


@pytest.fixture(scope="module")
def boats(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    folder: Path = tmp_path_factory.mktemp("boats")
    return checker_over(folder, BOATS)


def check(checker: Checker, reply: str) -> TurnReport:
    return checker.check_turn(reply, DialogueState(session_id="boats"))


def acted(report: TurnReport) -> list[str]:
    return [f.content for f in report.flags if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "reply",
    [
        # each price read through its offer and its price specification
        "A motorboat is £89 a day or £535 a week.",
        "In Ireland a motorboat costs €105 per day, or €630 for a week.",
        # a total for the days booked is no daily rate
        "The motorboat comes to £178 for the two days.",
        "The motorboat is £89 a day, so £267 for the three days.",
        # a negation of a bound or a degree denies no value
        "Windermere Pier doesn't close until 11:30 pm.",
        "A motorboat never costs more than £89 a day.",
        # a count is no value of a rate per a thing; a rate's description names no unit of it
        "Silver members reach the tier at 3,000 points.",
        # converted from the KB's unit, rounded as written
        "A motorboat has a range of 40 miles, which is about 64 km.",
        # a length of days is no age kept in years
        "For five days the motorboat needs a driver of at least 21.",
    ],
)
def test_a_true_reply_about_offers_and_worked_out_amounts_stays_as_it_is(
    boats: Checker, reply: str
) -> None:
    report = check(boats, reply)
    assert acted(report) == [] and report.text == reply


@pytest.mark.parametrize(
    ("reply", "wrong", "right"),
    [
        # a price in pounds is no value of an amount in euros: the euro offer's is
        ("In Ireland a motorboat is €89 a day.", "€89", "€105"),
        ("A motorboat is £95 a day.", "£95", "£89"),
        ("A motorboat is £534.50 a week.", "£534.50", "£535.00"),  # to the penny: exact
    ],
)
def test_a_wrong_price_is_read_against_the_offer_of_its_currency_and_period(
    boats: Checker, reply: str, wrong: str, right: str
) -> None:
    report = check(boats, reply)
    assert acted(report) == [wrong]
    assert report.text == reply.replace(wrong, right)


def test_a_denied_value_the_kb_holds_is_still_a_contradiction(boats: Checker) -> None:
    report = check(boats, "Windermere Pier doesn't close at 11:30 pm.")
    assert acted(report) == ["11:30 pm"]
