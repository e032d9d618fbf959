"""The time to build a checker, the first in a process and the next ones.

A process may build several checkers: one per KB or tenant, one per configuration reloaded, one
per set of tool results written as a KB file (the Turtle route of ``benchmarks/sgd.py`` builds
one whenever the results change). The first pays for the imports, the spaCy pipeline and
WordNet; the later ones read the loaded pipeline (:func:`kgcheck.nlp.pipeline.build_base_pipeline`)
and pay for their own KB and warm-up check only.

    python benchmarks/checker_build.py [CONFIG ...] [--rounds 3]

CONFIG defaults to every bundled ``kgcheck/examples/*/kgcheck.yaml``. Printed per configuration:
the seconds to build each of ``--rounds`` checkers one after the other, and the later ones'
median as a share of the first. NLI is off (its model loads once per checker, measured by
``benchmarks/nli_latency.py``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("configs", nargs="*", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    configs = args.configs or sorted((ROOT / "kgcheck" / "examples").glob("*/kgcheck.yaml"))
    started = time.perf_counter()
    from kgcheck import Checker
    from kgcheck.config import load_config

    print(f"import kgcheck.Checker: {time.perf_counter() - started:.2f} s")
    print(f"{'configuration':<28} {'builds (s)':<30} later/first")
    for path in configs:
        config = load_config(path, environ={"KGCHECK_NLI__MODEL": "none"})
        seconds = []
        for _ in range(max(args.rounds, 2)):
            t0 = time.perf_counter()
            Checker(config)
            seconds.append(time.perf_counter() - t0)
        later = statistics.median(seconds[1:])
        shown = " ".join(f"{s:.2f}" for s in seconds)
        print(f"{path.parent.name:<28} {shown:<30} {later / seconds[0]:.2f}")


if __name__ == "__main__":
    main()
