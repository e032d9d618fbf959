"""The ``rules`` detector inside ``check_turn``: rule flags keep their rule, severity and action."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import ActionKind, Checker, Decision, DialogueState, Flag, FlagType, Severity
from kgcheck.config import MitigationConfig, load_config
from kgcheck.detectors.base import DetectionContext
from kgcheck.detectors.rules import RulesDetector
from kgcheck.mitigation import Mitigator
from kgcheck.registry import detectors
from kgcheck.rules.sparql import SparqlQuery
from tests.conftest import ACME_CONFIG, NOW, ROOT


@pytest.fixture(scope="module")
def checker(acme_checker: Checker) -> Checker:
    """The Acme checker with the example rules of ``rules/acme``."""
    config = load_config(ACME_CONFIG)
    config.rules = [ROOT / "rules" / "acme"]
    return Checker(config, kb=acme_checker.kb)


def test_rules_detector_is_registered_and_runs_by_default(checker: Checker) -> None:
    assert detectors.get("rules") is RulesDetector
    assert "rules" in [d.name for d in checker.detectors]


def test_rules_detector_silent_without_rules(acme_checker: Checker) -> None:
    ctx = DetectionContext(
        analysis=acme_checker.analyzer.analyse("Sarah Lee leads Cardiology."),
        kb=acme_checker.kb,
        state=DialogueState(),
        now=None,
    )
    assert RulesDetector().detect(ctx) == []


def test_rules_flag_keeps_rule_severity_and_action_through_check_turn(checker: Checker) -> None:
    report = checker.check_turn("Sarah Lee leads Cardiology.", DialogueState(now=NOW))
    (flag,) = report.flags
    assert (flag.rule, flag.detector, flag.severity, flag.action) == (
        "leader-of-led-unit",
        "rules",
        Severity.CRITICAL,
        "escalate",
    )
    # the rule's action wins over the policy's choice (a correction is available)
    assert [a.kind for a in report.actions] == [ActionKind.ESCALATE]
    assert report.decision == Decision.REJECT
    assert report.to_dict()["flags"][0]["rule"] == "leader-of-led-unit"


def test_rules_flag_wins_over_a_same_type_flag_on_the_same_claim(checker: Checker) -> None:
    report = checker.check_turn("Cardiology has a budget of $6 million.", DialogueState(now=NOW))
    (flag,) = report.flags
    assert (flag.rule, flag.severity) == ("budget-within-five-percent", Severity.HIGH)
    assert flag.correction == "$4.85 million"
    assert report.text == "Cardiology has a budget of $4.85 million."


def test_rules_a_failing_rule_is_reported_not_hidden(
    acme_checker: Checker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text(
        "prefixes: {ex: 'https://example.org/acme#'}\n"
        "rules:\n"
        "  - id: bad-number\n"
        "    description: a query that fails on every claim\n"
        "    type: contradicts_fact\n"
        "    severity: high\n"
        "    message: m\n"
        "    sparql: 'SELECT ?claim WHERE { ?claim a kgc:Claim }'\n",
        encoding="utf-8",
    )
    config = load_config(ACME_CONFIG)
    config.rules = [rules]
    checker = Checker(config, kb=acme_checker.kb)

    def broken(*args: object, **kwargs: object) -> list[dict[str, object]]:
        raise OSError("store unavailable")

    monkeypatch.setattr(SparqlQuery, "run", broken)
    report = checker.check_turn("Dr. Patel works in Cardiology.", DialogueState(now=NOW))
    assert report.skipped == ["rules: rule 'bad-number': failed (OSError: store unavailable)"]
    assert [(e.stage, e.code) for e in report.errors] == [("rules", "KGC705")]
    assert report.decision == Decision.ACCEPT_WITH_WARNINGS  # on_error: warn


@pytest.mark.parametrize(
    ("action", "correction", "kind"),
    [
        ("escalate", "Cardiology", ActionKind.ESCALATE),
        ("flag", "Cardiology", ActionKind.FLAG),
        ("correct", "Cardiology", ActionKind.CORRECT),
        # a correction is needed to correct: the policy decides instead
        ("correct", None, ActionKind.REMOVE),
        (None, "Cardiology", ActionKind.CORRECT),
    ],
)
def test_rules_flag_action_overrides_the_policy_when_it_applies(
    acme_checker: Checker, action: str | None, correction: str | None, kind: ActionKind
) -> None:
    analysis = acme_checker.analyzer.analyse("Dr. Patel works in Oncology. Call us any time.")
    claim = analysis.claims[0]
    flag = Flag(
        type=FlagType.CONTRADICTS_FACT,
        span=claim.span,
        content="Dr. Patel works in Oncology",
        message="m",
        detector="rules",
        rule="r",
        correction=correction,
        correction_span=claim.object.span if correction else None,
        confidence=0.9,
        action=action,
    )
    outcome = Mitigator(MitigationConfig(regenerate_min_flags=2)).mitigate([flag], analysis)
    assert [a.kind for a in outcome.actions] == [kind]
