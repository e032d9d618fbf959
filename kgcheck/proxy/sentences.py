"""Complete sentences out of text that arrives in pieces (a streamed reply).

A sentence is complete once the text after it shows that a new one starts: terminal
punctuation (``.``, ``!``, ``?``, ``…``, with any closing quotes or brackets and a citation
such as ``[S1]``), then white space, then a character that can start a sentence (not a
lower-case letter); or a line break. A period is no boundary after an abbreviation spaCy's
English tokenizer knows ("Dr.", "e.g.", "Jan.") or an initial ("J. Smith"), nor inside a number
("4.5"): the pipelines tokenise those as one token, so they split sentences there neither.
Usage::

    buffer = SentenceBuffer()
    buffer.feed("Dr. Patel works in Cardi")    # []
    buffer.feed("ology. Her extension is 4")   # ["Dr. Patel works in Cardiology. "]
    buffer.rest()                              # "Her extension is 4"
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["MAX_PENDING", "SentenceBuffer", "abbreviations"]

#: Characters held without a boundary before they are let out as one piece anyway (at the last
#: white space), so that a reply without punctuation (a table, code) is still checked and sent.
MAX_PENDING = 2000

# terminal punctuation, closing quotes/brackets, an optional citation, then white space and the
# first character after it (a line break ends a sentence whatever follows)
_END = re.compile(
    r"""(?P<stop>[.!?\u2026]+)["'\u2019\u201d)\]\u00bb]*(?:\s?\[[^\]\s]{1,12}\])?"""
    r"""(?P<gap>[ \t]*\n\s*|[ \t]+)(?P<next>\S)"""
)
_NEWLINE = re.compile(r"\n\s*(?=\S)")
_WORD_BEFORE = re.compile(r"(\S+)$")


@cache
def abbreviations() -> frozenset[str]:
    """Words ending in a period that end no sentence: spaCy's English tokenizer exceptions."""
    from spacy.lang.en import English

    exceptions = English.Defaults.tokenizer_exceptions
    return frozenset(k for k in exceptions if k.endswith(".") and len(k) > 1)


def _ends_sentence(text: str, stop_start: int, stop: str, gap: str, following: str) -> bool:
    if "\n" in gap:
        return True
    if following.islower() or following == "[":  # a citation of the sentence comes first
        return False
    if stop != ".":
        return True
    word = _WORD_BEFORE.search(text, 0, stop_start)
    token = (word.group(1) if word else "") + "."
    token = token.lstrip("(\"'\u201c\u2018[")
    if token in abbreviations():
        return False
    # an initial ("J. Smith"), or an abbreviation with inner periods ("U.S.")
    return not (len(token) == 2 and token[0].isupper()) and not re.fullmatch(
        r"(?:[A-Za-z]\.){2,}", token
    )


class SentenceBuffer:
    """Buffers streamed text and hands out each sentence, with the white space after it,
    once it is complete; :meth:`rest` is what is left when the stream ends."""

    def __init__(self, *, max_pending: int = MAX_PENDING) -> None:
        self._text = ""
        self.max_pending = max_pending

    def feed(self, piece: str) -> list[str]:
        """Add ``piece``; the sentences it completed, in order."""
        self._text += piece
        out: list[str] = []
        start = 0
        while True:
            cut = self._boundary(start)
            if cut is None:
                break
            out.append(self._text[start:cut])
            start = cut
        self._text = self._text[start:]
        if len(self._text) > self.max_pending:
            space = self._text.rfind(" ", 0, self.max_pending)
            cut = space + 1 if space > 0 else self.max_pending
            out.append(self._text[:cut])
            self._text = self._text[cut:]
        return out

    def rest(self) -> str:
        """What is held (an unfinished last sentence), and the buffer emptied."""
        rest, self._text = self._text, ""
        return rest

    def _boundary(self, start: int) -> int | None:
        """Where the first complete sentence from ``start`` ends (the next one's start)."""
        text, at = self._text, start
        while True:
            end = _END.search(text, at)
            line = _NEWLINE.search(text, at)
            if line is not None and (end is None or line.start() < end.start()):
                if text[start : line.start()].strip():
                    return line.end()
                at = line.end()
                continue
            if end is None:
                return None
            if _ends_sentence(text, end.start("stop"), end["stop"], end["gap"], end["next"]):
                return end.start("next")
            at = end.start("next")
