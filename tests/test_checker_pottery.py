"""Reading what a word, a noun or a result says a value is of (issue 35), in a domain of its
own: a pottery studio (``tests/fixtures/pottery``) priced in pounds, with courses that have a
class size, an age range and a sibling discount, policies with a transfer fee, a deposit and a
refund window, and a supplier with her own telephone. Each test is named after what two new
blind trials (kennels, venue) and the bakery broke: a policy's value said with no name of it
("Transferring to another date is $25"), an age without its unit, a deposit read as a
discount, hours read as an opening date, the speaker's own address taken for a swap, a second
clause's subject taken for a second manager, "a Shih Tzu" taken for an unknown someone and a
call's total read as a row's amount. A true reply comes out as it went in; a wrong value is
found."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from kgcheck.values.temporal import TemporalRecognizer
from tests.conftest import FIXTURES, acted

POTTERY = FIXTURES / "pottery" / "kgcheck.yaml"
NOW = "2026-12-02T10:00:00+00:00"  # a Wednesday


@pytest.fixture(scope="module")
def pottery() -> Checker:
    return Checker.from_config(POTTERY)


def check(
    checker: Checker,
    reply: str,
    *,
    user: str | None = None,
    tool: tuple[str, Any] | None = None,
) -> TurnReport:
    state = DialogueState(session_id="t", now=NOW)
    if user is not None:
        state.add_turn("user", user)
    if tool is not None:
        state.add_tool_result(*tool)
    return checker.check_turn(reply, state)


def test_a_word_of_the_sentence_names_a_policy_value_no_name_is_given_for(
    pottery: Checker,
) -> None:
    # "Transferring" (its lemma "transfer") is a word of one property's name, the transfer
    # fee, of the one policy that has one; a course's price is not meant
    report = check(pottery, "Transferring a course to another date is £20.")
    assert acted(report) == ["£20"]
    assert "transfer fee" in report.flags[0].message
    assert acted(check(pottery, "Transferring a course to another date is £12.")) == []


def test_a_count_of_people_is_of_the_property_a_word_of_the_sentence_names(
    pottery: Checker,
) -> None:
    # "maximum" names the maximum class size and the maximum age; only the size takes a
    # count of people
    report = check(pottery, "We keep Wheel Basics small, a maximum of 10 people.")
    assert acted(report) == ["10"]
    assert "maximum class size of Wheel Basics is 6" in report.flags[0].message
    assert acted(check(pottery, "We keep Wheel Basics small, a maximum of 6 people.")) == []


def test_a_noun_another_number_counts_names_nothing_of_this_one(pottery: Checker) -> None:
    # "bags" is what 4 counts; 20 people is no number of bags
    report = check(pottery, "The Clay Pack has 4 bags, enough for about 20 people.")
    assert acted(report) == []
    assert report.text == "The Clay Pack has 4 bags, enough for about 20 people."


def test_an_age_said_without_its_unit_is_in_the_unit_the_property_keeps(pottery: Checker) -> None:
    # "be at least" is the minimum age's form; 18 is in years, as the KB keeps it
    report = check(pottery, "Students in Wheel Basics must be at least 18.")
    assert acted(report) == ["18"]
    assert report.text == "Students in Wheel Basics must be at least 16."
    assert acted(check(pottery, "Students in Wheel Basics must be at least 16.")) == []


def test_a_length_of_time_counted_from_now_is_a_value_a_word_names(pottery: Checker) -> None:
    # "within 48 hours" is a date and a length of time; "refund" names the refund claim
    # window, and "within" of its form "return within" states the window, not a most
    report = check(pottery, "Bring it back with your receipt within 48 hours and we'll refund it.")
    assert acted(report) == ["48 hours"]
    assert "refund claim window" in report.flags[0].message
    true = "Bring it back with your receipt within 24 hours and we'll refund it."
    assert acted(check(pottery, true)) == []
    # no word names a length of time: the date it is
    assert acted(check(pottery, "Your pots will be ready in 3 days.")) == []


def test_a_percentage_is_of_the_noun_it_modifies_not_of_the_named_course(
    pottery: Checker,
) -> None:
    # "your 25% deposit": the booking policy's deposit, not Wheel Basics' sibling discount
    # (20%), which the reply was rewritten to
    true = "You can cancel Wheel Basics up to 14 days before and get your 25% deposit back."
    report = check(pottery, true)
    assert acted(report) == []
    assert report.text == true
    report = check(pottery, "You can cancel up to 14 days before and get your 30% deposit back.")
    assert acted(report) == ["30%"]
    assert "deposit of Course booking policy is 25%" in report.flags[0].message


@pytest.mark.parametrize(
    "reply",
    ["Kilnworks Leith is open tomorrow from 9am to 5pm.", "The studio is open tomorrow from 9am."],
)
def test_a_day_with_its_hours_is_no_opening_date(pottery: Checker, reply: str) -> None:
    # it was rewritten to "is open 6 September 2014"
    report = check(pottery, reply, user="Is Kilnworks Leith open tomorrow?")
    assert report.text == reply
    assert not any("opening date" in f.message or "2014" in f.message for f in report.flags)


def test_an_opening_date_is_still_checked(pottery: Checker) -> None:
    report = check(pottery, "Kilnworks Leith opened on 3 May 2016.")
    assert acted(report) == ["3 May 2016"]


def test_an_address_said_as_ours_is_no_other_studios_swapped_in(pottery: Checker) -> None:
    # the company's address, said as "our general address": it was rewritten to the studio's
    reply = (
        "The best email for Kilnworks Leith is leith@kilnworks.example. You're also welcome "
        "to use our general address, hello@kilnworks.example, and we'll pass it on."
    )
    report = check(pottery, reply, user="How do I get in touch with Kilnworks Leith?")
    assert acted(report) == []
    assert report.text == reply


def test_a_name_the_parse_makes_a_subject_is_no_second_manager(pottery: Checker) -> None:
    # "and Ruaridh Bell, our kiln technician, looks after": the next clause's subject; it was
    # removed as a second manager
    reply = (
        "Kilnworks Leith is managed by Isla Murray, and Ruaridh Bell, our kiln technician, "
        "looks after the kilns."
    )
    report = check(pottery, reply)
    assert acted(report) == []
    assert report.text == reply
    report = check(pottery, "Kilnworks Leith is managed by Ruaridh Bell.")
    assert acted(report) == ["Ruaridh Bell"]


def test_a_name_after_an_indefinite_article_is_one_of_a_kind_not_someone_unknown(
    pottery: Checker,
) -> None:
    # "A Bernese is in our large group": a breed, not a studio the KB lacks; the reply was
    # held back (fabricated_fact at full strength, the studios being a closed class)
    reply = "A Bernese is in our large group, so Wheel Basics costs £180."
    report = check(pottery, reply)
    assert report.decision != "reject"
    assert not any(f.detector == "fabricated_fact" for f in report.flags)
    # a name with no article stays a claim about someone the KB does not know
    report = check(pottery, "Kilnworks Portobello is in Leith.")
    assert any(f.detector == "fabricated_fact" for f in report.flags)


def test_days_listed_before_a_month_are_of_that_month() -> None:
    found = TemporalRecognizer().find(
        "free for the nights of 13 and 14 November, or on 3, 10 and 17 May",
        datetime(2026, 3, 12),
    )
    assert [(t.text, t.start.day if t.start else None) for t in found] == [
        ("13", 13),
        ("14 November", 14),
        ("3", 3),
        ("10", 10),
        ("17 May", 17),
    ]
    assert {t.start.month for t in found if t.start} == {11, 5}
    # a count before a noun is no day
    assert TemporalRecognizer().find("tables for 2 and 4 people", datetime(2026, 3, 12)) == []


PAYMENTS = (
    "get_payments",
    {
        "booking_ref": "KW-2231",
        "client_name": "Mei Lin Wong",
        "payments": [
            {"date": "2025-08-04", "amount": 300.0, "method": "bank transfer"},
            {"date": "2026-01-20", "amount": 800.0, "method": "credit card"},
        ],
        "total_paid": 1100.0,
        "outstanding": 1259.0,
        "currency": "GBP",
    },
)


def test_a_total_of_the_call_is_no_rows_amount(pottery: Checker) -> None:
    # "£1,100" is the call's total paid: it was rewritten to the second payment's £800
    true = (
        "So far you've paid £1,100: the £300 deposit by bank transfer in August last year and "
        "£800 by credit card on 20 January."
    )
    report = check(pottery, true, user="How much have we paid for KW-2231?", tool=PAYMENTS)
    assert acted(report) == []
    assert report.text == true
    false = true.replace("£800 by", "£500 by")
    report = check(pottery, false, user="How much have we paid for KW-2231?", tool=PAYMENTS)
    assert acted(report) == ["£500"]
    assert report.text == true


def test_a_payment_method_is_no_transfer_fee(pottery: Checker) -> None:
    # "bank transfer" is a noun of its own: no word naming the transfer fee
    report = check(pottery, "The £300 deposit was paid by bank transfer in August.")
    assert not any("transfer fee" in f.message for f in report.flags)


def test_a_possessive_stands_where_a_form_has_an_article(pottery: Checker) -> None:
    # "has its own car park" of the form "have a car park": the studio has none
    report = check(pottery, "Kilnworks Leith has its own car park, so parking is easy.")
    assert acted(report) == ["has its own car park"]
    assert acted(check(pottery, "Kilnworks Leith has no car park.")) == []


def test_a_moment_of_a_day_is_no_year_someone_joined_in(pottery: Checker) -> None:
    # "Friday 4 December at 2:30pm" was confirmed as Isla's joined year, 2026
    report = check(pottery, "Isla Murray will see you on Friday 4 December at 2:30pm.")
    assert not any("joined year" in n.message for n in report.numeric_claims)
    report = check(pottery, "Isla Murray joined in 2024.")
    assert acted(report) == ["2024"]


def test_the_end_of_a_range_of_opening_hours_is_the_closing_time(pottery: Checker) -> None:
    # "from 9am to 4pm" after "open": 9am the opening time, 4pm what it precedes
    report = check(pottery, "On Tuesdays Kilnworks Leith is open from 9am to 4pm.")
    assert acted(report) == ["4pm"]
    assert "closing time" in report.flags[0].message
    assert acted(check(pottery, "On Tuesdays Kilnworks Leith is open from 9am to 5pm.")) == []


def test_a_yes_or_no_verb_phrase_may_take_a_phrase_after_it(pottery: Checker) -> None:
    # "permits dogs in the shop": the clause goes on after the form, the value is still yes
    report = check(pottery, "Kilnworks Leith permits dogs in the shop.")
    assert acted(report) == ["permits dogs"]


def test_twelve_noon_is_a_time_not_a_count() -> None:
    found = TemporalRecognizer().find("until 12 noon", datetime(2026, 3, 12, 9))
    assert [t.text for t in found] == ["12 noon"]
    assert found[0].start is not None and found[0].start.hour == 12


WHEELS = (
    "check_wheels",
    [
        {"date": "2026-12-05", "studio": "Kilnworks Leith", "wheels_free": 2},
        {"date": "2026-12-06", "studio": "Kilnworks Leith", "wheels_free": 4},
    ],
)


def test_a_count_a_form_of_more_words_names_is_not_the_places_own_count(
    pottery: Checker,
) -> None:
    # "two wheels free": the result's wheels free, not the studio's number of wheels (8),
    # which the reply was rewritten to
    reply = "There are two wheels free on Saturday at Kilnworks Leith."
    report = check(pottery, reply, user="Any wheels free this weekend?", tool=WHEELS)
    assert report.text == reply
    assert not any("number of wheels" in f.message for f in report.flags)
    # the noun alone is what a count counts, of the place it names
    report = check(pottery, "Kilnworks Leith has 10 wheels.")
    assert acted(report) == ["10"]


def test_a_count_of_packs_is_no_pack_size(pottery: Checker) -> None:
    # "40 packs" counts packs on the shelf; the Clay Pack's pack size (10) is a measure of one
    stock = ("check_stock", [{"product": "Clay Pack", "in_stock": 40}])
    reply = "Kilnworks Leith has 40 packs of the Clay Pack in stock at £35 each."
    report = check(pottery, reply, user="Do you have clay packs?", tool=stock)
    assert report.text == reply
    assert not any("pack size" in f.message for f in report.flags)


def test_a_time_is_of_the_property_a_word_of_the_sentence_names(pottery: Checker) -> None:
    # "drop ... off" names the drop-off window (no form says so); the range's end is the
    # drop-off until, the property its start precedes; "12 noon" is a time
    report = check(pottery, "At Kilnworks Leith you can drop your pots off from 9am until 12 noon.")
    assert acted(report) == ["9am"]
    assert "drop-off from" in report.flags[0].message
    report = check(pottery, "At Kilnworks Leith you can drop your pots off from 10am until 1pm.")
    assert acted(report) == ["1pm"]
    true = "At Kilnworks Leith you can drop your pots off from 10am until 12 noon."
    assert acted(check(pottery, true)) == []
