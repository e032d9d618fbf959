"""The tense of a clause: past, present or future.

With a tagger (a pretrained pipeline) the finite verb's morphology decides (``Tense=Past``, tag
``VBD``, ``MD`` "will"). Without one, auxiliaries decide ("will", "was", "has been"), then verb
forms: a word the lemmatizer reduces and that ends in "-ed", or a common irregular past form.

Usage::

    clause_tense([Word("opened", "open")])   # "past"
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["FUTURE", "PAST", "PRESENT", "Word", "clause_tense"]

PAST = "past"
PRESENT = "present"
FUTURE = "future"

_FUTURE_AUX = frozenset({"will", "'ll", "shall", "wo", "gonna"})
_PAST_AUX = frozenset({"was", "were", "had", "did", "'d", "used"})
_PRESENT_AUX = frozenset({"is", "are", "am", "'re", "'m", "do", "does", "can", "may", "must"})
_PERFECT_AUX = frozenset({"has", "have", "'ve"})
#: Common irregular past-tense forms (regular ones end in "-ed").
_IRREGULAR_PAST = frozenset(
    {
        "began", "became", "bought", "brought", "built", "came", "chose", "drove", "fell",
        "felt", "flew", "forgot", "gave", "went", "got", "grew", "held", "kept", "knew", "led",
        "left", "lost", "made", "meant", "met", "paid", "ran", "rose", "said", "sang", "saw",
        "sent", "slept", "sold", "spent", "spoke", "stood", "took", "taught", "told", "thought",
        "understood", "won", "wrote", "broke", "caught", "drew", "fought", "found", "hung",
        "overtook", "shut", "struck", "swam", "threw", "woke", "withdrew",
    }
)  # fmt: skip
_ADVERBS = frozenset(
    {"not", "n't", "never", "already", "just", "also", "still", "currently", "now", "really"}
)
_NOT_VERBS = frozenset({"red", "bed", "need", "feed", "seed", "speed", "hundred", "shed"})


@dataclass(frozen=True, slots=True)
class Word:
    """One token as the tense rules read it: lower-case text, lemma, and, when a tagger ran,
    its fine-grained tag and its ``Tense`` morphology feature."""

    lower: str
    lemma: str
    tag: str = ""
    tense: str = ""


def clause_tense(words: Sequence[Word], focus: int | None = None) -> str | None:
    """The tense of the clause ``words``; the verb group nearest ``focus`` (a word index) wins.

    Returns ``past``, ``present``, ``future`` or ``None`` when no verb form says.
    """
    found: list[tuple[int, str]] = []
    n = 0
    while n < len(words):
        tense, used = _verb_group(words, n)
        if tense is not None:
            found.append((n, tense))
        n += used
    if not found:
        return None
    if focus is None:
        return found[0][1]
    return min(found, key=lambda item: (abs(item[0] - focus), item[0] > focus))[1]


def _verb_group(words: Sequence[Word], n: int) -> tuple[str | None, int]:
    """The tense a verb group starting at ``n`` expresses, and how many words it spans."""
    w = words[n]
    nxt = words[n + 1] if n + 1 < len(words) else None
    if w.lower in _FUTURE_AUX:
        return FUTURE, _group_end(words, n) - n
    if w.lower == "going" and nxt is not None and nxt.lower == "to":
        return FUTURE, 3
    if w.lower in _PERFECT_AUX:
        # "has opened", "have been": the present perfect tells of the past
        k = _skip_adverbs(words, n + 1)
        if k < len(words) and words[k].lower == "got":
            # "you've got two instalments left": "have got" is "have", in the present
            return PRESENT, k + 1 - n
        if k < len(words) and _is_participle(words[k]):
            return PAST, _group_end(words, k) - n
        return PRESENT, 1
    if w.tag:  # a tagger ran: trust the tags of finite verbs
        if w.tag == "VBD" or (w.tense == "Past" and w.tag.startswith("VB") and w.tag != "VBN"):
            return PAST, _group_end(words, n) - n
        if w.tag in {"VBZ", "VBP"}:
            return PRESENT, _group_end(words, n) - n
        return None, 1
    if w.lower in _PAST_AUX:
        return PAST, _group_end(words, n) - n
    if w.lower in _PRESENT_AUX or (w.lower == "'s" and w.lemma == "be"):
        end = _group_end(words, n)
        if words[end - 1].lower == "going" and end < len(words) and words[end].lower == "to":
            return FUTURE, end - n + 1  # "is going to open"
        return PRESENT, end - n
    if _is_past_form(w):
        return PAST, 1
    return None, 1


def _skip_adverbs(words: Sequence[Word], k: int) -> int:
    while k < len(words) and words[k].lower in _ADVERBS:
        k += 1
    return k


def _group_end(words: Sequence[Word], n: int) -> int:
    """The end of the group opened by the auxiliary at ``n``: "was not opened", "is being"."""
    k = _skip_adverbs(words, n + 1)
    while k < len(words) and (
        _is_participle(words[k]) or words[k].lower.endswith("ing") or words[k].lower == "be"
    ):
        k += 1
    return max(k, n + 1)


def _is_participle(w: Word) -> bool:
    if w.tag:
        return w.tag == "VBN"
    return w.lower == "been" or _is_past_form(w)


def _is_past_form(w: Word) -> bool:
    if w.lower in _IRREGULAR_PAST:
        return True
    if w.lower in _NOT_VERBS or not w.lower.endswith("ed") or len(w.lower) < 4:
        return False
    return w.lemma != w.lower
