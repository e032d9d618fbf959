"""Temporal expressions: every format resolved against the reference time to an interval."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kgcheck.config import TemporalConfig
from kgcheck.periods import Granularity, day_interval, month_interval, parse_period
from kgcheck.values.temporal import TemporalExpression, TemporalRecognizer, agrees
from kgcheck.values.tense import FUTURE, PAST

NOW = datetime(2026, 11, 22, 10, tzinfo=UTC)  # a Sunday
RECOGNIZER = TemporalRecognizer()


def one(text: str, tense: str | None = None, **config: object) -> TemporalExpression:
    recognizer = TemporalRecognizer(TemporalConfig.model_validate(config)) if config else RECOGNIZER
    found = recognizer.find(text, NOW, (lambda s, e: tense) if tense else None)
    assert len(found) == 1, found
    return found[0]


def d(*parts: int) -> datetime:
    return datetime(*parts)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "shown", "start", "end", "granularity"),
    [
        # dates
        ("on 2024-03-01", "2024-03-01", d(2024, 3, 1), d(2024, 3, 2), Granularity.DAY),
        ("at 2024-03-01T15:30", "2024-03-01T15:30", d(2024, 3, 1, 15, 30), d(2024, 3, 1, 15, 31),
         Granularity.MINUTE),
        ("12/01/2024", "12/01/2024", d(2024, 12, 1), d(2024, 12, 2), Granularity.DAY),
        ("24/11/2026", "24/11/2026", d(2026, 11, 24), d(2026, 11, 25), Granularity.DAY),
        ("12.01.2024", "12.01.2024", d(2024, 12, 1), d(2024, 12, 2), Granularity.DAY),
        ("1 March 2025", "1 March 2025", d(2025, 3, 1), d(2025, 3, 2), Granularity.DAY),
        ("the 1st of March 2025", "the 1st of March 2025", d(2025, 3, 1), d(2025, 3, 2),
         Granularity.DAY),
        ("March 1, 2025", "March 1, 2025", d(2025, 3, 1), d(2025, 3, 2), Granularity.DAY),
        ("March 1st", "March 1st", d(2026, 3, 1), d(2026, 3, 2), Granularity.DAY),
        ("on Mar. 3", "Mar. 3", d(2026, 3, 3), d(2026, 3, 4), Granularity.DAY),
        ("on the 14th", "the 14th", d(2026, 11, 14), d(2026, 11, 15), Granularity.DAY),
        # times
        ("at 3pm", "3pm", d(2026, 11, 22, 15), d(2026, 11, 22, 16), Granularity.HOUR),
        ("at 3:30 p.m.", "3:30 p.m.", d(2026, 11, 22, 15, 30), d(2026, 11, 22, 15, 31),
         Granularity.MINUTE),
        ("at 15:45", "15:45", d(2026, 11, 22, 15, 45), d(2026, 11, 22, 15, 46),
         Granularity.MINUTE),
        ("at noon", "noon", d(2026, 11, 22, 12), d(2026, 11, 22, 12, 1), Granularity.MINUTE),
        ("at 9 o'clock", "9 o'clock", d(2026, 11, 22, 9), d(2026, 11, 22, 10), Granularity.HOUR),
        ("Monday at 3 pm", "Monday at 3 pm", d(2026, 11, 23, 15), d(2026, 11, 23, 16),
         Granularity.HOUR),
        ("at 3pm on 24 November 2026", "3pm on 24 November 2026", d(2026, 11, 24, 15),
         d(2026, 11, 24, 16), Granularity.HOUR),
        # weekdays and relative expressions
        ("on Tuesday", "Tuesday", d(2026, 11, 24), d(2026, 11, 25), Granularity.DAY),
        ("on sunday", "sunday", d(2026, 11, 22), d(2026, 11, 23), Granularity.DAY),
        ("next Tuesday", "next Tuesday", d(2026, 11, 24), d(2026, 11, 25), Granularity.DAY),
        ("last Tuesday", "last Tuesday", d(2026, 11, 17), d(2026, 11, 18), Granularity.DAY),
        ("today", "today", d(2026, 11, 22), d(2026, 11, 23), Granularity.DAY),
        ("yesterday", "yesterday", d(2026, 11, 21), d(2026, 11, 22), Granularity.DAY),
        ("tomorrow", "tomorrow", d(2026, 11, 23), d(2026, 11, 24), Granularity.DAY),
        ("the day after tomorrow", "the day after tomorrow", d(2026, 11, 24), d(2026, 11, 25),
         Granularity.DAY),
        ("in two weeks", "in two weeks", d(2026, 12, 6), d(2026, 12, 7), Granularity.DAY),
        ("a week tomorrow", "a week tomorrow", d(2026, 11, 30), d(2026, 12, 1), Granularity.DAY),
        ("a fortnight today", "a fortnight today", d(2026, 12, 6), d(2026, 12, 7),
         Granularity.DAY),
        ("in 3 days", "in 3 days", d(2026, 11, 25), d(2026, 11, 26), Granularity.DAY),
        ("two weeks ago", "two weeks ago", d(2026, 11, 8), d(2026, 11, 9), Granularity.DAY),
        ("in 2 months", "in 2 months", d(2027, 1, 1), d(2027, 2, 1), Granularity.MONTH),
        ("next week", "next week", d(2026, 11, 23), d(2026, 11, 30), Granularity.WEEK),
        ("last month", "last month", d(2026, 10, 1), d(2026, 11, 1), Granularity.MONTH),
        ("last year", "last year", d(2025, 1, 1), d(2026, 1, 1), Granularity.YEAR),
        ("next quarter", "next quarter", d(2027, 1, 1), d(2027, 4, 1), Granularity.QUARTER),
        # months and years
        ("in March", "March", d(2026, 3, 1), d(2026, 4, 1), Granularity.MONTH),
        ("in May", "May", d(2026, 5, 1), d(2026, 6, 1), Granularity.MONTH),
        ("March 2025", "March 2025", d(2025, 3, 1), d(2025, 4, 1), Granularity.MONTH),
        ("2025-03", "2025-03", d(2025, 3, 1), d(2025, 4, 1), Granularity.MONTH),
        ("in 2035", "2035", d(2035, 1, 1), d(2036, 1, 1), Granularity.YEAR),
        ("since 2019", "2019", d(2019, 1, 1), d(2020, 1, 1), Granularity.YEAR),
        # quarters, halves, fiscal years
        ("Q3 2024", "Q3 2024", d(2024, 7, 1), d(2024, 10, 1), Granularity.QUARTER),
        ("2024-Q3", "2024-Q3", d(2024, 7, 1), d(2024, 10, 1), Granularity.QUARTER),
        ("the third quarter of 2024", "the third quarter of 2024", d(2024, 7, 1), d(2024, 10, 1),
         Granularity.QUARTER),
        ("the last quarter of 2024", "the last quarter of 2024", d(2024, 10, 1), d(2025, 1, 1),
         Granularity.QUARTER),
        ("in Q1", "Q1", d(2026, 1, 1), d(2026, 4, 1), Granularity.QUARTER),
        ("H1 2025", "H1 2025", d(2025, 1, 1), d(2025, 7, 1), Granularity.HALF),
        ("the second half of 2025", "the second half of 2025", d(2025, 7, 1), d(2026, 1, 1),
         Granularity.HALF),
        ("in FY2025", "FY2025", d(2025, 1, 1), d(2026, 1, 1), Granularity.YEAR),
        # decades and centuries
        ("the 1990s", "the 1990s", d(1990, 1, 1), d(2000, 1, 1), Granularity.DECADE),
        ("the '90s", "the '90s", d(1990, 1, 1), d(2000, 1, 1), Granularity.DECADE),
        ("the nineties", "the nineties", d(1990, 1, 1), d(2000, 1, 1), Granularity.DECADE),
        ("the 1800s", "the 1800s", d(1800, 1, 1), d(1900, 1, 1), Granularity.CENTURY),
        # ranges
        ("from May to July 2024", "May to July 2024", d(2024, 5, 1), d(2024, 8, 1),
         Granularity.MONTH),
        ("between 2020 and 2022", "2020 and 2022", d(2020, 1, 1), d(2023, 1, 1),
         Granularity.YEAR),
        ("2019-2021", "2019-2021", d(2019, 1, 1), d(2022, 1, 1), Granularity.YEAR),
        ("1-15 March 2025", "1-15 March 2025", d(2025, 3, 1), d(2025, 3, 16), Granularity.DAY),
        ("from 1 March to 15 April 2025", "1 March to 15 April 2025", d(2025, 3, 1),
         d(2025, 4, 16), Granularity.DAY),
    ],
)  # fmt: skip
def test_temporal_formats_resolve_to_intervals(
    text: str, shown: str, start: datetime, end: datetime, granularity: Granularity
) -> None:
    expr = one(text)
    assert (expr.text, expr.start, expr.end, expr.granularity) == (shown, start, end, granularity)
    assert expr.error is None


@pytest.mark.parametrize(
    ("text", "start", "end", "granularity"),
    [
        # dateparser reads "the 1990s" as seconds ago
        ("the 1990s", d(1990, 1, 1), d(2000, 1, 1), Granularity.DECADE),
        # ... "Q3 2024" as one day in August
        ("Q3 2024", d(2024, 7, 1), d(2024, 10, 1), Granularity.QUARTER),
        # ... and "in 2035" with today's month
        ("in 2035", d(2035, 1, 1), d(2036, 1, 1), Granularity.YEAR),
    ],
)
def test_temporal_formats_dateparser_gets_wrong(
    text: str, start: datetime, end: datetime, granularity: Granularity
) -> None:
    expr = one(text)
    assert (expr.start, expr.end, expr.granularity) == (start, end, granularity)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("30 February 2025", "February 2025 has 28 days, not 30"),
        ("February 29, 2025", "February 2025 has 28 days, not 29"),
        ("2025-02-30", "February 2025 has 28 days, not 30"),
        ("31/04/2025", "April 2025 has 30 days, not 31"),
        ("13/13/2024", "there is no month 13"),
        ("February 30", "February has at most 29 days"),
    ],
)
def test_temporal_impossible_dates_carry_the_reason(text: str, message: str) -> None:
    expr = one(text)
    assert expr.error == message
    assert expr.start is None and expr.interval is None


def test_temporal_february_29_of_a_leap_year_exists() -> None:
    assert one("29 February 2024").start == d(2024, 2, 29)


@pytest.mark.parametrize(
    ("text", "tense", "start"),
    [
        ("in March", PAST, d(2026, 3, 1)),
        ("in December", PAST, d(2025, 12, 1)),
        ("in December", None, d(2026, 12, 1)),
        ("in March", FUTURE, d(2027, 3, 1)),
        ("on Tuesday", PAST, d(2026, 11, 17)),
        ("on Tuesday", FUTURE, d(2026, 11, 24)),
        ("on the 30th", PAST, d(2026, 10, 30)),
        ("on the 2nd", FUTURE, d(2026, 12, 2)),
        ("in Q1", FUTURE, d(2027, 1, 1)),
    ],
)
def test_temporal_open_year_or_month_follows_the_tense(
    text: str, tense: str | None, start: datetime
) -> None:
    assert one(text, tense).start == start


@pytest.mark.parametrize(
    ("text", "config", "start", "end"),
    [
        ("12/01/2024", {"date_order": "dmy"}, d(2024, 1, 12), d(2024, 1, 13)),
        ("12/01/2024", {"date_order": "mdy"}, d(2024, 12, 1), d(2024, 12, 2)),
        ("24/11/2026", {"date_order": "mdy"}, d(2026, 11, 24), d(2026, 11, 25)),
        ("Q1 FY2025", {"fiscal_year_start": 10}, d(2024, 10, 1), d(2025, 1, 1)),
        ("fiscal Q3 2025", {"fiscal_year_start": 7}, d(2025, 1, 1), d(2025, 4, 1)),
        ("FY2025", {"fiscal_year_start": 4}, d(2024, 4, 1), d(2025, 4, 1)),
        ("Q3 2025", {"fiscal_year_start": 7}, d(2025, 7, 1), d(2025, 10, 1)),
    ],
)
def test_temporal_configured_day_order_and_fiscal_year(
    text: str, config: dict[str, object], start: datetime, end: datetime
) -> None:
    expr = one(text, **config)
    assert (expr.start, expr.end) == (start, end)


@pytest.mark.parametrize(
    ("text", "stated", "weekday"),
    [
        ("Monday, 24 November 2026", {"year", "month", "day", "weekday"}, 0),
        ("the 14th", {"day"}, None),
        ("on Thursday", {"weekday"}, 3),
        ("March 1st", {"month", "day"}, None),
        ("at 3pm", {"hour", "minute"}, None),  # 3pm is 15:00, not any time of that hour
        ("Q3", {"quarter"}, None),
    ],
)
def test_temporal_stated_fields_and_weekday(
    text: str, stated: set[str], weekday: int | None
) -> None:
    expr = one(text)
    assert expr.stated == frozenset(stated)
    assert expr.weekday == weekday


@pytest.mark.parametrize(
    "text",
    [
        "You may go now.",
        "Please march on.",
        "Call extension 4412 or room C-310.",
        "It costs $2024.",
        "She works on Mondays.",
        "Revenue grew 2019 units.",
        "The code is 2024-7731.",
    ],
)
def test_temporal_words_that_are_not_dates_are_left_alone(text: str) -> None:
    assert RECOGNIZER.find(text, NOW) == []


def test_temporal_range_keeps_both_ends() -> None:
    expr = one("from July to May 2024")
    first, last = expr.parts
    assert (first.start, last.start) == (d(2024, 7, 1), d(2024, 5, 1))


@pytest.mark.parametrize(
    ("text", "kb", "agreed"),
    [
        ("in March 2025", day_interval(d(2025, 3, 14).date()), True),
        ("in March 2025", day_interval(d(2025, 4, 14).date()), False),
        ("on 14 March 2025", month_interval(2025, 3), True),
        ("in 2025", parse_period("2025-03-14"), True),
        ("on Thursday", day_interval(d(2026, 12, 3).date()), True),
        ("on Thursday", day_interval(d(2026, 12, 4).date()), False),
        ("on the 14th", day_interval(d(2025, 1, 14).date()), True),
        ("on the 14th", day_interval(d(2025, 1, 15).date()), False),
        ("at 1pm", parse_period("2025-01-14T13:00"), True),
        ("at 1pm", parse_period("2025-01-14T14:00"), False),
        ("in Q3", parse_period("2024-08"), True),
        ("in Q3", parse_period("2024-11"), False),
    ],
)
def test_temporal_agrees_at_the_stated_granularity(text: str, kb: object, agreed: bool) -> None:
    assert kb is not None
    assert agrees(one(text), kb) is agreed  # type: ignore[arg-type]


def test_temporal_without_reference_time_uses_the_clock() -> None:
    found = RECOGNIZER.find("tomorrow")
    assert found[0].start is not None and found[0].relative


@pytest.mark.parametrize(
    ("text", "day", "clock"),
    [
        ("on Friday at 6pm", "Friday", "6pm"),
        ("at 5pm on Saturday", "Saturday", "5pm"),
        ("the 6th at 2pm.", "the 6th", "2pm"),
        ("Monday, 7 pm", "Monday", "7 pm"),
    ],
)
def test_temporal_day_with_a_time_gives_each_part_its_own_span(
    text: str, day: str, clock: str
) -> None:
    (expr,) = TemporalRecognizer().find(text, datetime(2026, 11, 23))
    for want, time in ((day, False), (clock, True)):
        span, shown = expr.part(time=time)
        assert shown == want
        assert text[span.start : span.end] == want


def test_temporal_day_alone_is_its_own_part() -> None:
    (expr,) = TemporalRecognizer().find("on Friday", datetime(2026, 11, 23))
    assert expr.part(time=False) == (expr.span, "Friday")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("A shared ride to 2100 Avy Avenue.", []),
        ("They are on 2355 Chestnut Street.", []),
        ("Your cab goes to 1200 Callowhill St., is that right?", []),
        ("It opened in 2015.", ["2015"]),
        ("In 2015 the road was widened.", ["2015"]),
    ],
)
def test_a_number_heading_a_street_address_is_no_year(text: str, found: list[str]) -> None:
    assert [e.text for e in TemporalRecognizer().find(text, NOW)] == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("How about Allan Rayman at August Hall on March 9th?", ["March 9th"]),
        ("They live on May Street.", []),
        ("In May Lisa moved.", ["May"]),
    ],
)
def test_a_month_starting_a_name_is_no_date(text: str, found: list[str]) -> None:
    assert [e.text for e in TemporalRecognizer().find(text, NOW)] == found


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        # the month of the date said before, not the current one (November)
        (
            "It starts on Monday 21 December and finishes on Thursday the 24th.",
            [d(2026, 12, 21), d(2026, 12, 24)],
        ),
        (
            "It was delivered on Friday 20 November. It was posted on the 18th.",
            [d(2026, 11, 20), d(2026, 11, 18)],
        ),
    ],
)
def test_a_day_of_the_month_alone_takes_the_month_said_before(
    text: str, dates: list[datetime]
) -> None:
    found = RECOGNIZER.find(text, NOW)
    assert [e.start for e in found] == dates
    # the month is not stated by the words: no check may take it as said
    assert "month" not in found[-1].stated


def test_a_range_to_a_day_alone_runs_into_the_next_month() -> None:
    found = one("from 28 December to the 2nd")
    assert (found.start, found.end) == (d(2026, 12, 28), d(2027, 1, 3))


def test_a_weekday_that_does_not_fit_the_month_said_before_keeps_its_own() -> None:
    # "due next Friday, the 27th" after "10 December": 27 December is a Sunday, so the 27th
    # is this month's (a Friday)
    found = RECOGNIZER.find(
        "Your inhaler is due on 10 December, the others next Friday, the 27th.", NOW
    )
    assert found[-1].start == d(2026, 11, 27)


def test_a_day_before_a_range_of_times_is_the_day_of_both_ends() -> None:
    # a winery's "on Sunday 3 May from 12pm to 4pm": not the day at 12pm and 4pm of no day
    t = one("The tasting is on Sunday 3 May from 12pm to 4pm.")
    assert t.text == "Sunday 3 May from 12pm to 4pm"
    assert [p.start for p in t.parts] == [d(2026, 5, 3, 12), d(2026, 5, 3, 16)]
    # a collection slot on "Tuesday from 8am to 12pm" is a Tuesday's, not any day's
    t = one("We can collect on Tuesday from 8am to 12pm.")
    assert t.weekday == 1
    assert not agrees(t, day_interval(d(2026, 11, 27)))  # a Friday
    assert agrees(t, day_interval(d(2026, 11, 24)))


def test_the_end_of_a_range_of_times_is_not_joined_to_the_next_day() -> None:
    # "from 1pm to 5pm, tomorrow from 8am": 5pm is today's
    found = RECOGNIZER.find("Slots: this afternoon from 1pm to 5pm, tomorrow from 8am.", NOW)
    assert [t.text for t in found] == ["this afternoon from 1pm to 5pm", "tomorrow from 8am"]
