"""swapped_value: a string value the KB holds for one thing, stated of another."""

from __future__ import annotations

from typing import Any

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from tests.conftest import PREFIXES, checker_over

PLACES = """
ex:Place a owl:Class ; rdfs:label "place" .
ex:address a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "address" ;
    rdfs:range xsd:string ; kgc:lexicalForm "address" , "be located at" .
ex:heart a ex:Place ; rdfs:label "Pizza My Heart" ; ex:address "528 Anton Ct" .
ex:valero a ex:Place ; rdfs:label "Valero" ; ex:address "611 Ames Ave" .
"""


@pytest.fixture(scope="module")
def checker(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return checker_over(tmp_path_factory.mktemp("places"), PLACES)


def swapped(checker: Checker, reply: str, state: DialogueState | None = None) -> list[Any]:
    report = checker.check_turn(reply, state or DialogueState())
    return [f for f in report.flags if f.detector == "swapped_value"]


def test_swapped_value_another_places_address_is_corrected(checker: Checker) -> None:
    report = checker.check_turn("Setting route to Pizza My Heart at 611 Ames Avenue now.")
    (flag,) = [f for f in report.flags if f.detector == "swapped_value"]
    assert flag.content == "611 Ames Avenue" and flag.correction == "528 Anton Ct"
    assert "Valero's address" in flag.message
    assert report.text == "Setting route to Pizza My Heart at 528 Anton Ct now."


@pytest.mark.parametrize(
    "reply",
    [
        "Setting route to Pizza My Heart at 528 Anton Court now.",
        "Valero, 611 Ames Ave, is 3 miles away.",
        # the sentence names someone the KB does not know: not about a KB place
        "Your friend Jill lives at 611 Ames Ave.",
    ],
)
def test_swapped_value_silent_when_the_value_is_the_entitys_own(
    checker: Checker, reply: str
) -> None:
    assert swapped(checker, reply) == []


def test_swapped_value_takes_the_conversations_entity_when_the_sentence_names_none(
    checker: Checker,
) -> None:
    state = DialogueState()
    state.add_turn("user", "Take me to Pizza My Heart.")
    (flag,) = swapped(checker, "It is at 611 Ames Ave.", state)
    assert flag.correction == "528 Anton Ct"


def test_swapped_value_entity_described_by_its_kind_owns_the_value(tmp_path: Any) -> None:
    # the sentence names no place but describes one by a value of its own: its kind
    path = tmp_path / "kb.ttl"
    path.write_text(
        PREFIXES
        + PLACES
        + """
ex:kind a owl:DatatypeProperty ; rdfs:label "kind of place" ; rdfs:range xsd:string .
ex:heart ex:kind "pizza restaurant" .
ex:valero ex:kind "gas station" .
""",
        encoding="utf-8",
    )
    checker = Checker(
        config_from_dict({"knowledge_base": {"sources": [str(path)]}, "nli": {"model": "none"}})
    )
    report = checker.check_turn("Yes, the pizza restaurant is at 611 Ames Ave.", DialogueState())
    (flag,) = [f for f in report.flags if f.detector == "swapped_value"]
    assert flag.correction == "528 Anton Ct"
    assert swapped(checker, "Yes, the gas station is at 611 Ames Ave.") == []
    # words that are a value but no description ("with heavy traffic") say nothing
    assert swapped(checker, "Expect heavy traffic at 611 Ames Ave.") == []


def test_swapped_value_silent_on_a_place_named_by_its_own_address(tmp_path: Any) -> None:
    # a navigation table names a friend's place by its address; "5677 Springer Street" is
    # that place, not a value stated of the other "5677 ..." place the conversation is about
    path = tmp_path / "kb.ttl"
    path.write_text(
        PREFIXES
        + PLACES
        + """
ex:springer a ex:Place ; rdfs:label "5677 springer street" ; ex:address "5677 springer street" .
ex:fourth a ex:Place ; rdfs:label "5677 southwest 4th street" ;
    ex:address "5677 southwest 4th street" .
""",
        encoding="utf-8",
    )
    checker = Checker(
        config_from_dict({"knowledge_base": {"sources": [str(path)]}, "nli": {"model": "none"}})
    )
    state = DialogueState()
    state.add_turn("assistant", "5677 southwest 4th street is 4 miles away.")
    assert swapped(checker, "5677 Springer Street is 2 miles away.", state) == []
    (flag,) = swapped(checker, "5677 Springer Street is at 611 Ames Ave.", state)
    assert flag.correction == "5677 springer street"
