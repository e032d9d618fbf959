"""``/metrics``: checks, flags by type, decisions, failed checks, stage timings and the store's
spool in the Prometheus text format; one registry per app; the workers' sums in multiprocess
mode."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

import prometheus_client.values
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.values import MultiProcessValue

from kgcheck import Checker
from kgcheck.errors import StoreRejected
from kgcheck.server import create_app
from kgcheck.server.app import freeze_heap as real_freeze_heap
from kgcheck.server.metrics import MULTIPROC_ENV, multiprocess_dir
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.conftest import ACME_DIR, ROOT
from tests.server.conftest import CONTRADICTORY, NOW, WRONG, down_store

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def _samples(client: TestClient) -> Samples:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=0.0.4")
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(response.text)
        for s in family.samples
    }


def _value(samples: Samples, name: str, **labels: str) -> float:
    return samples[(name, frozenset(labels.items()))]


def _check(client: TestClient, session: str = "m-1", **body: Any) -> dict[str, Any]:
    response = client.post(f"/sessions/{session}/check", json={"now": NOW, **body})
    assert response.status_code == 200, response.text
    report: dict[str, Any] = response.json()["report"]
    return report


@pytest.fixture
def client(acme_checker: Checker) -> TestClient:
    return TestClient(create_app(checker=acme_checker, store=OxigraphFlagStore(None)))


def test_metrics_count_turns_flags_decisions_and_stages(client: TestClient) -> None:
    reports = [
        _check(client, **WRONG),
        _check(client, reply="Dr. Patel works in Cardiology.", commit=False),
    ]
    samples = _samples(client)
    assert _value(samples, "kgcheck_turns_checked_total") == 2
    flags = Counter(f["type"] for r in reports for f in r["flags"])
    assert flags == {"wrong_attribute": 1}
    for flag_type, n in flags.items():
        assert _value(samples, "kgcheck_flags_total", type=flag_type) == n
    assert _value(samples, "kgcheck_flags_total", type="nonexistent_entity") == 0  # from 0
    decisions = Counter(r["decision"] for r in reports)
    assert decisions == {"revise": 1, "accept": 1}
    for decision in ("accept", "accept_with_warnings", "revise", "reject"):
        found = _value(samples, "kgcheck_decisions_total", check="turn", decision=decision)
        assert found == decisions.get(decision, 0)
    stages = Counter(s for r in reports for s in r["timings"] if s != "total")
    assert {"nlp", "nli", "scoring", "mitigation", "store", "detector.wrong_attribute"} <= set(
        stages
    )
    for stage, n in stages.items():
        assert _value(samples, "kgcheck_stage_seconds_count", stage=stage) == n
        spent = sum(r["timings"].get(stage, 0.0) for r in reports)
        assert _value(samples, "kgcheck_stage_seconds_sum", stage=stage) == pytest.approx(spent)
    assert ("kgcheck_stage_seconds_count", frozenset({("stage", "total")})) not in samples
    assert _value(samples, "kgcheck_check_seconds_count", check="turn") == 2
    assert _value(samples, "kgcheck_check_seconds_sum", check="turn") >= sum(
        r["timings"]["total"] for r in reports
    )
    assert _value(samples, "kgcheck_reports_stored_total", status="stored") == 2
    assert _value(samples, "kgcheck_store_reachable") == 1
    assert _value(samples, "kgcheck_store_spooled_reports") == 0


def test_metrics_count_output_checks(client: TestClient) -> None:
    response = client.post("/outputs/check", json={"data": {"total_pages": 3}})
    assert response.status_code == 200
    samples = _samples(client)
    assert _value(samples, "kgcheck_outputs_checked_total") == 1
    assert _value(samples, "kgcheck_turns_checked_total") == 0
    decision = response.json()["decision"]
    assert _value(samples, "kgcheck_decisions_total", check="output", decision=decision) == 1
    assert _value(samples, "kgcheck_check_seconds_count", check="output") == 1


def test_metrics_each_app_counts_its_own_checks(acme_checker: Checker, client: TestClient) -> None:
    _check(client, **WRONG)
    other = TestClient(create_app(checker=acme_checker, store=OxigraphFlagStore(None)))
    assert _value(_samples(other), "kgcheck_turns_checked_total") == 0
    assert _value(_samples(client), "kgcheck_turns_checked_total") == 1


def test_metrics_count_failed_checks_by_code(broken_nli_checker: Checker) -> None:
    client = TestClient(create_app(checker=broken_nli_checker, store=OxigraphFlagStore(None)))
    report = _check(client, reply=CONTRADICTORY)
    assert [(e["stage"], e["code"]) for e in report["errors"]] == [("nli", "KGC702")]
    samples = _samples(client)
    assert _value(samples, "kgcheck_report_errors_total", stage="nli", code="KGC702") == 1
    assert _value(samples, "kgcheck_turns_checked_total") == 1


def test_metrics_count_check_requests_that_failed(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(checker=acme_checker, store=OxigraphFlagStore(None))

    def refuse(*args: object, **kwargs: object) -> object:
        raise StoreRejected("the store is read-only")

    monkeypatch.setattr(app.state.kgcheck.sessions, "save", refuse)
    client = TestClient(app)
    response = client.post("/sessions/m-2/check", json={"now": NOW, **WRONG})
    assert response.json()["error"]["code"] == "KGC403"
    samples = _samples(client)
    assert _value(samples, "kgcheck_check_requests_failed_total", check="turn", code="KGC403") == 1
    assert _value(samples, "kgcheck_turns_checked_total") == 0


def test_metrics_spool_depth_and_reachability_of_a_store_that_is_down(
    acme_checker: Checker, tmp_path: Path
) -> None:
    client = TestClient(create_app(checker=acme_checker, store=down_store(tmp_path / "spool")))
    assert _value(_samples(client), "kgcheck_store_spooled_reports") == 0
    report = _check(client, **WRONG)
    assert report["store_status"] == "spooled"
    samples = _samples(client)
    assert _value(samples, "kgcheck_store_spooled_reports") == 1
    assert _value(samples, "kgcheck_store_reachable") == 0
    assert _value(samples, "kgcheck_reports_stored_total", status="spooled") == 1


_WORKER = """
import json, sys
from fastapi.testclient import TestClient
from kgcheck.config import config_from_dict
from kgcheck.server import create_app
from kgcheck.server.app import freeze_heap as real_freeze_heap

acme = sys.argv[1]
config = config_from_dict(
    {
        "knowledge_base": {"sources": [f"{acme}/ontology.ttl", f"{acme}/kb.ttl"]},
        "nli": {"model": "none"},
        "nlp": {"pipeline": "blank"},
    },
    environ={},
)
client = TestClient(create_app(config))
reply = {"now": "2026-11-22T10:00:00+00:00", "reply": "Dr. Patel works in Oncology."}
assert client.post("/sessions/w/check", json=reply).status_code == 200
print(client.get("/metrics").text)
"""


def test_metrics_sum_the_workers_in_multiprocess_mode(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A worker process checks a turn with PROMETHEUS_MULTIPROC_DIR set; then this process,
    a second worker on the same directory, checks one: its /metrics counts both."""
    env = {**os.environ, MULTIPROC_ENV: str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_WORKER), str(ACME_DIR)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "kgcheck_turns_checked_total 1.0" in done.stdout
    assert list(tmp_path.glob("counter_*.db"))  # the worker's values, kept for the others
    monkeypatch.setenv(MULTIPROC_ENV, str(tmp_path))
    # what prometheus_client chooses when it is imported with the variable set (this process
    # imported it before)
    shared = MultiProcessValue()  # type: ignore[no-untyped-call]
    monkeypatch.setattr(prometheus_client.values, "ValueClass", shared)
    client = TestClient(create_app(checker=acme_checker, store=OxigraphFlagStore(None)))
    _check(client, **WRONG)
    samples = _samples(client)
    assert _value(samples, "kgcheck_turns_checked_total") == 2
    assert _value(samples, "kgcheck_check_seconds_count", check="turn") == 2
    assert _value(samples, "kgcheck_store_spooled_reports") == 0  # read by the scraped worker


def test_metrics_multiprocess_dir_is_fresh_and_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    with multiprocess_dir() as made:
        assert os.environ[MULTIPROC_ENV] == made
        assert os.listdir(made) == []
    assert not Path(made).exists() and MULTIPROC_ENV not in os.environ


def test_metrics_multiprocess_dir_keeps_the_one_the_environment_names(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(MULTIPROC_ENV, str(tmp_path))
    with multiprocess_dir() as given:
        assert given == str(tmp_path)
    assert tmp_path.is_dir() and os.environ[MULTIPROC_ENV] == str(tmp_path)


def test_metrics_serve_with_workers_runs_them_in_multiprocess_mode(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from kgcheck.cli import app

    monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    monkeypatch.delenv("KGCHECK_CONFIG", raising=False)  # serve sets it for the workers
    config = tmp_path / "kgcheck.yaml"
    config.write_text("store: sparql:http://127.0.0.1:9/sparql\n", encoding="utf-8")
    seen: dict[str, Any] = {}

    def run(target: object, **kwargs: object) -> None:
        where = os.environ[MULTIPROC_ENV]
        seen.update(kwargs, target=target, dir=where, existed=Path(where).is_dir())

    monkeypatch.setattr(uvicorn, "run", run)
    result = CliRunner().invoke(app, ["serve", "--config", str(config), "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert (seen["target"], seen["workers"], seen["existed"]) == (
        "kgcheck.server:app_from_env",
        2,
        True,
    )
    assert not Path(seen["dir"]).exists() and MULTIPROC_ENV not in os.environ


def test_serve_freezes_the_start_up_heap_before_it_serves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Start-up's objects stay out of the collector's full passes, which otherwise walk them
    all on a request every few dozen (``freeze_heap``); the freeze comes before serving."""
    import uvicorn
    from typer.testing import CliRunner

    from kgcheck.cli import app

    order: list[str] = []
    monkeypatch.setattr("kgcheck.server.app.freeze_heap", lambda: order.append("freeze"))
    monkeypatch.setattr(uvicorn, "run", lambda application, **kw: order.append("serve"))
    config = tmp_path / "kgcheck.yaml"
    config.write_text("nli:\n  model: none\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["serve", "--config", str(config)])
    assert result.exit_code == 0, result.output
    assert order == ["freeze", "serve"]


def test_freeze_heap_freezes_what_is_alive() -> None:
    try:
        real_freeze_heap()  # imported before the autouse fixture replaced it
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
