"""Values checked when the KB loads: a number beyond its datatype's range (``"1e999"``, which
Oxigraph reads as ``INF``) is an error naming the file, the line and the literal as written."""

from __future__ import annotations

import gc
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from rdflib import Graph

from kgcheck import Checker, KnowledgeBase, KnowledgeBaseError, load_config
from tests.conftest import PREFIXES

#: The first line of a body written by ``write_ttl`` (after the prefixes).
FIRST = PREFIXES.count("\n") + 1

WHY = "a numeric value must be a finite number"


@pytest.mark.parametrize(
    ("written", "shown", "datatype", "reads"),
    [
        ('"1e999"^^xsd:double', "1e999", "double", "INF"),
        ("1e999", "1e999", "double", "INF"),
        ('"-1E400"^^xsd:double', "-1E400", "double", "-INF"),
        ('"1e39"^^xsd:float', "1e39", "float", "INF"),
        (f'"1{"0" * 400}"^^xsd:double', f"1{'0' * 400}", "double", "INF"),
    ],
)
def test_validate_overflowing_number_names_file_line_and_literal(
    write_ttl: Callable[[str, str], Path], written: str, shown: str, datatype: str, reads: str
) -> None:
    # broke: '"1e999"^^xsd:double' failed as '"INF"^^xsd:double' with no file or line
    path = write_ttl(f'ex:a rdfs:label "Ann Archer" ;\n    ex:height {written} .\n', "kb.ttl")
    with pytest.raises(KnowledgeBaseError) as info:
        KnowledgeBase.open([path])
    assert info.value.code == "KGC207"
    assert info.value.message == (
        f"{path}:{FIRST + 1}: <https://example.org/t#a> <https://example.org/t#height> "
        f'"{shown}"^^<http://www.w3.org/2001/XMLSchema#{datatype}>: {shown} is beyond the range '
        f"of xsd:{datatype} (it reads as {reads}); {WHY} (NaN and infinities are not values "
        "kgcheck can compare)"
    )


def test_validate_overflowing_number_line_is_the_one_of_its_predicate(
    write_ttl: Callable[[str, str], Path],
) -> None:
    path = write_ttl(
        'ex:a rdfs:label "Ann Archer" ;\n'
        '    ex:weight "1e300"^^xsd:double ;\n'  # large, but a double
        '    ex:height "1e999"^^xsd:double .\n',
        "kb.ttl",
    )
    with pytest.raises(KnowledgeBaseError) as info:
        KnowledgeBase.open([path])
    assert info.value.message.startswith(f"{path}:{FIRST + 2}: ")


def test_validate_overflowing_number_in_json_ld_names_file_and_line(tmp_path: Path) -> None:
    document = {
        "@context": {"ex": "https://example.org/t#", "xsd": "http://www.w3.org/2001/XMLSchema#"},
        "@id": "ex:a",
        "ex:height": {"@value": "1e999", "@type": "xsd:double"},
    }
    path = tmp_path / "kb.jsonld"
    path.write_text(json.dumps(document, indent=1), encoding="utf-8")
    line = next(n for n, t in enumerate(path.read_text().splitlines(), 1) if "1e999" in t)
    with pytest.raises(KnowledgeBaseError) as info:
        KnowledgeBase.open([path])
    assert info.value.message.startswith(f"{path}:{line}: ")
    assert '"1e999"^^<' in info.value.message


def test_validate_overflowing_number_is_reported_again_when_a_store_is_reopened(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    path = write_ttl('ex:a ex:height "1e999"^^xsd:double .\n', "kb.ttl")
    store = f"oxigraph:{tmp_path / 'store'}"
    for _ in range(2):
        with pytest.raises(KnowledgeBaseError) as info:
            KnowledgeBase.open([path], store=store)
        assert info.value.message.startswith(f"{path}:{FIRST}: ")
        del info
        gc.collect()  # the on-disk store is locked while open


def test_validate_overflowing_number_names_the_configuration_too(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    kb = write_ttl('ex:a rdfs:label "Ann Archer" ;\n    ex:height 1e999 .\n', "kb.ttl")
    config = tmp_path / "kgcheck.yaml"
    config.write_text("knowledge_base: {sources: [kb.ttl]}\nnli: {model: none}\n", encoding="utf-8")
    with pytest.raises(KnowledgeBaseError) as info:
        Checker(load_config(config, environ={}))
    assert info.value.message.startswith(
        f"{config}: knowledge_base.sources: {kb}:{FIRST + 1}: <https://example.org/t#a> "
    )
    assert "1e999 is beyond the range of xsd:double" in info.value.message


def test_validate_overflowing_number_in_an_rdflib_graph_is_refused() -> None:
    graph = Graph()
    graph.parse(
        data=PREFIXES + 'ex:a ex:height "1e999"^^xsd:double ; ex:width "1e39"^^xsd:float .\n',
        format="turtle",
    )
    with pytest.raises(KnowledgeBaseError) as info:
        KnowledgeBase.from_graph(graph)
    assert info.value.code == "KGC207"


@pytest.mark.parametrize(
    "written",
    ['"1e-999"^^xsd:double', '"3.4e38"^^xsd:float', '"1e999"^^xsd:decimal', "1e300"],
)
def test_validate_numbers_within_range_load(
    make_kb: Callable[[str], KnowledgeBase], written: str
) -> None:
    # an underflow reads as 0 and a decimal has no upper bound: both compare as numbers
    make_kb(f"ex:a ex:height {written} .\n")
