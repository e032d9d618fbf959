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


@pytest.mark.parametrize(
    ("text", "measured", "relative"),
    [
        # a gap to a goal: the dry cleaner's "260 points away from your next $10 reward" was
        # read against the 740 points held
        ("You're 260 points away from your next reward.", False, True),
        ("Only $50 short of Gold.", False, True),
        ("Just 3 stamps to go.", False, True),
        # after a length or a time, "away" is a distance
        ("The shop is 2 km away from you.", True, False),
        ("You have 260 points.", False, False),
    ],
)
def test_a_gap_to_a_goal_after_a_count_is_a_difference(
    text: str, measured: bool, relative: bool
) -> None:
    m = re.search(r"\$?\d+", text)
    assert m is not None
    assert is_relative(text, Span(m.start(), m.end()), measured=measured) is relative


@pytest.mark.parametrize(
    ("text", "aggregate"),
    [
        ("Booking two tickets for Tideline. That comes to $25.", True),
        ("Two tickets for Tideline cost $25 in total.", True),
        ("Tickets are $12.50 each, so $25 for two.", True),
        ("The bill totals $40.", True),
        ("A total of $40 for both.", True),
        # an amount for a list after "each of": the sum for all of them
        ("4 bottles each of the Syrah, the Merlot and the Chenin, for $3184 after tax.", True),
        # a price after a discount is one thing's price still
        ("The headphones were $264 after the discount.", False),
        # a property named "total ...": a value
        ("Harbor Point's total revenue was $40.", False),
        # several of something is not enough: "240 units and an NOI of $1.2M" is a value
        ("Harbor Point has 240 units and an NOI of $12.", False),
        ("Tideline costs $25.", False),
        ("A ticket for Tideline costs $25.", False),
        # the sentence before does not count
        ("I booked two tickets. Tideline costs $25.", False),
    ],
)
def test_is_aggregate(text: str, aggregate: bool) -> None:
    from kgcheck.nlp.relative import is_aggregate

    m = list(re.finditer(r"\$\d+", text))[-1]
    assert is_aggregate(text, Span(m.start(), m.end())) is aggregate


def test_a_year_before_money_is_no_count() -> None:
    """ "Q3 2024 was $1.5M": a year and a verb, not several of something."""
    from kgcheck.nlp.relative import is_aggregate

    text = "Harbor Point's NOI in Q3 2024 was $1.5M."
    start = text.index("$")
    assert is_aggregate(text, Span(start, start + 5)) is False


@pytest.mark.parametrize(
    ("text", "stretch", "summed_over"),
    [
        # what a sum is taken over: the days bought, no pass that lasts three days
        ("It comes to £37.20: £7.50 for three days on the Europe Day Pass.", "three days", True),
        ("That's $300 for the 2 nights.", "2 nights", True),
        ("It's 45 pounds for 3 lessons.", "3 lessons", True),
        # one of something is no sum: a rate and the period it is for
        ("The pass is £2.50 for one day.", "one day", False),
        # a rate before "for": the term of a contract, a value
        ("It's £12.50 a month for 24 months.", "24 months", False),
        ("The pass lasts three days.", "three days", False),
    ],
)
def test_is_summed_over(text: str, stretch: str, summed_over: bool) -> None:
    from kgcheck.nlp.relative import is_summed_over

    start = text.index(stretch)
    assert is_summed_over(text, Span(start, start + len(stretch))) is summed_over
