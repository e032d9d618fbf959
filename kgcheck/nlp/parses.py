"""The parses of sentences analysed lately, lent to a sentence that differs from one of them only
in a value: the re-check of a correction ("Her extension is 4412." after "Her extension is
4413.") reads the corrected sentence with the parse the reply's own analysis made, instead of
running the tagger and the parser again.

A sentence borrows a remembered parse when it has as many tokens, the same words but for one
run, and each changed word is a value of the same kind as the word it replaces: the same
shape (``dddd``, ``dd:dd``, ``Xxxxx``), both numbers, or both capitalised names, whose lemma is
the word itself (so "minutes" for "hours" is parsed again), and the word replaced is a value:
a name, a number or a word with digits ("on" for "in" is parsed again). The borrowed parse keeps the
sentence's structure, which a value of the same kind does not change; everything kgcheck reads
from the words themselves (names, numbers, dates) is read from the new words.

Usage::

    parses = ParseMemory()
    parses.remember(doc)                      # after a parsed analysis
    borrowed = parses.lend(nlp.make_doc(text))  # a parsed Doc, or None: parse it
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from spacy.tokens import Doc, Token

__all__ = ["ParseMemory"]

#: Parts of speech of the words a value replaces (a name, a number).
_VALUE_POS = frozenset({"PROPN", "NUM"})


@dataclass(frozen=True, slots=True)
class _Parsed:
    """One sentence's words and the annotations its parse gave them (heads relative to the
    sentence's first token)."""

    words: tuple[str, ...]
    shapes: tuple[str, ...]
    nums: tuple[bool, ...]
    titles: tuple[bool, ...]
    tags: tuple[str, ...]
    pos: tuple[str, ...]
    morphs: tuple[str, ...]
    lemmas: tuple[str, ...]
    heads: tuple[int, ...]
    deps: tuple[str, ...]


class ParseMemory:
    """The parsed sentences of the last ``size`` analyses (thread-safe)."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        # sentences by their number of tokens, each group oldest first
        self._by_length: dict[int, OrderedDict[tuple[str, ...], _Parsed]] = {}
        self._order: OrderedDict[tuple[int, tuple[str, ...]], None] = OrderedDict()
        self._lock = threading.Lock()

    def remember(self, doc: Doc) -> None:
        """Keep the parse of each sentence of ``doc`` (a tagged and parsed Doc)."""
        if not (doc.has_annotation("DEP") and doc.has_annotation("TAG")):
            return
        found = []
        for sent in doc.sents:
            start = sent.start
            found.append(
                _Parsed(
                    words=tuple(t.text for t in sent),
                    shapes=tuple(t.shape_ for t in sent),
                    nums=tuple(t.like_num for t in sent),
                    titles=tuple(t.is_title for t in sent),
                    tags=tuple(t.tag_ for t in sent),
                    pos=tuple(t.pos_ for t in sent),
                    morphs=tuple(str(t.morph) for t in sent),
                    lemmas=tuple(t.lemma_ for t in sent),
                    heads=tuple(t.head.i - start for t in sent),
                    deps=tuple(t.dep_ for t in sent),
                )
            )
        with self._lock:
            for parsed in found:
                key = (len(parsed.words), parsed.words)
                group = self._by_length.setdefault(key[0], OrderedDict())
                group[parsed.words] = parsed
                group.move_to_end(parsed.words)
                self._order[key] = None
                self._order.move_to_end(key)
            while len(self._order) > self.size:
                (length, words), _ = self._order.popitem(last=False)
                self._by_length[length].pop(words, None)

    def lend(self, doc: Doc) -> Doc | None:
        """``doc`` (tokenised only, one sentence) with the parse of a remembered sentence it
        differs from only in values of the same kind; ``None`` where there is none."""
        words = [t.text for t in doc]
        with self._lock:
            same_length = list(self._by_length.get(len(words), {}).values())
        for parsed in reversed(same_length):  # the latest first
            changed = _changed(parsed, doc)
            if changed is None:
                continue
            lemmas = list(parsed.lemmas)
            for i in changed:
                lemmas[i] = doc[i].text
            return Doc(
                doc.vocab,
                words=words,
                spaces=[bool(t.whitespace_) for t in doc],
                user_data=dict(doc.user_data),
                tags=list(parsed.tags),
                pos=list(parsed.pos),
                morphs=list(parsed.morphs),
                lemmas=lemmas,
                heads=list(parsed.heads),
                deps=list(parsed.deps),
                sent_starts=[i == 0 for i in range(len(words))],
            )
        return None


def _changed(parsed: _Parsed, doc: Doc) -> list[int] | None:
    """The indices where ``doc``'s words differ from ``parsed``'s, when they form one run of
    values of the same kind (see the module); ``None`` otherwise."""
    changed = [i for i, t in enumerate(doc) if t.text != parsed.words[i]]
    if changed and changed[-1] - changed[0] + 1 != len(changed):
        return None
    for i in changed:
        if not _same_kind(parsed, i, doc[i]):
            return None
    return changed


def _same_kind(parsed: _Parsed, i: int, token: Token) -> bool:
    if parsed.lemmas[i].lower() != parsed.words[i].lower():
        return False  # an inflected word: its replacement's lemma is not known without a parse
    if not (parsed.nums[i] or parsed.pos[i] in _VALUE_POS or "d" in parsed.shapes[i]):
        return False  # a word of the sentence's own ("in" for "on"), not a value
    return (
        parsed.shapes[i] == token.shape_
        or (parsed.nums[i] and token.like_num)
        or (parsed.titles[i] and token.is_title and token.is_alpha)
    )
