"""``misstated_code``: an identifier stated almost as the KB or a tool result holds it (a blind
trial's car hire: "booking reference LCH-581372" for LCH-583172, "registration MA24 KRX" for
MA24 KXR, "Bristol BS1 6SQ" for BS1 6QS)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.tools import ToolResult
from tests.conftest import checker_over

DEPOTS = """
ex:Depot a owl:Class ; rdfs:label "depot" .
ex:postcode a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "postcode" ;
    rdfs:range xsd:string .
ex:code a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "depot code" ;
    rdfs:range xsd:string .
ex:bristol a ex:Depot ; rdfs:label "Bristol Temple Meads" ; ex:code "BRS01" ;
    ex:address [ ex:postcode "BS1 6QS" ] .
ex:leeds a ex:Depot ; rdfs:label "Leeds City Centre" ; ex:code "LDS01" ;
    ex:address [ ex:postcode "LS1 4DT" ] .
"""


@pytest.fixture(scope="module")
def depots(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    folder: Path = tmp_path_factory.mktemp("depots")
    return checker_over(folder, DEPOTS)


def _booked() -> DialogueState:
    state = DialogueState()
    state.add_turn("user", "Book me a van from Leeds on Friday.")
    state.add_call(
        ToolResult(
            "create_booking",
            {"booking_reference": "LCH-583172", "vehicle": {"registration": "MA24 KXR"}},
            arguments={"branch_code": "LDS01"},
        )
    )
    return state


@pytest.mark.parametrize(
    ("reply", "wrong", "right"),
    [
        ("Done! Your booking reference is LCH-581372.", "LCH-581372", "LCH-583172"),
        ("Your van, registration MA24 KRX, will be ready.", "MA24 KRX", "MA24 KXR"),
        # the sentence names another thing than the booking: no owner to read it against
        ("Leeds City Centre has booking LCH-581372 ready for you.", "LCH-581372", "LCH-583172"),
    ],
)
def test_a_code_a_tool_returned_stated_with_two_characters_swapped_is_corrected(
    depots: Checker, reply: str, wrong: str, right: str
) -> None:
    report = depots.check_turn(reply, _booked())
    # one flag (``misstated_value`` reads the owner's own codes too: the two are merged)
    (flag,) = report.flags
    assert (flag.content, flag.correction) == (wrong, right)
    assert report.text == reply.replace(wrong, right)


def test_a_near_miss_of_a_code_is_read_by_its_form_whoever_holds_it(
    tmp_path: Path,
) -> None:
    # without ``misstated_value``, which reads only the codes of the thing the sentence is about
    alone = checker_over(tmp_path, DEPOTS, detectors={"misstated_value": {"enabled": False}})
    report = alone.check_turn("Leeds City Centre has booking LCH-581372 ready.", _booked())
    assert [(f.detector, f.correction) for f in report.flags] == [("misstated_code", "LCH-583172")]


def test_a_postcode_held_by_an_address_node_is_read_as_the_depots(depots: Checker) -> None:
    report = depots.check_turn("It's at Cattle Market Road, Bristol BS1 6SQ.", DialogueState())
    (flag,) = [f for f in report.flags if f.detector == "misstated_code"]
    assert flag.correction == "BS1 6QS" and "Bristol Temple Meads" in flag.message


@pytest.mark.parametrize(
    "reply",
    [
        "Done! Your booking reference is LCH-583172.",  # as held
        "Your booking LCH-550918 is unchanged.",  # the user's own, said first
        "Take the M62 to junction 22.",  # a road, near no code
        "Bristol's depot code is BRS01 and Leeds's is LDS01.",
    ],
)
def test_a_code_as_held_said_first_by_the_user_or_near_none_is_not_flagged(
    depots: Checker, reply: str
) -> None:
    state = _booked()
    state.add_turn("user", "And my old booking LCH-550918?")
    report = depots.check_turn(reply, state)
    assert [f for f in report.flags if f.detector == "misstated_code"] == []


def test_a_tracking_number_of_digits_alone_is_a_code(depots: Checker, tmp_path: Path) -> None:
    # an electronics trial's parcel: "15501234567809" for the tracking number 15501234567890
    state = DialogueState()
    state.add_call(
        ToolResult("get_shipment", {"carrier": "DPD", "tracking_number": "15501234567890"})
    )
    alone = checker_over(tmp_path, DEPOTS, detectors={"mismatched_item": {"enabled": False}})
    report = alone.check_turn("Your DPD tracking number is 15501234567809.", state)
    assert [(f.detector, f.correction) for f in report.flags] == [
        ("misstated_code", "15501234567890")
    ]
    # a long amount of digits the reply states as a number is no code of anything
    assert depots.check_turn("That's 12345678901 in all.", DialogueState()).flags == []


LINES = """
ex:Line a owl:Class ; rdfs:label "helpline" .
ex:phone a owl:DatatypeProperty ; rdfs:label "telephone" ; rdfs:range xsd:string .
ex:lost a ex:Line ; rdfs:label "Lost Property Line" ; ex:phone "0161 496 0855" .
ex:tickets a ex:Line ; rdfs:label "Ticket Office" ; ex:phone "0161 496 0123" .
ex:abroad a ex:Line ; rdfs:label "International Line" ; ex:phone "+44 161 496 0710" .
"""


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        # a transit operator's helplines: a digit changed, two swapped, either way written
        ("You can report it any time on 0161 496 0858.", "0161 496 0855"),
        ("From abroad, call us on +44 161 496 0170.", "+44 161 496 0710"),
        ("From abroad, call us on 0161 496 0170.", "+44 161 496 0710"),
    ],
)
def test_a_telephone_number_a_digit_off_one_the_kb_holds_is_corrected(
    tmp_path: Path, reply: str, fixed: str
) -> None:
    checker = checker_over(tmp_path, LINES)
    report = checker.check_turn(reply, DialogueState(session_id="t"))
    assert [f.correction for f in report.flags if f.detector == "misstated_code"] == [fixed]


def test_a_telephone_number_the_kb_holds_or_the_user_gave_is_not_flagged(tmp_path: Path) -> None:
    checker = checker_over(tmp_path, LINES)
    state = DialogueState(session_id="t")
    state.add_turn("user", "My number is 0161 496 0856, can you call me back?")
    for reply in ("Lost property is on 0161 496 0855.", "We'll call you on 0161 496 0856."):
        report = checker.check_turn(reply, state)
        assert [f for f in report.flags if f.detector == "misstated_code"] == []
