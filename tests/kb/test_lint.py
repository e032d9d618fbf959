"""``kgcheck kb lint``: terms the data uses that no ontology declares, with file, line and what
a near miss may have meant; an ill-typed literal stops the KB loading, naming file and line."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from kgcheck.cli import app
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.lint import lint

runner = CliRunner()

KB = """\
@prefix ex: <https://example.org/nav#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix schema: <https://schema.org/> .
ex:Station a owl:Class ; rdfs:label "station" .
ex:address a owl:DatatypeProperty ; rdfs:label "address" .
ex:valero a ex:Station ; rdfs:label "Valero" ; ex:address "200 Alester Ave" ;
    schema:telephone "555 1234" .
ex:shell a ex:Staton ; rdfs:label "Shell" ;
    ex:adress "409 Bollard St" .
"""


def _config(tmp_path: Path, body: str) -> Path:
    (tmp_path / "kb.ttl").write_text(body, encoding="utf-8")
    config = tmp_path / "kgcheck.yaml"
    config.write_text("knowledge_base: {sources: [kb.ttl]}\nnli: {model: none}\n")
    return config


def test_a_misspelt_predicate_and_class_are_findings_with_file_line_and_a_guess(
    tmp_path: Path,
) -> None:
    _config(tmp_path, KB)
    findings = {f.code: f for f in lint(KnowledgeBase.open([tmp_path / "kb.ttl"]))}
    predicate = findings["undeclared-predicate"]
    assert f"{tmp_path / 'kb.ttl'}:10: " in predicate.message
    assert "did you mean <https://example.org/nav#address>?" in predicate.message
    cls_ = findings["undeclared-class"]
    assert f"{tmp_path / 'kb.ttl'}:9: " in cls_.message
    assert "did you mean <https://example.org/nav#Station>?" in cls_.message
    # schema:telephone is a well-known term: no finding
    assert not any("telephone" in f.message for f in findings.values())


def test_kb_lint_reports_them_and_exits_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["kb", "lint", "--config", str(_config(tmp_path, KB))])
    assert result.exit_code == 1
    assert "undeclared-predicate:" in result.output and "2 undeclared term(s)" in result.output


def test_kb_lint_names_the_file_and_line_of_an_ill_typed_literal(tmp_path: Path) -> None:
    typed = 'ex:valero ex:opens "7.45"^^xsd:time .\n'
    body = KB + "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n" + typed
    result = runner.invoke(app, ["kb", "lint", "--config", str(_config(tmp_path, body))])
    assert result.exit_code == 2
    assert "KGC210" in result.output and "kb.ttl:12: " in result.output
