"""Tool results as RDF: what a user would write by hand for the same rows."""

from __future__ import annotations

from rdflib import OWL, RDF, RDFS, XSD, Literal, URIRef
from rdflib.collection import Collection

from kgcheck.tools.graph import CALL_NS, FIELD_NS, KIND_NS, RESULT_NS, results_graph
from kgcheck.tools.results import ToolResult
from kgcheck.vocab import KGC

HOTELS = [
    {"hotel_name": "Harbour Inn", "price_per_night": "182", "phone": "416-555-0101",
     "check_in": "15:00", "rating": "4.20", "has_wifi": "True"},
    {"hotel_name": "Maple Lodge", "price_per_night": "$95", "phone": "416-555-0199",
     "check_in": "14:00", "rating": "3.90", "has_wifi": "False"},
]  # fmt: skip


def FIELD(name: str) -> URIRef:
    return URIRef(FIELD_NS + name)


def test_rows_are_entities_of_the_tools_kind_named_by_their_name_field() -> None:
    graph = results_graph([ToolResult("search_hotels", HOTELS)])
    harbour = URIRef(RESULT_NS + "harbour-inn")
    assert (harbour, RDFS.label, Literal("Harbour Inn")) in graph
    assert (harbour, RDF.type, URIRef(KIND_NS + "hotel")) in graph
    assert (URIRef(KIND_NS + "hotel"), RDFS.label, Literal("hotel")) in graph
    assert (harbour, FIELD("phone"), Literal("416-555-0101")) in graph
    assert (harbour, FIELD("check_in"), Literal("15:00:00", datatype=XSD.time)) in graph
    assert (harbour, FIELD("rating"), Literal("4.20", datatype=XSD.decimal)) in graph
    assert (harbour, FIELD("has_wifi"), Literal("true", datatype=XSD.boolean)) in graph


def test_fields_are_properties_labelled_with_their_words_and_typed_by_their_values() -> None:
    schema = {"type": "object", "properties": {"rating": {"description": "Guest rating of 5"}}}
    graph = results_graph([ToolResult("search_hotels", HOTELS, schema=schema)])
    rating = FIELD("rating")
    assert (FIELD("price_per_night"), RDFS.label, Literal("price per night")) in graph
    assert (rating, RDFS.comment, Literal("Guest rating of 5")) in graph
    assert (rating, RDFS.range, XSD.decimal) in graph
    assert (rating, RDF.type, OWL.FunctionalProperty) in graph
    # "182" and "$95": amounts in dollars, one of them written with its sign
    assert (FIELD("price_per_night"), KGC.unit, Literal("USD")) in graph
    maple = URIRef(RESULT_NS + "maple-lodge")
    assert (maple, FIELD("price_per_night"), Literal("95", datatype=XSD.decimal)) in graph


def test_a_declared_closed_set_is_an_enumerated_closed_class_of_its_words() -> None:
    schema = {
        "slots": [{"name": "tier", "is_categorical": True, "possible_values": ["cheap", "pricey"]}]
    }
    graph = results_graph(
        [ToolResult("find_restaurants", [{"name": "Sino", "tier": "pricey"}], schema=schema)]
    )
    (cls_,) = graph.objects(FIELD("tier"), RDFS.range)
    assert (cls_, KGC.closedWorld, Literal(True)) in graph
    members = {str(graph.value(m, RDFS.label)) for m in graph.subjects(RDF.type, cls_)}
    assert members == {"cheap", "pricey"}
    # listed with owl:oneOf: its words are values, whatever their case ("Theme Park")
    (listing,) = graph.objects(cls_, OWL.oneOf)
    assert set(Collection(graph, listing)) == set(graph.subjects(RDF.type, cls_))
    (value,) = graph.objects(URIRef(RESULT_NS + "sino"), FIELD("tier"))
    assert graph.value(value, RDFS.label) == Literal("pricey")


def test_rows_without_a_name_are_named_by_kind_and_time() -> None:
    buses = [{"leaving_time": "09:20", "fare": "34"}, {"leaving_time": "13:05", "fare": "31"}]
    graph = results_graph([ToolResult("FindBus", buses)])
    labels = {str(o) for s, o in graph.subject_objects(RDFS.label) if str(s).startswith(RESULT_NS)}
    assert labels == {"9:20 am bus", "1:05 pm bus"}


def test_the_latest_result_holds_and_arguments_are_values_of_the_rows() -> None:
    first = ToolResult("find_restaurants", [{"name": "Sino", "time": "11:30"}])
    booked = ToolResult(
        "reserve_restaurant", [{"name": "Sino", "time": "12:00"}], arguments={"party": 4}
    )
    graph = results_graph([first, booked])
    sino = URIRef(RESULT_NS + "sino")
    assert list(graph.objects(sino, FIELD("time"))) == [Literal("12:00:00", datatype=XSD.time)]
    assert (sino, FIELD("party"), Literal("4", datatype=XSD.integer)) in graph


def test_the_number_of_rows_is_a_fact_of_the_call() -> None:
    graph = results_graph([ToolResult("search_hotels", HOTELS)])
    count = FIELD("number_of_hotel")
    assert (count, RDFS.label, Literal("number of hotels")) in graph
    assert (URIRef(CALL_NS + "0"), count, Literal(2)) in graph


FLIGHT = {"airlines": "Delta Airlines", "origin_airport_name": "PHL International Airport",
          "destination_airport_name": "Hartsfield-Jackson International Airport",
          "outbound_departure_time": "15:30", "price": "208"}  # fmt: skip


def test_one_row_is_not_named_by_one_of_several_fields_that_name_other_things() -> None:
    # a one-way and a round-trip search returning one flight each: both rows name the same
    # two airports, neither is the flight's name, and the flights stay two
    oneway = ToolResult("SearchOnewayFlight", [FLIGHT])
    roundtrip = ToolResult("SearchRoundtripFlights", [{**FLIGHT, "price": "385"}])
    graph = results_graph([oneway, roundtrip])
    flights = set(graph.subjects(FIELD("price"), None))
    assert len(flights) == 2
    airport = Literal("Hartsfield-Jackson International Airport")
    assert all((f, FIELD("destination_airport_name"), airport) in graph for f in flights)


def test_a_field_several_rows_of_one_call_share_names_no_row_of_another_call() -> None:
    # the venue's name repeats over a search's events: in a later call's one row it is still
    # the venue's, not the event's
    events = [
        {"venue_name": "Oracle Park", "time": "18:00", "price": "40"},
        {"venue_name": "Oracle Park", "time": "20:30", "price": "55"},
    ]
    booked = ToolResult("BuyEventTickets", [{"venue_name": "Oracle Park", "price": "55"}])
    graph = results_graph([ToolResult("FindEvents", events), booked])
    assert not list(graph.subjects(RDFS.label, Literal("Oracle Park")))
    assert (None, FIELD("venue_name"), Literal("Oracle Park")) in graph


def test_a_field_named_for_the_kind_or_described_as_its_name_names_the_rows() -> None:
    # "trail" of trails, "route" described as "Name of the route": the rows' own names, not
    # values labelled with a departure time ("8:40 am trail")
    trails = [
        {"trail": "Cragside Loop", "start": "08:40"},
        {"trail": "Mere Path", "start": "09:30"},
    ]
    graph = results_graph([ToolResult("find_trails", trails)])
    assert (URIRef(RESULT_NS + "cragside-loop"), RDFS.label, Literal("Cragside Loop")) in graph
    walks = [{"route": "Helvellyn Edge", "km": 12}, {"route": "Tarn Round", "km": 5}]
    schema = {"type": "object", "properties": {"route": {"description": "Name of the walk"}}}
    graph = results_graph([ToolResult("find_walks", walks, schema=schema)])
    assert (URIRef(RESULT_NS + "tarn-round"), RDFS.label, Literal("Tarn Round")) in graph
    # "status" of a lift_status call holds states, not names: the lift's name names the row
    status = [{"lift": "Ridge Chair", "status": "open"}, {"lift": "Bowl T-Bar", "status": "shut"}]
    graph = results_graph([ToolResult("lift_status", status)])
    assert (URIRef(RESULT_NS + "open"), RDFS.label, Literal("open")) not in graph
    # "Name of airline" of flights names what a flight points at, not the flight
    flights = [{"airline": "Delta", "departs": "07:00"}]
    schema = {"type": "object", "properties": {"airline": {"description": "Name of airline"}}}
    graph = results_graph([ToolResult("search_flights", flights, schema=schema)])
    assert (URIRef(RESULT_NS + "delta"), RDFS.label, Literal("Delta")) not in graph


def test_a_number_field_named_with_a_unit_holds_numbers_of_that_unit() -> None:
    # "distance_miles" and "extra_data_gb": amounts of a unit, which no count is a value of
    rows = [{"store": "Briggate", "distance_miles": 0.4, "extra_data_gb": 5, "seats": 3}]
    graph = results_graph([ToolResult("find_stores", rows)])
    assert (FIELD("distance_miles"), KGC.unit, Literal("mile")) in graph
    assert (FIELD("extra_data_gb"), KGC.unit, Literal("GB")) in graph
    assert not list(graph.objects(FIELD("seats"), KGC.unit))


def test_a_field_described_in_pounds_in_rows_priced_in_sterling_is_money() -> None:
    # "Weekend surcharge in pounds" was read as a weight, so "the £128.70 weekend surcharge"
    # was bound to another fee of the KB and called wrong
    rows = {"quote_ref": "Q-1", "stairs_fee": 40.0, "weekend_surcharge": 128.7,
            "max_load": 900, "currency": "GBP"}  # fmt: skip
    schema = {
        "type": "object",
        "properties": {
            "weekend_surcharge": {"type": "number", "description": "Weekend surcharge in pounds"},
            "max_load": {"type": "number", "description": "Maximum load in pounds"},
        },
    }
    graph = results_graph([ToolResult("get_quote", rows, schema=schema)])
    assert (FIELD("weekend_surcharge"), KGC.unit, Literal("GBP")) in graph
    assert (FIELD("max_load"), KGC.unit, Literal("GBP")) not in graph
