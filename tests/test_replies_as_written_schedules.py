"""True replies that were made false or held back in two blind trials (a concert hall's box
office, a removals firm), each rule shown here in a domain of its own: a start kept as a date
for some events and a date and time for others, a bare clock time ("begins at 7:30"), numbers
written out, a list said with "and", each line of a list read alone, a plural of a label, a
value a node the thing points at holds, a thing's name said short."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.nlp.literals import parse_number
from kgcheck.values.quantities import QuantityRecognizer
from tests.conftest import checker_over

NOW = "2026-03-11T10:00:00+00:00"

SCHEMA = "@prefix schema: <https://schema.org/> .\n"

LECTURES = (
    SCHEMA
    + """
ex:Lecture a owl:Class ; rdfs:label "lecture" .
ex:Series a owl:Class ; rdfs:label "lecture series" .
ex:Hall a owl:Class ; rdfs:label "hall" .
schema:startDate a owl:DatatypeProperty ; rdfs:label "start date" ;
    kgc:lexicalForm "start" , "begin" , "open" .
schema:endDate a owl:DatatypeProperty ; rdfs:label "end date" ;
    kgc:lexicalForm "end" , "run until" .
schema:doorTime a owl:DatatypeProperty ; rdfs:label "door time" ; kgc:lexicalForm "doors open" .
ex:signing a owl:DatatypeProperty ; rdfs:label "book signing" ; rdfs:range xsd:time .
ex:seats a owl:DatatypeProperty ; rdfs:label "seats" ; rdfs:range xsd:integer .
ex:hourly a owl:DatatypeProperty ; rdfs:label "parking charge" ; rdfs:range xsd:decimal ;
    kgc:unit "GBP" .
ex:stars a ex:Lecture ; rdfs:label "Reading the Stars" ;
    schema:doorTime "2026-03-20T18:30:00"^^xsd:dateTime ;
    schema:startDate "2026-03-20T19:15:00"^^xsd:dateTime ;
    ex:signing "21:00:00"^^xsd:time .
ex:tides a ex:Series ; rdfs:label "Tides and Time" ;
    schema:startDate "2026-03-14"^^xsd:date ; schema:endDate "2026-04-04"^^xsd:date .
ex:mainHall a ex:Hall ; rdfs:label "Kelvin Hall" ; ex:seats 42 ; ex:hourly 3.5 .
"""
)


@pytest.fixture(scope="module")
def lectures(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    return checker_over(tmp_path_factory.mktemp("lectures"), LECTURES, now=NOW)


def check(checker: Checker, reply: str) -> tuple[str, list[tuple[str, str]]]:
    report = checker.check_turn(reply, DialogueState(session_id="t", now=NOW), record=False)
    assert not report.errors  # every stage ran
    acted = [(f.detector, f.content) for f in report.flags if f.confidence >= 0.5]
    return report.text, acted


@pytest.mark.parametrize(
    ("domain", "reply"),
    [
        # a start kept as a date for the series and a date and time for the lecture: the
        # property holds dates, and "starts" names it, not the door time beside it
        ("lectures", "Doors open at 6:30pm on Friday 20 March, and Reading the Stars starts "
         "at 7:15pm."),
        ("lectures", "Tides and Time opens this Saturday, 14 March, and runs until Saturday "
         "4 April."),
        # a day and a time that agree with the start: its other time (the signing) is not it
        ("lectures", "We'll see you at Reading the Stars on Friday 20 March at 7:15pm."),
        # a bare clock time is either half of the day
        ("lectures", "There's a book signing at 9pm, after Reading the Stars begins at 7:15."),
        # numbers written out, and the pence after an amount in words
        ("lectures", "Kelvin Hall has forty-two seats, and parking is three pounds fifty an "
         "hour."),
        # each line of a list is read alone: an amount is the van's on its own line
        ("vans", "Here are our vans:\n- Small Van: £35/hr\n- Medium Van: £45/hr\n"
         "- Large Van: £55/hr"),
        # a depot's name said short, where the town bears that name
        ("vans", "Nadia Quill is based at our York office."),
        # a time the depot holds through its opening hours is the depot's, whatever other
        # time it holds directly
        ("vans", "The Acorn York number is 01904 496 0101, and the lines open at 7:30am on "
         "Mondays."),
    ],
)  # fmt: skip
def test_a_true_reply_is_left_as_written(
    request: pytest.FixtureRequest, domain: str, reply: str
) -> None:
    assert check(request.getfixturevalue(domain), reply) == (reply, [])


def test_a_wrong_start_or_number_written_out_is_still_caught(lectures: Checker) -> None:
    reply = "Reading the Stars starts on Friday 20 March at 8:15pm."
    text, flags = check(lectures, reply)
    assert [content for _, content in flags] == ["Friday 20 March at 8:15pm"]
    assert text in {reply, reply.replace("8:15pm", "7:15pm")}
    _, flags = check(lectures, "Kelvin Hall has thirty-two seats.")
    assert [content for _, content in flags] == ["thirty-two"]


def test_numbers_written_out_are_read_whole() -> None:
    found = QuantityRecognizer().find(
        "thirty-two spaces, a hundred and sixty minutes and two pounds fifty an hour"
    )
    assert [(q.text, q.value) for q in found] == [
        ("thirty-two", 32),
        ("a hundred and sixty minutes", 160),
        ("two pounds fifty", Decimal("2.5")),
    ]
    # "one" alone is also a pronoun, and two numbers joined by "and" stay two
    assert [q.text for q in QuantityRecognizer().find("the one at 5 pm")] == ["5"]


def test_volumes_in_cubic_metres_are_no_lengths() -> None:
    found = QuantityRecognizer().find("a 6 m³ van, a 15 cu m unit and 200 cubic feet")
    assert [(q.text, q.unit) for q in found] == [
        ("6 m³", "m3"),
        ("15 cu m", "m3"),
        ("200 cubic feet", "ft3"),
    ]


def test_the_digits_of_a_code_are_no_number() -> None:
    assert [parse_number(t) for t in ("(F7", "C14", "A4 page", "410", "£29.50")] == [
        None,
        None,
        None,
        410,
        parse_number("29.50"),
    ]


VANS = (
    SCHEMA
    + """
ex:Van a owl:Class ; rdfs:label "van" .
ex:Depot a owl:Class ; rdfs:label "depot" .
ex:Town a owl:Class ; rdfs:label "town" .
ex:Concession a owl:Class ; rdfs:label "concession" .
ex:perHour a owl:DatatypeProperty ; rdfs:label "price per hour" ; rdfs:range xsd:decimal ;
    kgc:unit "GBP" ; rdfs:domain ex:Van .
ex:worksAt a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "works at" ;
    kgc:lexicalForm "be based at" .
ex:gate a owl:DatatypeProperty ; rdfs:label "storage gate opens" ; rdfs:range xsd:time .
ex:phone a owl:DatatypeProperty ; rdfs:label "phone number" .
ex:small a ex:Van ; rdfs:label "Small Van" ; ex:perHour 35 .
ex:medium a ex:Van ; rdfs:label "Medium Van" ; ex:perHour 45 .
ex:large a ex:Van ; rdfs:label "Large Van" ; ex:perHour 55 .
ex:york a ex:Town ; rdfs:label "York" .
ex:yorkDepot a ex:Depot ; rdfs:label "Acorn York" ; ex:phone "01904 496 0101" ;
    ex:gate "05:00:00"^^xsd:time ;
    schema:openingHoursSpecification [ a schema:OpeningHoursSpecification ;
        schema:dayOfWeek schema:Monday ; schema:opens "07:30:00"^^xsd:time ;
        schema:closes "18:00:00"^^xsd:time ] .
ex:nadia a schema:Person ; rdfs:label "Nadia Quill" ; ex:worksAt ex:yorkDepot .
"""
)


@pytest.fixture(scope="module")
def vans(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    return checker_over(tmp_path_factory.mktemp("vans"), VANS, now=NOW)


def test_a_time_of_a_place_named_short_is_the_places(vans: Checker) -> None:
    # "York" names the town exactly and the depot for short: the town has no hours
    assert check(vans, "On Mondays the York office closes at 6pm.")[1] == []
    _, flags = check(vans, "On Mondays the York office closes at 7pm.")
    assert [content for _, content in flags] == ["7pm"]


def test_a_wrong_line_of_a_list_is_flagged_on_that_line(vans: Checker) -> None:
    reply = "Our vans:\n- Small Van: £35/hr\n- Medium Van: £40/hr\n- Large Van: £55/hr"
    text, flags = check(vans, reply)
    assert [content for _, content in flags] == ["£40"]
    assert text in {reply, reply.replace("£40", "£45")}


SEATS = {
    "booking_reference": "BK-2041",
    "seats": "C14, C15",
    "tickets": 2,
    "total_paid": 66.5,
    "currency": "GBP",
}


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Booked! Reference BK-2041: seats C14 and C15. You paid £66.50.", False),
        ("Booked! Reference BK-2041: seats C14 & C15. You paid £66.50.", False),
        ("Booked! Reference BK-2041: seats C14 and C16. You paid £66.50.", True),
    ],
)
def test_a_list_of_a_result_said_with_and_is_the_same_list(
    tmp_path: Path, reply: str, flagged: bool
) -> None:
    checker = checker_over(tmp_path, "", now=NOW)
    state = DialogueState(session_id="t", now=NOW)
    state.add_tool_result("create_booking", SEATS, arguments={"tickets": 2})
    report = checker.check_turn(reply, state, record=False)
    acted = [f for f in report.flags if f.confidence >= 0.5]
    assert bool(acted) is flagged
    if not flagged:
        assert report.text == reply


PRICES = (
    SCHEMA
    + """
ex:Show a owl:Class ; rdfs:label "show" .
ex:Concession a owl:Class ; rdfs:label "concession" .
ex:concession a owl:ObjectProperty ; rdfs:label "concession" .
schema:offers a owl:ObjectProperty ; rdfs:label "offers" .
schema:price a owl:DatatypeProperty ; rdfs:label "ticket price" ; rdfs:range xsd:decimal ;
    kgc:unit "GBP" ; kgc:lexicalForm "cost" , "price" .
ex:adult a ex:Concession ; rdfs:label "full price" ; skos:altLabel "adult" .
ex:child a ex:Concession ; rdfs:label "child" .
ex:story a ex:Show ; rdfs:label "Story Time" .
ex:kite a ex:Show ; rdfs:label "The Paper Kite" ;
    schema:offers [ a schema:Offer ; schema:price 14.00 ; ex:concession ex:adult ] ,
                  [ a schema:Offer ; schema:price 8.00 ; ex:concession ex:child ] .
"""
)


def test_a_plural_of_a_label_names_its_thing(tmp_path: Path) -> None:
    checker = checker_over(tmp_path, PRICES, now=NOW)
    reply = "The Paper Kite is £8 for each child and £14 for adults."
    assert check(checker, reply) == (reply, [])
    _, flags = check(checker, "The Paper Kite is £8 for each child and £16 for adults.")
    assert [content for _, content in flags] == ["£16"]
    # a name's plural is a kind of thing, not the thing of that name
    said = checker.analyzer.analyse("There are two story times this Saturday.")
    assert [m.text for m in said.mentions if m.iri is not None] == []


STAFF = (
    SCHEMA
    + """
ex:Theatre a owl:Class ; rdfs:label "theatre" .
ex:Staff a owl:Class ; rdfs:label "staff member" .
ex:Concert a owl:Class ; rdfs:label "concert" .
ex:Van a owl:Class ; rdfs:label "van" .
ex:director a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "executive director" ;
    rdfs:domain ex:Theatre ; rdfs:range ex:Staff ; kgc:lexicalForm "executive director" .
schema:jobTitle a owl:DatatypeProperty ; rdfs:label "job title" ;
    kgc:lexicalForm "job title" , "be the" .
schema:duration a owl:DatatypeProperty ; rdfs:label "running time" ;
    kgc:lexicalForm "last" , "run for" .
ex:payload a owl:DatatypeProperty ; rdfs:label "payload" ; rdfs:comment "Maximum load in kg." ;
    rdfs:range xsd:decimal ; kgc:unit "kg" .
ex:volume a owl:ObjectProperty ; rdfs:label "load volume" ; kgc:lexicalForm "load space" .
ex:quay a ex:Theatre ; rdfs:label "Quay Theatre" ; ex:director ex:ana .
ex:ana a ex:Staff ; rdfs:label "Ana Brook" ; schema:jobTitle "Executive Director" .
ex:tom a ex:Staff ; rdfs:label "Tom Reed" ; schema:jobTitle "Stage Manager" .
ex:nine a ex:Concert ; rdfs:label "Symphony No. 9" ; schema:duration "PT1H10M"^^xsd:duration .
ex:Depot a owl:Class ; rdfs:label "depot" .
ex:Town a owl:Class ; rdfs:label "town" .
ex:managedBy a owl:ObjectProperty ; rdfs:label "manager" ; rdfs:domain ex:Depot ;
    kgc:lexicalForm "branch manager" , "manager" .
ex:york a ex:Town ; rdfs:label "York" .
ex:yorkDepot a ex:Depot ; rdfs:label "Acorn York" ; ex:managedBy ex:tom .
ex:luton a ex:Van ; rdfs:label "Luton Van" ; ex:payload 1000 ;
    ex:volume [ schema:value 18 ; schema:unitCode "MTQ" ] .
"""
)


@pytest.fixture(scope="module")
def staff(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    return checker_over(tmp_path_factory.mktemp("staff"), STAFF, now=NOW)


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        # "our" executive director is the one thing that has one; "is the" is a job title's
        # copula, not a claim of its own
        ("Ana Brook is our executive director.", []),
        ("Tom Reed is our executive director.", ["Tom Reed"]),
        ("Tom Reed is the executive director of Quay Theatre.", ["Tom Reed"]),
        ("Our Executive Director is Tom Reed.", ["Tom Reed"]),
        ("The Executive Director is Ana Brook.", []),
        # a sentence saying what kind a thing is, of no mention ("That's a ..."): no claim
        ("That's a van with two movers, so it's the Luton Van for you.", []),
        # "York" names the town exactly, and the depot for short: the town has no manager
        ("The York branch manager is Tom Reed.", []),
        ("The York branch manager is Ana Brook.", ["Ana Brook"]),
        # "No." of a name is no negation
        ("Symphony No. 9 lasts 1 hour 10 minutes.", []),
        ("Symphony No. 9 lasts 1 hour 30 minutes.", ["1 hour 30 minutes"]),
        # a payload is a most: "up to" states it
        ("The Luton Van takes a payload of up to 1,000 kg.", []),
        ("The Luton Van takes a payload of up to 1,200 kg.", ["1,200 kg"]),
        # a volume kept in cubic metres as a UN/CEFACT code
        ("The Luton Van has 18 cubic metres of load space.", []),
        ("The Luton Van has 15 m³ of load space.", ["15 m³"]),
    ],
)
def test_roles_names_and_bounds_read_as_written(
    staff: Checker, reply: str, flagged: list[str]
) -> None:
    text, flags = check(staff, reply)
    assert len(flags) == len(flagged)
    assert all(said in content for said, (_, content) in zip(flagged, flags, strict=True))
    if not flagged:
        assert text == reply
