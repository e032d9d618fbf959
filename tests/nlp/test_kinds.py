"""Entries named by their kind: "the swim lesson" for the KB's "swimming activity"."""

from __future__ import annotations

import pytest
import spacy

from kgcheck.nlp.kinds import KindIndex
from kgcheck.nlp.tokens import tokens_of

LABELS = [
    ("urn:swim", "swimming activity"),
    ("urn:tennis1", "tennis activity"),
    ("urn:tennis2", "tennis activity"),
    ("urn:dentist", "dentist appointment"),
    ("urn:alex", "Alex"),  # a name, not a kind
    ("urn:meeting", "meeting"),  # a head alone says no kind
]


@pytest.mark.parametrize(
    ("text", "word", "found"),
    [
        ("The swim lesson is at 1 pm.", 1, {"urn:swim"}),
        ("Your swimming is at 1 pm.", 1, {"urn:swim"}),
        ("Your tennis is on Thursday.", 1, {"urn:tennis1", "urn:tennis2"}),
        ("Your dentist's appointment is on the 5th.", 1, {"urn:dentist"}),
        # a count opens the phrase too ("You have two tennis activities")
        ("You have two tennis activities.", 3, {"urn:tennis1", "urn:tennis2"}),
        ("You have 2 tennis activities.", 3, {"urn:tennis1", "urn:tennis2"}),
        ("You can swim on Friday.", 2, set()),  # no determiner: a verb
        ("Your meeting is at 5.", 1, set()),
        ("Your alex is here.", 1, set()),
    ],
)
def test_kinds_phrase_after_a_determiner_names_entries_of_that_kind(
    text: str, word: int, found: set[str]
) -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    toks = tokens_of(nlp(text))
    n, iris = KindIndex(LABELS).find(toks, word, [False] * len(toks))
    assert iris == found
    assert (n > 0) is bool(found)
