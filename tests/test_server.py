"""The HTTP service: sessions kept in the store, the read-only SPARQL endpoint, review, API
keys, size limits and JSON errors; one test over real HTTP with uvicorn."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from kgcheck import Checker
from kgcheck.config import config_from_dict
from kgcheck.server import create_app
from kgcheck.store import FlagStore
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.sparql import SparqlFlagStore
from kgcheck.store.spool import Spool
from tests.store.fake_sparql import FakeSparql
from tests.store.reports import free_port

NOW = "2026-11-22T10:00:00+00:00"
WRONG = {"user": "Which department is Dr. Patel in?", "reply": "Dr. Patel works in Oncology."}


@pytest.fixture
def store() -> FlagStore:
    return OxigraphFlagStore(None)


@pytest.fixture
def client(acme_checker: Checker, store: FlagStore) -> TestClient:
    return TestClient(create_app(checker=acme_checker, store=store))


def _check(client: TestClient, session: str = "c-42", **body: Any) -> dict[str, Any]:
    response = client.post(f"/sessions/{session}/check", json={"now": NOW, **body})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


# --- sessions ------------------------------------------------------------------------


def test_server_check_turn_corrects_and_keeps_the_session(client: TestClient) -> None:
    data = _check(client, **WRONG)
    report = data["report"]
    assert (report["decision"], report["store_status"]) == ("revise", "stored")
    assert report["text"] == "Dr. Patel works in Cardiology."
    assert data["session"] == {"id": "c-42", "version": 1, "turns": 2, "store_status": "stored"}
    # the session remembers the corrected reply: saying Oncology again contradicts it
    later = _check(client, reply="As I said, Dr. Patel works in Oncology.")
    assert [f["type"] for f in later["report"]["flags"]] == ["contradicts_prior"]
    state = client.get("/sessions/c-42").json()
    assert state["session"]["turns"] == 3
    assert [t["role"] for t in state["state"]["turns"]] == ["user", "assistant", "assistant"]
    assert state["state"]["turns"][1]["text"] == "Dr. Patel works in Cardiology."


def test_server_check_reports_failed_checks_as_errors_and_rejects_under_fail_closed(
    acme_checker: Checker, store: FlagStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = config_from_dict({"now": NOW, "nli": {"model": "none"}, "on_error": "fail_closed"})
    checker = Checker(config, kb=acme_checker.kb)

    def boom(ctx: object) -> list[object]:
        raise RuntimeError("index out of sync")

    (broken,) = [d for d in checker.detectors if d.name == "wrong_attribute"]
    monkeypatch.setattr(broken, "detect", boom)
    report = _check(TestClient(create_app(checker=checker, store=store)), **WRONG)["report"]
    assert report["decision"] == "reject"
    assert report["errors"] == [
        {
            "stage": "detector.wrong_attribute",
            "code": "KGC701",
            "reason": "RuntimeError: index out of sync",
        }
    ]
    stored = store.query("SELECT ?code WHERE { ?r kgc:hasError ?e . ?e kgc:errorCode ?code }")
    assert stored.records() == [{"code": "KGC701"}]


def test_server_rejected_reply_is_not_stored_as_the_assistant_turn(client: TestClient) -> None:
    # an emptied reply was stored as "" and later context was lost
    checked = _check(
        client, user="Who is in Oncology?", reply="Dr. Helen Brooks works in Oncology."
    )
    assert checked["report"]["decision"] == "reject"
    state = client.get("/sessions/c-42").json()["state"]
    assert [(t["role"], t["text"]) for t in state["turns"]] == [("user", "Who is in Oncology?")]


def test_server_draft_check_leaves_the_session_alone(client: TestClient) -> None:
    _check(client, reply="Priya Raman leads Analytics.")
    draft = _check(
        client, user="And Dr. Patel?", reply="Dr. Patel works in Oncology.", commit=False
    )
    assert draft["report"]["flags"] and draft["session"] == {
        "id": "c-42",
        "version": 1,
        "turns": 1,
        "store_status": "stored",
    }
    assert client.get("/sessions/c-42").json()["session"]["turns"] == 1


def test_server_add_turn_then_check_against_it(client: TestClient) -> None:
    response = client.post(
        "/sessions/s2/turns", json={"role": "user", "text": "Tom Okafor is in room B-101 now."}
    )
    assert response.json()["session"]["turns"] == 1
    flags = _check(client, session="s2", reply="He is in room B-105.")["report"]["flags"]
    assert [f["type"] for f in flags] == ["contradicts_prior"]


def test_server_two_workers_share_sessions_through_the_store(
    acme_checker: Checker, store: FlagStore
) -> None:
    first = TestClient(create_app(checker=acme_checker, store=store))
    second = TestClient(create_app(checker=acme_checker, store=store))
    _check(first, **WRONG)
    data = _check(second, reply="Priya Raman leads Analytics.")
    assert data["session"] == {"id": "c-42", "version": 2, "turns": 3, "store_status": "stored"}


def test_server_concurrent_save_is_checked_again_and_loses_no_turn(
    acme_checker: Checker, store: FlagStore
) -> None:
    app = create_app(checker=acme_checker, store=store)
    client = TestClient(app)
    _check(client, reply="Priya Raman leads Analytics.")
    svc = app.state.kgcheck
    original = svc.sessions.load
    other = TestClient(create_app(checker=acme_checker, store=store))
    calls = []

    def stale_then_real(session_id: str) -> Any:
        loaded = original(session_id)
        if not calls:  # another worker saves the session while this one is checking
            _check(other, reply="Dr. Amira Patel works in Cardiology.")
        calls.append(session_id)
        return loaded

    svc.sessions.load = stale_then_real
    data = _check(client, reply="Tom Okafor is in room B-101.")
    assert len(calls) == 2
    assert data["session"] == {"id": "c-42", "version": 3, "turns": 3, "store_status": "stored"}


def test_server_delete_session_and_missing_session(client: TestClient) -> None:
    _check(client, reply="Priya Raman leads Analytics.")
    assert client.delete("/sessions/c-42").status_code == 204
    response = client.get("/sessions/c-42")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "KGC413"


# --- sparql ----------------------------------------------------------------------------

COUNT = "SELECT (COUNT(?f) AS ?n) WHERE { ?f a kgc:Flag }"


@pytest.mark.parametrize(
    ("method", "kwargs"),
    [
        ("GET", {"params": {"query": COUNT}}),
        ("POST", {"data": {"query": COUNT}}),
        ("POST", {"content": COUNT, "headers": {"content-type": "application/sparql-query"}}),
    ],
)
def test_server_sparql_protocol_query(
    client: TestClient, method: str, kwargs: dict[str, Any]
) -> None:
    _check(client, **WRONG)
    response = client.request(method, "/sparql", **kwargs)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/sparql-results+json")
    assert response.json()["results"]["bindings"][0]["n"]["value"] == "1"


@pytest.mark.parametrize(
    ("accept", "media"),
    [
        ("text/csv", "text/csv"),
        ("application/sparql-results+xml", "application/sparql-results+xml"),
    ],
)
def test_server_sparql_answers_in_the_accepted_format(
    client: TestClient, accept: str, media: str
) -> None:
    response = client.get("/sparql", params={"query": COUNT}, headers={"accept": accept})
    assert response.headers["content-type"].startswith(media)


@pytest.mark.parametrize(
    ("kwargs", "status", "code"),
    [
        ({"data": {"update": "DROP ALL"}}, 403, "KGC405"),
        ({"data": {"query": "DELETE WHERE { ?s ?p ?o }"}}, 403, "KGC405"),
        (
            {"content": "DROP ALL", "headers": {"content-type": "application/sparql-update"}},
            403,
            "KGC405",
        ),
        (
            {"data": {"query": "SELECT * { SERVICE <http://10.0.0.1/x> { ?s ?p ?o } }"}},
            403,
            "KGC405",
        ),
        ({"data": {"query": "SELECT ?x WHERE { ?x a }"}}, 400, "KGC404"),
        ({"data": {"queries": "ASK {}"}}, 400, "HTTP400"),
        ({"content": "x", "headers": {"content-type": "text/plain"}}, 415, "HTTP415"),
    ],
)
def test_server_sparql_refuses_updates_and_bad_requests(
    client: TestClient, store: FlagStore, kwargs: dict[str, Any], status: int, code: str
) -> None:
    _check(client, **WRONG)
    response = client.post("/sparql", **kwargs)
    assert (response.status_code, response.json()["error"]["code"]) == (status, code)
    assert store.query("ASK { ?f a kgc:Flag }").boolean is True


# --- flags and review ----------------------------------------------------------------------


def test_server_review_flow(client: TestClient) -> None:
    _check(client, **WRONG)
    (flag,) = client.get("/review").json()["flags"]
    assert (flag["type"], flag["status"]) == ("wrong_attribute", "pending")
    response = client.post(
        f"/review/{flag['id']}/reject", json={"reviewer": "ana", "note": "Cardiology"}
    )
    assert response.json()["status"] == "rejected"
    again = client.post(f"/review/{flag['id']}/reject", json={"reviewer": "ana"})
    assert (again.status_code, again.json()["error"]["code"]) == (409, "KGC411")
    shown = client.get(f"/review/{flag['id']}").json()["flag"]
    assert shown["events"][0]["reviewer"] == "ana"
    assert client.get("/review").json()["flags"] == []
    assert len(client.get("/review", params={"status": "rejected"}).json()["flags"]) == 1


def test_server_flags_and_patterns(client: TestClient) -> None:
    _check(client, **WRONG)
    _check(client, session="other", reply="Dr. Reyes does not work in Pediatrics.")
    assert len(client.get("/flags", params={"session": "other"}).json()["flags"]) == 1
    only = client.get("/flags", params={"type": "wrong_attribute", "since": "1h"}).json()["flags"]
    assert [f["session"] for f in only] == ["c-42"]
    found = client.get("/flags/patterns", params={"by": "type"}).json()["patterns"]
    assert {p["key"]: p["count"] for p in found} == {"wrong_attribute": 1, "contradicts_fact": 1}


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/review/0000000000000000-0", 404, "KGC410"),
        ("/flags?since=yesterday", 400, "KGC406"),
        ("/flags?type=made_up", 422, "HTTP422"),
        ("/nowhere", 404, "HTTP404"),
    ],
)
def test_server_errors_are_json_with_codes(
    client: TestClient, path: str, status: int, code: str
) -> None:
    response = client.get(path)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["message"]


def test_server_invalid_body_names_the_field(client: TestClient) -> None:
    response = client.post("/sessions/x/check", json={"reply": 3, "colour": "red"})
    assert response.status_code == 422
    message = response.json()["error"]["message"]
    assert "body.reply" in message and "body.colour" in message


def test_server_check_output(client: TestClient) -> None:
    response = client.post("/outputs/check", json={"data": {"title": "Q3 report"}})
    assert response.status_code == 200
    assert response.json()["decision"] in {"accept", "accept_with_warnings", "revise", "reject"}


# --- keys and limits ---------------------------------------------------------------------


@pytest.fixture
def guarded(acme_checker: Checker, store: FlagStore) -> TestClient:
    config = config_from_dict(
        {"server": {"api_keys": ["k-123"], "max_request_bytes": 2048}}, environ={}
    )
    return TestClient(create_app(config, checker=acme_checker, store=store))


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({}, 401),
        ({"x-api-key": "wrong"}, 401),
        ({"x-api-key": "k-123"}, 200),
        ({"authorization": "Bearer k-123"}, 200),
    ],
)
def test_server_api_keys(guarded: TestClient, headers: dict[str, str], status: int) -> None:
    response = guarded.get("/review", headers=headers)
    assert response.status_code == status
    if status == 401:
        assert response.json()["error"]["code"] == "HTTP401"


def test_server_health_and_docs_need_no_key(guarded: TestClient) -> None:
    health = guarded.get("/healthz").json()
    assert (health["status"], health["store"], health["store_reachable"]) == ("ok", "memory", True)
    assert guarded.get("/openapi.json").status_code == 200


def test_server_refuses_large_bodies(guarded: TestClient) -> None:
    headers = {"x-api-key": "k-123"}
    big = {"reply": "x" * 4096}
    response = guarded.post("/sessions/s/check", json=big, headers=headers)
    assert (response.status_code, response.json()["error"]["code"]) == (413, "HTTP413")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"reply": "'
        for _ in range(10):
            yield b"y" * 500
        yield b'"}'

    streamed = guarded.post(
        "/sessions/s/check",
        content=chunks(),
        headers={**headers, "content-type": "application/json"},
    )
    assert (streamed.status_code, streamed.json()["error"]["code"]) == (413, "HTTP413")


# --- real HTTP ---------------------------------------------------------------------------


class _Server(uvicorn.Server):
    def install_signal_handlers(self) -> None:  # runs in a thread
        return


@pytest.fixture
def live(acme_checker: Checker, store: FlagStore) -> Iterator[str]:
    """The service on a free loopback port, served by uvicorn in a thread."""
    app: FastAPI = create_app(checker=acme_checker, store=store)
    port = free_port()
    server = _Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def test_server_over_real_http(live: str) -> None:
    with httpx.Client(base_url=live, timeout=30) as http:
        assert http.get("/healthz").json()["status"] == "ok"
        checked = http.post("/sessions/live/check", json={"now": NOW, **WRONG}).json()
        assert checked["report"]["decision"] == "revise"
        answer = http.post(
            "/sparql",
            data={
                "query": 'SELECT ?c WHERE { ?r kgc:session "live" ; kgc:hasFlag/kgc:content ?c }'
            },
            headers={"accept": "text/csv"},
        )
        assert answer.status_code == 200
        # the flag covers the pairing: Dr. Patel and another doctor's department
        assert answer.text.splitlines() == ["c", "Dr. Patel works in Oncology"]
        refused = http.post("/sparql", data={"update": "DROP ALL"})
        assert refused.status_code == 403
        assert http.get("/docs").status_code == 200


# --- store outages -----------------------------------------------------------------------


def _reports_in(store: FlagStore) -> int:
    result = store.query("SELECT (COUNT(?r) AS ?n) WHERE { ?r a kgc:TurnReport }")
    return int(result.rows[0]["n"].value)


def test_server_checks_keep_working_while_the_sparql_store_is_down(
    acme_checker: Checker, tmp_path: Path
) -> None:
    port = free_port()  # nothing listens here: the store is down
    store = SparqlFlagStore(
        f"http://127.0.0.1:{port}/sparql",
        spool=Spool(tmp_path / "spool"),
        retries=0,
        cooldown=0.0,
        timeout=0.2,
    )
    client = TestClient(create_app(checker=acme_checker, store=store))
    first = _check(client, **WRONG)
    assert first["report"]["store_status"] == "spooled"
    assert first["session"]["store_status"] == "cached"
    draft = _check(client, reply="Dr. Patel works in Oncology.", commit=False)
    assert draft["report"]["flags"] and draft["session"]["turns"] == 2
    later = _check(client, reply="As I said, Dr. Patel works in Oncology.")
    assert [f["type"] for f in later["report"]["flags"]] == ["contradicts_prior"]
    assert later["session"] == {"id": "c-42", "version": 0, "turns": 3, "store_status": "cached"}
    fake = FakeSparql(port)  # the store is back
    try:
        back = _check(client, reply="Dr. Patel works in Cardiology.")
        assert back["report"]["store_status"] == "stored"
        assert back["session"] == {"id": "c-42", "version": 1, "turns": 4, "store_status": "stored"}
        assert store.wait_for_replay(30)
        store.replay()
        assert fake.reports() == 4  # two turns and a draft spooled, one stored: none lost
    finally:
        fake.stop()


@pytest.mark.parametrize("step", ["save", "record"])
def test_server_failure_between_session_save_and_report_loses_no_report(
    acme_checker: Checker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    store = OxigraphFlagStore(None, spool=Spool(tmp_path / "spool"))
    app = create_app(checker=acme_checker, store=store)
    svc = app.state.kgcheck

    def crash(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the worker died here")

    target = svc.sessions if step == "save" else store
    monkeypatch.setattr(target, "save" if step == "save" else "_record_staged", crash)
    client = TestClient(app, raise_server_exceptions=False)
    response = client.post("/sessions/c-1/check", json={"now": NOW, **WRONG})
    assert response.status_code == 500
    assert _reports_in(store) == 0 and len(store.spool or ()) == 1  # kept on disk
    monkeypatch.undo()
    assert store.replay() == 1  # the store is back
    assert _reports_in(store) == 1


def test_server_checks_against_tool_results_and_keeps_them_in_the_session(
    client: TestClient,
) -> None:
    """Tool results sent with a check are the session's evidence for later replies too, and
    come back from the store."""
    rows = [{"name": "Harbour Inn", "price_per_night": 182}]
    first = _check(
        client,
        session="t-1",
        user="Find me a hotel in Toronto.",
        reply="Harbour Inn costs $128 per night.",
        tool_results=[{"name": "search_hotels", "arguments": {"city": "Toronto"}, "result": rows}],
    )
    assert first["report"]["text"] == "Harbour Inn costs $182 per night."
    later = _check(client, session="t-1", reply="Shall I book it? It is $190 a night.")
    assert [f["content"] for f in later["report"]["flags"]] == ["$190"]
    state = client.get("/sessions/t-1").json()["state"]
    assert [(t["name"], t["result"]) for t in state["tool_results"]] == [("search_hotels", rows)]


def test_server_refuses_a_tool_result_without_a_name(client: TestClient) -> None:
    response = client.post(
        "/sessions/t-2/check", json={"reply": "Hello.", "tool_results": [{"result": []}]}
    )
    assert response.status_code == 422
