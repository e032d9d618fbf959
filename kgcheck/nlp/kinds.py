"""Entities a reply names by the kind of thing they are rather than by their exact label:
"the swim lesson" for the KB's "swimming activity", "your tennis" for "tennis activity".

Only lower-case KB labels (common nouns naming an event or an errand, as calendars and task
lists write them) are read this way, and only after a determiner, a possessive or a verb
such as "play" or "take" ("play tennis", "take your medicine"). A label's
words other than a generic head ("activity", "lesson", "appointment") must be the phrase's
words other than such heads, compared by a plain stem ("swimming" and "swim" alike)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kgcheck.nlp.tokens import Tok
from kgcheck.values.quantities import NUMBER_WORDS

__all__ = ["KindIndex"]

#: Heads that say what sort of entry something is, not which one.
GENERIC_HEADS = frozenset(
    ["activity", "activities", "lesson", "lessons", "appointment", "appointments", "class",
     "classes", "session", "sessions", "practice", "game", "games", "event", "events", "meeting",
     "meetings", "visit", "training", "match", "reservation", "booking", "event"]
)  # fmt: skip
#: Verbs after which a noun phrase naming a kind of entry starts ("play tennis" names the
#: tennis activity as "your tennis" does).
_VERBS = frozenset(
    ["play", "plays", "playing", "played", "take", "takes", "taking", "took", "have", "has",
     "having", "attend", "attends", "attending"]
)  # fmt: skip
#: Words after which a noun phrase naming a kind of entry starts ("three yoga activities": a
#: count too).
_OPENERS = _VERBS | NUMBER_WORDS | {
    "the", "your", "my", "a", "an", "his", "her", "their", "our", "next", "upcoming", "this"
}  # fmt: skip
_MAX_WORDS = 3


def _stem(word: str) -> str:
    """A plain stem: "swimming" -> "swim", "doctor's" -> "doctor", "lessons" -> "lesson"."""
    w = word.lower().removesuffix("'s").removesuffix("’s")
    if w.endswith("ing") and len(w) > 5:
        w = w[:-3]
        if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "ls":
            w = w[:-1]
    elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        w = w[:-1]
    # "take" and "taking" alike
    return w[:-1] if w.endswith("e") and len(w) > 3 else w


def _content(words: Sequence[str]) -> frozenset[str]:
    return frozenset(_stem(w) for w in words if w.lower() not in GENERIC_HEADS)


class KindIndex:
    """Lower-case KB labels by their content stems."""

    def __init__(self, labels: Iterable[tuple[str, str]]) -> None:
        self._by_content: dict[frozenset[str], set[str]] = {}
        for iri, label in labels:
            words = label.split()
            if not words or len(words) > _MAX_WORDS + 1 or label != label.lower():
                continue
            if not all(w.replace("'", "").replace("’", "").isalpha() for w in words):
                continue
            # "taking medicine" is named "your medicine" as well
            rest = words[1:] if len(words) > 1 and words[0] in _VERBS else []
            for content in {_content(words), _content(rest)}:
                if content:
                    self._by_content.setdefault(content, set()).add(iri)

    def __bool__(self) -> bool:
        return bool(self._by_content)

    def find(self, toks: Sequence[Tok], i: int, covered: Sequence[bool]) -> tuple[int, set[str]]:
        """The longest phrase at token ``i`` naming entries by kind: its token count and the
        entities; ``(0, set())`` when there is none."""
        opener = toks[i - 1].lower if i else ""
        if not (opener in _OPENERS or opener.isdigit()) or toks[i - 1].sent != toks[i].sent:
            return 0, set()
        run = 0
        while (
            run < _MAX_WORDS
            and i + run < len(toks)
            and not covered[i + run]
            and toks[i + run].sent == toks[i].sent
            and toks[i + run].is_alpha
            and toks[i + run].text == toks[i + run].lower
        ):
            run += 1
        # "take (your) medicine" names "taking medicine" as well as "medicine"
        before = [t for t in toks[max(0, i - 2) : i] if t.sent == toks[i].sent]
        verb = [
            t.text
            for k, t in enumerate(before)
            if t.lower in _VERBS and all(u.lower in _OPENERS for u in before[k + 1 :])
        ][-1:]
        for n in range(run, 0, -1):
            words = [t.text for t in toks[i : i + n]]
            found = self._by_content.get(_content(words)) or (
                self._by_content.get(_content(verb + words)) if verb else None
            )
            if found:
                return n, found
        return 0, set()
