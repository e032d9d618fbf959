"""Checking one reply of the upstream, and what the client gets for it.

The mitigator decides; the proxy only carries the decision out, never rewrites a reply itself:

- ``accept`` / ``accept_with_warnings``: the reply as the upstream wrote it, byte for byte;
- ``revise``: the mitigated text (``report.text``: corrections and removals made);
- ``reject`` with a ``regenerate`` action: ask the upstream again with the action's guidance
  (see :mod:`kgcheck.proxy.completions`), at most ``proxy.max_regenerations`` times;
- ``reject`` otherwise: the configured refusal (``proxy.refusal``).

A check that failed in part (``report.errors``) decides as the checker's ``on_error`` says; a
check that raised withholds the reply (:class:`~kgcheck.proxy.errors.CheckFailed`, HTTP 503).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from starlette.concurrency import run_in_threadpool

from kgcheck.budget import Budget, run_until_gone
from kgcheck.checker import Checker
from kgcheck.history.state import DialogueState
from kgcheck.proxy.errors import CheckFailed
from kgcheck.report import TurnReport
from kgcheck.store import FlagStore
from kgcheck.types import ActionKind, Decision

__all__ = ["Outcome", "ReplyChecker", "Verdict", "guidance_of", "outcome_of"]

log = logging.getLogger(__name__)


class Outcome(StrEnum):
    """What the proxy did with a reply."""

    #: sent as the upstream wrote it (accepted, possibly with warnings)
    UNCHANGED = "unchanged"
    #: sent as mitigated (corrections, removals)
    REVISED = "revised"
    #: the mitigator asked for a rewrite (a ``regenerate`` action)
    REGENERATE = "regenerate"
    #: withheld: the refusal was sent instead
    REFUSED = "refused"


def guidance_of(report: TurnReport) -> str | None:
    """The guidance of the report's ``regenerate`` action, if it asks for a rewrite."""
    for action in report.actions:
        if action.kind == ActionKind.REGENERATE and action.guidance:
            return action.guidance
    return None


def outcome_of(report: TurnReport) -> Outcome:
    if report.decision in {Decision.ACCEPT, Decision.ACCEPT_WITH_WARNINGS}:
        return Outcome.UNCHANGED
    if report.decision == Decision.REVISE:
        return Outcome.REVISED
    return Outcome.REGENERATE if guidance_of(report) is not None else Outcome.REFUSED


@dataclass
class Verdict:
    """The reply a client gets for one choice, and how it came about.

    Attributes:
        content: what is sent as the message's content.
        outcome: what was done (``unchanged``, ``revised``, ``refused``).
        report: the report on the attempt whose text is sent (or refused; for a stream, the
            report on the whole of it).
        attempt: which attempt that is: 1 for the upstream's first answer, 2 for the first
            regeneration, ...
        earlier: the reports on the attempts before it.
        note: why a rewrite asked for was not checked (the upstream failed to give one),
            else ``None``.
    """

    content: str
    outcome: Outcome
    report: TurnReport
    attempt: int = 1
    earlier: list[TurnReport] = field(default_factory=list)
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The ``kgcheck`` object added to the response."""
        report = self.report
        refused = self.outcome == Outcome.REFUSED
        return {
            "decision": str(Decision.REJECT if refused else report.decision),
            "outcome": str(self.outcome),
            "attempt": self.attempt,
            "report_id": report.report_id,
            "session_id": report.session_id,
            "flags": [f.to_dict() for f in report.flags],
            "actions": [a.to_dict() for a in report.actions],
            "errors": [e.to_dict() for e in report.errors],
            "skipped": list(report.skipped),
            "attempts": [
                {"attempt": n, "report_id": r.report_id, "decision": str(r.decision)}
                for n, r in enumerate([*self.earlier, report], start=1)
            ],
            **({"note": self.note} if self.note else {}),
        }


class ReplyChecker:
    """Runs the checker off the event loop and records each report in the flag store.

    Args:
        checker: the checker.
        store: where reports go (the review queue reads them); ``None``: nowhere.
    """

    def __init__(self, checker: Checker, store: FlagStore | None) -> None:
        self.checker = checker
        self.store = store

    async def check(
        self,
        text: str,
        state: DialogueState,
        *,
        record: bool = True,
        notes: Sequence[str] = (),
        gone: Callable[[], Awaitable[bool]] | None = None,
    ) -> TurnReport:
        """The report on ``text`` as the next assistant turn of ``state``, recorded; ``notes``
        (what the conversation left out) are added to its ``skipped``.

        The check runs within ``budget_s`` on a worker thread. It is cancelled (at its next
        stage) when ``gone()`` says the client has left, or when the awaiting task is
        cancelled (a stream the client closed); a cancelled check is not recorded.

        Raises:
            CheckFailed: the checker raised.
        """
        budget = Budget(self.checker.config.budget_s)
        work = run_in_threadpool(self.checker.check_turn, text, state, record=False, budget=budget)
        try:
            report = await run_until_gone(work, budget, gone)
        except Exception as exc:
            log.exception("check failed; the reply is withheld")
            raise CheckFailed(
                f"kgcheck could not check the reply ({type(exc).__name__}); it is withheld"
            ) from exc
        report.skipped.extend(n for n in notes if n not in report.skipped)
        if record and not budget.cancelled:
            await self.record(report)
        return report

    async def record(self, report: TurnReport) -> None:
        """Write ``report`` to the store (never raises: the report says how it went)."""
        if self.store is not None:
            await run_in_threadpool(self.store.record, report)

    def verdict(self, original: str, report: TurnReport, refusal: str, attempt: int = 1) -> Verdict:
        """What the client gets for ``original`` given its report; a rewrite asked for is
        refused here (the caller regenerates while it may)."""
        outcome = outcome_of(report)
        if outcome == Outcome.UNCHANGED:
            return Verdict(original, outcome, report, attempt)
        if outcome == Outcome.REVISED:
            return Verdict(report.text, outcome, report, attempt)
        return Verdict(refusal, Outcome.REFUSED, report, attempt)
