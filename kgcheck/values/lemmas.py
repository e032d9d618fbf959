"""Word lemmas from spaCy's English lookup table (``spacy-lookups-data``): the singular of a
plural noun ("buses" -> "bus", "statuses" -> "status", "analyses" -> "analysis") and a verb's
base form, whatever the word's part of speech. The table takes seconds to load: once, on first
use."""

from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["known_lemma", "lookup_lemma"]


def lookup_lemma(word: str) -> str:
    """The lemma spaCy's English lookup table gives a word form, whatever its part of speech
    ("buses" -> "bus", "rating" -> "rate"); the word itself when the table has none."""
    return known_lemma(word) or word


def known_lemma(word: str) -> str | None:
    """The lemma the table gives ``word`` (``word`` itself for a form that is its own lemma:
    "species", "news"), or ``None`` when the table does not know the form."""
    found = _lemma_table().get(word)
    return str(found) if found is not None else None


@cache
def _lemma_table() -> Any:
    from spacy.lookups import load_lookups

    return load_lookups("en", ["lemma_lookup"]).get_table("lemma_lookup")
