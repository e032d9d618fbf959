"""Ranges of a measure: recognised as one item, their ends no quantities of their own."""

from __future__ import annotations

import pytest

from kgcheck import Checker
from kgcheck.config import load_config
from tests.conftest import FIXTURES


@pytest.fixture(scope="module")
def blank() -> Checker:
    config = load_config(FIXTURES / "forecast" / "kgcheck.yaml")
    nlp = config.nlp.model_copy(update={"pipeline": "blank"})
    return Checker(config.model_copy(update={"nlp": nlp}))


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("It will range from 20F to 100F.", ("20F", "100F")),
        ("It will be between 70F and 100F on Monday.", ("70F", "100F")),
        ("It will be between 70 and 100F.", ("70", "100F")),
        ("It will be 20-30F on Thursday.", ("20", "30F")),
    ],
)
def test_ranges_found_and_their_ends_are_no_quantities(
    blank: Checker, text: str, ends: tuple[str, str]
) -> None:
    analysis = blank.analyzer.analyse(text)
    (r,) = analysis.ranges
    assert (r.low.text, r.high.text) == ends
    assert r.low.unit == r.high.unit == "F"
    assert analysis.quantities == ()


@pytest.mark.parametrize(
    "text",
    [
        "It was 70F and 100F.",  # two values, no "between"
        "From 2019 to 2021 it rained.",  # years
        "Call 555-1234.",
        "It is open from 9am to 5pm.",
    ],
)
def test_ranges_none(blank: Checker, text: str) -> None:
    assert blank.analyzer.analyse(text).ranges == ()
