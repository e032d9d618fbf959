"""Telling queries from updates, predeclared prefixes, and the filters of ``kgcheck flags``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from kgcheck.errors import StoreError
from kgcheck.store.queries import FlagFilter, parse_since, query_form, with_prefixes


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("SELECT ?f WHERE { ?f a kgc:Flag }", "select"),
        ("prefix ex: <https://e/> select * { ?s ex:p ?o }", "select"),
        ("ASK { ?f kgc:reviewStatus kgc:Pending }", "ask"),
        ("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }", "construct"),
        ("DESCRIBE <urn:kgcheck:flag:abc-0>", "describe"),
        # update words inside strings, IRIs, comments and prefixed names are not updates
        ('SELECT ?f WHERE { ?f kgc:content "insert data { } delete" }', "select"),
        ("SELECT ?f WHERE { ?f <urn:x:DELETE> ?o } # DROP ALL", "select"),
        ("PREFIX ex: <https://e/> SELECT ?s WHERE { ?s ex:delete ex:insert }", "select"),
        ("SELECT ?insert WHERE { ?insert a kgc:Flag }", "select"),
    ],
)
def test_queries_query_form_recognises_queries(text: str, form: str) -> None:
    assert query_form(text) == form


@pytest.mark.parametrize(
    "text",
    [
        "INSERT DATA { <urn:a> <urn:b> 1 }",
        "delete where { ?s ?p ?o }",
        "DROP ALL",
        "CLEAR GRAPH <urn:g>",
        "LOAD <http://example.org/x.ttl>",
        "WITH <urn:g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
        "SELECT * WHERE { ?s ?p ?o } ; INSERT DATA { <urn:a> <urn:b> 1 }",
        "PREFIX ex: <https://e/>\nDELETE DATA { ex:a ex:b ex:c }",
    ],
)
def test_queries_query_form_refuses_updates(text: str) -> None:
    with pytest.raises(StoreError) as caught:
        query_form(text)
    assert caught.value.code == "KGC405"


def test_queries_query_form_refuses_service_unless_allowed() -> None:
    text = "SELECT * WHERE { SERVICE <http://10.0.0.1/sparql> { ?s ?p ?o } }"
    assert query_form(text, service_allow=["http://10.0.0.1/sparql"]) == "select"
    with pytest.raises(StoreError, match="SERVICE"):
        query_form(text)


def test_queries_query_form_refuses_text_without_a_query() -> None:
    with pytest.raises(StoreError, match="SPARQL syntax error") as caught:
        query_form("hello")
    assert caught.value.code == "KGC404"


def test_queries_with_prefixes_adds_only_undeclared_prefixes() -> None:
    text = with_prefixes("PREFIX kgc: <https://w3id.org/kgcheck#> SELECT * {}")
    assert text.count("PREFIX kgc:") == 1
    assert "PREFIX prov: <http://www.w3.org/ns/prov#>" in text
    assert "PREFIX xsd:" in text


NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("24h", NOW - timedelta(hours=24)),
        ("7d", NOW - timedelta(days=7)),
        ("90m", NOW - timedelta(minutes=90)),
        ("2w", NOW - timedelta(weeks=2)),
        ("2026-11-01", datetime(2026, 11, 1, tzinfo=UTC)),
        ("2026-11-01T09:00:00+01:00", datetime(2026, 11, 1, 8, 0, tzinfo=UTC)),
    ],
)
def test_queries_parse_since_reads_spans_and_iso_times(text: str, expected: datetime) -> None:
    assert parse_since(text, now=NOW) == expected


def test_queries_parse_since_refuses_other_text() -> None:
    with pytest.raises(StoreError) as caught:
        parse_since("last tuesday")
    assert caught.value.code == "KGC406"


@pytest.mark.parametrize(("field", "value"), [("flag_type", "made_up"), ("status", "done")])
def test_queries_flag_filter_refuses_unknown_values(field: str, value: str) -> None:
    with pytest.raises(StoreError) as caught:
        FlagFilter(**{field: value})
    assert caught.value.code == "KGC406"


def test_queries_flag_filter_escapes_session_ids() -> None:
    clauses = FlagFilter(session='x" } DROP ALL #').clauses()
    assert '"x\\" } DROP ALL #"' in clauses
