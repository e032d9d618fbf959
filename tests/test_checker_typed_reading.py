"""Reading replies as assistants write them (issue 35), in a domain of its own: a leisure
centre (``tests/fixtures/leisure``) with lockers, a pool, classes that last a length of time,
membership tiers and opening hours per day. Each test is named after what broke: a true reply
must come out as it went in, and a wrong value is corrected only where the reading is certain."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from kgcheck.types import FlagType
from tests.conftest import FIXTURES, acted

LEISURE = FIXTURES / "leisure" / "kgcheck.yaml"
NOW = "2026-11-28T10:00:00+00:00"  # a Saturday


@pytest.fixture(scope="module")
def leisure() -> Checker:
    return Checker.from_config(LEISURE)


def check(checker: Checker, reply: str) -> TurnReport:
    return checker.check_turn(reply, DialogueState(session_id="t", now=NOW))


@pytest.mark.parametrize(
    "reply",
    [
        # a weight is not the number of lockers, nor the pool's length a class's fee
        "Each locker at Millbrook Leisure Centre holds up to 20 kg.",
        "Aqua Fit is £6.50, and it's plenty for the 25 m pool.",
        # lengths of time in other units than the KB's
        "Aqua Fit lasts 45 minutes.",
        "Spin Blast takes an hour and a half.",
        # a weekday in the plural is the KB's weekday, not an unknown name or a typo
        "Aqua Fit runs on Tuesdays and Thursdays.",
        # opening hours per day: the days the sentence names decide
        "Millbrook Leisure Centre opens at 6:30am on weekdays and closes at 10pm.",
        "On Saturdays Millbrook Leisure Centre is open until 6pm.",
        "Millbrook Leisure Centre opens at 6:30am Monday to Friday.",
        # a role noun of a place after a copula: the place's property, the subject its value
        "Priya Nair is the centre manager at Millbrook Leisure Centre.",
        # another role than the property's ("pool manager" is no centre manager)
        "Tom Hale is our pool manager at Millbrook Leisure Centre.",
    ],
)
def test_true_reply_in_other_units_and_inflections_is_untouched(
    leisure: Checker, reply: str
) -> None:
    report = check(leisure, reply)
    assert report.text == reply
    assert acted(report) == []


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        ("Spin Blast takes two hours.", "Spin Blast takes 1.5 hours."),
        ("Millbrook Leisure Centre has 50 lockers.", "Millbrook Leisure Centre has 60 lockers."),
        ("Gold requires 1,200 points.", "Gold requires 1,500 points."),
        (
            "Tom Hale is the manager at Millbrook Leisure Centre.",
            "Priya Nair is the manager at Millbrook Leisure Centre.",
        ),
        (
            "The manager at Millbrook Leisure Centre is Tom Hale.",
            "The manager at Millbrook Leisure Centre is Priya Nair.",
        ),
        # the value's subject is the one the sentence names, not the previous sentence's
        (
            "Spin Blast costs £8. The pool at Millbrook Leisure Centre is 30 metres long.",
            "Spin Blast costs £8. The pool at Millbrook Leisure Centre is 25 metres long.",
        ),
    ],
)
def test_wrong_value_with_a_certain_reading_is_corrected(
    leisure: Checker, reply: str, fixed: str
) -> None:
    assert check(leisure, reply).text == fixed


def test_one_error_is_one_flag(leisure: Checker) -> None:
    report = check(leisure, "Millbrook Leisure Centre has 50 lockers.")
    assert acted(report) == ["50"]


def test_number_the_sentence_does_not_tie_to_the_name_is_flagged_not_rewritten(
    leisure: Checker,
) -> None:
    # 1,200 points are the user's, not what the Silver tier needs: an unsure reading
    reply = "With 1,200 points you're in the Silver tier."
    report = check(leisure, reply)
    assert report.text == reply
    (flag,) = report.flags
    assert flag.correction is None
    assert "an unsure reading" in flag.message


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        ("Millbrook Leisure Centre opens at 7am on weekdays.", "7am"),
        ("On Sundays Millbrook Leisure Centre is open until 8pm.", "8pm"),
    ],
)
def test_opening_hours_of_the_days_named_are_checked(
    leisure: Checker, reply: str, wrong: str
) -> None:
    assert acted(check(leisure, reply)) == [wrong]


def test_an_amount_said_per_year_is_no_one_off_fee(make_checker: Callable[..., Checker]) -> None:
    """Blind trial (energy): "would cost about £1,480 a year, with a monthly Direct Debit of
    £123" of a tariff whose only amount is its exit fee was rewritten to "£75 a year ... £75":
    an amount said per period is no value of a one-off charge."""
    checker = make_checker(
        'ex:exitFee a owl:DatatypeProperty ; rdfs:label "exit fee" ; kgc:unit "GBP" ;'
        " rdfs:domain ex:Tariff .\n"
        'ex:price a owl:DatatypeProperty ; rdfs:label "price" ; kgc:lexicalForm "cost" ;'
        ' kgc:unit "GBP" ; rdfs:domain ex:Bundle .\n'
        'ex:fixed24 a ex:Tariff ; rdfs:label "Moorland Fixed 24" ; ex:exitFee 75 .\n'
        'ex:fibre a ex:Bundle ; rdfs:label "Moorland Fibre" ; ex:price 52 .\n'
        'ex:dd a ex:PaymentMethod ; rdfs:label "Direct Debit" .\n',
        nli={"model": "none"},
    )
    reply = "Moorland Fixed 24 would cost about £1,480 a year, with a monthly Direct Debit of £123."
    report = checker.check_turn(reply, DialogueState())
    assert [f.content for f in report.flags if f.type == FlagType.WRONG_ATTRIBUTE] == []
    assert report.text == reply
    fee = "The exit fee of Moorland Fixed 24 is £95."
    assert checker.check_turn(fee, DialogueState()).text == fee.replace("£95", "£75")


def test_amounts_said_per_different_periods_bind_to_their_own_rates(
    make_checker: Callable[..., Checker],
) -> None:
    """ "€4 an hour or €15 for the whole day": the day's amount does not take the hourly rate
    of the amount before it; a price whose form is "fee" is no one-off charge."""
    checker = make_checker(
        'ex:hourlyRate a owl:DatatypeProperty ; rdfs:label "hourly rate" ; kgc:unit "EUR" .\n'
        'ex:dayRate a owl:DatatypeProperty ; rdfs:label "day rate" ; kgc:unit "EUR" .\n'
        'ex:cub a ex:Bike ; rdfs:label "Cub 20" ; ex:hourlyRate 4 ; ex:dayRate 15 .\n',
        nli={"model": "none"},
    )
    reply = "Our Cub 20 kids' bike is €4 an hour or €15 for the whole day."
    report = checker.check_turn(reply, DialogueState())
    assert ([f.content for f in report.flags], report.text) == ([], reply)
