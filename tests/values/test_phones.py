"""Telephone numbers read by libphonenumber: one number in any grouping, with or without its
country code (SGD restates "+1 416-663-9500" as "416-663-9500")."""

from __future__ import annotations

import pytest

from kgcheck.values.phones import find_numbers, is_number, regions_of, same_number


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("+1 416-663-9500", "416-663-9500"),
        ("(650) 522-9698", "650-522-9698"),
        ("0113 496 0123", "+44 113 496 0123"),
    ],
)
def test_one_number_in_two_groupings_is_the_same(a: str, b: str) -> None:
    assert same_number(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [("+1 416-663-9500", "+1 800-780-7234"), ("650-522-9698", "650-522-9699"), ("LCH-1", "LCH-1")],
)
def test_other_numbers_and_what_is_no_number_are_not_the_same(a: str, b: str) -> None:
    assert not same_number(a, b)


@pytest.mark.parametrize("text", ["+33 1 49 52 99 70", "650-522-9698", "(650) 522-9698"])
def test_a_written_telephone_number_is_one(text: str) -> None:
    assert is_number(text)


@pytest.mark.parametrize("text", ["2019-03-01", "40021786", "NM-40021786", "12:30", "£1,250"])
def test_dates_references_and_amounts_are_no_telephone_numbers(text: str) -> None:
    assert not is_number(text)


def test_a_kb_without_country_codes_is_read_in_the_region_its_numbers_are_valid_in() -> None:
    assert regions_of(["0113 496 0123", "0161 496 0456"])[0] == "GB"
    assert regions_of(["+1 416-663-9500", "+1 416-551-2800"]) == ("CA",)  # Toronto numbers


def test_numbers_are_found_in_a_sentence_in_the_kb_regions() -> None:
    text = "They are at 50 Norfinch Drive, call 0113 496 0123 or +1 202-337-6620 from 9 to 5."
    found = [text[s:e] for s, e in find_numbers(text, ("GB",))]
    assert found == ["0113 496 0123", "+1 202-337-6620"]
