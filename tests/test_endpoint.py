"""The SPARQL endpoint over an Oxigraph store: the protocol, the flag store's sparql: back-end
against it (reports, sessions, writers on threads), the writer process, and ``kgcheck serve
--workers 2`` with an on-disk store behind one writer."""

from __future__ import annotations

import gc
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pyoxigraph as ox
import pytest
from fastapi.testclient import TestClient

from kgcheck import Checker
from kgcheck.config import config_from_dict
from kgcheck.errors import (
    RdfSyntaxError,
    SourceNotFound,
    StoreConflict,
    StoreLocked,
    StoreUnavailable,
    UnknownFormat,
)
from kgcheck.history.state import DialogueState
from kgcheck.server import create_app
from kgcheck.store import FlagFilter, ReviewQueue, ReviewStatus, SessionStore, StoreStatus
from kgcheck.store.limited import LIMITS_HEADER, QueryLimits
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.sparql import SparqlFlagStore
from kgcheck.types import FlagType
from tests.conftest import ACME_DIR, NOW, ROOT
from tests.store.reports import free_port, make_report

pytest.importorskip("uvicorn", reason="the endpoint runs on uvicorn (the [server] extra)")

from kgcheck.endpoint import SparqlEndpoint, StoreWriter

REPORTS = "SELECT (COUNT(?r) AS ?n) WHERE { ?r a kgc:TurnReport }"
G1, G2 = "urn:test:g1", "urn:test:g2"


@pytest.fixture
def endpoint() -> Iterator[SparqlEndpoint]:
    """An endpoint over a store holding one triple in each of two named graphs."""
    store = ox.Store()
    for graph, value in ((G1, "1"), (G2, "2")):
        store.add(
            ox.Quad(
                ox.NamedNode("urn:test:s"),
                ox.NamedNode("urn:test:p"),
                ox.Literal(value),
                ox.NamedNode(graph),
            )
        )
    with SparqlEndpoint(store) as served:
        yield served


def _count(store: SparqlFlagStore | OxigraphFlagStore) -> int:
    return int(store.query(REPORTS).rows[0]["n"].value)


# --- the protocol ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "kwargs"),
    [
        ("GET", {"params": {"query": "SELECT ?o WHERE { ?s ?p ?o } ORDER BY ?o"}}),
        ("POST", {"data": {"query": "SELECT ?o WHERE { ?s ?p ?o } ORDER BY ?o"}}),
        (
            "POST",
            {
                "content": "SELECT ?o WHERE { ?s ?p ?o } ORDER BY ?o",
                "headers": {"content-type": "application/sparql-query"},
            },
        ),
    ],
    ids=["get", "form", "body"],
)
def test_endpoint_query_default_graph_is_the_union(
    endpoint: SparqlEndpoint, method: str, kwargs: dict[str, object]
) -> None:
    response = httpx.request(method, endpoint.url, **kwargs)  # type: ignore[arg-type]
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/sparql-results+json")
    rows = response.json()["results"]["bindings"]
    assert [r["o"]["value"] for r in rows] == ["1", "2"]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"default-graph-uri": G1}, ["1"]),
        ({"default-graph-uri": [G1, G2]}, ["1", "2"]),
        ({"named-graph-uri": G2}, []),  # named graphs only: the default graph is empty
    ],
)
def test_endpoint_query_dataset_of_the_protocol(
    endpoint: SparqlEndpoint, params: dict[str, object], expected: list[str]
) -> None:
    query = "SELECT ?o WHERE { ?s ?p ?o } ORDER BY ?o"
    response = httpx.get(endpoint.url, params={"query": query, **params})  # type: ignore[dict-item]
    assert [r["o"]["value"] for r in response.json()["results"]["bindings"]] == expected


def test_endpoint_query_named_graph_uri_limits_graph_patterns(endpoint: SparqlEndpoint) -> None:
    query = "SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }"
    response = httpx.get(endpoint.url, params={"query": query, "named-graph-uri": G2})
    assert [r["g"]["value"] for r in response.json()["results"]["bindings"]] == [G2]


@pytest.mark.parametrize(
    ("query", "accept", "media", "body"),
    [
        ("ASK { ?s ?p ?o }", None, "application/sparql-results+json", '"boolean":true'),
        ("ASK { ?s ?p ?o }", "text/csv", "text/csv", "true"),
        (
            "CONSTRUCT WHERE { ?s ?p ?o }",
            None,
            "application/n-triples",
            '<urn:test:s> <urn:test:p> "1" .',
        ),
        ("CONSTRUCT WHERE { ?s ?p ?o }", "text/turtle", "text/turtle", "<urn:test:s>"),
        ("DESCRIBE <urn:test:s>", None, "application/n-triples", "<urn:test:p>"),
    ],
)
def test_endpoint_answers_in_the_format_asked(
    endpoint: SparqlEndpoint, query: str, accept: str | None, media: str, body: str
) -> None:
    headers = {} if accept is None else {"accept": accept}
    response = httpx.post(endpoint.url, data={"query": query}, headers=headers)
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == media
    assert body in response.text


@pytest.mark.parametrize(
    ("method", "kwargs", "status", "message"),
    [
        ("GET", {"params": {"query": "SELEC ?s"}}, 400, "SPARQL syntax error: error at 1:"),
        ("POST", {"data": {"update": "INSERT DATA {"}}, 400, "SPARQL syntax error"),
        ("GET", {"params": {"update": "CLEAR ALL"}}, 400, "an update must be sent with POST"),
        ("GET", {}, 400, "expected exactly one query or update"),
        (
            "POST",
            {"data": {"query": "ASK {}", "update": "CLEAR ALL"}},
            400,
            "expected exactly one query or update",
        ),
        (
            "GET",
            {"params": {"query": "ASK {}", "default-graph-uri": "not an IRI"}},
            400,
            "bad request: ",
        ),
        (
            "POST",
            {"data": {"update": "CLEAR ALL", "using-graph-uri": G1}},
            400,
            "using-graph-uri and using-named-graph-uri are not supported",
        ),
        (
            "POST",
            {"content": "ASK {}", "headers": {"content-type": "text/plain"}},
            415,
            "not 'text/plain'",
        ),
        ("PUT", {"content": "x"}, 405, "Method Not Allowed"),
    ],
)
def test_endpoint_protocol_errors(
    endpoint: SparqlEndpoint, method: str, kwargs: dict[str, object], status: int, message: str
) -> None:
    response = httpx.request(method, endpoint.url, **kwargs)  # type: ignore[arg-type]
    assert (response.status_code, message in response.text) == (status, True), response.text
    assert len(endpoint.store) == 2  # nothing changed


def test_endpoint_update_by_form_and_body(endpoint: SparqlEndpoint) -> None:
    form = httpx.post(endpoint.url, data={"update": f"DROP GRAPH <{G1}>"})
    body = httpx.post(
        endpoint.url,
        content='INSERT DATA { <urn:test:s> <urn:test:p> "3" }',
        headers={"content-type": "application/sparql-update"},
    )
    assert (form.status_code, body.status_code) == (204, 204)
    values = sorted(q.object.value for q in endpoint.store)
    assert values == ["2", "3"]


def test_endpoint_read_only_refuses_updates() -> None:
    with SparqlEndpoint(read_only=True) as endpoint:
        refused = httpx.post(endpoint.url, data={"update": "INSERT DATA { <urn:a> <urn:b> 1 }"})
        asked = httpx.get(endpoint.url, params={"query": "ASK {}"})
        assert (refused.status_code, asked.status_code) == (403, 200)
        assert "read-only" in refused.text and len(endpoint.store) == 0


def test_endpoint_refuses_a_body_over_the_limit() -> None:
    update = "INSERT DATA { " + " ".join(f"<urn:s{i}> <urn:p> {i} ." for i in range(20)) + " }"
    with SparqlEndpoint(max_request_bytes=100) as endpoint:
        response = httpx.post(endpoint.url, data={"update": update})
        assert response.status_code == 413 and len(endpoint.store) == 0
        # within the limit, the same endpoint takes it
        small = "INSERT DATA { <urn:s0> <urn:p> 0 }"
        assert httpx.post(endpoint.url, data={"update": small}).status_code == 204


# --- loading files -----------------------------------------------------------------------


def test_endpoint_load_turtle_into_a_graph(tmp_path: Path) -> None:
    with SparqlEndpoint() as endpoint:
        added = endpoint.load(ACME_DIR / "kb.ttl", graph="urn:kgcheck:kb")
        query = "ASK { GRAPH <urn:kgcheck:kb> { ?s ?p ?o } }"
        asked = httpx.get(endpoint.url, params={"query": query}).json()
        assert added > 100 and added == len(endpoint.store) and asked["boolean"] is True


def test_endpoint_load_errors_name_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.ttl"
    broken.write_text("<urn:a> <urn:b> .\n", encoding="utf-8")
    unknown = tmp_path / "kb.csv"
    unknown.write_text("", encoding="utf-8")
    endpoint = SparqlEndpoint()
    try:
        with pytest.raises(RdfSyntaxError, match=f"{broken}: line 1: RDF syntax error"):
            endpoint.load(broken)
        with pytest.raises(UnknownFormat, match=r"unknown RDF format '\.csv'"):
            endpoint.load(unknown)
        with pytest.raises(SourceNotFound, match="no such file"):
            endpoint.load(tmp_path / "absent.ttl")
        assert len(endpoint.store) == 0
    finally:
        endpoint.stop()


# --- the flag store through the endpoint -------------------------------------------------


@pytest.fixture
def flag_store() -> Iterator[SparqlFlagStore]:
    with SparqlEndpoint() as endpoint:
        store = SparqlFlagStore(endpoint.url, retry_delay=0.01)
        yield store
        store.close()


def test_endpoint_flag_store_writes_a_report_and_reads_it_back(
    flag_store: SparqlFlagStore,
) -> None:
    report = make_report(session="c-1", turn=3)
    assert flag_store.write(report).status is StoreStatus.STORED
    (flag,) = ReviewQueue(flag_store).find(FlagFilter(session="c-1"))
    assert (flag.type, flag.turn, flag.status) == (
        FlagType.WRONG_ATTRIBUTE,
        3,
        ReviewStatus.PENDING,
    )
    shown = ReviewQueue(flag_store).show(flag.id)
    assert shown.correction == "4412" and shown.reply == report.original


def test_endpoint_flag_store_sessions_refuse_a_stale_save(flag_store: SparqlFlagStore) -> None:
    sessions = SessionStore(flag_store)
    state = DialogueState(session_id="c-2", now=NOW)
    state.add_turn("user", "Who leads Analytics?")
    assert sessions.save(state, version=0) == 1
    with pytest.raises(StoreConflict):
        sessions.save(state, version=0)
    loaded = sessions.load("c-2")
    assert loaded is not None and loaded[1] == 1 and len(loaded[0].turns) == 1


def test_endpoint_flag_store_writers_on_threads_lose_nothing(
    flag_store: SparqlFlagStore,
) -> None:
    def write(worker: int) -> list[StoreStatus]:
        store = SparqlFlagStore(flag_store.query_url, retry_delay=0.01)
        try:
            return [store.write(make_report(f"w{worker}", turn)).status for turn in range(10)]
        finally:
            store.close()

    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = [s for batch in pool.map(write, range(8)) for s in batch]
    assert statuses == [StoreStatus.STORED] * 80
    assert _count(flag_store) == 80


# --- on disk, and the writer process ------------------------------------------------------


def test_endpoint_holds_an_on_disk_store_until_stopped(tmp_path: Path) -> None:
    with SparqlEndpoint(tmp_path / "flags") as endpoint:
        store = SparqlFlagStore(endpoint.url)
        store.write(make_report())
        store.close()
        with pytest.raises(StoreLocked):
            SparqlEndpoint(tmp_path / "flags")
    gc.collect()
    assert _count(OxigraphFlagStore(tmp_path / "flags")) == 1


def test_store_writer_serves_an_on_disk_store_from_its_own_process(tmp_path: Path) -> None:
    with StoreWriter(tmp_path / "flags") as writer:
        store = SparqlFlagStore(writer.url)
        assert store.write(make_report()).status is StoreStatus.STORED
        store.close()
        with pytest.raises(StoreLocked, match="held by another process"):
            StoreWriter(tmp_path / "flags").start()
    # stopped: the store is free again
    assert _count(OxigraphFlagStore(tmp_path / "flags")) == 1


def test_store_writer_starts_a_dead_writer_again(tmp_path: Path) -> None:
    with StoreWriter(tmp_path / "flags") as writer:
        store = SparqlFlagStore(writer.url, timeout=60)
        assert store.write(make_report(turn=1)).status is StoreStatus.STORED
        first = writer.pid
        assert first is not None
        os.kill(first, signal.SIGKILL)
        # the retried write waits in the socket's backlog until the new process takes it
        assert store.write(make_report(turn=2)).status is StoreStatus.STORED
        assert writer.pid not in (None, first)
        assert _count(store) == 2
        store.close()


def test_store_writer_dying_too_often_refuses_clients_at_once(tmp_path: Path) -> None:
    with StoreWriter(tmp_path / "flags", restarts_per_minute=0) as writer:
        assert writer.pid is not None
        os.kill(writer.pid, signal.SIGKILL)
        port = int(writer.url.split(":")[2].split("/")[0])
        deadline = time.monotonic() + 10
        while True:  # given up on: the socket is closed
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    pass
            except ConnectionRefusedError:
                break
            assert time.monotonic() < deadline, "the socket is still open"
            time.sleep(0.05)
        store = SparqlFlagStore(writer.url, timeout=30, retries=0)
        t0 = time.monotonic()
        with pytest.raises(StoreUnavailable, match="cannot reach the server"):
            store.write(make_report())
        assert time.monotonic() - t0 < 5  # refused, not waited for
        store.close()


# --- kgcheck serve --workers 2 ------------------------------------------------------------


def _children(parent: int) -> list[int]:
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            pids.append(int(stat.parent.name))
    return pids


def _server_side(client_port: int, server_port: int, pids: list[int]) -> int | None:
    """The process that holds the server side of a loopback connection (from /proc)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, inode = fields[1], fields[2], fields[9]
        if (int(local.split(":")[1], 16), int(remote.split(":")[1], 16)) == (
            server_port,
            client_port,
        ):
            for pid in pids:
                for fd in Path(f"/proc/{pid}/fd").iterdir():
                    try:
                        if os.readlink(fd) == f"socket:[{inode}]":
                            return pid
                    except OSError:
                        continue
    return None


def _connection_to_each(port: int, workers: list[int]) -> dict[int, http.client.HTTPConnection]:
    """A kept-alive connection to each worker: connections are opened (and the others closed)
    until every worker has accepted one, for up to a minute (a worker that is still starting,
    or a busy machine, lets the other accept many in a row)."""
    pinned: dict[int, http.client.HTTPConnection] = {}
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        assert connection.sock is not None
        owner = _server_side(connection.sock.getsockname()[1], port, workers)
        if owner is not None and owner not in pinned:
            pinned[owner] = connection
            if len(pinned) == len(workers):
                return pinned
        else:
            connection.close()
            time.sleep(0.05)
    for connection in pinned.values():
        connection.close()
    pytest.fail(
        f"connections for a minute did not reach every worker ({sorted(pinned)} of {workers})"
    )


def _post(
    connection: http.client.HTTPConnection, path: str, body: dict[str, str]
) -> tuple[int, Any]:
    """POST ``body`` as JSON on a kept-alive connection: the status and the decoded answer."""
    connection.request(
        "POST", path, body=json.dumps(body), headers={"content-type": "application/json"}
    )
    response = connection.getresponse()
    return response.status, json.loads(response.read())


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="needs Linux /proc")
def test_serve_two_workers_share_sessions_through_the_writer_of_an_oxigraph_store(
    tmp_path: Path,
) -> None:
    config = tmp_path / "kgcheck.yaml"
    config.write_text(
        f"knowledge_base: {{sources: ['{ACME_DIR / 'ontology.ttl'}', '{ACME_DIR / 'kb.ttl'}']}}\n"
        f'now: "{NOW}"\n'
        "nlp: {pipeline: blank}\nnli: {model: none}\n"
        "store: {backend: oxigraph:flags, spool: spool}\n",
        encoding="utf-8",
    )
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "kgcheck.cli", "serve", "--config", str(config)]
    server = subprocess.Popen(
        [*command, "--workers", "2", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    log: list[bytes] = []
    reader = threading.Thread(target=lambda: log.extend(server.stdout or []), daemon=True)
    reader.start()
    connections: dict[int, http.client.HTTPConnection] = {}
    try:
        deadline = time.monotonic() + 180
        while True:
            assert server.poll() is None, b"".join(log).decode()
            assert time.monotonic() < deadline, b"".join(log).decode()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz").json()["store_reachable"]:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        # uvicorn's workers (not the writer, not multiprocessing's resource tracker)
        workers = [
            pid
            for pid in _children(server.pid)
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
        ]
        assert len(workers) == 2
        connections = _connection_to_each(port, workers)
        # each session's turns alternate between the two workers
        sent, turns = 0, {}
        for session in ("a", "b", "c"):
            for turn in range(4):
                worker = sorted(connections)[turn % 2]
                body = {
                    "user": f"Turn {turn}: where is Dr. Patel?",
                    "reply": "Dr. Patel works in Oncology.",
                }
                try:
                    status, data = _post(connections[worker], f"/sessions/{session}/check", body)
                except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                    # a worker closes a connection idle past its keep-alive (5 s: a busy machine
                    # checks that long on the other worker): connect to each again
                    for connection in connections.values():
                        connection.close()
                    connections = _connection_to_each(port, workers)
                    status, data = _post(connections[worker], f"/sessions/{session}/check", body)
                assert status == 200, data
                assert data["report"]["store_status"] == "stored"
                sent += 1
                turns[session] = data["session"]["turns"]
        assert turns == {"a": 8, "b": 8, "c": 8}  # a user message and a reply per check
    finally:
        for connection in connections.values():
            connection.close()
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()
            reader.join(5)
            if server.stdout is not None:
                server.stdout.close()
    # serve has stopped its writer: the store opens for writing, and holds every turn
    store = OxigraphFlagStore(tmp_path / "flags")
    assert _count(store) == sent == 12
    session = SessionStore(store).load("b")
    assert session is not None and len(session[0].turns) == 8


# --- queries with limits: what /sparql sends the writer of several workers ------------------

#: A three-way cartesian product over 3,000 triples, sorted: it grew a writer without limits
#: from 115 MB to 4 GB in 7 s.
RUNAWAY = "SELECT ?a ?b WHERE { ?a ?p ?x . ?b ?q ?y . ?c ?r ?z } ORDER BY ?x ?y ?z"


def _rss_mb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
    raise AssertionError(f"no VmRSS for {pid}")


@pytest.fixture
def filled_writer(tmp_path: Path) -> Iterator[StoreWriter]:
    """A writer process over an on-disk store holding 3,000 triples."""
    with StoreWriter(tmp_path / "flags") as writer:
        store = SparqlFlagStore(writer.url, timeout=60)
        triples = " ".join(f"<urn:s{n}> <urn:p> {n} ." for n in range(3000))
        store.update(f"INSERT DATA {{ GRAPH <urn:g> {{ {triples} }} }}")
        store.close()
        yield writer


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_writer_stops_parallel_runaway_queries_with_its_memory_flat(
    filled_writer: StoreWriter, acme_checker: Checker
) -> None:
    writer = filled_writer
    assert writer.pid is not None
    store = SparqlFlagStore(writer.url, timeout=60)
    server = {"sparql_timeout": 3, "sparql_memory_mb": 400, "sparql_concurrency": 3}
    config = config_from_dict({"server": server}, environ={})
    client = TestClient(create_app(config, checker=acme_checker, store=store))
    before = _rss_mb(writer.pid)
    peak, done = [before], threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak.append(_rss_mb(writer.pid))  # type: ignore[arg-type]
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    t0 = time.monotonic()
    try:
        with ThreadPoolExecutor(max_workers=3) as pool:
            answers = list(
                pool.map(lambda _: client.get("/sparql", params={"query": RUNAWAY}), range(3))
            )
    finally:
        done.set()
        sampler.join()
    took = time.monotonic() - t0
    for answer in answers:
        error = answer.json()["error"]
        assert (answer.status_code, error["code"]) in ((503, "KGC415"), (503, "KGC417")), error
        # the message names neither the writer's address nor the store's directory
        assert writer.url.split("/sparql")[0].split("//")[1] not in error["message"]
        assert "127.0.0.1" not in error["message"] and str(writer.directory) not in error["message"]
    assert took < 20, f"stopped after {took:.1f}s"
    # the queries ran in processes of their own, stopped and gone; the writer did not grow
    assert max(peak) - before < 100, f"the writer grew from {before} to {max(peak)} MB"
    assert _children(writer.pid) == []
    t1 = time.monotonic()
    cheap = client.get("/sparql", params={"query": "ASK { <urn:s1> <urn:p> 1 }"})
    assert cheap.status_code == 200 and cheap.json()["boolean"] is True
    assert time.monotonic() - t1 < 5
    store.close()


def test_writer_kills_a_limited_query_when_its_caller_goes_away(
    filled_writer: StoreWriter,
) -> None:
    writer = filled_writer
    assert writer.pid is not None
    limits = QueryLimits(timeout=120, memory_mb=0).header("select", "addr:test")
    with pytest.raises(httpx.ReadTimeout):
        httpx.post(
            writer.url, data={"query": RUNAWAY}, headers={LIMITS_HEADER: limits}, timeout=1.0
        )
    deadline = time.monotonic() + 10
    while _children(writer.pid):  # the query's process is killed, not left running
        assert time.monotonic() < deadline, "the query's process still runs"
        time.sleep(0.1)


def test_writer_query_limits_cut_rows_and_bound_queries_at_once(
    filled_writer: StoreWriter,
) -> None:
    writer = filled_writer
    query = "SELECT ?s WHERE { ?s ?p ?o }"
    limits = QueryLimits(timeout=30, max_rows=7, workers=1).header("select", "addr:a")
    answer = httpx.post(writer.url, data={"query": query}, headers={LIMITS_HEADER: limits})
    assert answer.status_code == 200, answer.text
    assert len(answer.json()["results"]["bindings"]) == 7
    assert answer.headers["kgcheck-truncated"] == "true"
    # one at a time over all callers: a second query while the first runs is refused
    slow = QueryLimits(timeout=3, memory_mb=0, workers=1).header("select", "addr:a")
    with ThreadPoolExecutor(max_workers=1) as pool:
        first = pool.submit(
            httpx.post,
            writer.url,
            data={"query": RUNAWAY},
            headers={LIMITS_HEADER: slow},
            timeout=30,
        )
        time.sleep(1.0)
        other = QueryLimits(timeout=3, workers=1).header("ask", "addr:b")
        second = httpx.post(
            writer.url, data={"query": "ASK {}"}, headers={LIMITS_HEADER: other}, timeout=30
        )
        assert (second.status_code, second.headers["kgcheck-error"]) == (429, "KGC416")
        stopped = first.result()
    assert (stopped.status_code, stopped.headers["kgcheck-error"]) == (503, "KGC415")
