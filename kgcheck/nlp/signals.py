"""Linguistic signals: hedges ("I think", "probably") and certainty markers ("definitely")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kgcheck.nlp.analysis import Signal
from kgcheck.nlp.tokens import Tok, span_text
from kgcheck.types import Span

__all__ = ["SignalMatcher"]


class SignalMatcher:
    """Finds phrases of two closed lists in the reply's tokens (case-insensitive)."""

    def __init__(self, hedges: Iterable[str], certainty: Iterable[str]) -> None:
        self._phrases: dict[tuple[str, ...], str] = {}
        for kind, phrases in (("hedge", hedges), ("certainty", certainty)):
            for phrase in phrases:
                words = tuple(phrase.lower().replace("'", " '").replace("n 't", " n't").split())
                if words:
                    self._phrases[words] = kind
        self._longest = max((len(k) for k in self._phrases), default=0)

    def find(self, toks: Sequence[Tok]) -> list[Signal]:
        out: list[Signal] = []
        i = 0
        while i < len(toks):
            for n in range(min(self._longest, len(toks) - i), 0, -1):
                key = tuple(t.lower for t in toks[i : i + n])
                kind = self._phrases.get(key)
                if kind is not None and _is_month(toks, i, n):
                    kind = None
                if kind is not None and toks[i + n - 1].sent == toks[i].sent:
                    out.append(
                        Signal(
                            kind=kind,
                            text=span_text(toks, i, i + n),
                            span=Span(toks[i].start, toks[i + n - 1].end),
                            segment=toks[i].sent,
                        )
                    )
                    i += n
                    break
            else:
                i += 1
        return out


def _is_month(toks: Sequence[Tok], i: int, n: int) -> bool:
    """ "May" the month, not the modal: capitalised inside a sentence, or next to a number or a
    preposition of time ("on May 3", "in May")."""
    if n != 1 or toks[i].lower != "may":
        return False
    opens_sentence = i == 0 or toks[i - 1].sent != toks[i].sent
    if toks[i].text == "May" and not opens_sentence:
        return True
    after = toks[i + 1].text if i + 1 < len(toks) else ""
    before = toks[i - 1].lower if i > 0 else ""
    return after[:1].isdigit() or before in {"in", "on", "since", "until", "of", "by", "early"}
