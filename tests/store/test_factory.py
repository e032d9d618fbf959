"""The ``store:`` section: back-ends, paths relative to the file, credentials, strict keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck.config import StoreConfig, config_from_dict, load_config
from kgcheck.errors import ConfigError
from kgcheck.store import open_flag_store
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.sparql import SparqlFlagStore


def _load(tmp_path: Path, body: str, environ: dict[str, str] | None = None) -> StoreConfig:
    path = tmp_path / "kgcheck.yaml"
    path.write_text(body, encoding="utf-8")
    store = load_config(path, environ=environ or {}).store
    assert store is not None
    return store


def test_factory_no_store_section_means_no_store() -> None:
    assert config_from_dict({}, environ={}).store is None


def test_factory_shorthand_and_relative_paths(tmp_path: Path) -> None:
    store = _load(tmp_path, "store: oxigraph:data/flags\n")
    assert store.backend == f"oxigraph:{tmp_path / 'data' / 'flags'}"
    assert store.spool == tmp_path / ".kgcheck" / "spool"


def test_factory_sparql_section_with_password_from_the_environment(tmp_path: Path) -> None:
    store = _load(
        tmp_path,
        "store:\n  backend: sparql:http://127.0.0.1:8890/sparql\n"
        "  update_url: http://127.0.0.1:8890/sparql-auth\n  username: kgcheck\n  auth: digest\n",
        environ={"KGCHECK_STORE__PASSWORD": "s3cret"},
    )
    assert store.password is not None and store.password.get_secret_value() == "s3cret"
    assert "s3cret" not in repr(store)
    opened = open_flag_store(store)
    assert isinstance(opened, SparqlFlagStore)
    assert opened.update_url == "http://127.0.0.1:8890/sparql-auth"
    opened.close()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("store: postgres://x\n", "store.backend (line 1): Value error, expected 'memory'"),
        ("store: sparql:ftp://x\n", "expected sparql:http://host:port/path"),
        ("store: {backend: memory, username: a}\n", "username: only for a sparql: back-end"),
        ("store: {backend: memory, colour: red}\n", "store.colour (line 1): Extra inputs"),
        ("store: {backend: memory, retries: -1}\n", "store.retries"),
    ],
)
def test_factory_bad_store_sections_name_the_key(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "kgcheck.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path, environ={})
    assert message in caught.value.message


@pytest.mark.parametrize(
    ("backend", "kind"), [("memory", "memory"), ("oxigraph:flags", "oxigraph")]
)
def test_factory_opens_each_embedded_backend(tmp_path: Path, backend: str, kind: str) -> None:
    store = open_flag_store(_load(tmp_path, f"store: {backend}\n"))
    assert isinstance(store, OxigraphFlagStore) and store.kind == kind
    assert store.query("ASK { }").boolean is True
    store.close()


def test_factory_server_section_keeps_api_keys_secret(tmp_path: Path) -> None:
    path = tmp_path / "kgcheck.yaml"
    path.write_text("server: {max_request_bytes: 4096}\n", encoding="utf-8")
    config = load_config(path, environ={"KGCHECK_SERVER__API_KEYS": "[k1, k2]"})
    assert [k.get_secret_value() for k in config.server.api_keys] == ["k1", "k2"]
    assert "k1" not in repr(config.server)
