"""The claim graphs rules query and ``DialogueState.to_rdf`` exports, and the history helper."""

from __future__ import annotations

import pyoxigraph as ox

from kgcheck import Checker, DialogueState
from kgcheck.history.rdf import HISTORY_GRAPH, TURN_GRAPH, claim_quads, history_claims
from kgcheck.vocab import KGC_NS
from tests.conftest import NOW

XSD = "http://www.w3.org/2001/XMLSchema#"


def _objects(quads: list[ox.Quad], predicate: str) -> list[str]:
    return [str(q.object) for q in quads if q.predicate.value == KGC_NS + predicate]


def test_rdf_turn_claims_carry_subject_predicate_typed_object_polarity_text(
    acme_checker: Checker,
) -> None:
    analysis = acme_checker.analyzer.analyse(
        "Cardiology has a budget of $4.9 million. Dr. Reyes does not work in Pediatrics."
    )
    turn, history = claim_quads(analysis)
    assert history == []
    assert {q.graph_name.value for q in turn} == {TURN_GRAPH}
    assert _objects(turn, "object") == [
        f'"4900000.0"^^<{XSD}decimal>',
        "<https://example.org/acme#pediatrics>",
    ]
    assert _objects(turn, "polarity") == [f'"true"^^<{XSD}boolean>', f'"false"^^<{XSD}boolean>']
    assert _objects(turn, "text") == [
        '"Cardiology has a budget of $4.9 million."',
        '"Dr. Reyes does not work in Pediatrics."',
    ]
    assert _objects(turn, "turnIndex") == []


def test_rdf_history_claims_come_from_earlier_turns_without_questions(
    acme_checker: Checker,
) -> None:
    state = DialogueState(now=NOW)
    state.add_turn("user", "Does Dr. Patel work in Oncology?")
    state.add_turn("assistant", "Dr. Patel works in Cardiology.")
    acme_checker.update_history(state)
    past = history_claims(state)
    assert [(p.turn, p.speaker, p.sentence) for p in past] == [
        (1, "assistant", "Dr. Patel works in Cardiology.")
    ]
    _, history = claim_quads(acme_checker.analyzer.analyse("Hello."), past)
    assert {q.graph_name.value for q in history} == {HISTORY_GRAPH}
    assert _objects(history, "speaker") == ['"assistant"']
    assert _objects(history, "turnIndex") == [f'"1"^^<{XSD}integer>']


def test_rdf_history_uses_the_report_of_a_turn(acme_checker: Checker) -> None:
    state = DialogueState(now=NOW)
    report = acme_checker.check_turn("Dr. Patel works in Cardiology.", state)
    state.add_turn("assistant", report.text, report=report)
    assert [p.sentence for p in history_claims(state)] == ["Dr. Patel works in Cardiology."]
