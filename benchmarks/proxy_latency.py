"""Latency the kgcheck proxy adds in front of an OpenAI-compatible upstream.

Usage::

    python benchmarks/proxy_latency.py [--requests 50] [--nli none|embedded]
                                       [--pipeline auto|blank] [--chunk-delay 0.02]
                                       [--json FILE]

Starts the scripted upstream of ``tests/proxy/stub.py`` and a proxy in front of it (the Acme
example's checker: ``kgcheck/examples/acme/kgcheck.yaml``), both served by uvicorn on loopback,
and sends the same requests with the official OpenAI client straight to the upstream and
through the proxy, alternating, after a few warm-up requests. The replies cycle through four
(a true one, one with a wrong extension that the proxy corrects, a three-sentence one, and one
with a sentence that is new every time, which only the NLI model judges)::

    non_streamed             latency per request, direct and proxied, and the difference
                             of each pair
    streamed_first_token     time to the first content token, the same way
    streamed_first_sentence  the upstream's time to the end of its first sentence (direct)
                             against the proxy's time to its first token (that sentence,
                             checked): what the check itself adds to the first token
    streamed_total           time to the end of the stream

The upstream streams ``--chunk-chars`` characters every ``--chunk-delay`` seconds (0.02 s for
4 characters is about 50 tokens a second, a hosted model's pace): the proxy releases a sentence
once it is complete and checked, so its time to first token is the upstream's time to the end of
the first sentence plus one check. ``--nli embedded`` loads the shipped NLI model (needs torch).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openai

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgcheck import Checker  # noqa: E402
from kgcheck.config import load_config  # noqa: E402
from kgcheck.package_data import example_dir  # noqa: E402
from kgcheck.proxy import create_proxy_app  # noqa: E402
from kgcheck.proxy.sentences import SentenceBuffer  # noqa: E402
from tests.proxy.stub import MODEL, UPSTREAM_KEY, Stub, serving, stub_app  # noqa: E402

REPLIES = (
    "Dr. Patel works in Cardiology and her extension is 4412.",
    "Dr. Patel works in Cardiology and her extension is 4413.",
    "Dr. Patel works in Cardiology. Priya Raman leads Analytics. Dr. Patel's extension is 4412.",
    # a sentence no symbolic check decides, new with every request: the NLI model is asked
    # about it (with --nli embedded) and its cache cannot answer
    "Dr. Patel works in Cardiology. I hope this answers question {n} for you.",
)
MESSAGES: list[Any] = [
    {"role": "system", "content": "You are Acme Health's assistant."},
    {"role": "user", "content": "Which department is Dr. Patel in, and what is her extension?"},
]
WARMUP = 5


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50": statistics.median(ordered) * 1000, "p95": p95 * 1000}


def _timed_completion(client: openai.OpenAI) -> float:
    started = time.perf_counter()
    client.chat.completions.create(model=MODEL, messages=MESSAGES)
    return time.perf_counter() - started


def _timed_stream(client: openai.OpenAI) -> tuple[float, float, float]:
    """Seconds to the first content token, to the end of the first sentence (the first one
    :class:`~kgcheck.proxy.sentences.SentenceBuffer` lets out, else the stream's end), and to
    the end of the stream."""
    started = time.perf_counter()
    first = sentence = None
    buffer = SentenceBuffer()
    for chunk in client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True):
        text = chunk.choices[0].delta.content if chunk.choices else None
        if not text:
            continue
        now = time.perf_counter() - started
        first = now if first is None else first
        if sentence is None and buffer.feed(text):
            sentence = now
    total = time.perf_counter() - started
    return (first or total), (sentence or total), total


def _pairs(
    stub: Stub,
    direct: openai.OpenAI,
    proxied: openai.OpenAI,
    measure: Callable[[openai.OpenAI], Any],
    n: int,
) -> tuple[list[Any], list[Any]]:
    """``measure`` on each client in turn, ``n`` times (after a warm-up), the same reply for
    both of a pair."""
    out: tuple[list[Any], list[Any]] = ([], [])
    for i in range(WARMUP + n):
        reply = REPLIES[i % len(REPLIES)].format(n=i)
        stub.script(reply)
        a = measure(direct)
        stub.script(reply)
        b = measure(proxied)
        if i >= WARMUP:
            out[0].append(a)
            out[1].append(b)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--nli", choices=["none", "embedded"], default="none")
    parser.add_argument("--pipeline", default="auto", help="nlp.pipeline (auto, blank, ...)")
    parser.add_argument("--chunk-chars", type=int, default=4)
    parser.add_argument("--chunk-delay", type=float, default=0.02)
    parser.add_argument("--json", type=Path, help="Write the figures here as JSON.")
    args = parser.parse_args()

    environ = {
        **os.environ,
        "KGCHECK_NLI__MODEL": args.nli,
        "KGCHECK_NLP__PIPELINE": args.pipeline,
    }
    config = load_config(example_dir("acme") / "kgcheck.yaml", environ=environ)
    checker = Checker(config)
    stub = Stub(chunk_chars=args.chunk_chars, chunk_delay=args.chunk_delay)
    with serving(stub_app(stub)) as upstream:
        app = create_proxy_app(config, upstream=f"{upstream}/v1", checker=checker)
        with serving(app) as proxy:
            direct = openai.OpenAI(base_url=f"{upstream}/v1", api_key=UPSTREAM_KEY, max_retries=0)
            proxied = openai.OpenAI(base_url=f"{proxy}/v1", api_key=UPSTREAM_KEY, max_retries=0)
            plain = _pairs(stub, direct, proxied, _timed_completion, args.requests)
            streamed = _pairs(stub, direct, proxied, _timed_stream, args.requests)

    figures = {
        "settings": {
            "requests": args.requests,
            "nli": args.nli,
            "pipeline": checker.analyzer.pipeline_name,
            "chunk_chars": args.chunk_chars,
            "chunk_delay": args.chunk_delay,
        },
        "non_streamed": {
            "direct": _percentiles(plain[0]),
            "proxied": _percentiles(plain[1]),
            "added": _percentiles([b - a for a, b in zip(*plain, strict=True)]),
        },
        "streamed_first_token": {
            "direct": _percentiles([a[0] for a in streamed[0]]),
            "proxied": _percentiles([b[0] for b in streamed[1]]),
            "added": _percentiles([b[0] - a[0] for a, b in zip(*streamed, strict=True)]),
        },
        # the proxy's first token is its first checked sentence: what the check adds is the
        # difference from the upstream's time to the end of that sentence
        "streamed_first_sentence": {
            "direct": _percentiles([a[1] for a in streamed[0]]),
            "proxied": _percentiles([b[0] for b in streamed[1]]),
            "added": _percentiles([b[0] - a[1] for a, b in zip(*streamed, strict=True)]),
        },
        "streamed_total": {
            "direct": _percentiles([a[2] for a in streamed[0]]),
            "proxied": _percentiles([b[2] for b in streamed[1]]),
            "added": _percentiles([b[2] - a[2] for a, b in zip(*streamed, strict=True)]),
        },
    }
    settings = figures.pop("settings")
    print(
        f"proxy latency: {settings['requests']} requests, nli {settings['nli']}, pipeline "
        f"{settings['pipeline']}, upstream streams {settings['chunk_chars']} chars every "
        f"{settings['chunk_delay']} s"
    )
    widths = (11, 8, 13, 8, 11, 8)
    heads = ("direct p50", "p95", "proxied p50", "p95", "added p50", "p95")
    print(f"{'ms':<22}" + "".join(f"{h:>{w}}" for h, w in zip(heads, widths, strict=True)))
    for name, row in figures.items():
        cells = [row[k][p] for k in ("direct", "proxied", "added") for p in ("p50", "p95")]
        print(f"{name:<22}" + "".join(f"{c:>{w}.1f}" for c, w in zip(cells, widths, strict=True)))
    if args.json:
        args.json.write_text(json.dumps({"settings": settings, **figures}, indent=2) + "\n")


if __name__ == "__main__":
    main()
