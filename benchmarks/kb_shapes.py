"""What reading the shapes of a KB's values costs when it opens (``kgcheck.kb.shapes``).

    python benchmarks/kb_shapes.py [--sizes 10k,100k] [--out /tmp/kbshapes] [--repeats 3]

For each size, writes ``kb_scale.py``'s synthetic Acme-shaped KB (skipped when there), loads it
into an in-memory graph once, then times, per repeat, ``read_shapes`` alone and the whole
``KnowledgeBase`` over that graph (labels, ontology view, shapes). Prints the median of each,
per million triples, and the share of the KB's opening that reading the shapes takes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from rdflib import Graph

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kb_scale import kb_file

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.shapes import read_shapes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10k,100k")
    parser.add_argument("--out", type=Path, default=Path("/tmp/kbshapes"))
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"{'size':>8} {'triples':>9} {'read_shapes s':>14} {'KB open s':>10} {'share':>6}")
    for size in args.sizes.split(","):
        path, _, _ = kb_file(args.out, size)
        graph = Graph()
        graph.parse(path, format="nt")
        shapes_s, open_s = [], []
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            read_shapes(graph)
            shapes_s.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            KnowledgeBase(graph)
            open_s.append(time.perf_counter() - t0)
        a, b = statistics.median(shapes_s), statistics.median(open_s)
        print(f"{size:>8} {len(graph):>9} {a:>14.3f} {b:>10.3f} {a / b:>6.1%}")
        print(f"{'':>8} {'per 1M':>9} {a * 1e6 / len(graph):>14.2f} {b * 1e6 / len(graph):>10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
