"""Loading rule files: every problem at once, each with its file, line, rule and field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from kgcheck import Checker, RuleError
from kgcheck.config import config_from_dict
from kgcheck.rules import check_rule_files, load_rules
from tests.conftest import FIXTURES as ALL_FIXTURES
from tests.conftest import ROOT

FIXTURES = ALL_FIXTURES / "rules"
BROKEN = FIXTURES / "broken_rules.yaml"

BROKEN_PROBLEMS = [
    "[KGC303] {f}:10: rule 'budget-close' -> check.tolerance: missing required key",
    "[KGC303] {f}:10: rule 'budget-close' -> check.tolernce: unknown key (did you mean "
    "'tolerance'?); expected one of: kind, predicate, reference, subject_class, tolerance",
    "[KGC303] {f}:15: rule 'severe-rule' -> severity: Input should be 'critical', 'high', "
    "'medium' or 'low'",
    "[KGC304] {f}:24: rule 'unknown-prefix' -> check.predicate: unknown prefix 'exx' in "
    "'exx:worksIn'; declare it under 'prefixes'",
    "[KGC305] {f}:34: rule 'broken-query' -> sparql: SPARQL syntax error at query line 3, "
    "column 21: unknown prefix 'acme:'; declare it under 'prefixes' or in the query",
    "[KGC305] {f}:42: rule 'no-claim' -> sparql: the query must select ?claim (the claim each "
    "row flags)",
    "[KGC304] {f}:48: rule 'typo-placeholder' -> message: unknown placeholder '{{vlaue}}'; "
    "available: expected, measured, path, property, sentence, subject, value",
    "[KGC304] {f}:53: rule 'typo-type' -> type: unknown type 'wrong_atribute'; expected one of: "
    "fabricated_fact, nonexistent_entity, wrong_attribute, contradicts_fact, contradicts_prior, "
    "unsupported_claim, temporal_error, logical_inconsistency",
    "[KGC304] {f}:63: rule 'unknown-action' -> action: unknown action 'ignore'; expected one of: "
    "correct, escalate, flag, none, regenerate, remove",
    "[KGC307] {f}:71: rule 'bad-regex' -> check.must_match: not a valid regular expression: "
    "missing ), unterminated subpattern at position 1",
    "[KGC303] {f}:78: rule 'unknown-kind' -> check: unknown check kind 'uniqueness'; expected "
    "one of: functional, tolerance, range, pattern, known_values, before_after, count",
    "[KGC303] {f}:80: rule 'both-conditions': a rule needs exactly one of 'check' and 'sparql'",
    "[KGC303] {f}:88: rule '#12' -> id: missing required key",
]


def test_loader_reports_every_problem_of_a_file_at_once() -> None:
    book, problems = check_rule_files([BROKEN])
    assert book is None
    assert [str(p) for p in problems] == [line.format(f=BROKEN) for line in BROKEN_PROBLEMS]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("bad_yaml.yaml", "[KGC302] {f}:5: not valid YAML: found unexpected end of stream"),
        (
            "unknown_top_key.yaml",
            "[KGC303] {f}:2: rulez: unknown key (did you mean 'rules'?); expected one of: "
            "context, prefixes, rules, sensitive, shapes, target, types",
        ),
        (
            "duplicate_ids.yaml",
            "[KGC304] {f}:11: rule 'one-department': duplicate rule id; first defined at {f}:4",
        ),
        (
            "bad_output.yaml",
            "[KGC303] {f}:11: rule 'page-one' -> check.min: expected a number, an ISO date "
            "(2024-01-31), 'this_year' or 'today' with an optional offset ('this_year+1', "
            "'today-30'), or {{value_of: <property>}}",
        ),
        (
            "bad_syntax.shapes.ttl",
            "[KGC306] {f}:5: Turtle syntax error: Parser error at line 5 between columns 5 and 19: "
            "A dot is expected at the end of statements",
        ),
        ("missing.yaml", "[KGC301] {f}: rule file not found"),
    ],
)
def test_loader_broken_file_message(name: str, expected: str) -> None:
    path = FIXTURES / name
    _, problems = check_rule_files([path])
    assert [str(p) for p in problems] == [expected.format(f=path)]


def test_loader_shapes_problems_name_the_shape() -> None:
    path = FIXTURES / "bad_shapes.ttl"
    _, problems = check_rule_files([path])
    assert [str(p) for p in problems] == [
        f"[KGC306] {path}:5: rule 'NoType': missing kgc:resultType",
        f"[KGC306] {path}:15: rule 'WrongType' -> kgc:resultType: unknown result type "
        "'phantom_statement'; expected one of: contradicts_fact, contradicts_prior, "
        "fabricated_fact, logical_inconsistency, nonexistent_entity, temporal_error, "
        "unsupported_claim, wrong_attribute",
        f"[KGC306] {path}:9: rule 'OddSeverity': unknown severity <https://example.org/acme#Dire>;"
        " expected one of: sh:Violation, sh:Warning, sh:Info, kgc:Critical, kgc:High, "
        "kgc:Medium, kgc:Low",
        f"[KGC306] {path}:20: rule 'BadQuery' -> sh:select: SPARQL syntax error at query line 1, "
        "column 36: unknown prefix 'kgc:'; declare it with sh:prefixes",
    ]


def test_loader_load_rules_raises_one_error_listing_all_problems() -> None:
    with pytest.raises(RuleError) as info:
        load_rules([BROKEN])
    assert info.value.code == "KGC300"
    lines = str(info.value).splitlines()
    assert lines[0] == f"[KGC300] {len(BROKEN_PROBLEMS)} problems in rule files:"
    assert lines[1:] == [line.format(f=BROKEN) for line in BROKEN_PROBLEMS]


def test_loader_single_problem_keeps_its_code() -> None:
    path = FIXTURES / "missing.yaml"
    with pytest.raises(RuleError) as info:
        load_rules([path])
    assert str(info.value) == f"[KGC301] {path}: rule file not found"


def test_loader_checker_with_a_bad_rule_file_fails_with_the_same_messages(tmp_path: Path) -> None:
    config = tmp_path / "kgcheck.yaml"
    config.write_text("rules: [duplicate_ids.yaml]\n", encoding="utf-8")
    (tmp_path / "duplicate_ids.yaml").write_text(
        (FIXTURES / "duplicate_ids.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    with pytest.raises(RuleError) as info:
        Checker.from_config(config)
    _, problems = check_rule_files([tmp_path / "duplicate_ids.yaml"])
    assert str(info.value) == str(problems[0])


def test_loader_config_rules_are_relative_to_the_config_file(tmp_path: Path) -> None:
    raw = {"rules": ["../../rules/statements"]}
    config = config_from_dict(raw, base_dir=ROOT / "data" / "statements")
    assert config.rules == [ROOT / "rules" / "statements"]


def test_loader_directory_loads_its_rule_files_and_their_shapes() -> None:
    book = load_rules([ROOT / "rules" / "statements"])
    (rule_set,) = book.outputs
    assert len(rule_set.rules) == 12
    assert [next(iter(s.rules.values())).id for s in rule_set.shapes] == ["PagesFromOne"]
    assert book.reply == ()


def test_loader_bundled_rule_files_are_valid() -> None:
    book, problems = check_rule_files([ROOT / "rules" / "statements", ROOT / "rules" / "acme"])
    assert problems == []
    assert book is not None and len(book) == 13 + 8


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (
            "context: {a: b}\nrules: []\n",
            "{f}:1: context: only rule files with 'target: output' have this key",
        ),
        (
            "prefixes: {ex: example}\nrules: []\n",
            "{f}:1: prefixes.ex: 'example' is not an IRI",
        ),
        (
            "target: output\ntypes: {wrong_attribute: again}\nrules: []\n",
            "{f}:2: types.wrong_attribute: a rule-set type is a new snake_case name",
        ),
        (
            "rules:\n  - id: a\n    description: d\n    type: wrong_attribute\n    severity: low\n"
            "    message: m\n    check: {kind: functional, predicate: worksIn}\n",
            "{f}:7: rule 'a' -> check.predicate: 'worksIn' is neither a CURIE (ex:worksIn) nor "
            "an IRI",
        ),
        (
            "rules:\n  - id: a\n    description: d\n    type: wrong_attribute\n    severity: low\n"
            "    message: m\n    sparql: 'ASK { ?s ?p ?o }'\n",
            "{f}:7: rule 'a' -> sparql: must be a SELECT query",
        ),
        (
            "rules:\n  - id: a\n    description: d\n    type: wrong_attribute\n    severity: low\n"
            "    message: '{value'\n    check: {kind: functional, predicate: rdfs:label}\n",
            "{f}:6: rule 'a' -> message: expected '}}' before end of string (write '{{{{' and "
            "'}}}}' for literal braces)",
        ),
    ],
)
def test_loader_semantic_problems(
    write_rules: Callable[..., Path], body: str, problem: str
) -> None:
    path = write_rules(body)
    _, problems = check_rule_files([path])
    assert [p.text() for p in problems] == [problem.format(f=path)]
