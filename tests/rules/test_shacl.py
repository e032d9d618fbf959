"""SHACL shapes on replies: pySHACL over the KB and the claim graphs; severities mapped."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState, Flag, FlagType, Severity
from kgcheck.rules import RuleEngine, load_rules
from tests.conftest import NOW, ROOT

SHAPE = """\
@prefix sh:  <http://www.w3.org/ns/shacl#> .
@prefix kgc: <https://w3id.org/kgcheck#> .
@prefix ex:  <https://example.org/acme#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

ex:ExtensionDigits a sh:NodeShape ;
    sh:targetClass kgc:Claim ;
    kgc:resultType "wrong_attribute" ;
    {action}
    sh:severity {severity} ;
    sh:sparql [
        sh:message "extension {{?value}} is not four digits" ;
        sh:prefixes [ sh:declare
            [ sh:prefix "kgc" ; sh:namespace "https://w3id.org/kgcheck#"^^xsd:anyURI ] ,
            [ sh:prefix "ex" ; sh:namespace "https://example.org/acme#"^^xsd:anyURI ] ] ;
        sh:select \"\"\"
            SELECT $this ?value WHERE {{
                $this kgc:predicate ex:extension ; kgc:object ?value .
                FILTER(!REGEX(STR(?value), "^[0-9]{{4}}$"))
            }}\"\"\" ;
    ] .

ex:SubjectIsStaff a sh:NodeShape ;
    sh:targetClass kgc:Claim ;
    kgc:resultType "contradicts_fact" ;
    sh:property [
        sh:path kgc:predicate ;
        sh:in ( ex:worksIn ex:extension ex:leads ) ;
        sh:severity sh:Info ;
        sh:message "a predicate the shapes do not cover" ;
    ] .
"""


@pytest.fixture
def shape_flags(acme_checker: Checker, tmp_path: Path) -> Callable[..., list[Flag]]:
    def run(
        reply: str,
        severity: str = "sh:Violation",
        action: str = "",
        history: list[tuple[str, str]] | None = None,
    ) -> list[Flag]:
        path = tmp_path / "shapes.ttl"
        path.write_text(SHAPE.format(severity=severity, action=action), encoding="utf-8")
        engine = RuleEngine(load_rules([path]), acme_checker.kb)
        state = DialogueState(now=NOW)
        for role, text in history or []:
            state.add_turn(role, text)
        acme_checker.update_history(state)
        flags, notes = engine.reply_flags(acme_checker.analyzer.analyse(reply), state)
        assert notes == []
        return flags

    return run


@pytest.mark.parametrize(
    ("severity", "expected"),
    [
        ("sh:Violation", Severity.HIGH),
        ("sh:Warning", Severity.MEDIUM),
        ("sh:Info", Severity.LOW),
        ("kgc:Critical", Severity.CRITICAL),
    ],
)
def test_shacl_result_severity_maps_to_flag_severity(
    shape_flags: Callable[..., list[Flag]], severity: str, expected: Severity
) -> None:
    (flag,) = shape_flags("Dr. Patel's extension is 44123.", severity)
    assert (flag.type, flag.severity, flag.rule) == (
        FlagType.WRONG_ATTRIBUTE,
        expected,
        "ExtensionDigits",
    )
    assert flag.message == "extension 44123 is not four digits"
    assert flag.content == "Dr. Patel's extension is 44123"


def test_shacl_property_shapes_report_as_their_node_shape(
    shape_flags: Callable[..., list[Flag]],
) -> None:
    (flag,) = shape_flags("Riverside Campus is located in Portland.")
    assert (flag.rule, flag.severity, flag.message) == (
        "SubjectIsStaff",
        Severity.LOW,
        "a predicate the shapes do not cover",
    )


def test_shacl_validates_only_the_replys_claims(shape_flags: Callable[..., list[Flag]]) -> None:
    history = [("assistant", "Dr. Patel's extension is 44123.")]
    assert shape_flags("Dr. Patel's extension is 4412.", history=history) == []


def test_shacl_shape_action_reaches_the_flag(shape_flags: Callable[..., list[Flag]]) -> None:
    (flag,) = shape_flags("Dr. Patel's extension is 44123.", action='kgc:resultAction "escalate" ;')
    assert flag.action == "escalate"


def test_shacl_shapes_see_the_kb(acme_checker: Checker) -> None:
    # rules/acme/acme.shapes.ttl: people work in departments, and the KB says Analytics is a team
    engine = RuleEngine(load_rules([ROOT / "rules" / "acme"]), acme_checker.kb)
    analysis = acme_checker.analyzer.analyse("Dr. Patel works in Analytics.")
    flags, _ = engine.reply_flags(analysis, DialogueState(now=NOW))
    assert [(f.rule, f.severity, f.message) for f in flags] == [
        (
            "WorksInDepartment",
            Severity.MEDIUM,
            "Analytics is a team, not a department: people work in departments",
        )
    ]


def test_shacl_scratch_graphs_are_cleared_after_each_turn(
    acme_checker: Checker, shape_flags: Callable[..., list[Flag]]
) -> None:
    before = len(list(acme_checker.kb._ox.quads_for_pattern(None, None, None, None)))
    shape_flags("Dr. Patel's extension is 44123.")
    after = len(list(acme_checker.kb._ox.quads_for_pattern(None, None, None, None)))
    assert after == before
