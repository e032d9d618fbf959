"""Structured outputs: the bank-statement rule set, the rejection policy and masking."""

from __future__ import annotations

import copy
import logging
from typing import Any

import pytest

from kgcheck import Checker, Decision, InputError, Severity
from kgcheck.config import OutputsConfig
from kgcheck.rules.structured import Alert, OutputReport, _decide

NOW = "2026-11-22T10:00:00+00:00"
TEXT = (
    "Wells Fargo Bank, N.A. Account statement for Jane Doe, 1 March 2024 to 31 March 2024. "
    "Opening balance $1,204.55. Page 1 of 3."
)
GOOD: dict[str, Any] = {
    "total_pages": 3,
    "document_text": TEXT,
    "boundaries": [{"start_page": 1, "end_page": 2}, {"start_page": 3, "end_page": 3}],
    "metadata": {
        "bank_name": "Wells Fargo",
        "account_number": "5550001234",
        "statement_period": "March 2024",
    },
}


def variant(**changes: Any) -> dict[str, Any]:
    """``GOOD`` with some keys changed; ``metadata__bank_name=...`` changes a nested key."""
    data = copy.deepcopy(GOOD)
    for key, value in changes.items():
        target = data
        *parents, last = key.split("__")
        for parent in parents:
            target = target[parent]
        target[last] = value
    return data


def alerts(checker: Checker, data: dict[str, Any]) -> list[tuple[str, Severity, str, str]]:
    report = checker.check_output(data, now=NOW)
    return [(a.type, a.severity, a.rule, a.path) for a in report.alerts]


def test_structured_good_statement_is_accepted(statements_checker: Checker) -> None:
    report = statements_checker.check_output(GOOD, now=NOW)
    assert report.alerts == []
    assert report.decision == Decision.ACCEPT


CRITICAL, HIGH, MEDIUM = Severity.CRITICAL, Severity.HIGH, Severity.MEDIUM


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        # phantom_statement: more boundaries than pages; a boundary past the last page
        (
            {"total_pages": 1},
            [
                ("phantom_statement", CRITICAL, "more-boundaries-than-pages", "boundaries"),
                ("phantom_statement", HIGH, "boundary-past-last-page", "boundaries[1].start_page"),
            ],
        ),
        (
            {
                "boundaries": [{"start_page": 1, "end_page": 3}, {"start_page": 4, "end_page": 4}],
                "total_pages": 3,
            },
            [("phantom_statement", HIGH, "boundary-past-last-page", "boundaries[1].start_page")],
        ),
        # invalid_page_range: start after end; a page below 1 (SHACL)
        (
            {"boundaries": [{"start_page": 3, "end_page": 2}]},
            [("invalid_page_range", HIGH, "start-after-end", "boundaries[0].start_page")],
        ),
        (
            {"boundaries": [{"start_page": 0, "end_page": 2}]},
            [("invalid_page_range", HIGH, "PagesFromOne", "boundaries[0].start_page")],
        ),
        # impossible_dates: after next year (high), before 1950 (medium)
        (
            {"metadata__statement_period": "1 January 2031 - 31 January 2031"},
            [("impossible_dates", HIGH, "period-after-next-year", "metadata.statement_period")],
        ),
        (
            {"metadata__statement_period": "March 1949"},
            [("impossible_dates", MEDIUM, "period-before-1950", "metadata.statement_period")],
        ),
        # nonsensical_account: placeholders and masks (high), length (medium)
        (
            {"metadata__account_number": "123456789"},
            [
                (
                    "nonsensical_account",
                    HIGH,
                    "placeholder-account-number",
                    "metadata.account_number",
                )
            ],
        ),
        (
            {"metadata__account_number": "000000000"},
            [
                (
                    "nonsensical_account",
                    HIGH,
                    "placeholder-account-number",
                    "metadata.account_number",
                )
            ],
        ),
        (
            {"metadata__account_number": "XXXX-XXXX-1234"},
            [("nonsensical_account", HIGH, "masked-account-number", "metadata.account_number")],
        ),
        (
            {"metadata__account_number": "12"},
            [("nonsensical_account", MEDIUM, "account-number-length", "metadata.account_number")],
        ),
        (
            {"metadata__account_number": "9" * 8 + "12345678901234"},
            [("nonsensical_account", MEDIUM, "account-number-length", "metadata.account_number")],
        ),
        # fabricated_bank: named neither in the document nor among the known banks
        (
            {"metadata__bank_name": "First Bank of Atlantis"},
            [("fabricated_bank", HIGH, "unknown-bank", "metadata.bank_name")],
        ),
        # duplicate_boundaries
        (
            {"boundaries": [{"start_page": 1, "end_page": 2}, {"start_page": 1, "end_page": 2}]},
            [("duplicate_boundaries", MEDIUM, "duplicate-boundary", "boundaries[1]")],
        ),
        # missing_content: boundaries on a document under 50 characters
        (
            {"document_text": "Page 1.", "metadata__bank_name": "Chase"},
            [("missing_content", HIGH, "boundaries-without-content", "document_text")],
        ),
        # inconsistent_data: a credit union with a card-network account type
        (
            {
                "document_text": TEXT + " Navy Federal Credit Union.",
                "metadata__bank_name": "Navy Federal Credit Union",
                "metadata__account_type": "Visa Signature",
            },
            [("inconsistent_data", MEDIUM, "credit-union-card-account", "metadata.account_type")],
        ),
    ],
)
def test_structured_statement_alert_types(
    statements_checker: Checker, changes: dict[str, Any], expected: list[tuple[Any, ...]]
) -> None:
    assert alerts(statements_checker, variant(**changes)) == expected


@pytest.mark.parametrize(
    "bank",
    [
        "Wells Fargo",  # named in the document
        "JPMorgan Chase",  # a known bank, by its substantial words
        "Chase Bank USA, N.A.",
        "U.S. Bank National Association",
        "PenFed",
    ],
)
def test_structured_known_banks_are_not_fabricated(statements_checker: Checker, bank: str) -> None:
    assert alerts(statements_checker, variant(metadata__bank_name=bank)) == []


@pytest.mark.parametrize(
    ("changes", "decision"),
    [
        ({}, Decision.ACCEPT),
        # one medium alert: accepted with warnings
        ({"metadata__account_number": "12"}, Decision.ACCEPT_WITH_WARNINGS),
        # two high alerts: under the policy's three
        (
            {"metadata__account_number": "123456789", "metadata__bank_name": "Bank of Atlantis"},
            Decision.ACCEPT_WITH_WARNINGS,
        ),
        # three high alerts
        (
            {
                "metadata__account_number": "123456789",
                "metadata__bank_name": "Bank of Atlantis",
                "metadata__statement_period": "May 2031",
            },
            Decision.REJECT,
        ),
        # any critical alert
        ({"total_pages": 1, "boundaries": [{"start_page": 1, "end_page": 1}] * 2}, Decision.REJECT),
    ],
)
def test_structured_rejection_policy(
    statements_checker: Checker, changes: dict[str, Any], decision: Decision
) -> None:
    assert statements_checker.check_output(variant(**changes), now=NOW).decision == decision


def _alert(severity: Severity, action: str | None = None) -> Alert:
    return Alert("t", severity, "d", None, None, 1.0, "r", action=action)


@pytest.mark.parametrize(
    ("policy", "severities", "decision", "reasons"),
    [
        (
            {},
            [Severity.CRITICAL],
            Decision.REJECT,
            ["1 critical alert(s) (the policy rejects at 1)"],
        ),
        ({}, [Severity.HIGH] * 2, Decision.ACCEPT_WITH_WARNINGS, []),
        (
            {"reject": {"high": 2}},
            [Severity.HIGH] * 2,
            Decision.REJECT,
            ["2 high alert(s) (the policy rejects at 2)"],
        ),
        ({"reject": {"high": 2}}, [Severity.CRITICAL], Decision.ACCEPT_WITH_WARNINGS, []),
        ({"reject": {"medium": 5}}, [Severity.MEDIUM] * 4, Decision.ACCEPT_WITH_WARNINGS, []),
        ({}, [], Decision.ACCEPT, []),
    ],
)
def test_structured_policy_is_configurable(
    policy: dict[str, Any], severities: list[Severity], decision: Decision, reasons: list[str]
) -> None:
    config = OutputsConfig.model_validate(policy)
    assert _decide([_alert(s) for s in severities], config) == (decision, reasons)


def test_structured_rule_asking_to_escalate_rejects() -> None:
    decision, reasons = _decide([_alert(Severity.LOW, "escalate")], OutputsConfig())
    assert (decision, reasons) == (Decision.REJECT, ["rule 'r' asks to escalate"])


def test_structured_account_numbers_are_masked_in_messages(
    statements_checker: Checker, caplog: pytest.LogCaptureFixture
) -> None:
    data = variant(metadata__account_number="123456789")
    with caplog.at_level(logging.DEBUG, logger="kgcheck.rules.structured"):
        report = statements_checker.check_output(data, now=NOW)
    (alert,) = report.alerts
    assert alert.description == "Account number *****6789 is a placeholder."
    assert alert.detected == "*****6789"
    assert "123456789" not in str(report.to_dict())
    assert caplog.records and "123456789" not in caplog.text


def test_structured_short_sensitive_values_are_masked_whole(statements_checker: Checker) -> None:
    report = statements_checker.check_output(variant(metadata__account_number="12"), now=NOW)
    (alert,) = report.alerts
    assert (alert.detected, alert.description) == (
        "**",
        "Account number ** has 2 characters; expected at least 4.",
    )


def test_structured_report_to_dict(statements_checker: Checker) -> None:
    report = statements_checker.check_output(variant(total_pages=1), now=NOW)
    data = report.to_dict()
    assert data["decision"] == "reject"
    assert data["summary"] == {
        "total": 2,
        "by_severity": {"critical": 1, "high": 1, "medium": 0, "low": 0},
        "by_type": {"phantom_statement": 2},
    }
    assert data["alerts"][0] == {
        "type": "phantom_statement",
        "severity": "critical",
        "description": "The output has 2 statement boundaries; a document of this length holds "
        "at most 1.",
        "detected_value": "2",
        "expected_value": "at most 1",
        "confidence": 1.0,
        "rule_id": "more-boundaries-than-pages",
        "path": "boundaries",
        "action": None,
    }
    assert isinstance(report, OutputReport) and not report.ok


def test_structured_context_argument_maps_other_keys(statements_checker: Checker) -> None:
    # an output that names its keys differently, mapped onto the rule set's vocabulary
    st = "https://w3id.org/kgcheck/statements#"
    data = {"pages": 1, "document_text": TEXT, "boundaries": GOOD["boundaries"]}
    report = statements_checker.check_output(data, {"pages": st + "total_pages"}, now=NOW)
    assert [a.rule for a in report.alerts][:1] == ["more-boundaries-than-pages"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "[KGC606] a structured output must be a JSON object, got list"),
        (
            {"metadata": {"@id": "x"}},
            "[KGC606] metadata.@id: keys starting with '@' are JSON-LD keywords",
        ),
    ],
)
def test_structured_unusable_output_is_an_input_error(
    statements_checker: Checker, data: Any, message: str
) -> None:
    with pytest.raises(InputError) as info:
        statements_checker.check_output(data, now=NOW)
    assert str(info.value) == message


def test_structured_without_output_rules_says_so(acme_checker: Checker) -> None:
    report = acme_checker.check_output({"total_pages": 1})
    assert report.decision == Decision.ACCEPT
    assert report.skipped == ["no rule file with 'target: output' is configured ('rules:')"]
