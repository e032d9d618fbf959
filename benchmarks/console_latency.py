"""How fast the review console answers over a store of 100k flags.

Usage::

    python benchmarks/console_latency.py [--flags 100000] [--repeats 20] [--store DIR]
        [--pages queue conversation ...]

Fills an on-disk Oxigraph store with ``--flags`` synthetic flags (4 per turn, 500 sessions, one
turn every 100 s up to now: ``store_latency.py``'s generator and loader), or reuses ``--store``
when it holds a store already; builds the per-day counts the dashboard reads where the store
has none (bulk-filled stores, like stores an earlier release wrote, get them built once, timed);
builds the service on it (the Acme checker, ``nli.model: none``,
one API key), logs in to the console through FastAPI's TestClient, and prints the p50 and p95
of each page (or of those whose label starts with a word of ``--pages``) over ``--repeats``
requests after one warm-up request. The queue's filters include some that match no flag (a
rule, a detector, a session no flag has; a type and a detector that never meet): they used to
read every report.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fastapi.testclient import TestClient
from store_latency import fill, percentile

from kgcheck import Checker
from kgcheck.config import config_from_dict, load_config
from kgcheck.server import create_app
from kgcheck.server.app import freeze_heap
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.rollups import ensure_rollups, rollups_ready

ROOT = Path(__file__).resolve().parent.parent
ACME = ROOT / "kgcheck" / "examples" / "acme" / "kgcheck.yaml"
KEY = "bench-key"
PAGES = [
    ("queue", "/console/queue"),
    (
        "queue, filtered",
        "/console/queue?type=wrong_attribute&severity=high&detector=wrong_attribute",
    ),
    ("queue, next page", None),
    ("queue, no such rule", "/console/queue?rule=no-such-rule"),
    ("queue, type + no detector", "/console/queue?type=temporal_error&detector=nope"),
    ("queue, no such session", "/console/queue?session=nosuch"),
    ("queue, type/detector apart", "/console/queue?type=temporal_error&detector=wrong_attribute"),
    ("queue, session and type", "/console/queue?session=s7&type=temporal_error"),
    ("conversation", "/console/sessions/s7"),
    ("dashboard, 7 days", "/console/dashboard?days=7"),
    ("dashboard, 30 days", "/console/dashboard?days=30"),
    ("dashboard, 90 days", "/console/dashboard?days=90"),
    ("CSV, queue", "/console/queue?format=csv"),
    ("CSV, dashboard flags", "/console/dashboard?days=30&format=csv&table=flags"),
]


def login(client: TestClient) -> None:
    page = client.get("/console/login").text
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    assert token is not None
    form = {"csrf": token.group(1), "reviewer": "bench", "api_key": KEY}
    answer = client.post("/console/login", data=form, follow_redirects=False)
    assert answer.status_code == 303, answer.text


def time_page(client: TestClient, path: str, repeats: int) -> tuple[float, float]:
    assert client.get(path).status_code == 200, path
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        answer = client.get(path)
        samples.append((time.perf_counter() - t0) * 1000)
        assert answer.status_code == 200, (path, answer.text[:500])
    return statistics.median(samples), percentile(samples, 0.95)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flags", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--store", type=Path, help="keep (or reuse) the store in this directory")
    parser.add_argument(
        "--pages", nargs="+", metavar="WORD", help="only the pages whose label starts so"
    )
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="kgcheck-console-bench-"))
    directory = args.store or workdir / "flags"
    try:
        fresh = not directory.exists()
        store = OxigraphFlagStore(directory)
        if fresh:
            seconds, turns = fill(store, args.flags, None)
            print(f"loaded {turns:,} turns ({args.flags:,} flags) in {seconds:.1f} s")
        flags = store.own_query("SELECT (COUNT(*) AS ?n) WHERE { ?f a kgc:Flag }").records()
        print(f"{directory}: {flags[0]['n']:,} flags")
        if not rollups_ready(store):  # filled in bulk, as a store an earlier release wrote
            t0 = time.perf_counter()
            ensure_rollups(store)
            print(f"per-day counts built from the turn graphs in {time.perf_counter() - t0:.1f} s")
        checker = Checker(load_config(ACME, environ={"KGCHECK_NLI__MODEL": "none"}))
        config = config_from_dict({"server": {"api_keys": [KEY]}}, environ={})
        client = TestClient(create_app(config, checker=checker, store=store))
        freeze_heap()  # as kgcheck serve does before it serves
        login(client)
        first = client.get(PAGES[0][1] or "").text
        older = re.search(r'href="(\?[^"]*before=[^"]*)" id="older"', first)
        print(f"\n{'page':<28} {'p50 ms':>8} {'p95 ms':>8}   ({args.repeats} requests each)")
        for label, path in PAGES:
            if args.pages and not label.startswith(tuple(args.pages)):
                continue
            if path is None:
                if older is None:
                    continue
                path = "/console/queue" + older.group(1).replace("&amp;", "&")
            p50, p95 = time_page(client, path, args.repeats)
            print(f"{label:<28} {p50:>8.1f} {p95:>8.1f}")
        store.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
