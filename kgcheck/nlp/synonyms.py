"""Nouns of one sense, from WordNet: "layover" and "stop" ("Number of stops"), "rider" and
"passenger", "luggage" and "baggage". A reply names what a property counts or holds in its own
words; where no property's own words name it, a word that shares one of its senses with them
does.

WordNet is read by NLTK (``pip install kgcheck[lexicon]``) from where NLTK keeps its data
(``python -m nltk.downloader wordnet``, or the folder ``NLTK_DATA`` names holding
``corpora/wordnet``). Without NLTK or its WordNet, a word has no synonyms here and every check
reads the words as written, as before.

Usage::

    synonyms("layover")                       # {"stop", "stopover"}
    named_by("layovers", {"stop": {STOPS}})   # {STOPS}
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, TypeVar

__all__ = ["WordNet", "named_by", "synonyms", "wordnet"]

_log = logging.getLogger(__name__)
_T = TypeVar("_T")


class WordNet:
    """The nouns of WordNet that share a sense, read from a WordNet database in NLTK's layout.

    Args:
        root: NLTK's path (a folder or a pointer into a zip file) of ``corpora/wordnet``.
    """

    def __init__(self, root: Any) -> None:
        from nltk.corpus.reader.wordnet import WordNetCorpusReader

        with warnings.catch_warnings():
            # "The multilingual functions are not available": none are used here
            warnings.simplefilter("ignore", UserWarning)
            self._reader = WordNetCorpusReader(root, None)

    def synonyms(self, noun: str) -> frozenset[str]:
        """The other nouns of the senses of ``noun`` (lower case, words apart with spaces)."""
        word = noun.lower().strip()
        if not word:
            return frozenset()
        names = {
            lemma.name().replace("_", " ").lower()
            for synset in self._reader.synsets(word.replace(" ", "_"), pos="n")
            for lemma in synset.lemmas()
        }
        return frozenset(names - {word})

    def close(self) -> None:
        """Close the database files the reader keeps open (NLTK opens each on first use)."""
        files: dict[str, Any] = getattr(self._reader, "_data_file_map", {})
        for handle in files.values():
            if handle is not None:
                handle.close()
        files.clear()


@lru_cache(maxsize=1)
def wordnet() -> WordNet | None:
    """The WordNet NLTK finds, loaded once (a few seconds); ``None`` without NLTK or its
    WordNet data."""
    try:
        import nltk
    except ImportError:
        return None
    try:
        root = nltk.data.find("corpora/wordnet")
    except LookupError:
        return None
    try:
        return WordNet(root)
    except (OSError, ValueError, LookupError) as exc:
        # a WordNet folder that is not whole: say so once and read words as written
        _log.warning("WordNet at %s could not be read (%s); no synonyms are used", root, exc)
        return None


@lru_cache(maxsize=65536)
def synonyms(noun: str) -> frozenset[str]:
    """The nouns sharing a sense with ``noun``, from :func:`wordnet`; none without it."""
    found = wordnet()
    return found.synonyms(noun) if found is not None else frozenset()


def named_by(noun: str, table: Mapping[str, set[_T]]) -> set[_T]:
    """What ``table`` holds for ``noun`` (a singular noun), or where it holds nothing for it,
    for the nouns sharing one of its senses ("layover": what it holds for "stop")."""
    direct = table.get(noun)
    if direct:
        return set(direct)
    out: set[_T] = set()
    for other in synonyms(noun):
        out |= table.get(other, set())
    return out
