"""Temporal expressions: dates, times, weekdays, relative expressions, months, years, quarters,
decades and ranges, resolved against the reference time to intervals with a granularity.

The recognisers are regular expressions of our own, not ``dateparser``: it reads "the 1990s" as
seconds ago, "Q3 2024" as one day and "in 2035" with today's month. Parsing first yields the
calendar fields the text states; resolution then fills the others from the reference time, using
the clause's tense where the text leaves the year or month open ("in March" said in the past
tense is the last March, in the future tense the next one).

Usage::

    recognizer = TemporalRecognizer(TemporalConfig())
    recognizer.find("The review is on Monday, 24 November 2026.", now)
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from kgcheck.config import TemporalConfig
from kgcheck.periods import (
    Granularity,
    Interval,
    add_months,
    day_interval,
    decade_interval,
    fiscal_year_interval,
    half_interval,
    month_interval,
    quarter_interval,
    year_interval,
)
from kgcheck.types import Span
from kgcheck.values.addresses import STREET_WORDS
from kgcheck.values.temporal_parse import Parsed, TemporalParser
from kgcheck.values.tense import FUTURE, PAST

if TYPE_CHECKING:
    from kgcheck.nlp.anchors import Anchor

__all__ = ["WEEKDAYS", "TemporalExpression", "TemporalRecognizer", "agrees", "may_state"]

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


#: A day's words without the glue that joined it to a time ("Friday at ", ", on Monday").
#: Capitalised words ending in a street word, after a number: "2100 Avy Avenue", "1200
#: Callowhill St."
_STREET_AFTER = re.compile(
    r"\s+(?:[A-Z][\w'’.-]*\s+){1,4}?(?i:"
    + "|".join(sorted(STREET_WORDS, key=len, reverse=True))
    + r")\b"
)


_MONTHS = frozenset(m.lower() for m in calendar.month_name if m)
_CAPITALISED_AFTER = re.compile(r"\s+[A-Z][a-z]")
#: Words before a month that make it one ("in May Lisa goes").
_BEFORE_MONTH = frozenset(
    {"in", "since", "until", "till", "during", "by", "from", "before", "after", "of", "early",
     "late", "mid", "next", "last", "this", "every", "through"}
)  # fmt: skip


def _month_in_name(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a month's name alone, capitalised, starting a name with
    the capitalised word after it ("August Hall", "May Street")."""
    word = text[start:end]
    before = text[max(0, start - 64) : start].split()[-1:]  # bounded look-back
    return (
        word.lower() in _MONTHS
        and word[:1].isupper()
        and _CAPITALISED_AFTER.match(text, end) is not None
        and not (before and before[0].lower() in _BEFORE_MONTH)
    )


def _house_number(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a bare number heading a street address."""
    return text[start:end].isdigit() and _STREET_AFTER.match(text, end) is not None


_DAY_CORE = re.compile(
    r"(?P<lead>[\s,@]*(?:(?:at|on|from)\s+)?)(?P<core>.*?)(?P<trail>[\s,@]*(?:\b(?:at|on|from))?[\s,@]*)",
    re.I | re.S,
)


@dataclass(frozen=True, slots=True)
class TemporalExpression:
    """A date, time or period of the reply, resolved to ``[start, end)``.

    ``stated`` names the calendar fields the text gives (``year``, ``quarter``, ``half``,
    ``month``, ``day``, ``weekday``, ``hour``, ``minute``); the others come from the reference
    time. ``relative`` expressions ("tomorrow", "in two weeks", "next Tuesday") are fully
    determined by the reference time. ``weekday`` is the weekday the text names (0 = Monday),
    ``error`` says why a date cannot exist ("30 February 2025"), and ``parts`` are the two ends
    of a range. ``tense`` is the tense of the clause (``past``, ``present``, ``future``).
    """

    span: Span
    text: str
    start: datetime | None
    end: datetime | None
    granularity: Granularity
    tense: str | None = None
    stated: frozenset[str] = frozenset()
    relative: bool = False
    weekday: int | None = None
    fiscal: bool = False
    error: str | None = None
    parts: tuple[TemporalExpression, ...] = ()
    anchor: Anchor | None = None
    #: The dates it names fall outside the years 1 to 9999: left unresolved.
    out_of_range: bool = False
    #: Where a day stated with a time ("Friday at 6 pm") states the time.
    clock: Span | None = None
    #: The hour is a bare clock's ("begins at 7:30"): it agrees with 7:30 and with 19:30.
    either_half: bool = False
    #: It counts units from now ("in two weeks", "within 48 hours"): its number is a length of
    #: time as well, which a word of the sentence may name ("return it within 48 hours").
    counted: bool = False

    @property
    def absolute(self) -> bool:
        """Whether the text fixes the interval (a year is stated, or it is relative to now)."""
        return self.relative or "year" in self.stated

    @property
    def has_date(self) -> bool:
        return bool(self.stated - {"hour", "minute"}) or self.relative

    @property
    def has_time(self) -> bool:
        return "hour" in self.stated

    def part(self, time: bool) -> tuple[Span, str]:
        """The span and text of the expression's time (``time``) or its day: the whole
        expression unless it states both ("Friday at 6 pm": "6 pm" / "Friday")."""
        if self.clock is None:
            return self.span, self.text
        if time:
            a, b = self.clock.start, self.clock.end
        elif self.clock.start > self.span.start:
            a, b = self.span.start, self.clock.start
        else:
            a, b = self.clock.end, self.span.end
        text = self.text[a - self.span.start : b - self.span.start]
        core = _DAY_CORE.fullmatch(text)
        if core is None or time:
            return Span(a, b), text
        return Span(a + core.start("core"), a + core.end("core")), core["core"]

    @property
    def interval(self) -> Interval | None:
        if self.start is None or self.end is None:
            return None
        return Interval(self.start, self.end, self.granularity, has_date=self.has_date)


def agrees(expr: TemporalExpression, kb: Interval) -> bool:
    """Whether a KB interval agrees with what the expression states, at its granularity.

    An absolute expression agrees when one interval contains the other ("in March 2025" and
    2025-03-14). A partial one is compared on the fields it states: "on Thursday" with any
    Thursday, "the 14th" with the 14th of any month; "at 3pm" is 15:00 of a time kept to the minute.
    """
    if expr.start is None or expr.end is None:
        return True
    if not kb.has_date:
        return _time_agrees(expr, kb)
    if expr.absolute and expr.has_date:
        own = Interval(expr.start, expr.end, expr.granularity)
        return own.agrees(kb)
    s, g = kb.start, kb.granularity
    for name in expr.stated:
        if name == "weekday" and g <= Granularity.DAY and expr.weekday is not None:
            if s.weekday() != expr.weekday:
                return False
        elif (name == "day" and g <= Granularity.DAY and s.day != expr.start.day) or (
            name == "month" and g <= Granularity.MONTH and s.month != expr.start.month
        ):
            return False
        elif name in {"quarter", "half"} and g <= Granularity.MONTH:
            months = {(expr.start.month - 1 + k) % 12 + 1 for k in range(_months(expr))}
            if s.month not in months:
                return False
    return _time_agrees(expr, kb) if kb.granularity <= Granularity.HOUR else True


#: How far from the day a date said from today ("tonight", "next Friday") names a KB date may
#: lie and still be what it states.
_NEAR_DAYS = 366


def may_state(stated: date, relative: bool, kb: Interval | None) -> bool:
    """Whether a date the reply states could be a slip of the KB date ``kb``: any date can,
    bar one said from today ("open until 8pm tonight", "this Friday"), which speaks of days
    near today and cannot be a founding date fifteen years back. ``stated`` is the day the
    reply names; ``relative``: whether it is said from today."""
    if not relative:
        return True
    return kb is not None and kb.has_date and abs((kb.start.date() - stated).days) <= _NEAR_DAYS


def _time_agrees(expr: TemporalExpression, kb: Interval) -> bool:
    assert expr.start is not None
    hours = {expr.start.hour, expr.start.hour + 12} if expr.either_half else {expr.start.hour}
    if "hour" in expr.stated and kb.start.hour not in hours:
        return False
    if "hour" in expr.stated and kb.granularity <= Granularity.MINUTE:
        # "starts at 7pm" is 19:00, not 19:30 (a time kept to the minute)
        return kb.start.minute == expr.start.minute
    return not ("minute" in expr.stated and kb.start.minute != expr.start.minute)


def _months(expr: TemporalExpression) -> int:
    assert expr.start is not None and expr.end is not None
    return (expr.end.year - expr.start.year) * 12 + expr.end.month - expr.start.month


# --- vocabulary -------------------------------------------------------------------------
class TemporalRecognizer:
    """Finds temporal expressions in text and resolves them.

    Args:
        config: the ``temporal`` section: day/month order of numeric dates, first month of the
            fiscal year.
    """

    def __init__(self, config: TemporalConfig | None = None) -> None:
        self.config = config or TemporalConfig()
        self._parser = TemporalParser(self.config)

    # --- public API --------------------------------------------------------------------------

    def find(
        self,
        text: str,
        now: datetime | None = None,
        tense_at: Callable[[int, int], str | None] | None = None,
        *,
        notes: list[str] | None = None,
    ) -> list[TemporalExpression]:
        """Temporal expressions of ``text`` in order, resolved against ``now``.

        An expression whose dates fall outside the calendar (years 1 to 9999: "in 99999
        months", "next Tuesday" on 9999-12-31) is kept unresolved (no ``start``/``end``) and
        said in ``notes``; a year 0 is an impossible date (``error``).

        Args:
            text: the text to search.
            now: the reference time (default: the clock); only its wall-clock time is used.
            tense_at: gives the tense of the clause around a character span, when known.
            notes: gets a line for each expression left unresolved.
        """
        reference = (now or datetime.now().astimezone()).replace(tzinfo=None)
        out: list[TemporalExpression] = []
        for parsed in self._parser.parse(text):
            if _house_number(text, parsed.start, parsed.end) or _month_in_name(
                text, parsed.start, parsed.end
            ):
                continue  # "to 2100 Avy Avenue", "at August Hall": a name, not a date
            _month_from_before(parsed, out)
            tense = tense_at(parsed.start, parsed.end) if tense_at is not None else None
            expr = self._resolve(text, parsed, reference, tense)
            if expr.out_of_range and notes is not None:
                notes.append(
                    f"temporal: {expr.text!r} reaches past the calendar (years 1-9999); "
                    "not resolved"
                )
            out.append(expr)
        return out

    # --- resolution --------------------------------------------------------------------------

    def _resolve(
        self, text: str, p: Parsed, now: datetime, tense: str | None
    ) -> TemporalExpression:
        span = Span(p.start, p.end)
        shown = text[p.start : p.end]
        if p.parts:
            first = self._resolve(text, p.parts[0], now, tense)
            for part in p.parts[1:]:
                _month_from_before(part, [first])
                if part.month_from_before and first.start and (part.day or 0) < first.start.day:
                    # "28 September to the 2nd": a range runs into the next month
                    nxt = add_months(first.start.replace(day=1), 1)
                    part.year, part.month = nxt.year, nxt.month
            ends = [first, *(self._resolve(text, part, now, tense) for part in p.parts[1:])]
            first, last = ends
            starts = [e.start for e in ends if e.start is not None]
            stops = [e.end for e in ends if e.end is not None]
            return TemporalExpression(
                span=span,
                text=shown,
                start=min(starts) if len(starts) == 2 else None,
                end=max(stops) if len(stops) == 2 else None,
                granularity=max(first.granularity, last.granularity),
                tense=tense,
                stated=first.stated | last.stated,
                relative=first.relative and last.relative,
                # "Tuesday from 8am to 12pm": both ends are of the one day it names
                weekday=first.weekday if first.weekday == last.weekday else None,
                error=first.error or last.error,
                parts=tuple(ends),
                out_of_range=first.out_of_range or last.out_of_range,
            )
        start: datetime | None
        end: datetime | None
        out_of_range = False
        try:
            start, end, granularity, stated, relative = self._interval(p, now, tense)
            error = p.error
        except _Impossible as exc:
            start = end = None
            granularity, stated, relative = Granularity.DAY, frozenset(), False
            error = p.error or (str(exc) if exc.args and exc.args[0] else None)
        except (OverflowError, ValueError):
            # date arithmetic left the years 1-9999 (datetime raises ValueError or OverflowError)
            start = end = None
            granularity, stated, relative = Granularity.DAY, frozenset(), False
            error, out_of_range = p.error, True
        if error is not None:
            start = end = None
        return TemporalExpression(
            span=span,
            text=shown,
            start=start,
            end=end,
            granularity=granularity,
            tense=tense,
            stated=stated,
            relative=relative,
            weekday=p.weekday if p.explicit_weekday else None,
            fiscal=p.fiscal,
            error=error,
            out_of_range=out_of_range,
            clock=None if p.clock is None else Span(*p.clock),
            either_half=p.either_half,
            counted=p.counted,
        )

    def _interval(
        self, p: Parsed, now: datetime, tense: str | None
    ) -> tuple[datetime, datetime, Granularity, frozenset[str], bool]:
        if p.year is not None and p.year < 1:
            raise _Impossible(f"there is no year {p.year}")
        fy = self.config.fiscal_year_start if p.fiscal else 1
        today = datetime(now.year, now.month, now.day)
        if p.offset is not None:
            interval = _offset_interval(p, today, now)
            stated = frozenset({"year", "month", "day"})
            start, end, granularity = interval.start, interval.end, interval.granularity
            if p.hour is not None:
                start, end, granularity = _at_time(start, p)
                stated |= _time_fields(p)
            return start, end, granularity, stated, True
        if p.decade is not None:
            iv = decade_interval(p.decade, century=p.century)
            return iv.start, iv.end, iv.granularity, frozenset({"year"}), False
        if p.quarter is not None or p.half is not None:
            if p.year is not None:
                iv = (
                    quarter_interval(p.year, p.quarter, fy)
                    if p.quarter is not None
                    else half_interval(p.year, p.half or 1, fy)
                )
                name = "quarter" if p.quarter is not None else "half"
                return iv.start, iv.end, iv.granularity, frozenset({"year", name}), False
            fiscal_now = now.year + (1 if fy != 1 and now.month >= fy else 0)

            def build(year: int) -> Interval:
                if p.quarter is not None:
                    return quarter_interval(year, p.quarter, fy)
                return half_interval(year, p.half or 1, fy)

            iv = _by_tense(build, fiscal_now, now, tense)
            name = "quarter" if p.quarter is not None else "half"
            return iv.start, iv.end, iv.granularity, frozenset({name}), False
        if p.fiscal_year and p.year is not None:
            iv = fiscal_year_interval(p.year, self.config.fiscal_year_start)
            return iv.start, iv.end, iv.granularity, frozenset({"year"}), False
        if p.day is not None:
            return self._day(p, now, today, tense)
        if p.month is not None:
            if p.year is not None:
                iv = month_interval(p.year, p.month)
                return iv.start, iv.end, iv.granularity, frozenset({"year", "month"}), False
            month = p.month
            if p.mod in {"last", "next"}:
                this = month_interval(now.year, month)
                if p.mod == "last":
                    year = now.year if this.end <= today else now.year - 1
                else:
                    year = now.year if this.start > today else now.year + 1
                iv = month_interval(year, month)
                return iv.start, iv.end, iv.granularity, frozenset({"year", "month"}), True
            iv = _by_tense(lambda y: month_interval(y, month), now.year, now, tense)
            return iv.start, iv.end, iv.granularity, frozenset({"month"}), False
        if p.year is not None:
            iv = year_interval(p.year)
            return iv.start, iv.end, iv.granularity, frozenset({"year"}), False
        if p.weekday is not None:
            day = _weekday_date(today, p.weekday, tense)
            start, end, granularity = day, day + timedelta(days=1), Granularity.DAY
            stated = frozenset({"weekday"})
            if p.hour is not None:
                start, end, granularity = _at_time(start, p)
                stated |= _time_fields(p)
            return start, end, granularity, stated, False
        if p.hour is not None:
            start, end, granularity = _at_time(today, p)
            return start, end, granularity, _time_fields(p), False
        raise _Impossible("")

    def _day(
        self, p: Parsed, now: datetime, today: datetime, tense: str | None
    ) -> tuple[datetime, datetime, Granularity, frozenset[str], bool]:
        assert p.day is not None
        if p.month is not None and not 1 <= p.month <= 12:
            raise _Impossible(f"there is no month {p.month}")
        if p.day < 1 or p.day > 31:
            raise _Impossible(f"no month has a day {p.day}")
        stated = {"day"}
        if p.year is not None and p.month is not None:
            last = calendar.monthrange(p.year, p.month)[1]
            if p.day > last:
                raise _Impossible(
                    f"{calendar.month_name[p.month]} {p.year} has {last} days, not {p.day}"
                )
            day = datetime(p.year, p.month, p.day)
            if not p.month_from_before:
                stated |= {"year", "month"}
        elif p.month is not None:
            if p.day > _MAX_DAYS[p.month]:
                raise _Impossible(
                    f"{calendar.month_name[p.month]} has at most {_MAX_DAYS[p.month]} days"
                )
            month = p.month

            def build(year: int) -> Interval:
                last = calendar.monthrange(year, month)[1]
                return day_interval(date(year, month, min(p.day or 1, last)))

            day = _by_tense(build, now.year, now, tense).start
            stated.add("month")
        else:
            day = _day_of_month(today, p.day, tense)
        if p.weekday is not None:
            stated.add("weekday")
        start, end, granularity = day, day + timedelta(days=1), Granularity.DAY
        if p.hour is not None:
            start, end, granularity = _at_time(day, p)
            stated |= _time_fields(p)
        return start, end, granularity, frozenset(stated), False


class _Impossible(ValueError):
    """A date that cannot exist; the message says why."""


_MAX_DAYS = {1: 31, 2: 29, 3: 31, 4: 30, 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}


def _time_fields(p: Parsed) -> frozenset[str]:
    """What a clock time states: its hour and minute ("8am" is 8:00, not any time from 8 to
    9: the KB's 8:30 is another time)."""
    return frozenset({"hour", "minute"})


def _at_time(day: datetime, p: Parsed) -> tuple[datetime, datetime, Granularity]:
    assert p.hour is not None
    start = day.replace(hour=p.hour, minute=p.minute or 0)
    if p.minute is not None:
        return start, start + timedelta(minutes=1), Granularity.MINUTE
    return start, start + timedelta(hours=1), Granularity.HOUR


def _by_tense(
    build: Callable[[int], Interval], year: int, now: datetime, tense: str | None
) -> Interval:
    """The interval of ``year``, moved a year back when told in the past tense and still ahead,
    or a year on when told in the future tense and already over."""
    iv = build(year)
    if tense == PAST and iv.start > now:
        return build(year - 1)
    if tense == FUTURE and iv.end <= now:
        return build(year + 1)
    return iv


def _month_from_before(p: Parsed, before: Sequence[TemporalExpression]) -> None:
    """A day of the month alone ("the 25th") after a date that names its day and month
    ("starts on Monday 21 September and finishes on Friday the 25th", "delivered on Friday 20
    November. It was posted on the 18th") is in that month, where its weekday, if said, fits
    ("due next Friday, the 27th" after "10 December" is not 27 December, a Sunday)."""
    if p.day is None or p.month is not None or p.year is not None or p.parts:
        return
    named = next(
        (
            e
            for e in reversed(before)
            if e.start is not None and {"day", "month"} <= e.stated and not e.parts
        ),
        None,
    )
    if named is None or named.start is None:
        return
    year, month = named.start.year, named.start.month
    if p.day > calendar.monthrange(year, month)[1]:
        return
    if p.weekday is not None and date(year, month, p.day).weekday() != p.weekday:
        return
    p.year, p.month, p.month_from_before = year, month, True


def _day_of_month(today: datetime, day: int, tense: str | None) -> datetime:
    """The day "the 14th" names: this month's, the last one in the past tense, the next one in
    the future tense."""
    candidates = list(_months_around(today, day))
    this = next((c for c in candidates if c.month == today.month), None)
    if tense == PAST:
        past = [c for c in candidates if c <= today]
        return past[-1] if past else candidates[0]
    if tense == FUTURE:
        ahead = [c for c in candidates if c >= today]
        return ahead[0] if ahead else candidates[-1]
    if this is not None:
        return this
    ahead = [c for c in candidates if c >= today]
    if ahead:
        return ahead[0]
    raise _Impossible("")


def _months_around(today: datetime, day: int) -> Iterator[datetime]:
    first = today.replace(day=1)
    for k in (-2, -1, 0, 1, 2):
        month = add_months(first, k)
        if day <= calendar.monthrange(month.year, month.month)[1]:
            yield month.replace(day=day)


def _weekday_date(today: datetime, weekday: int, tense: str | None) -> datetime:
    """ "on Tuesday": the next one (today included), or in the past tense the last one."""
    ahead = (weekday - today.weekday()) % 7
    if tense == PAST:
        return today - timedelta(days=(today.weekday() - weekday) % 7)
    return today + timedelta(days=ahead)


def _offset_interval(p: Parsed, today: datetime, now: datetime) -> Interval:
    assert p.offset is not None
    unit, amount = p.offset
    if unit == "weekday":
        assert p.weekday is not None
        if p.mod == "this":
            day = today + timedelta(days=(p.weekday - today.weekday()) % 7)
        elif amount >= 0:
            day = today + timedelta(days=(p.weekday - today.weekday() - 1) % 7 + 1)
        else:
            day = today - timedelta(days=(today.weekday() - p.weekday - 1) % 7 + 1)
        return day_interval(day.date())
    if unit == "minute":
        start = now.replace(second=0, microsecond=0) + timedelta(minutes=amount)
        return Interval(start, start + timedelta(minutes=1), Granularity.MINUTE)
    if unit == "hour":
        start = now.replace(minute=0, second=0, microsecond=0) + timedelta(hours=amount)
        return Interval(start, start + timedelta(hours=1), Granularity.HOUR)
    if unit == "day":
        return day_interval((today + timedelta(days=amount)).date())
    if unit == "window":  # "over the next few days": today and the days after it
        return Interval(today, today + timedelta(days=amount), Granularity.WEEK)
    if unit in {"week", "week2", "weekend"}:
        if p.counted:
            days = amount * (14 if unit == "week2" else 7)
            return day_interval((today + timedelta(days=days)).date())
        monday = today - timedelta(days=today.weekday()) + timedelta(weeks=amount)
        if unit == "weekend":
            saturday = monday + timedelta(days=5)
            return Interval(saturday, saturday + timedelta(days=2), Granularity.DAY)
        return Interval(monday, monday + timedelta(days=7), Granularity.WEEK)
    if unit == "month":
        moved = add_months(today.replace(day=1), amount)
        return month_interval(moved.year, moved.month)
    if unit == "quarter":
        q = (today.month - 1) // 3 + amount
        year = today.year + q // 4
        return quarter_interval(year, q % 4 + 1)
    if unit == "year":
        return year_interval(today.year + amount)
    decade = today.year // 10 * 10 + 10 * amount
    return decade_interval(decade)
