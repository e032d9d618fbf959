"""Say another speaker's sentence from the replying speaker's side, so that an NLI model
compares like with like: the user's "I have two dogs" is "you have two dogs" to the assistant,
and does not contradict the assistant's own "I have no pets".

Swaps first and second person (I/you, me/you, my/your, mine/yours, myself/yourself, am/are
with them, we and us are left alone: they may include both speakers).
"""

from __future__ import annotations

import re

__all__ = ["from_other_side"]

_FIXED = {
    "i": "you",
    "me": "you",
    "my": "your",
    "mine": "yours",
    "myself": "yourself",
    "i'm": "you're",
    "i've": "you've",
    "i'd": "you'd",
    "i'll": "you'll",
    "your": "my",
    "yours": "mine",
    "yourself": "myself",
    "you're": "I'm",
    "you've": "I've",
    "you'd": "I'd",
    "you'll": "I'll",
}
_TOKEN = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?|[^A-Za-z]+")
#: After these "you" is an object ("I told you"), elsewhere a subject ("you are").
_BEFORE_OBJECT = {
    "to", "with", "for", "at", "about", "from", "of", "by", "on", "like", "than", "love",
    "see", "tell", "told", "ask", "asked", "thank", "help", "meet", "miss", "know", "call",
}  # fmt: skip


def _case(word: str, like: str, at_start: bool) -> str:
    if word == "I" or word.startswith("I'"):
        return word
    return word.capitalize() if at_start and like[:1].isupper() else word.lower()


_VERBS = {
    # (verb, the pronoun before or after it) -> verb
    ("am", "i"): "are",
    ("was", "i"): "were",
    ("are", "you"): "am",
    ("were", "you"): "was",
}


def from_other_side(sentence: str) -> str:
    """``sentence`` as the other speaker would put it."""
    tokens = _TOKEN.findall(sentence)
    words = [t.lower().replace("’", "'") if t[:1].isalpha() else "" for t in tokens]
    out: list[str] = []
    previous = ""  # the last word
    at_start = True
    for n, token in enumerate(tokens):
        if not words[n]:
            out.append(token)
            if re.search(r"[.!?]", token):
                at_start = True
            continue
        lower = words[n]
        following = next((w for w in words[n + 1 :] if w), "")
        if lower == "you":
            swapped = "me" if previous in _BEFORE_OBJECT else "I"
        elif (lower, previous) in _VERBS:
            swapped = _VERBS[(lower, previous)]
        elif (lower, following) in _VERBS:  # "are you ...?"
            swapped = _VERBS[(lower, following)]
        else:
            swapped = _FIXED.get(lower, token)
        out.append(token if swapped == token else _case(swapped, token, at_start))
        previous = lower
        at_start = False
    return "".join(out)
