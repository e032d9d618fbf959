"""Per-turn cost of the temporal and numeric recognisers, and of dateparser for comparison.

    python benchmarks/recognisers.py [PATH] [--turns N] [--repeat R]

PATH is the KVRET dev file (default ``../shared/benchmarks/kvret/kvret_dev_public.json`` from the
repository root); its utterances (driver and assistant) are the turns. Prints milliseconds per
turn for kgcheck's temporal recogniser (with resolution), its quantity recogniser, and
``dateparser.search.search_dates`` with language auto-detection and restricted to English: the
reason the recognisers, and ``kgcheck.nlp.literals.parse_date``'s fallback, never let dateparser
detect the language. It also times the two spaCy components as they run in the Acme pipeline
(``kgcheck_temporal`` with the tense of each clause, ``kgcheck_quantities`` with the binding to KB
subjects, properties and periods).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from kgcheck import Checker
from kgcheck.values.quantities import QuantityRecognizer
from kgcheck.values.temporal import TemporalRecognizer

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT.parent / "shared" / "benchmarks" / "kvret" / "kvret_dev_public.json"
NOW = datetime(2026, 11, 23, 9, 0)


def per_turn(fn: Callable[[str], object], turns: list[str], repeat: int) -> tuple[float, float]:
    """Median and 95th percentile milliseconds per turn over ``repeat`` passes."""
    times = []
    for _ in range(repeat):
        for text in turns:
            t0 = time.perf_counter()
            fn(text)
            times.append(1000 * (time.perf_counter() - t0))
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT))
    parser.add_argument("--turns", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dateparser-turns", type=int, default=60)
    args = parser.parse_args(argv)
    dialogues = json.loads(Path(args.path).read_text(encoding="utf-8"))
    turns = [
        t["data"]["utterance"]
        for d in dialogues
        for t in d["dialogue"]
        if t["data"].get("utterance", "").strip()
    ][: args.turns]
    temporal, quantities = TemporalRecognizer(), QuantityRecognizer()
    print(f"{len(turns)} turns, mean {statistics.mean(len(t) for t in turns):.0f} characters")
    rows = [
        ("temporal recogniser (parse + resolve)", lambda s: temporal.find(s, NOW), turns),
        ("quantity recogniser", quantities.find, turns),
    ]
    import dateparser
    from dateparser.search import search_dates

    settings = {"RELATIVE_BASE": NOW}
    few = turns[: args.dateparser_turns]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        search_dates("warm up on Monday", languages=["en"], settings=settings)
        search_dates("warm up on Monday", settings=settings)
        rows += [
            (
                "dateparser search_dates, languages=['en']",
                lambda s: search_dates(s, languages=["en"], settings=settings),
                few,
            ),
            (
                "dateparser search_dates, language auto-detection",
                lambda s: search_dates(s, settings=settings),
                few,
            ),
            (
                "dateparser parse, languages=['en']",
                lambda s: dateparser.parse(s, languages=["en"], settings=settings),
                few,
            ),
            ("dateparser parse, auto-detection", lambda s: dateparser.parse(s), few),
        ]
        for name, fn, texts in rows:
            median, p95 = per_turn(fn, texts, args.repeat if texts is turns else 1)
            print(f"{name:50s} {median:8.3f} ms/turn (p95 {p95:.3f}) over {len(texts)} turns")
    components(turns, args.repeat)
    return 0


def components(turns: list[str], repeat: int) -> None:
    """Milliseconds per turn of each kgcheck component of the Acme pipeline."""
    analyzer = Checker.from_config(ROOT / "kgcheck" / "examples" / "acme" / "kgcheck.yaml").analyzer
    spent: dict[str, list[float]] = {}
    for _ in range(repeat):
        for text in turns:
            doc = analyzer.nlp.make_doc(text)
            doc.user_data["kgcheck_now"] = NOW
            doc.user_data["kgcheck_context"] = ()
            for name, proc in analyzer.nlp.pipeline:
                t0 = time.perf_counter()
                doc = proc(doc)
                spent.setdefault(name, []).append(1000 * (time.perf_counter() - t0))
    for name, times in spent.items():
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"pipeline component {name:31s} {statistics.median(times):8.3f} ms/turn (p95 {p95:.3f})"
        )


if __name__ == "__main__":
    sys.exit(main())
