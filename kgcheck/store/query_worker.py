"""A query run in its own process, so that it can be stopped: ``python -I query_worker.py``.

Started by :mod:`kgcheck.store.limited`, never imported by it: the process loads only pyoxigraph
(not kgcheck, whose import takes seconds). It reads one JSON line from stdin (``query``,
``media``, ``graph`` for a graph answer, ``max_rows``, and ``directory`` for an on-disk store,
opened read-only), then, for an in-memory store, the store's N-Quads. It writes one JSON line
(``{"ok": true, "media": ..., "truncated": ...}`` or ``{"ok": false, "code": ..., "message":
...}``) and then the answer's bytes. More than ``max_rows`` rows (or triples) are cut to
``max_rows`` and the answer says ``truncated``.

An on-disk store opened read-only sees the files the store had when it was opened; the process
that holds it for writing may compact them away meanwhile, and the query then fails on a file
that is gone. Such a query is run again on the store opened afresh, up to ``_READS`` times
(``KGC402`` after that: the store kept changing); messages never name the store's directory.
"""

from __future__ import annotations

import json
import re
import sys
import time
from itertools import islice
from typing import Any

import pyoxigraph as ox

#: Reads of an on-disk store that another process compacts meanwhile, before giving up.
_READS = 5
#: What a read fails with when the writer deleted a file the read-only store still listed.
_VANISHED = re.compile(r"no such file|io error|corruption", re.IGNORECASE)


class _Vanished(Exception):
    """A file of the store was deleted (compacted) while this process read it."""


def _term(value: Any) -> dict[str, Any]:
    if isinstance(value, ox.NamedNode):
        return {"type": "uri", "value": value.value}
    if isinstance(value, ox.BlankNode):
        return {"type": "bnode", "value": value.value}
    if isinstance(value, ox.Literal):
        out = {"type": "literal", "value": value.value}
        if value.language:
            out["xml:lang"] = value.language
        else:
            out["datatype"] = value.datatype.value
        return out
    return {
        "type": "triple",
        "value": {
            "subject": _term(value.subject),
            "predicate": _term(value.predicate),
            "object": _term(value.object),
        },
    }


def _open(job: dict[str, Any], data: bytes) -> ox.Store:
    if job.get("directory"):
        return ox.Store.read_only(job["directory"])
    store = ox.Store()
    if data:
        store.bulk_load(data, format=ox.RdfFormat.N_QUADS)
    return store


def _answer(job: dict[str, Any], data: bytes) -> tuple[bytes, bool]:
    """The answer, read again on the store opened afresh when its files changed under it."""
    for attempt in range(_READS):
        try:
            return _answer_once(job, data)
        except (OSError, ValueError, RuntimeError) as exc:
            if not job.get("directory") or not _VANISHED.search(str(exc)):
                raise
            if attempt == _READS - 1:
                raise _Vanished() from exc
            time.sleep(0.02 * (attempt + 1))
    raise AssertionError("unreachable")  # pragma: no cover


def _answer_once(job: dict[str, Any], data: bytes) -> tuple[bytes, bool]:
    store = _open(job, data)
    results = store.query(job["query"], use_default_graph_as_union=True)
    limit = int(job["max_rows"])
    if isinstance(results, ox.QueryBoolean):
        answer = results.serialize(format=ox.QueryResultsFormat.from_media_type(job["media"]))
        return answer or b"", False
    if isinstance(results, ox.QueryTriples):
        triples = list(islice(results, limit + 1))
        graph = ox.RdfFormat.from_media_type(job["media"])
        return ox.serialize(triples[:limit], format=graph) or b"", len(triples) > limit
    names = [v.value for v in results.variables]
    rows = []
    truncated = False
    for n, solution in enumerate(results):
        if n == limit:
            truncated = True
            break
        rows.append({k: _term(solution[k]) for k in names if solution[k] is not None})
    text = json.dumps({"head": {"vars": names}, "results": {"bindings": rows}}).encode()
    if job["media"] in ("application/sparql-results+json", "application/json"):
        return text, truncated
    parsed = ox.parse_query_results(text, format=ox.QueryResultsFormat.JSON)
    answer = parsed.serialize(format=ox.QueryResultsFormat.from_media_type(job["media"]))
    return answer or b"", truncated


def _limit_memory(megabytes: int) -> None:
    """Cap this process's address space, so a runaway query fails here (MemoryError) rather
    than taking the server's memory."""
    if megabytes <= 0:
        return
    try:
        import resource
    except ImportError:  # not on this platform: the time limit still applies
        return
    cap = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def _private(text: str, job: dict[str, Any]) -> str:
    """``text`` without the store's directory."""
    directory = job.get("directory")
    return text.replace(directory, "<store>") if directory else text


def main() -> None:
    job = json.loads(sys.stdin.buffer.readline())
    data = sys.stdin.buffer.read()
    out = sys.stdout.buffer
    _limit_memory(int(job.get("memory_mb", 0)))
    try:
        body, truncated = _answer(job, data)
    except MemoryError:
        head = {
            "ok": False,
            "code": "KGC417",
            "message": f"the query needed more than {job.get('memory_mb')} MiB and was stopped; "
            "narrow it down (LIMIT, more specific patterns)",
        }
        body = b""
    except _Vanished:  # StoreUnavailable (kgcheck.errors is not imported here)
        head = {
            "ok": False,
            "code": "KGC402",
            "message": f"the store was compacted under the query {_READS} times in a row while "
            "reports were written; try again",
        }
        body = b""
    except SyntaxError as exc:
        head = {"ok": False, "code": "KGC404", "message": f"SPARQL syntax error: {exc}"}
        body = b""
    except OSError as exc:  # StoreUnreadable
        message = f"cannot read the store ({_private(str(exc), job)})"
        head = {"ok": False, "code": "KGC418", "message": message}
        body = b""
    except (ValueError, RuntimeError) as exc:
        message = f"query failed: {_private(str(exc), job)}"
        head = {"ok": False, "code": "KGC404", "message": message}
        body = b""
    else:
        head = {"ok": True, "media": job["media"], "truncated": truncated}
    out.write(json.dumps(head).encode() + b"\n")
    out.write(body)
    out.flush()


if __name__ == "__main__":
    main()
