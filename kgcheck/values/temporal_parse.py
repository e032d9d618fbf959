"""What the text of a temporal expression states, before it is resolved against a time.

Regular expressions of kgcheck's own find dates, times, weekdays, relative expressions, months,
years, quarters, halves, fiscal years, decades and ranges, and read the calendar fields each one
states (:class:`Parsed`); adjacent ones are joined ("Monday at 3 pm", "from May to July 2024").
:mod:`kgcheck.values.temporal` resolves them.

Usage::

    TemporalParser(TemporalConfig()).parse("from May to July 2024")
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from kgcheck.config import TemporalConfig

__all__ = ["Parsed", "TemporalParser"]

_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12, "jan": 1,
    "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
    "nov": 11, "dec": 12,
}  # fmt: skip
_WEEKDAY_NAMES = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
    "sunday": 6, "mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3,
    "fri": 4, "sat": 5, "sun": 6,
}  # fmt: skip
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
}  # fmt: skip
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2,
    "couple of": 2,
}  # fmt: skip
_DECADE_WORDS = {
    "twenties": 1920, "thirties": 1930, "forties": 1940, "fifties": 1950, "sixties": 1960,
    "seventies": 1970, "eighties": 1980, "nineties": 1990,
}  # fmt: skip
#: Words before a lone month or year that make it a date ("in May", "since 2019").
_DATE_PREPOSITIONS = frozenset(
    {
        "in", "since", "by", "until", "till", "from", "during", "of", "before", "after",
        "around", "circa", "through", "throughout", "to", "and", "between", "early", "late",
        "mid", "last", "next", "this", "for", "on", "year", "spring", "summer", "autumn", "fall",
        "winter", "end", "start", "beginning", "as",
    }
)  # fmt: skip
_UNIT_AFTER = re.compile(
    r"\s*(?:%|percent|\$|dollars?|euros?|pounds?|miles?|km|kg|lbs?|units?|people|employees|"
    r"staff|patients|beds|rooms|feet|ft|meters?|metres?|sq|square)\b",
    re.I,
)
_MONTH = (
    r"(?:(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december)\b|(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?)"
)
_WEEKDAY = (
    r"(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
    r"|(?:mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun)\b\.?)"
)
_FULL_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_ORD = r"(?:st|nd|rd|th)"
_NUM_WORD = (
    r"(?:\d+|a couple of|couple of|an?|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|eleven|twelve)"
)
#: What a two-digit decade follows when it is a range of values, not of years: "lows in the
#: 60s", "highs in the upper 80s", "temperatures in the 70s".
_MEASURED = re.compile(
    r"\b(?:lows?|highs?|temperatures?|temps?|degrees|readings?|scores?)\s+(?:in|into|of)\s+$",
    re.I,
)
#: How many days "the next few days" spans.
_WINDOW_DAYS = 7
_UNIT = r"(?P<unit>minute|hour|day|week|fortnight|month|quarter|year|decade)s?"
_YEAR = r"(?P<y>[12]\d{3})"


@dataclass
class Parsed:
    """What the text of one expression states, before resolution."""

    start: int
    end: int
    year: int | None = None
    month: int | None = None
    day: int | None = None
    weekday: int | None = None
    quarter: int | None = None
    half: int | None = None
    fiscal: bool = False
    fiscal_year: bool = False
    decade: int | None = None
    century: bool = False
    hour: int | None = None
    minute: int | None = None
    #: ``(unit, amount)`` from the reference time: ("day", 1) is tomorrow, ("week", 0) this week.
    offset: tuple[str, int] | None = None
    #: ``next`` / ``last`` / ``this`` before a weekday or a month.
    mod: str | None = None
    error: str | None = None
    parts: list[Parsed] = field(default_factory=list)
    explicit_weekday: bool = False
    #: The month and year come from a date said before ("Friday the 25th" after "Monday 21
    #: September"), not from the words: they are not stated.
    month_from_before: bool = False
    #: The offset counts units ("in two weeks") rather than naming one ("next week").
    counted: bool = False
    #: Where a day joined with a time ("Friday at 6 pm") states the time: ``(start, end)``.
    clock: tuple[int, int] | None = None
    #: The hour is stated with am or pm ("4 pm"), not as a bare clock ("1:30").
    meridiem: bool = False
    #: A bare clock of a twelve-hour face ("begins at 7:30"): the hour or twelve hours on.
    either_half: bool = False

    @property
    def is_time(self) -> bool:
        return self.hour is not None and not self._has_date_fields()

    def _has_date_fields(self) -> bool:
        return any(
            v is not None
            for v in (
                self.year, self.month, self.day, self.weekday, self.quarter, self.half,
                self.decade, self.offset,
            )
        )  # fmt: skip

    @property
    def is_day(self) -> bool:
        """A single day (or weekday, or day of month), which a time may join."""
        if self.hour is not None or self.parts:
            return False
        if self.offset is not None:
            return self.offset[0] == "day" or self.offset[0] == "weekday"
        return self.day is not None or (self.weekday is not None and self.month is None)


Handler = Callable[[re.Match[str], str], "Parsed | None"]


class TemporalParser:
    """Finds temporal expressions in text and reads the calendar fields they state.

    Args:
        config: the ``temporal`` section: day/month order of numeric dates.
    """

    def __init__(self, config: TemporalConfig | None = None) -> None:
        self.config = config or TemporalConfig()
        self._rules: list[tuple[re.Pattern[str], Handler]] = [
            (re.compile(p, re.I), h)
            for p, h in (
                (
                    rf"\b(?:(?P<wd>{_WEEKDAY}),?\s+)?(?P<y>\d{{4}})-(?P<m>\d{{2}})-(?P<d>\d{{2}})"
                    r"(?:[T ](?P<H>\d{2}):(?P<M>\d{2})(?::\d{2}(?:\.\d+)?)?"
                    r"(?:Z|[+-]\d{2}:?\d{2})?)?"
                    r"(?![\d-])",
                    self._iso,
                ),
                (r"\b(?P<y>[12]\d{3})-?(?P<qh>Q|H)(?P<n>[1-4])\b", self._iso_quarter),
                (r"(?<![\d-])(?P<y>[12]\d{3})-(?P<m>0[1-9]|1[0-2])(?![\d-])", self._iso_month),
                (
                    rf"(?<![\d/.])(?:(?P<wd>{_WEEKDAY}),?\s+)?(?P<a>\d{{1,2}})(?P<sep>[/.])"
                    r"(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4}|\d{2})(?![\d/]|\.\d)",
                    self._numeric,
                ),
                (
                    # "the nights of 13 and 14 November", "3, 10 and 17 May": a day listed
                    # before one that states the month is of that month
                    rf"\b(?:(?P<wd>{_WEEKDAY}),?\s+)?(?:the\s+)?(?P<d>\d{{1,2}}){_ORD}?"
                    rf"(?=(?:\s*(?:,|and|&|or)\s*(?:the\s+)?\d{{1,2}}{_ORD}?)+(?:\s+of)?"
                    rf"\s+(?P<mon>{_MONTH})(?:,?\s+(?P<y>\d{{4}})\b)?)",
                    self._day_month,
                ),
                (
                    rf"\b(?:(?P<wd>{_WEEKDAY}),?\s+)?(?:the\s+)?(?P<d>\d{{1,2}}){_ORD}?(?:\s+of)?"
                    rf"\s+(?P<mon>{_MONTH})(?:,?\s+(?P<y>\d{{4}})\b)?",
                    self._day_month,
                ),
                (
                    rf"\b(?:(?P<wd>{_WEEKDAY}),?\s+)?(?P<mon>{_MONTH})\s+(?:the\s+)?"
                    rf"(?P<d>\d{{1,2}}){_ORD}?(?![\d:]|\s*(?:a\.?m\b|p\.?m\b|%))"
                    r"(?:,?\s+(?P<y>\d{4})\b)?",
                    self._day_month,
                ),
                (
                    rf"\b(?P<mon>{_MONTH})\s+(?P<d1>\d{{1,2}}){_ORD}?\s*(?:-|–|—|to)\s*"
                    rf"(?P<d2>\d{{1,2}}){_ORD}?(?![\d:])(?:,?\s+(?P<y>\d{{4}})\b)?",
                    self._day_span,
                ),
                (
                    rf"\b(?P<d1>\d{{1,2}}){_ORD}?\s*(?:-|–|—|to)\s*(?P<d2>\d{{1,2}}){_ORD}?"
                    rf"(?:\s+of)?\s+(?P<mon>{_MONTH})(?:,?\s+(?P<y>\d{{4}})\b)?",
                    self._day_span,
                ),
                (rf"\b(?P<mon>{_MONTH}),?\s+(?:of\s+)?(?P<y>\d{{4}})\b", self._month_year),
                (
                    rf"\b(?:(?P<mod>last|next|this|coming|early|late|mid|mid-)\s*)?(?P<mon>{_MONTH})",
                    self._month,
                ),
                (
                    rf"\b(?:(?P<wd>{_WEEKDAY}),?\s+)?the\s+(?P<d>\d{{1,2}}){_ORD}\b",
                    self._day_of_month,
                ),
                (
                    # "Sunday 14th", and "Sunday 14" opening a range ("from Sunday 14 to
                    # Friday 19 February": the month is the end's)
                    rf"\b(?P<wd>{_WEEKDAY}),?\s+(?P<d>\d{{1,2}})"
                    rf"(?:{_ORD}\b|(?=\s*(?:-|–|—|to|until|till)\s*(?:{_WEEKDAY}|\d{{1,2}}"
                    rf"{_ORD}?\s+{_MONTH})))",
                    self._day_of_month,
                ),
                (
                    r"\b(?:(?P<fy0>fiscal)\s+)?(?:(?:FY|fiscal(?:\s+year)?)\s*'?(?P<y1>\d{4}|\d{2})"
                    r"\s+)?Q(?P<q>[1-4])(?:\s*(?:of\s+)?(?:(?P<fy2>FY|fiscal(?:\s+year)?)\s*'?"
                    r"(?P<y3>\d{4}|\d{2})|(?P<y2>\d{4}|'\d{2})))?\b",
                    self._quarter,
                ),
                (
                    r"\b(?:the\s+)?(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th|last|final)"
                    r"\s+(?P<fy0>fiscal\s+)?(?P<qh>quarter|half)(?:\s+of\s+(?:the\s+)?"
                    r"(?:(?P<fy>fiscal(?:\s+year)?|FY)\s*)?(?P<y>\d{4}))?\b",
                    self._ordinal_quarter,
                ),
                (r"\bH(?P<n>[12])\s*(?P<fy>FY\s*)?(?P<y>\d{4})\b", self._half),
                (r"\b(?:FY\s*'?(?P<y>\d{4}|\d{2})|fiscal(?:\s+year)?\s+(?P<y2>\d{4}))\b", self._fy),
                (
                    r"\b(?:the\s+)?(?:(?:early|mid|late)[\s-]+)?(?:(?P<dec>[12]\d{2}0)'?s"
                    r"|(?P<word>twenties|thirties|forties|fifties|sixties|seventies|eighties"
                    r"|nineties))\b",
                    self._decade,
                ),
                (
                    r"(?:\bthe\s+(?:(?:early|mid|late)[\s-]+)?'?|(?<![\w'])')(?P<short>\d0)s\b",
                    self._decade,
                ),
                (
                    r"\b(?P<y1>[12]\d{3})\s*(?:-|–|—)\s*(?P<y2>[12]\d{3}|\d{2})\b(?![-/])",
                    self._year_range,
                ),
                (rf"\b(?P<prep>[a-z]+)\s+(?:the\s+year\s+)?{_YEAR}\b", self._year),
                (
                    r"\b(?P<h>\d{1,2})(?::(?P<m>[0-5]\d))?\s*(?P<ap>a\.m\.|p\.m\.|a\.?m\b|p\.?m\b)",
                    self._clock,
                ),
                (r"(?<![\d:.])(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?![\d:])", self._clock),
                (r"\b(?P<h>\d{1,2})\s+o'clock\b", self._clock),
                (r"\b(?:12\s+)?(?P<word>noon|midday|midnight)\b", self._clock),
                (
                    r"\b(?:the\s+)?day\s+(?P<dir>after|before)\s+(?P<base>tomorrow|yesterday)\b",
                    self._day_after,
                ),
                (
                    # "a week tomorrow", "a fortnight today": that day a week or two on
                    r"\ba\s+(?P<span>week|fortnight)\s+(?P<base>today|tomorrow)\b",
                    self._week_from,
                ),
                (r"\b(?P<w>today|tonight|tomorrow|yesterday)(?:'s)?\b", self._today),
                (
                    r"\b(?P<w>this)\s+(?P<part>morning|afternoon|evening)\b",
                    self._today,
                ),
                (
                    rf"\b(?:(?:later|earlier)\s+)?(?:the\s+)?(?P<mod>next|last|this|coming|past|"
                    rf"previous|following)\s+(?P<unit>week|weekend|month|year|quarter|decade|"
                    rf"{_FULL_WEEKDAY})\b",
                    self._relative_unit,
                ),
                (
                    rf"\b(?:over|for|in|during|within)?\s*the\s+(?:next|coming|following)\s+"
                    rf"(?P<n>few|several|{_NUM_WORD})\s+days\b",
                    self._window,
                ),
                (
                    rf"\b(?:in|within)\s+(?P<n>{_NUM_WORD})\s+{_UNIT}(?:'s)?(?:\s+time)?\b",
                    self._in_n,
                ),
                (
                    rf"\b(?P<n>{_NUM_WORD})\s+{_UNIT}\s+(?P<dir>ago|from\s+now|hence)\b",
                    self._n_ago,
                ),
                (rf"\b(?P<wd>{_FULL_WEEKDAY})s?\b", self._weekday),
            )
        ]

    def parse(self, text: str) -> list[Parsed]:
        """The expressions of ``text`` in order, the longest where they overlap, joined."""
        found: list[Parsed] = []
        for pattern, handler in self._rules:
            for m in pattern.finditer(text):
                parsed = handler(m, text)
                if parsed is not None:
                    found.append(parsed)
        found.sort(key=lambda p: (-(p.end - p.start), p.start))
        return self._merge(text, _longest_first(found))

    def _iso(self, m: re.Match[str], text: str) -> Parsed | None:
        p = Parsed(m.start(), m.end(), year=int(m["y"]), month=int(m["m"]), day=int(m["d"]))
        if m["H"] is not None:
            p.hour, p.minute = int(m["H"]), int(m["M"])
            if p.hour > 23:
                p.error = f"{m.group(0)} is not a time of day"
        return _with_weekday(p, m)

    def _iso_quarter(self, m: re.Match[str], text: str) -> Parsed | None:
        p = Parsed(m.start(), m.end(), year=int(m["y"]))
        n = int(m["n"])
        if m["qh"].upper() == "Q":
            p.quarter = n
        elif n <= 2:
            p.half = n
        else:
            return None
        return p

    def _iso_month(self, m: re.Match[str], text: str) -> Parsed | None:
        return Parsed(m.start(), m.end(), year=int(m["y"]), month=int(m["m"]))

    def _numeric(self, m: re.Match[str], text: str) -> Parsed | None:
        a, b = int(m["a"]), int(m["b"])
        year = int(m["y"])
        if len(m["y"]) == 2:
            if m["sep"] == ".":
                return None  # "1.5.25" reads as a version number as easily as a date
            year += 2000 if year < 70 else 1900
        day, month = (a, b) if self.config.day_first else (b, a)
        if month > 12 and day <= 12:
            day, month = month, day  # "24/11/2026" under month-first can only be day-first
        p = Parsed(m.start(), m.end(), year=year, month=month, day=day)
        return _with_weekday(p, m)

    def _day_month(self, m: re.Match[str], text: str) -> Parsed | None:
        month = _month_of(m, text)
        if month is None:
            return None
        year = int(m["y"]) if m["y"] else None
        p = Parsed(m.start(), m.end(), year=year, month=month, day=int(m["d"]))
        return _with_weekday(p, m)

    def _day_span(self, m: re.Match[str], text: str) -> Parsed | None:
        month = _month_of(m, text)
        if month is None:
            return None
        year = int(m["y"]) if m["y"] else None
        first = Parsed(m.start("d1"), m.end("d1"), year=year, month=month, day=int(m["d1"]))
        last = Parsed(m.start("d2"), m.end("d2"), year=year, month=month, day=int(m["d2"]))
        return Parsed(m.start(), m.end(), parts=[first, last])

    def _month_year(self, m: re.Match[str], text: str) -> Parsed | None:
        month = _month_of(m, text)
        if month is None:
            return None
        return Parsed(m.start(), m.end(), year=int(m["y"]), month=month)

    def _month(self, m: re.Match[str], text: str) -> Parsed | None:
        month = _month_of(m, text, alone=True)
        if month is None:
            return None
        mod = (m["mod"] or "").lower()
        p = Parsed(m.start(), m.end(), month=month)
        if mod in {"last", "next", "this", "coming"}:
            p.mod = "next" if mod == "coming" else mod
        else:
            p.start = m.start("mon")
        return p

    def _day_of_month(self, m: re.Match[str], text: str) -> Parsed | None:
        return _with_weekday(Parsed(m.start(), m.end(), day=int(m["d"])), m)

    def _quarter(self, m: re.Match[str], text: str) -> Parsed | None:
        raw = m["y1"] or m["y2"] or m["y3"]
        p = Parsed(m.start(), m.end(), quarter=int(m["q"]))
        p.fiscal = bool(m["fy0"] or m["fy2"] or m["y1"])
        if raw is not None:
            p.year = _full_year(raw.lstrip("'"))
        return p

    def _ordinal_quarter(self, m: re.Match[str], text: str) -> Parsed | None:
        word = m["ord"].lower()
        is_half = m["qh"].lower() == "half"
        p = Parsed(m.start(), m.end(), fiscal=bool(m["fy0"] or m["fy"]))
        if m["y"] is not None:
            p.year = int(m["y"])
        if word in {"last", "final"}:
            if p.year is None:
                return None  # "last quarter" is relative: see _relative_unit
            n = 2 if is_half else 4
        else:
            n = _ORDINALS[word]
        if is_half:
            if n > 2:
                return None
            p.half = n
        else:
            p.quarter = n
        return p

    def _half(self, m: re.Match[str], text: str) -> Parsed | None:
        return Parsed(m.start(), m.end(), year=int(m["y"]), half=int(m["n"]), fiscal=bool(m["fy"]))

    def _fy(self, m: re.Match[str], text: str) -> Parsed | None:
        year = _full_year(m["y"] or m["y2"])
        return Parsed(m.start(), m.end(), year=year, fiscal=True, fiscal_year=True)

    def _decade(self, m: re.Match[str], text: str) -> Parsed | None:
        groups = m.groupdict()
        if groups.get("dec"):
            first = int(groups["dec"])
        elif groups.get("short") and _MEASURED.search(text, max(0, m.start() - 40), m.start()):
            return None  # "lows in the 60s", "temperatures in the upper 80s": a range of values
        elif groups.get("short"):
            first = 1900 + int(m["short"]) if int(m["short"]) >= 30 else 2000 + int(m["short"])
        else:
            first = _DECADE_WORDS[groups["word"].lower()]
        # "the 1800s" is a century; "the 2000s" is read as the decade
        century = first % 100 == 0 and first < 2000
        return Parsed(m.start(), m.end(), decade=first, century=century)

    def _year_range(self, m: re.Match[str], text: str) -> Parsed | None:
        first = int(m["y1"])
        raw = m["y2"]
        last = int(raw) if len(raw) == 4 else first // 100 * 100 + int(raw)
        if _UNIT_AFTER.match(text, m.end()):
            return None
        a = Parsed(m.start("y1"), m.end("y1"), year=first)
        b = Parsed(m.start("y2"), m.end("y2"), year=last)
        return Parsed(m.start(), m.end(), parts=[a, b])

    def _year(self, m: re.Match[str], text: str) -> Parsed | None:
        if m["prep"].lower() not in _DATE_PREPOSITIONS or _UNIT_AFTER.match(text, m.end()):
            return None
        if (
            text[m.end() : m.end() + 1] in {"-", "/", ":", "."}
            and text[m.end() + 1 :][:1].isdigit()
        ):
            return None
        return Parsed(m.start("y"), m.end(), year=int(m["y"]))

    def _clock(self, m: re.Match[str], text: str) -> Parsed | None:
        groups = m.groupdict()
        if groups.get("word"):
            word = groups["word"].lower()
            hour = 0 if word == "midnight" else 12
            return Parsed(m.start(), m.end(), hour=hour, minute=0)
        hour = int(m["h"])
        minute = int(m["m"]) if groups.get("m") else None
        ap = (groups.get("ap") or "").lower().replace(".", "")
        if ap:
            if not 1 <= hour <= 12:
                return None
            hour = hour % 12 + (12 if ap == "pm" else 0)
        elif hour > 23:
            return None
        # "7:30" (not "07:30", not "19:30") reads as a twelve-hour clock's either half
        either = not ap and 1 <= hour <= 11 and not m["h"].startswith("0")
        return Parsed(
            m.start(), m.end(), hour=hour, minute=minute, meridiem=bool(ap), either_half=either
        )

    def _day_after(self, m: re.Match[str], text: str) -> Parsed | None:
        base = 1 if m["base"].lower() == "tomorrow" else -1
        step = 1 if m["dir"].lower() == "after" else -1
        return Parsed(m.start(), m.end(), offset=("day", base + step))

    def _week_from(self, m: re.Match[str], text: str) -> Parsed | None:
        days = 7 if m["span"].lower() == "week" else 14
        base = 1 if m["base"].lower() == "tomorrow" else 0
        return Parsed(m.start(), m.end(), offset=("day", base + days))

    def _today(self, m: re.Match[str], text: str) -> Parsed | None:
        word = m["w"].lower()
        amount = {"today": 0, "tonight": 0, "this": 0, "tomorrow": 1, "yesterday": -1}[word]
        return Parsed(m.start(), m.end(), offset=("day", amount))

    def _relative_unit(self, m: re.Match[str], text: str) -> Parsed | None:
        mod = m["mod"].lower()
        unit = m["unit"].lower()
        step = {"next": 1, "coming": 1, "following": 1, "last": -1, "past": -1, "previous": -1}
        if unit in _WEEKDAY_NAMES:
            p = Parsed(m.start(), m.end(), weekday=_WEEKDAY_NAMES[unit], explicit_weekday=True)
            p.mod = "this" if mod == "this" else ("next" if step.get(mod, 0) > 0 else "last")
            p.offset = ("weekday", step.get(mod, 0))
            return p
        return Parsed(m.start(), m.end(), offset=(unit, step.get(mod, 0)))

    def _window(self, m: re.Match[str], text: str) -> Parsed | None:
        """ "over the next few days", "for the next 3 days": the days from today on (a vague
        number read at its widest, a week: what holds on one of them is then not missed)."""
        raw = m["n"].lower()
        n = _WINDOW_DAYS if raw in {"few", "several"} else _amount(raw)
        if n is None or n < 1:
            return None
        return Parsed(m.start(), m.end(), offset=("window", n), counted=True)

    def _in_n(self, m: re.Match[str], text: str) -> Parsed | None:
        n = _amount(m["n"])
        if n is None:
            return None
        return Parsed(m.start(), m.end(), offset=(_unit(m), n), counted=True)

    def _n_ago(self, m: re.Match[str], text: str) -> Parsed | None:
        n = _amount(m["n"])
        if n is None:
            return None
        sign = -1 if m["dir"].lower() == "ago" else 1
        return Parsed(m.start(), m.end(), offset=(_unit(m), sign * n), counted=True)

    def _weekday(self, m: re.Match[str], text: str) -> Parsed | None:
        if m.group(0).lower().endswith("s") and not m["wd"].lower().endswith("s"):
            return None  # "on Mondays" is a habit, not a date
        return Parsed(
            m.start(), m.end(), weekday=_WEEKDAY_NAMES[m["wd"].lower()], explicit_weekday=True
        )

    # --- merging -----------------------------------------------------------------------------

    def _merge(self, text: str, parsed: list[Parsed]) -> list[Parsed]:
        """Join a day and a time ("Monday at 3 pm") and the ends of a range ("from May to July
        2024"), giving the first end the year the second states."""
        out: list[Parsed] = []
        day: Parsed | None = None  # the day of a range of times opened after it
        for k, p in enumerate(parsed):
            prev = out[-1] if out else None
            if prev is not None and day is not None:
                # "on Sunday 3 May from 12pm to 4pm": the range's end is of the day as well
                end = _join_day_time(day, p)
                out[-1] = _join_range(prev, replace(end, start=p.start, end=p.end))
                day = None
                continue
            if prev is not None:
                between = text[prev.end : p.start]
                if (
                    _DAY_TIME_GLUE.fullmatch(between)
                    and ((prev.is_day and p.is_time) or (prev.is_time and p.is_day))
                    and not _opens_day_range(text, p, parsed[k + 1 : k + 2])
                ):
                    if prev.is_day and _opens_clock_range(text, p, parsed[k + 1 : k + 2]):
                        day = prev
                    out[-1] = _join_day_time(prev, p)
                    continue
                before = text[max(0, prev.start - 64) : prev.start]  # bounded look-back
                if _RANGE_GLUE.fullmatch(between) and _range_ok(prev, p, before, between):
                    out[-1] = _join_range(prev, p)
                    continue
            out.append(p)
        return out


def _longest_first(found: list[Parsed]) -> list[Parsed]:
    """The expressions that overlap no longer (or earlier) one, in order of position."""
    starts: list[int] = []
    chosen: list[Parsed] = []
    for p in found:
        k = bisect_left(starts, p.start)
        before = chosen[k - 1] if k > 0 else None
        after = chosen[k] if k < len(chosen) else None
        if (before is None or before.end <= p.start) and (after is None or p.end <= after.start):
            starts.insert(k, p.start)
            chosen.insert(k, p)
    return chosen


_DAY_TIME_GLUE = re.compile(r"\s*(?:,|,?\s*at|,?\s*on|@|,?\s*from)?\s*", re.I)
_RANGE_GLUE = re.compile(r"\s*(?:-|–|—|to|until|till|through|thru|and)\s*", re.I)


def _opens_day_range(text: str, p: Parsed, following: list[Parsed]) -> bool:
    """Whether the weekday ``p`` opens a range of weekdays ("8:30am Monday to Saturday"): the
    time is of each day of it, not of its first day."""
    if p.weekday is None or p.day is not None or not following:
        return False
    after = following[0]
    return (
        after.weekday is not None
        and after.day is None
        and bool(_RANGE_GLUE.fullmatch(text[p.end : after.start]))
    )


def _opens_clock_range(text: str, p: Parsed, following: list[Parsed]) -> bool:
    """Whether the time ``p`` opens a range of times ("on Sunday 3 May from 12pm to 4pm"):
    the day before it is the day of both ends, not the first's alone."""
    if not p.is_time or not following or not following[0].is_time:
        return False
    between = text[p.end : following[0].start]
    before = text[max(0, p.start - 64) : p.start]
    return bool(_RANGE_GLUE.fullmatch(between)) and _range_ok(p, following[0], before, between)


def _range_ok(a: Parsed, b: Parsed, before: str, between: str) -> bool:
    """Whether two adjacent expressions are the ends of one range."""
    if a.parts or b.parts or a.offset is not None or b.offset is not None:
        return False
    opener = re.search(r"\b(from|between)\s*(?:the\s+)?$", before, re.I)
    glue = between.strip().lower()
    if glue == "and" and (opener is None or opener.group(1).lower() != "between"):
        return False
    if glue in {"until", "till"} and opener is None:
        return False
    same_kind = (a.is_time and b.is_time) or (not a.is_time and not b.is_time)
    return same_kind and (opener is not None or glue in {"-", "–", "—", "to", "through", "thru"})


def _join_range(a: Parsed, b: Parsed) -> Parsed:
    first = replace(a, parts=[])
    if first.year is None and b.year is not None and first.decade is None:
        first.year = b.year
    if first.month is None and b.month is not None and first.day is not None:
        # "from Sunday 14 to Friday 19 February": the start is of the end's month
        first.month = b.month
    if first.fiscal is False and b.fiscal:
        first.fiscal = True
    if (
        first.hour is not None
        and b.hour is not None
        and not first.meridiem
        and b.meridiem
        and 1 <= first.hour < 12 <= first.hour + 12 <= b.hour
    ):
        # "from 1:30 to 4 pm": the start takes the end's pm where that puts it first
        first.hour += 12
        first.either_half = False
    return Parsed(a.start, b.end, parts=[first, b])


def _join_day_time(a: Parsed, b: Parsed) -> Parsed:
    day, clock = (a, b) if a.is_day else (b, a)
    joined = replace(day, start=a.start, end=b.end)
    joined.hour, joined.minute = clock.hour, clock.minute
    joined.either_half = clock.either_half
    joined.clock = (clock.start, clock.end)
    return joined


def _with_weekday(p: Parsed, m: re.Match[str]) -> Parsed:
    wd = m.groupdict().get("wd")
    if wd:
        p.weekday = _WEEKDAY_NAMES[wd.lower().rstrip(".")]
        p.explicit_weekday = True
    return p


def _month_of(m: re.Match[str], text: str, *, alone: bool = False) -> int | None:
    """The month a month word names, or ``None`` where the word is something else ("you may",
    "to march", "Jan" as a name).

    With a day or a year beside it any month word is a month (lower-case "may" only with a
    year). Alone, "May" and "March" must be capitalised and follow a preposition or modifier
    ("in May", "last March"); abbreviations must follow one; other full names always count.
    """
    raw = m["mon"]
    word = raw.lower().rstrip(".")
    month = _MONTHS[word]
    groups = m.groupdict()
    if not alone:
        if word == "may" and raw[0].islower() and not groups.get("y"):
            return None
        return month
    # the word before, within a bounded look-back (a long text is not searched from its start)
    prev = re.search(r"([A-Za-z]+)\W*$", text[max(0, m.start("mon") - 64) : m.start("mon")])
    prev_word = prev.group(1).lower() if prev else ""
    introduced = bool(groups.get("mod")) or prev_word in _DATE_PREPOSITIONS
    if word in {"may", "march"}:
        return month if introduced and raw[0].isupper() else None
    if len(word) <= 4 and word not in {"june", "july"}:
        return month if introduced else None
    return month


def _full_year(raw: str) -> int:
    year = int(raw)
    return year if year >= 100 else 2000 + year


#: More digits than an amount of time can usefully have; longer ones read as this many (still
#: out of the calendar's range, and ``int`` refuses strings of more than 4300 digits).
_MAX_AMOUNT_DIGITS = 12


def _amount(raw: str) -> int | None:
    raw = raw.lower()
    if raw.isdigit():
        return int(raw) if len(raw) <= _MAX_AMOUNT_DIGITS else 10**_MAX_AMOUNT_DIGITS
    return _NUMBER_WORDS.get(raw)


def _unit(m: re.Match[str]) -> str:
    unit = m["unit"].lower()
    return "week2" if unit == "fortnight" else unit
