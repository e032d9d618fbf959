"""A query run in its own process, so that it can be stopped: ``python -I query_worker.py``.

Started by :mod:`kgcheck.store.limited`, never imported by it: the process loads only pyoxigraph
(not kgcheck, whose import takes seconds). It reads one JSON line from stdin (``query``,
``media``, ``graph`` for a graph answer, ``max_rows``, and ``directory`` for an on-disk store,
opened read-only), then, for an in-memory store, the store's N-Quads. It writes one JSON line
(``{"ok": true, "media": ..., "truncated": ...}`` or ``{"ok": false, "code": ..., "message":
...}``) and then the answer's bytes. More than ``max_rows`` rows (or triples) are cut to
``max_rows`` and the answer says ``truncated``.
"""

from __future__ import annotations

import json
import sys
from itertools import islice
from typing import Any

import pyoxigraph as ox


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
    except SyntaxError as exc:
        head = {"ok": False, "code": "KGC404", "message": f"SPARQL syntax error: {exc}"}
        body = b""
    except OSError as exc:  # StoreUnreadable (kgcheck.errors is not imported here)
        head = {"ok": False, "code": "KGC418", "message": f"cannot read the store ({exc})"}
        body = b""
    except (ValueError, RuntimeError) as exc:
        head = {"ok": False, "code": "KGC404", "message": f"query failed: {exc}"}
        body = b""
    else:
        head = {"ok": True, "media": job["media"], "truncated": truncated}
    out.write(json.dumps(head).encode() + b"\n")
    out.write(body)
    out.flush()


if __name__ == "__main__":
    main()
