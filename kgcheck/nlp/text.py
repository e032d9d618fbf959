"""Input text made safe to analyse, without moving any character.

Replies and turns come from agents and from JSON bodies, which may carry lone surrogates
(``"\\udc80"``): spaCy cannot hash them and no store can write them. :func:`clean_text` replaces
each with U+FFFD, one character for one, so that every offset into the original stays valid.

spaCy's tokenizer strips affixes one at a time from a run of characters without a space, which
is quadratic in the run's length (``"[" * 19060`` took a minute). :func:`mask_long_runs` hides
runs longer than a cap behind a placeholder of the same length (they are not analysed), and
:func:`bounded_suffix_search` bounds each suffix search to the tail of the string.

Usage::

    text = clean_text(reply)
    analysed, masked = mask_long_runs(text, 200)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["PLACEHOLDER", "bounded_suffix_search", "clean_text", "mask_long_runs"]

#: The character a run too long to analyse is replaced with (one token, no meaning).
PLACEHOLDER = "x"

_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD (same length, same offsets)."""
    if text.isascii():
        return text
    return _SURROGATE.sub("\ufffd", text)


def mask_long_runs(text: str, max_run: int) -> tuple[str, int]:
    """``text`` with every run of more than ``max_run`` non-space characters replaced by
    :data:`PLACEHOLDER` repeated to the same length, and how many runs were replaced."""
    if len(text) <= max_run:
        return text, 0
    count = 0

    def mask(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return PLACEHOLDER * (m.end() - m.start())

    pattern = re.compile(rf"\S{{{max_run + 1},}}")
    return pattern.sub(mask, text), count


class _TailSearch:
    """A suffix search over the last ``window`` characters only: a suffix is short, and
    searching the whole remaining string for each suffix stripped is quadratic."""

    def __init__(self, search: Callable[[str], Any], window: int) -> None:
        self._search = search
        self.window = window
        # spaCy serialises the tokenizer's suffix pattern from ``suffix_search.__self__``
        self.pattern = getattr(getattr(search, "__self__", None), "pattern", None)

    def search(self, string: str) -> Any:
        if len(string) <= self.window:
            return self._search(string)
        return self._search(string[len(string) - self.window :])


def bounded_suffix_search(search: Callable[[str], Any], window: int = 64) -> Callable[[str], Any]:
    """``search`` (a tokenizer's ``suffix_search``) run on the last ``window`` characters.

    spaCy reads only the length of the match, which the window does not change for any suffix
    shorter than it.
    """
    if isinstance(getattr(search, "__self__", None), _TailSearch):
        return search
    return _TailSearch(search, window).search


#: A sentence's end with no space after it, between a lower-case word and the next sentence's
#: capitalised word or number ("What about Air France?You can ...", "local time.1 layovers"):
#: spaCy's English infixes split "itinerary.Cost" but neither of these. An abbreviation
#: ("e.g.", "Mr.Smith") or a number ("v1.2", "3.5") has no two lower-case letters before it,
#: and a capitalised word of three letters is no sentence's end but a name's ("Arc The.Hotel").
UNSPACED_SENTENCE_END = r"(?<=[a-z]{2})(?<![A-Z][a-z]{2})[.?!](?=[A-Z][a-z]|[0-9])"


def with_unspaced_sentence_ends(
    finditer: Callable[[str], Iterator[re.Match[str]]] | None,
) -> Callable[[str], Iterator[re.Match[str]]] | None:
    """A tokenizer's ``infix_finditer`` (a compiled pattern's, or none) that also splits at
    :data:`UNSPACED_SENTENCE_END`; one of another making is kept as it is."""
    if finditer is None:
        return re.compile(UNSPACED_SENTENCE_END).finditer
    found = getattr(finditer, "__self__", None)
    if not isinstance(found, re.Pattern) or UNSPACED_SENTENCE_END in found.pattern:
        return finditer
    return re.compile(f"{found.pattern}|{UNSPACED_SENTENCE_END}").finditer
