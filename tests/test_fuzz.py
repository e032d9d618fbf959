"""Property-based fuzzing of ``check_turn`` (seeded: CI sees the same cases every run), and the
regression tests of issue 19, each named after what broke.

Replies mix KB names, dates at the ends of the calendar, huge numbers, lone surrogates and long
runs without spaces; ``now`` ranges over the whole calendar. Nothing may raise but kgcheck's own
errors, and no check may fail (``report.errors``). ``benchmarks/fuzz.py`` runs thousands.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgcheck import Checker, DialogueState
from kgcheck.caps import cap_flags
from kgcheck.config import config_from_dict
from kgcheck.errors import KgcheckError
from kgcheck.server import create_app
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.types import Flag, FlagType, Span
from tests.conftest import ACME_CONFIG, NOW

PIECES = (
    "Dr. Patel works in Cardiology", "Sarah Lee leads Analytics", "Tom Okafor is in room B-101",
    "on 2/1/0000", "on 9999-12-31", "in 99999 months", "2 weeks ago", "next Tuesday",
    "9999999999999999999999 days from now", "on 30 February 2025", "in Q4 9999", "FY9999",
    "from May to July 9999", "the 31st", "$99999999999999999999M", "1e308", "NaN", "4413",
    "\udc80", "\ud800", "[" * 300, "_" * 250, "\ufffd" * 210, ".", ",", " ",
)  # fmt: skip

replies = st.lists(
    st.one_of(
        st.sampled_from(PIECES),
        st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0xDFFF), max_size=30),
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
        st.builds(lambda c, n: c * n, st.sampled_from("[(_.-9/'\ufffd"), st.integers(1, 600)),
    ),
    max_size=6,
).map(" ".join)
nows = st.datetimes(min_value=datetime.min, max_value=datetime.max, timezones=st.just(UTC))


@pytest.fixture(scope="module")
def checker() -> Checker:
    """The Acme checker without the NLI model (the fuzz is about the symbolic path)."""
    raw = yaml.safe_load(ACME_CONFIG.read_text(encoding="utf-8"))
    raw["nli"] = {"model": "none"}
    return Checker(config_from_dict(raw, base_dir=ACME_CONFIG.parent))


def _check(checker: Checker, text: str, state: DialogueState) -> None:
    try:
        report = checker.check_turn(text, state, record=False)
    except KgcheckError:
        return
    assert not report.errors, report.errors
    report.to_dict()  # what the service sends must be serialisable


_FUZZ = settings(max_examples=200, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@_FUZZ
@given(text=replies, now=nows)
def test_fuzz_check_turn_raises_only_kgcheck_errors(
    checker: Checker, text: str, now: datetime
) -> None:
    _check(checker, text, DialogueState(now=now))


@_FUZZ
@given(history=st.lists(replies, min_size=1, max_size=3), text=replies, now=nows)
def test_fuzz_check_turn_with_history_raises_only_kgcheck_errors(
    checker: Checker, history: list[str], text: str, now: datetime
) -> None:
    state = DialogueState(now=now)
    for n, turn in enumerate(history):
        state.add_turn("user" if n % 2 == 0 else "assistant", turn)
    _check(checker, text, state)


# --- regressions (issue 19) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "now", "note"),
    [
        ("We meet again in 99999 months.", NOW, "'in 99999 months'"),
        ("The contract ends on 9999-12-31.", NOW, "'9999-12-31'"),
        ("See you next Tuesday.", "9999-12-31T10:00:00+00:00", "'next Tuesday'"),
        ("It was 2 weeks ago.", "0001-01-01T10:00:00+00:00", "'2 weeks ago'"),
        (
            "Remind me 9999999999999999999999 days from now.",
            NOW,
            "'9999999999999999999999 days from now'",
        ),
    ],
)
def test_check_turn_date_out_of_calendar_is_skipped_with_a_note(
    checker: Checker, text: str, now: str, note: str
) -> None:
    report = checker.check_turn(text, DialogueState(now=now), record=False)
    assert not report.errors
    assert any(note in line and "years 1-9999" in line for line in report.skipped)


def test_check_turn_year_zero_is_a_temporal_error(checker: Checker) -> None:
    report = checker.check_turn("It started on 2/1/0000.", DialogueState(now=NOW), record=False)
    assert [f.type for f in report.flags] == [FlagType.TEMPORAL_ERROR]
    assert "year 0" in report.flags[0].message


def test_check_turn_lone_surrogate_becomes_replacement_character(checker: Checker) -> None:
    text = "Dr. Patel \udc80 works in Oncology."
    report = checker.check_turn(text, DialogueState(now=NOW), record=False)
    assert report.original == "Dr. Patel \ufffd works in Oncology."
    assert len(report.original) == len(text)  # one character for one: offsets unchanged
    assert any(f.type == FlagType.WRONG_ATTRIBUTE for f in report.flags)
    report.text.encode("utf-8")


def test_add_turn_lone_surrogate_becomes_replacement_character() -> None:
    state = DialogueState()
    assert state.add_turn("user", "a\ud800b").text == "a\ufffdb"


def test_analyse_long_run_without_spaces_is_masked(checker: Checker) -> None:
    text = "Dr. Patel works in Cardiology. " + "[" * 19060
    analysis = checker.analyzer.analyse(text)
    assert len(analysis.text) == len(text)
    assert analysis.text.startswith("Dr. Patel works in Cardiology. x")
    assert any("nlp.max_run_chars" in note for note in analysis.notes)
    assert analysis.claims  # the sentence before the run is still analysed


def test_history_poisoned_by_huge_day_count_never_blocks_the_session(checker: Checker) -> None:
    state = DialogueState(now=NOW)
    state.add_turn("user", "Remind me 9999999999999999999999 days from now.")
    for _ in range(2):
        report = checker.check_turn("Dr. Patel works in Oncology.", state, record=False)
        assert not report.errors
        assert any(f.type == FlagType.WRONG_ATTRIBUTE for f in report.flags)


def test_history_turn_that_cannot_be_analysed_is_recorded_empty(
    checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    analyse = checker.analyzer.analyse

    def failing(text: str, **kwargs: object) -> object:
        if text == "poison":
            raise OverflowError("date value out of range")
        return analyse(text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(checker.analyzer, "analyse", failing)
    state = DialogueState(now=NOW)
    turn = state.add_turn("user", "poison")
    report = checker.check_turn("Dr. Patel works in Oncology.", state, record=False)
    assert report.flags and turn.recorded and turn.analysis is not None
    assert turn.analysis.notes == (
        "nlp: the turn could not be analysed (OverflowError: date value out of range)",
    )


def test_server_session_poisoned_by_huge_day_count_still_checks(checker: Checker) -> None:
    client = TestClient(create_app(checker=checker, store=OxigraphFlagStore(None)))
    added = client.post(
        "/sessions/p/turns",
        json={"role": "user", "text": "Remind me 9999999999999999999999 days from now."},
    )
    assert added.status_code == 200
    for _ in range(2):
        response = client.post(
            "/sessions/p/check", json={"now": NOW, "reply": "Dr. Patel works in Cardiology."}
        )
        assert response.status_code == 200, response.text


def test_server_lone_surrogate_in_body_becomes_replacement_character(checker: Checker) -> None:
    client = TestClient(create_app(checker=checker, store=OxigraphFlagStore(None)))
    body = '{"now": "' + NOW + '", "reply": "Dr. Patel \\udc80 works in Cardiology."}'
    response = client.post(
        "/sessions/u/check", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 200, response.text
    assert response.json()["report"]["original"] == "Dr. Patel \ufffd works in Cardiology."


def test_server_flags_since_out_of_range_is_a_400(checker: Checker) -> None:
    client = TestClient(create_app(checker=checker, store=OxigraphFlagStore(None)))
    response = client.get("/flags", params={"since": "9999999999999d"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "KGC406"


def _flag(confidence: float, kind: FlagType = FlagType.UNSUPPORTED_CLAIM) -> Flag:
    return Flag(kind, Span(0, 1), "x", "m", "d", confidence=confidence)


def test_cap_flags_keeps_the_most_confident_in_order() -> None:
    flags = [_flag(0.1), _flag(0.9), _flag(0.5, FlagType.TEMPORAL_ERROR), _flag(0.7)]
    kept, note = cap_flags(flags, 2)
    assert [f.confidence for f in kept] == [0.9, 0.7]
    assert note is not None and "mitigation.max_flags" in note
    assert "1 temporal_error" in note and "1 unsupported_claim" in note
    assert cap_flags(flags, 4) == (flags, None)


# --- knowledge-base values ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "code", "shown"),
    [
        ('ex:budget kgc:tolerance "abc" .', "KGC206", 'kgc:tolerance "abc"'),
        ("ex:budget kgc:tolerance -0.5 .", "KGC206", 'kgc:tolerance "-0.5"'),
        ('ex:a ex:budget "NaN"^^xsd:decimal .', "KGC207", '"NaN"^^<'),
        ('ex:a ex:budget "INF"^^xsd:double .', "KGC207", '"INF"^^<'),
        ('ex:a ex:opens "7.45"^^xsd:time .', "KGC210", "'7.45' is not a value of xsd:time"),
        ('ex:a ex:budget "12,5"^^xsd:decimal .', "KGC210", "xsd:decimal"),
    ],
)
def test_kb_bad_numeric_value_is_a_load_error_naming_file_and_triple(
    make_kb: Callable[[str], object], tmp_path: Path, body: str, code: str, shown: str
) -> None:
    with pytest.raises(KgcheckError) as caught:
        make_kb(body)
    assert caught.value.code == code
    assert f"{tmp_path / 'kb.ttl'}:9: " in caught.value.message
    assert shown in caught.value.message


def test_an_ill_typed_literal_prints_no_traceback(
    make_kb: Callable[[str], object], capfd: pytest.CaptureFixture[str]
) -> None:
    # broke: "7.45"^^xsd:time loaded with rdflib tracebacks on stderr, then "corrected" a
    # true reply to "7.45:45"
    with pytest.raises(KgcheckError):
        make_kb('ex:a ex:opens "7.45"^^xsd:time .')
    captured = capfd.readouterr()
    assert "Traceback" not in captured.err and "Failed to convert" not in captured.err
