"""Schema-Guided Dialogue (SGD): assistant turns that restate the results of API calls, checked
against those results.

Each dialogue is replayed turn by turn. Before each assistant turn the calls the assistant made
(``service_call`` and ``service_results`` of its frames) are given to kgcheck, with the
service's schema, either as tool results (``--route tools``: ``DialogueState.add_tool_result``)
or as a Turtle file of the same rows (``--route turtle``: ``kgcheck.tools.results_graph``
written out and loaded as the KB). Every assistant turn as given is checked (a flag at or above
``mitigation.flag_threshold`` on it is a false alarm), then copies of it with one value changed:

- ``row``: a value the turn states (an annotated slot span, a categorical value or the count of
  results) replaced by another result row's value of the same field;
- ``dialogue``: replaced by the same slot's value in another dialogue;
- ``made_up``: a name replaced by a made-up one;
- ``count``: the count of results ("I found 10 salons") changed;
- ``request`` (reported on its own): a confirmation of what the user asked for with a number of
  it changed ("4 tickets" where the user asked for 3).

A change after which some result row holds every value the turn states is no false reply
("a standard Prius at Orly" where the Prius is one too): it is left out, and counted.
A copy is caught when a flag at or above the threshold covers the new value. Confirmations
(the assistant restating what the user asked for, before any call) are checked as given, and
their numbers changed only for the ``request`` figure. Figures are printed per service, per kind
of field and per kind of change.

    python benchmarks/sgd.py [DIR] [--route tools|turtle] [--limit N] [--seed S] [--show K]
        [--services A,B] [--dialogues ID,ID | --dialogues @FILE] [--record FILE]

DIR defaults to ``../shared/benchmarks/sgd/dev`` beside the repository (the test split is kept
for independent measurement).
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any

import dateparser

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.tools import ToolResult, results_graph
from kgcheck.tools.fields import infer_datatype

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT.parent / "shared" / "benchmarks" / "sgd" / "dev"
#: SGD's dialogues happen in March 2019 and say "today" of 1 March.
NOW = "2019-03-01T09:00:00+00:00"
STATED = {"INFORM", "OFFER", "INFORM_COUNT"}
MADE_UP = ("Marlowe Quay", "Brindlewood Arms", "Tessaly Court", "Orrin Vale", "Castellan Row")
MONTHS = list(calendar.month_name)[1:]


@dataclass(frozen=True)
class Change:
    kind: str  # row, dialogue, made_up, count, request
    field: str  # address, phone, time, date, price, rating, count, name, categorical, other
    start: int
    old: str
    new: str


#: A count the assistant confirms ("4 tickets", "a table for 2"): digits and the word after.
_CONFIRMED_COUNT = r"\b{}\b(?=\s+[a-z])"


def request_changes(turn: dict[str, Any], rng: random.Random) -> list[Change]:
    """Copies of a confirmation (``CONFIRM`` acts: the assistant restating what the user asked
    for) with a number of it changed ("4 tickets" for "3 tickets"): the user's words say
    otherwise, which ``misstated_request`` checks."""
    text = turn["utterance"]
    out = []
    for frame in turn["frames"]:
        for action in frame["actions"]:
            if action["act"] != "CONFIRM" or not action["values"]:
                continue
            value = action["values"][0]
            if not value.isdigit():
                continue
            m = re.search(_CONFIRMED_COUNT.format(re.escape(value)), text)
            if m:
                new = str(int(value) + rng.choice((1, 2)))
                out.append(Change("request", "count", m.start(), m.group(), new))
    return out


def field_kind(slot: str, values: list[str], schema_slot: dict[str, Any] | None) -> str:
    words = set(slot.split("_"))
    if slot == "count":
        return "count"
    if "phone" in words:
        return "phone"
    if "address" in words:
        return "address"
    if "rating" in words:
        return "rating"
    if words & {"price", "fare", "rent", "balance", "amount", "cost"}:
        return "price"
    datatype = infer_datatype(values) if values else "string"
    if datatype in {"time", "date"}:
        return datatype
    if schema_slot is not None and schema_slot.get("is_categorical"):
        return "categorical"
    if words & {"name", "title"}:
        return "name"
    return "other"


def surface(value: str, like: str) -> str:
    """``value`` (as a result holds it) written the way ``like`` was written in the turn."""
    kind = infer_datatype([value])
    if kind == "time":
        hour, minute = (int(p) for p in value.split(":")[:2])
        text = f"{(hour - 1) % 12 + 1}:{minute:02d} {'am' if hour < 12 else 'pm'}"
        return text if ":" in like else text.replace(":00", "")
    if kind == "date":
        day = date.fromisoformat(value)
        return f"{MONTHS[day.month - 1]} {day.day}"
    if like.startswith("$"):
        return "$" + value
    return value


def same(a: str, b: str) -> bool:
    """Whether two written values are one: equal as text (any case) or as numbers."""
    if a.strip().lower() == b.strip().lower():
        return True
    try:
        return float(a.strip("$ ").replace(",", "")) == float(b.strip("$ ").replace(",", ""))
    except ValueError:
        return False


#: Changes left out because a result row holds every value the changed turn states, by kind
#: of field.
STILL_TRUE = Counter[str]()
_CLOCK = re.compile(r"(\d{1,2})(?::(\d\d))?\s*([ap])\.?m\.?", re.IGNORECASE)
_HHMM = re.compile(r"(\d{1,2}):(\d\d)")


def _clock(text: str) -> tuple[int, int] | None:
    m = _CLOCK.search(text)
    if m:
        hour = int(m[1]) % 12 + (12 if m[3].lower() == "p" else 0)
        return hour, int(m[2] or 0)
    m = _HHMM.search(text)
    return (int(m[1]), int(m[2])) if m else None


def agree(held: object, said: str, kind: str) -> bool:
    """Whether a row's value ``held`` is the value a turn states as ``said`` ("11 am" of
    "11:00", "next Thursday" of "2019-03-07", "$3,200" of "3200"); a value that cannot be
    compared is taken to differ."""
    if held is None:
        return False
    value = str(held)
    if same(value, said) or _letters(value) == _letters(said):
        return True
    if kind == "time":
        clock = _clock(value)
        return clock is not None and clock == _clock(said)
    if kind == "date":
        try:
            day = date.fromisoformat(value)
        except ValueError:
            return False
        base = datetime.fromisoformat(NOW).replace(tzinfo=None)
        read = dateparser.parse(
            said, settings={"RELATIVE_BASE": base, "PREFER_DATES_FROM": "future"}
        )
        # a day said without its year is that day of any year ("March 1st")
        return read is not None and (read.month, read.day) == (day.month, day.day)
    return False


def _letters(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def false(found: list[dict[str, str]], fields: dict[str, str], said: dict[str, str]) -> bool:
    """Whether a turn stating ``said`` (slot: value as written) is false of every result
    row."""
    return not any(all(agree(r.get(s), v, fields[s]) for s, v in said.items()) for r in found)


def results_of(turn: dict[str, Any], schemas: dict[str, Any]) -> list[ToolResult]:
    calls = []
    for frame in turn["frames"]:
        call = frame.get("service_call")
        if call is None or "service_results" not in frame:
            continue
        calls.append(
            ToolResult(
                call["method"],
                frame["service_results"],
                arguments=call["parameters"],
                schema=schemas[frame["service"]],
            )
        )
    return calls


def changes(
    turn: dict[str, Any],
    rows: dict[str, list[dict[str, str]]],
    schemas: dict[str, Any],
    elsewhere: dict[str, list[str]],
    rng: random.Random,
) -> list[Change]:
    text = turn["utterance"]
    out: list[Change] = []
    for frame in turn["frames"]:
        service = frame["service"]
        slots = {s["name"]: s for s in schemas[service]["slots"]}
        acts = {(a["act"], a["slot"]): a["values"] for a in frame["actions"]}
        stated = {slot for act, slot in acts if act in STATED}
        if not stated:
            continue
        found = rows.get(service, [])
        spans = {s["slot"]: (s["start"], s["exclusive_end"]) for s in frame["slots"]}
        # what the turn states of the results, to leave out a change that keeps it true
        said = {s: v[0] for (a, s), v in acts.items() if a in STATED and v and s != "count"}
        fields = {s: field_kind(s, [r[s] for r in found if s in r], slots.get(s)) for s in said}
        for (act, slot), values in acts.items():
            if act not in STATED or not values:
                continue
            if slot == "count":
                m = re.search(rf"\b{re.escape(values[0])}\b", text)
                if m:
                    new = str(int(values[0]) + rng.choice((1, 2, 3)))
                    out.append(Change("count", "count", m.start(), m.group(), new))
                continue
            if slot in spans:
                start, end = spans[slot]
            else:
                m = re.search(rf"\b{re.escape(values[0])}\b", text, re.IGNORECASE)
                if m is None:
                    continue
                start, end = m.span()
            old = text[start:end]
            column = [r[slot] for r in found if slot in r]
            if not column:
                continue  # a value no result holds (the user's own request)
            kind = field_kind(slot, column, slots.get(slot))
            others = sorted({v for v in column if not same(surface(v, old), old)})
            others = [v for v in others if surface(v, old).lower() not in text.lower()]
            # a change the results hold true of a row is no false reply ("a standard Prius
            # at Orly" where the Prius is a standard car at Orly too): left out, and counted
            wrong = [v for v in others if false(found, fields, {**said, slot: surface(v, old)})]
            STILL_TRUE[kind] += bool(others) and not wrong
            others = wrong
            if others:
                out.append(Change("row", kind, start, old, surface(rng.choice(others), old)))
            pool = [
                v for v in elsewhere.get(f"{service}:{slot}", ()) if v.lower() not in text.lower()
            ]
            if pool and kind != "categorical":
                new = rng.choice(pool)
                if false(found, fields, {**said, slot: new}):
                    out.append(Change("dialogue", kind, start, old, new))
                else:
                    STILL_TRUE[kind] += 1
            if kind == "categorical":
                choices = [
                    v
                    for v in slots[slot].get("possible_values", [])
                    if v.lower() != old.lower() and v not in {"True", "False", "dontcare"}
                ]
                if choices and old.lower() not in {"true", "false"}:
                    new = rng.choice(choices)
                    if false(found, fields, {**said, slot: new}):
                        out.append(Change("row", kind, start, old, new))
                    else:
                        STILL_TRUE[kind] += 1
            if kind == "name":
                out.append(Change("made_up", kind, start, old, rng.choice(MADE_UP)))
    return out


def spans_elsewhere(dialogues: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Each ``service:slot``'s values as the assistant turns wrote them, over all dialogues."""
    found: dict[str, set[str]] = defaultdict(set)
    for dialogue in dialogues:
        for turn in dialogue["turns"]:
            if turn["speaker"] != "SYSTEM":
                continue
            for frame in turn["frames"]:
                for s in frame["slots"]:
                    value = turn["utterance"][s["start"] : s["exclusive_end"]]
                    found[f"{frame['service']}:{s['slot']}"].add(value)
    return {k: sorted(v) for k, v in found.items()}


class TurtleRoute:
    """A checker per set of results, its KB the results written as Turtle and loaded back."""

    def __init__(self, config: dict[str, Any], folder: Path) -> None:
        self.config = config
        self.folder = folder
        self._key: str | None = None
        self._checker: Checker | None = None

    def checker(self, results: list[ToolResult]) -> Checker:
        key = json.dumps([r.to_dict() for r in results], sort_keys=True, default=str)
        if self._checker is None or key != self._key:
            path = self.folder / "results.ttl"
            path.write_text(results_graph(results).serialize(format="turtle"), encoding="utf-8")
            sources = [str(path)] if results else []
            settings = {**self.config, "knowledge_base": {"sources": sources}}
            self._checker = Checker(config_from_dict(settings))
            self._key = key
        return self._checker


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT))
    parser.add_argument("--route", choices=("tools", "turtle"), default="tools")
    parser.add_argument("--limit", type=int, default=0, help="dialogues (0: all)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show", type=int, default=0, help="print this many misses")
    parser.add_argument("--show-alarms", type=int, default=0, help="print this many false alarms")
    parser.add_argument(
        "--record", default="", help="write each check's outcome to this JSON-lines file"
    )
    parser.add_argument("--nli", action="store_true", help="with the NLI model (default: off)")
    parser.add_argument("--services", default="", help="comma-separated services (default: all)")
    parser.add_argument(
        "--dialogues",
        default="",
        help="comma-separated dialogue ids, or @FILE with one a line (default: all); the changes "
        "drawn differ from a whole run's, so compare two runs of the same selection",
    )
    args = parser.parse_args()
    folder = Path(args.path)
    schemas = {s["service_name"]: s for s in json.loads((folder / "schema.json").read_text())}
    dialogues = []
    for path in sorted(folder.glob("dialogues_*.json")):
        dialogues.extend(json.loads(path.read_text()))
    if args.services:
        wanted = set(args.services.split(","))
        dialogues = [d for d in dialogues if set(d["services"]) & wanted]
    if args.dialogues:
        ids = (
            Path(args.dialogues[1:]).read_text().split()
            if args.dialogues.startswith("@")
            else args.dialogues.split(",")
        )
        chosen = set(ids)
        dialogues = [d for d in dialogues if d["dialogue_id"] in chosen]
    random.Random(args.seed).shuffle(dialogues)
    if args.limit:
        dialogues = dialogues[: args.limit]
    elsewhere = spans_elsewhere(dialogues)
    rng = random.Random(args.seed)
    asks = random.Random(args.seed + 1)  # the confirmations' own: the other changes stay put
    config: dict[str, Any] = {"now": NOW}
    if not args.nli:
        config["nli"] = {"model": "none"}
    tools_checker = Checker(config_from_dict(config)) if args.route == "tools" else None
    threshold = tools_checker.config.mitigation.flag_threshold if tools_checker else 0.5
    gold = Counter[str]()
    alarms = Counter[str]()
    tried = Counter[tuple[str, str, str]]()
    caught = Counter[tuple[str, str, str]]()
    made_false = 0
    #: confirmations with a count changed: tried, caught
    requests = [0, 0]
    alarm_types = Counter[str]()
    shown = alarms_shown = 0
    seconds: list[float] = []
    started = time.perf_counter()
    record = open(args.record, "w", encoding="utf-8") if args.record else None  # noqa: SIM115
    with tempfile.TemporaryDirectory() as tmp:
        turtle = TurtleRoute(config, Path(tmp))
        for dialogue in dialogues:
            state = DialogueState(session_id=dialogue["dialogue_id"], now=NOW)
            rows: dict[str, list[dict[str, str]]] = {}
            seen: list[ToolResult] = []
            for turn in dialogue["turns"]:
                text = turn["utterance"]
                if turn["speaker"] == "USER":
                    state.add_turn("user", text)
                    continue
                for call in results_of(turn, schemas):
                    # made now, after the turns so far (the Turtle route's KB records it)
                    seen.append(replace(call, turn=len(state.turns)))
                    if args.route == "tools":
                        state.add_call(call)
                for frame in turn["frames"]:
                    if "service_results" in frame:
                        rows[frame["service"]] = frame["service_results"]
                checker = tools_checker or turtle.checker(seen)
                service = turn["frames"][0]["service"] if turn["frames"] else "none"
                t0 = time.perf_counter()
                report = checker.check_turn(text, state, record=False)
                seconds.append(time.perf_counter() - t0)
                gold[service] += 1
                acted = [f for f in report.flags if f.confidence >= threshold]
                if record is not None:
                    entry = {
                        "dialogue": dialogue["dialogue_id"],
                        "kind": "gold",
                        "text": text,
                        "flagged": bool(acted),
                        "changed": report.text != text,
                    }
                    record.write(json.dumps(entry) + "\n")
                if acted:
                    alarms[service] += 1
                    alarm_types.update(f"{f.type}/{f.detector}" for f in acted)
                    if report.text != text:
                        made_false += 1
                    if alarms_shown < args.show_alarms:
                        alarms_shown += 1
                        print(f"ALARM [{service}] {text}")
                        for f in acted:
                            print(f"    {f.type} ({f.detector}) {f.content!r}: {f.message}")
                for change in request_changes(turn, asks):
                    bad = text[: change.start] + change.new + text[change.start + len(change.old) :]
                    out = checker.check_turn(bad, state, record=False)
                    requests[0] += 1
                    requests[1] += any(
                        f.confidence >= threshold
                        and f.span.start < change.start + len(change.new)
                        and change.start < f.span.end
                        for f in out.flags
                    )
                for change in changes(turn, rows, schemas, elsewhere, rng):
                    bad = text[: change.start] + change.new + text[change.start + len(change.old) :]
                    end = change.start + len(change.new)
                    t0 = time.perf_counter()
                    out = checker.check_turn(bad, state, record=False)
                    seconds.append(time.perf_counter() - t0)
                    key = (service, change.field, change.kind)
                    tried[key] += 1
                    hit = any(
                        f.confidence >= threshold
                        and f.span.start < end
                        and change.start < f.span.end
                        for f in out.flags
                    )
                    caught[key] += hit
                    if record is not None:
                        entry = {
                            "dialogue": dialogue["dialogue_id"],
                            "kind": change.kind,
                            "field": change.field,
                            "old": change.old,
                            "new": change.new,
                            "text": bad,
                            "caught": hit,
                            "flags": [f"{f.detector} {f.content}" for f in out.flags],
                        }
                        record.write(json.dumps(entry) + "\n")
                    if not hit and shown < args.show:
                        shown += 1
                        print(f"MISS [{service} {change.field}/{change.kind}] {bad}")
                        print(f"    {change.old!r} -> {change.new!r}")
                        for f in out.flags:
                            print(f"    {f.type} ({f.detector}) {f.confidence:.2f} {f.content!r}")
                state.add_turn("assistant", text, report=report)
    if record is not None:
        record.close()
    total = time.perf_counter() - started
    report_figures(gold, alarms, tried, caught, made_false, alarm_types)
    if requests[0]:
        print(
            f"\nconfirmations with a count changed (not in the figures above): caught "
            f"{requests[1] / requests[0]:.3f} ({requests[1]}/{requests[0]})"
        )
    seconds.sort()
    print(
        f"\n{len(dialogues)} dialogues, {len(seconds)} checks in {total:.0f} s; per check "
        f"median {seconds[len(seconds) // 2] * 1000:.0f} ms, "
        f"p95 {seconds[int(len(seconds) * 0.95)] * 1000:.0f} ms (route {args.route})"
    )


def report_figures(
    gold: Counter[str],
    alarms: Counter[str],
    tried: Counter[tuple[str, str, str]],
    caught: Counter[tuple[str, str, str]],
    made_false: int,
    alarm_types: Counter[str],
) -> None:
    def rate(keys: list[tuple[str, str, str]]) -> str:
        n = sum(tried[k] for k in keys)
        return f"{sum(caught[k] for k in keys) / n:.3f} ({n})" if n else "-"

    keys = list(tried)
    n_gold = sum(gold.values())
    print(
        f"\ngold assistant turns flagged: {sum(alarms.values()) / n_gold:.3f} "
        f"({sum(alarms.values())}/{n_gold}); changed by mitigation: {made_false}"
    )
    print(f"changed values caught: {rate(keys)}")
    if STILL_TRUE:
        left = ", ".join(f"{k} {n}" for k, n in sorted(STILL_TRUE.items()))
        print(f"changes left out, true of another row: {sum(STILL_TRUE.values())} ({left})")
    for name, index in (("field", 1), ("change", 2), ("service", 0)):
        print(f"\nby {name}:")
        for value in sorted({k[index] for k in keys}):
            line = f"  {value:<22} {rate([k for k in keys if k[index] == value])}"
            if index == 0:
                line += f"   gold flagged {alarms[value]}/{gold[value]}"
            print(line)
    print("\nfalse alarms by type/detector:")
    for name, n in alarm_types.most_common(12):
        print(f"  {name:<40} {n}")


if __name__ == "__main__":
    sys.exit(main())
