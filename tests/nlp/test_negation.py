"""Negations a value is stated under, and the edit that drops one."""

from __future__ import annotations

import pytest

from kgcheck import Span
from kgcheck.nlp.negation import denies_value, negated_before, without_negation


@pytest.mark.parametrize(
    ("text", "value", "negated"),
    [
        ("The cap rate in Q1 2024 was not 5.4%.", "5.4%", True),
        ("The NOI wasn't $1.2M.", "$1.2M", True),
        ("It is no longer 12 berths.", "12", True),
        ("The cap rate was 5.4%.", "5.4%", False),
        ("It did not rise, it was 5.4%.", "5.4%", False),
        ("Not every port is busy and East Pier has 3 berths.", "3", False),
    ],
)
def test_negated_before_reads_a_denial_in_the_same_clause(
    text: str, value: str, negated: bool
) -> None:
    assert negated_before(text, text.index(value)) is negated


@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        ("Dr. Reyes does not work in Pediatrics.", "Dr. Reyes does work in Pediatrics."),
        ("Her title is not Head of Analytics.", "Her title is Head of Analytics."),
        ("Dr. Reyes doesn't work in Pediatrics.", "Dr. Reyes does work in Pediatrics."),
        ("The ferry can't carry 350.", "The ferry can carry 350."),
        ("The ferry won't sail on Monday.", "The ferry will sail on Monday."),
        ("He never worked in Pediatrics.", "He worked in Pediatrics."),
    ],
)
def test_without_negation_drops_the_one_negation(text: str, fixed: str) -> None:
    edit = without_negation(text, Span(0, len(text)))
    assert edit is not None
    span, replacement = edit
    assert text[: span.start] + replacement + text[span.end :] == fixed


def test_without_negation_leaves_two_negations_alone() -> None:
    text = "It is not true that he does not work here."
    assert without_negation(text, Span(0, len(text))) is None


@pytest.mark.parametrize(
    ("text", "value", "denied"),
    [
        ("The desk doesn't close until 11:30 pm.", "11:30 pm", False),  # closes at 11:30 pm
        ("We never charge more than £60 for one rental.", "£60", False),  # at most £60
        ("The MG4 isn't far behind at 281 miles.", "281 miles", False),  # a degree denied
        ("The desk doesn't close at 11:30 pm.", "11:30 pm", True),
        ("The pool is not open on Sundays.", "Sundays", True),
        ("The fee is £60.", "£60", True),  # no negation: nothing to deny in its place
    ],
)
def test_a_negation_denies_the_value_unless_a_bound_or_degree_stands_between(
    text: str, value: str, denied: bool
) -> None:
    assert denies_value(text, text.index(value)) is denied
