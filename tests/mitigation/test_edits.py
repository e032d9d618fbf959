"""Safe edits: number agreement of corrections, the smallest removal, shared words."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kgcheck import Flag, FlagType, Span
from kgcheck.mitigation.edits import agree_count, removal_span, shares_span_with_other_claims
from kgcheck.nlp.analysis import TurnAnalysis

Analyse = Callable[..., TurnAnalysis]


def span_of(text: str, part: str) -> Span:
    start = text.index(part)
    return Span(start, start + len(part))


@pytest.mark.parametrize(
    ("text", "old", "new", "edited"),
    [
        ("It has 3 platforms.", "3", "1", "It has 1 platform."),
        ("It has 1 berth.", "1", "3", "It has 3 berths."),
        ("It has 2 berths.", "2", "7", "It has 7 berths."),
        ("It has 1 ferry.", "1", "2", "It has 2 ferries."),
        ("It is 3 of them.", "3", "1", "It is 1 of them."),
        ("It opened in 2041.", "2041", "2008", "It opened in 2008."),
        ("It costs $7.50 now.", "$7.50", "$7.60", "It costs $7.60 now."),
    ],
)
def test_agree_count_brings_the_noun_into_agreement(
    text: str, old: str, new: str, edited: str
) -> None:
    span, replacement = agree_count(text, span_of(text, old), new)
    assert text[: span.start] + replacement + text[span.end :] == edited


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Amira Patel leads Cardiology and Oncology.",
        "Dr. Amira Patel leads Oncology and Cardiology.",
    ],
)
def test_removal_span_drops_the_false_conjunct_only(analyse: Analyse, text: str) -> None:
    analysis = analyse(text)
    (wrong,) = [c for c in analysis.claims if c.object.text == "Oncology"]
    flag = Flag(FlagType.CONTRADICTS_FACT, wrong.span, "x", "m", "d", claim_index=wrong.index)
    span = removal_span(analysis, flag)
    assert text[: span.start] + text[span.end :] == "Dr. Amira Patel leads Cardiology."


def test_removal_span_of_a_lone_claim_is_its_sentence(analyse: Analyse) -> None:
    text = "Dr. Patel works in Oncology. Call us."
    analysis = analyse(text)
    claim = analysis.claims[0]
    flag = Flag(FlagType.WRONG_ATTRIBUTE, claim.span, "x", "m", "d", claim_index=claim.index)
    span = removal_span(analysis, flag)
    assert text[: span.start] + text[span.end :] == "Call us."


def test_shares_span_subject_of_coordinated_claims(analyse: Analyse) -> None:
    analysis = analyse("Dr. Amira Patel leads Cardiology and Oncology.")
    claim = next(c for c in analysis.claims if c.object.text == "Oncology")
    on_subject = Flag(
        FlagType.CONTRADICTS_FACT,
        claim.span,
        "x",
        "m",
        "d",
        correction="Dr. Hiroshi Tanaka",
        correction_span=claim.subject.span,
        claim_index=claim.index,
    )
    assert shares_span_with_other_claims(analysis, on_subject)
    on_name = Flag(
        FlagType.NONEXISTENT_ENTITY,
        claim.subject.span,
        "x",
        "m",
        "d",
        correction="Dr. Amira Patel",
        correction_span=claim.subject.span,
    )
    assert not shares_span_with_other_claims(analysis, on_name)
