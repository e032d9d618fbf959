"""Durations: "90 minutes" is PT1H30M, and a wrong one is corrected in the reply's unit."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from rdflib import Literal
from rdflib.namespace import XSD

from kgcheck import Checker, DialogueState
from kgcheck.kb.values import format_like, matches
from kgcheck.values.durations import parse_duration, write_duration, write_months


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("90 minutes", 90), ("two hours", 120), ("an hour", 60), ("hour", 60), ("3-hour", 180),
        ("1.5 hours", 90), ("an hour and a half", 90), ("2 hours 30 minutes", 150),
        ("half an hour", 30), ("5 days", 7200), ("every half hour", 30), ("a quarter hour", 15),
    ],
)  # fmt: skip
def test_parse_duration_reads_a_length_of_time_in_any_unit(text: str, minutes: int) -> None:
    assert parse_duration(text) == timedelta(minutes=minutes)


@pytest.mark.parametrize("text", ["twelve", "Tuesday", "last Sunday"])
def test_parse_duration_without_a_unit_of_time_is_none(text: str) -> None:
    assert parse_duration(text) is None  # "Tuesday" holds "day", but not as a word


@pytest.mark.parametrize(
    ("value", "stated", "written"),
    [
        (timedelta(hours=2), "90 minutes", "120 minutes"),
        (timedelta(hours=2), "three hours", "2 hours"),
        (timedelta(minutes=90), "two hours", "1.5 hours"),
        (timedelta(days=5), "7 days", "5 days"),
        (timedelta(minutes=90), "", "90 minutes"),
        (timedelta(hours=1), "", "1 hour"),
        (timedelta(0), "", "0 minutes"),
    ],
)
def test_write_duration_uses_the_replys_unit(value: timedelta, stated: str, written: str) -> None:
    assert write_duration(value, stated) == written


def test_an_xsd_duration_matches_the_same_length_in_other_units() -> None:
    held = Literal("PT2H", datatype=XSD.duration)
    assert matches(timedelta(minutes=120), None, held)
    assert not matches(timedelta(minutes=90), None, held)
    assert format_like("90 minutes", held, "PT2H") == "120 minutes"


def test_hours_against_minutes_in_a_reply(make_checker: Callable[..., Checker]) -> None:
    # broke: "lasts two hours" against PT120M was rewritten to "PT2H"-like text
    checker = make_checker(
        'ex:duration a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "duration" ;\n'
        '    rdfs:range xsd:duration ; kgc:lexicalForm "last" .\n'
        'ex:class rdfs:label "Rose Pruning" ; ex:duration "PT120M"^^xsd:duration .\n',
        nli={"model": "none"},
    )
    ok = checker.check_turn("Rose Pruning lasts two hours.", DialogueState(session_id="a"))
    assert not ok.flags
    wrong = checker.check_turn("Rose Pruning lasts 90 minutes.", DialogueState(session_id="b"))
    assert wrong.text == "Rose Pruning lasts 120 minutes."


@pytest.mark.parametrize(
    ("months", "stated", "written"),
    [(12, "6 months", "12 months"), (12, "two years", "1 year"), (18, "a year", "18 months"),
     (24, "three years", "2 years"), (1, "two months", "1 month")],
)  # fmt: skip
def test_write_months_in_the_stated_calendar_unit(months: int, stated: str, written: str) -> None:
    assert write_months(months, stated) == written
