"""Who is allowed where (:mod:`kgcheck.nlp.allowances`), in the show dairy's domain: its
yes-or-no "dogs allowed" is stated "Dogs are allowed at <place>"."""

from __future__ import annotations

import pytest

from kgcheck import Checker

DOGS = "https://example.org/dairy#dogsAllowed"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Dogs are allowed at Alpina Show Dairy.", [("Alpina Show Dairy", True)]),
        ("Dogs aren't allowed at Alpina Show Dairy.", [("Alpina Show Dairy", False)]),
        (
            "Dogs are allowed at Bergkäserei Gstaad, but sadly not at Alpina Show Dairy.",
            [("Bergkäserei Gstaad", True), ("Alpina Show Dairy", False)],
        ),
        (
            "Dogs are allowed at Bergkäserei Gstaad and at Alpina Show Dairy.",
            [("Bergkäserei Gstaad", True), ("Alpina Show Dairy", True)],
        ),
        # no place named after it
        ("Dogs are allowed on the terrace.", []),
    ],
)
def test_each_place_is_a_claim_of_yes_or_no(
    dairy: Checker, text: str, read: list[tuple[str, bool]]
) -> None:
    claims = [c for c in dairy.analyzer.analyse(text).claims if c.predicate == DOGS]
    assert [(c.subject.text, c.polarity) for c in claims] == read
