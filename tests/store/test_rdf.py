"""A report as RDF: one named graph per turn, flags shaped like SHACL results, PROV-O, and
writing the same report twice changing nothing."""

from __future__ import annotations

import pyoxigraph as ox
import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import PROV, RDF, XSD

from kgcheck.failures import CheckError
from kgcheck.store.rdf import (
    flag_id,
    flag_iri,
    insert_data,
    nt,
    report_iri,
    report_triples,
    report_updates,
    short_flag_id,
    turn_graph,
)
from kgcheck.types import FlagType
from kgcheck.vocab import KGC
from tests.store.reports import EX, make_report


def _graph(report_types: tuple[FlagType, ...] = (FlagType.WRONG_ATTRIBUTE,)) -> tuple[Graph, str]:
    report = make_report(types=report_types)
    graph = Graph()
    for triple in report_triples(report):
        graph.add(triple)
    return graph, report.report_id


@pytest.mark.parametrize(
    ("session", "turn", "expected"),
    [
        ("s1", 3, "urn:kgcheck:session:s1/turn/3"),
        ("c-42", 0, "urn:kgcheck:session:c-42/turn/0"),
        ("a b/c:d", 1, "urn:kgcheck:session:a%20b%2Fc%3Ad/turn/1"),
    ],
)
def test_rdf_turn_graph_names_session_and_turn(session: str, turn: int, expected: str) -> None:
    assert turn_graph(session, turn) == URIRef(expected)


def test_rdf_report_holds_session_turn_decision_counts_and_timings() -> None:
    graph, rid = _graph()
    node = report_iri(rid)
    assert (node, RDF.type, KGC.TurnReport) in graph
    assert graph.value(node, KGC.session) == Literal("s1")
    assert graph.value(node, KGC.turnIndex).toPython() == 1
    assert graph.value(node, KGC.decision) == KGC.Revise
    assert float(graph.value(node, KGC.answerConfidence).toPython()) == pytest.approx(0.41)
    assert graph.value(node, KGC.claimCount).toPython() == 1
    assert graph.value(node, KGC.time).datatype == XSD.dateTime
    stages = {str(graph.value(t, KGC.stage)) for t in graph.objects(node, KGC.stageTiming)}
    assert stages == {"nlp", "total"}


def test_rdf_flag_follows_the_shape_of_a_validation_result() -> None:
    graph, rid = _graph()
    flag = flag_iri(flag_id(rid, 0))
    assert (report_iri(rid), KGC.hasFlag, flag) in graph
    expected = {
        KGC.flagType: KGC.WrongAttribute,
        KGC.focusNode: URIRef(EX + "amiraPatel"),  # sh:focusNode
        KGC.content: Literal("4413"),  # sh:value
        KGC.severity: KGC.High,  # sh:resultSeverity
        KGC.detector: Literal("wrong_attribute"),  # sh:sourceConstraintComponent
        KGC.rule: Literal("acme-extension"),  # sh:sourceShape
        KGC.reviewStatus: KGC.Pending,
        KGC.correction: Literal("4412"),
    }
    for prop, value in expected.items():
        assert graph.value(flag, prop) == value, prop
    assert str(graph.value(flag, KGC.message)).startswith("Not 4413")
    assert graph.value(flag, KGC.spanStart).toPython() == 25


def test_rdf_evidence_keeps_its_triples_with_iris_and_literals() -> None:
    graph, rid = _graph()
    evidence = graph.value(flag_iri(flag_id(rid, 0)), KGC.evidence)
    assert graph.value(evidence, KGC.evidenceKind) == Literal("kb")
    statement = graph.value(evidence, KGC.evidenceTriple)
    assert graph.value(statement, RDF.subject) == URIRef(EX + "amiraPatel")
    assert graph.value(statement, RDF.predicate) == URIRef(EX + "extension")
    assert graph.value(statement, RDF.object) == Literal("4412")


def test_rdf_actions_point_at_their_flags() -> None:
    graph, rid = _graph()
    action = graph.value(report_iri(rid), KGC.hasAction)
    assert graph.value(action, KGC.actionKind) == KGC.CorrectAction
    assert graph.value(action, KGC.onFlag) == flag_iri(flag_id(rid, 0))
    assert graph.value(action, KGC.replacement) == Literal("4412")


def test_rdf_prov_says_who_produced_what_when() -> None:
    graph, rid = _graph()
    check = graph.value(report_iri(rid), PROV.wasGeneratedBy)
    flag = flag_iri(flag_id(rid, 0))
    assert (check, RDF.type, KGC.Check) in graph
    assert graph.value(flag, PROV.wasGeneratedBy) == check
    assert graph.value(check, PROV.startedAtTime) is not None
    assert (graph.value(check, PROV.wasAssociatedWith), RDF.type, PROV.SoftwareAgent) in graph
    detector = graph.value(flag, PROV.wasAttributedTo)
    assert (detector, RDF.type, PROV.SoftwareAgent) in graph


def test_rdf_same_report_gives_the_same_triples() -> None:
    report = make_report()
    assert report_triples(report) == report_triples(report)
    assert not any(
        isinstance(term, str) and term.startswith("_:")
        for t in report_triples(report)
        for term in t
    )


def test_rdf_insert_data_twice_changes_nothing() -> None:
    report = make_report(text='Quote "this" \\ and café ☕ 😀\nnext line.')
    update = insert_data(turn_graph("s1", 1), report_triples(report))
    store = ox.Store()
    store.update(update)
    size = len(store)
    store.update(update)
    assert len(store) == size
    texts = [
        q.object.value
        for q in store.quads_for_pattern(None, ox.NamedNode(str(KGC.replyText)), None)
    ]
    assert texts == [report.original]


@pytest.mark.parametrize(
    "text", ["plain", 'a "quoted" word', "back\\slash", "new\nline\ttab", "café ☕ 😀"]
)
def test_rdf_nt_literals_parse_back_to_the_same_text(text: str) -> None:
    line = f"<urn:a> <urn:b> {nt(Literal(text))} ."
    assert nt(Literal(text)).isascii()
    graph = Graph().parse(data=line, format="nt")
    assert str(next(iter(graph.objects()))) == text


def test_rdf_short_flag_id_round_trips() -> None:
    assert short_flag_id(str(flag_iri("3f2a9c0d1b7e4a55-2"))) == "3f2a9c0d1b7e4a55-2"
    assert flag_iri("urn:kgcheck:flag:3f2a-1") == URIRef("urn:kgcheck:flag:3f2a-1")


def test_rdf_report_updates_one_update_unless_too_many_triples() -> None:
    report = make_report(types=(FlagType.WRONG_ATTRIBUTE,) * 12)
    assert len(report_updates(report)) == 1
    parts = report_updates(report, max_triples=100)
    assert len(parts) == -(-len(report_triples(report)) // 100)
    sizes = [sum(1 for line in p.splitlines() if line.endswith(" .")) for p in parts]
    assert max(sizes) <= 100 and sum(sizes) == len(report_triples(report))
    assert (
        "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://w3id.org/kgcheck#TurnReport>"
        in parts[-1]
    )
    assert all("kgcheck#TurnReport> ." not in p for p in parts[:-1])


def test_rdf_half_written_report_stays_invisible() -> None:
    from kgcheck.store import ReviewQueue
    from kgcheck.store.oxigraph import OxigraphFlagStore

    store = OxigraphFlagStore(None)
    *first, last = report_updates(
        make_report(types=(FlagType.WRONG_ATTRIBUTE,) * 12), max_triples=100
    )
    for update in first:
        store.update(update)
    assert ReviewQueue(store).pending() == []
    store.update(last)
    assert len(ReviewQueue(store).pending()) == 12


def test_rdf_report_holds_one_check_error_node_per_failed_check() -> None:
    report = make_report()
    report.errors = [
        CheckError("detector.contradicts_fact", "KGC701", "RuntimeError: boom"),
        CheckError("nli", "KGC702", "[KGC501] cannot load the NLI model"),
    ]
    graph = Graph()
    for triple in report_triples(report):
        graph.add(triple)
    node = report_iri(report.report_id)
    errors = sorted(
        (
            str(graph.value(e, KGC.stage)),
            str(graph.value(e, KGC.errorCode)),
            str(graph.value(e, KGC.reason)),
        )
        for e in graph.objects(node, KGC.hasError)
        if (e, RDF.type, KGC.CheckError) in graph
    )
    assert errors == [
        ("detector.contradicts_fact", "KGC701", "RuntimeError: boom"),
        ("nli", "KGC702", "[KGC501] cannot load the NLI model"),
    ]


def test_rdf_report_without_failures_has_no_check_error() -> None:
    graph, rid = _graph()
    assert list(graph.objects(report_iri(rid), KGC.hasError)) == []


def test_rdf_focus_with_a_trailing_newline_is_not_an_iri() -> None:
    # "$" let "https://example.org/x\n" through as an IRI and the report was not stored
    report = make_report(types=(FlagType.WRONG_ATTRIBUTE,))
    report.flags[0].focus = EX + "amiraPatel\n"
    triples = list(report_triples(report))
    assert not [t for t in triples if t[1] == KGC.focusNode]
    assert all("\n" not in str(t[2]) for t in triples if isinstance(t[2], URIRef))
