"""The content of a sentence as words: its content words (stemmed), whether it is negated, and
the citations of sources to leave aside. The model checks (``kgcheck.detectors.model_checks``)
and evidence-use grounding (``kgcheck.nli.grounding``) compare sentences by these.

Usage::

    content_words("Your dinner is at 7pm.")   # {"dinner", "7", "pm"}
"""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer

__all__ = ["CITATION", "content_words", "denies", "negated", "stem"]

#: A citation of sources: ``[S0]``, ``[S0, S2]``, ``[S0; doc-3]``.
CITATION = re.compile(r"\s*\[([^\[\]\n]{1,80})\]")
#: Words, with a number and its unit apart ("1pm" is "1" "pm", as "1 pm" is).
_WORD = re.compile(r"\d+(?:[.,]\d+)*(?:st|nd|rd|th)?|[^\W\d_]+(?:['’-][^\W\d_]+)*")
_NEGATIONS = frozenset(
    ["not", "no", "never", "none", "nothing", "nobody", "nor", "neither", "cannot", "without"]
)
_STOPWORDS = frozenset(
    ["a", "an", "the", "of", "in", "on", "at", "to", "for", "by", "with", "and", "or", "as",
     "is", "are", "was", "were", "be", "been", "am", "has", "have", "had", "do", "does", "did",
     "it", "its", "this", "that", "these", "those", "their", "his", "her", "he", "she", "they",
     "them", "i", "me", "my", "you", "your", "we", "our", "us", "so", "now", "also", "too",
     "just", "said", "say", "says", "well", "yes", "dr", "mr", "mrs", "ms"]
)  # fmt: skip
#: Words that say what the speaker wants, not what is so: "You need a gas station" says no
#: more than "a gas station" about the world.
_WANTING = frozenset(["need", "needs", "want", "wants", "would", "like", "please", "'d"])
_STEMMER = snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    return str(_STEMMER.stemWord(word))


def stem(word: str) -> str:
    """``word``'s Snowball stem: "arrive" and "arrival" share "arriv"."""
    return _stem(word.casefold())


def _words(text: str) -> list[str]:
    return [w.casefold().replace("’", "'") for w in _WORD.findall(text)]


def negated(words: list[str]) -> bool:
    """Whether the words hold a negation."""
    return any(w in _NEGATIONS or w.endswith("n't") for w in words)


#: An answer opening a sentence ("No, it is closed today."): it denies the question, not what
#: the sentence goes on to say.
_ANSWER = re.compile(r"^\W*(?:no|nope|nah)\s*[,.!;:\u2013\u2014-]", re.I)


def denies(text: str) -> bool:
    """Whether ``text`` holds a negation, an answer "No," opening it aside."""
    return negated(_words(_ANSWER.sub("", text, count=1)))


def content_words(text: str) -> set[str]:
    """The stems (Snowball) of the words of ``text`` that carry its content: no function words,
    negations or words of wanting; a number apart from its unit ("1pm" as "1 pm")."""
    return {
        _stem(w)
        for w in _words(text)
        if w not in _STOPWORDS
        and w not in _NEGATIONS
        and w not in _WANTING
        and not w.endswith("n't")
    }
