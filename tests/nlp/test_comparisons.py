"""A superlative after a verb of having compares a thing with others: it states no value of a
property whose values are things named by their names (the campsites trial's "Oakhollow Woods
Park has the longest season of our parks: ..." was read as a facility and rewritten)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from tests.conftest import acted, checker_over

PARKS = """
ex:Park a owl:Class ; rdfs:label "park" .
ex:Facility a owl:Class ; rdfs:label "facility" .
ex:hasFacility a owl:ObjectProperty ; rdfs:label "facility" ; rdfs:domain ex:Park ;
    rdfs:range ex:Facility ; kgc:lexicalForm "have" ; kgc:complete true .
ex:sauna a ex:Facility ; rdfs:label "sauna" .
ex:bikeHire a ex:Facility ; rdfs:label "bike hire" .
ex:pool a ex:Facility ; rdfs:label "indoor pool" .
ex:elmwood a ex:Park ; rdfs:label "Elmwood Lakes Park" ; ex:hasFacility ex:sauna , ex:bikeHire .
ex:brook a ex:Park ; rdfs:label "Brook Valley Park" ; ex:hasFacility ex:pool .
"""


@pytest.fixture(scope="module")
def parks(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    return checker_over(Path(tmp_path_factory.mktemp("parks")), PARKS)


@pytest.mark.parametrize(
    "reply",
    [
        "Elmwood Lakes Park has the longest season of our parks.",
        "Elmwood Lakes Park has the best views of the lake.",
        "Brook Valley Park has the most pitches of all.",
    ],
)
def test_a_superlative_after_have_is_no_value(parks: Checker, reply: str) -> None:
    report = parks.check_turn(reply, DialogueState())
    assert (report.text, acted(report)) == (reply, [])


def test_a_thing_a_park_does_not_have_is_still_found(parks: Checker) -> None:
    assert acted(parks.check_turn("Elmwood Lakes Park has an indoor pool.", DialogueState()))
