"""A check that stalls until its budget is cancelled: for the tests of a client that leaves."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from kgcheck import Checker
from kgcheck.budget import Budget


def stall_until_cancelled(checker: Checker, monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Make ``checker``'s ``wrong_attribute`` stage wait (a minute at most) until some budget is
    cancelled; the event returned is set when one is. A check whose client left stops at its
    next stage; one that is never cancelled runs on after the minute."""
    cancelled = threading.Event()
    cancel = Budget.cancel

    def noted_cancel(self: Budget) -> None:
        cancel(self)
        cancelled.set()

    monkeypatch.setattr(Budget, "cancel", noted_cancel)
    (slow,) = [d for d in checker.detectors if d.name == "wrong_attribute"]
    detect = slow.detect

    def until_cancelled(ctx: Any) -> Any:
        cancelled.wait(60)
        return detect(ctx)

    monkeypatch.setattr(slow, "detect", until_cancelled)
    return cancelled
