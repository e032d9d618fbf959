"""CPU cost of checking a streamed reply against checking the same reply whole, through the proxy.

Usage::

    python benchmarks/proxy_stream.py [--sentences 25 50 100] [--repeats 1]
                                      [--nli none|embedded] [--pipeline auto|blank]
                                      [--chunk-delay 0.0]

The proxy app (the Acme example's checker: ``kgcheck/examples/acme/kgcheck.yaml``, called
through Starlette's test client) runs in this process in front of the scripted upstream of
``tests/proxy/stub.py``, served by uvicorn on loopback from a process of its own (so that what
the upstream spends writing its events is not counted). For each N the proxy is asked for an
N-sentence reply (true sentences about Acme, in turn) twice: once as a plain completion (the
reply checked whole) and once streamed (``"stream": true``: checked as it is released). Printed,
per request (the median of ``--repeats``), and the ratio streamed / unstreamed of each:

    cpu s     this process's CPU seconds: the proxy (reading the upstream, relaying, checking)
              and the test client reading its answer
    check s   the checker's own CPU seconds (its worker threads, in ``check_turn``)

By default the upstream sends its chunks (5 characters each) as fast as it can, faster than the
proxy checks them; ``--chunk-delay 0.01`` paces them (500 characters a second, a fast hosted
model), so that each sentence is checked on its own as it comes.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# the checker is imported in main(): the upstream's process (which imports this module) needs
# only the stub
from tests.proxy.stub import MODEL, UPSTREAM_KEY, Stub, serving, stub_app  # noqa: E402

if TYPE_CHECKING:
    from kgcheck import Checker

SENTENCES = (
    "Dr. Patel works in Cardiology.",
    "Riverside Campus is in Portland.",
    "Oncology is led by Dr. Hiroshi Tanaka.",
    "Dr. Patel's extension is 4412.",
    "Northgate Clinic is in Salem.",
    "Radiology is led by Dr. Elena Petrova.",
    "Harbor Point Office is in Portland.",
    "Pediatrics is led by Dr. Fatima Haddad.",
)
QUESTION = "Tell me about Acme Health's departments and sites."


def reply(n: int) -> str:
    """``n`` sentences, the true ones of :data:`SENTENCES` in turn."""
    return " ".join(SENTENCES[i % len(SENTENCES)] for i in range(n))


def _upstream(connection: Connection, chunk_delay: float) -> None:
    """The stub upstream, in a process of its own: its URL sent back, then each text received
    scripted as its reply, until ``None``."""
    stub = Stub(chunk_chars=5, chunk_delay=chunk_delay)
    with serving(stub_app(stub)) as url:
        connection.send(url)
        while (text := connection.recv()) is not None:
            stub.script(text)
            connection.send("ok")


class _CheckTime:
    """The checker's ``check_turn``, timed: CPU seconds of the threads it ran on."""

    def __init__(self, checker: Checker) -> None:
        self.seconds = 0.0
        self._check = checker.check_turn

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return self._check(*args, **kwargs)
        finally:
            self.seconds += time.thread_time() - started


def cpu_seconds(client: TestClient, timer: _CheckTime, *, stream: bool) -> tuple[float, float]:
    """The process's and the checker's CPU seconds for one request (read to its end)."""
    body = {"model": MODEL, "messages": [{"role": "user", "content": QUESTION}], "stream": stream}
    headers = {"Authorization": f"Bearer {UPSTREAM_KEY}"}
    timer.seconds = 0.0
    started = time.process_time()
    if stream:
        with client.stream("POST", "/v1/chat/completions", json=body, headers=headers) as answer:
            assert answer.status_code == 200, answer.read()
            for _ in answer.iter_bytes():
                pass
    else:
        answer = client.post("/v1/chat/completions", json=body, headers=headers)
        assert answer.status_code == 200, answer.text
    return time.process_time() - started, timer.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sentences", type=int, nargs="+", default=[25, 50, 100])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--nli", choices=["none", "embedded"], default="none")
    parser.add_argument("--pipeline", default="auto", help="nlp.pipeline (auto, blank, ...)")
    parser.add_argument(
        "--chunk-delay",
        type=float,
        default=0.0,
        help="seconds between the upstream's chunks of 5 characters (0: as fast as it can)",
    )
    args = parser.parse_args()

    from kgcheck import Checker
    from kgcheck.config import load_config
    from kgcheck.package_data import example_dir
    from kgcheck.proxy import create_proxy_app

    context = multiprocessing.get_context("spawn")
    here, there = context.Pipe()
    upstream = context.Process(target=_upstream, args=(there, args.chunk_delay), daemon=True)
    upstream.start()
    url = here.recv()

    def script(text: str) -> None:
        here.send(text)
        here.recv()

    environ = {**os.environ, "KGCHECK_NLI__MODEL": args.nli, "KGCHECK_NLP__PIPELINE": args.pipeline}
    config = load_config(example_dir("acme") / "kgcheck.yaml", environ=environ)
    checker = Checker(config)
    timer = _CheckTime(checker)
    checker.check_turn = timer  # type: ignore[method-assign]
    print(
        f"proxy stream cost: nli {args.nli}, pipeline {checker.analyzer.pipeline_name}, "
        f"upstream chunks of 5 characters every {args.chunk_delay} s"
    )
    heads = ("sentences", "cpu s whole", "streamed", "ratio", "check s whole", "streamed", "ratio")
    print("  ".join(f"{h:>{max(len(h), 8)}}" for h in heads))
    app = create_proxy_app(config, upstream=f"{url}/v1", checker=checker)
    with TestClient(app) as client:
        script(reply(3))  # warm-up: the parser, the KB's indexes, the conversation
        cpu_seconds(client, timer, stream=False)
        cpu_seconds(client, timer, stream=True)
        for n in args.sentences:
            script(reply(n))
            whole = [cpu_seconds(client, timer, stream=False) for _ in range(args.repeats)]
            streamed = [cpu_seconds(client, timer, stream=True) for _ in range(args.repeats)]
            cells: list[float] = []
            for i in (0, 1):
                a = statistics.median(w[i] for w in whole)
                b = statistics.median(s[i] for s in streamed)
                cells.extend((a, b, b / a))
            widths = [max(len(h), 8) for h in heads[1:]]
            print(
                f"{n:>9}  " + "  ".join(f"{c:>{w}.2f}" for c, w in zip(cells, widths, strict=True))
            )
    here.send(None)
    upstream.join(timeout=10)


if __name__ == "__main__":
    main()
