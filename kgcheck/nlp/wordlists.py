"""Word lists that tell a capitalised word from a name, generated from maintained sources.

- ``common_words``: lower-case English words that are written in lower case more often than
  capitalised ("snow", "yoga", "navigation", but not "paris" or "sarah"), from the word
  probabilities of spaCy's ``spacy-lookups-data`` (``en_lexeme_prob``, MIT). A capitalised word
  of this list is capitalised for its place in the sentence, not because it names something.
- ``demonyms``: the adjectives of nationality ("American", "Chinese"), from the country data
  of ``countryinfo`` (MIT).

Loading the sources costs seconds and hundreds of megabytes, so the lists ship as small files
in ``kgcheck/resources``, read on first use. Regenerate them after upgrading either source::

    pip install countryinfo && python -m kgcheck.nlp.wordlists
"""

from __future__ import annotations

import gzip
import json
import sys
from functools import cache
from pathlib import Path

from kgcheck.values.lemmas import lookup_lemma

__all__ = ["common_words", "demonyms", "is_common_word", "is_demonym", "lookup_lemma"]

RESOURCES = Path(__file__).resolve().parent.parent / "resources"
COMMON_WORDS = RESOURCES / "common_words.txt.gz"
DEMONYMS = RESOURCES / "demonyms.txt"

#: Words rarer than this (natural log of the probability) are left out: a word that rare is
#: no evidence either way, and the list stays small.
MIN_LOG_PROB = -15.5


@cache
def common_words() -> frozenset[str]:
    with gzip.open(COMMON_WORDS, "rt", encoding="utf-8") as f:
        return frozenset(line.strip() for line in f if line.strip())


@cache
def demonyms() -> frozenset[str]:
    lines = DEMONYMS.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().casefold() for line in lines if line.strip())


def is_common_word(word: str) -> bool:
    """Whether ``word`` is an ordinary English word, more often written in lower case."""
    return word.casefold() in common_words()


def is_demonym(word: str) -> bool:
    """Whether ``word`` is an adjective of nationality or its plural ("American", "Americans")."""
    folded = word.casefold()
    found = demonyms()
    return folded in found or (folded.endswith("s") and folded[:-1] in found)


def generate() -> tuple[list[str], list[str]]:  # pragma: no cover - a maintainer's tool
    """The two lists from their sources (needs ``countryinfo`` installed)."""
    import spacy_lookups_data  # type: ignore[import-untyped]
    from countryinfo import all_countries  # type: ignore[import-not-found,unused-ignore]

    data = Path(spacy_lookups_data.__file__).parent / "data" / "en_lexeme_prob.json.gz"
    with gzip.open(data, "rt", encoding="utf-8") as f:
        prob: dict[str, float] = json.load(f)
    common = sorted(
        word
        for word, p in prob.items()
        if p > MIN_LOG_PROB
        and word.isalpha()
        and word.islower()
        and prob.get(word.capitalize(), -100.0) < p
    )
    names: set[str] = set()
    for country in all_countries():
        for demonym in (country.info().get("demonym") or "").split(","):
            if demonym.strip() and " " not in demonym.strip():
                names.add(demonym.strip())
    return common, sorted(names)


def main() -> int:  # pragma: no cover - a maintainer's tool
    common, names = generate()
    with gzip.open(COMMON_WORDS, "wt", encoding="utf-8", compresslevel=9) as f:
        f.write("\n".join(common) + "\n")
    DEMONYMS.write_text("\n".join(names) + "\n", encoding="utf-8")
    print(f"{len(common)} common words, {len(names)} demonyms -> {RESOURCES}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
