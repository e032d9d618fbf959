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
    # the flag covers the pairing (the name and another's address), the correction the address
    reply = "Setting route to Pizza My Heart at 611 Ames Avenue now."
    assert flag.content == "Pizza My Heart at 611 Ames Avenue" and flag.correction == "528 Anton Ct"
    assert flag.correction_span is not None
    assert reply[flag.correction_span.start : flag.correction_span.end] == "611 Ames Avenue"
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


# Values the KB does not hold, read by their form: SGD's hotels and salons, restated after the
# assistant named one ("Their phone number is ...", "It's at ...").
HOTELS = """
ex:Hotel a owl:Class ; rdfs:label "hotel" .
ex:phone a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "phone number" ;
    rdfs:range xsd:string .
ex:street a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "street address" ;
    rdfs:range xsd:string .
ex:bisha a ex:Hotel ; rdfs:label "Bisha Hotel Toronto" ; ex:phone "+1 416-551-2800" ;
    ex:street "80 Blue Jays Way" .
ex:bond a ex:Hotel ; rdfs:label "Bond Place Hotel Toronto" ; ex:phone "+1 800-268-9390" ;
    ex:street "65 Dundas Street East" .
"""


@pytest.fixture(scope="module")
def hotels(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return checker_over(tmp_path_factory.mktemp("hotels"), HOTELS)


def _after_bisha(hotels: Checker) -> DialogueState:
    state = DialogueState()
    state.add_turn("user", "Find me a hotel in Toronto.")
    hotels.check_turn("Bisha Hotel Toronto is a 4 star hotel.", state)
    state.add_turn("assistant", "Bisha Hotel Toronto is a 4 star hotel.")
    state.add_turn("user", "What's their phone number and address?")
    return state


@pytest.mark.parametrize(
    ("reply", "wrong", "right"),
    [
        ("Their phone number is 650-522-9698.", "650-522-9698", "+1 416-551-2800"),
        ("You can call them at +1 800-268-9390.", "+1 800-268-9390", "+1 416-551-2800"),
        ("It's at 12 Elm Drive.", "12 Elm Drive", "80 Blue Jays Way"),
        ("Bisha Hotel Toronto is at 1630 Dundas Street East.", "1630 Dundas Street East", None),
    ],
)
def test_a_phone_number_or_street_address_the_kb_does_not_hold_is_read_by_its_form(
    hotels: Checker, reply: str, wrong: str, right: str | None
) -> None:
    (flag,) = swapped(hotels, reply, _after_bisha(hotels))
    assert flag.content == wrong
    assert flag.correction == (right or "80 Blue Jays Way")


@pytest.mark.parametrize(
    "reply",
    [
        "Their phone number is 416-551-2800.",  # without its country code
        "Their number is (416) 551-2800 and they're at 80 Blue Jays Way, Toronto.",
        "Bisha Hotel Toronto is a 4 Star hotel at 80 Blue Jays Way.",
        "Check-in is at 3 PM and they are 2 Blocks from the stadium.",
    ],
)
def test_the_value_as_held_in_another_form_and_what_is_no_such_value_are_not_flagged(
    hotels: Checker, reply: str
) -> None:
    assert swapped(hotels, reply, _after_bisha(hotels)) == []


@pytest.mark.parametrize(
    "reply",
    [
        "Try 528 Anton Ct or 611 Ames Ave; Valero is at 611 Ames Ave.",
        "Drive to 528 Anton Ct, not 611 Ames Ave, which is Valero.",
        "For pizza go to 528 Anton Ct – Valero is at 611 Ames Ave.",
    ],
)
def test_swapped_value_silent_where_the_sentence_states_the_holders_own_value_too(
    checker: Checker, reply: str
) -> None:
    """The marina trial's "go for C14 or C16 – D3 has no shore power" (three berths of a search)
    was rewritten "go for D3 or D3 D3 has ...": a sentence that states the holder's own value
    beside another lists several things' values; none of them is swapped."""
    report = checker.check_turn(reply, DialogueState())
    assert report.text == reply
    assert swapped(checker, reply) == []
