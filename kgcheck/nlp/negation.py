"""Negations a value is stated under, and the edit that drops one.

"The cap rate in Q1 2024 was not 5.4%" denies the value; when the KB holds it, the reply
contradicts the KB and the correction is to drop the negation ("was 5.4%"). When the KB holds
another value, the denial is true and nothing is wrong.
"""

from __future__ import annotations

import re

from kgcheck.types import Span

__all__ = ["denies_value", "negated_before", "without_negation"]

_NEGATION = re.compile(r"\s+(?:not|never)\b|(?<=\w)n['’]t\b", re.I)
#: A negation a few words before a value, in the same clause: "was not 5.4%", "isn't over $2M".
_NEGATED_VALUE = re.compile(
    r"(?:\b(?:not|never|no\s+longer)|n['’]t)\s+(?:[\w$€£.%-]+\s+){0,3}$", re.I
)
_CLAUSE_BREAK = re.compile(r"[,;:.!?]\s|\s(?:and|but|or|while|whereas)\s", re.I)
_CONTRACTED = {"can": "can", "ca": "can", "wo": "will", "sha": "shall"}
#: What a negation denies in place of the value after it: a bound ("never more than £60" is
#: "at most £60", "doesn't close until 11:30 pm" closes at 11:30 pm) or a degree ("isn't far
#: behind at 281 miles"). The value stands, whatever the KB holds.
_SCOPE_TAKERS = re.compile(
    r"\b(?:more|less|fewer|longer|shorter|later|earlier|over|under|above|below|until|till|"
    r"before|after|beyond|within|least|most|far|much|too|quite|so|that|as|only|just|even)\b",
    re.I,
)
_LAST_NEGATION = re.compile(r"(?:\b(?:not|never|no\s+longer)|n['’]t)\b", re.I)


def negated_before(text: str, start: int, clause_start: int = 0) -> bool:
    """Whether the value at ``start`` of ``text`` is denied: a negation at most three words
    before it, with no clause break between ("was not 5.4%"; not "did not rise, it was 5.4%")."""
    window = text[clause_start:start]
    breaks = list(_CLAUSE_BREAK.finditer(window))
    if breaks:
        window = window[breaks[-1].end() :]
    return _NEGATED_VALUE.search(window) is not None


def denies_value(text: str, start: int, clause_start: int = 0) -> bool:
    """Whether the last negation before the value at ``start`` (in its clause) denies the value
    itself, not a bound or a degree between them (see ``_SCOPE_TAKERS``); ``True`` when no
    negation stands before it."""
    window = text[clause_start:start]
    found = list(_LAST_NEGATION.finditer(window))
    if not found:
        return True
    return _SCOPE_TAKERS.search(window, found[-1].end()) is None


def without_negation(text: str, span: Span) -> tuple[Span, str] | None:
    """The edit that drops the one negation inside ``span`` of ``text`` ("is not" -> "is",
    "doesn't" -> "does", "can't" -> "can", "won't" -> "will"); ``None`` unless there is
    exactly one."""
    found = list(_NEGATION.finditer(text, span.start, span.end))
    if len(found) != 1:
        return None
    neg = found[0]
    if neg.group(0)[:1] in "nN":  # a contraction: the word it hangs on may change
        word = re.search(r"(\w+)$", text[span.start : neg.start()])
        if word is not None and word.group(1).lower() in _CONTRACTED:
            begin = neg.start() - len(word.group(1))
            return Span(begin, neg.end()), _CONTRACTED[word.group(1).lower()]
    return Span(neg.start(), neg.end()), ""
