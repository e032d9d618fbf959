"""Numeric claims against the finance portfolio: tolerances, periods, sources, the report."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict, load_config
from kgcheck.numeric_claims import UNCHECKED, UNSUPPORTED, VERIFIED, WRONG, WRONG_PERIOD
from kgcheck.report import TurnReport

FINANCE = Path(__file__).resolve().parent.parent / "data" / "finance" / "kgcheck.yaml"
NOW = "2025-08-15T09:00:00+00:00"
EX = "https://example.org/finance#"


@pytest.fixture(scope="module")
def finance() -> Checker:
    return Checker.from_config(FINANCE)


def check(checker: Checker, text: str, *, history: tuple[str, ...] = (), **kw: Any) -> TurnReport:
    state = DialogueState(session_id="f", now=NOW)
    for line in history:
        state.add_turn("user", line)
    return checker.check_turn(text, state, **kw)


@pytest.mark.parametrize(
    ("text", "verdict", "matched", "difference"),
    [
        # the five outcomes the finance example reproduces
        ("Harbor Point's NOI in Q3 2024 was $1.5M.", WRONG, "1200000", 0.25),
        ("Harbor Point's NOI in Q3 2024 was $1.25M.", VERIFIED, "1200000", 0.041667),
        ("Harbor Point had 95% occupancy in Q3 2024.", WRONG, "85", 0.117647),
        ("Harbor Point's NOI was $1.2M in Q4 2024.", WRONG_PERIOD, "1200000", 0.0),
        ("Harbor Point's DSCR was 1.5 in Q3 2024.", WRONG, "1.25", 0.2),
        # and their true counterparts
        ("Harbor Point's NOI in Q3 2024 was $1.2M.", VERIFIED, "1200000", 0.0),
        ("In Q3 2024 Harbor Point had a DSCR of 1.25.", VERIFIED, "1.25", 0.0),
        ("Harbor Point's cap rate was 6.3% in Q3 2024.", VERIFIED, "6.3", 0.0),
        ("Cedar Court's revenue was $470,000 in the second quarter of 2025.", VERIFIED,
         "470000", 0.0),
        ("Bayview Commons had 1.42x coverage in 2025-Q2.", VERIFIED, "1.42", 0.0),
    ],
)  # fmt: skip
def test_numeric_claims_finance_outcomes(
    finance: Checker, text: str, verdict: str, matched: str, difference: float
) -> None:
    (claim,) = check(finance, text).numeric_claims
    assert (claim.verdict, claim.matched, claim.source) == (verdict, matched, "kb")
    assert claim.difference == pytest.approx(difference, abs=1e-5)
    assert claim.confidence == 1.0


def test_numeric_claims_without_a_period_take_the_current_one(finance: Checker) -> None:
    (claim,) = check(finance, "Harbor Point's NOI was $2.4M.").numeric_claims
    assert (claim.verdict, claim.matched_period) == (VERIFIED, "2025-Q2")


def test_numeric_claims_subject_and_period_from_the_conversation(finance: Checker) -> None:
    history = ("How did Harbor Point do in Q3 2024?",)
    report = check(finance, "The NOI was $1.5M.", history=history)
    (claim,) = report.numeric_claims
    assert (claim.verdict, claim.subject, claim.matched) == (WRONG, EX + "harborPoint", "1200000")
    assert claim.period == "Q3 2024"


def test_numeric_claims_period_named_earlier_in_the_reply(finance: Checker) -> None:
    report = check(finance, "In Q3 2024, Harbor Point did well. Its NOI was $1.2M.")
    assert [c.verdict for c in report.numeric_claims] == [VERIFIED]


def test_numeric_claims_verified_by_a_source_document(finance: Checker) -> None:
    text = "Harbor Point's NOI in Q4 2024 was $1.28M."
    sources = [{"id": "S0", "text": "Harbor Point, Q4 2024: net operating income $1,280,000."}]
    (claim,) = check(finance, text, sources=sources).numeric_claims
    assert (claim.verdict, claim.source, claim.confidence) == (VERIFIED, "S0", 0.8)
    assert not check(finance, text, sources=sources).flags


def test_numeric_claims_source_must_name_the_property(finance: Checker) -> None:
    text = "Harbor Point's NOI in Q4 2024 was $1.28M."
    sources = [{"id": "S0", "text": "Harbor Point paid $1,280,000 in taxes."}]
    (claim,) = check(finance, text, sources=sources).numeric_claims
    assert claim.verdict == UNSUPPORTED


def test_numeric_claims_unsupported(finance: Checker) -> None:
    # the KB has no Q4 2024 figures of the NOI the sentence names
    report = check(finance, "Harbor Point's NOI in Q4 2024 was $1.28M.")
    assert [c.verdict for c in report.numeric_claims] == [UNSUPPORTED]
    assert [str(f.type) for f in report.flags] == ["unsupported_claim"]


def test_a_value_no_word_binds_is_unchecked_not_flagged(finance: Checker) -> None:
    # no word names a property that "$3.7M" is a value of (marketing spend is none), nor a KB
    # thing ("the portfolio" would be the KB's one portfolio): the value is not read, which
    # the report lists, and nothing is flagged
    report = check(finance, "The agency spent $3.7M on marketing.")
    assert [c.verdict for c in report.numeric_claims] == [UNCHECKED]
    assert report.flags == []


def test_numeric_claims_report_lists_every_claim(finance: Checker) -> None:
    text = "In Q3 2024 Harbor Point had an NOI of $1.5M and 85% occupancy."
    rows = check(finance, text).to_dict()["numeric_claims"]
    assert [(r["kind"], r["value"], r["matched"], r["verdict"]) for r in rows] == [
        ("currency", "1500000", "1200000", WRONG),
        ("percent", "85", "85", VERIFIED),
    ]
    assert rows[0]["difference"] == pytest.approx(0.25)
    assert rows[0]["span"] == {"start": text.index("$"), "end": text.index(" and")}


def test_numeric_claims_unverified_costs_answer_confidence(tmp_path: Path) -> None:
    text = "Harbor Point's NOI in Q4 2024 was $1.28M."
    confidences = []
    for penalty in (0.0, 0.2, 0.35):
        config = load_config(FINANCE)
        config.numeric.unverified_penalty = penalty
        confidences.append(check(Checker(config), text).answer_confidence)
    assert confidences[0] - confidences[1] == pytest.approx(0.2, abs=1e-4)
    assert confidences[0] - confidences[2] == pytest.approx(0.35, abs=1e-4)


def test_numeric_claims_verified_costs_nothing(finance: Checker) -> None:
    assert check(finance, "Harbor Point's NOI in Q3 2024 was $1.2M.").answer_confidence == 1.0


KB = """
ex:Site a owl:Class ; rdfs:label "site" .
ex:cost a owl:DatatypeProperty ; rdfs:range xsd:decimal ; kgc:unit "USD" ;
    kgc:lexicalForm "cost" .
ex:share a owl:DatatypeProperty ; rdfs:range xsd:decimal ; kgc:unit "fraction" ;
    kgc:lexicalForm "share" .
ex:distance a owl:DatatypeProperty ; rdfs:range xsd:decimal ; kgc:unit "km" ;
    kgc:tolerance 0.01 ; kgc:lexicalForm "distance" .
ex:north a ex:Site ; rdfs:label "North" ; ex:cost 1000000 ; ex:share 0.85 ; ex:distance 5 .
"""


@pytest.mark.parametrize(
    ("text", "sections", "verdict"),
    [
        # no kgc:tolerance: the kind's tolerance (currency 5 %) decides, and the config's wins
        ("North's cost is $1.03M.", {}, VERIFIED),
        ("North's cost is $1.03M.", {"numeric": {"tolerances": {"currency": 0.01}}}, WRONG),
        # a percentage against a fraction, miles against kilometres
        ("North's share is 85%.", {}, VERIFIED),
        ("North's share is 95%.", {}, WRONG),
        ("North's distance is 3.1 miles.", {}, VERIFIED),
        ("North's distance is 4 miles.", {}, WRONG),
        # bounds
        ("North's cost is more than $900K.", {}, VERIFIED),
        ("North's cost is less than $900K.", {}, WRONG),
    ],
)
def test_numeric_claims_units_tolerances_and_bounds(
    make_checker: Callable[..., Checker], text: str, sections: dict[str, Any], verdict: str
) -> None:
    checker = make_checker(KB, **sections)
    (claim,) = checker.check_turn(text).numeric_claims
    assert claim.verdict == verdict


def test_numeric_claims_config_rejects_unknown_kinds() -> None:
    from kgcheck.errors import ConfigError

    with pytest.raises(ConfigError, match="unknown kind"):
        config_from_dict({"numeric": {"tolerances": {"money": 0.1}}})


@pytest.mark.parametrize(
    ("text", "verdict", "matched"),
    [
        ("Dr. Patel joined Acme on 2 March 2015.", VERIFIED, "2015-03-02"),
        ("Dr. Patel joined Acme in March 2015.", VERIFIED, "2015-03-02"),
        ("Dr. Patel joined Acme on 2 March 2016.", WRONG, "2015-03-02"),
        ("Eastside Clinic opened in 2023.", VERIFIED, "2023"),
        ("Eastside Clinic opened in 2021.", WRONG, "2023"),
    ],
)
def test_numeric_claims_dates_against_kb_date_literals(
    acme_checker: Checker, text: str, verdict: str, matched: str
) -> None:
    state = DialogueState(session_id="d", now="2026-11-22T10:00:00+00:00")
    (claim,) = acme_checker.check_turn(text, state).numeric_claims
    assert (claim.kind, claim.verdict, claim.matched) == ("date", verdict, matched)


DATES = """
ex:Person a owl:Class ; rdfs:label "person" .
ex:startDate a owl:DatatypeProperty ; rdfs:range xsd:date ; kgc:lexicalForm "start on" .
ex:kim a ex:Person ; rdfs:label "Dana Kim" ; ex:startDate "2024-01-12"^^xsd:date .
"""


@pytest.mark.parametrize(("order", "flagged"), [("dmy", False), ("mdy", True)])
def test_numeric_claims_dates_read_with_the_configured_day_order(
    make_checker: Callable[..., Checker], order: str, flagged: bool
) -> None:
    checker = make_checker(DATES, temporal={"date_order": order})
    report = checker.check_turn("Dana Kim started on 12/01/2024.")
    assert bool(report.flags) is flagged
    assert [c.verdict for c in report.numeric_claims] == [WRONG if flagged else VERIFIED]


PLACES = """
ex:Place a owl:Class ; rdfs:label "place" .
ex:distance a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "distance" ;
  rdfs:domain ex:Place ; rdfs:range xsd:decimal ; kgc:unit "mile" ; kgc:tolerance 0.0 .
ex:kind a owl:DatatypeProperty ; rdfs:label "kind of place" ; rdfs:range xsd:string .
ex:pizzaHut a ex:Place ; rdfs:label "Pizza Hut" ; ex:distance 5 ; ex:kind "pizza restaurant" .
ex:roundTable a ex:Place ; rdfs:label "Round Table" ; ex:distance 6 ; ex:kind "pizza restaurant" .
ex:stanford a ex:Place ; rdfs:label "Stanford Health" ; ex:distance 4 ; ex:kind "hospital" .
"""


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        ("We're 5 miles away from Pizza Hut and 6 miles away from Round Table.", []),
        ("We're 6 miles away from Pizza Hut and 5 miles away from Round Table.", ["6", "5"]),
        ("Pizza Hut is 5 miles away and Round Table is 6 miles away.", []),
        ("Pizza Hut is 6 miles away and Round Table is 6 miles away.", ["6"]),
        # a place named by its kind
        ("The nearest hospital is 4 miles away.", []),
        ("The nearest hospital is 2 miles away.", ["2"]),
    ],
)
def test_numeric_claims_each_distance_is_the_place_it_is_measured_from(
    make_checker: Callable[..., Checker], reply: str, wrong: list[str]
) -> None:
    checker = make_checker(PLACES)
    report = checker.check_turn(reply, DialogueState(session_id="n"))
    assert [n.value for n in report.numeric_claims if n.verdict == WRONG] == wrong


def test_a_value_a_hundred_times_off_is_another_quantity_never_corrected(
    make_checker: Callable[..., Checker],
) -> None:
    # "for a week" is the hire's length, not the van's minimum driver age misstated
    checker = make_checker(
        """
ex:Van a owl:Class ; rdfs:label "van" .
ex:minAge a owl:DatatypeProperty ; rdfs:label "minimum driver age" ; rdfs:range xsd:integer ;
    kgc:unit "year" .
ex:daily a owl:DatatypeProperty ; rdfs:label "daily price" ; rdfs:range xsd:decimal ;
    kgc:unit "EUR" .
ex:largeVan a ex:Van ; rdfs:label "large van" ; ex:minAge 25 ; ex:daily 105 .
""",
        nli={"model": "none"},
    )
    reply = "You can hire the large van for a week."
    report = checker.check_turn(reply, DialogueState(session_id="t", now=NOW))
    assert report.text == reply
    assert [f.correction for f in report.flags if f.content == "a week"] in ([], [None])


def test_a_cap_is_a_limit_that_up_to_states_itself(make_checker: Callable[..., Checker]) -> None:
    # an account paying interest "on balances up to £5,000" when the cap is £2,500 is wrong: a
    # property named a cap is a limit, which "up to" states, not a value under it
    checker = make_checker(
        """
ex:Account a owl:Class ; rdfs:label "account" .
ex:cap a owl:DatatypeProperty ; rdfs:label "interest balance cap" ; rdfs:domain ex:Account ;
    kgc:unit "GBP" .
ex:plus a ex:Account ; rdfs:label "Plus Account" ; ex:cap 2500 .
""",
        nli={"model": "none"},
    )
    report = checker.check_turn(
        "The Plus Account pays interest on balances up to £5,000.", DialogueState(session_id="t")
    )
    assert [c.value for c in report.numeric_claims if c.verdict == WRONG] == ["5000"]
