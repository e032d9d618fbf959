"""``misstated_list``: a list of values stated of entries the reply names together, read
against the one property that links those entries to the values (KVRET: "three yoga activities
... one with Alex, your mother, and your aunt")."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.types import FlagType
from tests.conftest import checker_over

CALENDAR = """
ex:Event a owl:Class ; rdfs:label "event" .
ex:Person a owl:Class ; rdfs:label "person" .
ex:party a owl:ObjectProperty ; rdfs:label "party" ; rdfs:domain ex:Event ;
    rdfs:range ex:Person .
ex:date a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "date" ;
    rdfs:range xsd:date .
ex:alex a ex:Person ; rdfs:label "Alex" .
ex:mother a ex:Person ; rdfs:label "mother" .
ex:aunt a ex:Person ; rdfs:label "aunt" .
ex:sister a ex:Person ; rdfs:label "sister" .
ex:y1 a ex:Event ; rdfs:label "yoga activity" ; ex:party ex:alex ; ex:date "2026-12-20"^^xsd:date .
ex:y2 a ex:Event ; rdfs:label "yoga activity" ; ex:party ex:mother ;
    ex:date "2026-12-11"^^xsd:date .
ex:y3 a ex:Event ; rdfs:label "yoga activity" ; ex:party ex:aunt ; ex:date "2026-12-14"^^xsd:date .
ex:d1 a ex:Event ; rdfs:label "dinner" ; ex:party ex:sister ; ex:date "2026-12-07"^^xsd:date .
ex:tom a ex:Person ; rdfs:label "Tom" .
ex:d2 a ex:Event ; rdfs:label "dinner" ; ex:party ex:tom ; ex:date "2026-12-08"^^xsd:date .
"""


@pytest.fixture(scope="module")
def calendar(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    folder: Path = tmp_path_factory.mktemp("list")
    return checker_over(folder, CALENDAR)


def _flags(checker: Checker, reply: str) -> tuple[str, list[tuple[FlagType, str]]]:
    report = checker.check_turn(reply, DialogueState(session_id="list"))
    return report.text, [(f.type, f.content) for f in report.flags if f.confidence >= 0.5]


def test_a_listed_value_none_of_the_entries_holds_is_corrected_to_the_unlisted_one(
    calendar: Checker,
) -> None:
    reply = "You have three yoga activities scheduled. One with Alex, your sister, and your aunt."
    text, flags = _flags(calendar, reply)
    assert flags == [(FlagType.WRONG_ATTRIBUTE, "sister")]
    assert text == reply.replace("sister", "mother")


@pytest.mark.parametrize(
    "reply",
    [
        "You have three yoga activities scheduled. One with Alex, your mother, and your aunt.",
        "Your yoga activities are with your aunt, Alex and your mother.",
        # listed twice: which of the two is wrong, the list does not say
        "You have three yoga activities scheduled. One with Alex, Alex, and your aunt.",
        # asked, not stated
        "Are your yoga activities with Alex, your sister and your aunt?",
    ],
)
def test_lists_that_state_nothing_wrong_or_cannot_say_what_are_left_alone(
    calendar: Checker, reply: str
) -> None:
    assert _flags(calendar, reply) == (reply, [])


def test_two_wrong_values_are_flagged_without_a_correction(calendar: Checker) -> None:
    reply = "Your yoga activities are with Tom, your sister and your aunt."
    text, flags = _flags(calendar, reply)
    assert flags == [(FlagType.WRONG_ATTRIBUTE, "Tom"), (FlagType.WRONG_ATTRIBUTE, "sister")]
    assert text == reply
