"""A knowledge base read from a SPARQL 1.1 endpoint (``knowledge_base.store: sparql:<url>``):
the Acme acceptance cases give the same reports as the KB in memory, on a minimal endpoint and on
Virtuoso, with no local copy of the facts and few queries per turn."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest
from rdflib import BNode, Literal, URIRef
from typer.testing import CliRunner

from kgcheck import Checker, DialogueState, KnowledgeBase
from kgcheck.cli import app
from kgcheck.config import Config, load_config
from kgcheck.errors import ConfigError, KbEndpointUnreachable
from kgcheck.kb.remote import sparql_term
from kgcheck.types import Decision
from tests.conftest import ACME_CONFIG, ACME_DIR, EX, ROOT
from tests.store.fake_sparql import FakeSparql
from tests.store.virtuoso import LocalVirtuoso

GRAPH = "https://example.org/acme-kb"
NOW = "2026-11-22T10:00:00+00:00"

#: (earlier user turn, reply): true and false replies of the clinic example.
CASES = [
    (None, "Dr. Amira Patel works in Cardiology and her extension is 4412."),
    ("What's Dr. Patel's extension?", "Dr. Patel's extension is 4413."),
    ("Who leads Oncology?", "Dr. Helen Brooks leads Oncology."),
    (None, "Sarah Lee leads Analytics."),
    (None, "I think Linh Nguyen is a doctor."),
    (None, "Miguel Reyes works in Oncology."),
    (None, "Dr. Amira Patell works in Cardiology."),
    (None, "Tom Okafor is a manager."),
    (None, "Dr. Reyes does not work in Pediatrics. Linh Nguyen is a nurse."),
    ("Does Dr. Amira Patel work in Cardiology?", "Yes, she works in Oncology."),
    ("Is Karen Whitfield one of your nurses?", "I could not find Karen Whitfield."),
    (None, "Dr. Zed Quux leads Cardiology."),
    (None, "Priya Raman leads Analytics and Hiroshi Tanaka leads Oncology."),
]


def _acme_quads() -> list[ox.Quad]:
    store = ox.Store()
    graph = ox.NamedNode(GRAPH)
    for name in ("ontology.ttl", "kb.ttl"):
        store.bulk_load(path=str(ACME_DIR / name), format=ox.RdfFormat.TURTLE, to_graph=graph)
    return list(store.quads_for_pattern(None, None, None, None))


def _config(store: str, index_dir: Path) -> Config:
    """The Acme configuration with its rules, the KB at ``store`` and no NLI model (the
    comparison is of the symbolic checks, which the KB feeds)."""
    config = load_config(ACME_CONFIG)
    config.rules = [ROOT / "rules" / "acme" / "acme.yaml"]
    config.nli.model = None
    if store != "memory":
        config.knowledge_base.sources = []
        config.knowledge_base.store = store
        config.knowledge_base.graph = GRAPH
        config.knowledge_base.index_dir = index_dir
    return config


@pytest.fixture(scope="module")
def minimal() -> Iterator[FakeSparql]:
    endpoint = FakeSparql()
    endpoint.store.extend(_acme_quads())
    yield endpoint
    endpoint.stop()


@pytest.fixture(scope="module")
def acme_on_virtuoso(virtuoso: LocalVirtuoso, tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("acme") / "acme.nq"
    store = ox.Store()
    store.extend(_acme_quads())
    store.dump(str(path), format=ox.RdfFormat.N_QUADS)
    virtuoso.ensure_running().load_nquads(path)
    return virtuoso.sparql_url


@pytest.fixture(scope="module")
def in_memory(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    return Checker(_config("memory", tmp_path_factory.mktemp("unused")))


@pytest.fixture(scope="module")
def served_by_kgcheck() -> Iterator[str]:
    """The KB served by ``kgcheck endpoint``'s own SPARQL endpoint."""
    pytest.importorskip("uvicorn", reason="kgcheck endpoint needs the [server] extra")
    from kgcheck.endpoint import SparqlEndpoint

    store = ox.Store()
    store.extend(_acme_quads())
    with SparqlEndpoint(store, port=0) as endpoint:
        yield endpoint.url


@pytest.fixture(scope="module")
def cutting() -> Iterator[FakeSparql]:
    """An endpoint that answers at most 25 rows and says so, as Virtuoso does past its
    ResultSetMaxRows: the KB's scans (names, a property's pairs) must read past it."""
    endpoint = FakeSparql()
    endpoint.store.extend(_acme_quads())
    endpoint.max_rows = 25
    yield endpoint
    endpoint.stop()


@pytest.fixture
def fresh() -> Iterator[FakeSparql]:
    """An endpoint of the Acme KB for one test, whose queries only that test sends."""
    endpoint = FakeSparql()
    endpoint.store.extend(_acme_quads())
    yield endpoint
    endpoint.stop()


@pytest.fixture(scope="module", params=["minimal", "cutting", "kgcheck-endpoint", "virtuoso"])
def endpoint_url(request: pytest.FixtureRequest) -> str:
    if request.param in ("minimal", "cutting"):
        url: str = request.getfixturevalue(request.param).url
        return url
    if request.param == "kgcheck-endpoint":
        url = request.getfixturevalue("served_by_kgcheck")
        return url
    url = request.getfixturevalue("acme_on_virtuoso")
    return url


@pytest.fixture(scope="module")
def remote(endpoint_url: str, tmp_path_factory: pytest.TempPathFactory) -> Checker:
    return Checker(_config(f"sparql:{endpoint_url}", tmp_path_factory.mktemp("index")))


def _outcome(checker: Checker, before: str | None, reply: str) -> dict[str, Any]:
    state = DialogueState()
    if before is not None:
        state.add_turn("user", before)
    report = checker.check_turn(reply, state, now=NOW)
    return {
        "decision": report.decision,
        "text": report.text,
        "flags": [
            (f.type, f.content, f.span.start, round(f.confidence, 3), f.focus) for f in report.flags
        ],
        "actions": [(a.kind, a.replacement) for a in report.actions],
        "errors": report.errors,
    }


@pytest.mark.parametrize(("before", "reply"), CASES)
def test_remote_kb_reports_equal_the_kb_in_memory(
    remote: Checker, in_memory: Checker, before: str | None, reply: str
) -> None:
    assert _outcome(remote, before, reply) == _outcome(in_memory, before, reply)


def test_remote_kb_catches_and_corrects_without_a_local_copy(remote: Checker) -> None:
    kb = remote.kb
    assert kb.remote is not None and kb.graph.store is kb.remote
    # only the triples with a blank node are copied
    assert all(isinstance(s, BNode) or isinstance(o, BNode) for s, _, o in kb.remote.local)
    assert len(kb.remote.local) < len(kb) / 20
    report = remote.check_turn("Miguel Reyes works in Oncology.", now=NOW)
    assert report.decision == Decision.REVISE
    assert report.text == "Miguel Reyes works in Pediatrics."
    assert remote.check_turn("Miguel Reyes works in Pediatrics.", now=NOW).flags == []


def test_remote_kb_counts_and_values_match_memory(remote: Checker, in_memory: Checker) -> None:
    a, b = remote.kb, in_memory.kb
    assert len(a) == len(b)
    patel = URIRef(EX + "amiraPatel")
    works_in = URIRef(EX + "worksIn")
    assert a.values(patel, works_in) == b.values(patel, works_in) != []
    assert a.types(patel) == b.types(patel)
    assert sorted(a.labels.exact("Amira Patel")) == sorted(b.labels.exact("Amira Patel"))


def test_remote_kb_warm_turn_sends_only_the_rule_queries_and_a_cold_one_few(
    minimal: FakeSparql, tmp_path: Path
) -> None:
    checker = Checker(_config(f"sparql:{minimal.url}", tmp_path))
    rules = sum(1 for r in checker.rules.book.reply if r.query is not None and r.enabled)
    assert rules >= 1
    reply = "Dr. Amira Patel works in Cardiology and her extension is 4412."
    before = minimal.requests
    checker.check_turn(reply, now=NOW)
    cold = minimal.requests - before
    assert 0 < cold <= 6 + rules
    before = minimal.requests
    checker.check_turn(reply, now=NOW)
    assert minimal.requests - before <= rules  # facts cached: only the rules ask again


def test_remote_kb_reads_every_name_and_value_past_the_servers_row_limit(
    cutting: FakeSparql, in_memory: Checker, tmp_path: Path
) -> None:
    # the string values by property (each under the limit here, read by its index), the
    # names of a label predicate in pages: nothing of the KB is left out of its indexes
    config = _config(f"sparql:{cutting.url}", tmp_path)
    before = len(cutting.queries)
    kb = KnowledgeBase.from_config(config.knowledge_base)
    local = in_memory.kb
    assert len(kb.labels) == len(local.labels)
    assert sorted(map(str, kb.string_values())) == sorted(map(str, local.string_values()))
    sent = cutting.queries[before:]
    assert any(q.startswith("SELECT DISTINCT ?p") for q in sent)
    assert any("OFFSET" in q for q in sent)


def test_remote_kb_string_values_are_read_once_at_the_build(
    fresh: FakeSparql, tmp_path: Path
) -> None:
    # the word index and the forms of the values come from one pass: on 10M triples on
    # Virtuoso each pass took minutes, and the second, made in the warm-up check, ran past
    # its budget (KGC708)
    checker = Checker(_config(f"sparql:{fresh.url}", tmp_path))
    scans = [q for q in fresh.queries if "STRLEN(STR(?o))" in q]
    assert len(scans) == 1
    assert checker.warm_up_failures == ()


def test_remote_kb_a_turn_never_reads_all_of_a_propertys_values(
    fresh: FakeSparql, tmp_path: Path
) -> None:
    # on 10M triples on Virtuoso the first check read every extension (933k) to tell whether
    # the property points at address-like nodes: 29 s, past the check's budget (KGC708)
    checker = Checker(_config(f"sparql:{fresh.url}", tmp_path))
    state = DialogueState()
    state.add_turn("user", "Which department does Dr. Amira Patel work in?")
    before = len(fresh.queries)
    report = checker.check_turn(
        "Dr. Amira Patel works in Cardiology and her extension is 4412.", state, now=NOW
    )
    assert report.errors == []
    scans = [q for q in fresh.queries[before:] if q.startswith("SELECT ?s ?o WHERE { ?s <")]
    assert scans == []


def test_remote_kb_label_index_is_kept_and_refreshed_on_demand(
    minimal: FakeSparql, tmp_path: Path
) -> None:
    config = _config(f"sparql:{minimal.url}", tmp_path)
    KnowledgeBase.from_config(config.knowledge_base)
    kept = list(tmp_path.glob("*/kgcheck-labels.json"))
    assert len(kept) == 1
    stamp = kept[0].stat().st_mtime_ns
    KnowledgeBase.from_config(config.knowledge_base)  # read back, not rebuilt
    assert kept[0].stat().st_mtime_ns == stamp
    path = tmp_path / "kgcheck.yaml"
    path.write_text(
        f"knowledge_base:\n  store: 'sparql:{minimal.url}'\n  graph: '{GRAPH}'\n"
        f"  index_dir: '{tmp_path}'\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["kb", "refresh", "--config", str(path)])
    assert result.exit_code == 0, result.output
    assert "names indexed" in result.output
    assert kept[0].stat().st_mtime_ns != stamp


def test_remote_kb_endpoint_down_at_start_names_the_endpoint(tmp_path: Path) -> None:
    endpoint = FakeSparql()
    endpoint.mode = "500"
    try:
        config = _config(f"sparql:{endpoint.url}", tmp_path)
        config.knowledge_base.retries = 0
        with pytest.raises(KbEndpointUnreachable, match=r"127\.0\.0\.1.*HTTP 500"):
            KnowledgeBase.from_config(config.knowledge_base)
    finally:
        endpoint.stop()


def test_remote_kb_endpoint_failing_mid_turn_never_accepts(tmp_path: Path) -> None:
    endpoint = FakeSparql()
    endpoint.store.extend(_acme_quads())
    try:
        config = _config(f"sparql:{endpoint.url}", tmp_path)
        config.knowledge_base.retries = 0
        checker = Checker(config)
        endpoint.mode = "500"
        report = checker.check_turn("Miguel Reyes works in Oncology.", now=NOW)
        assert report.decision != Decision.ACCEPT
        assert report.errors
    finally:
        endpoint.stop()


def test_remote_kb_retries_a_failing_read(minimal: FakeSparql, tmp_path: Path) -> None:
    checker = Checker(_config(f"sparql:{minimal.url}", tmp_path))
    minimal.mode, minimal.failures = "500", 1
    try:
        report = checker.check_turn("Miguel Reyes works in Oncology.", now=NOW)
    finally:
        minimal.mode, minimal.failures = "ok", None
    assert report.errors == [] and report.text == "Miguel Reyes works in Pediatrics."


def test_remote_kb_blank_nodes_are_read_once_into_the_local_graph(tmp_path: Path) -> None:
    endpoint = FakeSparql()
    quads = _acme_quads()
    graph = ox.NamedNode(GRAPH)
    assertion = ox.BlankNode()
    owl = "http://www.w3.org/2002/07/owl#"
    quads += [
        ox.Quad(
            assertion,
            ox.NamedNode(RDF_TYPE),
            ox.NamedNode(owl + "NegativePropertyAssertion"),
            graph,
        ),
        ox.Quad(
            assertion,
            ox.NamedNode(owl + "sourceIndividual"),
            ox.NamedNode(EX + "amiraPatel"),
            graph,
        ),
        ox.Quad(
            assertion, ox.NamedNode(owl + "assertionProperty"), ox.NamedNode(EX + "worksIn"), graph
        ),
        ox.Quad(
            assertion, ox.NamedNode(owl + "targetIndividual"), ox.NamedNode(EX + "oncology"), graph
        ),
    ]
    endpoint.store.extend(quads)
    try:
        kb = KnowledgeBase.from_config(_config(f"sparql:{endpoint.url}", tmp_path).knowledge_base)
        assert kb.remote is not None and len(kb.remote.local) >= 4
        patel, works_in = URIRef(EX + "amiraPatel"), URIRef(EX + "worksIn")
        assert URIRef(EX + "oncology") in kb.negated(patel, works_in)
    finally:
        endpoint.stop()


RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


@pytest.mark.parametrize(
    "text",
    ['x" } ; DROP ALL ; SELECT * { "', "back\\slash", "new\nline", "<https://example.org/x>"],
)
def test_remote_kb_looks_up_any_text_without_breaking_the_query(remote: Checker, text: str) -> None:
    assert remote.kb.has_literal(text) is False
    assert remote.kb.in_literal(text) is False


@pytest.mark.parametrize("iri", ["https://example.org/a>b", "https://example.org/a b", "noscheme"])
def test_sparql_term_refuses_an_iri_that_would_break_out(iri: str) -> None:
    with pytest.raises(ValueError, match="IRI"):
        sparql_term(URIRef(iri))


def test_sparql_term_escapes_literals() -> None:
    assert sparql_term(Literal('a "b"\n')) == '"a \\"b\\"\\n"'


def test_remote_kb_graph_must_be_an_iri(tmp_path: Path) -> None:
    path = tmp_path / "kgcheck.yaml"
    path.write_text(
        "knowledge_base:\n  store: 'sparql:http://127.0.0.1:1/sparql'\n  graph: 'not an iri'\n",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError, match=r"knowledge_base\.graph"):
        load_config(path)


def test_remote_kb_rules_see_the_facts_of_the_entities_claims_name(remote: Checker) -> None:
    # acme.yaml's SPARQL rule joins the claim with `?unit ex:ledBy ?expected` on the KB
    state = DialogueState()
    report = remote.check_turn("Sarah Lee leads Analytics.", copy.deepcopy(state), now=NOW)
    rules = [f for f in report.flags if f.rule is not None]
    assert rules, report.flags
