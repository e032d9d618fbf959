"""What the checker records in a DialogueState: claims, entities, RDF, serialisation."""

from __future__ import annotations

import json

import pytest
from rdflib import Literal, URIRef

from kgcheck import Checker, DialogueState
from kgcheck.history.claims import ASSISTANT, USER
from kgcheck.history.rdf import history_claims, history_quads
from kgcheck.vocab import KGC
from tests.conftest import EX, NOW


@pytest.fixture
def talked(acme_checker: Checker) -> DialogueState:
    state = DialogueState(session_id="h1", now=NOW)
    state.add_turn("user", "Tom Okafor is in room B-101 now. Does Dr. Reyes work in Oncology?")
    state.add_turn("assistant", "Noted. Dr. Reyes works in Pediatrics.")
    state.add_turn("user", "My office is room 401.")
    acme_checker.update_history(state)
    return state


def test_state_records_claims_by_subject_and_predicate(talked: DialogueState) -> None:
    (room,) = talked.claims.about(EX + "tomOkafor", EX + "room")
    assert (room.turn, room.role, room.object_text, room.polarity) == (0, "user", "B-101", True)
    asked, stated = talked.claims.about(EX + "miguelReyes", EX + "worksIn")
    assert asked.asked and asked.role == "user"
    assert not stated.asked and stated.role == "assistant"
    assert stated.object == EX + "pediatrics"


@pytest.mark.parametrize(
    ("role", "text", "subject"),
    [
        ("user", "My office is room 401.", USER),
        ("user", "Your office is room 401.", ASSISTANT),
        ("assistant", "Your office is room 401.", USER),
        ("assistant", "My office is room 401.", ASSISTANT),
    ],
)
def test_state_speaker_claims_follow_who_speaks(
    acme_checker: Checker, role: str, text: str, subject: str
) -> None:
    state = DialogueState()
    state.add_turn(role, text)
    acme_checker.update_history(state)
    (claim,) = state.claims.about(subject, "urn:kgcheck:attribute:office")
    assert claim.object_text == "room 401"


def test_state_entities_are_ordered_by_recency_subject_first(talked: DialogueState) -> None:
    keys = [r.key for r in talked.entities.salient()]
    # "Dr. Reyes works in Pediatrics." last: its subject is the most salient
    assert keys[:2] == [EX + "miguelReyes", EX + "pediatrics"]
    assert EX + "tomOkafor" in keys
    reyes = talked.entities.get(EX + "miguelReyes")
    assert reyes is not None and (reyes.first_turn, reyes.last_turn) == (0, 1)
    assert sorted(reyes.roles) == ["assistant", "user?"]  # asked about, then stated


def test_state_turns_are_analysed_once(acme_checker: Checker, talked: DialogueState) -> None:
    calls = []
    original = acme_checker.analyzer.analyse

    def counting(text: str, **kwargs: object) -> object:
        calls.append(text)
        return original(text, **kwargs)  # type: ignore[arg-type]

    acme_checker.analyzer.analyse = counting  # type: ignore[method-assign]
    try:
        acme_checker.check_turn("Tom Okafor is in room B-101.", talked)
        acme_checker.check_turn("Tom Okafor is in room B-101.", talked)
    finally:
        del acme_checker.analyzer.analyse
    assert calls == ["Tom Okafor is in room B-101."] * 2  # the reply only, never the history


def test_state_reuses_the_report_analysis_of_a_sent_reply(acme_checker: Checker) -> None:
    state = DialogueState()
    report = acme_checker.check_turn("Dr. Patel works in Cardiology.", state)
    turn = state.add_turn("assistant", report.text, report=report)
    assert turn.analysis is report.analysis
    acme_checker.update_history(state)
    (claim,) = state.claims.about(EX + "amiraPatel", EX + "worksIn")
    assert claim.role == "assistant"


def test_state_round_trip_keeps_what_later_checks_need(
    acme_checker: Checker, talked: DialogueState
) -> None:
    restored = DialogueState.from_dict(json.loads(json.dumps(talked.to_dict())))
    assert restored.pending() == []
    assert [c.to_dict() for c in restored.claims] == [c.to_dict() for c in talked.claims]
    assert restored.entities.salient_keys() == talked.entities.salient_keys()
    report = acme_checker.check_turn("Tom Okafor is in room B-105.", restored)
    (flag,) = report.flags
    assert flag.type == "contradicts_prior"
    assert flag.correction == "B-101"


def test_state_to_rdf_exports_claims_in_the_rule_shape(talked: DialogueState) -> None:
    graph = talked.to_rdf()
    assert graph.identifier == URIRef("urn:kgcheck:history")
    rows = list(
        graph.query(
            """SELECT ?o ?speaker ?turn WHERE {
                 ?c a kgc:Claim ; kgc:subject ?s ; kgc:predicate ?p ; kgc:object ?o ;
                    kgc:polarity true ; kgc:speaker ?speaker ; kgc:turnIndex ?turn ;
                    kgc:text ?text . }""",
            initNs={"kgc": KGC._NS},
            initBindings={"s": URIRef(EX + "tomOkafor"), "p": URIRef(EX + "room")},
        )
    )
    assert [(str(o), str(sp), int(t)) for o, sp, t in rows] == [("B-101", "user", 0)]
    assert (None, KGC.speaker, Literal("assistant")) in graph


def test_state_to_rdf_is_the_history_graph_the_rules_query(talked: DialogueState) -> None:
    quads = history_quads(history_claims(talked))
    exported = {(str(s), str(p), o.n3()) for s, p, o in talked.to_rdf()}
    assert exported == {(q.subject.value, q.predicate.value, str(q.object)) for q in quads}
    assert (None, KGC.hedged, Literal(False)) in talked.to_rdf()


def test_state_registry_is_rebuilt_from_the_turns_sightings(talked: DialogueState) -> None:
    data = talked.to_dict()
    del data["entities"]
    restored = DialogueState.from_dict(json.loads(json.dumps(data)))
    assert restored.entities.to_list() == talked.entities.to_list()


def test_state_from_an_old_dict_gets_sightings_that_rebuild_its_registry(
    talked: DialogueState,
) -> None:
    """A state written before turns kept their sightings: sightings made up from its registry
    rebuild the same registry, so the session store can keep them per turn."""
    data = talked.to_dict()
    data["turns"] = [{k: v for k, v in t.items() if k != "seen"} for t in data["turns"]]
    restored = DialogueState.from_dict(data)
    again = restored.to_dict()
    del again["entities"]
    assert DialogueState.from_dict(again).entities.to_list() == talked.entities.to_list()
