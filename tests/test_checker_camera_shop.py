"""Replies as a shop's assistant writes them about its products, where two blind trials (a
library service and an electronics retailer, issue 35) had true replies held back or made
false; here in a domain of its own, a camera shop. Each test is named after what broke."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import checker_over

SHOP = """
@prefix schema: <https://schema.org/> .
ex:Camera a owl:Class ; rdfs:label "camera" .
ex:Monitor a owl:Class ; rdfs:label "monitor" .
ex:Plan a owl:Class ; rdfs:label "care plan" .
ex:Category a owl:Class ; rdfs:label "category" .
ex:Scheme a owl:Class ; rdfs:label "scheme" .
ex:Shop a owl:Class ; rdfs:label "shop" .
ex:Sale a owl:Class ; rdfs:label "sale" .
ex:screenSize a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "screen size" ;
    rdfs:range xsd:decimal ; kgc:unit "inch" .
ex:storage a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "storage" ;
    rdfs:range xsd:integer ; kgc:unit "GB" .
ex:price a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "price" ;
    rdfs:range xsd:decimal ; kgc:unit "GBP" ; kgc:lexicalForm "cost" .
ex:covers a owl:ObjectProperty ; rdfs:label "covers" ; kgc:lexicalForm "cover" ;
    rdfs:range ex:Category .
ex:maxLoans a owl:DatatypeProperty , owl:FunctionalProperty ;
    rdfs:label "maximum lenses on loan" ; rdfs:range xsd:integer ;
    kgc:lexicalForm "borrow" , "have on loan" .
ex:openedIn a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "opened in" ;
    rdfs:range xsd:gYear ; kgc:lexicalForm "open" , "be opened in" .
ex:startDate a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "start date" ;
    rdfs:range xsd:date ; kgc:lexicalForm "start" .
ex:cameras a ex:Category ; rdfs:label "cameras" ; skos:altLabel "camera" .
ex:z50 a ex:Camera ; rdfs:label "Nikon Z50" ; ex:price 849 .
ex:view27 a ex:Monitor ; rdfs:label "ViewPro 27" ; ex:screenSize 27 ; ex:price 299 .
ex:plan a ex:Plan ; rdfs:label "Lens & Body Care" ; ex:covers ex:cameras ; ex:price 79 .
ex:lending a ex:Scheme ; rdfs:label "Lens Library" ; ex:maxLoans 3 .
ex:shop a ex:Shop ; rdfs:label "Harbour Cameras" ; ex:openedIn "1998"^^xsd:gYear .
ex:sale a ex:Sale ; rdfs:label "Spring Sale" ; ex:startDate "2027-04-02"^^xsd:date .
ex:Service a owl:Class ; rdfs:label "service" .
ex:printA4 a ex:Service ; rdfs:label "A4 photo printing" ; skos:altLabel "photo printing" ;
    ex:price 0.60 .
ex:printA3 a ex:Service ; rdfs:label "A3 photo printing" ; ex:price 1.20 .
ex:weatherSealed a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "weather sealing" ;
    rdfs:range xsd:boolean .
ex:accidentalDamage a owl:DatatypeProperty , owl:FunctionalProperty ;
    rdfs:label "accidental damage cover" ; rdfs:range xsd:boolean .
ex:z50 ex:weatherSealed false .
ex:tripod a ex:Camera ; rdfs:label "Manfrotto Befree Travel Tripod" ; ex:price 149 .
ex:strap a ex:Camera ; rdfs:label "Peak Slide-Lite" ; ex:price 59 .
ex:filter a ex:Camera ; rdfs:label "Hoya HD-Pro UV Filter" ; ex:price 35 .
ex:battery a ex:Camera ; rdfs:label "EN-EL25 Battery" ; ex:price 55 .
ex:night1 a ex:Service ; rdfs:label "Night Photography Workshop Part 1" ; ex:price 40 .
ex:night2 a ex:Service ; rdfs:label "Night Photography Workshop Part 2" ; ex:price 45 .
ex:plan ex:accidentalDamage true .
ex:shop schema:openingHoursSpecification
    [ schema:dayOfWeek schema:Wednesday ; schema:opens "09:00:00"^^xsd:time ] ,
    [ schema:dayOfWeek schema:Saturday ; schema:opens "10:00:00"^^xsd:time ] ,
    [ schema:closes "16:00:00"^^xsd:time ;
      schema:validFrom "2026-10-01"^^xsd:date ; schema:validThrough "2027-03-31"^^xsd:date ] ,
    [ schema:closes "18:00:00"^^xsd:time ;
      schema:validFrom "2027-04-01"^^xsd:date ; schema:validThrough "2027-09-30"^^xsd:date ] .
"""


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    folder: Path = tmp_path_factory.mktemp("shop")
    return checker_over(folder, SHOP, now="2027-03-10T11:00:00+00:00")


def check(checker: Checker, reply: str) -> TurnReport:
    return checker.check_turn(reply, DialogueState(session_id="shop"))


def acted(report: TurnReport) -> list[str]:
    return [f.content for f in report.flags if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "reply",
    [
        # a negative answer set apart by a dash denies nothing the clause after it says
        "Not quite yet – the Spring Sale starts on Friday 2 April.",
        # a unit written onto its number ("1TB", "4K") starts no name
        "The Nikon Z50 shoots 4K video and takes a 1TB card.",
        # "your camera" is the camera, not the speaker
        "Lens & Body Care covers your camera for £79.",
        # a count of what the user has is no value of a limit
        "You have two lenses on loan from the Lens Library.",
        # a day named from today is no value of a property kept in years
        "Harbour Cameras is open until 4pm tomorrow.",
        # a size joined to its unit by a hyphen
        "The ViewPro 27 has a 27-inch screen and costs £299.",
        # a yes-or-no property stated by its name after a verb of having
        "Lens & Body Care includes accidental damage cover.",
        "The Nikon Z50 doesn't have weather sealing, so keep it dry.",
        # a name's head, its trailing words left out, and in the plural
        "We have two Manfrotto Befrees in stock, at £149 each.",
        # an amount of as many as the sentence counts, a count opening it
        "Two EN-EL25 Batteries would cost £110 at £55 each.",
        # a hyphen within a word of a name keeps the name whole
        "You've ordered two Peak Slide-Lites at £59 each.",
        # a stretch of a name inside it ("HD-Pro" of "Hoya HD-Pro UV Filter")
        "The HD-Pro is £35 and screws onto most lenses.",
        # a holiday is a day, neither a thing of the KB nor one the reply made up
        "Harbour Cameras is closed on Boxing Day. On Christmas Eve, it is open until 4pm.",
        # a preposition opening the sentence is no part of a name ("Over Easter")
        "Over Easter the Spring Sale starts on Friday 2 April.",
    ],
)
def test_a_true_reply_is_left_as_it_is(shop: Checker, reply: str) -> None:
    report = check(shop, reply)
    assert acted(report) == [] and report.text == reply


def test_a_size_written_with_a_hyphen_is_checked(shop: Checker) -> None:
    report = check(shop, "The ViewPro 27 has a 32-inch screen.")
    assert acted(report) == ["32-inch"]
    assert report.text in {
        "The ViewPro 27 has a 32-inch screen.",
        "The ViewPro 27 has a 27-inch screen.",
    }


def test_a_limit_stated_as_one_is_still_checked(shop: Checker) -> None:
    report = check(shop, "You can borrow up to 5 lenses from the Lens Library.")
    assert acted(report) == ["5"]


def test_an_amount_its_own_phrase_ties_to_another_thing_is_never_rewritten(
    shop: Checker,
) -> None:
    # "for A3" names a word of another service's name: the amount is not surely the A4 one's
    reply = "Photo printing is 60p per A4 print, or £1.20 for A3."
    assert check(shop, reply).text == reply


def test_an_amount_a_tool_result_gives_is_never_rewritten_by_a_kb_reading(
    shop: Checker,
) -> None:
    # the charge for five prints, restated from the account: not the price of one print
    state = DialogueState(session_id="shop")
    state.add_tool_result(
        "get_charges",
        {"charges": [{"description": "Photo printing, 5 prints", "amount": 3.0}], "total": 3.0},
    )
    reply = "You owe £3.00 for photo printing."
    assert shop.check_turn(reply, state).text == reply


def test_hours_per_day_are_read_for_the_day_a_date_falls_on(shop: Checker) -> None:
    # the clock says Wednesday: "today" is read against Wednesday's hours, not any day's
    assert acted(check(shop, "Harbour Cameras opens at 9am today.")) == []
    assert acted(check(shop, "Harbour Cameras opens at 10am today.")) != []


def test_a_yes_or_no_property_stated_by_its_name_is_checked_never_rewritten(
    shop: Checker,
) -> None:
    # the form's words lemmatised alone ("sealing" -> "seal") are matched as written too
    reply = "Good news: the Nikon Z50 has weather sealing."
    report = check(shop, reply)
    assert acted(report) == ["weather sealing"]
    assert "false" not in report.text


def test_a_time_after_until_is_the_closing_time_of_the_season_of_the_day(shop: Checker) -> None:
    # "open until": the end of the opening, read against the hours valid in March (winter)
    assert acted(check(shop, "Harbour Cameras is open until 4pm today.")) == []
    assert acted(check(shop, "Harbour Cameras is open until 6pm today.")) == ["6pm today"]
    # a day in the summer season is read against the summer hours, and so is the season named
    assert acted(check(shop, "On Saturday 10 April Harbour Cameras is open until 6pm.")) == []
    summer = "In the summer (April to September) Harbour Cameras closes at 6pm."
    assert acted(check(shop, summer)) == []


def test_a_name_stated_by_its_head_is_the_thing_of_that_name(shop: Checker) -> None:
    # "Manfrotto Befree" of "Manfrotto Befree Travel Tripod": a sure reading, corrected
    report = check(shop, "The Manfrotto Befree costs £129.")
    assert report.text == "The Manfrotto Befree costs £149."


def test_of_namesakes_the_one_the_sentence_words_name_is_read(shop: Checker) -> None:
    # "Part 2 of the Night Photography Workshop": of the two parts, the second
    assert acted(check(shop, "Part 2 of the Night Photography Workshop is £45.")) == []
    report = check(shop, "Part 2 of the Night Photography Workshop is £40.")
    assert report.text == "Part 2 of the Night Photography Workshop is £45."
