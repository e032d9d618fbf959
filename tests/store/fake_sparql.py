"""A tiny SPARQL 1.1 endpoint on loopback for outage tests: answers from an in-memory Oxigraph
store, or fails on demand (HTTP 400 as a proxy sends it, 429, 5xx, or a hang)."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

import pyoxigraph as ox

#: The longest a hanging answer waits, so no test thread outlives its test by much.
HANG_SECONDS = 1.0


class FakeSparql:
    """``mode``: ``ok``, ``400``, ``429``, ``500`` or ``hang``; ``failures``: how many requests
    fail in that mode before it answers ``ok`` (``None``: all of them); ``max_rows``: the most
    rows a SELECT answers, a longer result cut and the cut named in ``X-SPARQL-MaxRows``, as
    Virtuoso does (``None``: no limit)."""

    def __init__(self, port: int = 0) -> None:
        self.store = ox.Store()
        self.mode = "ok"
        self.failures: int | None = None
        self.requests = 0
        self.max_rows: int | None = None
        self.queries: list[str] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                return

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                form = parse_qs(self.rfile.read(length).decode("utf-8"))
                fake.requests += 1
                mode = fake.mode
                if mode != "ok" and fake.failures is not None:
                    if fake.failures <= 0:
                        mode = "ok"
                    fake.failures -= 1
                if mode == "hang":
                    time.sleep(HANG_SECONDS)
                    mode = "500"
                if mode != "ok":
                    self.send_response(int(mode))
                    if mode == "429":
                        self.send_header("Retry-After", "0")
                    self.end_headers()
                    self.wfile.write(b"<html>Bad Request (proxy)</html>")
                    return
                if "update" in form:
                    fake.store.update(form["update"][0])
                    self._answer(b"", "text/plain")
                    return
                fake.queries.append(form["query"][0])
                graphs = [ox.NamedNode(g) for g in form.get("default-graph-uri", [])]
                result = fake.store.query(
                    form["query"][0],
                    use_default_graph_as_union=not graphs,
                    default_graph=graphs or None,
                )
                if isinstance(result, ox.QueryTriples):
                    triples = result.serialize(format=ox.RdfFormat.N_TRIPLES)
                    assert isinstance(triples, bytes)
                    self._answer(triples, "application/n-triples")
                    return
                assert isinstance(result, ox.QuerySolutions | ox.QueryBoolean)
                body = result.serialize(format=ox.QueryResultsFormat.JSON)
                assert isinstance(body, bytes)
                data = json.loads(body)
                cut = fake.max_rows
                if cut is not None and len(data.get("results", {}).get("bindings", [])) > cut:
                    data["results"]["bindings"] = data["results"]["bindings"][:cut]
                    body = json.dumps(data).encode()
                    self._answer(
                        body, "application/sparql-results+json", {"X-SPARQL-MaxRows": str(cut)}
                    )
                    return
                self._answer(body, "application/sparql-results+json")

            def _answer(
                self, body: bytes, media: str, headers: dict[str, str] | None = None
            ) -> None:
                self.send_response(200)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Type", media)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self._server.daemon_threads = True
        self.port = int(self._server.server_address[1])
        self.url = f"http://127.0.0.1:{self.port}/sparql"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def reports(self) -> int:
        """Turn reports stored so far."""
        query = "SELECT (COUNT(?r) AS ?n) WHERE { ?r a <https://w3id.org/kgcheck#TurnReport> }"
        result = self.store.query(query, use_default_graph_as_union=True)
        assert isinstance(result, ox.QuerySolutions)
        return int(next(iter(result))["n"].value)

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
