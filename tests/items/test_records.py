"""A KB whose entities hold values only, no links (records, as tool rows are), is read like a
tool's rows: the same rows as a KB file give the same verdicts. In a domain of its own: an
audiobook shop's catalogue and a ferry timetable, written by hand."""

from __future__ import annotations

from collections.abc import Callable

from rdflib import URIRef

from kgcheck import Checker, DialogueState
from kgcheck.items import are_records
from kgcheck.kb.knowledge_base import KnowledgeBase

NOW = "2026-11-28T10:00:00+00:00"

BOOKS = """
ex:Audiobook a owl:Class ; rdfs:label "audiobook" .
ex:narrator a owl:DatatypeProperty ; rdfs:label "narrator" ; rdfs:range xsd:string .
ex:publisher a owl:DatatypeProperty ; rdfs:label "publisher" ; rdfs:range xsd:string .
ex:hours a owl:DatatypeProperty ; rdfs:label "length in hours" ; rdfs:range xsd:decimal .
ex:harbour a ex:Audiobook ; rdfs:label "The Long Harbour" ; ex:narrator "Ana Ruiz" ;
    ex:publisher "Fernleaf Press" ; ex:hours 9.5 .
ex:quiet a ex:Audiobook ; rdfs:label "Quiet Rooms" ; ex:narrator "Tom Weller" ;
    ex:publisher "Saltmarsh Audio" ; ex:hours 7.0 .
ex:winter a ex:Audiobook ; rdfs:label "Winter Orchard" ; ex:narrator "Lena Osei" ;
    ex:publisher "Fernleaf Press" ; ex:hours 11.0 .
"""

FERRIES = """
ex:Operator a owl:Class ; rdfs:label "lines" ; kgc:closedWorld true ;
    owl:oneOf ( ex:harbourline ex:coastline ) .
ex:harbourline a ex:Operator ; rdfs:label "Harbour Lines" .
ex:coastline a ex:Operator ; rdfs:label "Coast Lines" .
ex:Crossing a owl:Class ; rdfs:label "oneway ferry" .
ex:operator a owl:ObjectProperty ; rdfs:label "operator" ; rdfs:range ex:Operator .
ex:departs a owl:DatatypeProperty ; rdfs:label "departure time" ; rdfs:range xsd:time .
ex:arrives a owl:DatatypeProperty ; rdfs:label "arrival time" ; rdfs:range xsd:time .
ex:fare a owl:DatatypeProperty ; rdfs:label "fare" ; rdfs:range xsd:decimal ; kgc:unit "EUR" .
ex:c1 a ex:Crossing ; rdfs:label "morning crossing" ; ex:operator ex:harbourline ;
    ex:departs "07:40:00"^^xsd:time ; ex:arrives "09:10:00"^^xsd:time ; ex:fare 32 .
ex:c2 a ex:Crossing ; rdfs:label "evening crossing" ; ex:operator ex:coastline ;
    ex:departs "19:15:00"^^xsd:time ; ex:arrives "20:45:00"^^xsd:time ; ex:fare 41 .
"""


def check(checker: Checker, reply: str) -> list[str]:
    report = checker.check_turn(reply, DialogueState(session_id="t", now=NOW))
    return [f.content for f in report.flags if f.confidence >= 0.5]


def test_entities_holding_values_only_are_records(make_kb: Callable[[str], KnowledgeBase]) -> None:
    kb = make_kb(BOOKS)
    books = [URIRef("https://example.org/t#" + b) for b in ("harbour", "quiet", "winter")]
    assert are_records(kb, books)
    # a narrator who is a thing of the KB, with facts of its own: a link, read as a KB's
    linked = make_kb(
        BOOKS
        + 'ex:ana a owl:Thing ; rdfs:label "Ana" ; ex:publisher "x" .\n'
        + "ex:harbour ex:reads ex:ana .\n"
    )
    assert not are_records(linked, books)


def test_a_swapped_title_of_a_record_is_caught(make_checker: Callable[..., Checker]) -> None:
    checker = make_checker(BOOKS, nli={"model": "none"})
    said = "How about Quiet Rooms narrated by Ana Ruiz? It's from Fernleaf Press, 9.5 hours."
    assert any("Quiet Rooms" in f for f in check(checker, said))
    true = "How about The Long Harbour narrated by Ana Ruiz? It's from Fernleaf Press."
    assert check(checker, true) == []


def test_a_time_of_a_crossing_named_by_its_operator_is_checked(
    make_checker: Callable[..., Checker],
) -> None:
    # "Line" of "Harbour Lines" labels the operators, a closed set of values: the time is the
    # crossing's, which the sentence names
    checker = make_checker(FERRIES, nli={"model": "none"})
    assert check(checker, "There is a Harbour Lines ferry that leaves at 7:40 am local time.") == []
    assert check(checker, "There is a Harbour Lines ferry that leaves at 5:15 pm local time.") == [
        "5:15 pm"
    ]


TIERS = """
ex:Tier a owl:Class ; rdfs:label "loyalty tier" .
ex:pointsRequired a owl:DatatypeProperty ; rdfs:label "points required" ;
    rdfs:range xsd:integer .
ex:discount a owl:DatatypeProperty ; rdfs:label "discount" ; rdfs:range xsd:decimal ;
    kgc:unit "%" .
ex:counter a owl:DatatypeProperty ; rdfs:label "collection counter" ; rdfs:range xsd:string .
ex:bean a ex:Tier ; rdfs:label "Bean" ; ex:pointsRequired 0 ; ex:discount 0 ;
    ex:counter "Front Desk, Mill Street" .
ex:roast a ex:Tier ; rdfs:label "Roast" ; ex:pointsRequired 1000 ; ex:discount 5 ;
    ex:counter "Front Desk, Mill Street" .
ex:reserve a ex:Tier ; rdfs:label "Reserve" ; ex:pointsRequired 2500 ; ex:discount 10 ;
    ex:counter "Tasting Bar, Quay Lane" .
"""


def check_after(checker: Checker, user: str, reply: str) -> list[str]:
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", user)
    report = checker.check_turn(reply, state)
    return [f.content for f in report.flags if f.confidence >= 0.5]


def test_a_number_the_user_gave_is_theirs_and_a_sentence_naming_another_record_is_its_own(
    make_checker: Callable[..., Checker],
) -> None:
    checker = make_checker(TIERS, nli={"model": "none"})
    reply = (
        "With 1,200 points you're in the Roast tier, which gives you 5% off. "
        "You'd need 2,500 points to reach Reserve."
    )
    assert check_after(checker, "I've got 1,200 points. What tier am I?", reply) == []
    wrong = reply.replace("2,500", "3,000")
    assert check_after(checker, "I've got 1,200 points. What tier am I?", wrong) == ["3,000"]


def test_a_name_addressing_the_reader_and_a_value_said_by_its_first_part_are_no_values(
    make_checker: Callable[..., Checker],
) -> None:
    checker = make_checker(TIERS, nli={"model": "none"})
    reply = (
        "Of course, Marguerite. Reserve gives you 10% off, and you collect it at the Tasting Bar."
    )
    assert check(checker, reply) == []


FORECAST = """
ex:Forecast a owl:Class ; rdfs:label "forecast" .
ex:temperature a owl:DatatypeProperty ; rdfs:label "temperature" ; rdfs:range xsd:integer ;
    rdfs:comment "Temperature in Fahrenheit" .
ex:precipitation a owl:DatatypeProperty ; rdfs:label "precipitation" ; rdfs:range xsd:integer ;
    rdfs:comment "The possibility of rain or snow in percentage" ;
    kgc:lexicalForm "chance of rain" .
ex:day a owl:DatatypeProperty ; rdfs:label "date" ; rdfs:range xsd:date .
ex:today a ex:Forecast ; rdfs:label "forecast" ; ex:temperature 70 ; ex:precipitation 38 ;
    ex:day "2026-11-28"^^xsd:date .
"""


def test_the_one_record_holding_the_properties_a_reply_names_is_what_it_speaks_of(
    make_checker: Callable[..., Checker],
) -> None:
    # no thing named, but "the temperature" is a property only the one forecast holds
    checker = make_checker(FORECAST, nli={"model": "none"})
    said = "Today the temperature should be 70 degrees Fahrenheit with a {} percent chance of rain."
    assert check(checker, said.format(38)) == []
    assert check(checker, said.format(15)) == ["15 percent"]


def test_the_one_record_of_the_class_a_reply_names_is_read_as_the_one_row(
    make_checker: Callable[..., Checker],
) -> None:
    checker = make_checker(
        """
ex:Song a owl:Class ; rdfs:label "song" .
ex:artist a owl:DatatypeProperty ; rdfs:label "artist" ; rdfs:range xsd:string .
ex:album a owl:DatatypeProperty ; rdfs:label "album" ; rdfs:range xsd:string .
ex:ftl a ex:Song ; rdfs:label "First True Love" ; ex:artist "Kolohe Kai" ; ex:album "Love Town" .
""",
        nli={"model": "none"},
    )
    said = "I found 1 song. The song is titled First True Love by Kolohe Kai from the album {}."
    assert check(checker, said.format("Love Town")) == []
    assert check(checker, said.format("Kuntry")) == ["Kuntry"]
