"""Masking sensitive values (account numbers, e-mail addresses, configured patterns) in the
messages and logs of structured-output checks.

Usage::

    masker = Masker(patterns=[r"\\bACCT-\\w+"], values=["9876543210"])
    masker.mask("account 9876543210 of jane@example.com")
    # 'account ******3210 of j***@example.com'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = ["ACCOUNT_NUMBER", "EMAIL", "Masker", "mask_value"]

EMAIL = re.compile(
    r"(?<![\w.+-])([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)"
)
#: Nine or more digits, optionally split by single spaces or dashes (dates and years are not).
ACCOUNT_NUMBER = re.compile(r"(?<![\w-])\d(?:[ -]?\d){8,}(?![\w])")
#: Sensitive values shorter than this are masked only where they are an alert's own value.
_MIN_INLINE = 4


def mask_value(text: str) -> str:
    """``"123456789"`` -> ``"*****6789"``; values under eight characters are masked whole."""
    if len(text) >= 8:
        return "*" * (len(text) - 4) + text[-4:]
    return "*" * len(text)


class Masker:
    """Masks e-mail addresses, account-like numbers, configured ``patterns`` and known
    sensitive ``values`` in text."""

    def __init__(self, patterns: Sequence[str | re.Pattern[str]] = (), values: Iterable[str] = ()):
        self.patterns = [re.compile(p) if isinstance(p, str) else p for p in patterns]
        self.values = sorted(
            {v for v in values if len(v) >= _MIN_INLINE}, key=lambda v: (-len(v), v)
        )

    def with_values(self, values: Iterable[str]) -> Masker:
        """A masker that also masks ``values``."""
        return Masker(self.patterns, [*self.values, *values])

    def mask(self, text: str) -> str:
        for value in self.values:
            text = text.replace(value, mask_value(value))
        text = EMAIL.sub(lambda m: f"{m.group(1)}***@{m.group(2)}", text)
        text = ACCOUNT_NUMBER.sub(lambda m: mask_value(m.group(0)), text)
        for pattern in self.patterns:
            text = pattern.sub(lambda m: mask_value(m.group(0)), text)
        return text
