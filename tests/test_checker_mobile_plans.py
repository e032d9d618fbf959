"""Reading replies as assistants write them (issue 35), in a domain of its own: a mobile
network's plans and add-ons, named with a quantity and its unit ("Top Up 10GB"), amounts of data
in gigabytes, and faults with a state. Each test is named after what broke in a blind trial."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import checker_over

NOW = "2026-11-30T10:00:00+00:00"
BODY = """
ex:Plan a owl:Class ; rdfs:label "plan" .
ex:AddOn a owl:Class ; rdfs:label "add-on" .
ex:Fault a owl:Class ; rdfs:label "fault" .
ex:FaultState a owl:Class ; rdfs:label "fault state" ; kgc:closedWorld true .
ex:allowance a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "data allowance" ;
    rdfs:domain ex:Plan ; rdfs:range xsd:decimal ; kgc:unit "GB" .
ex:quota a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "download quota" ;
    rdfs:domain ex:AddOn ; rdfs:range xsd:decimal .
ex:price a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "price" ;
    rdfs:range xsd:decimal ; kgc:unit "GBP" .
ex:state a owl:ObjectProperty, owl:FunctionalProperty ; rdfs:label "fault state" ;
    rdfs:domain ex:Fault ; rdfs:range ex:FaultState ; kgc:lexicalForm "status" .
ex:open a ex:FaultState ; rdfs:label "open" ; skos:altLabel "being worked on" .
ex:cleared a ex:FaultState ; rdfs:label "cleared" ; skos:altLabel "fixed" .
ex:nimbus a ex:Plan ; rdfs:label "Nimbus Max" ; ex:allowance 60 ; ex:price 22.00 .
ex:topup a ex:AddOn ; rdfs:label "Top Up 10GB" ; ex:quota 10 ; ex:price 6.00 .
ex:fault a ex:Fault ; rdfs:label "F-2231" ; ex:state ex:open .
ex:fault3 a ex:Fault ; rdfs:label "F-2250" ; ex:state ex:open ;
    ex:began "2026-11-20T09:00:00Z"^^xsd:dateTime ; ex:fixBy "2026-11-20T13:00:00Z"^^xsd:dateTime .
ex:fault2 a ex:Fault ; rdfs:label "F-2240" ; ex:state ex:cleared ;
    ex:began "2026-11-24T07:15:00Z"^^xsd:dateTime ; ex:fixBy "2026-11-24T10:00:00Z"^^xsd:dateTime .
ex:began a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "start time" ;
    rdfs:domain ex:Fault ; rdfs:range xsd:dateTime ; kgc:lexicalForm "begin" , "start" .
ex:fixBy a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "expected fix" ;
    rdfs:domain ex:Fault ; rdfs:range xsd:dateTime .
ex:Pass a owl:Class ; rdfs:label "roaming pass" ; kgc:closedWorld true .
ex:term a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "contract length" ;
    rdfs:domain ex:Plan ; rdfs:range xsd:duration ; kgc:lexicalForm "contract" .
ex:validity a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "validity" ;
    rdfs:domain ex:Pass ; rdfs:range xsd:duration ; kgc:lexicalForm "last" , "be valid for" .
ex:Country a owl:Class ; rdfs:label "country" .
ex:Zone a owl:Class ; rdfs:label "roaming zone" ; kgc:closedWorld true .
ex:inZone a owl:ObjectProperty, owl:FunctionalProperty ; rdfs:label "roaming zone" ;
    rdfs:domain ex:Country ; rdfs:range ex:Zone ; kgc:lexicalForm "be in" .
ex:covers a owl:ObjectProperty, owl:FunctionalProperty ; rdfs:label "covers" ;
    rdfs:domain ex:Pass ; rdfs:range ex:Zone ; kgc:lexicalForm "cover" .
ex:zone1 a ex:Zone ; rdfs:label "Zone 1" .
ex:zone2 a ex:Zone ; rdfs:label "Zone 2" .
ex:portugal a ex:Country ; rdfs:label "Portugal" ; ex:inZone ex:zone1 .
ex:germany a ex:Country ; rdfs:label "Germany" ; ex:inZone ex:zone1 .
ex:dayPass ex:covers ex:zone1 .
ex:dayPass a ex:Pass ; rdfs:label "Roam Day Pass" ; ex:validity "P1D"^^xsd:duration ;
    ex:price 2.50 .
"""


@pytest.fixture(scope="module")
def mobile(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    folder: Path = tmp_path_factory.mktemp("mobile")
    return checker_over(folder, BODY, now=NOW)


def check(checker: Checker, reply: str) -> TurnReport:
    return checker.check_turn(reply, DialogueState(session_id="t", now=NOW))


def test_an_amount_of_data_against_a_property_with_no_unit_is_read_not_a_failure(
    mobile: Checker,
) -> None:
    # Regression: "10 GB" met a property with no unit and the anchoring raised KeyError 'data'
    reply = "The Top Up 10GB add-on has a download quota of 10 GB."
    report = check(mobile, reply)
    assert report.errors == []
    assert report.text == reply


def test_a_name_ending_in_a_number_and_its_unit_is_linked_whole(mobile: Checker) -> None:
    # Regression: "Data Boost 5GB" was read as "Data Boost" and a 5GB of the plan named before
    # it, which was "corrected" to the plan's 50GB
    reply = "That's your Nimbus Max plan at £22 plus the £6 Top Up 10GB you added."
    report = check(mobile, reply)
    assert report.text == reply
    assert [f.content for f in report.flags if f.confidence >= 0.5] == []
    assert "Top Up 10GB" in [
        reply[m.span.start : m.span.end] for m in report.analysis.mentions if m.iri
    ]


@pytest.mark.parametrize(
    "reply",
    [
        "Our engineers expect to have F-2231 fixed by 4pm today.",
        "F-2231 should be fixed by this evening.",
        "We hope F-2231 will be fixed tomorrow.",
    ],
)
def test_a_state_expected_later_is_not_the_state_now(mobile: Checker, reply: str) -> None:
    # Regression: "expect to have it fixed by 4pm" was read as the fault's state now and
    # rewritten to "being worked on"
    report = check(mobile, reply)
    assert report.text == reply
    assert [f.content for f in report.flags if f.confidence >= 0.5] == []


def test_a_state_said_as_it_is_now_is_still_checked(mobile: Checker) -> None:
    report = check(mobile, "F-2231 is fixed now.")
    # another fault's state said of F-2231: the flag covers the name and the state
    assert [f.content for f in report.flags if f.confidence >= 0.5] == ["F-2231 is fixed"]


def test_the_days_a_sum_is_taken_over_are_no_value_of_the_thing_named_next(
    mobile: Checker,
) -> None:
    # Regression (blind trial): "£7.50 for three days on the Europe Day Pass" on a bill was read
    # as a pass that lasts three days and "corrected" to "1 day"; said as the pass's length, a
    # wrong number of days is still caught
    reply = (
        "Your bill comes to £29.50: £22 for Nimbus Max and £7.50 for three days on the Roam "
        "Day Pass."
    )
    report = check(mobile, reply)
    assert report.text == reply
    assert "three days" not in [f.content for f in report.flags if f.confidence >= 0.5]
    lasting = check(mobile, "The Roam Day Pass lasts three days.")
    assert [f.content for f in lasting.flags if f.confidence >= 0.5] == ["three days"]


FAULT_LOOKUP = {
    "reference": "F-9001",
    "area": "Leeds city centre",
    "started": "2026-11-29T18:40:00+00:00",
    "estimated_fix": "2026-11-30T16:00:00+00:00",
}


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("The fault began at 6:40pm yesterday, and we hope to have it sorted by 4pm today.", []),
        (
            "The fault began at 8:40pm yesterday, and we hope to have it sorted by 4pm today.",
            ["8:40pm yesterday"],
        ),
    ],
)
def test_a_time_said_of_no_name_is_of_the_rows_the_reply_answers_about(
    mobile: Checker, reply: str, flagged: list[str]
) -> None:
    # Regression: after a look-up of the customer's fault, "the fault began at ..." was read
    # against the KB's other faults (or the row, as the hash seed had it), and a true reply
    # lost its sentence
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "My data stopped working last night. I'm in LS2.")
    state.add_tool_result("check_faults", [FAULT_LOOKUP], arguments={"postcode": "LS2 7HY"})
    report = mobile.check_turn(reply, state)
    assert report.text == reply
    assert [f.content for f in report.flags if f.confidence >= 0.5] == flagged


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Portugal is in Zone 1, so the Roam Day Pass covers it.", []),
        ("The Roam Day Pass covers Portugal.", []),
        ("Germany and Portugal are in Zone 1, so one Roam Day Pass covers you in both.", []),
        ("The Roam Day Pass covers Zone 2.", ["Zone 2"]),
    ],
)
def test_what_is_in_the_value_and_the_person_addressed_are_no_wrong_value(
    mobile: Checker, reply: str, flagged: list[str]
) -> None:
    # Regression: "covers you" and "covers it" (it: Portugal, which is in the zone the pass
    # covers) were flagged as wrong zones ("Not you: Europe Day Pass covers Zone 1.")
    report = check(mobile, reply)
    assert report.text == reply if not flagged else True
    assert [f.content for f in report.flags if f.confidence >= 0.5] == flagged


@pytest.mark.parametrize(
    ("reply", "text"),
    [
        (
            "This month it's £22 for Nimbus Max and £2.50 for the Roam Day Pass.",
            "This month it's £22 for Nimbus Max and £2.50 for the Roam Day Pass.",
        ),
        (
            "This month it's £25 for Nimbus Max and £2.50 for the Roam Day Pass.",
            "This month it's £22 for Nimbus Max and £2.50 for the Roam Day Pass.",
        ),
    ],
)
def test_an_amount_for_a_named_thing_is_that_things_value(
    mobile: Checker, reply: str, text: str
) -> None:
    # Regression: "£22 for Nimbus Max" was read as the price of the pass named later in the
    # sentence (the plan holds no date, so "for Nimbus Max" was read as what links to it) and
    # "corrected" to £2.50
    assert check(mobile, reply).text == text
