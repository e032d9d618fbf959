"""Precision on a KB written with schema.org the way the blind trials wrote theirs (issue 32):
an organisation and its branches, offers, ``xsd:duration`` lengths, opening hours. Each true
reply here was rewritten into a false one before (``benchmarks/trials/physio`` and
``harbourarts``): a length of time stated in parts, a weekday read as a length of time, a
shorter name of two KB things, a count before a value, the speaker's own phone number, a
date said from today read as a founding date.
"""

from __future__ import annotations

from typing import Any

import pytest

from kgcheck import Checker, DialogueState
from tests.conftest import checker_over

KB = """
@prefix schema: <https://schema.org/> .
ex:northfield a schema:MedicalOrganization ; schema:name "Northfield Physio" ;
    schema:telephone "0330 124 5580" ; schema:foundingDate "2011-05-03"^^xsd:date ;
    schema:subOrganization ex:ilkley , ex:wetherby .
ex:ilkley a schema:MedicalClinic ; schema:name "Northfield Physio Ilkley" ;
    schema:telephone "01943 608925" ; schema:parentOrganization ex:northfield ;
    schema:foundingDate "2016-09-12"^^xsd:date .
ex:wetherby a schema:MedicalClinic ; schema:name "Northfield Physio Wetherby" ;
    schema:telephone "01937 582410" ; schema:parentOrganization ex:northfield ;
    schema:foundingDate "2011-05-03"^^xsd:date ;
    schema:openingHoursSpecification [ a schema:OpeningHoursSpecification ;
        schema:dayOfWeek schema:Tuesday ; schema:opens "08:00:00"^^xsd:time ;
        schema:closes "20:00:00"^^xsd:time ] .
ex:assessment a schema:MedicalProcedure ; schema:name "Initial assessment" ;
    schema:duration "PT45M"^^xsd:duration .
ex:gait a schema:MedicalProcedure ; schema:name "Running gait analysis" ;
    schema:duration "PT1H15M"^^xsd:duration ;
    schema:offers [ a schema:Offer ; schema:price 95.00 ; schema:priceCurrency "GBP" ] .
ex:beginners a schema:Course ; schema:name "Clinical Pilates for Beginners" ;
    schema:location ex:ilkley .
ex:intermediate a schema:Course ; schema:name "Clinical Pilates Intermediate" ;
    schema:location ex:ilkley .
ex:tom a ex:Physiotherapist ; schema:name "Tom Baxter" .
ex:room3 a ex:Room ; rdfs:label "Treatment Room 3" .
ex:room1 a ex:Room ; rdfs:label "Treatment Room 1" .
ex:appt1 a ex:Appointment ; ex:practitioner ex:tom ; ex:room ex:room3 ;
    schema:startDate "2026-12-01T10:00:00Z"^^xsd:dateTime .
ex:appt2 a ex:Appointment ; ex:practitioner ex:tom ; ex:room ex:room3 ;
    schema:startDate "2026-12-10T14:15:00Z"^^xsd:dateTime .
ex:ellen a ex:Physiotherapist ; schema:name "Ellen Rushworth" .
ex:appt4 a ex:Appointment ; ex:practitioner ex:ellen ; ex:room ex:room1 ;
    schema:startDate "2026-12-15T09:00:00Z"^^xsd:dateTime .
ex:appt3 a ex:Appointment ; ex:practitioner ex:tom ; ex:room ex:room1 ;
    schema:startDate "2026-12-14T08:45:00Z"^^xsd:dateTime .
ex:streetAddress a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "street address" .
ex:hotel a schema:Hotel ; schema:name "Harbour Hotel" ;
    ex:streetAddress "28 Regent Street, Chippendale, Sydney" .
ex:ArtisticDirector a owl:Class ; rdfs:label "artistic director" .
ex:artisticDirector a owl:ObjectProperty , owl:FunctionalProperty ;
    rdfs:label "artistic director" ; kgc:lexicalForm "artistic director" .
ex:quayside a schema:PerformingArtsTheater ; schema:name "Quayside Theatre" ;
    skos:altLabel "the Quayside" ; ex:artisticDirector ex:rosalind .
ex:rosalind a ex:ArtisticDirector ; schema:name "Rosalind Achterberg" .
ex:ingrid a ex:ArtisticDirector ; schema:name "Ingrid Solberg" .
ex:whale a schema:TheaterEvent ; schema:name "The Paper Whale" ;
    schema:duration "PT70M"^^xsd:duration ;
    schema:offers [ a schema:Offer ; schema:category "Stalls" ; schema:price 32.00 ;
        schema:priceCurrency "GBP" ] .
"""
NOW = "2026-12-08T09:30:00+00:00"  # a Tuesday


@pytest.fixture(scope="module")
def checker(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    return checker_over(tmp_path_factory.mktemp("schema_org"), KB, now=NOW)


def check(checker: Checker, reply: str) -> Any:
    return checker.check_turn(reply, DialogueState(session_id="schema-org", now=NOW))


@pytest.mark.parametrize(
    "reply",
    [
        # a length of time in parts: 70 minutes, not "an hour" and "ten minutes"
        "The Paper Whale lasts about an hour and ten minutes.",
        "The running gait analysis takes an hour and a quarter and costs £95.",
        # "last Tuesday" is a day, not a length of time ("Tuesday" holds "day")
        "Your initial assessment was last Tuesday, 1 December, at 10am.",
        # a shorter name of two KB things is no unknown name
        "Ilkley runs two Clinical Pilates classes a week.",
        # a count before a value the KB holds: "Stalls" is an offer's category
        "Two Stalls seats at £32 each come to £64.",
        # the value after "our ... line" is the speaker's organisation's, not Ilkley's
        "You can call Northfield Physio Ilkley on 01943 608925, or use our central booking "
        "line on 0330 124 5580.",
        # "tonight" is no founding date: it states when the hours hold
        "The Wetherby clinic's number is 01937 582410, and they're open until 8pm tonight.",
    ],
)
def test_true_replies_are_left_as_they_are(checker: Checker, reply: str) -> None:
    report = check(checker, reply)
    assert report.text == reply
    assert [f.content for f in report.flags if f.confidence >= 0.5] == []


def test_a_length_of_time_in_parts_is_checked_as_one(checker: Checker) -> None:
    report = check(checker, "The Paper Whale lasts an hour and twenty minutes.")
    assert report.text == "The Paper Whale lasts 70 minutes."


def test_another_branchs_number_is_still_corrected(checker: Checker) -> None:
    report = check(checker, "You can call Northfield Physio Ilkley on 01937 582410.")
    assert report.text == "You can call Northfield Physio Ilkley on 01943 608925."


def test_an_appointment_named_by_what_it_links_to_is_read_by_its_values(checker: Checker) -> None:
    # no appointment has a name: "your appointment with Tom Baxter ... in Treatment Room 3"
    # describes the one of his that the room and the time tell apart (three values that tell
    # the appointments apart), and its date is wrong
    report = check(
        checker,
        "Your appointment with Tom Baxter is on Friday 11 December at 2:15pm in Treatment Room 3.",
    )
    assert report.text == (
        "Your appointment with Tom Baxter is on Thursday 10 December at 2:15pm in Treatment Room 3."
    )
    true = "Your appointment with Tom Baxter is on Thursday 10 December at 2:15pm."
    assert check(checker, true).text == true


def test_a_value_cut_at_its_comma_is_read_whole(checker: Checker) -> None:
    reply = "The street address of Harbour Hotel is 28 Regent Street, Chippendale, Sydney."
    assert [f.content for f in check(checker, reply).flags] == []
    report = check(
        checker, "The street address of Harbour Hotel is 82 Regent Street, Chippendale, Sydney."
    )
    # only the wrong piece is replaced: the rest of the address is not written twice
    assert report.text == reply


def test_a_name_reaching_further_than_an_alias_with_its_article_is_the_name(
    checker: Checker,
) -> None:
    # "the Quayside Theatre" was read as the alias "the Quayside", leaving "Theatre" behind,
    # and the claim about its artistic director was lost
    report = check(checker, "The artistic director of the Quayside Theatre is Ingrid Solberg.")
    assert report.text == "The artistic director of the Quayside Theatre is Rosalind Achterberg."
