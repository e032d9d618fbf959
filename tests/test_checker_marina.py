"""Reading what a property or a name points at, in a domain of its own: a sailing marina
(``tests/fixtures/marina``) with facilities, addresses as nodes, courses, numbered berths and
booking fees. Each test is named after what broke in a blind trial: a true reply must come
out as it went in, and a wrong value is found where the KB says what it is."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import FIXTURES, acted

MARINA = FIXTURES / "marina" / "kgcheck.yaml"
NOW = "2026-05-14T10:30:00+01:00"  # a Thursday


@pytest.fixture(scope="module")
def marina() -> Checker:
    return Checker.from_config(MARINA)


def check(checker: Checker, reply: str) -> TurnReport:
    return checker.check_turn(reply, DialogueState(session_id="t", now=NOW))


def test_a_thing_of_a_class_no_value_of_the_property_has_is_no_wrong_value(
    marina: Checker,
) -> None:
    # "has" is the marina's facilities; a course is no facility, none ever is, and a session
    # ties it to the marina: the sentence speaks of the timetable (it was rewritten to "has
    # showers")
    reply = "Saltmarsh Quay Marina has Dinghy Taster for beginners, and it has showers too."
    report = check(marina, reply)
    assert report.text == reply
    assert acted(report) == []


def test_a_date_of_another_verb_is_never_rewritten_to_the_entitys_one_date(
    marina: Checker,
) -> None:
    # the course's one date is its launch date, which no word names; "this week" of "isn't
    # running" was rewritten to it
    reply = (
        "Dinghy Taster isn't running at Harbourside Marina this week, but you can join it "
        "at Saltmarsh Quay Marina tomorrow."
    )
    assert check(marina, reply).text == reply


def test_a_street_name_with_small_words_is_an_address(marina: Checker) -> None:
    reply = "Saltmarsh Quay Marina is at 41 Prince of Wales Road, Whitby."
    report = check(marina, reply)
    assert acted(report) == ["41 Prince of Wales Road"]
    assert report.text == "Saltmarsh Quay Marina is at 14 Prince of Wales Road, Whitby."


def test_a_house_number_that_is_also_a_name_is_the_addresss(marina: Checker) -> None:
    # "18" is an age band's label: inside an address it is a house number
    reply = "Harbourside Marina is at 18 Quay Street, Scarborough."
    assert check(marina, reply).text == "Harbourside Marina is at 8 Quay Street, Scarborough."
    true = "Harbourside Marina is at 8 Quay Street, Scarborough."
    assert acted(check(marina, true)) == []


def test_a_hyphenated_label_names_its_property(marina: Checker) -> None:
    # "no-show fee" is the no-show fee, not the late cancellation fee the word "fee" named
    assert acted(check(marina, "If you don't turn up, there's a £15 no-show fee.")) == []
    assert acted(check(marina, "If you don't turn up, there's a £20 no-show fee.")) == ["£20"]


def test_the_number_of_a_numbered_name_is_no_count(marina: Checker) -> None:
    # berths are named "Saltmarsh Berth 1": the "2" of "Berth 2" is no number of berths (it
    # was read as Harbourside's, which has one)
    reply = (
        "Showers are next to Berth 1 at Harbourside Marina and Berth 2 at Saltmarsh Quay Marina."
    )
    report = check(marina, reply)
    assert acted(report) == []
    assert report.text == reply


def test_one_after_a_word_stands_for_the_name_said_before(marina: Checker) -> None:
    # "a large one" is the large locker, not the small one the sentence named first
    assert acted(check(marina, "A small locker costs £2 a day, and a large one is £4.")) == []
    report = check(marina, "A small locker costs £2 a day, and a large one is £5.")
    assert acted(report) == ["£5"]
    assert report.text == "A small locker costs £2 a day, and a large one is £4."
