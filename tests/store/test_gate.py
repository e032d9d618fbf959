"""The query gate: a parser, not a regular expression, decides what may reach the store."""

from __future__ import annotations

import pytest

from kgcheck.errors import StoreError
from kgcheck.store.gate import gate_query

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


_FIRST_PARSES_AT_ONCE = """
import threading
from kgcheck.store.gate import gate_query
from kgcheck.store.queries import with_prefixes

query = with_prefixes(
    "SELECT ?state ?version WHERE { GRAPH <urn:g> { <urn:s> kgc:sessionState ?state ; "
    "kgc:version ?version } } ORDER BY DESC(?version) LIMIT 1"
)
start, errors = threading.Barrier(8), []

def run():
    start.wait()
    for _ in range(3):
        try:
            gate_query(query)
        except Exception as exc:
            errors.append(repr(exc))

threads = [threading.Thread(target=run) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(errors), errors[:1])
"""


def test_gate_first_queries_on_threads_at_once_keep_the_parser_working() -> None:
    """A service's first requests, on several threads, broke rdflib's parser for good (every
    query then raised TypeError): it needs a fresh process, where nothing has parsed yet."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent.parent
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_PARSES_AT_ONCE],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        check=True,
    )
    assert done.stdout.strip() == "0 []", done.stdout + done.stderr
