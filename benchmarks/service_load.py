"""The HTTP service under load: throughput, latency, errors and lost turns of ``kgcheck serve``
with 1, 2 and 4 workers.

Usage::

    python benchmarks/service_load.py [--workers 1 2 4] [--sessions 12] [--turns 8]
        [--clients 4] [--nli off|on] [--virtuoso] [--json FILE]

Each run starts ``kgcheck serve`` on a free loopback port with the bundled Acme example's
configuration (``kgcheck/examples/acme/kgcheck.yaml``: its KB, detectors and mitigation; the
NLI model off, ``nli.model: none``, or on, the embedded model) and a fresh flag store, waits
until it answers, then sends a fixed number of checks: ``--sessions`` conversations of
``--turns`` checks each (``POST /sessions/{id}/check`` with the user's message and the agent's
reply, drawn in turn from the Acme conversation and the labelled examples, each session starting
at another place), from ``--clients`` threads, each running its sessions one turn after another
as a chat would. Every request opens a new connection, so the kernel spreads them over the
workers. Once every request is answered the run counts the turn reports stored (a SPARQL
``COUNT`` through the service's ``/sparql``, which reads the store) and each session's turns
(``GET /sessions/{id}``), and stops the service.

Per run it prints: turns/s (answered checks over the wall time of the load), p50 and p99
latency, errors (a status other than 200, or no answer), lost turns (answered checks whose
report is not in the store, plus sessions holding fewer turns than the service said after their
last check), the reports spooled instead of stored, the CPU milliseconds per answered check
spent by the service's processes (``cpu svc``) and by the store's (``store``: the writer
process or Virtuoso; 0 when the store is in the worker), and the seconds the service took to
start (until every worker has started). Then the ratio of
throughput with 2 workers to 1.

Stores: ``oxigraph`` is an on-disk store, held in-process by a single worker and, with several,
by the writer process ``kgcheck serve`` starts (``kgcheck/endpoint.py``); ``writer`` is the same
writer process with a single worker (started here, the service configured with its
``sparql:`` URL), to tell the cost of the extra hop from the gain of more workers;
``virtuoso`` (with ``--virtuoso``) is Debian's ``virtuoso-opensource`` on loopback
(``tests/store/virtuoso.py``).

Figures depend on the machine and on what else runs on it: the load average before and after
each run is printed beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
import yaml

# the Virtuoso harness is test code (tests/store/virtuoso.py), not part of the package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kgcheck.endpoint import StoreWriter
from tests.store.virtuoso import LocalVirtuoso, virtuoso_installed

ROOT = Path(__file__).resolve().parent.parent
ACME = ROOT / "kgcheck" / "examples" / "acme"
STARTUP_TIMEOUT = 600.0
REQUEST_TIMEOUT = 300.0


@dataclass
class Run:
    """One service run and what it measured."""

    store: str
    workers: int
    nli: str
    sent: int = 0
    answered: int = 0
    errors: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    stored: int = 0
    short_sessions: int = 0
    #: Turns each session held after its last answered check, as the service said.
    session_turns: dict[str, int] = field(default_factory=dict)
    spooled: int = 0
    startup: float = 0.0
    #: CPU seconds during the load: the service's processes (workers, uvicorn's parent) and
    #: the store's (the writer process, or Virtuoso).
    cpu_service: float = 0.0
    cpu_store: float = 0.0
    load_before: float = 0.0
    load_after: float = 0.0
    error_samples: list[str] = field(default_factory=list)

    @property
    def throughput(self) -> float:
        return self.answered / self.seconds if self.seconds else 0.0

    @property
    def lost(self) -> int:
        return max(self.answered - self.stored, 0) + self.short_sessions

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


def cpu_seconds() -> dict[str, float]:
    """CPU seconds (user + system) of this process's descendants so far, by kind: ``store``
    (the writer process, Virtuoso) and ``service`` (the rest); empty without Linux ``/proc``."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(stat.parent.name)
        children.setdefault(int(fields[1]), []).append(pid)
        times[pid] = (int(fields[11]) + int(fields[12])) / tick
    totals = {"service": 0.0, "store": 0.0}
    todo = list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        kind = "store" if b"writer_main" in command or b"virtuoso" in command else "service"
        totals[kind] += times.get(pid, 0.0)
    return totals


def exchanges() -> list[tuple[str, str]]:
    """(user message, agent reply) pairs: the Acme conversation, then the labelled examples."""
    pairs = []
    lines = (ACME / "conversation.jsonl").read_text(encoding="utf-8").splitlines()
    turns = [json.loads(line) for line in lines if line.strip()]
    for user, reply in zip(turns[::2], turns[1::2], strict=True):
        pairs.append((user["text"], reply["text"]))
    for line in (ACME / "labelled.jsonl").read_text(encoding="utf-8").splitlines()[1:]:
        item = json.loads(line)
        users = [t["text"] for t in item["turns"] if t["role"] == "user"]
        pairs.append((users[-1] if users else "", item["reply"]))
    return pairs


def write_config(directory: Path, backend: str, nli: str) -> Path:
    """The Acme configuration with absolute paths, the given store and the NLI model on or off."""
    config: dict[str, Any] = yaml.safe_load((ACME / "kgcheck.yaml").read_text(encoding="utf-8"))
    kb = config.setdefault("knowledge_base", {})
    kb["sources"] = [str(ACME / source) for source in kb.get("sources", [])]
    kb["store"] = "memory"
    config["store"] = {"backend": backend, "spool": str(directory / "spool")}
    if nli == "off":
        config["nli"] = {"model": "none"}
    path = directory / "kgcheck.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def service(config: Path, workers: int, log: Path) -> Iterator[tuple[str, float]]:
    """``kgcheck serve`` on a free loopback port: its URL and the seconds it took to answer."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "kgcheck.cli", "serve", "--config", str(config)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with log.open("wb") as out:
        server = subprocess.Popen(
            [*command, "--workers", str(workers), "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        t0 = time.perf_counter()
        while True:
            if server.poll() is not None:
                raise SystemExit(f"kgcheck serve exited:\n{log.read_text()[-3000:]}")
            if time.perf_counter() - t0 > STARTUP_TIMEOUT:
                raise SystemExit(f"kgcheck serve did not answer:\n{log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{url}/healthz", timeout=5).json()["store_reachable"]:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        # /healthz answers once one worker listens: give the others the time to start too
        startup = time.perf_counter() - t0
        if workers > 1:
            startup += wait_for_workers(log, workers, t0)
        yield url, startup
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def wait_for_workers(log: Path, workers: int, t0: float) -> float:
    """Extra seconds until uvicorn has logged every worker's startup."""
    waited = time.perf_counter()
    while log.read_text(errors="replace").count("Application startup complete") < workers:
        if time.perf_counter() - t0 > STARTUP_TIMEOUT:
            raise SystemExit(f"not every worker started:\n{log.read_text()[-3000:]}")
        time.sleep(0.5)
    return time.perf_counter() - waited


def load(url: str, run: Run, sessions: int, turns: int, clients: int, prefix: str) -> None:
    """Send every check and record latencies and errors in ``run``."""
    pool = exchanges()
    lock = threading.Lock()

    def client(index: int) -> None:
        # no keep-alive: every request is a new connection, handed to whichever worker accepts
        with httpx.Client(
            timeout=REQUEST_TIMEOUT, limits=httpx.Limits(max_keepalive_connections=0)
        ) as http:
            for session in range(index, sessions, clients):
                for turn in range(turns):
                    user, reply = pool[(session * 3 + turn) % len(pool)]
                    t0 = time.perf_counter()
                    try:
                        response = http.post(
                            f"{url}/sessions/{prefix}-{session}/check",
                            json={"user": user, "reply": reply},
                        )
                        ok = response.status_code == 200
                        problem = "" if ok else f"HTTP {response.status_code}: {response.text}"
                        held = int(response.json()["session"]["turns"]) if ok else 0
                    except httpx.HTTPError as exc:
                        ok, problem = False, f"{type(exc).__name__}: {exc}"
                    elapsed = time.perf_counter() - t0
                    with lock:
                        run.sent += 1
                        if ok:
                            run.answered += 1
                            run.latencies.append(elapsed)
                            run.session_turns[f"{prefix}-{session}"] = held
                        else:
                            run.errors += 1
                            if len(run.error_samples) < 3:
                                run.error_samples.append(problem[:300])

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    t0 = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    run.seconds = time.perf_counter() - t0


def audit(url: str, run: Run, prefix: str) -> None:
    """Count what the store holds of this run: reports, each session's turns, the spool."""
    query = (
        "SELECT (COUNT(?r) AS ?n) WHERE { ?r a kgc:TurnReport ; kgc:session ?s "
        f'FILTER(STRSTARTS(STR(?s), "{prefix}-")) }}'
    )
    answer = httpx.get(
        f"{url}/sparql",
        params={"query": query},
        headers={"Accept": "application/sparql-results+json"},
        timeout=60,
    )
    answer.raise_for_status()
    run.stored = int(answer.json()["results"]["bindings"][0]["n"]["value"])
    for session, expected in run.session_turns.items():
        got = httpx.get(f"{url}/sessions/{session}", timeout=60)
        held = got.json()["session"]["turns"] if got.status_code == 200 else 0
        # a rejected reply is not added to its session: compare with what the service answered
        if held < expected:
            run.short_sessions += 1
    run.spooled = int(httpx.get(f"{url}/healthz", timeout=30).json()["spooled"])


def measure(
    store: str,
    workers: int,
    args: argparse.Namespace,
    virtuoso: LocalVirtuoso | None,
    number: int,
) -> Run:
    run = Run(store=store, workers=workers, nli=args.nli)
    prefix = f"load{os.getpid()}-{number}"
    workdir = Path(tempfile.mkdtemp(prefix="kgcheck-load-"))
    try:
        with ExitStack() as stack:
            if store == "oxigraph":
                backend = f"oxigraph:{workdir / 'flags'}"
            elif store == "writer":
                writer = stack.enter_context(StoreWriter(workdir / "flags"))
                backend = f"sparql:{writer.url}"
            else:
                assert virtuoso is not None
                backend = f"sparql:{virtuoso.sparql_url}"
            config = write_config(workdir, backend, args.nli)
            run.load_before = os.getloadavg()[0]
            url, run.startup = stack.enter_context(service(config, workers, workdir / "serve.log"))
            before = cpu_seconds()
            load(url, run, args.sessions, args.turns, args.clients, prefix)
            after = cpu_seconds()
            run.load_after = os.getloadavg()[0]
            run.cpu_service = after.get("service", 0.0) - before.get("service", 0.0)
            run.cpu_store = after.get("store", 0.0) - before.get("store", 0.0)
            try:
                audit(url, run, prefix)
            except httpx.HTTPError as exc:
                run.error_samples.append(f"audit failed: {exc}")
        if run.errors or run.lost:
            text = (workdir / "serve.log").read_text(errors="replace")
            start = text.find("Traceback")
            if start >= 0:
                # the end of the first traceback: where it failed, and why
                end = text.find("\nINFO", start)
                block = text[start : end if end >= 0 else len(text)]
                run.error_samples.append("service log, first traceback:\n" + block[-2500:])
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return run


def print_run(run: Run) -> None:
    label = {"oxigraph": "oxigraph" if run.workers == 1 else "oxigraph (writer)"}.get(
        run.store, run.store
    )
    print(
        f"{label:<18} {run.workers:>7} {run.answered:>4}/{run.sent:<4} {run.errors:>6} "
        f"{run.throughput:>8.2f} {run.percentile(0.5):>8.0f} {run.percentile(0.99):>8.0f} "
        f"{run.stored:>6} {run.lost:>5} {run.spooled:>7} "
        f"{run.cpu_service / max(run.answered, 1) * 1000:>7.0f} "
        f"{run.cpu_store / max(run.answered, 1) * 1000:>6.0f} {run.startup:>8.1f} "
        f"{run.load_before:>5.2f}/{run.load_after:<5.2f}",
        flush=True,
    )
    for sample in run.error_samples:
        print(f"    {sample}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--turns", type=int, default=8, help="checks per session")
    parser.add_argument("--clients", type=int, default=4, help="client threads")
    parser.add_argument("--nli", choices=["off", "on"], default="off")
    parser.add_argument(
        "--virtuoso", action="store_true", help="also run on a local Virtuoso (sparql:)"
    )
    parser.add_argument(
        "--no-writer-baseline",
        action="store_true",
        help="skip the single worker behind the writer process",
    )
    parser.add_argument("--json", type=Path, help="write the runs here too")
    args = parser.parse_args()
    if args.virtuoso and not virtuoso_installed():
        raise SystemExit("--virtuoso: virtuoso-t is not installed (virtuoso-opensource)")

    plan = [("oxigraph", n) for n in args.workers]
    if 1 in args.workers and not args.no_writer_baseline:
        plan.insert(1, ("writer", 1))
    if args.virtuoso:
        plan += [("virtuoso", n) for n in args.workers]
    print(
        f"{args.sessions} sessions x {args.turns} checks from {args.clients} client threads, "
        f"NLI {args.nli}; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    print(
        f"{'store':<18} {'workers':>7} {'answered':>9} {'errors':>6} {'turns/s':>8} "
        f"{'p50 ms':>8} {'p99 ms':>8} {'stored':>6} {'lost':>5} {'spooled':>7} "
        f"{'cpu svc':>7} {'store':>6} {'start s':>8} {'load before/after':>17}",
        flush=True,
    )
    runs: list[Run] = []
    with ExitStack() as stack:
        virtuoso = None
        if args.virtuoso:
            directory = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            virtuoso = stack.enter_context(LocalVirtuoso(directory / "virtuoso", memory_mb=500))
        for number, (store, workers) in enumerate(plan):
            run = measure(store, workers, args, virtuoso, number)
            runs.append(run)
            print_run(run)

    def throughput(store: str, workers: int) -> float | None:
        found = [r.throughput for r in runs if (r.store, r.workers) == (store, workers)]
        return found[0] if found and found[0] else None

    for store, base in (("oxigraph", "oxigraph"), ("oxigraph", "writer"), ("virtuoso", "virtuoso")):
        two, one = throughput(store, 2), throughput(base, 1)
        if two is not None and one is not None:
            print(f"2 workers / 1 worker, {store} over {base}: {two / one:.2f}x")
    if args.json is not None:
        rows = []
        for r in runs:
            row = asdict(r)
            row["latencies"] = len(r.latencies)
            row.update(throughput=r.throughput, p50_ms=r.percentile(0.5), p99_ms=r.percentile(0.99))
            rows.append(row)
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
