"""``on_error``: what a failed check does to the decision."""

from __future__ import annotations

import pytest

from kgcheck.failures import DETECTOR_FAILED, CheckError, OnError, apply_on_error
from kgcheck.types import Decision

BROKEN = [CheckError("detector.contradicts_fact", DETECTOR_FAILED, "RuntimeError: boom")]
A, W, V, R = (
    Decision.ACCEPT,
    Decision.ACCEPT_WITH_WARNINGS,
    Decision.REVISE,
    Decision.REJECT,
)


@pytest.mark.parametrize(
    ("policy", "decided", "expected"),
    [
        ("warn", A, W),
        ("warn", W, W),
        ("warn", V, V),
        ("warn", R, R),
        ("fail_closed", A, R),
        ("fail_closed", W, R),
        ("fail_closed", V, R),
        ("fail_closed", R, R),
        ("fail_open", A, A),
        ("fail_open", V, V),
    ],
)
def test_apply_on_error_floors_the_decision_by_policy(
    policy: OnError, decided: Decision, expected: Decision
) -> None:
    assert apply_on_error(decided, BROKEN, policy) == expected


@pytest.mark.parametrize("policy", ["warn", "fail_closed", "fail_open"])
def test_apply_on_error_without_errors_keeps_the_decision(policy: OnError) -> None:
    assert apply_on_error(Decision.ACCEPT, [], policy) == Decision.ACCEPT


def test_check_error_to_dict_is_stage_code_reason() -> None:
    assert BROKEN[0].to_dict() == {
        "stage": "detector.contradicts_fact",
        "code": "KGC701",
        "reason": "RuntimeError: boom",
    }
