"""The KB self-test: generated statements, their truth, the counts, and a run on a fixture."""

from __future__ import annotations

import json
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path

import pytest
from rdflib import Literal, URIRef

from kgcheck import Checker, KnowledgeBase
from kgcheck.config import Config, load_config
from kgcheck.history.state import DialogueState
from kgcheck.kb.selftest import (
    PHRASINGS,
    SelftestResult,
    Statement,
    generate_statements,
    run_statements,
    selftest,
)
from kgcheck.kb.selftest.facts import kb_values
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.report import TurnReport
from kgcheck.types import Decision, Flag, FlagType, Span
from tests.conftest import FIXTURES, ROOT
from tests.kb.conftest import PARKS_CONFIG, PK


@pytest.fixture(scope="module")
def statements(parks: tuple[Config, KnowledgeBase]) -> list[Statement]:
    config, kb = parks
    return generate_statements(kb, now=config.now, seed=0)


def _true(statements: Iterable[Statement]) -> list[Statement]:
    return [s for s in statements if s.kind == "true"]


def _perturbed(statements: Iterable[Statement], kind: str) -> list[Statement]:
    return [s for s in statements if s.perturbation == kind]


def test_generate_true_statements_state_the_kb_values(
    parks: tuple[Config, KnowledgeBase], statements: list[Statement]
) -> None:
    _, kb = parks
    true = _true(statements)
    assert len(true) > 50
    for s in true:
        assert s.polarity
        assert s.value in kb_values(kb, URIRef(s.subject), URIRef(s.property)), s.text
        assert s.value_text in s.text, s.text


@pytest.mark.parametrize(
    "text",
    [
        "Ridge Trail is 48.5 km long.",
        "The length of Ridge Trail is 48.5 km.",
        "Pine Ridge Park's entry fee is $12.00.",
        "Pine Ridge Park opened on 2 April 2008.",
        "Pine Ridge Park opened in 2008.",
        "Ridge Trail is maintained by Nora Quist.",
        "Nora Quist maintains Ridge Trail.",
        "Nora Quist is a ranger. She maintains Ridge Trail.",
        "The phone extension of Nora Quist is 2210.",
        "Ivan Petrak is a ranger. They maintain Shore Walk.",
    ],
)
def test_generate_writes_values_and_verbs_as_a_person_would(
    statements: list[Statement], text: str
) -> None:
    assert text in {s.text for s in _true(statements)}


def test_generate_every_phrasing_the_ontology_allows_and_passive_only_with_an_inverse(
    statements: list[Statement],
) -> None:
    true = _true(statements)
    # "reply" only with reply templates (tests/kb/test_selftest_replies.py)
    assert {s.phrasing for s in true} == set(PHRASINGS) - {"reply"}
    passive = {s.property for s in true if s.phrasing == "passive"}
    assert passive == {PK + "maintains", PK + "maintainedBy"}
    # a coordinated statement of two facts of one subject
    assert any(" and " in s.text for s in true if s.phrasing == "coordinated")


def test_generate_perturbed_numbers_are_outside_the_tolerance(
    parks: tuple[Config, KnowledgeBase], statements: list[Statement]
) -> None:
    _, kb = parks
    numbers = _perturbed(statements, "number")
    assert {s.property for s in numbers} == {PK + "length", PK + "entryFee"}
    for s in numbers:
        assert isinstance(s.value, Literal)
        stated = Decimal(str(s.value.toPython()))
        for held in kb_values(kb, URIRef(s.subject), URIRef(s.property)):
            expected = Decimal(str(held))
            assert abs(stated - expected) / expected > Decimal("0.05"), s.text


def test_generate_other_values_and_dates_are_not_the_kb_values(
    parks: tuple[Config, KnowledgeBase], statements: list[Statement]
) -> None:
    _, kb = parks
    others = _perturbed(statements, "other_value") + _perturbed(statements, "date")
    assert others
    for s in others:
        held = kb_values(kb, URIRef(s.subject), URIRef(s.property))
        assert s.value not in held and s.value_text not in s.expected, s.text
    dates = _perturbed(statements, "date")
    assert all("2008" not in s.text for s in dates if "Pine Ridge" in s.text)


def test_generate_other_value_only_for_functional_or_complete_properties(
    statements: list[Statement],
) -> None:
    assert PK + "maintains" not in {s.property for s in _perturbed(statements, "other_value")}
    notes: list[str] = []
    kb = KnowledgeBase.open(load_config(PARKS_CONFIG).knowledge_base.sources)
    generate_statements(kb, seed=0, notes=notes)
    assert any(n.startswith("maintains: no other_value") for n in notes)


def test_generate_unknown_subjects_match_no_label_and_negations_keep_the_value(
    parks: tuple[Config, KnowledgeBase], statements: list[Statement]
) -> None:
    _, kb = parks
    unknown = _perturbed(statements, "unknown_subject")
    assert unknown
    for s in unknown:
        assert kb.labels.lookup(s.subject) is None and s.subject in s.text
    negations = _perturbed(statements, "negation")
    assert negations and all(not s.polarity and " not " in s.text for s in negations)
    for s in negations:
        assert s.value in kb_values(kb, URIRef(s.subject), URIRef(s.property)), s.text


def test_generate_is_deterministic_under_a_seed(parks: tuple[Config, KnowledgeBase]) -> None:
    config, kb = parks
    first = generate_statements(kb, now=config.now, seed=3, max_facts_per_property=2)
    again = generate_statements(kb, now=config.now, seed=3, max_facts_per_property=2)
    assert [s.to_dict() for s in first] == [s.to_dict() for s in again]
    per_property = {s.property for s in first}
    for prop in per_property:
        facts = {(s.subject, str(s.value)) for s in _true(first) if s.property == prop}
        assert len(facts) <= 2 + 1  # two facts, and a coordinated one may pair a third


class _StubChecker:
    """Flags the statements whose text is in ``flagged``; finds a claim in none of them."""

    def __init__(self, kb: KnowledgeBase, config: Config, flagged: set[str]) -> None:
        self.kb, self.config, self.flagged = kb, config, flagged

    def check_turn(
        self, response: str, state: DialogueState | None = None, *, record: bool = True
    ) -> TurnReport:
        flags = []
        if response in self.flagged:
            flag = Flag(FlagType.WRONG_ATTRIBUTE, Span(0, 1), "x", "wrong", "stub")
            flag.confidence = 0.9
            low = Flag(FlagType.UNSUPPORTED_CLAIM, Span(0, 1), "x", "weak", "stub")
            low.confidence = 0.1
            flags = [flag, low]
        decision = Decision.REVISE if flags else Decision.ACCEPT
        return TurnReport(
            original=response,
            text=response,
            flags=flags,
            actions=[],
            decision=decision,
            answer_confidence=1.0,
            session_id="stub",
            turn_index=0,
            analysis=TurnAnalysis(text=response),
        )


def test_run_counts_false_alarms_and_catches_per_property(
    parks: tuple[Config, KnowledgeBase], statements: list[Statement]
) -> None:
    config, kb = parks
    length = [s for s in statements if s.property == PK + "length"]
    true, perturbed = _true(length), [s for s in length if s.kind == "perturbed"]
    flagged = {true[0].text, *(s.text for s in perturbed[:3])}
    result = run_statements(_StubChecker(kb, config, flagged), length)
    (row,) = result.rows
    assert (row.iri, row.true, row.false_alarms, row.not_accepted) == (
        PK + "length",
        len(true),
        1,
        1,
    )
    assert row.false_alarm_rate == pytest.approx(1 / len(true))
    assert (row.perturbed, row.caught) == (len(perturbed), 3)
    assert row.recall == pytest.approx(3 / len(perturbed))
    assert row.unparsed == len(true)  # the stub's analysis holds no claim
    assert [o.statement.text for o in result.false_alarms] == [true[0].text]
    assert result.false_alarms[0].flags == (("wrong_attribute", 0.9, "wrong"),)
    assert len(result.misses) == len(perturbed) - 3
    assert result.totals.true == len(true)
    assert not result.passes(max_false_alarm_rate=0.0, min_recall=0.0)
    assert result.passes(max_false_alarm_rate=1.0, min_recall=0.0)


def test_selftest_on_the_fixture_catches_wrong_numbers_and_serialises() -> None:
    result = selftest(
        Checker.from_config(PARKS_CONFIG),
        seed=0,
        max_facts_per_property=5,
        templates="development",
    )
    caught, n = result.recall_by_perturbation()["number"]
    assert n > 0 and caught == n
    data = json.loads(json.dumps(result.to_dict()))
    assert data["totals"]["true"] == sum(r["true"] for r in data["properties"])
    assert {r["property"] for r in data["properties"]} >= {PK + "length", PK + "extension"}
    assert isinstance(result, SelftestResult)


def test_selftest_skips_properties_without_a_form(tmp_path: Path) -> None:
    # a predicate named by a function word gives no phrasing
    (tmp_path / "kb.ttl").write_text(
        "@prefix ex: <https://example.org/t#> .\n"
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
        'ex:a rdfs:label "Alpha" ; ex:has "red" .\n',
        encoding="utf-8",
    )
    notes: list[str] = []
    kb = KnowledgeBase.open([tmp_path / "kb.ttl"])
    assert generate_statements(kb, notes=notes) == []
    assert any("has" in n and "no kgc:lexicalForm or label" in n for n in notes)


def test_selftest_phrases_a_predicate_no_ontology_declares(tmp_path: Path) -> None:
    # the data uses ex:colour and no ontology declares it: it is phrased from its local name
    (tmp_path / "kb.ttl").write_text(
        "@prefix ex: <https://example.org/t#> .\n"
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
        'ex:a rdfs:label "Alpha" ; ex:colour "red" .\n',
        encoding="utf-8",
    )
    kb = KnowledgeBase.open([tmp_path / "kb.ttl"])
    texts = {s.text for s in generate_statements(kb)}
    assert any("colour" in t and "Alpha" in t and "red" in t for t in texts), texts


def test_generate_writes_days_temperatures_and_clock_times_as_a_person_would() -> None:
    # a daily observation is "on" its day, a temperature "50°F", an xsd:time "6 pm"
    config = load_config(FIXTURES.parent.parent / "data" / "assistant" / "kgcheck.yaml")
    kb = KnowledgeBase.open(config.knowledge_base.sources)
    texts = {s.text for s in _true(generate_statements(kb, now=config.now, seed=0))}
    assert "Alhambra's high on 23 November 2026 was 50°F." in texts
    assert "The time of tennis activity is 11 am." in texts
    assert not any(":00:00" in t or " F." in t or " in 23 " in t for t in texts)


@pytest.mark.parametrize(
    ("config", "prop", "text", "passive"),
    [
        # an entity value: the subject acts ("Elm Street Pharmacy sells Ventolin")
        (FIXTURES / "pharmacy", "https://example.org/pharmacy#stocks", "sell", False),
        # a date value: the subject is acted on ("the building was acquired on ...")
        (ROOT / "data" / "finance", None, "acquire on", True),
    ],
)
def test_shape_of_reads_a_participle_verb_as_passive_only_with_a_literal_value(
    config: Path, prop: str | None, text: str, passive: bool
) -> None:
    from kgcheck.kb.selftest.english import shape_of

    kb = KnowledgeBase.from_config(load_config(config / "kgcheck.yaml").knowledge_base)
    if prop is None:
        prop = next(str(p) for p, forms in kb.ontology.lexical_forms.items() if text in forms)
    assert shape_of(kb, URIRef(prop), text).passive is passive


def test_generate_never_writes_the_passive_of_a_verb_with_an_entity_object() -> None:
    config = load_config(FIXTURES / "pharmacy" / "kgcheck.yaml")
    kb = KnowledgeBase.from_config(config.knowledge_base)
    texts = [s.text for s in generate_statements(kb, now=config.now, seed=13)]
    assert any(t.endswith("sells Ventolin.") for t in texts)
    assert not any(" is sold " in t and " is sold by " not in t for t in texts)


def test_generate_writes_a_yes_or_no_value_as_the_clauses_polarity(tmp_path: Path) -> None:
    # "Fitzroy has parking false" was a false alarm of the generator's own making
    (tmp_path / "kb.ttl").write_text(
        "@prefix ex: <https://example.org/t#> .\n"
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
        "@prefix owl: <http://www.w3.org/2002/07/owl#> .\n"
        "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
        "@prefix kgc: <https://w3id.org/kgcheck#> .\n"
        'ex:Shop a owl:Class ; rdfs:label "shop" .\n'
        "ex:hasParking a owl:DatatypeProperty , owl:FunctionalProperty ; "
        'rdfs:label "has parking" ; rdfs:domain ex:Shop ; rdfs:range xsd:boolean ; '
        'kgc:lexicalForm "have parking" .\n'
        'ex:a a ex:Shop ; rdfs:label "Alder Street" ; ex:hasParking true .\n'
        'ex:b a ex:Shop ; rdfs:label "Birch Lane" ; ex:hasParking false .\n',
        encoding="utf-8",
    )
    kb = KnowledgeBase.open([tmp_path / "kb.ttl"])
    statements = generate_statements(kb, seed=0)
    true = {s.text for s in _true(statements) if s.phrasing == "active"}
    assert true == {"Alder Street has parking.", "Birch Lane does not have parking."}
    negated = {s.text for s in _perturbed(statements, "negation")}
    assert negated == {"Alder Street does not have parking.", "Birch Lane has parking."}
    assert not any("true" in s.text or "false" in s.text for s in statements)
