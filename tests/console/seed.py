"""Real reports for the console's tests and screenshots: the Acme conversation checked by the
Acme example checker (``nli.model: none``) as session ``acme``, and a reply carrying markup as
session ``xss``; :func:`fill` records them, with their dialogue states, in a store."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass

from kgcheck import Checker, DialogueState
from kgcheck.config import load_config
from kgcheck.package_data import example_dir
from kgcheck.report import TurnReport
from kgcheck.store import FlagStore, SessionStore

__all__ = ["HOSTILE", "Seeded", "acme_checker_without_model", "fill", "seed"]

#: A reply whose wrong department is flagged, and that carries a script.
HOSTILE = 'Dr. Patel works in Oncology. <script>alert("x")</script><img src=x onerror=alert(1)>'


@dataclass
class Seeded:
    reports: list[TurnReport]
    states: list[DialogueState]


def acme_checker_without_model() -> Checker:
    config = example_dir("acme") / "kgcheck.yaml"
    return Checker(load_config(config, environ={"KGCHECK_NLI__MODEL": "none"}))


def seed(checker: Checker) -> Seeded:
    """Check the Acme conversation and the hostile reply (nothing is recorded yet)."""
    state = DialogueState(session_id="acme", now=checker.config.now)
    reports = []
    lines = (example_dir("acme") / "conversation.jsonl").read_text(encoding="utf-8").splitlines()
    for line in lines:
        turn = json.loads(line)
        if turn["role"] == "user":
            state.add_turn("user", turn["text"])
            continue
        report = checker.check_turn(turn["text"], state, record=False)
        reports.append(report)
        state.add_turn("assistant", report.text, report=report)
    hostile = DialogueState(session_id="xss", now=checker.config.now)
    hostile.add_turn("user", "Which department is Dr. Patel in?")
    report = checker.check_turn(HOSTILE, hostile, record=False)
    reports.append(report)
    hostile.add_turn("assistant", report.text, report=report)
    if sum(bool(r.flags) for r in reports) < 3 or not report.flags:
        raise AssertionError("the Acme checker no longer flags the seeded replies")
    return Seeded(reports, [state, hostile])


def fill(store: FlagStore, seeded: Seeded) -> FlagStore:
    """Record the seeded reports and save their sessions' dialogue states in ``store``."""
    for report in seeded.reports:
        if str(store.record(report)) != "stored":
            raise AssertionError(f"report not stored: {report.skipped}")
    for state in seeded.states:
        # a copy: saving marks the turns saved, and every store needs all of them
        SessionStore(store).save(copy.deepcopy(state), version=0)
    return store
