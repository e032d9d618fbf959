"""Built-in check kinds on replies (Acme KB) and on structured outputs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kgcheck import Checker, DialogueState, FlagType, Severity
from kgcheck.config import config_from_dict
from kgcheck.rules import RuleEngine, load_rules
from tests.conftest import NOW, PREFIXES
from tests.rules.conftest import Reply


def rule(check: str, *, type_: str = "wrong_attribute", message: str = "{value}|{expected}") -> str:
    return (
        "rules:\n"
        "  - id: r\n"
        "    description: a rule under test\n"
        f"    type: {type_}\n"
        "    severity: high\n"
        f"    message: '{message}'\n"
        f"    check: {check}\n"
    )


@pytest.mark.parametrize(
    ("check", "reply", "history", "message"),
    [
        # functional: another value in the same reply, in the KB, in an earlier turn
        (
            "{kind: functional, predicate: ex:worksIn, against: [data]}",
            "Dr. Patel works in Cardiology. Dr. Patel works in Oncology.",
            [],
            "Oncology|Cardiology",
        ),
        (
            "{kind: functional, predicate: ex:extension, against: [kb]}",
            "Dr. Patel's extension is 4413.",
            [],
            "4413|4412",
        ),
        (
            "{kind: functional, predicate: ex:worksIn, against: [history]}",
            "Dr. Patel works in Oncology.",
            [("assistant", "Dr. Patel works in Cardiology.")],
            "Oncology|Cardiology",
        ),
        # tolerance: 5 % of the KB's budget (4,850,000)
        (
            "{kind: tolerance, predicate: ex:budget, tolerance: 0.05}",
            "Cardiology has a budget of $6 million.",
            [],
            "$6 million|$4.85 million",
        ),
        # range: a date after today, a number over a maximum
        (
            "{kind: range, predicate: ex:startDate, max: today}",
            "Dr. Patel started on 3 March 2031.",
            [],
            "3 March 2031|at most 2026-11-22",
        ),
        (
            "{kind: range, predicate: ex:headcount, min: 0, max: 500}",
            "Cardiology has a headcount of 900.",
            [],
            "900|at most 500",
        ),
        # pattern
        (
            "{kind: pattern, predicate: ex:extension, must_match: '^\\d{4}$'}",
            "Dr. Patel's extension is 44123.",
            [],
            "44123|",
        ),
        # known values: a list, and the instances of a KB class
        (
            "{kind: known_values, predicate: ex:locatedIn, values: [Portland, Salem]}",
            "Riverside Campus is located in Seattle.",
            [],
            "Seattle|",
        ),
        (
            "{kind: known_values, predicate: ex:worksIn, kb_class: ex:Department}",
            "Dr. Patel works in Analytics.",
            [],
            "Analytics|",
        ),
        # count: values per subject
        (
            "{kind: count, predicate: ex:worksIn, max: 1}",
            "Dr. Patel works in Cardiology. Dr. Patel works in Oncology.",
            [],
            "2|at most 1",
        ),
    ],
)
def test_checks_flag_the_violating_claim(
    reply_flags: Reply, check: str, reply: str, history: list[tuple[str, str]], message: str
) -> None:
    flags = reply_flags(rule(check), reply, history)
    assert [f.message for f in flags] == [message]
    flag = flags[0]
    assert (flag.rule, flag.detector, flag.severity) == ("r", "rules", Severity.HIGH)
    assert reply[flag.span.start : flag.span.end] == flag.content


@pytest.mark.parametrize(
    ("check", "reply"),
    [
        (
            "{kind: functional, predicate: ex:worksIn, against: [data]}",
            "Dr. Patel works in Cardiology.",
        ),
        (
            "{kind: functional, predicate: ex:extension, against: [kb]}",
            "Dr. Patel's extension is 4412.",
        ),
        (
            "{kind: tolerance, predicate: ex:budget, tolerance: 0.05}",
            "Cardiology has a budget of $4.9 million.",
        ),
        (
            "{kind: range, predicate: ex:startDate, max: today}",
            "Dr. Patel started on 3 March 2019.",
        ),
        (
            "{kind: pattern, predicate: ex:extension, must_match: '^\\d{4}$'}",
            "Dr. Patel's extension is 4412.",
        ),
        (
            "{kind: known_values, predicate: ex:locatedIn, values: [Portland, Salem]}",
            "Riverside Campus is located in Portland.",
        ),
        (
            "{kind: known_values, predicate: ex:worksIn, kb_class: ex:Department}",
            "Dr. Patel works in Cardiology.",
        ),
        ("{kind: count, predicate: ex:worksIn, max: 1}", "Dr. Patel works in Cardiology."),
        # negated claims state no value
        (
            "{kind: pattern, predicate: ex:extension, must_match: '^\\d{4}$'}",
            "Dr. Patel's extension is not 44123.",
        ),
    ],
)
def test_checks_silent_when_the_claim_holds(reply_flags: Reply, check: str, reply: str) -> None:
    assert reply_flags(rule(check), reply) == []


def test_checks_kb_correction_reaches_the_flag(reply_flags: Reply) -> None:
    check = "{kind: tolerance, predicate: ex:budget, tolerance: 0.05}"
    (flag,) = reply_flags(rule(check), "Cardiology has a budget of $6 million.")
    assert flag.correction == "$4.85 million"  # replaces "$6 million"
    assert flag.evidence[0].kind == "rule"
    assert flag.evidence[1].triples == (
        ("https://example.org/acme#cardiology", "https://example.org/acme#budget", "4850000"),
    )


def test_checks_subject_class_limits_the_subjects(reply_flags: Reply) -> None:
    check = "{kind: pattern, predicate: ex:extension, must_match: '^9', subject_class: ex:Nurse}"
    assert reply_flags(rule(check), "Dr. Patel's extension is 4412.") == []


# --- before/after on a tiny project KB -----------------------------------------------------------

PROJECTS = """
ex:Project a owl:Class ; rdfs:label "project" .
ex:startDate a owl:DatatypeProperty ; rdfs:label "start date" ; rdfs:domain ex:Project ;
    rdfs:range xsd:date ; kgc:lexicalForm "start on" .
ex:endDate a owl:DatatypeProperty ; rdfs:label "end date" ; rdfs:domain ex:Project ;
    rdfs:range xsd:date ; kgc:lexicalForm "end on" .
ex:apollo a ex:Project ; rdfs:label "Apollo" ; ex:endDate "2024-06-30"^^xsd:date .
"""


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    path = tmp_path_factory.mktemp("projects") / "kb.ttl"
    path.write_text(PREFIXES + PROJECTS, encoding="utf-8")
    return Checker(config_from_dict({"knowledge_base": {"sources": [str(path)]}}))


@pytest.mark.parametrize(
    ("reply", "messages"),
    [
        (
            "Apollo started on 3 March 2024 and ended on 1 February 2024.",
            ["3 March 2024|1 February 2024"],
        ),
        # the end date comes from the KB (2024-06-30)
        ("Apollo started on 1 August 2024.", ["1 August 2024|2024-06-30"]),
        ("Apollo started on 1 March 2024 and ended on 1 May 2024.", []),
        ("Apollo started on 1 March 2024.", []),
    ],
)
def test_checks_before_after_on_the_same_subject(
    projects: Checker, tmp_path: Path, reply: str, messages: list[str]
) -> None:
    path = tmp_path / "rules.yaml"
    check = "{kind: before_after, before: ex:startDate, after: ex:endDate}"
    path.write_text(
        "prefixes: {ex: 'https://example.org/t#'}\n" + rule(check, type_="temporal_error")
    )
    engine = RuleEngine(load_rules([path]), projects.kb)
    analysis = projects.analyzer.analyse(reply)
    flags, _ = engine.reply_flags(analysis, DialogueState(now=NOW))
    assert [f.message for f in flags] == messages
    assert all(f.type == FlagType.TEMPORAL_ERROR for f in flags)


# --- the same checks on structured outputs -------------------------------------------------------


def output_rule(check: str) -> str:
    return "target: output\ntypes: {odd: an odd value}\n" + rule(check, type_="odd")


@pytest.mark.parametrize(
    ("check", "data", "alerts"),
    [
        (
            "{kind: functional, predicate: code, against: [data]}",
            {"code": ["A", "B"]},
            [("code", "B", "A")],
        ),
        (
            "{kind: tolerance, predicate: amount, tolerance: 0.01, reference: expected}",
            {"amount": 105, "expected": 100},
            [("amount", "105", "100")],
        ),
        (
            "{kind: range, predicate: start, min: 1}",
            {"items": [{"start": 0}, {"start": 2}]},
            [("items[0].start", "0", "at least 1")],
        ),
        ("{kind: range, predicate: due, max: '2024-12-31'}", {"due": "2025-01-02"}, []),
        (
            "{kind: pattern, predicate: id, must_not_match: 'X{3}'}",
            {"id": "XXX-1"},
            [("id", "XXX-1", None)],
        ),
        ("{kind: known_values, predicate: currency, values: [EUR, USD]}", {"currency": "eur"}, []),
        (
            "{kind: known_values, predicate: currency, values: [EUR, USD]}",
            {"currency": "GBP"},
            [("currency", "GBP", None)],
        ),
        (
            "{kind: before_after, before: start, after: end}",
            {"start": 5, "end": 3},
            [("start", "5", "3")],
        ),
        (
            "{kind: count, predicate: items, max: {value_of: limit}}",
            {"limit": 1, "items": [{}, {}]},
            [("items", "2", "at most 1")],
        ),
    ],
)
def test_checks_run_on_structured_outputs(
    acme_checker: Checker,
    write_rules: Callable[..., Path],
    check: str,
    data: dict[str, Any],
    alerts: list[tuple[str, str, str | None]],
) -> None:
    engine = RuleEngine(load_rules([write_rules(output_rule(check))]), acme_checker.kb)
    report = engine.check_output(data)
    assert [(a.path, a.detected, a.expected) for a in report.alerts] == alerts
    assert all(a.type == "odd" and a.rule == "r" for a in report.alerts)
