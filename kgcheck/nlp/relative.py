"""Relative values: "2 miles farther", "10 degrees warmer" state a difference, not a value.

A quantity followed by a comparative is left unbound (so unchecked) rather than read as the
absolute value of the property its unit names.

Usage::

    is_relative(text, quantity.span)      # "2 miles farther than Starbucks": True
"""

from __future__ import annotations

import re

from kgcheck.types import Span

__all__ = ["is_relative"]

_COMPARATIVE = re.compile(
    r"\s*(?:[a-z]+\s+)?(?:farther|further|closer|nearer|warmer|colder|cooler|hotter|higher|"
    r"lower|more|less|fewer|longer|shorter|bigger|smaller|larger|cheaper|dearer|"
    r"above|below|apart)\b",
    re.I,
)


def is_relative(text: str, span: Span) -> bool:
    """Whether the quantity at ``span`` is followed by a comparative: a difference."""
    return _COMPARATIVE.match(text, span.end) is not None
