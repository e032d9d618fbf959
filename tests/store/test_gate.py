"""The query gate: a parser, not a regular expression, decides what may reach the store."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kgcheck.errors import StoreError
from kgcheck.store.gate import MAX_NESTING, gate_query

SSRF = "http://127.0.0.1:1/"


@pytest.mark.parametrize(
    "text",
    [
        # a carriage return ends a comment for Oxigraph: the SERVICE after it is live
        f"SELECT * WHERE {{ ?s ?p ?o #x\r SERVICE <{SSRF}> {{ ?a ?b ?c }} }}",
        f"SELECT * WHERE {{ ?s ?p ?o #\r . SERVICE <{SSRF}> {{ ?a ?b ?c }} #\n }}",
        f"select * where {{ service <{SSRF}> {{ ?a ?b ?c }} }}",
        f"SELECT * WHERE {{ OPTIONAL {{ SERVICE SILENT <{SSRF}> {{ ?a ?b ?c }} }} }}",
        f"SELECT * WHERE {{ {{ ?s ?p ?o }} UNION {{ SERVICE <{SSRF}> {{ ?a ?b ?c }} }} }}",
        f"SELECT * WHERE {{ {{ SELECT ?a WHERE {{ SERVICE <{SSRF}> {{ ?a ?b ?c }} }} }} }}",
        f"ASK {{ ?s ?p ?o FILTER EXISTS {{ SERVICE <{SSRF}> {{ ?a ?b ?c }} }} }}",
        f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ FILTER NOT EXISTS {{ SERVICE <{SSRF}> {{}} }} }}",
        "SELECT * WHERE { SERVICE ?endpoint { ?a ?b ?c } VALUES ?endpoint { <urn:x> } }",
        r"SELECT * WHERE { \u0053ERVICE <http://127.0.0.1:1/> { ?a ?b ?c } }",
    ],
)
def test_gate_refuses_service_anywhere(text: str) -> None:
    with pytest.raises(StoreError, match="SERVICE") as caught:
        gate_query(text)
    assert caught.value.code == "KGC405"


@pytest.mark.parametrize(
    "text",
    [
        "INSERT DATA { <urn:a> <urn:b> 1 }",
        "DELETE WHERE { ?s ?p ?o }",
        "LOAD <http://127.0.0.1:1/x.ttl>",
        "CLEAR ALL",
        "SELECT * WHERE { ?s ?p ?o } ; DROP ALL",
    ],
)
def test_gate_refuses_updates_sent_as_queries(text: str) -> None:
    with pytest.raises(StoreError, match="updates are refused") as caught:
        gate_query(text)
    assert caught.value.code == "KGC405"


@pytest.mark.parametrize(
    "text",
    [
        f"SELECT * WHERE {{ ?s ?p 1SERVICE <{SSRF}> {{ ?a ?b ?c }} }}",
        f"SELECT * WHERE {{ ?s ?p ?o . 1SERVICE <{SSRF}> {{ ?a ?b ?c }} }}",
        r"SELECT * WHERE { ?s ?p '\uD800' }",
        r"SELECT * WHERE { ?s ?p '\u005Cu0041' }",
        "SELECT ?x WHERE { ?x a }",
        "hello",
    ],
)
def test_gate_refuses_what_does_not_parse(text: str) -> None:
    with pytest.raises(StoreError) as caught:
        gate_query(text)
    assert caught.value.code == "KGC404"


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("# SERVICE <http://x/> in a comment\r\nSELECT ?f WHERE { ?f a kgc:Flag }", "select"),
        ("PREFIX ex: <https://e/>\nask { ?s ex:service 'SERVICE <http://x/>' }", "ask"),
        ("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } # LOAD <http://x/>", "construct"),
        ("DESCRIBE <urn:kgcheck:flag:abc-0>", "describe"),
        (r"SELECT ?r WHERE { ?r kgc:session 'caf\u00E9 \U0001F600' }", "select"),
    ],
)
def test_gate_lets_read_only_queries_through(text: str, form: str) -> None:
    gated = gate_query(text)
    assert gated.form == form
    assert "\r" not in gated.text


def test_gate_allows_service_to_listed_endpoints_only() -> None:
    text = "SELECT * WHERE { SERVICE <http://kb.internal/sparql> { ?s ?p ?o } }"
    assert gate_query(text, service_allow=["http://kb.internal/sparql"]).form == "select"
    with pytest.raises(StoreError):
        gate_query(text, service_allow=["http://kb.internal/other"])


def test_gate_first_queries_from_several_threads_all_parse() -> None:
    """Regression: rdflib's parser, first used by threads at once (a fresh worker serving
    requests), was left broken for the process: every later query raised a TypeError."""
    script = """
        import threading
        from kgcheck.store.gate import MAX_NESTING, gate_query
        failed = []
        def parse():
            for _ in range(20):
                try:
                    gate_query("SELECT ?h WHERE { GRAPH <urn:g> { { <urn:s> kgc:head ?h } "
                               "UNION { ?x prov:wasRevisionOf <urn:v> } } }")
                except Exception as exc:
                    failed.append(repr(exc))
        threads = [threading.Thread(target=parse) for _ in range(4)]
        for t in threads: t.start()
        for t in threads: t.join()
        print(len(failed), failed[:1])
    """
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0 []"


def _nested(depth: int) -> str:
    return "SELECT * WHERE { ?s ?p ?o FILTER(" + "(" * depth + "?o" + ")" * depth + " = 1) }"


@pytest.mark.parametrize(
    "text",
    [
        _nested(30),  # hit Python's recursion limit
        "SELECT * WHERE { ?s ?p ?o FILTER(" + "STR(" * 30 + "?o" + ")" * 30 + " = '1') }",
        "SELECT * WHERE " + "{ " * 60 + "?s ?p ?o" + " }" * 60,
        # ~90 triple patterns in a group hit it too
        "SELECT * WHERE { " + " ".join(f"?s <urn:p{n}> ?o{n} ." for n in range(300)) + " }",
        "CONSTRUCT { "
        + " ".join(f"?s <urn:p{n}> ?o{n} ." for n in range(300))
        + " } WHERE { ?s ?p ?o }",
    ],
    ids=["parentheses-30", "functions-30", "groups-60", "triples-300", "template-300"],
)
def test_gate_reads_deep_and_long_queries_within_the_recursion_limit(text: str) -> None:
    limit = sys.getrecursionlimit()
    assert gate_query(text).form in ("select", "construct")
    assert sys.getrecursionlimit() == limit  # raised for the parse only


def test_gate_reads_its_full_nesting_depth_and_refuses_deeper_clearly() -> None:
    # _nested(n) nests n + 2 brackets: the group's and the FILTER's besides
    assert gate_query(_nested(MAX_NESTING - 2)).form == "select"
    with pytest.raises(StoreError, match=f"nests brackets {MAX_NESTING + 1} deep") as caught:
        gate_query(_nested(MAX_NESTING - 1))
    assert caught.value.code == "KGC404"
    # brackets in strings, IRIs and comments do not count
    quoted = "SELECT * WHERE { ?s ?p '" + "(" * 200 + "' # " + "{" * 200 + "\n }"
    assert gate_query(quoted).form == "select"


def test_gate_finds_service_deep_in_a_nested_query() -> None:
    deep = "SELECT * WHERE " + "{ " * 50 + f"SERVICE <{SSRF}> {{ ?a ?b ?c }}" + " }" * 50
    with pytest.raises(StoreError, match="SERVICE") as caught:
        gate_query(deep)
    assert caught.value.code == "KGC405"


def test_gate_triple_patterns_read_in_a_loop_mean_what_they_meant() -> None:
    from rdflib import Graph

    graph = Graph()
    graph.parse(data="<urn:a> <urn:p> <urn:b> . <urn:b> <urn:q> 1 .", format="turtle")
    text = "SELECT ?x WHERE { ?a <urn:p> ?b . # c\n ?b <urn:q> ?x . }"
    assert [str(row[0]) for row in graph.query(gate_query(text).text)] == ["1"]
    for broken in ("SELECT * WHERE { ?s ?p ?o . . ?a ?b ?c }", "CONSTRUCT { ?s ?p ?o . . } {}"):
        with pytest.raises(StoreError) as caught:
            gate_query(broken)
        assert caught.value.code == "KGC404"
