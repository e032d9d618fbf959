"""Rules over a KB on an endpoint: the turn's graph blocks become VALUES of their solutions."""

from __future__ import annotations

import pyoxigraph as ox
import pytest

from kgcheck.rules.values import endpoint_query, graph_blocks

TURN = "urn:kgcheck:turn"
KGC = "https://w3id.org/kgcheck#"
EX = "https://example.org/t#"


def _claim(n: int, subject: str, text: str) -> list[ox.Quad]:
    g, c = ox.NamedNode(TURN), ox.NamedNode(f"urn:kgcheck:claim:{n}")
    return [
        ox.Quad(c, ox.NamedNode(KGC + "subject"), ox.NamedNode(EX + subject), g),
        ox.Quad(c, ox.NamedNode(KGC + "text"), ox.Literal(text), g),
    ]


def _run(query: str, kb: ox.Store) -> list[dict[str, str]]:
    result = kb.query(query)
    assert isinstance(result, ox.QuerySolutions)
    names = [v.value for v in result.variables]
    return [{n: s[n].value for n in names if s[n] is not None} for s in result]


def test_values_query_answers_as_the_rule_over_kb_and_claims() -> None:
    rule = (
        "SELECT ?claim ?boss WHERE { GRAPH <urn:kgcheck:turn> { ?claim kgc:subject ?who } "
        "?who ex:reportsTo ?mid . ?mid ex:reportsTo ?boss }"  # two hops into the KB
    )
    kb = ox.Store()
    for a, b in (("ann", "bob"), ("bob", "cy"), ("dan", "eve")):
        kb.add(ox.Quad(ox.NamedNode(EX + a), ox.NamedNode(EX + "reportsTo"), ox.NamedNode(EX + b)))
    quads = _claim(0, "ann", "Ann") + _claim(1, "dan", "Dan")
    text = endpoint_query(rule, {"kgc": KGC, "ex": EX}, quads, [TURN])
    assert text is not None and "VALUES" in text and "GRAPH" not in text
    assert _run(text, kb) == [{"claim": "urn:kgcheck:claim:0", "boss": EX + "cy"}]


@pytest.mark.parametrize(
    "said", ['He said "} DROP ALL {"', "back\\slash } {", "line\nbreak", "it's"]
)
def test_values_query_escapes_every_value_the_reply_holds(said: str) -> None:
    rule = "SELECT ?claim ?t WHERE { GRAPH <urn:kgcheck:turn> { ?claim kgc:text ?t } }"
    text = endpoint_query(rule, {"kgc": KGC}, _claim(0, "ann", said), [TURN])
    assert text is not None
    assert _run(text, ox.Store()) == [{"claim": "urn:kgcheck:claim:0", "t": said}]


def test_graph_blocks_skip_braces_in_strings_iris_and_comments() -> None:
    query = (
        'SELECT * WHERE { # a } comment\n GRAPH <urn:kgcheck:turn> { ?c kgc:text "}{" . '
        "FILTER(?n < 3 && ?m > 1) } ?x <https://e.org/a{b> ?y }"
    )
    blocks = graph_blocks(query, [TURN])
    assert blocks is not None and len(blocks) == 1
    start, end, inner = blocks[0]
    assert query[start:end].startswith("GRAPH") and query[end - 1] == "}"
    assert '"}{"' in inner and "FILTER(?n < 3 && ?m > 1)" in inner


@pytest.mark.parametrize(
    "query",
    [
        "SELECT ?claim WHERE { GRAPH ?g { ?claim ?p ?o } FILTER(?g = <urn:kgcheck:turn>) }",
        "SELECT ?claim FROM NAMED <urn:kgcheck:turn> WHERE { GRAPH ?g { ?claim ?p ?o } }",
        "SELECT ?claim WHERE { GRAPH <urn:kgcheck:turn> { ?claim ?p ?o",
    ],
)
def test_queries_naming_the_turn_graph_otherwise_are_not_rewritten(query: str) -> None:
    assert endpoint_query(query, {}, _claim(0, "ann", "x"), [TURN]) is None


def test_a_block_with_no_solutions_matches_nothing_at_the_endpoint() -> None:
    rule = "SELECT ?claim WHERE { GRAPH <urn:kgcheck:turn> { ?claim kgc:nothing ?x } }"
    text = endpoint_query(rule, {"kgc": KGC}, _claim(0, "ann", "x"), [TURN])
    assert text is not None and _run(text, ox.Store()) == []


def test_blank_nodes_in_a_block_are_not_sent() -> None:
    quads = [
        ox.Quad(
            ox.NamedNode("urn:kgcheck:claim:0"),
            ox.NamedNode(KGC + "x"),
            ox.BlankNode(),
            ox.NamedNode(TURN),
        )
    ]
    rule = "SELECT ?claim ?v WHERE { GRAPH <urn:kgcheck:turn> { ?claim kgc:x ?v } }"
    assert endpoint_query(rule, {"kgc": KGC}, quads, [TURN]) is None
