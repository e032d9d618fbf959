"""The budget of one check: CPU seconds it may spend, and a way to call it off.

A check spends its budget stage by stage; between stages (and between the NLP pipeline's
components) it asks :meth:`Budget.check`. Once the thread's CPU time passes the limit, or the
caller cancelled it (an HTTP client that went away), the check stops: the stages not run are
reported in ``report.skipped``, a ``KGC708`` entry in ``report.errors`` says why, and
``on_error`` decides, so a reply is never accepted unchecked. Usage::

    budget = Budget(5.0)                      # budget_s; None: no limit
    report = checker.check_turn(reply, state, budget=budget)
    budget.cancel()                           # from another thread: stop at the next stage

The limit is CPU time of the checking thread (``time.thread_time``), not wall time, so a busy
machine does not cut checks short; one stage runs to its end, and each is linear in the reply's
length (``nlp.max_chars`` bounds it).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from kgcheck.failures import BUDGET_SPENT, CheckError

__all__ = ["Budget", "BudgetSpent", "record_spent", "run_until_gone"]

_T = TypeVar("_T")
#: Seconds between looks at whether the client of a check is still there.
POLL = 0.2


class BudgetSpent(Exception):
    """The check ran out of its budget or was cancelled before ``stage``. Not an error of the
    input: :meth:`Checker.check_turn` catches it and reports it (``KGC708``)."""

    def __init__(self, message: str, *, stage: str, cancelled: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.stage = stage
        self.cancelled = cancelled


class Budget:
    """CPU seconds for one check on the calling thread, and a cancel switch.

    Args:
        seconds: the limit; ``None`` for none (it can still be cancelled).
    """

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = seconds
        self._start = 0.0
        self._thread: int | None = None  # the checking thread: the first to ask
        self._cancelled = threading.Event()

    def start(self) -> None:
        """Count from now, on the calling thread (the first call only: a check made on an
        event loop and run on a worker thread starts there)."""
        if self._thread is None:
            self._thread, self._start = threading.get_ident(), time.thread_time()

    def cancel(self) -> None:
        """Stop the check at its next stage (safe from any thread)."""
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def spent(self) -> float:
        """CPU seconds the checking thread has spent since it first asked (a budget made on an
        event loop counts on the worker thread that runs the check)."""
        self.start()
        if threading.get_ident() != self._thread:
            return 0.0  # only the checking thread's time is counted
        return time.thread_time() - self._start

    def check(self, stage: str) -> None:
        """Raise :class:`BudgetSpent` if the check must not run ``stage``."""
        if self._cancelled.is_set():
            raise BudgetSpent(
                f"the check was cancelled before {stage}", stage=stage, cancelled=True
            )
        if self.seconds is not None and self.spent() > self.seconds:
            raise BudgetSpent(
                f"the check's budget of {self.seconds:g} s CPU (budget_s) was spent before {stage}",
                stage=stage,
            )


def record_spent(errors: list[CheckError], skipped: list[str], exc: BudgetSpent) -> None:
    """Record that ``exc.stage`` was not run: one ``KGC708`` entry per check (where it first
    stopped), and a ``skipped`` line for each stage left out."""
    if not any(e.code == BUDGET_SPENT for e in errors):
        errors.append(CheckError(exc.stage, BUDGET_SPENT, exc.message))
    why = "cancelled" if exc.cancelled else "budget spent"
    skipped.append(f"{exc.stage}: not run ({why})")


async def run_until_gone(
    work: Awaitable[_T], budget: Budget, gone: Callable[[], Awaitable[bool]] | None
) -> _T:
    """Await ``work`` (a check on a worker thread, spending ``budget``), cancelling the budget
    when ``gone()`` says its client has left, or when this is cancelled (a closed stream): the
    check then stops at its next stage."""
    task = asyncio.ensure_future(work)
    try:
        while not task.done():
            await asyncio.wait({task}, timeout=POLL)
            if not task.done() and gone is not None and await gone():
                budget.cancel()
        return await task
    except asyncio.CancelledError:
        budget.cancel()
        raise
