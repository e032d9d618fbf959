"""misstated_value: a near miss of a string value the KB holds for the entity it is stated of,
on a town guide written without lexical forms (an address is only labelled "address")."""

from __future__ import annotations

from typing import Any

import pytest

from kgcheck import Checker, DialogueState
from tests.conftest import checker_over

TOWN = """
ex:Place a owl:Class ; rdfs:label "place" .
ex:address a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "address" ;
    rdfs:range xsd:string .
ex:phone a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "phone number" ;
    rdfs:range xsd:string .
ex:room a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "room" ;
    rdfs:range xsd:string .
ex:pfc a ex:Place ; rdfs:label "P.F. Changs" ; ex:address "669 El Camino Real" .
ex:crumbs a ex:Place ; rdfs:label "Crumbs" ; ex:address "4 Mill Lane" ;
    ex:phone "555 0100" .
ex:ferry a ex:Place ; rdfs:label "Harbour Ferry Terminal" ; ex:address "12 Quay Avenue" ;
    ex:room "Room 4" .
"""


@pytest.fixture(scope="module")
def checker(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return checker_over(tmp_path_factory.mktemp("town"), TOWN)


def misstated(checker: Checker, reply: str) -> list[Any]:
    report = checker.check_turn(reply, DialogueState())
    return [f for f in report.flags if f.detector == "misstated_value"]


@pytest.mark.parametrize(
    ("reply", "stated", "fixed"),
    [
        (
            "PF Changs is 3 miles away at 667 El Camino Real.",
            "667 El Camino Real",
            "PF Changs is 3 miles away at 669 El Camino Real.",
        ),
        (
            "Crumbs at 4 Mill Road is the closest.",
            "4 Mill Road",
            "Crumbs at 4 Mill Lane is the closest.",
        ),
        # the value's owner is named after it when nothing comes before
        (
            "At 12 Quay Street you will find Harbour Ferry Terminal.",
            "12 Quay Street",
            "At 12 Quay Avenue you will find Harbour Ferry Terminal.",
        ),
        # an identifier written with digits, a digit or two off (a blind trial's booking
        # reference, phone number and registration went unflagged: "all digits")
        ("Crumbs: call 555 0199 after 9.", "555 0199", "Crumbs: call 555 0100 after 9."),
        ("You can reach Crumbs on 555 0010.", "555 0010", "You can reach Crumbs on 555 0100."),
    ],
)
def test_misstated_value_one_word_off_the_entitys_own_is_corrected(
    checker: Checker, reply: str, stated: str, fixed: str
) -> None:
    report = checker.check_turn(reply, DialogueState())
    # one flag: a street address in its form is also read by ``swapped_value``, and the two
    # detectors' flags on one stretch are one
    (flag,) = [f for f in report.flags if f.detector in {"misstated_value", "swapped_value"}]
    assert flag.content == stated
    assert report.text == fixed


@pytest.mark.parametrize(
    "reply",
    [
        "PF Changs is 3 miles away at 669 El Camino Real.",
        # street words written either way
        "The terminal, Harbour Ferry Terminal, is at 12 Quay Ave.",
        "Crumbs is at 4 Mill Ln, call 555 0100.",
        # a number three or more digits off is another number, not a slip of this one
        "Crumbs: call 555 4321 after 9.",
        # two words off is another address, not a misstatement of this one
        "Crumbs is near 9 Mill Road.",
        # the stretch is about another entity named nearer it
        "Crumbs is next to P.F. Changs at 669 El Camino Real.",
        # a room of another building
        "Harbour Ferry Terminal staff meet in Room 5 of the town hall.",
    ],
)
def test_misstated_value_silent_on_the_value_itself_and_on_other_values(
    checker: Checker, reply: str
) -> None:
    assert misstated(checker, reply) == []
