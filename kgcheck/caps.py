"""Bounds on what one turn may produce, so that no reply can make a report unbounded.

Usage::

    flags, note = cap_flags(flags, config.mitigation.max_flags)
"""

from __future__ import annotations

from collections import Counter

from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.types import Flag

__all__ = ["cap_flags", "unanalysed"]


def cap_flags(flags: list[Flag], max_flags: int) -> tuple[list[Flag], str | None]:
    """The ``max_flags`` most confident of ``flags`` (in their order), and a line for
    ``report.skipped`` counting the others by type; ``None`` when none were left out."""
    if len(flags) <= max_flags:
        return flags, None
    ranked = sorted(range(len(flags)), key=lambda k: -flags[k].confidence)
    kept = set(ranked[:max_flags])
    dropped = Counter(str(flags[k].type) for k in ranked[max_flags:])
    summary = ", ".join(f"{n} {kind}" for kind, n in sorted(dropped.items()))
    note = (
        f"flags: {len(flags) - max_flags} less confident flag(s) over the cap of {max_flags} "
        f"(mitigation.max_flags) not reported: {summary}"
    )
    return [f for k, f in enumerate(flags) if k in kept], note


def unanalysed(text: str, exc: Exception) -> TurnAnalysis:
    """The analysis recorded for a history turn the NLP pass failed on: nothing found, and a
    note saying why, so that the turn never blocks its session."""
    return TurnAnalysis(
        text=text, notes=(f"nlp: the turn could not be analysed ({type(exc).__name__}: {exc})",)
    )
