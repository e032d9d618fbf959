"""Checks that failed during a turn, and what a failure does to the decision (``on_error``).

A check that cannot run because of the configuration (``nli.model: none``, grounding without
sources) is only *skipped*. A check that was meant to run and broke (a detector raised, the NLI
model could not be loaded or run, a rule could not be evaluated) is a *failure*: the report
carries one :class:`CheckError` per failure in ``report.errors``, and ``on_error`` says what it
does to the decision:

- ``warn`` (default): at least ``accept_with_warnings``; ``revise`` and ``reject`` stay;
- ``fail_closed``: ``reject``;
- ``fail_open``: the decision the flags make (the errors are still reported).

Codes (``KGC7xx``: reported in ``report.errors``, not raised)::

    KGC701  a detector raised
    KGC702  the NLI model could not be loaded or run
    KGC703  grounding the reply in its sources failed
    KGC704  verifying the reply's numbers and dates failed
    KGC705  a rule or SHACL shape could not be evaluated
    KGC706  a detector returned a flag it may not (an undeclared type, a span outside the reply)
    KGC707  the knowledge base could not be read while the reply was analysed (an endpoint down)
    KGC708  the check's CPU budget ran out, or it was cancelled, before a stage (``budget_s``)
    KGC709  reading the items the reply describes by their values failed
    KGC710  the reply could not be analysed (a component of the NLP pipeline raised)
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from typing import Literal

from kgcheck.errors import KgcheckError
from kgcheck.types import Decision

__all__ = [
    "BUDGET_SPENT",
    "DETECTOR_FAILED",
    "GROUNDING_FAILED",
    "INVALID_FLAG",
    "ITEMS_FAILED",
    "KB_FAILED",
    "NLI_FAILED",
    "NLP_FAILED",
    "NUMERIC_FAILED",
    "RULE_FAILED",
    "CheckError",
    "OnError",
    "apply_on_error",
    "record_failure",
]

#: What a failed check does to the decision (the ``on_error`` configuration key).
OnError = Literal["warn", "fail_closed", "fail_open"]

DETECTOR_FAILED = "KGC701"
NLI_FAILED = "KGC702"
GROUNDING_FAILED = "KGC703"
NUMERIC_FAILED = "KGC704"
RULE_FAILED = "KGC705"
INVALID_FLAG = "KGC706"
KB_FAILED = "KGC707"
BUDGET_SPENT = "KGC708"
ITEMS_FAILED = "KGC709"
NLP_FAILED = "KGC710"


@dataclass(frozen=True, slots=True)
class CheckError:
    """A check that failed on a turn.

    Attributes:
        stage: what failed: ``detector.<name>``, ``nli``, ``grounding``, ``numeric`` or ``rules``.
        code: a stable ``KGC7xx`` code (see this module).
        reason: what went wrong, in words.
    """

    stage: str
    code: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


def apply_on_error(decision: Decision, errors: list[CheckError], policy: OnError) -> Decision:
    """The decision on a turn once its failed checks are taken into account.

    Usage::

        apply_on_error(Decision.ACCEPT, report.errors, "warn")   # accept_with_warnings
    """
    if not errors or policy == "fail_open":
        return decision
    floor = Decision.REJECT if policy == "fail_closed" else Decision.ACCEPT_WITH_WARNINGS
    return decision.at_least(floor)


log = logging.getLogger(__name__)


def record_failure(
    errors: list[CheckError],
    skipped: list[str],
    stage: str,
    code: str,
    exc: Exception,
    *,
    note: str | None = None,
) -> None:
    """Record a check that raised: a structured entry in ``errors`` (what ``on_error``
    weighs) and the ``skipped`` line that readers of the report already know."""
    if isinstance(exc, KgcheckError):
        reason, line = str(exc), exc.message
    else:
        log.error("%s failed", stage, exc_info=exc)
        reason = line = f"{type(exc).__name__}: {exc}"
    errors.append(CheckError(stage, code, reason))
    skipped.append(f"{note or stage}: failed ({line})")
