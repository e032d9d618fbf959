"""The tense of a clause, from auxiliaries and verb forms, or from a tagger's morphology."""

from __future__ import annotations

import pytest
import spacy
from spacy.tokens import Doc

from kgcheck.values.tense import FUTURE, PAST, PRESENT, Word, clause_tense

NLP = spacy.blank("en")
NLP.add_pipe("lemmatizer", config={"mode": "lookup"})
NLP.initialize()


def words(text: str) -> list[Word]:
    return [Word(t.lower_, (t.lemma_ or t.text).lower()) for t in NLP(text)]


@pytest.mark.parametrize(
    ("text", "tense"),
    [
        ("The clinic opened in 2041", PAST),
        ("The clinic was opened in 2041", PAST),
        ("The clinic has opened", PAST),
        # "have got" is "have": what one holds now
        ("You've got two instalments left", PRESENT),
        ("She has got a booking on Monday", PRESENT),
        ("The clinic began work", PAST),
        ("The clinic did not open", PAST),
        ("The clinic opens in May", PRESENT),
        ("Your meeting is scheduled for Monday", PRESENT),
        ("The review is on Monday", PRESENT),
        ("The clinic will open in 2041", FUTURE),
        ("The clinic won't open", FUTURE),
        ("We're going to open in May", FUTURE),
        ("It'll be misty on Friday", FUTURE),
        ("Budget in 2025", None),
    ],
)
def test_tense_without_a_parser(text: str, tense: str | None) -> None:
    assert clause_tense(words(text)) == tense


def test_tense_nearest_verb_group_wins() -> None:
    ws = words("It opened in March and will close in June")
    assert clause_tense(ws, focus=3) == PAST
    assert clause_tense(ws, focus=8) == FUTURE


@pytest.mark.parametrize(
    ("tokens", "tags", "morphs", "tense"),
    [
        (["It", "opened", "in", "May"], ["PRP", "VBD", "IN", "NNP"], ["", "Tense=Past", "", ""],
         PAST),
        (["It", "opens", "in", "May"], ["PRP", "VBZ", "IN", "NNP"], ["", "Tense=Pres", "", ""],
         PRESENT),
        (["It", "will", "open", "in", "May"], ["PRP", "MD", "VB", "IN", "NNP"],
         ["", "", "", "", ""], FUTURE),
        (["a", "red", "door"], ["DT", "JJ", "NN"], ["", "", ""], None),
    ],
)  # fmt: skip
def test_tense_from_a_taggers_morphology(
    tokens: list[str], tags: list[str], morphs: list[str], tense: str | None
) -> None:
    doc = Doc(NLP.vocab, words=tokens, tags=tags, morphs=morphs)
    ws = [Word(t.lower_, t.lower_, t.tag_, ",".join(t.morph.get("Tense", []))) for t in doc]
    assert clause_tense(ws) == tense
