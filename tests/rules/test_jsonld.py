"""A structured output as RDF: node names by position, the context, the default vocabulary."""

from __future__ import annotations

import pyoxigraph as ox
import pytest

from kgcheck import InputError
from kgcheck.rules.jsonld import map_output
from kgcheck.rules.loader import DEFAULT_VOCAB

KGC = "https://w3id.org/kgcheck#"


def triples(data: dict[str, object], context: dict[str, object] | None = None) -> set[str]:
    mapped = map_output(data, [{"@vocab": DEFAULT_VOCAB, **(context or {})}])
    return {f"{t.subject.value} {t.predicate.value} {t.object}" for t in mapped.triples}


def test_jsonld_objects_are_named_by_their_position() -> None:
    mapped = map_output(
        {"boundaries": [{"start_page": 1}, {"start_page": 1}], "metadata": {"bank": "X"}},
        [{"@vocab": DEFAULT_VOCAB}],
    )
    assert mapped.paths == {
        "urn:kgcheck:output:/": "",
        "urn:kgcheck:output:/boundaries/0": "boundaries[0]",
        "urn:kgcheck:output:/boundaries/1": "boundaries[1]",
        "urn:kgcheck:output:/metadata": "metadata",
    }
    # equal objects stay two nodes
    starts = [t for t in mapped.triples if t.predicate.value == DEFAULT_VOCAB + "start_page"]
    assert len(starts) == 2


def test_jsonld_top_object_is_an_output_and_values_keep_their_types() -> None:
    found = triples({"pages": 3, "ratio": 0.5, "ok": True, "name": "A"})
    assert found == {
        f"urn:kgcheck:output:/ http://www.w3.org/1999/02/22-rdf-syntax-ns#type <{KGC}Output>",
        f'urn:kgcheck:output:/ {DEFAULT_VOCAB}pages "3"^^<http://www.w3.org/2001/XMLSchema#integer>',
        f'urn:kgcheck:output:/ {DEFAULT_VOCAB}ratio "5.0E-1"^^<http://www.w3.org/2001/XMLSchema#double>',
        f'urn:kgcheck:output:/ {DEFAULT_VOCAB}ok "true"^^<http://www.w3.org/2001/XMLSchema#boolean>',
        f'urn:kgcheck:output:/ {DEFAULT_VOCAB}name "A"',
    }


def test_jsonld_context_maps_keys_and_unmapped_keys_use_the_vocabulary() -> None:
    found = triples({"bank": "X", "other key": 1}, {"bank": "https://schema.org/name"})
    assert 'urn:kgcheck:output:/ https://schema.org/name "X"' in found
    assert any(f" {DEFAULT_VOCAB}other%20key " in t for t in found)


def test_jsonld_null_values_are_left_out() -> None:
    assert not any("missing" in t for t in triples({"missing": None}))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"@type": "x"}, "[KGC606] @type: keys starting with '@' are JSON-LD keywords"),
        ({"a": {"b": float("nan")}}, None),
    ],
)
def test_jsonld_rejects_what_is_not_plain_json(
    data: dict[str, object], message: str | None
) -> None:
    with pytest.raises(InputError) as info:
        map_output(data, [{}])
    if message is not None:
        assert str(info.value) == message


def test_jsonld_parses_with_oxigraph() -> None:
    mapped = map_output({"a": 1}, [{"@vocab": DEFAULT_VOCAB}])
    assert all(isinstance(t, ox.Triple) for t in mapped.triples)
