"""``kgcheck sparql``, ``flags`` and ``review`` over an on-disk store."""

from __future__ import annotations

import csv
import gc
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kgcheck.cli import app
from kgcheck.config import load_config
from kgcheck.store import ReviewQueue, open_flag_store
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.types import FlagType
from tests.store.reports import make_report

runner = CliRunner()


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """A configuration whose on-disk store holds three reports (four flags)."""
    path = tmp_path / "kgcheck.yaml"
    path.write_text("store: oxigraph:flags\n", encoding="utf-8")
    settings = load_config(path).store
    assert settings is not None
    store = open_flag_store(settings)
    types = [(FlagType.WRONG_ATTRIBUTE,), (FlagType.WRONG_ATTRIBUTE, FlagType.TEMPORAL_ERROR), ()]
    for turn, kinds in enumerate(types):
        store.record(make_report(session="s1" if turn else "s0", turn=turn, types=kinds))
    store.close()
    del store
    gc.collect()  # the on-disk store is locked while open
    return path


def _invoke(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def _ids(config: Path) -> list[str]:
    out = _invoke("review", "list", "--config", str(config), "--format", "json")
    return [f["id"] for f in json.loads(out)]


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_cli_store_sparql_formats(config: Path, fmt: str) -> None:
    query = (
        "SELECT ?type (COUNT(?f) AS ?n) WHERE { ?f kgc:flagType ?type } "
        "GROUP BY ?type ORDER BY ?type"
    )
    out = _invoke("sparql", query, "--config", str(config), "--format", fmt)
    if fmt == "json":
        rows = json.loads(out)["results"]["bindings"]
        assert [r["n"]["value"] for r in rows] == ["1", "2"]
    elif fmt == "csv":
        assert list(csv.reader(io.StringIO(out)))[1:] == [
            ["https://w3id.org/kgcheck#TemporalError", "1"],
            ["https://w3id.org/kgcheck#WrongAttribute", "2"],
        ]
    else:
        assert "kgc:WrongAttribute" in out and "2 row(s)" in out


def test_cli_store_sparql_reads_a_query_file(config: Path, tmp_path: Path) -> None:
    query = tmp_path / "q.rq"
    query.write_text('ASK { ?r kgc:session "s0" }', encoding="utf-8")
    assert _invoke("sparql", str(query), "--config", str(config)).strip() == "true"


def test_cli_store_sparql_refuses_updates(config: Path) -> None:
    result = runner.invoke(app, ["sparql", "DROP ALL", "--config", str(config)])
    assert result.exit_code == 2
    assert "KGC405" in result.output


def test_cli_store_flags_filters(config: Path) -> None:
    out = _invoke(
        "flags",
        "--config",
        str(config),
        "--session",
        "s1",
        "--type",
        "temporal_error",
        "--format",
        "json",
    )
    (flag,) = json.loads(out)
    assert (flag["session"], flag["type"], flag["status"]) == ("s1", "temporal_error", "pending")
    none = _invoke("flags", "--config", str(config), "--status", "rejected", "--format", "json")
    assert json.loads(none) == []
    recent = _invoke("flags", "--config", str(config), "--since", "1h", "--format", "json")
    assert len(json.loads(recent)) == 3


def test_cli_store_flags_patterns(config: Path) -> None:
    out = _invoke("flags", "--config", str(config), "--by", "type", "--format", "json")
    patterns = json.loads(out)
    assert [(p["key"], p["count"]) for p in patterns] == [
        ("wrong_attribute", 2),
        ("temporal_error", 1),
    ]
    assert patterns[0]["examples"] == ["4413"] and patterns[0]["last_seen"]


def test_cli_store_review_commands(config: Path) -> None:
    first, *_ = _ids(config)
    out = _invoke(
        "review", "reject", first, "--config", str(config), "--reviewer", "ana", "--note", "4412"
    )
    assert "pending -> rejected" in out
    _invoke(
        "review", "note", first, "--config", str(config), "--reviewer", "bo", "--note", "agreed"
    )
    shown = json.loads(
        _invoke("review", "show", first, "--config", str(config), "--format", "json")
    )
    assert shown["status"] == "rejected"
    assert [(e["reviewer"], e["note"]) for e in shown["events"]] == [
        ("ana", "4412"),
        ("bo", "agreed"),
    ]
    table = _invoke("review", "show", first, "--config", str(config))
    assert "ana: pending -> rejected: 4412" in table
    assert first not in _ids(config)
    again = runner.invoke(
        app, ["review", "reject", first, "--config", str(config), "--reviewer", "ana"]
    )
    assert again.exit_code == 2 and "KGC411" in again.output


@pytest.mark.parametrize(
    ("body", "code"),
    [("knowledge_base: {sources: []}\n", "KGC407"), ("store: memory\n", "KGC407")],
)
def test_cli_store_needs_a_persistent_store(tmp_path: Path, body: str, code: str) -> None:
    path = tmp_path / "kgcheck.yaml"
    path.write_text(body, encoding="utf-8")
    result = runner.invoke(app, ["flags", "--config", str(path)])
    assert result.exit_code == 2
    assert code in result.output


def test_cli_store_review_while_the_store_is_held(config: Path) -> None:
    settings = load_config(config).store
    assert settings is not None
    holder = open_flag_store(settings)  # as a running `kgcheck serve` would
    try:
        first = _ids(config)[0]  # reading works on a snapshot
        result = runner.invoke(
            app, ["review", "approve", first, "--config", str(config), "--reviewer", "a"]
        )
        assert result.exit_code == 2
        assert "held by another process" in result.output and "/review" in result.output
        assert ReviewQueue(holder).show(first).status == "pending"
    finally:
        holder.close()


def test_cli_store_serve_runs_uvicorn_on_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn
    from fastapi import FastAPI

    from tests.conftest import ACME_CONFIG

    served: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.update(app=app, **kw))
    _invoke("serve", "--config", str(ACME_CONFIG), "--port", "8123")
    assert isinstance(served["app"], FastAPI)
    assert (served["host"], served["port"]) == ("127.0.0.1", 8123)


def test_cli_store_serve_loads_the_models_before_it_listens(
    monkeypatch: pytest.MonkeyPatch, model_loads: list[str]
) -> None:
    import uvicorn

    from tests.conftest import ACME_CONFIG

    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: model_loads.append("listen"))
    _invoke("serve", "--config", str(ACME_CONFIG))
    # loaded (and used by the checker's warm-up check) before the server listens
    assert model_loads[:2] == ["nli", "embedder"]
    assert model_loads[-1] == "listen" and model_loads.count("listen") == 1


@pytest.mark.parametrize("store", ["", "store: memory\n"])
def test_cli_store_serve_several_workers_need_a_persistent_store(
    tmp_path: Path, store: str
) -> None:
    path = tmp_path / "kgcheck.yaml"
    path.write_text(store, encoding="utf-8")
    result = runner.invoke(app, ["serve", "--config", str(path), "--workers", "2"])
    assert result.exit_code == 2
    assert "KGC407" in result.output
    assert "oxigraph:<dir> or sparql:<url>" in " ".join(result.output.split())


def test_cli_store_serve_workers_reach_an_oxigraph_store_through_its_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    from kgcheck.store.sparql import SparqlFlagStore

    for name in ("KGCHECK_CONFIG", "KGCHECK_STORE__BACKEND"):
        monkeypatch.setenv(name, "")  # serve sets them for its workers: restored afterwards
        monkeypatch.delenv(name)
    path = tmp_path / "kgcheck.yaml"
    path.write_text("store: oxigraph:flags\n", encoding="utf-8")
    seen: dict[str, object] = {}

    def run(target: str, **kw: object) -> None:
        # what a worker does: its configuration names the writer's endpoint
        backend = load_config(path).store
        assert backend is not None
        store = open_flag_store(backend)
        assert isinstance(store, SparqlFlagStore)
        seen.update(kw, target=target, status=store.write(make_report()).status)
        store.close()

    monkeypatch.setattr(uvicorn, "run", run)
    _invoke("serve", "--config", str(path), "--workers", "2")
    assert (seen["target"], seen["workers"], seen["factory"]) == (
        "kgcheck.server:app_from_env",
        2,
        True,
    )
    assert seen["status"] == "stored"
    # the writer has stopped with serve: the store is free, and holds the report
    assert len(ReviewQueue(OxigraphFlagStore(tmp_path / "flags")).find()) == 1


def test_cli_store_endpoint_loads_files_then_serves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kgcheck.endpoint import SparqlEndpoint
    from tests.conftest import ACME_DIR

    served: list[int] = []

    def serve(self: SparqlEndpoint) -> None:
        served.append(len(self.store))
        self.stop()

    monkeypatch.setattr(SparqlEndpoint, "serve", serve)
    store = f"oxigraph:{tmp_path / 'kb'}"
    args = ["--store", store, "--load", str(ACME_DIR / "kb.ttl"), "--port", "0"]
    result = runner.invoke(app, ["endpoint", *args])
    assert result.exit_code == 0, result.output
    assert "kb.ttl: " in result.output and "quad(s) loaded" in result.output
    assert "SPARQL endpoint at http://127.0.0.1:" in result.output
    assert served and served[0] > 100


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--host", "0.0.0.0"], "KGC106"),
        (["--store", "sparql:http://127.0.0.1:1/sparql"], "expected memory or oxigraph:<dir>"),
        (["--load", "absent.ttl"], "KGC201"),
    ],
)
def test_cli_store_endpoint_refuses(args: list[str], expected: str) -> None:
    result = runner.invoke(app, ["endpoint", "--port", "0", *args])
    assert result.exit_code == 2
    assert expected in " ".join(result.output.split())  # as rich wrapped it


def test_cli_store_endpoint_broken_turtle_names_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.ttl"
    broken.write_text("@prefix ex: <https://example.org/> .\nex:a ex:b .\n", encoding="utf-8")
    result = runner.invoke(app, ["endpoint", "--port", "0", "--load", str(broken)])
    assert result.exit_code == 2
    assert " ".join(result.output.split()) == (
        f"error: [KGC204] {broken}: line 2: RDF syntax error: Parser error at line 2 column 11: "
        ". is not a valid RDF object"
    )


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("SELECT * WHERE { ?s ?p ?o #x\r SERVICE <http://127.0.0.1:1/> { ?a ?b ?c } }", "KGC405"),
        ("select * { service <http://127.0.0.1:1/> { ?a ?b ?c } }", "KGC405"),
        ("SELECT * WHERE { ?s ?p 1SERVICE <http://127.0.0.1:1/> { ?a ?b ?c } }", "KGC404"),
        ("INSERT DATA { <urn:a> <urn:b> 1 }", "KGC405"),
        ("DELETE WHERE { ?s ?p ?o }", "KGC405"),
        ("LOAD <http://127.0.0.1:1/x.ttl>", "KGC405"),
        ("CLEAR ALL", "KGC405"),
    ],
)
def test_cli_store_sparql_gate_refuses_service_and_updates(
    config: Path, query: str, code: str
) -> None:
    result = runner.invoke(app, ["sparql", query, "--config", str(config)])
    assert result.exit_code == 2
    assert code in result.output


def test_cli_store_sparql_runaway_query_is_stopped(config: Path) -> None:
    runaway = (
        "SELECT (COUNT(*) AS ?n) WHERE { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f . ?g ?s ?h . ?i ?t ?j }"
    )
    result = runner.invoke(app, ["sparql", runaway, "--config", str(config), "--timeout", "0.5"])
    assert result.exit_code == 2
    assert "KGC415" in result.output


def test_cli_store_sparql_max_rows(config: Path) -> None:
    query = "SELECT ?s WHERE { ?s ?p ?o }"
    out = _invoke("sparql", query, "--config", str(config), "--format", "json", "--max-rows", "3")
    assert len(json.loads(out)["results"]["bindings"]) == 3


@pytest.mark.parametrize("command", ["show", "approve"])
def test_cli_store_review_crafted_flag_id_is_not_found(config: Path, command: str) -> None:
    count = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"
    before = _invoke("sparql", count, "--config", str(config), "--format", "csv")
    args = ["review", command, "urn:x> } ; DROP ALL ; #", "--config", str(config)]
    result = runner.invoke(app, args + (["--reviewer", "ana"] if command == "approve" else []))
    assert result.exit_code == 2
    assert "KGC410" in result.output
    assert _invoke("sparql", count, "--config", str(config), "--format", "csv") == before


def test_cli_store_serve_without_keys_stays_on_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import uvicorn

    from tests.conftest import ACME_CONFIG

    served: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.update(**kw))
    refused = runner.invoke(app, ["serve", "--config", str(ACME_CONFIG), "--host", "0.0.0.0"])
    assert refused.exit_code == 2
    assert "KGC106" in refused.output and "--allow-open" in refused.output
    assert served == {}
    _invoke("serve", "--config", str(ACME_CONFIG), "--host", "0.0.0.0", "--allow-open")
    assert served["host"] == "0.0.0.0"


@pytest.mark.parametrize("width", [60, 80, 120, 250])
def test_cli_store_tables_fit_the_terminal_by_leaving_columns_out(
    config: Path, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rich.console import Console

    from kgcheck import cli_store

    monkeypatch.setattr(cli_store, "console", Console(width=width, color_system=None))
    out = _invoke("review", "list", "--config", str(config))
    lines = out.splitlines()
    assert all(len(line) <= width for line in lines)
    header = next(line for line in lines if "id" in line and "type" in line)
    shown = [cell.strip() for cell in header.strip("┃│ ").replace("┃", "│").split("│")]
    assert "id" in shown and "type" in shown
    ids = _ids(config)
    for flag_id in ids:  # ids are never broken over lines
        assert any(flag_id in line for line in lines)
    hidden = next((line for line in lines if line.startswith("not shown at")), "")
    if width >= 250:
        assert len(shown) == 9 and not hidden
    else:
        assert len(shown) < 9
        assert hidden.startswith(f"not shown at {width} columns: ")
        for name in ("id", "type"):
            assert name not in hidden.split(":")[1].split("(")[0].replace(",", " ").split()


def test_cli_store_turn_zero_is_shown_as_0(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    from kgcheck import cli_store

    monkeypatch.setattr(cli_store, "console", Console(width=250, color_system=None))
    out = _invoke("flags", "--config", str(config), "--session", "s0")
    row = next(line for line in out.splitlines() if "s0" in line)
    cells = [cell.strip() for cell in row.strip("│ ").split("│")]
    header = next(line for line in out.splitlines() if "turn" in line)
    names = [cell.strip() for cell in header.strip("┃ ").split("┃")]
    assert cells[names.index("turn")] == "0"
