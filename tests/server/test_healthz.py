"""``/healthz``: what is loaded (KB, models, flag store) before any request, ``degraded`` for a
model that failed to load or a store that is down with a spool, 503 when no spool keeps the
reports, a cached probe of the store, and no secret in ``/healthz`` or ``/metrics``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import kgcheck
from kgcheck import Checker
from kgcheck.config import config_from_dict
from kgcheck.server import create_app
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.server.conftest import NOW, WRONG, down_store


def _health(client: TestClient, status: int = 200) -> dict[str, Any]:
    response = client.get("/healthz")
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def test_healthz_says_what_is_loaded_before_any_check(acme_checker: Checker) -> None:
    client = TestClient(create_app(checker=acme_checker, store=OxigraphFlagStore(None)))
    health = _health(client)  # the first request: no check has run in this app
    assert (health["status"], health["problems"]) == ("ok", [])
    assert (health["store"], health["store_reachable"], health["spooled"]) == ("memory", True, 0)
    assert health["version"] == kgcheck.__version__ and health["uptime_seconds"] >= 0
    kb = acme_checker.kb
    assert health["kb"] == {
        "store": "memory",
        "triples": len(kb),
        "sources": 2,
        "labels": len(kb.labels),
    }
    assert len(kb) > 100 and len(kb.labels) > 10
    models = health["models"]
    # loaded, and run by the warm-up check, when the checker was built
    assert models["nli"] == {"state": "loaded", "model": "embedded"}
    assert models["encoder"] == {
        "state": "loaded",
        "model": "sentence-transformers/all-MiniLM-L6-v2",
    }
    assert models["spacy"] == {
        "configured": "auto",
        "pipeline": acme_checker.analyzer.pipeline_name,
    }
    assert health["warm_up"] == {"state": "passed", "failed": []}
    assert health["flag_store"] == {
        "kind": "memory",
        "reachable": True,
        "probed_seconds_ago": health["flag_store"]["probed_seconds_ago"],
        "spool": False,
        "spooled": 0,
        "dead_letters": 0,
        "unsaved_sessions": 0,
    }


def test_healthz_models_off(acme_checker: Checker) -> None:
    config = config_from_dict({"now": NOW, "nli": {"model": "none"}, "nlp": {"pipeline": "blank"}})
    checker = Checker(config, kb=acme_checker.kb)
    health = _health(TestClient(create_app(checker=checker, store=OxigraphFlagStore(None))))
    assert health["status"] == "ok"
    assert (health["models"]["nli"], health["models"]["encoder"]) == (
        {"state": "off"},
        {"state": "off"},
    )
    assert health["models"]["spacy"] == {"configured": "blank", "pipeline": "blank:en"}


def test_healthz_model_that_failed_to_load_is_degraded_and_names_no_path(
    broken_nli_checker: Checker, broken_model: Path
) -> None:
    client = TestClient(create_app(checker=broken_nli_checker, store=OxigraphFlagStore(None)))
    response = client.get("/healthz")
    assert response.status_code == 200  # checks go on; on_error decides about the NLI checks
    health = response.json()
    assert health["status"] == "degraded"
    assert health["models"]["nli"] == {
        "state": "failed",
        "code": "KGC501",
        "model": "broken-nli-model",
    }
    assert health["warm_up"] == {"state": "failed", "failed": ["nli (KGC702)"]}
    assert health["problems"] == [
        "the nli model failed to load (KGC501)",
        "the warm-up check failed: nli (KGC702)",
    ]
    assert str(broken_model.parent) not in response.text


def test_healthz_store_down_with_a_spool_is_degraded(acme_checker: Checker, tmp_path: Path) -> None:
    client = TestClient(create_app(checker=acme_checker, store=down_store(tmp_path / "spool")))
    checked = client.post("/sessions/h-1/check", json={"now": NOW, **WRONG}).json()
    assert checked["report"]["store_status"] == "spooled"
    health = _health(client)
    assert health["status"] == "degraded"
    assert health["problems"] == ["the flag store does not answer: reports are spooled"]
    assert (health["store"], health["store_reachable"], health["spooled"]) == ("sparql", False, 1)
    flag_store = health["flag_store"]
    assert (flag_store["spool"], flag_store["spooled"], flag_store["unsaved_sessions"]) == (
        True,
        1,
        1,
    )


def test_healthz_store_down_without_a_spool_is_503(acme_checker: Checker) -> None:
    client = TestClient(create_app(checker=acme_checker, store=down_store(None)))
    health = _health(client, 503)
    assert health["status"] == "failing"
    assert health["problems"] == ["the flag store does not answer and no spool can keep reports"]


def test_healthz_probes_the_store_at_most_every_few_seconds(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = OxigraphFlagStore(None)
    asked: list[str] = []
    real = store.query

    def query(text: str, **kwargs: Any) -> Any:
        asked.append(text)
        return real(text, **kwargs)

    monkeypatch.setattr(store, "query", query)
    app = create_app(checker=acme_checker, store=store)
    client = TestClient(app)
    for _ in range(3):
        _health(client)
        client.get("/metrics")
    assert asked == ["ASK { }"]  # one probe for six calls
    app.state.kgcheck.health.probe.ttl = 0.0
    _health(client)
    assert len(asked) == 2


def test_healthz_and_metrics_are_public_and_name_no_secret(
    acme_checker: Checker, tmp_path: Path
) -> None:
    config = config_from_dict({"server": {"api_keys": ["k-123"]}}, environ={})
    store = down_store(tmp_path / "secret-spool", password="s3cret")
    client = TestClient(create_app(config, checker=acme_checker, store=store))
    assert client.get("/review").status_code == 401  # the rest needs a key
    for path in ("/healthz", "/metrics"):
        response = client.get(path)
        assert response.status_code == 200, path
        for secret in ("s3cret", "secret-spool", "k-123", "127.0.0.1", str(tmp_path)):
            assert secret not in response.text, (path, secret)
