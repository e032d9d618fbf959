"""Reading whole results from a server that cuts them at a row limit (Virtuoso's
ResultSetMaxRows): a scan asked for whole is read in pages; any other query is returned as cut,
and the cut is logged."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pyoxigraph as ox
import pytest

from kgcheck.sparql_http import SparqlHttp
from tests.store.fake_sparql import FakeSparql
from tests.store.virtuoso import LocalVirtuoso, virtuoso_installed

GRAPH = "https://example.org/names"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
SCAN = f"SELECT ?s ?o WHERE {{ ?s <{LABEL}> ?o }}"


def _quads(n: int) -> list[ox.Quad]:
    graph = ox.NamedNode(GRAPH)
    return [
        ox.Quad(
            ox.NamedNode(f"https://example.org/e{i}"),
            ox.NamedNode(LABEL),
            ox.Literal(f"Thing {i}"),
            graph,
        )
        for i in range(n)
    ]


@pytest.fixture
def cutting() -> Iterator[FakeSparql]:
    endpoint = FakeSparql()
    endpoint.store.extend(_quads(95))
    endpoint.max_rows = 20
    yield endpoint
    endpoint.stop()


def test_a_whole_scan_is_read_in_pages_past_the_cut(cutting: FakeSparql) -> None:
    http = SparqlHttp(cutting.url, timeout=10.0)
    rows = http.select(SCAN, default_graph=GRAPH, whole=True)
    assert len(rows) == 95
    assert {r["o"]["value"] for r in rows} == {f"Thing {i}" for i in range(95)}
    # the cut answer, then five pages of 20 (the last one short)
    assert len(cutting.queries) == 1 + 5
    assert all("OFFSET" in q for q in cutting.queries[1:])


def test_a_query_not_asked_whole_comes_back_cut_and_the_cut_is_logged(
    cutting: FakeSparql, caplog: pytest.LogCaptureFixture
) -> None:
    http = SparqlHttp(cutting.url, timeout=10.0)
    with caplog.at_level(logging.WARNING, logger="kgcheck.sparql_http"):
        rows = http.select(SCAN, default_graph=GRAPH)
    assert len(rows) == 20
    assert "cut the result at 20 rows" in caplog.text


def test_a_result_under_the_limit_is_one_query(cutting: FakeSparql) -> None:
    http = SparqlHttp(cutting.url, timeout=10.0)
    rows = http.select(f"{SCAN[:-1]} FILTER(STRSTARTS(?o, 'Thing 9')) }}", whole=True)
    assert len(rows) == 6  # 9, 90-94
    assert len(cutting.queries) == 1


@pytest.mark.skipif(not virtuoso_installed(), reason="virtuoso-t is not installed")
def test_virtuoso_past_its_row_limit_and_its_sorted_top(tmp_path: Path) -> None:
    # pages end past 10,000 rows: Virtuoso's MaxSortedTopRows, where an ORDER BY ... OFFSET
    # outside a subquery stops
    server = LocalVirtuoso(tmp_path / "db", max_rows=4000).start()
    try:
        path = tmp_path / "names.nq"
        path.write_bytes(ox.serialize(_quads(12_500), format=ox.RdfFormat.N_QUADS) or b"")
        server.load_nquads(path)
        http = SparqlHttp(server.sparql_url, timeout=60.0)
        assert len(http.select(SCAN, default_graph=GRAPH)) == 4000
        rows = http.select(SCAN, default_graph=GRAPH, whole=True)
        assert len(rows) == 12_500
        assert len({r["s"]["value"] for r in rows}) == 12_500
    finally:
        server.stop()
