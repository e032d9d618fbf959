"""Titles said of people (:mod:`kgcheck.nlp.titles`), in the show dairy's domain: a title the
KB holds of someone, set beside a named person or said of them, states their job title (the
marina trial's "Our yard manager, Tom Hext, looks after all lift-outs" and "Dave Yeo, our
yard manager, can book you a slot" gave no claim)."""

from __future__ import annotations

import pytest

from kgcheck import Checker

JOB_TITLE = "https://schema.org/jobTitle"


@pytest.mark.parametrize(
    ("text", "claimed"),
    [
        ("Anna Keller, our head cheesemaker, makes the Gruyère.", ("Anna Keller", True)),
        ("Our tour guide, Anna Keller, will meet you.", ("Anna Keller", True)),
        ("Marco Rossi is our tour guide.", ("Marco Rossi", True)),
        ("Marco Rossi is not our head cheesemaker.", ("Marco Rossi", False)),
        ("You'll be with Marco Rossi, the tour guide, at 10 am.", ("Marco Rossi", True)),
        # words the KB holds as no one's title
        ("Marco Rossi, our friendly host, will meet you.", None),
        ("Marco Rossi is our guide.", None),
    ],
)
def test_a_title_beside_or_said_of_a_person_is_their_job_title(
    dairy: Checker, text: str, claimed: tuple[str, bool] | None
) -> None:
    claims = [c for c in dairy.analyzer.analyse(text).claims if c.predicate == JOB_TITLE]
    if claimed is None:
        assert claims == []
    else:
        (claim,) = claims
        assert (claim.subject.text, claim.polarity) == claimed
