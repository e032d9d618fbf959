"""Building the spaCy pipeline: a saved or installed pipeline when asked for, else blank."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
import spacy
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDFS

import kgcheck.nlp.pipeline
from kgcheck import KnowledgeBase
from kgcheck.config import NlpConfig
from kgcheck.nlp.pipeline import AUTO_PIPELINES, Analyzer, build_base_pipeline
from tests.conftest import ACME_DIR


def _save_pipeline(path: Path) -> None:
    """A stand-in for a pretrained package: a pipeline loaded by spacy.load from a path."""
    saved = spacy.blank("en")
    saved.add_pipe("sentencizer")
    saved.add_pipe("lemmatizer", config={"mode": "lookup"})
    saved.initialize()
    saved.to_disk(path)


def test_build_base_pipeline_blank_has_sentences_and_lemmas() -> None:
    nlp, name = build_base_pipeline("blank")
    assert name == "blank:en"
    doc = nlp("She worked in Cardiology. He leads IT.")
    assert len(list(doc.sents)) == 2
    assert doc[1].lemma_ == "work"


def test_build_base_pipeline_missing_package_falls_back_to_blank() -> None:
    nlp, name = build_base_pipeline("en_no_such_pipeline_xx")
    assert name == "blank:en"
    assert "sentencizer" in nlp.pipe_names


def test_analyzer_runs_on_a_saved_pipeline(tmp_path: Path) -> None:
    _save_pipeline(tmp_path / "pipeline")
    kb = KnowledgeBase.open([ACME_DIR / "ontology.ttl", ACME_DIR / "kb.ttl"])
    analyzer = Analyzer(kb, NlpConfig(pipeline=str(tmp_path / "pipeline")))
    assert analyzer.pipeline_name == str(tmp_path / "pipeline")
    analysis = analyzer.analyse("Dr. Amira Patel worked in Oncology.")
    (claim,) = analysis.claims
    assert claim.predicate.endswith("#worksIn")
    assert claim.object.iri is not None and claim.object.iri.endswith("#oncology")


def test_analyzer_finds_temporals_and_quantities_with_tense() -> None:
    kb = KnowledgeBase.open([ACME_DIR / "ontology.ttl", ACME_DIR / "kb.ttl"])
    analyzer = Analyzer(kb, NlpConfig(pipeline="blank"))
    analysis = analyzer.analyse("Cardiology's budget was $4.85 million in 2025.")
    assert [(t.text, t.tense) for t in analysis.temporals] == [("2025", "past")]
    (q,) = analysis.quantities
    assert (q.text, q.kind, q.period) == ("$4.85 million", "currency", analysis.temporals[0])
    assert analyzer.analyse("").temporals == () == analyzer.analyse("").quantities


def test_a_second_analyzer_reads_the_loaded_pipeline_without_loading_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _save_pipeline(tmp_path / "pipeline")
    kb = KnowledgeBase.open([ACME_DIR / "ontology.ttl", ACME_DIR / "kb.ttl"])
    config = NlpConfig(pipeline=str(tmp_path / "pipeline"))
    first = Analyzer(kb, config)

    def loaded_twice(*args: object, **kwargs: object) -> None:
        raise AssertionError("the pipeline was loaded a second time")

    monkeypatch.setattr(kgcheck.nlp.pipeline, "_base_pipeline", loaded_twice)
    second = Analyzer(kb, config)
    assert second.nlp is not first.nlp  # each analyzer has its own kgcheck components
    assert second.nlp.pipe_names == first.nlp.pipe_names
    text = "Dr. Amira Patel worked in Oncology."
    assert second.analyse(text).claims == first.analyse(text).claims


def test_build_base_pipeline_auto_takes_an_installed_parser() -> None:
    installed = [p for p in AUTO_PIPELINES if importlib.util.find_spec(p) is not None]
    nlp, name = build_base_pipeline("auto")
    if not installed:
        assert name == "blank:en"
        return
    assert name == installed[0]
    assert "parser" in nlp.pipe_names


def test_analyzers_in_one_process_each_read_the_kb_they_were_given() -> None:
    acme = KnowledgeBase.open([ACME_DIR / "ontology.ttl", ACME_DIR / "kb.ttl"])
    graph = Graph()
    graph.add((URIRef("urn:x#zed"), RDFS.label, Literal("Zed Quorin")))
    other = KnowledgeBase.from_graph(graph)
    first = Analyzer(acme, NlpConfig(pipeline="blank"))
    second = Analyzer(other, NlpConfig(pipeline="blank"))
    text = "Dr. Amira Patel met Zed Quorin."
    assert [m.iri for m in first.analyse(text).mentions if m.iri] == [
        "https://example.org/acme#amiraPatel"
    ]
    assert [m.iri for m in second.analyse(text).mentions if m.iri] == ["urn:x#zed"]


def test_a_kgcheck_component_used_before_it_is_given_the_kb_says_so() -> None:
    nlp, _ = build_base_pipeline("blank")
    nlp.add_pipe("kgcheck_linker", config={"fuzzy": False})
    with pytest.raises(RuntimeError, match="bind"):
        nlp("Dr. Patel.")
