"""The shipped word lists that tell capitalised words from names."""

from __future__ import annotations

import pytest

from kgcheck.nlp.wordlists import is_common_word, is_demonym


@pytest.mark.parametrize("word", ["Snow", "Yoga", "Navigation", "Setting", "Home", "Dinner"])
def test_wordlists_common_words_are_found(word: str) -> None:
    assert is_common_word(word)


@pytest.mark.parametrize("word", ["Sarah", "Paris", "Cleveland", "Starbucks", "Gormley", "Helen"])
def test_wordlists_names_are_no_common_words(word: str) -> None:
    assert not is_common_word(word)


@pytest.mark.parametrize(
    ("word", "expected"),
    [("American", True), ("Americans", True), ("Chinese", True), ("Thai", True), ("Sarah", False)],
)
def test_wordlists_demonyms(word: str, expected: bool) -> None:
    assert is_demonym(word) is expected
