"""Relative values: a quantity followed by a comparative states a difference."""

from __future__ import annotations

import re

import pytest

from kgcheck.nlp.relative import is_relative
from kgcheck.types import Span


@pytest.mark.parametrize(
    ("text", "relative"),
    [
        ("Chevron is 2 miles farther than Starbucks.", True),
        ("It will be 10 degrees warmer.", True),
        ("It costs $5 more.", True),
        ("Chevron is 2 miles away.", False),
        ("It is 3 miles down the road.", False),
        ("A low of 20F and a high of 40F.", False),
    ],
)
def test_is_relative(text: str, relative: bool) -> None:
    m = re.search(r"\$?\d+ ?(?:miles|degrees|F)?", text)
    assert m is not None
    assert is_relative(text, Span(m.start(), m.end())) is relative
