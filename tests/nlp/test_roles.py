"""Roles at a place (:mod:`kgcheck.nlp.roles`): "<person> is our <role> at <place>" states the
relation the ontology phrases "at" between the two kinds, in the show dairy's domain."""

from __future__ import annotations

import pytest

from kgcheck import Checker

WORKS_AT = "https://example.org/dairy#worksAt"


@pytest.mark.parametrize(
    ("text", "claimed"),
    [
        ("Marco Rossi is our tour guide at Bergkäserei Gstaad.", ("Marco Rossi", True)),
        ("Marco Rossi is not the tour guide at Bergkäserei Gstaad.", ("Marco Rossi", False)),
        ("The tour guide at Bergkäserei Gstaad is Marco Rossi.", ("Marco Rossi", True)),
        # a place no kind of the ontology phrases "at" with a person is no claim
        ("Marco Rossi is our tour guide at the weekend.", None),
        # a role with no place
        ("Marco Rossi is our tour guide.", None),
    ],
)
def test_a_role_at_a_place_is_a_claim_of_the_relation_phrased_at(
    dairy: Checker, text: str, claimed: tuple[str, bool] | None
) -> None:
    claims = [c for c in dairy.analyzer.analyse(text).claims if c.predicate == WORKS_AT]
    if claimed is None:
        assert claims == []
    else:
        (claim,) = claims
        assert (claim.subject.text, claim.polarity) == claimed
        assert claim.object.text == "Bergkäserei Gstaad"
