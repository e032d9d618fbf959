"""A plain view of spaCy tokens that the rule-based components read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spacy.tokens import Doc

__all__ = ["Tok", "is_parsed", "span_text", "tokens_of"]

_PLURAL_TAGS = frozenset({"NNS", "NNPS"})
_LEMMA_FIXES = {"n't": "not", "'re": "be", "'m": "be", "’s": "'s", "ca": "can", "wo": "will"}


@dataclass(frozen=True, slots=True)
class Tok:
    i: int
    text: str
    lower: str
    lemma: str
    start: int
    end: int
    sent: int
    space: bool
    #: Universal part of speech, dependency label and the head's token index from a parsed
    #: pipeline; ``""``, ``""`` and ``-1`` from the blank one.
    pos: str = ""
    dep: str = ""
    head: int = -1
    #: Whether the tagger reads the word as a plural noun ("Lessons" of "Kids Group Lessons");
    #: ``False`` from the blank pipeline.
    plural: bool = False

    @property
    def is_capitalised(self) -> bool:
        return self.text[:1].isupper() and any(c.isalpha() for c in self.text)

    @property
    def is_alpha(self) -> bool:
        return self.text.replace("-", "").replace("'", "").isalpha()


def tokens_of(doc: Doc) -> list[Tok]:
    """Tokens with lower-case lemmas, their sentence index and, from a parsed pipeline, their
    part of speech and dependency arc."""
    parsed = doc.has_annotation("DEP")
    tagged = doc.has_annotation("POS")
    out: list[Tok] = []
    sent_of: dict[int, int] = {}
    for s_index, sent in enumerate(doc.sents):
        for tok in sent:
            sent_of[tok.i] = s_index
    for tok in doc:
        lower = tok.lower_
        lemma = _LEMMA_FIXES.get(lower) or (tok.lemma_ or tok.text).lower()
        if lower in {"'s", "’s"}:
            lemma = "'s"
        out.append(
            Tok(
                i=tok.i,
                text=tok.text,
                lower=lower,
                lemma=lemma,
                start=tok.idx,
                end=tok.idx + len(tok.text),
                sent=sent_of.get(tok.i, 0),
                space=bool(tok.whitespace_),
                pos=tok.pos_ if tagged else "",
                dep=tok.dep_ if parsed else "",
                head=tok.head.i if parsed else -1,
                plural=tagged and tok.tag_ in _PLURAL_TAGS,
            )
        )
    return out


def span_text(toks: Sequence[Tok], i: int, j: int) -> str:
    """The reply's text of tokens ``[i, j)``, with the spacing it had."""
    parts = []
    for k in range(i, j):
        parts.append(toks[k].text)
        if k < j - 1 and toks[k].space:
            parts.append(" ")
    return "".join(parts)


def is_parsed(toks: Sequence[Tok]) -> bool:
    """Whether the tokens carry a dependency parse (a pretrained pipeline, not the blank one)."""
    return bool(toks) and toks[0].head >= 0
