"""Sentence-boundary hints before a parser: a citation starts no sentence."""

from __future__ import annotations

import pytest

from kgcheck.nlp.pipeline import build_base_pipeline

NLP, FOUND = build_base_pipeline("auto")


@pytest.mark.skipif(FOUND == "blank:en", reason="no pretrained spaCy pipeline installed")
@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("Dr. Amira Patel leads Cardiology [S0].", ["Dr. Amira Patel leads Cardiology [S0]."]),
        ("The bridge was rebuilt in 1988. [S1]", ["The bridge was rebuilt in 1988. [S1]"]),
        (
            "Amira Patel leads the team [S0]. It is big [S1, S2].",
            ["Amira Patel leads the team [S0].", "It is big [S1, S2]."],
        ),
    ],
)
def test_sentences_a_citation_belongs_to_the_sentence_before_it(
    text: str, sentences: list[str]
) -> None:
    assert [s.text for s in NLP(text).sents] == sentences
