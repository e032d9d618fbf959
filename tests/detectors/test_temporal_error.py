"""``temporal_error``: impossible dates, wrong weekdays, tense, far years and contradicted order."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import Config, TemporalConfig
from kgcheck.detectors.base import DetectionContext
from kgcheck.detectors.temporal_error import TemporalErrorDetector
from kgcheck.types import Flag, FlagType

from ..conftest import NOW


def temporal_flags(checker: Checker, text: str) -> list[Flag]:
    report = checker.check_turn(text, DialogueState(session_id="t", now=NOW))
    return [f for f in report.flags if f.type == FlagType.TEMPORAL_ERROR]


@pytest.mark.parametrize(
    ("text", "content", "message"),
    [
        ("The clinic opened in 2041.", "2041", "still to come"),
        ("The new wing was completed in March 2027.", "March 2027", "past tense"),
        ("The clinic will open in 2019.", "2019", "already over"),
        ("The archive is kept until 2150.", "2150", "more than 50 years ahead"),
        ("The meeting is on 30 February 2025.", "30 February 2025", "February 2025 has 28 days"),
        ("Send it by 31/04/2026.", "31/04/2026", "April 2026 has 30 days"),
        ("The review is on Monday, 24 November 2026.", "Monday, 24 November 2026",
         "24 November 2026 is a Tuesday, not a Monday"),
        ("It finished in March before it started in June.", "March before it started in June",
         "ends (March) before it starts (June)"),
        ("The audit was in June 2025, after the launch in September 2025.",
         "June 2025, after the launch in September 2025", "is not after"),
        ("The pilot ran from July to May 2024.", "July to May 2024", "ends before it starts"),
        ("The EHR Migration kicked off in May 2026.", "May 2026",
         "after its project end (2026-03-31)"),
        ("The EHR Migration finished in May 2025.", "May 2025",
         "before its project start (2025-06-02)"),
    ],
)  # fmt: skip
def test_temporal_error_flags(acme_checker: Checker, text: str, content: str, message: str) -> None:
    flags = temporal_flags(acme_checker, text)
    assert [f.content for f in flags] == [content]
    assert message in flags[0].message
    assert flags[0].evidence and flags[0].detector == "temporal_error"


@pytest.mark.parametrize(
    "text",
    [
        "The clinic opened in 2019.",
        "The clinic will open in 2031.",
        "The review is on Tuesday, 24 November 2026.",
        "It started in March and finished in June.",
        "It finished in June after it started in March.",
        "The audit was in June 2025, before the launch in September 2025.",
        "The pilot ran from May to July 2024.",
        "Dr. Patel joined Acme on 2 March 2015.",
        "The EHR Migration kicked off in June 2025 and finished in March 2026.",
        "Eastside Clinic opened in 2023.",
        "See you next Tuesday at 3pm.",
        "The plan runs until 2060.",
    ],
)
def test_temporal_error_true_statements_stay_silent(acme_checker: Checker, text: str) -> None:
    assert temporal_flags(acme_checker, text) == []


def test_temporal_error_weekday_correction_names_the_right_day(acme_checker: Checker) -> None:
    (flag,) = temporal_flags(acme_checker, "The review is on Monday, 24 November 2026.")
    assert flag.correction == "Tuesday"
    assert flag.correction_span is not None
    text = "The review is on Monday, 24 November 2026."
    assert text[flag.correction_span.start : flag.correction_span.end] == "Monday"


def run(checker: Checker, text: str, now: datetime | None, **config: object) -> list[Flag]:
    ctx = DetectionContext(
        analysis=checker.analyzer.analyse(text, now=now),
        kb=checker.kb,
        state=DialogueState(),
        now=now,
        config=Config(temporal=TemporalConfig.model_validate(config)),
    )
    return TemporalErrorDetector().detect(ctx)


def test_temporal_error_max_years_ahead_is_configurable(acme_checker: Checker) -> None:
    now = datetime(2026, 11, 22, tzinfo=UTC)
    assert run(acme_checker, "The lease runs until 2035.", now) == []
    flags = run(acme_checker, "The lease runs until 2035.", now, max_years_ahead=5)
    assert [f.content for f in flags] == ["2035"]


def test_temporal_error_without_reference_time_checks_only_the_calendar(
    acme_checker: Checker,
) -> None:
    assert run(acme_checker, "The clinic opened in 2041.", None) == []
    flags = run(acme_checker, "It is due on 30 February 2025.", None)
    assert [f.content for f in flags] == ["30 February 2025"]


def test_temporal_error_a_weekday_beside_a_date_without_its_year_is_checked(
    acme_checker: Checker,
) -> None:
    # a blind trial's "Thursday 4 December" (a Friday) went unflagged: the year was not stated
    now = datetime(2026, 12, 2, 10, 0)
    (flag,) = run(acme_checker, "The evening slot is on Thursday 4 December.", now)
    assert (flag.content, flag.correction) == ("Thursday 4 December", "Friday")
    assert run(acme_checker, "The evening slot is on Friday 4 December.", now) == []


@pytest.mark.parametrize(
    "text",
    [
        # a blind trial's car hire: the date a change leads to is not placed by the past tense
        "Your return has been moved to Friday 26 November at 5 pm.",
        "The booking was extended until Friday 26 November.",
    ],
)
def test_a_wrong_weekday_of_the_date_a_change_leads_to_is_flagged(
    acme_checker: Checker, text: str
) -> None:
    (flag,) = temporal_flags(acme_checker, text)
    assert "26 November 2026 is a Thursday, not a Friday" in flag.message


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        # "tomorrow" of a Wednesday is a Thursday
        ("We can deliver tomorrow, Friday, before noon.", ["Friday"]),
        ("We're open today (Tuesday) until 5pm.", ["Tuesday"]),
        ("We can deliver tomorrow, Thursday, before noon.", []),
        # days listed, not one day said twice
        ("Tomorrow, Friday and Saturday are all free.", []),
        ("See you tomorrow. Friday is busy.", []),
    ],
)
def test_a_weekday_said_of_a_relative_day_must_be_that_day(
    acme_checker: Checker, text: str, flagged: list[str]
) -> None:
    wednesday = datetime(2026, 3, 11, 10, tzinfo=UTC)
    report = acme_checker.check_turn(text, DialogueState(session_id="t", now=wednesday))
    assert [f.content for f in report.flags if f.type == FlagType.TEMPORAL_ERROR] == flagged
