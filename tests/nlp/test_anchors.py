"""Binding numbers and dates to KB subjects, properties and periods."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from kgcheck import Checker
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.nlp.pipeline import Analyzer

FINANCE = Path(__file__).resolve().parents[2] / "data" / "finance" / "kgcheck.yaml"
EX = "https://example.org/finance#"


@pytest.fixture(scope="module")
def finance() -> Checker:
    return Checker.from_config(FINANCE)


def analyse(checker: Checker, text: str, context: tuple[str, ...] = ()) -> TurnAnalysis:
    return checker.analyzer.analyse(text, now=checker.config.now, context=context)


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        # the lexicon form nearest the number, before or after it
        ("Harbor Point's NOI in Q3 2024 was $1.5M.", [("$1.5M", "netOperatingIncome", "Q3 2024")]),
        ("Harbor Point had 95% occupancy in Q3 2024.", [("95%", "occupancy", "Q3 2024")]),
        # each form goes to the number nearest it
        ("In Q3 2024 Harbor Point had revenue of $2.15M and NOI of $1.2M.",
         [("$2.15M", "revenue", "Q3 2024"), ("$1.2M", "netOperatingIncome", "Q3 2024")]),
        # a number with no form of its own shares the one before it
        ("Harbor Point's NOI was $1.2M in Q3 2024 and $1.16M in Q2 2024.",
         [("$1.2M", "netOperatingIncome", "Q3 2024"),
          ("$1.16M", "netOperatingIncome", "Q2 2024")]),
        # no form at all: the unit says which property
        ("Harbor Point has 310,000 square feet.", [("310,000 square feet", "squareFeet", None)]),
        ("Bayview Commons had 1.42x coverage in 2025-Q2.", [("1.42x", "dscr", "2025-Q2")]),
    ],
)  # fmt: skip
def test_anchors_quantities(
    finance: Checker, text: str, bound: list[tuple[str, str, str | None]]
) -> None:
    found = []
    for q in analyse(finance, text).quantities:
        assert q.anchor is not None
        period = q.period.text if q.period is not None else None
        found.append((q.text, q.anchor.properties[0].removeprefix(EX), period))
    assert found == bound


def test_anchors_subject_from_the_sentence_or_the_conversation(finance: Checker) -> None:
    (q,) = analyse(finance, "Cedar Court's NOI was $228K.").quantities
    assert q.anchor is not None and q.anchor.subjects == (EX + "cedarCourt",)
    assert q.anchor.how in {"claim", "sentence"}
    (q,) = analyse(finance, "The NOI was $228K.", context=(EX + "cedarCourt",)).quantities
    assert q.anchor is not None and q.anchor.subjects == (EX + "cedarCourt",)
    assert q.anchor.how == "context"


def test_anchors_claim_object_carries_the_claim_index(finance: Checker) -> None:
    analysis = analyse(finance, "Bayview Commons was built in 2006 and acquired in March 2021.")
    anchored = [(t.text, t.anchor) for t in analysis.temporals]
    assert [(text, a.properties[0].removeprefix(EX)) for text, a in anchored if a] == [
        ("2006", "yearBuilt"),
        ("March 2021", "acquiredOn"),
    ]
    first = anchored[0][1]
    assert first is not None and first.claim_index == 0 and first.how == "claim"


def test_anchors_period_of_a_list_follows_each_group() -> None:
    kb_text = "low of 60F and high of 70F on Monday, low of 80F, high of 100F on Tuesday"
    from kgcheck.nlp.anchors import _nearest
    from kgcheck.nlp.tokens import tokens_of
    from kgcheck.values.temporal import TemporalRecognizer

    checker_free = __import__("spacy").blank("en")
    checker_free.add_pipe("sentencizer")
    doc = checker_free(kb_text)
    toks = tokens_of(doc)
    starts = [t.start for t in toks]
    temporals = TemporalRecognizer().find(kb_text)
    periods = []
    for word in ("60F", "70F", "80F", "100F"):
        i = next(t.i for t in toks if kb_text[t.start :].startswith(word[:-1]))
        found = _nearest(toks, starts, i, temporals)
        periods.append(found.text if found else None)
    assert periods == ["Monday", "Monday", "Tuesday", "Tuesday"]


def test_anchors_scale_and_lexical_forms_are_not_unknown_names(finance: Checker) -> None:
    analysis = analyse(finance, "The NOI was $1.5M.")
    assert [m.text for m in analysis.mentions if m.kind == "name"] == []


def test_anchors_unbound_number_has_no_anchor(finance: Checker) -> None:
    (q,) = analyse(finance, "We ordered 12 chairs.").quantities
    assert q.anchor is None


_TRIPS = """\
@prefix ex: <https://example.org/t#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:Bus a owl:Class ; rdfs:label "bus" .
ex:Car a owl:Class ; rdfs:label "car" .
ex:fare rdfs:range xsd:decimal ; rdfs:label "fare" .
ex:seats rdfs:range xsd:integer ; rdfs:label "seats" .
ex:totalPrice rdfs:range xsd:decimal ; rdfs:label "total price" .
ex:early a ex:Bus ; rdfs:label "early bus" ; ex:fare 34 ; ex:seats 40 .
ex:late a ex:Bus ; rdfs:label "late bus" ; ex:fare 31 ; ex:seats 40 .
ex:camry a ex:Car ; rdfs:label "Camry" ; ex:totalPrice 174 .
"""


def test_anchor_an_amount_of_no_named_entity_is_of_the_few_that_have_one(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    analyzer = Analyzer(make_kb(_TRIPS))
    (q,) = analyzer.analyse("There is one for $38 with free wifi.").quantities
    assert q.anchor is None or not q.anchor.subjects  # a fare or a car's price: no one question
    (q,) = analyzer.analyse("There is a bus for $38 with free wifi.").quantities
    assert q.anchor is not None and q.anchor.how == "few"
    assert set(q.anchor.subjects) == {"https://example.org/t#early", "https://example.org/t#late"}
    (q,) = analyzer.analyse("The Camry costs $174.", context=()).quantities
    assert q.anchor is not None and q.anchor.subjects == ("https://example.org/t#camry",)


def test_a_property_word_inside_a_name_names_no_property(tmp_path: Path) -> None:
    # a credit card named for its cashback: "Cashback" of "Gold 1% Cashback" names the card,
    # so the 2.99% is its fee abroad, not a cashback rate
    from kgcheck import DialogueState
    from tests.conftest import checker_over

    checker = checker_over(
        tmp_path,
        """
ex:Card a owl:Class ; rdfs:label "card" .
ex:cashback a owl:DatatypeProperty ; rdfs:label "cashback" ; rdfs:domain ex:Card ;
    kgc:unit "%" .
ex:abroad a owl:DatatypeProperty ; rdfs:label "foreign transaction fee" ; rdfs:domain ex:Card ;
    kgc:unit "%" .
ex:gold a ex:Card ; rdfs:label "Gold 1% Cashback" ; ex:cashback 1 ; ex:abroad 2.99 .
""",
    )
    report = checker.check_turn("The Gold 1% Cashback is 2.99%.", DialogueState(session_id="t"))
    assert [(c.text, c.verdict) for c in report.numeric_claims] == [("2.99%", "verified")]


def test_a_count_of_working_days_counts_the_days(tmp_path: Path) -> None:
    # a library's services: "4 working days" counts days, not "working"s
    from kgcheck import DialogueState
    from tests.conftest import checker_over

    checker = checker_over(
        tmp_path,
        """
ex:Service a owl:Class ; rdfs:label "service" .
ex:days a owl:DatatypeProperty ; rdfs:label "working days" ; rdfs:domain ex:Service ;
    rdfs:range xsd:integer ; kgc:unit "day" ; kgc:lexicalForm "take" .
ex:ill a ex:Service ; rdfs:label "inter-library loan" ; ex:days 6 .
""",
    )
    if checker.config.nlp.pipeline == "blank":
        pytest.skip("'working' is a verb's form by its part of speech, which needs the parser")
    report = checker.check_turn(
        "An inter-library loan takes 4 working days to arrive.", DialogueState(session_id="t")
    )
    assert [(c.text, c.verdict) for c in report.numeric_claims] == [("4", "wrong")]


def test_a_date_of_a_named_thing_with_several_dates_is_read_against_each(tmp_path: Path) -> None:
    # SGD as a KB file: "There is an Accord, standard, at Santa Fe Depot on March 10th." of a
    # car picked up on 2 March and dropped off on 8 March went unread (two date properties,
    # no word saying which); of neither, it is wrong whichever is meant, and never rewritten
    from kgcheck import DialogueState
    from tests.conftest import checker_over

    checker = checker_over(
        tmp_path,
        """
ex:Car a owl:Class ; rdfs:label "car" .
ex:pickup a owl:DatatypeProperty ; rdfs:label "pickup date" ; rdfs:range xsd:date .
ex:dropoff a owl:DatatypeProperty ; rdfs:label "dropoff date" ; rdfs:range xsd:date .
ex:place a owl:DatatypeProperty ; rdfs:label "pickup location" ; rdfs:range xsd:string .
ex:accord a ex:Car ; rdfs:label "Accord" ; ex:pickup "2019-03-02"^^xsd:date ;
    ex:dropoff "2019-03-08"^^xsd:date ; ex:place "Santa Fe Depot" .
ex:sentra a ex:Car ; rdfs:label "Sentra" ; ex:pickup "2019-03-04"^^xsd:date ;
    ex:dropoff "2019-03-09"^^xsd:date ; ex:place "Santa Fe Depot" .
ex:Holiday a owl:Class ; rdfs:label "holiday" .
ex:day a owl:DatatypeProperty ; rdfs:label "date" ; rdfs:range xsd:date .
ex:easter a ex:Holiday ; rdfs:label "Easter Monday" ; ex:day "2019-03-04"^^xsd:date .
""",
        now="2019-03-01T10:00:00",
    )
    state = DialogueState(session_id="t", now="2019-03-01T10:00:00")

    def dates(text: str) -> list[tuple[str, str, bool]]:
        report = checker.check_turn(text, state, record=False)
        assert report.text == text  # never rewritten
        return [(c.text, c.verdict, c.certain) for c in report.numeric_claims]

    said = "There is an Accord, standard, at Santa Fe Depot on March {}."
    assert dates(said.format("2nd")) == [("March 2nd", "verified", True)]
    assert dates(said.format("8th")) == [("March 8th", "verified", True)]
    ((text, verdict, certain),) = dates(said.format("10th"))
    assert (text, verdict, certain) == ("March 10th", "wrong", False)
    # a day said of two named things is not read against either's, nor a day beside a thing
    # with one date of its own (the day a collection moves to, beside the bank holiday)
    assert dates("The Accord and the Sentra are both free on March 10th.") == []
    moved = dates("Because of Easter Monday, your bins go out on Tuesday, March 5th.")
    assert [d for d in moved if "March 5th" in d[0]] == []
