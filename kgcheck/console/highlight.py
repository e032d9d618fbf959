"""A reply cut into pieces around its flags' spans, for the templates to mark (and escape)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

__all__ = ["Piece", "pieces"]


@dataclass(slots=True)
class Piece:
    """A run of the text and the flags (ids) whose spans cover it (none: plain text)."""

    text: str
    flags: list[str] = field(default_factory=list)


def pieces(text: str, spans: list[tuple[str, int, int]]) -> list[Piece]:
    """``text`` cut at every span boundary (spans: flag id, start, end; clipped to the text,
    overlapping spans allowed), each piece with the flags covering it.

    Usage::

        pieces("Dr. Patel works in Oncology.", [("f-0", 19, 27)])
        # [Piece("Dr. Patel works in "), Piece("Oncology", ["f-0"]), Piece(".")]
    """
    cuts = {0, len(text)}
    clipped = []
    for flag, start, end in spans:
        start, end = max(0, min(start, len(text))), max(0, min(end, len(text)))
        if start < end:
            clipped.append((flag, start, end))
            cuts |= {start, end}
    bounds = sorted(cuts)
    out = []
    for a, b in pairwise(bounds):
        covering = [flag for flag, start, end in clipped if start <= a and b <= end]
        out.append(Piece(text[a:b], covering))
    return out
