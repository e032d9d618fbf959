"""Queries of an on-disk store that another process writes (and compacts) meanwhile: read again
on a fresh snapshot, and never an error naming the store's files; the limits header a kgcheck
endpoint takes."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest

from kgcheck.errors import InvalidValue, StoreUnavailable
from kgcheck.store import query_worker
from kgcheck.store.limited import QueryLimits
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.store.reports import make_report

#: What RocksDB said when the writer had compacted a file away under a read-only reader.
VANISHED = (
    "Corruption: IO error: No such file or directory: While open a file for random read: "
    "{}/000152.sst: No such file or directory"
)


class _Compacted:
    """A read-only store whose first ``fails`` queries find a file gone."""

    def __init__(self, real: ox.Store, directory: Path, fails: int) -> None:
        self.real, self.directory, self.fails = real, directory, fails

    def query(self, text: str, **kwargs: Any) -> object:
        if self.fails:
            self.fails -= 1
            raise RuntimeError(VANISHED.format(self.directory))
        return self.real.query(text, **kwargs)


def test_query_worker_reads_again_when_the_store_was_compacted_under_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = ox.Store()
    real.add(ox.Quad(ox.NamedNode("urn:s"), ox.NamedNode("urn:p"), ox.Literal("1")))
    reads = _Compacted(real, tmp_path, fails=3)
    monkeypatch.setattr(query_worker, "_open", lambda job, data: reads)
    job = {"query": "ASK { ?s ?p ?o }", "media": "application/sparql-results+json"}
    job |= {"max_rows": 10, "directory": str(tmp_path)}
    body, _ = query_worker._answer(job, b"")
    assert json.loads(body)["boolean"] is True and reads.fails == 0


def test_query_worker_that_keeps_losing_files_says_so_without_the_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    reads = _Compacted(ox.Store(), tmp_path / "flags", fails=100)
    monkeypatch.setattr(query_worker, "_open", lambda job, data: reads)
    monkeypatch.setattr(query_worker.time, "sleep", lambda _: None)
    job = {"query": "ASK {}", "media": "application/sparql-results+json", "max_rows": 10}
    job |= {"directory": str(tmp_path / "flags"), "memory_mb": 0}
    out = io.BytesIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(job).encode())))
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out))
    query_worker.main()
    head = json.loads(out.getvalue().split(b"\n")[0])
    assert (head["ok"], head["code"]) == (False, "KGC402")  # 503: try again
    assert str(tmp_path) not in head["message"] and ".sst" not in head["message"]
    assert reads.fails == 100 - query_worker._READS


def test_oxigraph_snapshot_read_again_when_the_holder_compacted_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    holder = OxigraphFlagStore(tmp_path / "flags")
    holder.record(make_report())
    holder.close()
    reader = OxigraphFlagStore(tmp_path / "flags", read_only=True)  # reads snapshots
    snapshot = ox.Store.read_only(str(tmp_path / "flags"))
    reads = _Compacted(snapshot, tmp_path / "flags", fails=2)
    monkeypatch.setattr(reader, "_readable", lambda: reads)
    count = reader.query("SELECT (COUNT(?r) AS ?n) WHERE { ?r a kgc:TurnReport }")
    assert count.rows[0]["n"].value == "1"
    reads.fails = 100
    with pytest.raises(StoreUnavailable, match="changed under the query") as caught:
        reader.query("ASK {}")
    assert ".sst" not in caught.value.message


def test_limits_header_round_trip_and_refusals() -> None:
    limits = QueryLimits(timeout=2.5, max_rows=7, memory_mb=300, workers=4, concurrency=2)
    assert QueryLimits.from_header(limits.header("construct", "key:ab")) == (
        QueryLimits(timeout=2.5, max_rows=7, memory_mb=300, workers=4, concurrency=2),
        "key:ab",
        "construct",
    )
    for bad in ("", "[]", '{"timeout": 1}', '{"timeout": -1, "max_rows": 1, "memory_mb": 0}'):
        with pytest.raises(InvalidValue):
            QueryLimits.from_header(bad)
    header = json.dumps({"timeout": 1, "max_rows": 1, "memory_mb": 0, "form": "update"})
    with pytest.raises(InvalidValue):
        QueryLimits.from_header(header)
