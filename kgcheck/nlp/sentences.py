"""Sentence-boundary hints for a parsed pipeline, set before its parser runs.

A parser places sentence boundaries where its model guesses them; a citation bracket is not
where a sentence starts ("leads Cardiology [S0].", "rebuilt in 1988. [S1]": the citation belongs
to the sentence before it, as with the blank pipeline's sentencizer). The parser keeps the
boundaries it is told are not there.
"""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

__all__ = ["SENTENCE_HINTS"]

#: The component's name, before ``parser`` (not ``kgcheck_*``: those run after the base pipeline).
SENTENCE_HINTS = "citation_sentence_hints"
_CLOSING = frozenset({".", "!", "?", ",", ";", ":"})


@Language.component(SENTENCE_HINTS)
def sentence_hints(doc: Doc) -> Doc:
    """Tokens of a bracketed citation, and the punctuation right after one, start no sentence."""
    depth = 0
    after_bracket = False
    for tok in doc[1:]:
        if tok.text == "[":
            depth += 1
            tok.is_sent_start = False
        elif depth:
            if tok.text == "]":
                depth -= 1
            tok.is_sent_start = False
            after_bracket = depth == 0
            continue
        elif after_bracket and tok.text in _CLOSING:
            tok.is_sent_start = False
        after_bracket = False
    return doc
