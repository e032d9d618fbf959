"""Sentence-boundary hints, set before a parser runs (or after the blank pipeline's sentencizer).

A parser places sentence boundaries where its model guesses them; a citation bracket is not
where a sentence starts ("leads Cardiology [S0].", "rebuilt in 1988. [S1]": the citation belongs
to the sentence before it, as with the blank pipeline's sentencizer). The parser keeps the
boundaries it is told are not there.

A colon between two clauses ("You asked about the property: Cedar Court's income was
$310,500") starts a sentence, as a full stop would: what follows has its own subject and verb,
and is read alone. A colon after a heading ("Cedar Court's figures: income was ..."), before a
list or a value ("we have three: A, B and C"), before a clause that points back ("X is the one
for you: it's £2.75") or before a question ("X is 4 miles away: does it sound good?") starts
none.

A sentence is at most :data:`MAX_SENTENCE_TOKENS` tokens long: a longer run is cut after a
comma, semicolon or colon once it is that long (at twice that length wherever it is). Every
later stage binds within a sentence, so this bounds what one sentence costs and keeps the
analysis linear in the reply's length; assistants' sentences are far shorter.
"""

from __future__ import annotations

from typing import Any

import numpy
from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.tokens import Doc

__all__ = ["MAX_SENTENCE_TOKENS", "SENTENCE_BOUNDS", "SENTENCE_HINTS"]

#: The component's name, before ``parser`` (not ``kgcheck_*``: those run after the base pipeline).
SENTENCE_HINTS = "citation_sentence_hints"
#: The component that cuts over-long sentences: before ``parser``, or after ``sentencizer``.
SENTENCE_BOUNDS = "bounded_sentences"
#: The longest sentence, in tokens, that later stages see whole.
MAX_SENTENCE_TOKENS = 128
_CLOSING = frozenset({".", "!", "?", ",", ";", ":"})
_ENDING = frozenset({".", "!", "?"})
_CLAUSE = frozenset({",", ";", ":"})
#: Words after a colon that point back to what the clause before it named.
_BACK = frozenset({"it", "it's", "they", "he", "she", "this", "that", "these", "those", "its"})
#: Fine-grained tags of a finite verb (a tense or a modal): a clause has one.
_FINITE = frozenset({"VBZ", "VBP", "VBD", "MD"})


@Language.component(SENTENCE_HINTS)
def sentence_hints(doc: Doc) -> Doc:
    """Tokens of a bracketed citation, and the punctuation right after one, start no sentence;
    the word after a colon followed by a clause does."""
    texts, starts = _read(doc)
    _clauses_after_colons(doc, texts, starts)
    depth = 0
    after_bracket = False
    for k in range(1, len(texts)):
        text = texts[k]
        if text == "[":
            depth += 1
            starts[k] = _NO
        elif depth:
            if text == "]":
                depth -= 1
            starts[k] = _NO
            after_bracket = depth == 0
            continue
        elif after_bracket and text in _CLOSING:
            starts[k] = _NO
        after_bracket = False
    return _write(doc, starts)


@Language.component(SENTENCE_BOUNDS)
def bounded_sentences(doc: Doc) -> Doc:
    """Starts a sentence after a clause break once a run reaches :data:`MAX_SENTENCE_TOKENS`
    tokens, and at twice that length where there is none; and on each new line. A run ends
    where a sentence is known to start (the sentencizer's, or one set before), or after
    ``.``, ``!`` or ``?``."""
    texts, starts = _read(doc)
    run = 0
    for k, text in enumerate(texts):
        if k and "\n" in texts[k - 1] and not texts[k - 1].strip() and text.strip():
            # a line of its own ("- SWB Van: 6 m³, £35/hr"): each entry of a list is read alone
            starts[k] = _YES
        if k and (starts[k] == _YES or texts[k - 1] in _ENDING):
            run = 0
        run += 1
        if k + 1 >= len(texts) or starts[k + 1] == _YES:
            continue
        if (run >= MAX_SENTENCE_TOKENS and text in _CLAUSE) or run >= 2 * MAX_SENTENCE_TOKENS:
            starts[k + 1] = _YES
    return _write(doc, starts)


_YES, _NO = 1, -1


def _clauses_after_colons(doc: Doc, texts: list[str], starts: list[int]) -> None:
    """Marks the word after a colon as a sentence start where a clause ends at it (a finite
    verb since the sentence began) and another follows (a finite verb before the next
    punctuation); "Cedar Court's figures: income was $310,500" stays one sentence, its
    subject before the colon. Tags are the tagger's, which runs before the parser; without
    tags nothing is marked."""
    if ":" not in texts:
        return
    tags = [t.tag_ for t in doc]
    if not any(tags):
        return
    clause = False  # a finite verb since the last end of a sentence
    for k, text in enumerate(texts[:-1]):
        if text in _ENDING:
            clause = False
        clause = clause or tags[k] in _FINITE
        if text != ":" or not clause or starts[k + 1] == _NO or texts[k + 1] in _CLOSING:
            continue
        if texts[k + 1].lower() in _BACK:
            continue  # "X is the one for you: it's £2.75": what follows speaks of what went before
        ending = next((t for t in texts[k + 1 :] if t in _ENDING), ".")
        if ending == "?":
            continue  # "There is Dominos 4 miles away: does it sound good?": a question of it
        for j in range(k + 1, len(texts)):
            if texts[j] in _CLOSING:
                break  # (a list's "A, B and C, which has ...": no clause of its own)
            if tags[j] in _FINITE:
                starts[k + 1] = _YES
                break


def _read(doc: Doc) -> tuple[list[str], list[int]]:
    """The tokens' texts and sentence starts (1, -1 or 0 for unset), read in one pass: setting
    ``Token.is_sent_start`` one token at a time costs a pass over the doc each."""
    starts = doc.to_array([SENT_START]).astype(numpy.int64).ravel().tolist()
    return [t.text for t in doc], starts


def _write(doc: Doc, starts: list[int]) -> Doc:
    if starts:
        values: Any = numpy.array(starts, dtype=numpy.int64).astype(numpy.uint64).reshape(-1, 1)
        doc.from_array([SENT_START], values)
    return doc
