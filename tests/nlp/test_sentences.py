"""Sentence boundaries: a citation starts no sentence; no sentence is longer than the bound."""

from __future__ import annotations

import pytest

from kgcheck.nlp.pipeline import build_base_pipeline
from kgcheck.nlp.sentences import MAX_SENTENCE_TOKENS

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


@pytest.mark.skipif(FOUND == "blank:en", reason="no pretrained spaCy pipeline installed")
@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        # a clause, a colon, a clause: two sentences, the second read alone
        (
            "You asked about the cheese shop: Alpkäserei Gstaad opens at 9 am.",
            ["You asked about the cheese shop:", "Alpkäserei Gstaad opens at 9 am."],
        ),
        # a heading before the colon: one sentence, its subject before the colon
        (
            "Gstaad's hours: the shop opens at 9 am.",
            ["Gstaad's hours: the shop opens at 9 am."],
        ),
        # a clause that points back to what the one before the colon named: one sentence
        (
            "The Gruyère is the one for you: it's CHF 32 and it keeps well.",
            ["The Gruyère is the one for you: it's CHF 32 and it keeps well."],
        ),
        # a question after the colon asks about what the clause before it said: one sentence
        (
            "There is Alpina Show Dairy 4 miles away: does it sound good?",
            ["There is Alpina Show Dairy 4 miles away: does it sound good?"],
        ),
        # a list after the colon, a relative clause after a comma: one sentence
        (
            "I found 3 tours: Alp and Cellar, both in German, and Valley, which has seats.",
            ["I found 3 tours: Alp and Cellar, both in German, and Valley, which has seats."],
        ),
    ],
)
def test_sentences_a_colon_between_two_clauses_starts_a_sentence(
    text: str, sentences: list[str]
) -> None:
    assert [s.text for s in NLP(text).sents] == sentences


@pytest.mark.parametrize("name", ["auto", "blank"])
def test_one_long_sentence_of_numbers_is_cut_into_bounded_sentences(name: str) -> None:
    """The issue 34 reply: one sentence of 100 clauses took minutes to bind; every later stage
    works within a sentence, so a sentence is cut after a comma once it is long."""
    nlp, _ = build_base_pipeline(name)
    text = "".join(f"Dr. Patel's extension is 4412 and her room is {100 + k}, " for k in range(100))
    doc = nlp(text + "and that is all.")
    lengths = [len(s) for s in doc.sents]
    assert max(lengths) <= 2 * MAX_SENTENCE_TOKENS
    assert len(lengths) >= len(doc) // (2 * MAX_SENTENCE_TOKENS)
    for sent in list(doc.sents)[:-1]:
        assert sent[-1].text == ","  # cut after a clause break, never inside a clause


@pytest.mark.parametrize("name", ["auto", "blank"])
def test_a_run_with_no_clause_break_is_cut_at_twice_the_bound(name: str) -> None:
    nlp, _ = build_base_pipeline(name)
    doc = nlp(" ".join(["word"] * (3 * MAX_SENTENCE_TOKENS)))
    assert max(len(s) for s in doc.sents) <= 2 * MAX_SENTENCE_TOKENS


def test_sentences_of_ordinary_length_are_left_as_they_are() -> None:
    nlp, _ = build_base_pipeline("blank")
    text = "Dr. Patel leads Cardiology, Oncology and Radiology. She joined in 2019."
    assert [s.text for s in nlp(text).sents] == [
        "Dr. Patel leads Cardiology, Oncology and Radiology.",
        "She joined in 2019.",
    ]
