"""The KB self-test over every bundled knowledge base: kgcheck's precision benchmark.

For each ``kgcheck/examples/*/kgcheck.yaml`` and ``data/*/kgcheck.yaml`` whose knowledge base
states facts (and each CONFIG given, a blind trial's included), runs ``kgcheck kb selftest``
from Python (true statements in every phrasing the ontology allows, values in other units and
relative to the clock, perturbed ones, and each fact inside replies from the reply templates)
and prints per KB, per property and per phrasing the false-alarm rate, the recall and the
statements without a claim, the recall per perturbation, the worst false alarms and misses,
and the time per statement. The replies of the ``held_out`` templates (written by someone who
never read kgcheck's code) are the honest figure; their false alarms and misses are not
printed, so that nobody develops against them (``--json`` holds them all).

    python benchmarks/selftest.py [CONFIG ...] [--seed S] [--max-facts N] [--show K] [--json FILE]
                                  [--no-lexical-forms | --both] [--templates SPLIT]

``--no-lexical-forms`` reads each ontology as if it had no ``kgc:lexicalForm`` (phrasings derived
from labels and local names only); ``--both`` runs each KB with and without them.

Set ``KGCHECK_NLI__MODEL=none`` to measure without the NLI model (faster).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from kgcheck.kb.selftest import SPLITS, SelftestResult, load_checker, selftest

ROOT = Path(__file__).resolve().parent.parent


def bundled_configs() -> list[Path]:
    """``kgcheck/examples/*/kgcheck.yaml`` and ``data/*/kgcheck.yaml``: the bundled examples."""
    folders = (ROOT / "kgcheck" / "examples", ROOT / "data")
    return sorted(p for folder in folders for p in folder.glob("*/kgcheck.yaml"))


def _rate(value: float | None) -> str:
    return "  n/a" if value is None else f"{value:6.1%}"


def report(name: str, result: SelftestResult, load_s: float, show: int) -> None:
    totals = result.totals
    count = len(result.outcomes)
    per = result.seconds / count * 1000 if count else 0.0
    print(f"\n== {name}: {count} statements, {per:.1f} ms each (checker load {load_s:.1f} s)")
    if not count:
        print("   no facts to state")
        return
    header = f"   {'property':28} {'true':>5} {'FA':>4} {'FA rate':>7} {'noclaim':>7}"
    print(header + f" {'pert':>5} {'caught':>6} {'recall':>7}")
    for row in [*result.rows, totals]:
        print(
            f"   {row.label[:28]:28} {row.true:5d} {row.false_alarms:4d} "
            f"{_rate(row.false_alarm_rate):>7} {row.unparsed:7d} {row.perturbed:5d} "
            f"{row.caught:6d} {_rate(row.recall):>7}"
        )
    by_kind = result.recall_by_perturbation()
    print(
        "   recall by perturbation: "
        + ", ".join(f"{k} {c}/{n}" for k, (c, n) in sorted(by_kind.items()))
    )
    print(f"   {'phrasing':28} {'true':>5} {'FA':>4} {'FA rate':>7} {'noclaim':>7}")
    for label, row in sorted(result.by_phrasing().items()):
        print(
            f"   {label[:28]:28} {row.true:5d} {row.false_alarms:4d} "
            f"{_rate(row.false_alarm_rate):>7} {row.unparsed:7d} {row.perturbed:5d} "
            f"{row.caught:6d} {_rate(row.recall):>7}"
        )
    for title, found in (("false alarm", result.false_alarms), ("miss", result.misses)):
        outcomes = [o for o in found if not o.statement.held_out()]
        for o in outcomes[:show]:
            flags = "; ".join(f"{t} {c:.2f}: {m}" for t, c, m in o.flags) or o.decision
            print(
                f"   {title}: [{o.statement.perturbation or o.statement.phrasing}] "
                f"{o.statement.text}\n      -> {flags}"
            )
    seen = set()
    for o in (o for o in result.unparsed if not o.statement.held_out()):
        key = (o.statement.property, o.statement.phrasing, o.statement.form)
        if key not in seen:
            seen.add(key)
            print(f"   no claim: [{o.statement.phrasing} '{o.statement.form}'] {o.statement.text}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("configs", nargs="*", type=Path, help="default: the bundled examples")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-facts", type=int, default=20, help="facts per property at most")
    parser.add_argument("--show", type=int, default=5, help="false alarms and misses per KB")
    parser.add_argument("--json", type=Path, help="also write every result to this JSON file")
    forms = parser.add_mutually_exclusive_group()
    forms.add_argument(
        "--no-lexical-forms",
        action="store_true",
        help="ignore every kgc:lexicalForm (phrasings derived from labels only)",
    )
    forms.add_argument("--both", action="store_true", help="with and without kgc:lexicalForm")
    parser.add_argument(
        "--templates",
        choices=[*SPLITS, "all", "none"],
        default="all",
        help="reply templates: a split, all (default) or none",
    )
    args = parser.parse_args(argv)
    modes = [True, False] if args.both else [not args.no_lexical_forms]

    results = {}
    summary = []
    for config in args.configs or bundled_configs():
        for with_forms in modes:
            t0 = time.perf_counter()
            checker = load_checker(config, lexical_forms=with_forms)
            load_s = time.perf_counter() - t0
            result = selftest(
                checker,
                seed=args.seed,
                max_facts_per_property=args.max_facts,
                templates=args.templates,
            )
            name = str(config.relative_to(ROOT) if config.is_relative_to(ROOT) else config)
            if not with_forms:
                name += " (no kgc:lexicalForm)"
            report(name, result, load_s, args.show)
            results[name] = result.to_dict()
            totals = result.totals
            claimed = 1 - totals.unparsed / totals.true if totals.true else None
            summary.append(
                f"   {name:48} FA {_rate(totals.false_alarm_rate)}  recall {_rate(totals.recall)}"
                f"  read {_rate(claimed)}  ({totals.true} true, {totals.perturbed} perturbed)"
            )
            for label, row in sorted(result.by_phrasing().items()):
                if label.startswith("reply "):
                    read = 1 - row.unparsed / row.true if row.true else None
                    summary.append(
                        f"     {label:46} FA {_rate(row.false_alarm_rate)}  recall "
                        f"{_rate(row.recall)}  read {_rate(read)}  ({row.true} true, "
                        f"{row.perturbed} perturbed)"
                    )
    print("\n== summary")
    print("\n".join(summary))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
