"""The forms a property's string values take (telephone numbers, street addresses, codes), read
from the KB itself, and the held codes one edit from a stated one."""

from __future__ import annotations

from pathlib import Path

from rdflib import URIRef

from kgcheck.kb.value_forms import CODE, PHONE, STREET, value_forms
from tests.conftest import checker_over

DEPOTS = """
ex:phone a owl:DatatypeProperty ; rdfs:label "phone" .
ex:street a owl:DatatypeProperty ; rdfs:label "street address" .
ex:ref a owl:DatatypeProperty ; rdfs:label "booking reference" .
ex:note a owl:DatatypeProperty ; rdfs:label "note" .
ex:leeds rdfs:label "Leeds" ; ex:phone "0113 496 0100" ; ex:street "23 Albert Quay" ;
    ex:note "Parking at the back" .
ex:york rdfs:label "York" ; ex:phone "01904 496 200" ; ex:street "Unit 3, Cattle Market Road" ;
    ex:note "Closed on Sundays" .
ex:hull rdfs:label "Hull" ; ex:street "9 Dalry Road" .
ex:b1 rdfs:label "booking 1" ; ex:ref "LCH-583172" .
ex:b2 rdfs:label "booking 2" ; ex:ref "LCH-550918" .
"""
EX = "https://example.org/t#"


def test_each_property_takes_the_form_most_of_its_values_have(tmp_path: Path) -> None:
    forms = value_forms(checker_over(tmp_path, DEPOTS).kb)
    assert forms.properties(PHONE) == (URIRef(EX + "phone"),)
    # two of three numbered ("Unit 3, ..." is written too): enough for a street address
    assert forms.properties(STREET) == (URIRef(EX + "street"),)
    assert forms.properties(CODE) == (URIRef(EX + "ref"),)
    assert forms.regions[0] == "GB"  # numbers with no country code, valid in Britain
    assert "quay" in forms.street_words  # the KB's own street word beside the common ones


def test_the_codes_one_edit_from_a_stated_one_are_found(tmp_path: Path) -> None:
    forms = value_forms(checker_over(tmp_path, DEPOTS).kb)
    assert forms.near_codes("LCH581372") == ["LCH583172"]  # two neighbours swapped
    assert forms.near_codes("LCH58317") == ["LCH583172"]  # one left out
    assert forms.near_codes("LCH591372") == []  # two edits away
    assert forms.near_codes("LCH583172") == []  # the code itself is held, not near
