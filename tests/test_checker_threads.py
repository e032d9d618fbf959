"""Several turns checked at once in one process give the reports they give one at a time."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from kgcheck import Checker, DialogueState
from kgcheck.rules import RuleEngine, load_rules
from tests.conftest import ACME_DIR, NOW, ROOT

#: What differs between two checks of the same turn whatever the threads.
_PER_CALL = ("report_id", "checked_at", "timings")


def _cases() -> list[dict[str, Any]]:
    lines = (ACME_DIR / "labelled.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines if line.strip()]
    return [c for c in cases if "reply" in c][:10]


def _check(checker: Checker, case: dict[str, Any]) -> dict[str, Any]:
    state = DialogueState(session_id=case["id"], now=NOW)
    for turn in case["turns"]:
        state.add_turn(turn["role"], turn["text"])
    report = checker.check_turn(case["reply"], state).to_dict()
    return {k: v for k, v in report.items() if k not in _PER_CALL}


def test_four_threads_checking_ten_turns_each_get_the_sequential_reports(
    acme_checker: Checker,
) -> None:
    cases = _cases()
    assert len(cases) == 10
    alone = [_check(acme_checker, c) for c in cases]
    assert any(r["flags"] for r in alone) and any(not r["flags"] for r in alone)
    with ThreadPoolExecutor(4) as pool:
        futures = [pool.submit(_check, acme_checker, c) for _ in range(4) for c in cases]
        together = [f.result() for f in futures]
    assert together == alone * 4


def test_rules_and_shapes_evaluated_from_threads_at_once_flag_as_one_at_a_time(
    acme_checker: Checker,
) -> None:
    rules = ROOT / "rules" / "acme"
    engine = RuleEngine(
        load_rules([rules / "acme.yaml", rules / "acme.shapes.ttl"]), acme_checker.kb
    )
    state = DialogueState(session_id="rules", now=NOW)
    analyses = [acme_checker.analyzer.analyse(c["reply"]) for c in _cases()]

    def flags(n: int) -> list[dict[str, Any]]:
        found, _ = engine.reply_flags(analyses[n % len(analyses)], state)
        return [f.to_dict() for f in found]

    alone = [flags(n) for n in range(len(analyses))]
    assert any(alone)
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(flags, range(4 * len(analyses))))
    assert together == alone * 4
