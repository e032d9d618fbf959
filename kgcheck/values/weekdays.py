"""The days of the week a sentence names: "on Fridays", "Monday to Thursday", "weekdays".

Usage::

    weekdays_named("Portishead closes at 6:30pm on Fridays.")  # {"friday"}
"""

from __future__ import annotations

import re

from kgcheck.values.temporal import WEEKDAYS as _NAMES

__all__ = ["weekday_mentions", "weekdays_named"]

#: The days of the week, Monday first, as this module compares them.
WEEKDAYS = tuple(day.lower() for day in _NAMES)
_SHORT = {day[:3]: day for day in WEEKDAYS} | {"tues": "tuesday", "thur": "thursday"}
_SHORT |= {"thurs": "thursday"}
# full names in any case; short ones only capitalised ("Sat", not "sat down")
_DAY = (
    r"(?:(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?"
    r"|(?:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\b\.?)"
)
_RANGE = re.compile(rf"\b(?P<a>{_DAY})\s*(?:to|through|thru|until|till|-|–)\s*(?P<b>{_DAY})")
_ONE = re.compile(rf"\b{_DAY}")
_GROUPS = (
    (re.compile(r"\bweek\s?days\b|\bweekday\b", re.I), WEEKDAYS[:5]),
    (re.compile(r"\bweekends?\b", re.I), WEEKDAYS[5:]),
    (re.compile(r"\bevery\s+day\b|\bdaily\b|\bseven\s+days\s+a\s+week\b", re.I), WEEKDAYS),
)


def _day(word: str) -> str:
    word = word.lower().rstrip(".")
    word = word[:-1] if word.endswith("s") and word[:-1].endswith("day") else word
    return word if word in WEEKDAYS else _SHORT.get(word.removesuffix("day"), word)


def weekdays_named(text: str) -> set[str]:
    """The weekdays ``text`` names, lower case; a range ("Monday to Thursday") gives each day
    from its first to its last."""
    days: set[str] = set()
    for _, _, named in weekday_mentions(text):
        days.update(named)
    return days


def weekday_mentions(text: str) -> list[tuple[int, int, tuple[str, ...]]]:
    """Where ``text`` names days of the week, and which: ``(start, end, days)`` for each day
    ("on Sundays"), range of days ("Monday to Saturday": each day from its first to its last)
    and group ("weekdays", "every day"), in order of position."""
    out: list[tuple[int, int, tuple[str, ...]]] = []
    covered: list[tuple[int, int]] = []
    for m in _RANGE.finditer(text):
        a, b = _day(m["a"]), _day(m["b"])
        if a in WEEKDAYS and b in WEEKDAYS:
            i, j = WEEKDAYS.index(a), WEEKDAYS.index(b)
            days = tuple(WEEKDAYS[k % 7] for k in range(i, j + 1 if j >= i else j + 8))
            out.append((m.start(), m.end(), days))
            covered.append(m.span())
    for m in _ONE.finditer(text):
        if not any(a <= m.start() < b for a, b in covered):
            day = _day(m.group(0))
            if day in WEEKDAYS:
                out.append((m.start(), m.end(), (day,)))
    for pattern, group in _GROUPS:
        for m in pattern.finditer(text):
            out.append((m.start(), m.end(), group))
    return sorted(out)
