"""Input normalisation: lone surrogates, long runs, the bounded suffix search."""

from __future__ import annotations

from datetime import datetime

import pytest
import spacy
from rdflib import Literal
from rdflib.namespace import XSD

from kgcheck.nlp.pipeline import build_base_pipeline
from kgcheck.nlp.text import bounded_suffix_search, clean_text, mask_long_runs
from kgcheck.periods import interval_of_literal, parse_period
from kgcheck.values.temporal import TemporalRecognizer


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plain", "plain"),
        ("a\udc80b", "a\ufffdb"),
        ("\ud800\udc00", "\ufffd\ufffd"),  # a pair in a str is two lone surrogates
        ("café 😀", "café 😀"),
    ],
)
def test_clean_text_replaces_lone_surrogates_one_for_one(text: str, expected: str) -> None:
    assert clean_text(text) == expected


def test_mask_long_runs_keeps_length_and_short_runs() -> None:
    text = "ok " + "[" * 30 + " fine " + "_" * 10
    masked, count = mask_long_runs(text, 20)
    assert (masked, count) == ("ok " + "x" * 30 + " fine " + "_" * 10, 1)
    assert mask_long_runs("short", 20) == ("short", 0)


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Patel's team... works in Cardiology (since 2019)!",
        "It costs $5.3M, 12km, 10kg.",
        'U.S.A. e.g. 5\'11" "quoted"',
        "x" * 70 + "...)",
        "5" * 80 + "km",
    ],
)
def test_bounded_suffix_search_tokenizes_like_spacy(text: str) -> None:
    plain, bounded = spacy.blank("en"), spacy.blank("en")
    search = bounded.tokenizer.suffix_search
    bounded.tokenizer.suffix_search = bounded_suffix_search(search)
    assert [t.text for t in bounded.make_doc(text)] == [t.text for t in plain.make_doc(text)]


@pytest.mark.parametrize(
    ("text", "now"),
    [
        ("in 99999 months", datetime(2026, 11, 22)),
        ("on 9999-12-31", datetime(2026, 11, 22)),
        ("next Tuesday", datetime(9999, 12, 31)),
        ("2 weeks ago", datetime(1, 1, 1)),
        ("in " + "9" * 5000 + " days", datetime(2026, 11, 22)),
    ],
)
def test_temporal_out_of_calendar_is_unresolved_with_a_note(text: str, now: datetime) -> None:
    notes: list[str] = []
    (expr,) = TemporalRecognizer().find(text, now, notes=notes)
    assert expr.out_of_range and expr.start is None and expr.error is None
    assert len(notes) == 1 and "years 1-9999" in notes[0]


def test_temporal_year_zero_is_impossible() -> None:
    (expr,) = TemporalRecognizer().find("on 2/1/0000", datetime(2026, 11, 22))
    assert expr.error == "there is no year 0" and not expr.out_of_range


def test_periods_end_of_calendar_is_the_last_day_not_an_error() -> None:
    last = parse_period("9999-12-31")
    assert last is not None and last.end == datetime.max
    held = interval_of_literal(Literal("9999-12-31", datatype=XSD.date))
    assert held is not None and held.start == datetime(9999, 12, 31)
    assert parse_period("9999-12-30") is not None


@pytest.mark.parametrize("pipeline", ["blank", "auto"])
def test_a_sentence_ended_without_a_space_still_ends(pipeline: str) -> None:
    # "What about Air France?You can ...", "local time.1 layovers": the reply's sentences,
    # each read on its own; an abbreviation or a number is not cut
    nlp, _ = build_base_pipeline(pipeline)
    doc = nlp("What about Air France?You leave at 4:50 am local time.1 layovers, e.g. v1.2 or 3.5.")
    words = [t.text for t in doc]
    assert words[:7] == ["What", "about", "Air", "France", "?", "You", "leave"]
    assert words[words.index("time") : words.index("time") + 4] == ["time", ".", "1", "layovers"]
    assert "e.g." in words and "v1.2" in words and "3.5" in words
    assert next(s.text for s in doc.sents) == "What about Air France?"
