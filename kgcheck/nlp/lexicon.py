"""Predicate matching from the ontology's lexicon (``kgc:lexicalForm`` and the phrasings
derived from labels, :mod:`kgcheck.kb.phrasings`).

Forms are matched on lemmas, so "works in", "worked in" and "is working in" all match the form
"work in"; adverbs and negations may sit inside a form ("is not in room"), and where forms
overlap the longest wins ("is in room" over "is in"). Where a hand-written form and a derived
one are the same words, the hand-written one alone is matched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from kgcheck.nlp.tokens import Tok
from kgcheck.nlp.vocabulary import NEGATIONS, SKIPPABLE

__all__ = ["LexEntry", "Lexicon", "PredicateMatch"]

_MAX_SKIPS = 3
#: Days said relative to today, which take no "on" ("it opened yesterday").
_DAY_WORDS = frozenset({"yesterday", "today", "tomorrow", "tonight"})
#: Tokens that join the words around them ("no-show", "pay-as-you-go").
_HYPHENS = frozenset({"-", "‐"})


@dataclass(frozen=True, slots=True)
class PredicateMatch:
    """Tokens ``[start, end)`` express one of ``properties`` through ``form``; for those in
    ``inverted`` the object comes first ("the leader of T is S": S leads T)."""

    start: int
    end: int
    form: str
    properties: tuple[str, ...]
    negated: bool
    inverted: tuple[str, ...] = ()
    #: Made from a label, not written by hand: read only where the grammar is unambiguous.
    derived: bool = False


class LexEntry(NamedTuple):
    """A form of a property: ``inverse`` names the object first, ``derived`` is made from a
    label rather than written by hand."""

    prop: str
    form: str
    inverse: bool = False
    derived: bool = False


@dataclass
class _Node:
    children: dict[str, _Node] = field(default_factory=dict)
    entries: list[LexEntry] = field(default_factory=list)


class Lexicon:
    """A trie of lemmatised lexical forms.

    Args:
        forms: ``(property IRI, form)`` pairs or :class:`LexEntry`s.
        lemmatize: turns a form's words into the lemmas the pipeline gives tokens.
    """

    def __init__(
        self,
        forms: Iterable[tuple[str, str] | LexEntry],
        lemmatize: Callable[[str], list[str]] | None = None,
    ) -> None:
        self._root = _Node()
        self.size = 0
        split = lemmatize or (lambda text: text.lower().split())
        for item in forms:
            entry = item if isinstance(item, LexEntry) else LexEntry(*item)
            # a hyphen joins words ("no-show fee" and a label's "no show fee" are one form)
            lemmas = [w for w in split(entry.form) if w and w not in _HYPHENS]
            if not lemmas:
                continue
            # a form's words lemmatised alone ("noise cancelling" -> "noise cancel") may not be
            # what the same words are lemmatised to in a sentence ("has active noise
            # cancelling": a noun, "cancelling"): the words as written are a path too
            written = "".join(" " if c in _HYPHENS else c for c in entry.form.lower()).split()
            paths = (
                [lemmas]
                if written == lemmas or len(written) != len(lemmas)
                else [
                    lemmas,
                    written,
                ]
            )
            for path in paths:
                node = self._root
                for lemma in path:
                    node = node.children.setdefault(lemma, _Node())
                if entry not in node.entries:
                    node.entries.append(entry)
                    if path is lemmas:
                        self.size += 1

    def match(self, toks: Sequence[Tok]) -> list[PredicateMatch]:
        """Non-overlapping matches, longest first, in order of position."""
        candidates: list[PredicateMatch] = []
        for i in range(len(toks)):
            best = self._longest_at(toks, i)
            if best is not None:
                candidates.append(best)
        candidates.sort(key=lambda m: (-(m.end - m.start), m.start))
        taken = [False] * len(toks)
        chosen = []
        for m in candidates:
            if not any(taken[m.start : m.end]):
                chosen.append(m)
                for k in range(m.start, m.end):
                    taken[k] = True
        chosen.sort(key=lambda m: m.start)
        return chosen

    @staticmethod
    def _step(node: _Node, toks: Sequence[Tok], i: int) -> _Node | None:
        """The child of ``node`` token ``i`` leads to: by its lemma, else as written; a
        possessive stands where a form has an article ("has its own helipad" of "have a
        helipad")."""
        found = node.children.get(_lemma(toks, i))
        if found is None:
            found = node.children.get(toks[i].lower)
        if found is None and toks[i].lower in _POSSESSIVES:
            found = next((node.children[a] for a in _ARTICLES if a in node.children), None)
        return found

    def _longest_at(self, toks: Sequence[Tok], i: int) -> PredicateMatch | None:
        node = self._step(self._root, toks, i)
        if node is None:
            return None
        best: PredicateMatch | None = None
        negated = False
        j = i + 1
        skips = 0
        while True:
            if node.entries:
                best = _match(node.entries, i, j, negated)
            if j >= len(toks) or toks[j].sent != toks[i].sent:
                break
            if toks[j].text in _HYPHENS and node.children and j + 1 < len(toks):
                j += 1  # "no-show fee": the words a hyphen joins, as "no show fee"
                continue
            nxt = self._step(node, toks, j)
            if nxt is not None:
                node = nxt
                j += 1
                continue
            if (
                (
                    toks[j].lower in SKIPPABLE
                    or toks[j].lower in _MODALS
                    # "its own helipad"
                    or (toks[j].lower == "own" and toks[j - 1].lower in _POSSESSIVES)
                )
                and skips < _MAX_SKIPS
                and node.children
            ):
                negated = negated or toks[j].lower in NEGATIONS
                skips += 1
                j += 1
                continue
            on = node.children.get("on")
            if on is not None and on.entries and toks[j].lower in _DAY_WORDS:
                # "ended yesterday", "opens tomorrow": a form's "on" before a day said
                # relative to today, which English leaves out ("end on": "ended yesterday")
                best = _match(on.entries, i, j, negated)
            break
        return best


def _match(entries: list[LexEntry], start: int, end: int, negated: bool) -> PredicateMatch:
    """The match of a node's entries: the hand-written ones when there are any."""
    trusted = [e for e in entries if not e.derived] or entries
    props = tuple(dict.fromkeys(e.prop for e in trusted))
    direct = {e.prop for e in trusted if not e.inverse}
    inverted = tuple(p for p in props if p not in direct)
    derived = all(e.derived for e in trusted)
    return PredicateMatch(start, end, trusted[0].form, props, negated, inverted, derived)


#: Possessives that stand where a form has an article, and the articles they stand for.
_POSSESSIVES = frozenset({"its", "their", "our", "his", "her", "your", "my"})
_ARTICLES = ("a", "an", "the")
#: Auxiliaries that may stand inside a form of a noun and a verb: "renovation will end in".
_MODALS = frozenset(
    {"will", "would", "shall", "should", "can", "could", "may", "might", "must", "did", "has",
     "had"}
)  # fmt: skip


def _lemma(toks: Sequence[Tok], i: int) -> str:
    tok = toks[i]
    if tok.lemma == "'s":
        # "it's", "she's in room 4": the contraction of "is"; after a name it is possessive
        prev = toks[i - 1].lower if i > 0 else ""
        return "be" if prev in {"it", "he", "she", "that", "there", "who", "what"} else "'s"
    return tok.lemma
