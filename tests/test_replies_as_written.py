"""True replies that were made false, each in a domain of its own: an afternoon class said
"from 1:30 to 4 pm", a stay "from Sunday 14 to Friday 19 February", money going out said by its
size, a shop named by its web address, what happened to a thing said in other words, and a
rate whose sentence names another thing with rates before it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.types import FlagType
from kgcheck.values.temporal_parse import TemporalParser
from tests.conftest import checker_over

NOW = "2026-03-11T10:30:00+00:00"


def test_a_bare_start_of_a_range_takes_the_ends_pm() -> None:
    # a pottery class "from 1:30 to 4 pm" starts at 13:30; "from 10:30 to 1 pm" at 10:30
    (afternoon,) = TemporalParser().parse("The class runs from 1:30 to 4 pm.")
    assert [(p.hour, p.minute) for p in afternoon.parts] == [(13, 30), (16, None)]
    (midday,) = TemporalParser().parse("The class runs from 10:30 to 1 pm.")
    assert [p.hour for p in midday.parts] == [10, 13]


def test_a_weekday_and_day_opening_a_range_takes_the_ends_month() -> None:
    # a holiday let "from Sunday 14 to Friday 19 February": one range, both ends in February
    (stay,) = TemporalParser().parse("Your stay runs from Sunday 14 to Friday 19 February.")
    assert [(p.weekday, p.day, p.month) for p in stay.parts] == [(6, 14, 2), (4, 19, 2)]
    # "Sunday 3 - 5 pm" is a Sunday and a time, not the 3rd
    assert [p.day for p in TemporalParser().parse("Sunday 3 - 5 pm")] == [None, None]


PAYMENTS = [
    {"date": "2026-03-10", "payee": "GREENGROCER 18 HIGH ST", "amount": -23.40, "currency": "GBP"},
    {"date": "2026-03-09", "payee": "CITY WATER", "amount": -41.00, "currency": "GBP"},
    {"date": "2026-03-05", "payee": "SPOTIFY.COM", "amount": -11.99, "currency": "GBP"},
    {"date": "2026-03-06", "payee": "PAYROLL LTD", "amount": 1980.00, "currency": "GBP"},
]


@pytest.fixture(scope="module")
def plain() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}}))


def payments(checker: Checker, reply: str) -> tuple[str, list[tuple[str, str]]]:
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "What's gone out of my account this month?")
    state.add_tool_result("get_payments", PAYMENTS, arguments={"from": "2026-03-01"})
    report = checker.check_turn(reply, state)
    return report.text, [(f.detector, f.content) for f in report.flags if f.confidence >= 0.5]


def test_money_going_out_is_said_by_its_size(plain: Checker) -> None:
    reply = (
        "Yesterday you spent £23.40 at the greengrocer, and on Monday £41.00 went to City "
        "Water. Your pay of £1,980.00 came in last Friday."
    )
    assert payments(plain, reply) == (reply, [])


def test_a_wrong_amount_going_out_is_still_corrected(plain: Checker) -> None:
    reply = "On Monday £14.00 went to City Water, and yesterday you spent £23.40."
    text, flags = payments(plain, reply)
    assert [content for _, content in flags] == ["£14.00"]
    assert text == reply.replace("£14.00", "£41.00")


def test_a_payee_named_by_its_web_address_exists(plain: Checker) -> None:
    reply = "Spotify took £11.99 on 5 March."
    assert payments(plain, reply) == (reply, [])


def test_what_happened_to_a_thing_said_in_other_words_is_no_other_value(plain: Checker) -> None:
    # a phone repair desk: the user's "my screen's cracked" is the repair's "damaged"
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "My screen's cracked right across. Can you fix it?")
    state.add_tool_result(
        "book_repair", {"reference": "RP-5531", "fee": 0}, arguments={"reason": "damaged"}
    )
    reply = "Booked in. As your screen was damaged, there's no fee. Your reference is RP-5531."
    report = plain.check_turn(reply, state)
    assert report.text == reply
    assert [f for f in report.flags if f.type == FlagType.CONTRADICTS_PRIOR] == []


SAVINGS = """
ex:Saver a owl:Class ; rdfs:label "savings account" .
ex:Reference a owl:Class ; rdfs:label "reference rate" .
ex:initialRate a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "initial rate" ;
    rdfs:domain ex:Saver ; kgc:unit "%" ; kgc:lexicalForm "rate", "be at" .
ex:rateValue a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "rate" ;
    rdfs:domain ex:Reference ; kgc:unit "%" .
ex:margin a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "margin over Base Rate" ;
    rdfs:domain ex:Saver ; kgc:unit "%" .
ex:tracker a ex:Saver ; rdfs:label "Tracker Saver" ; ex:initialRate 4.75 ; ex:margin 0.25 .
ex:base a ex:Reference ; rdfs:label "Base Rate" ; ex:rateValue 4.5 .
"""


def test_a_rate_said_of_another_thing_the_sentence_names_is_not_corrected(tmp_path: Path) -> None:
    # "with Base Rate at 4.5%": the rate is Base Rate's, not the saver's
    checker = checker_over(tmp_path, SAVINGS)
    reply = (
        "The Tracker Saver follows Base Rate plus 0.25%, so with Base Rate at 4.5% you'd "
        "currently earn 4.75%."
    )
    report = checker.check_turn(reply, DialogueState(session_id="t", now=NOW))
    assert report.text == reply
    # "with Base Rate at 4.5%" is Base Rate's own rate, not a wrong rate of the saver
    assert [f.content for f in report.flags if "4.5%" in f.content] == []


RETURNS = """
ex:Policy a owl:Class ; rdfs:label "policy" .
ex:window a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "report window" ;
    rdfs:domain ex:Policy ; rdfs:range xsd:duration ;
    kgc:lexicalForm "report within", "report window" .
ex:refundDays a owl:DatatypeProperty, owl:FunctionalProperty ;
    rdfs:label "refund processing time" ; rdfs:domain ex:Policy ; rdfs:range xsd:integer ;
    kgc:unit "day" .
ex:method a owl:DatatypeProperty ; rdfs:label "refund method" ; rdfs:domain ex:Policy ;
    rdfs:range xsd:string .
ex:promise a ex:Policy ; rdfs:label "Returns Promise" ; ex:window "P3D"^^xsd:duration ;
    ex:refundDays 5 ; ex:method "original payment method" .
ex:missing a ex:Policy ; rdfs:label "Missing Items Policy" ; ex:window "P2D"^^xsd:duration ;
    ex:refundDays 3 ; ex:method "account credit" .
"""


def test_a_length_of_time_held_as_a_duration_is_a_value_of_a_measure(tmp_path: Path) -> None:
    # a shop's returns: "3 days" is the report window (P3D), not a wrong refund time (5 days)
    checker = checker_over(tmp_path, RETURNS)
    reply = (
        "Under our Returns Promise you have 3 days from delivery to tell us, and the refund "
        "goes back to your original payment method within 5 working days."
    )
    report = checker.check_turn(reply, DialogueState(session_id="t", now=NOW))
    assert report.text == reply
    assert [f.content for f in report.flags if f.confidence >= 0.5] == []
