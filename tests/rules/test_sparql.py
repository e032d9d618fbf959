"""SPARQL rules: checked when they load; on replies, each row with ``?claim`` is one flag."""

from __future__ import annotations

import pytest

from kgcheck import FlagType, Severity
from kgcheck.rules.sparql import QueryProblem, prepare_query
from tests.rules.conftest import Reply

KGC = {"kgc": "https://w3id.org/kgcheck#"}


def sparql_rule(query: str, message: str = "{claim}", type_: str = "contradicts_fact") -> str:
    body = "\n".join("      " + line for line in query.strip().splitlines())
    return (
        f"rules:\n  - id: q\n    description: a query under test\n    type: {type_}\n"
        f"    severity: high\n    message: '{message}'\n    sparql: |\n{body}\n"
    )


@pytest.mark.parametrize(
    ("query", "require", "message", "line"),
    [
        ("SELECT ?claim WHERE { ?claim a kgc:Claim }", ("claim",), None, None),
        ("ASK { ?s ?p ?o }", (), "must be a SELECT query", None),
        ("CONSTRUCT WHERE { ?s ?p ?o }", (), "must be a SELECT query", None),
        (
            "SELECT ?s WHERE { ?s a kgc:Claim }",
            ("claim",),
            "the query must select ?claim (the claim each row flags)",
            None,
        ),
        (
            "SELECT ?claim WHERE {\n  ?claim a kgc:Claim .\n  BIND(1 AS)\n}",
            (),
            "SPARQL syntax error at query line 3, column 13: expected NOT",
            3,
        ),
        ("DELETE WHERE { ?s ?p ?o }", (), None, 1),
    ],
)
def test_sparql_prepare_query_checks_the_query(
    query: str, require: tuple[str, ...], message: str | None, line: int | None
) -> None:
    if message is None and line is None:
        assert prepare_query(query, KGC, require=require).variables == ("claim",)
        return
    with pytest.raises(QueryProblem) as info:
        prepare_query(query, KGC, require=require)
    if message is not None:
        assert info.value.message == message
    assert info.value.line == line


LEADER = """
SELECT ?claim ?subject ?unit ?expected WHERE {
  GRAPH <urn:kgcheck:turn> {
    ?claim a kgc:Claim ; kgc:subject ?subject ; kgc:predicate ex:leads ; kgc:object ?unit ;
           kgc:polarity true .
  }
  ?unit ex:ledBy ?expected .
  FILTER(?expected != ?subject)
}
"""


def test_sparql_rule_flags_the_claim_of_each_row(reply_flags: Reply) -> None:
    rule = sparql_rule(LEADER, "{unit} is led by {expected}, not {subject}")
    (flag,) = reply_flags(rule, "Sarah Lee leads Cardiology.")
    assert flag.type == FlagType.CONTRADICTS_FACT
    assert flag.message == "Cardiology is led by Dr. Amira Patel, not Sarah Lee"
    assert (flag.rule, flag.severity, flag.content) == (
        "q",
        Severity.HIGH,
        "Sarah Lee leads Cardiology",
    )
    # ?expected is the correction of the claim's object
    assert (flag.correction, flag.correction_span) == (
        "Dr. Amira Patel",
        flag.span.__class__(16, 26),
    )
    assert flag.evidence[0].kind == "rule"


def test_sparql_rule_silent_when_the_kb_agrees(reply_flags: Reply) -> None:
    assert reply_flags(sparql_rule(LEADER), "Dr. Amira Patel leads Cardiology.") == []


EARLIER = """
SELECT ?claim ?value ?said ?speaker WHERE {
  GRAPH <urn:kgcheck:turn> {
    ?claim kgc:subject ?s ; kgc:predicate ex:extension ; kgc:object ?value .
  }
  GRAPH <urn:kgcheck:history> {
    ?earlier kgc:subject ?s ; kgc:predicate ex:extension ; kgc:object ?before ;
             kgc:text ?said ; kgc:speaker ?speaker ; kgc:turnIndex ?turn .
  }
  FILTER(STR(?before) != STR(?value))
}
"""


@pytest.mark.parametrize(
    ("history", "messages"),
    [
        (
            [("user", "Is Dr. Patel on 4412?"), ("assistant", "Dr. Patel's extension is 4412.")],
            ["4413 contradicts assistant: Dr. Patel's extension is 4412."],
        ),
        # questions are not claims
        ([("user", "Is Dr. Patel's extension 4412?")], []),
        ([], []),
    ],
)
def test_sparql_rule_sees_earlier_claims_in_the_history_graph(
    reply_flags: Reply, history: list[tuple[str, str]], messages: list[str]
) -> None:
    rule = sparql_rule(EARLIER, "{value} contradicts {speaker}: {said}", "contradicts_prior")
    flags = reply_flags(rule, "Dr. Patel's extension is 4413.", history)
    assert [f.message for f in flags] == messages


def test_sparql_rule_reads_claim_text_and_polarity(reply_flags: Reply) -> None:
    query = """
    SELECT ?claim ?sentence WHERE {
      GRAPH <urn:kgcheck:turn> { ?claim kgc:polarity false ; kgc:text ?sentence }
    }
    """
    flags = reply_flags(
        sparql_rule(query, "denied: {sentence}"),
        "Dr. Reyes does not work in Pediatrics. Dr. Patel works in Cardiology.",
    )
    assert [f.message for f in flags] == ["denied: Dr. Reyes does not work in Pediatrics."]


def test_sparql_rule_rows_without_a_turn_claim_are_ignored(reply_flags: Reply) -> None:
    query = "SELECT ?claim WHERE { ?claim a ex:Doctor }"  # KB nodes, not claims
    assert reply_flags(sparql_rule(query), "Dr. Patel works in Cardiology.") == []


def test_sparql_rule_claim_data_never_enters_the_query_text(reply_flags: Reply) -> None:
    # a reply that looks like SPARQL is data in a graph, never part of a query
    query = "SELECT ?claim ?t WHERE { GRAPH <urn:kgcheck:turn> { ?claim kgc:text ?t } }"
    reply = 'Dr. Patel works in Cardiology"} DROP ALL; # .'
    flags = reply_flags(sparql_rule(query, "{t}"), reply)
    assert [f.message for f in flags] == [reply]
