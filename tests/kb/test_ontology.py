"""The ontology view and the KnowledgeBase's reading of it (facts, inverses, types, labels)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rdflib import RDF, Literal, URIRef

from kgcheck import Checker, KnowledgeBase
from tests.conftest import PREFIXES

T = "https://example.org/t#"
FOAF_PERSON = URIRef("http://xmlns.com/foaf/0.1/Person")

ONTOLOGY = """
ex:Person a owl:Class ; rdfs:subClassOf foaf:Person ; rdfs:label "person" ;
    skos:altLabel "employee" ; kgc:closedWorld true .
ex:Doctor a owl:Class ; rdfs:subClassOf ex:Person ; rdfs:label "doctor" ;
    skos:altLabel "physician" .
ex:Surgeon a owl:Class ; rdfs:subClassOf ex:Doctor ; rdfs:label "surgeon" .
ex:Nurse a owl:Class ; rdfs:subClassOf ex:Person ; rdfs:label "nurse" .
ex:Doctor owl:disjointWith ex:Nurse .
ex:Unit a owl:Class ; rdfs:label "unit" ; kgc:closedWorld false .

ex:worksIn a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "works in" ;
    rdfs:domain ex:Person ; rdfs:range ex:Unit ; kgc:lexicalForm "work in" , "be part of" .
ex:leads a owl:ObjectProperty ; rdfs:label "leads" ; owl:inverseOf ex:ledBy ;
    kgc:lexicalForm "lead" .
ex:ledBy a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "led by" ;
    kgc:lexicalForm "be led by" .
ex:colleague a owl:ObjectProperty , owl:SymmetricProperty ; rdfs:label "colleague of" .
ex:extension a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "extension" ;
    rdfs:domain ex:Person ; rdfs:range xsd:string ; kgc:complete true ;
    kgc:lexicalForm "extension" , "phone extension" .
ex:budget a owl:DatatypeProperty ; rdfs:label "budget" ; rdfs:range xsd:decimal ;
    kgc:tolerance 0.05 ; kgc:unit "USD" ; kgc:lexicalForm "budget" .
ex:room a owl:DatatypeProperty ; rdfs:label "room" ; rdfs:range xsd:string ;
    kgc:complete false ; kgc:lexicalForm "room" , "be in room" .

ex:ann a ex:Surgeon ; rdfs:label "Dr. Ann Archer" ; <https://schema.org/gender> "female" ;
    ex:worksIn ex:cardio ; ex:extension "1234" ; ex:leads ex:cardio .
ex:ben a ex:Nurse ; foaf:name "Ben Brown" ; <https://schema.org/gender> "male" ;
    ex:worksIn ex:cardio ; ex:colleague ex:ann .
ex:cardio a ex:Unit ; rdfs:label "Cardiology" ; skos:altLabel "Cardio" ; ex:budget 1000.00 .
ex:neuro a ex:Unit ; rdfs:label "Neurology" .
[] a owl:NegativePropertyAssertion ; owl:sourceIndividual ex:ben ;
    owl:assertionProperty ex:worksIn ; owl:targetIndividual ex:neuro .
"""


def u(name: str) -> URIRef:
    return URIRef(T + name)


@pytest.fixture
def kb(make_kb: Callable[[str], KnowledgeBase]) -> KnowledgeBase:
    return make_kb(ONTOLOGY)


def test_ontology_reads_property_characteristics(kb: KnowledgeBase) -> None:
    onto = kb.ontology
    assert onto.functional == {u("worksIn"), u("ledBy"), u("extension")}
    assert onto.symmetric == {u("colleague")}
    assert onto.inverse[u("leads")] == u("ledBy")
    assert onto.inverse[u("ledBy")] == u("leads")
    assert onto.domain[u("worksIn")] == {u("Person")}
    assert onto.range[u("worksIn")] == {u("Unit")}


def test_ontology_reads_kgc_annotations(kb: KnowledgeBase) -> None:
    onto = kb.ontology
    assert onto.closed_world == {u("Person")}  # kgc:closedWorld false is not closed
    assert onto.complete == {u("extension")}  # kgc:complete false is not complete
    assert onto.tolerance == {u("budget"): 0.05}
    assert onto.unit == {u("budget"): "USD"}
    assert sorted(onto.lexical_forms[u("worksIn")]) == ["be part of", "work in"]


def test_ontology_superclasses_are_transitive(kb: KnowledgeBase) -> None:
    assert kb.ontology.with_superclasses({u("Surgeon")}) == {
        u("Surgeon"),
        u("Doctor"),
        u("Person"),
        FOAF_PERSON,
    }


def test_ontology_disjointness_is_symmetric_and_inherited(kb: KnowledgeBase) -> None:
    onto = kb.ontology
    assert onto.disjoint_with({u("Nurse")}) == {u("Doctor"): u("Nurse")}
    assert onto.disjoint_with({u("Surgeon")}) == {u("Nurse"): u("Doctor")}
    assert onto.disjoint_with({u("Unit")}) == {}


def test_ontology_class_labels_include_alt_labels(kb: KnowledgeBase) -> None:
    labels = kb.ontology.class_labels
    assert labels["doctor"] == u("Doctor")
    assert labels["physician"] == u("Doctor")
    assert labels["employee"] == u("Person")
    assert kb.ontology.label(u("Doctor")) == "doctor"  # the display label, not the altLabel


def test_ontology_a_label_two_classes_share_names_the_same_class_in_every_process(
    tmp_path: Path,
) -> None:
    # Regression: the class a shared label named followed the set's order, so the hash seed
    # (one per process) decided which entities "the outage" was about
    (tmp_path / "kb.ttl").write_text(
        PREFIXES
        + """
ex:Zeta a owl:Class ; rdfs:label "outage" .
ex:Alpha a owl:Class ; rdfs:label "outage" .
ex:Beta a owl:Class ; rdfs:label "fault" ; skos:altLabel "outage" .
ex:Gamma a owl:Class ; rdfs:label "incident" .
ex:Delta a owl:Class ; skos:altLabel "incident" .
""",
        encoding="utf-8",
    )
    script = (
        "import sys; from kgcheck import KnowledgeBase; "
        "kb = KnowledgeBase.open([sys.argv[1]]); labels = kb.ontology.class_labels; "
        "print(labels['outage'], labels['incident'], labels['fault'])"
    )
    seen = set()
    for seed in ("0", "1", "2", "3"):
        done = subprocess.run(
            [sys.executable, "-c", script, str(tmp_path / "kb.ttl")],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        )
        seen.add(done.stdout.strip())
    # a label before an alternative label, then the first class by IRI
    assert seen == {f"{T}Alpha {T}Gamma {T}Beta"}


@pytest.mark.parametrize(
    ("prop", "nominal"),
    [("extension", True), ("budget", True), ("worksIn", False), ("leads", False)],
)
def test_ontology_datatype_properties_by_range(kb: KnowledgeBase, prop: str, nominal: bool) -> None:
    assert kb.ontology.is_datatype_property(u(prop)) is nominal


@pytest.mark.parametrize(
    ("prop", "form", "nominal"),
    [
        ("extension", "extension", True),
        ("extension", "phone extension", True),
        ("room", "be in room", False),  # opens with an auxiliary: a verb phrase
        ("worksIn", "work in", False),  # ends with a preposition
        ("leads", "lead", False),  # an object property's one-word form is a verb
        ("budget", "", False),
    ],
)
def test_ontology_is_nominal_tells_nouns_from_verb_phrases(
    kb: KnowledgeBase, prop: str, form: str, nominal: bool
) -> None:
    assert kb.ontology.is_nominal(u(prop), form) is nominal


def test_ontology_person_classes_follow_foaf(kb: KnowledgeBase) -> None:
    assert kb.ontology.is_person_class(u("Surgeon"))
    assert not kb.ontology.is_person_class(u("Unit"))


def test_kb_values_follow_inverse_properties(kb: KnowledgeBase) -> None:
    assert kb.values(u("ann"), u("leads")) == [u("cardio")]
    assert kb.values(u("cardio"), u("ledBy")) == [u("ann")]  # stated only as ex:leads
    assert kb.holders(u("ledBy"), u("ann")) == [u("cardio")]
    assert kb.holders(u("leads"), u("cardio")) == [u("ann")]


def test_kb_values_follow_symmetric_properties(kb: KnowledgeBase) -> None:
    assert kb.values(u("ann"), u("colleague")) == [u("ben")]
    assert kb.values(u("ben"), u("colleague")) == [u("ann")]


def test_kb_values_of_literals_and_missing_facts(kb: KnowledgeBase) -> None:
    assert [str(v) for v in kb.values(u("ann"), u("extension"))] == ["1234"]
    assert kb.values(u("ben"), u("extension")) == []


def test_kb_negated_reads_negative_property_assertions(kb: KnowledgeBase) -> None:
    assert kb.negated(u("ben"), u("worksIn")) == {u("neuro")}
    assert kb.negated(u("ann"), u("worksIn")) == set()


def test_kb_types_include_superclasses(kb: KnowledgeBase) -> None:
    assert kb.direct_types(u("ann")) == {u("Surgeon")}
    assert {u("Surgeon"), u("Doctor"), u("Person")} <= kb.types(u("ann"))


def test_kb_person_and_gender(kb: KnowledgeBase) -> None:
    assert kb.is_person(u("ann")) and kb.is_person(u("ben"))
    assert not kb.is_person(u("cardio"))
    assert kb.gender(u("ann")) == "female"
    assert kb.gender(u("ben")) == "male"
    assert kb.gender(u("cardio")) is None


def test_kb_is_known(kb: KnowledgeBase) -> None:
    assert kb.is_known(u("ann"))
    assert not kb.is_known(u("zed"))


@pytest.mark.parametrize(
    ("term", "label"),
    [
        (u("ann"), "Dr. Ann Archer"),  # rdfs:label before altLabel
        (u("ben"), "Ben Brown"),  # foaf:name
        (u("cardio"), "Cardiology"),
        (u("zed"), "zed"),  # unknown: the local name
        (Literal("1234"), "1234"),
    ],
)
def test_kb_label_for_display(kb: KnowledgeBase, term: URIRef | Literal, label: str) -> None:
    assert kb.label(term) == label


def test_kb_labels_index_entities_but_not_schema_terms(kb: KnowledgeBase) -> None:
    assert kb.labels.lookup("Cardio") is not None
    assert kb.labels.lookup("Ben Brown") is not None
    assert kb.labels.exact("doctor") == set()  # a class label is not an entity name


@pytest.mark.parametrize(
    ("s", "p", "o", "sentence"),
    [
        ("ann", "worksIn", "cardio", "Dr. Ann Archer works in Cardiology."),
        ("cardio", "ledBy", "ann", "Cardiology is led by Dr. Ann Archer."),
        ("ann", "leads", "cardio", "Dr. Ann Archer leads Cardiology."),
    ],
)
def test_kb_verbalise_reads_as_a_sentence(
    kb: KnowledgeBase, s: str, p: str, o: str, sentence: str
) -> None:
    assert kb.verbalise(u(s), u(p), u(o)) == sentence


def test_kb_verbalise_class_membership_with_article(kb: KnowledgeBase) -> None:
    assert kb.verbalise(u("ben"), RDF.type, u("Nurse")) == "Ben Brown is a nurse."


def test_kb_verbalise_nominal_property(kb: KnowledgeBase) -> None:
    sentence = kb.verbalise(u("ann"), u("extension"), Literal("1234"))
    assert sentence == "The extension of Dr. Ann Archer is 1234."


def test_kb_sparql_runs_over_the_kb_graph(kb: KnowledgeBase) -> None:
    query = f"SELECT ?s WHERE {{ ?s <{T}worksIn> <{T}cardio> }}"
    rows = list(kb.sparql(query))  # type: ignore[call-overload]
    assert len(rows) == 2


def test_kb_verbalise_prefers_the_form_the_label_names(acme_checker: Checker) -> None:
    # ex:extension has the forms "extension", "phone extension" and "ext": not the shortest
    acme = "https://example.org/acme#"
    kb = acme_checker.kb
    sentence = kb.verbalise(
        URIRef(acme + "amiraPatel"), URIRef(acme + "extension"), Literal("4412")
    )
    assert sentence == "The extension of Dr. Amira Patel is 4412."


_DESCRIBED = """\
@prefix ex: <https://example.org/w#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix kgc: <https://w3id.org/kgcheck#> .
ex:temperature rdfs:range xsd:integer ; rdfs:comment "Temperature in Fahrenheit" .
ex:humidity rdfs:range xsd:integer ; rdfs:comment "Percentage humidity" .
ex:wind rdfs:range xsd:decimal ; rdfs:comment "Wind speed in miles per hour" .
ex:stay rdfs:range xsd:integer ; rdfs:comment "Length of stay in days" .
ex:rooms rdfs:range xsd:integer ; rdfs:comment "Number of rooms in the reservation" .
ex:fare rdfs:range xsd:decimal ; rdfs:comment "Per ticket" .
ex:transferAmount rdfs:range xsd:integer ; rdfs:comment "The amount of money to transfer" .
ex:budget rdfs:range xsd:decimal ; rdfs:comment "In US dollars" ; kgc:unit "EUR" .
ex:city rdfs:range xsd:string ; rdfs:comment "Name of the city, in Fahrenheit" .
"""


def test_ontology_units_from_descriptions_and_money_from_names(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    onto = make_kb(_DESCRIBED).ontology
    w = "https://example.org/w#"
    assert {str(p)[len(w) :]: u for p, u in onto.unit.items()} == {
        "temperature": "F",
        "humidity": "%",
        "wind": "mph",
        "stay": "day",
        "budget": "EUR",  # the KB's own unit wins over its description
    }
    assert {str(p)[len(w) :] for p in onto.money} == {"fare", "transferAmount"}
