"""Shape invariance: the same facts give the same verdicts whether the KB writes them as
literals, in schema.org's shapes (a PostalAddress node, a QuantitativeValue, an offer holding a
price specification, an xsd:duration) or as nodes (named address nodes, rdf:value nodes), and
values for a period as kgc:Observation nodes, SOSA observations or Wikibase statements.

Each case is checked in each shape (``tests/fixtures/shapes``); a true reply gets no flag at
or above the threshold, a false one a flag on the false stretch; a corrected false reply is
corrected to the same text in every shape that corrects it. The named cases below are what
broke before: written from independent encodings of KVRET and a newcomer's garden-centre KB.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import URIRef

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.types import FlagType
from tests.conftest import FIXTURES

SHAPES = FIXTURES / "shapes"
EX = "https://example.org/shop#"
SCHEMA = "https://schema.org/"
EX_NAV = "https://example.org/nav#"

#: (reply, the false stretch or None, the corrected reply where every shape corrects it)
CASES = [
    ("North Shop is at 14 Knaresborough Road.", None, None),
    ("North Shop is at 3 Bromfield Lane.", "3 Bromfield Lane",
     "North Shop is at 14 Knaresborough Road."),
    ("The address of North Shop is 14 Knaresborough Road.", None, None),
    # broke: with the address as a PostalAddress node, "the address of X is ..." read nothing
    ("The address of North Shop is 9 Mill Street.", "9 Mill Street", None),
    ("The postcode of South Shop is SY8 1DP.", None, None),
    ("The postcode of South Shop is HG2 7LU.", "HG2 7LU", "The postcode of South Shop is SY8 1DP."),
    ("Peat-Free Compost weighs 40 kg.", None, None),
    ("Peat-Free Compost weighs 25 kg.", "25 kg", None),
    ("Peat-Free Compost costs £8.50.", None, None),
    ("Peat-Free Compost costs £6.00.", "£6.00", "Peat-Free Compost costs £8.50."),
    ("Garden Loam costs £6.", None, None),
    ("Rose Pruning lasts 2 hours.", None, None),
    ("Rose Pruning lasts 90 minutes.", "90 minutes", "Rose Pruning lasts 120 minutes."),
    ("Potting Basics lasts 90 minutes.", None, None),
    # values for a period: kgc:Observation, SOSA with an OWL-Time instant, Wikibase statements
    ("North Shop had 48,210 visitors in 2024.", None, None),
    ("North Shop had about 48,200 visitors in 2024.", None, None),
    ("North Shop had 41,870 visitors in 2024.", "41,870",
     "North Shop had 48,210 visitors in 2024."),
]  # fmt: skip


@pytest.fixture(scope="module", params=["literal", "schema", "nodes"])
def shaped(request: pytest.FixtureRequest) -> Checker:
    sources = [str(SHAPES / "common.ttl"), str(SHAPES / f"{request.param}.ttl")]
    return Checker(
        config_from_dict({"knowledge_base": {"sources": sources}, "nli": {"model": "none"}})
    )


@pytest.mark.parametrize(("reply", "wrong", "fixed"), CASES)
def test_the_same_fact_in_every_shape_gets_the_same_verdict(
    shaped: Checker, reply: str, wrong: str | None, fixed: str | None
) -> None:
    report = shaped.check_turn(reply, DialogueState(session_id="shapes"))
    threshold = shaped.config.mitigation.flag_threshold
    acted = [f for f in report.flags if f.confidence >= threshold]
    if wrong is None:
        assert not acted, [f.message for f in acted]
        assert report.text == reply
        return
    start = reply.index(wrong)
    assert any(f.span.start < start + len(wrong) and start < f.span.end for f in acted), [
        f.message for f in report.flags
    ]
    if fixed is not None:
        assert report.text == fixed


def _kb(tmp_path: Path, body: str) -> KnowledgeBase:
    return KnowledgeBase.open([_write(tmp_path, body)])


def _checker(path: Path) -> Checker:
    return Checker(
        config_from_dict({"knowledge_base": {"sources": [str(path)]}, "nli": {"model": "none"}})
    )


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "kb.ttl"
    path.write_text(
        "@prefix ex: <https://example.org/nav#> .\n"
        "@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .\n"
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
        "@prefix owl: <http://www.w3.org/2002/07/owl#> .\n"
        "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
        "@prefix schema: <https://schema.org/> .\n"
        "@prefix kgc: <https://w3id.org/kgcheck#> .\n" + body,
        encoding="utf-8",
    )
    return path


def test_addresses_as_named_nodes_are_checked(tmp_path: Path) -> None:
    # broke: with the address as a node and a label, no reply about it was ever checked
    path = _write(
        tmp_path,
        'ex:address a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "address" .\n'
        'ex:valero a ex:GasStation ; rdfs:label "Valero" ; ex:address ex:a1 .\n'
        'ex:a1 a ex:StreetAddress ; rdfs:label "200 Alester Ave" .\n'
        'ex:shell a ex:GasStation ; rdfs:label "Shell" ; ex:address ex:a2 .\n'
        'ex:a2 a ex:StreetAddress ; rdfs:label "409 Bollard St" .\n'
        'ex:tlodge a ex:GasStation ; rdfs:label "Travelers Lodge" ; ex:address ex:a3 .\n'
        'ex:a3 a ex:StreetAddress ; rdfs:label "333 Arbol Dr" .\n',
    )
    checker = _checker(path)
    for reply in ("Valero is located at 409 Bollard St.", "Valero is at 409 Bollard St."):
        report = checker.check_turn(reply, DialogueState(session_id="a"))
        assert report.text == reply.replace("409 Bollard St", "200 Alester Ave")
    true = checker.check_turn("Valero is at 200 Alester Ave.", DialogueState(session_id="b"))
    assert not true.flags
    # broke (KVRET, nodes encoding): a place the KB lacks, stated at an address node, was
    # never called unknown (an address as a string gave the name a class, a node did not)
    for address in ("200 Alester Ave", "333 Arbol Dr"):
        made_up = checker.check_turn(f"Walgreens is located at {address}.", DialogueState())
        assert [(f.type, f.content) for f in made_up.flags if f.confidence >= 0.5] == [
            (FlagType.NONEXISTENT_ENTITY, "Walgreens")
        ]
    # "Dr." took the full stop: the address is still named, and corrected without it
    report = checker.check_turn("Shell is at 333 Arbol Dr.", DialogueState())
    assert report.text == "Shell is at 409 Bollard St."


def test_kinds_as_nodes_describe_what_has_them(tmp_path: Path) -> None:
    # broke (KVRET, nodes encoding): with the kind as a node, "your home" linked to the kind
    # node "home", "the nearest chinese restaurant" described nothing, and an address stated of
    # "your home" after it was never checked
    path = _write(
        tmp_path,
        'ex:address a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "address" .\n'
        'ex:kind a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "kind" .\n'
        'ex:distance a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "distance" ;'
        ' kgc:unit "mile" .\n'
        'ex:home rdfs:label "home" ; ex:kind ex:kHome ; ex:address ex:a1 ; ex:distance 8 .\n'
        'ex:kHome rdfs:label "home" .\n'
        'ex:a1 rdfs:label "10 Ames Street" .\n'
        'ex:chu rdfs:label "Chef Chu\'s" ; ex:kind ex:kChinese ; ex:address ex:a2 ;'
        " ex:distance 2 .\n"
        'ex:kChinese rdfs:label "chinese restaurant" .\n'
        'ex:a2 rdfs:label "593 Arrowhead Way" .\n',
    )
    checker = _checker(path)

    def check(reply: str) -> str:
        return checker.check_turn(reply, DialogueState(session_id="k")).text

    assert check("Your home is at 593 Arrowhead Way.") == "Your home is at 10 Ames Street."
    assert check("Your home is at 10 Ames Street.") == "Your home is at 10 Ames Street."
    # "Home" of "Home Depot" is neither the place called "home" nor its kind: 6 miles is no
    # wrong distance of home
    assert "8 miles" not in check("There is a Home Depot 6 miles away.")
    report = checker.check_turn(
        "The nearest chinese restaurant is 5 miles away.", DialogueState(session_id="k")
    )
    assert [f.content for f in report.flags if f.confidence >= 0.5] == ["5 miles"]


def test_places_the_kb_lacks_when_kinds_are_classes(tmp_path: Path) -> None:
    # broke (KVRET, schema.org encoding, kinds as classes "home", "hospital"): "Home" of "Home
    # Depot" was dropped as a kind's word, leaving "Depot"; "the nearest hospital" gave
    # "Walgreens" no class; neither was called unknown
    path = _write(
        tmp_path,
        'ex:Home a owl:Class ; rdfs:label "home" .\n'
        'ex:Hospital a owl:Class ; rdfs:label "hospital" .\n'
        'ex:distance a owl:DatatypeProperty ; rdfs:label "distance" ; kgc:unit "mile" .\n'
        'ex:myHome a ex:Home ; rdfs:label "my home" ; ex:distance 3 .\n'
        'ex:stanford a ex:Hospital ; rdfs:label "Stanford Childrens Health" ; ex:distance 4 .\n',
    )
    checker = _checker(path)
    for reply, name in (
        ("Navigating you to Home Depot.", "Home Depot"),
        ("Walgreens is the nearest hospital.", "Walgreens"),
        # a measure of what only places have, the name bound to nothing (KVRET, nodes)
        ("Costco is 5 miles away.", "Costco"),
    ):
        report = checker.check_turn(reply, DialogueState())
        assert [f.content for f in report.flags if f.type == FlagType.NONEXISTENT_ENTITY] == [name]
    true = checker.check_turn("Stanford Childrens Health is the nearest hospital.", DialogueState())
    assert not true.flags


def test_a_structure_node_is_read_for_whoever_points_at_it(tmp_path: Path) -> None:
    kb = _kb(
        tmp_path,
        'ex:shop rdfs:label "Shop" ; schema:address [ schema:streetAddress "1 Main St" ;\n'
        '    schema:postalCode "AB1 2CD" ] ;\n'
        "  schema:offers [ schema:priceSpecification [ schema:price 4.5 ;\n"
        '    schema:priceCurrency "GBP" ] ] .\n',
    )
    shop = URIRef("https://example.org/nav#shop")
    assert [str(v) for v in kb.values(shop, URIRef(SCHEMA + "postalCode"))] == ["AB1 2CD"]
    assert [float(v) for v in kb.values(shop, URIRef(SCHEMA + "price"))] == [4.5]  # type: ignore[arg-type]
    assert kb.ontology.unit[URIRef(SCHEMA + "price")] == "GBP"
    assert (shop, URIRef(SCHEMA + "streetAddress")) in kb.owners_of_words(("1", "main", "st"))


def test_qualified_nodes_are_not_read_as_the_subjects_values(tmp_path: Path) -> None:
    # opening hours per day: two nodes through one property hold under their days only
    kb = _kb(
        tmp_path,
        'ex:shop rdfs:label "Shop" ;\n'
        "  schema:openingHoursSpecification [ schema:dayOfWeek schema:Monday ;\n"
        '      schema:opens "09:00:00"^^xsd:time ] ,\n'
        '    [ schema:dayOfWeek schema:Sunday ; schema:opens "10:00:00"^^xsd:time ] .\n',
    )
    shop = URIRef("https://example.org/nav#shop")
    assert kb.values(shop, URIRef(SCHEMA + "opens")) == []


def test_a_qualified_offer_is_read_through_its_price_specifications(tmp_path: Path) -> None:
    # an offer per region, each with a price per day and per week (a blind trial's car hire)
    kb = _kb(
        tmp_path,
        'ex:van rdfs:label "Van" ; schema:offers\n'
        '    [ schema:eligibleRegion "GB" ; schema:priceSpecification\n'
        '        [ schema:price 89 ; schema:priceCurrency "GBP" ; schema:unitCode "DAY" ] ,\n'
        '        [ schema:price 535 ; schema:priceCurrency "GBP" ; schema:unitCode "WEE" ] ] ,\n'
        '    [ schema:eligibleRegion "IE" ; schema:priceSpecification\n'
        '        [ schema:price 105 ; schema:priceCurrency "EUR" ; schema:unitCode "DAY" ] ;\n'
        "      ex:deposit [ schema:value 600 ] ] .\n",
    )
    van = URIRef("https://example.org/nav#van")
    prices = {
        (int(q.value), q.per, q.currency)  # type: ignore[call-overload]
        for q in kb.qualified(van, URIRef(SCHEMA + "price"))
    }
    assert prices == {(89, "day", "GBP"), (535, "week", "GBP"), (105, "day", "EUR")}
    # a measure beside an amount is what it is per, as a period is ("LTR": a price a litre)
    fuel = _kb(
        tmp_path,
        'ex:fuel rdfs:label "Fuel" ; ex:refuelling\n'
        '    [ schema:eligibleRegion "GB" ; schema:price 2.45 ; schema:priceCurrency "GBP" ;\n'
        '      schema:unitCode "LTR" ] ,\n'
        '    [ schema:eligibleRegion "IE" ; schema:price 2.60 ; schema:priceCurrency "EUR" ;\n'
        '      schema:unitCode "LTR" ] .\n',
    )
    litres = {
        (float(q.value), q.per, q.currency)  # type: ignore[arg-type]
        for q in fuel.qualified(URIRef("https://example.org/nav#fuel"), URIRef(SCHEMA + "price"))
    }
    assert litres == {(2.45, "l", "GBP"), (2.6, "l", "EUR")}
    # a value node stands for its value; a unit beside no amount is no period it is per
    (deposit,) = kb.qualified(van, URIRef("https://example.org/nav#deposit"))
    assert int(deposit.value) == 600 and deposit.per is None  # type: ignore[call-overload]


def test_a_lone_offer_that_names_no_qualifier_is_the_subjects_own(tmp_path: Path) -> None:
    # one product's offers per board type made every offer node a qualified statement: a
    # lesson's one offer was no price of the lesson's, and no price had a unit (AUD)
    kb = _kb(
        tmp_path,
        'ex:pack rdfs:label "Pack" ; schema:offers\n'
        '    [ a schema:Offer ; schema:price 390 ; schema:priceCurrency "AUD" ;\n'
        "      ex:forBoard ex:soft ] ,\n"
        '    [ a schema:Offer ; schema:price 440 ; schema:priceCurrency "AUD" ;\n'
        "      ex:forBoard ex:hard ] .\n"
        'ex:lesson rdfs:label "Lesson" ; schema:offers\n'
        '    [ a schema:Offer ; schema:price 85 ; schema:priceCurrency "AUD" ] .\n'
        'ex:gate rdfs:label "Gate" ; ex:gateHours [ a schema:Offer ;\n'
        '    schema:validFrom "2026-06-01"^^xsd:date ; schema:price 5 ;\n'
        '    schema:priceCurrency "AUD" ] .\n',
    )
    price = URIRef(SCHEMA + "price")
    lesson = URIRef("https://example.org/nav#lesson")
    assert [int(v) for v in kb.values(lesson, price)] == [85]  # type: ignore[call-overload]
    # prices per board type are in a unit too, and the lone offer with a date holds under it
    assert kb.ontology.unit[price] == "AUD"
    assert kb.values(URIRef("https://example.org/nav#gate"), price) == []


def test_a_value_node_stands_for_its_value_and_gives_its_unit(tmp_path: Path) -> None:
    kb = _kb(
        tmp_path,
        'ex:bag rdfs:label "Bag" ; schema:weight [ schema:value 15 ; schema:unitCode "KGM" ] .\n'
        'ex:sack rdfs:label "Sack" ; schema:weight [ rdf:value 20 ; schema:unitText "kg" ] .\n',
    )
    weight = URIRef(SCHEMA + "weight")
    assert [int(v) for v in kb.values(URIRef("https://example.org/nav#bag"), weight)] == [15]  # type: ignore[call-overload]
    assert kb.ontology.unit[weight] == "kg"
    assert kb.ontology.is_datatype_property(weight)


def test_a_predicate_no_ontology_declares_is_phrased_from_its_name(tmp_path: Path) -> None:
    kb = _kb(tmp_path, 'ex:a rdfs:label "Alpha" ; ex:licencePlate "AB12 CDE" .\n')
    prop = URIRef("https://example.org/nav#licencePlate")
    assert prop in kb.ontology.properties and prop in kb.ontology.undeclared
    assert "licence plate" in kb.ontology.forms(prop)


def test_the_kbs_own_annotation_of_a_schema_term_wins_over_the_profile(tmp_path: Path) -> None:
    kb = _kb(
        tmp_path,
        "@prefix kgc: <https://w3id.org/kgcheck#> .\n"
        'schema:postalCode kgc:lexicalForm "zip" .\n'
        'ex:a rdfs:label "Alpha" ; schema:postalCode "12345" ; schema:telephone "555 0100" .\n',
    )
    onto = kb.ontology
    assert onto.forms(URIRef(SCHEMA + "postalCode")) == ["zip"]
    assert URIRef(SCHEMA + "postalCode") in onto.functional  # the profile's, not contradicted
    assert "phone number" in onto.forms(URIRef(SCHEMA + "telephone"))
    # http://schema.org/ reads the same
    http = _kb(
        tmp_path, '@prefix s: <http://schema.org/> .\nex:a rdfs:label "A" ; s:postalCode "1" .\n'
    )
    assert URIRef("http://schema.org/postalCode") in http.ontology.functional


SOSA_KB = """\
@prefix ex: <https://example.org/wx#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix sosa: <http://www.w3.org/ns/sosa/> .
@prefix time: <http://www.w3.org/2006/time#> .
@prefix kgc: <https://w3id.org/kgcheck#> .
ex:City a owl:Class ; rdfs:label "city" .
ex:Condition a owl:Class ; rdfs:label "weather condition" ; kgc:closedWorld true .
ex:rain a ex:Condition ; rdfs:label "rain" .
ex:fog a ex:Condition ; rdfs:label "fog" , "foggy" .
ex:sun a ex:Condition ; rdfs:label "clear skies" .
ex:weather a sosa:ObservableProperty ; rdfs:label "weather" .
ex:highTemperature a sosa:ObservableProperty ; rdfs:label "high temperature" ; kgc:unit "F" .
ex:carson a ex:City ; rdfs:label "Carson" .
[ a sosa:Observation ; sosa:hasFeatureOfInterest ex:carson ; sosa:observedProperty ex:weather ;
  sosa:hasSimpleResult ex:rain ; sosa:phenomenonTime "2026-11-29"^^xsd:date ] .
[ a sosa:Observation ; sosa:hasFeatureOfInterest ex:carson ; sosa:observedProperty ex:weather ;
  sosa:hasSimpleResult ex:sun ;
  sosa:phenomenonTime [ a time:Instant ; time:inXSDDate "2026-11-30"^^xsd:date ] ] .
[ a sosa:Observation ; sosa:hasFeatureOfInterest ex:carson ;
  sosa:observedProperty ex:highTemperature ; sosa:hasSimpleResult 61 ;
  sosa:phenomenonTime "2026-11-29"^^xsd:date ] .
"""


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        # broke: weather stated per day as observations was never checked
        ("It will be foggy in Carson on Sunday.", "It will be rain in Carson on Sunday."),
        ("It will rain in Carson on Sunday.", None),
        ("There will be clear skies in Carson on Monday.", None),
        ("The high temperature in Carson on Sunday will be 75F.",
         "The high temperature in Carson on Sunday will be 61F."),
        ("The high temperature in Carson on Sunday will be 61F.", None),
    ],
)  # fmt: skip
def test_sosa_observations_are_values_for_their_period(
    tmp_path: Path, reply: str, fixed: str | None
) -> None:
    path = tmp_path / "wx.ttl"
    path.write_text(SOSA_KB, encoding="utf-8")
    now = "2026-11-28T09:00:00+00:00"
    raw = {"knowledge_base": {"sources": [str(path)]}, "nli": {"model": "none"}, "now": now}
    report = Checker(config_from_dict(raw)).check_turn(
        reply, DialogueState(session_id="w", now=now)
    )
    assert report.text == (fixed or reply)
    if fixed is None:
        assert not report.flags


@pytest.mark.parametrize("shape", ["literal", "schema", "nodes"])
def test_shapes_kept_beside_a_store_read_back_as_they_were_found(
    shape: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reopened on-disk store reads the shapes saved beside it (not every triple again), and
    they are those the first open found: blank nodes, literals and units included."""
    import gc

    import kgcheck.kb.knowledge_base as kb_module

    sources = [SHAPES / "common.ttl", SHAPES / f"{shape}.ttl"]
    store = f"oxigraph:{tmp_path / 'store'}"
    first = KnowledgeBase.open(sources, store=store)
    found = first.shapes.to_json()
    del first
    gc.collect()  # the on-disk store is locked while open

    def never(*args: object) -> object:
        raise AssertionError("the shapes were read from the triples again")

    monkeypatch.setattr(kb_module, "read_shapes", never)
    again = KnowledgeBase.open(sources, store=store)
    assert not again.reloaded
    assert again.shapes.to_json() == found
    checker = Checker(
        config_from_dict({"knowledge_base": {"sources": [str(s) for s in sources]},
                          "nli": {"model": "none"}}),
        kb=again,
    )  # fmt: skip
    report = checker.check_turn("North Shop is at 3 Bromfield Lane.", DialogueState())
    assert report.text == "North Shop is at 14 Knaresborough Road."


def test_string_values_read_from_the_store_as_rdflib_reads_them(tmp_path: Path) -> None:
    """The word index of string values is read straight from Oxigraph (no rdflib term per
    triple); it holds what the rdflib graph holds: language-tagged strings, values of
    structure nodes read for their owner, and no names."""
    kb = _kb(
        tmp_path,
        'ex:shop rdfs:label "Corner Shop" ; ex:motto "Fresh every day"@en ;\n'
        '  ex:note "Closed on holidays"^^xsd:string ; ex:code 42 ;\n'
        '  schema:address [ schema:streetAddress "1 Main St" ] .\n',
    )
    fast = kb._index_strings()
    own, kb._ox = kb._ox, None  # the rdflib path (a KB on an endpoint reads so)
    try:
        slow = kb._index_strings()
    finally:
        kb._ox = own
    assert own is not None
    assert fast == slow
    shop = URIRef("https://example.org/nav#shop")
    assert kb.owners_of_words(("fresh", "every", "day")) == ((shop, URIRef(EX_NAV + "motto")),)
    assert (shop, URIRef(SCHEMA + "streetAddress")) in kb.owners_of_words(("1", "main", "st"))
    assert kb.owners_of_words(("corner", "shop")) == ()


def test_an_address_node_whose_street_part_has_a_comma_agrees_piece_by_piece(
    tmp_path: Path,
) -> None:
    # a newcomer's depot: streetAddress "Unit 4, Avonmouth Way"; the reply's object, cut at
    # the first comma, is "Unit 4", a whole piece of that part (it was held back as wrong)
    path = tmp_path / "kb.ttl"
    path.write_text(
        """@prefix schema: <https://schema.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix ex: <https://example.org/parcels#> .
ex:Depot a <http://www.w3.org/2002/07/owl#Class> ; rdfs:label "depot" .
ex:bristol a ex:Depot ; rdfs:label "Bristol Depot" ;
    schema:address [ a schema:PostalAddress ; schema:streetAddress "Unit 4, Avonmouth Way" ;
        schema:addressLocality "Bristol" ; schema:postalCode "BS11 9YA" ] .
ex:leeds a ex:Depot ; rdfs:label "Leeds Depot" ;
    schema:address [ a schema:PostalAddress ; schema:streetAddress "Unit 9, Stourton Park" ;
        schema:addressLocality "Leeds" ; schema:postalCode "LS10 1RS" ] .
""",
        encoding="utf-8",
    )
    checker = Checker(
        config_from_dict({"knowledge_base": {"sources": [str(path)]}, "nli": {"model": "none"}})
    )
    true = "Bristol Depot is at Unit 4, Avonmouth Way, Bristol BS11 9YA."
    report = checker.check_turn(true, DialogueState(session_id="shapes"))
    assert [f.content for f in report.flags if f.confidence >= 0.5] == []
    assert report.text == true
    false = "Bristol Depot is at Unit 9, Stourton Park, Bristol BS11 9YA."
    report = checker.check_turn(false, DialogueState(session_id="shapes"))
    assert any(
        f.confidence >= 0.5 and f.span.start <= false.index("Unit 9") < f.span.end
        for f in report.flags
    )
