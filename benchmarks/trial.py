"""A blind trial: a domain written by someone who read only the README, checked as written.

A trial folder holds ``kgcheck.yaml`` (with its KB and ontology), ``meta.json`` (``{"now":
...}``) and ``cases.jsonl``, one reply a line::

    {"id": "c002", "history": [{"role": "user", "text": "..."}], "reply": "...",
     "truth": false, "wrong": "3 Bromfield Road", "right": "3 Bromfield Lane", "kind": "address"}

``wrong`` is the one false stretch of a false reply, ``right`` what the KB holds. A history
line may be a tool call the agent made, as ``kgcheck check --history`` reads it: ``{"role":
"tool", "name": "search_hotels", "arguments": {...}, "result": [...], "schema": ...}``. Each
reply is checked once, after its history. Printed, overall and per kind:

- true replies: **untouched** (no flag at or above ``mitigation.flag_threshold``), **flagged**,
  and **made false** (the mitigated text differs from the reply: a true reply rewritten, the
  worst defect) or held back (``reject``);
- coverage: the share of the sentences that state something (a name, a number, a date) that
  produced a claim (:mod:`kgcheck.coverage`), and with ``--show-unread`` those that did not;
- false replies: **caught** (a flag at or above the threshold on the ``wrong`` stretch),
  **flagged elsewhere** (an acted-on flag, not on it), **corrected** (the mitigated text holds
  ``right`` where the reply held ``wrong``) and **missed**.

    python benchmarks/trial.py TRIAL_DIR [--show-misses N] [--show-false-alarms N]
        [--show-unread N] [--json OUT]

The trial's cases are never edited to suit kgcheck: they are the measure.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from kgcheck import Checker, DialogueState


def _load(folder: Path) -> tuple[str | None, list[dict[str, Any]]]:
    meta_path = folder / "meta.json"
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    cases = [
        json.loads(line)
        for line in (folder / "cases.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    return meta.get("now"), cases


def _outcome(case: dict[str, Any], report: Any, threshold: float) -> str:
    reply: str = case["reply"]
    acted = [f for f in report.flags if f.confidence >= threshold]
    if case["truth"]:
        if report.decision == "reject":
            return "held back"
        if report.text != reply:
            return "made false"
        return "flagged" if acted else "untouched"
    wrong = case.get("wrong")
    start = reply.find(wrong) if wrong else -1
    end = start + len(wrong) if wrong else -1
    on_it = [f for f in acted if start >= 0 and f.span.start < end and start < f.span.end]
    if on_it:
        right = case.get("right")
        fixed = bool(right) and report.text == reply[:start] + str(right) + reply[end:]
        return "corrected" if fixed else "caught"
    return "flagged elsewhere" if acted else "missed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trial", type=Path)
    parser.add_argument("--show-misses", type=int, default=0)
    parser.add_argument("--show-false-alarms", type=int, default=0)
    parser.add_argument("--show-unread", type=int, default=0, help="print this many unread")
    parser.add_argument("--json", type=Path, default=None, help="write each case's outcome here")
    args = parser.parse_args(argv)
    now, cases = _load(args.trial)
    t0 = time.perf_counter()
    checker = Checker.from_config(args.trial / "kgcheck.yaml")
    startup = time.perf_counter() - t0
    threshold = checker.config.mitigation.flag_threshold
    outcomes: Counter[tuple[str, str]] = Counter()
    by_kind: dict[str, Counter[tuple[str, str]]] = defaultdict(Counter)
    rows = []
    shown_misses = shown_alarms = 0
    seconds = 0.0
    stated = read = 0
    unread: list[str] = []
    for case in cases:
        state = DialogueState(session_id=f"trial-{case['id']}", now=now)
        for turn in case.get("history") or []:
            if turn["role"] == "tool":  # a call the agent made, and what it returned
                state.add_tool_result(
                    turn["name"],
                    turn["result"],
                    arguments=turn.get("arguments"),
                    schema=turn.get("schema"),
                    kind=turn.get("kind"),
                )
            else:
                state.add_turn(turn["role"], turn["text"])
        t1 = time.perf_counter()
        report = checker.check_turn(case["reply"], state)
        seconds += time.perf_counter() - t1
        outcome = _outcome(case, report, threshold)
        if report.coverage is not None:
            stated += len(report.coverage.stated)
            read += len(report.coverage.stated) - len(report.coverage.unread)
            unread += [case["reply"][u.start : u.end] for u in report.coverage.unread]
        truth = "true" if case["truth"] else "false"
        outcomes[(truth, outcome)] += 1
        by_kind[case.get("kind", "-")][(truth, outcome)] += 1
        flags = [f.to_dict() for f in report.flags]
        rows.append({"id": case["id"], "outcome": outcome, "text": report.text, "flags": flags})
        show = (outcome in {"missed", "flagged elsewhere"} and shown_misses < args.show_misses) or (
            outcome in {"flagged", "made false", "held back"}
            and shown_alarms < args.show_false_alarms
        )
        if show:
            if case["truth"]:
                shown_alarms += 1
            else:
                shown_misses += 1
            print(f"{outcome.upper()} {case['id']} [{case.get('kind')}] {case['reply']}")
            if not case["truth"]:
                print(f"    wrong: {case.get('wrong')!r} right: {case.get('right')!r}")
            if report.text != case["reply"]:
                print(f"    -> {report.text}")
            for f in report.flags:
                print(f"    {f.type} ({f.detector}) {f.confidence:.2f} {f.content!r}: {f.message}")
    trues = sum(1 for c in cases if c["truth"])
    falses = len(cases) - trues
    print(f"trial {args.trial.name}: {len(cases)} replies ({trues} true, {falses} false)")
    for outcome in ("untouched", "flagged", "made false", "held back"):
        n = outcomes[("true", outcome)]
        print(f"  true  {outcome:18s} {n:4d}  {n / max(trues, 1):.3f}")
    for outcome in ("corrected", "caught", "flagged elsewhere", "missed"):
        n = outcomes[("false", outcome)]
        print(f"  false {outcome:18s} {n:4d}  {n / max(falses, 1):.3f}")
    caught = outcomes[("false", "corrected")] + outcomes[("false", "caught")]
    alarms = trues - outcomes[("true", "untouched")]
    print(
        f"recall (a flag on the false stretch): {caught}/{falses} = {caught / max(falses, 1):.3f}"
    )
    print(f"true replies touched: {alarms}/{trues} = {alarms / max(trues, 1):.3f}")
    print(
        f"sentences stating something that were read: {read}/{stated} = {read / max(stated, 1):.3f}"
    )
    for text in unread[: args.show_unread]:
        print(f"    unread: {text}")
    print("per kind (true untouched/all, false caught/all):")
    for kind in sorted(by_kind):
        c = by_kind[kind]
        t_all = sum(v for (truth, _), v in c.items() if truth == "true")
        f_all = sum(v for (truth, _), v in c.items() if truth == "false")
        t_ok = c[("true", "untouched")]
        f_ok = c[("false", "corrected")] + c[("false", "caught")]
        print(f"  {kind:14s} true {t_ok}/{t_all}  false {f_ok}/{f_all}")
    print(
        f"start-up {startup:.1f} s; check_turn {1000 * seconds / max(len(cases), 1):.1f} ms/reply"
    )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
