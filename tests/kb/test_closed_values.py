"""Closed sets of values: a range class declared ``kgc:closedWorld`` or listed with
``owl:oneOf``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rdflib import URIRef

from kgcheck import KnowledgeBase
from kgcheck.kb.closed_values import closed_values

EX = "https://example.org/t#"


def test_closed_values_members_of_a_closed_world_range_class(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    kb = make_kb(
        """
        ex:Condition a owl:Class ; kgc:closedWorld true .
        ex:weather rdfs:range ex:Condition .
        ex:snow a ex:Condition ; rdfs:label "snow" .
        ex:rain a ex:Condition ; rdfs:label "rain" .
        ex:City a owl:Class .
        ex:paris a ex:City ; rdfs:label "Paris" .
        ex:cityOf rdfs:range ex:City .
        [ a kgc:Observation ; kgc:subject ex:paris ; kgc:period "2026" ; ex:weather ex:snow ] .
        """
    )
    index = closed_values(kb)
    assert index.properties_of(EX + "snow") == (URIRef(EX + "weather"),)
    assert index.members(URIRef(EX + "weather")) == {URIRef(EX + "snow"), URIRef(EX + "rain")}
    # a class that is not closed has no closed set
    assert index.properties_of(EX + "paris") == ()


def test_closed_values_members_of_an_owl_one_of_enumeration(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    kb = make_kb(
        """
        ex:Size a owl:Class ; owl:oneOf ( ex:small ex:large ) .
        ex:size rdfs:range ex:Size .
        ex:small rdfs:label "small" .
        ex:large rdfs:label "large" .
        [ a kgc:Observation ; kgc:subject ex:shirt ; kgc:period "2026" ; ex:size ex:small ] .
        """
    )
    assert closed_values(kb).properties_of(EX + "large") == (URIRef(EX + "size"),)


def test_closed_values_of_a_plain_property_named_by_common_words(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    """No observations: the members of the closed range have nothing but a class and a
    lower-case name, so they are values ("Quayside Dock is open")."""
    kb = make_kb(
        """
        ex:Status a owl:Class ; kgc:closedWorld true .
        ex:status rdfs:range ex:Status .
        ex:open a ex:Status ; rdfs:label "open" .
        ex:closed a ex:Status ; rdfs:label "closed" ; rdfs:comment "no bikes can be taken" .
        """
    )
    assert closed_values(kb).properties_of(EX + "closed") == (URIRef(EX + "status"),)


def test_closed_values_an_enumeration_of_named_members_whatever_their_case(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    """Schema-Guided Dialogue's attraction categories ("Theme Park", "Place of Worship"):
    listed with ``owl:oneOf``, members with nothing but a name are values, in title case too;
    the same members of a class that is only closed are things ("Cardiology")."""
    enumerated = """
        ex:Category a owl:Class ; owl:oneOf ( ex:park ex:church ) .
        ex:category rdfs:range ex:Category .
        ex:park a ex:Category ; rdfs:label "Theme Park" .
        ex:church a ex:Category ; rdfs:label "Place of Worship" .
        """
    assert closed_values(make_kb(enumerated)).properties_of(EX + "park") == (
        URIRef(EX + "category"),
    )
    closed = enumerated.replace("owl:oneOf ( ex:park ex:church )", "kgc:closedWorld true")
    assert closed_values(make_kb(closed)).properties == frozenset()


@pytest.mark.parametrize(
    "body",
    [
        # no closed-world declaration
        """
        ex:weather rdfs:range ex:Condition .
        ex:snow a ex:Condition ; rdfs:label "snow" .
        [ a kgc:Observation ; kgc:subject ex:paris ; kgc:period "2026" ; ex:weather ex:snow ] .
        """,
        # a closed class of things, not of values of a period-specific property: a proper
        # name, or facts of its own
        """
        ex:Department a owl:Class ; kgc:closedWorld true .
        ex:worksIn rdfs:range ex:Department .
        ex:cardiology a ex:Department ; rdfs:label "Cardiology" .
        """,
        """
        ex:Ward a owl:Class ; kgc:closedWorld true .
        ex:ward rdfs:range ex:Ward .
        ex:east a ex:Ward ; rdfs:label "east wing" ; ex:floor 3 .
        """,
    ],
)
def test_closed_values_none_without_a_closed_set_of_observed_values(
    make_kb: Callable[[str], KnowledgeBase], body: str
) -> None:
    assert closed_values(make_kb(body)).properties == frozenset()
