"""Nouns of one sense from WordNet, read through NLTK: a WordNet database written on the fly
(:mod:`tests.wordnet`), and none at all."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("nltk")

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.nlp import synonyms
from kgcheck.nlp.synonyms import WordNet, named_by
from kgcheck.tools import ToolResult
from tests.wordnet import forget, wordnet_at

NOW = "2026-03-01T09:00:00+00:00"


def test_nouns_sharing_a_sense_are_synonyms_and_other_senses_are_not(tmp_path: Path) -> None:
    with wordnet_at(tmp_path) as folder:
        net = WordNet(str(folder))
        assert net.synonyms("layover") == {"stop", "stopover"}
        assert net.synonyms("Luggage") == {"baggage"}
        # "stop" has two senses: the nouns of both, never a word of no sense of it
        assert net.synonyms("stop") == {"halt", "stopover", "layover"}
        assert net.synonyms("timetable") == frozenset()
        net.close()


def test_what_a_table_holds_for_a_noun_comes_first_then_for_its_synonyms(
    tmp_path: Path,
) -> None:
    with wordnet_at(tmp_path):
        table = {"stop": {"number_stops"}, "layover": {"layover_minutes"}}
        assert named_by("layover", table) == {"layover_minutes"}
        assert named_by("halt", table) == {"number_stops"}
        assert named_by("rider", table) == set()


def test_without_wordnet_a_noun_has_no_synonyms(tmp_path: Path) -> None:
    # an NLTK data folder without corpora/wordnet: words are read as written
    with wordnet_at(tmp_path / "present"):
        import nltk

        forget()
        nltk.data.path[:] = [str(tmp_path / "empty")]
        assert synonyms.wordnet() is None
        assert named_by("layover", {"stop": {"number_stops"}}) == set()


def test_a_count_named_by_a_synonym_of_what_a_field_counts_is_checked(tmp_path: Path) -> None:
    # SGD's flights count "Number of stops in the itinerary"; assistants say "layovers"
    rows = [
        {"airlines": "Delta Airlines", "outbound_departure_time": "07:00", "number_stops": "0",
         "price": "228"},
        {"airlines": "United Airlines", "outbound_departure_time": "21:15", "number_stops": "1",
         "price": "482"},
    ]  # fmt: skip
    schema = {
        "service_name": "Flights",
        "slots": [
            {"name": "number_stops", "description": "Number of stops in the itinerary",
             "is_categorical": True, "possible_values": ["0", "1"]},
        ],
    }  # fmt: skip
    checker = Checker(config_from_dict({"nli": {"model": "none"}, "now": NOW}))

    def check(reply: str) -> tuple[list[str], str]:
        state = DialogueState(session_id="layovers", now=NOW)
        state.add_turn("user", "Find me a flight to Los Angeles.")
        state.add_call(ToolResult("SearchOnewayFlight", rows, schema=schema))
        report = checker.check_turn(reply, state)
        return [f.content for f in report.flags if f.confidence >= 0.5], report.text

    wrong = "There is a Delta Airlines flight leaving at 7 am which has 1 layovers. It costs $228."
    with wordnet_at(tmp_path):
        flagged, text = check(wrong)
        assert flagged == ["1"]
        assert text == wrong.replace("1 layovers", "0 layovers")
        assert check(wrong.replace("1 layovers", "0 layovers"))[0] == []
    # without WordNet "layovers" names no field: the count is not read, never wrongly
    with wordnet_at(tmp_path):
        import nltk

        forget()
        nltk.data.path[:] = [str(tmp_path / "empty")]
        assert check(wrong) == ([], wrong)
