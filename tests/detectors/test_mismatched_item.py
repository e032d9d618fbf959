"""``mismatched_item``: an item described by values no one row of the tool results holds together,
named after what SGD's flights, buses and events showed (a swapped airline went unflagged while
the true time beside it was "corrected")."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.report import TurnReport
from kgcheck.tools import ToolResult

NOW = "2026-03-01T09:00:00+00:00"
FLIGHTS = [
    {"airlines": "American Airlines", "outbound_departure_time": "07:00", "number_stops": "0",
     "price": "228", "passengers": "1"},
    {"airlines": "United Airlines", "outbound_departure_time": "21:15", "number_stops": "1",
     "price": "482", "passengers": "1"},
    {"airlines": "Delta Airlines", "outbound_departure_time": "13:40", "number_stops": "1",
     "price": "305", "passengers": "1"},
]  # fmt: skip
FLIGHT_SCHEMA = {
    "slots": [
        {"name": "airlines", "description": "Airline of the flight", "is_categorical": True,
         "possible_values": ["American Airlines", "United Airlines", "Delta Airlines"]},
        {"name": "number_stops", "description": "Number of layovers", "is_categorical": True,
         "possible_values": ["0", "1"]},
        {"name": "price", "description": "Price of the ticket"},
    ]
}  # fmt: skip
EVENTS = [
    {"event_name": "Dodgers Vs Cubs", "date": "2026-03-12", "time": "20:30",
     "event_location": "Dodger Stadium"},
    {"event_name": "Dodgers Vs Giants", "date": "2026-03-02", "time": "19:30",
     "event_location": "Dodger Stadium"},
    {"event_name": "Sparks Vs Lynx", "date": "2026-03-08", "time": "20:00",
     "event_location": "STAPLES Center"},
]  # fmt: skip


HOMES = [
    {"property_name": "City View", "address": "25200 Carlos Bee Boulevard",
     "number_of_beds": "2", "number_of_baths": "1", "rent": "2550"},
    {"property_name": "Amador Apartments", "address": "24660 Amador Street",
     "number_of_beds": "2", "number_of_baths": "2", "rent": "3100"},
    {"property_name": "Cypress Glen", "address": "25100 Cypress Avenue",
     "number_of_beds": "3", "number_of_baths": "1", "rent": "2500"},
]  # fmt: skip
HOMES_SCHEMA = {
    "slots": [
        {"name": "number_of_beds", "description": "Number of bed rooms", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
        {"name": "number_of_baths", "description": "Number of baths in the apartment",
         "is_categorical": True, "possible_values": ["1", "2", "3", "4"]},
        {"name": "rent", "description": "Rent per month of the apartment"},
    ]
}  # fmt: skip
CARS = [
    {"car_name": "Altima", "type": "Standard", "pickup_date": "2026-03-02",
     "pickup_location": "SFO International Airport"},
    {"car_name": "Civic", "type": "Standard", "pickup_date": "2026-03-02",
     "pickup_location": "Salesforce Transit Center"},
    {"car_name": "Cruze", "type": "Standard", "pickup_date": "2026-03-02",
     "pickup_location": "SFO International Airport"},
]  # fmt: skip
CARS_SCHEMA = {
    "slots": [
        {"name": "type", "description": "Category to which rental car belongs",
         "is_categorical": True, "possible_values": ["Compact", "Standard", "Full-size"]},
    ]
}  # fmt: skip


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}, "now": NOW}))


def _state(call: ToolResult) -> DialogueState:
    state = DialogueState(session_id="items", now=NOW)
    state.add_turn("user", "Find me something.")
    state.add_call(call)
    return state


def _flights() -> DialogueState:
    return _state(ToolResult("SearchOnewayFlight", FLIGHTS, schema=FLIGHT_SCHEMA))


def _events() -> DialogueState:
    return _state(ToolResult("FindEvents", EVENTS))


def _acted(report: TurnReport) -> list[tuple[str, str]]:
    return [(f.detector, f.content) for f in report.flags if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "reply",
    [
        "There is an American Airlines flight which leaves at 7 am and has 0 layovers. "
        "It costs $228.",
        "Delta Airlines has a 1:40 pm flight with 1 layover for $305.",
        "American Airlines leaves at 7 am for $228, and United Airlines at 9:15 pm for $482.",
        "There is an event on March 12th at 8:30 pm. The event is Dodgers Vs Cubs at Dodger "
        "Stadium.",
    ],
)
def test_a_description_one_row_holds_is_accepted(checker: Checker, reply: str) -> None:
    state = _events() if "event" in reply else _flights()
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)


def test_a_swapped_airline_is_corrected_and_the_true_time_beside_it_left_alone(
    checker: Checker,
) -> None:
    reply = (
        "There is a United Airlines flight which leaves at 7 am and has 0 layovers. It costs $228."
    )
    report = checker.check_turn(reply, _flights())
    assert _acted(report) == [("mismatched_item", "United Airlines")]
    assert report.text == reply.replace("United", "American")


def test_a_time_no_row_holds_is_corrected_to_the_time_of_the_row_the_other_values_name(
    checker: Checker,
) -> None:
    reply = (
        "There is an event on March 12th at 6 pm. The event is Dodgers Vs Cubs at Dodger Stadium."
    )
    report = checker.check_turn(reply, _events())
    assert _acted(report) == [("mismatched_item", "6 pm")]
    assert report.text == reply.replace("6 pm", "8:30 pm")


def test_another_rows_date_beside_the_rows_own_time_is_corrected(checker: Checker) -> None:
    reply = (
        "There is an event on March 2 at 8:30 pm. The event is Dodgers Vs Cubs at Dodger Stadium."
    )
    report = checker.check_turn(reply, _events())
    assert [content for _, content in _acted(report)] == ["March 2"]
    assert report.text == reply.replace("March 2", "March 12")


def test_two_values_of_two_rows_say_the_item_is_wrong_not_which_value(checker: Checker) -> None:
    # the 7 am flight costs $228 and the $305 one leaves at 1:40 pm: either could be meant
    reply = "There is a flight at 7 am for $305."
    report = checker.check_turn(reply, _flights())
    assert _acted(report) == [("mismatched_item", "7 am for $305")]
    assert (report.text, report.decision) == (reply, "accept_with_warnings")


def test_a_denied_value_describes_nothing(checker: Checker) -> None:
    reply = "The 7 am flight for $228 with 0 layovers is not a United Airlines flight."
    report = checker.check_turn(reply, _flights())
    assert not any(f.detector == "mismatched_item" for f in report.flags)


def test_a_count_is_read_as_the_property_its_noun_names_not_another_number(
    checker: Checker,
) -> None:
    # every flight is for 1 passenger: "1 layovers" is still not what the 7 am flight has
    reply = "There is an American Airlines flight at 7 am with 1 layovers for $228."
    report = checker.check_turn(reply, _flights())
    assert ("mismatched_item", "1") in _acted(report)
    assert "with 0 layovers" in report.text


def test_a_restated_request_is_not_read_as_a_description(checker: Checker) -> None:
    state = _flights()
    state.add_turn("user", "Book the United Airlines flight at 7 am.")
    report = checker.check_turn("Please confirm: a United Airlines flight at 7 am for $228.", state)
    assert not any(f.detector == "mismatched_item" for f in report.flags)


KB = """
@prefix ex: <https://example.org/vets#> .
@prefix schema: <https://schema.org/> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix kgc: <https://w3id.org/kgcheck#> .

ex:Clinic a owl:Class ; rdfs:label "clinic" .
ex:Nurse a owl:Class ; rdfs:label "nurse" .
ex:Workshop a owl:Class ; rdfs:label "workshop" .
ex:worksAt a owl:ObjectProperty, owl:FunctionalProperty ; rdfs:label "works at" .
ex:startDate a owl:DatatypeProperty ; rdfs:label "start date" ; rdfs:range xsd:date .
ex:startTime a owl:DatatypeProperty ; rdfs:label "start time" ; rdfs:range xsd:time .
ex:price a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "price" ;
    kgc:unit "GBP" .

ex:quayside a ex:Clinic ; schema:name "Harbourside Vets Quayside" ; skos:altLabel "Quayside" .
ex:clifton a ex:Clinic ; schema:name "Harbourside Vets Clifton" ; skos:altLabel "Clifton" .
ex:hannah a ex:Nurse ; schema:name "Hannah Cole" ; ex:worksAt ex:quayside .
ex:megan a ex:Nurse ; schema:name "Megan Lloyd" ; ex:worksAt ex:clifton .
ex:roses a ex:Workshop ; schema:name "Rose Pruning" ; ex:startDate "2026-12-03"^^xsd:date ;
    ex:startTime "10:30:00"^^xsd:time ; ex:price 16.0 .
ex:wreaths a ex:Workshop ; schema:name "Wreath Making" ; ex:startDate "2026-12-10"^^xsd:date ;
    ex:startTime "14:00:00"^^xsd:time ; ex:price 20.0 .
ex:bulbs a ex:Workshop ; schema:name "Bulb Planting" ; ex:startDate "2026-12-03"^^xsd:date ;
    ex:startTime "14:00:00"^^xsd:time ; ex:price 12.0 .
"""


def _kb_checker(tmp_path_factory: pytest.TempPathFactory, turtle: str) -> Checker:
    path = tmp_path_factory.mktemp("kb") / "kb.ttl"
    path.write_text(turtle, encoding="utf-8")
    settings = {"nli": {"model": "none"}, "now": NOW, "knowledge_base": {"sources": [str(path)]}}
    return Checker(config_from_dict(settings))


@pytest.fixture(scope="module")
def vets(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    return _kb_checker(tmp_path_factory, KB)


@pytest.mark.parametrize(
    "reply",
    [
        # the clinic by its short name is the value the nurse's row holds, not another value
        "Hannah Cole is our nurse at Quayside.",
        "At Clifton you'll find Megan Lloyd, one of our nurses.",
    ],
)
def test_a_value_named_by_its_short_name_is_the_rows_value(vets: Checker, reply: str) -> None:
    report = vets.check_turn(reply, DialogueState(session_id="kb", now=NOW))
    assert (_acted(report), report.text) == ([], reply)


def test_a_kb_items_odd_value_is_corrected_to_the_entity_the_other_values_name(
    vets: Checker,
) -> None:
    reply = "The workshop on 3 December at 10:30am costs £20."
    report = vets.check_turn(reply, DialogueState(session_id="kb", now=NOW))
    assert ("mismatched_item", "£20") in _acted(report)
    assert report.text == reply.replace("£20", "£16")


def test_each_entry_of_a_list_is_an_item_of_its_own(vets: Checker) -> None:
    # a blind trial's list of events read the first entry's time with the second's name
    reply = (
        "Here are our workshops:\n"
        "- Rose Pruning (3 December, 10:30am, £16)\n"
        "- Wreath Making (10 December, 2pm, £20)\n"
        "- Bulb Planting (3 December, 2pm, £12)"
    )
    report = vets.check_turn(reply, DialogueState(session_id="kb", now=NOW))
    assert (_acted(report), report.text) == ([], reply)


def test_a_phone_number_no_row_holds_is_the_booked_rows_own(checker: Checker) -> None:
    # SGD: "The room is booked. The phone number is <another hotel's number>" went unflagged
    hotel = {"place_name": "Harbour Inn", "phone_number": "+1 470-231-3030",
             "street_address": "3600 Wieuca Road Northeast", "number_of_rooms": "1"}  # fmt: skip
    state = _state(ToolResult("ReserveHotel", [hotel]))
    for reply in (
        "The room is booked. The phone number is +1 404-555-0199.",
        "The address is 3600 Wieuca Road Northeast and the phone number is +1 404-555-0199.",
    ):
        report = checker.check_turn(reply, state)
        assert _acted(report) == [("mismatched_item", "+1 404-555-0199")]
        assert report.text == reply.replace("+1 404-555-0199", "+1 470-231-3030")
    reply = "The room is booked. The phone number is +1 470-231-3030."
    assert checker.check_turn(reply, state).text == reply


FLIGHTS_KB = """
@prefix ex: <https://example.org/air#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix kgc: <https://w3id.org/kgcheck#> .

ex:OnewayFlight a owl:Class ; rdfs:label "oneway flight" .
ex:Airline a owl:Class ; rdfs:label "airline" ; kgc:closedWorld true ;
    owl:oneOf (ex:american ex:united ex:delta) .
ex:american a ex:Airline ; rdfs:label "American Airlines" .
ex:united a ex:Airline ; rdfs:label "United Airlines" .
ex:delta a ex:Airline ; rdfs:label "Delta Airlines" .
ex:airline a owl:ObjectProperty, owl:FunctionalProperty ; rdfs:label "airline" ;
    rdfs:range ex:Airline .
ex:departs a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "departure time" ;
    rdfs:range xsd:time .
ex:price a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "price" ; kgc:unit "USD" .

ex:f1 a ex:OnewayFlight ; rdfs:label "7:00 am oneway flight" ; ex:airline ex:american ;
    ex:departs "07:00:00"^^xsd:time ; ex:price 228.0 .
ex:f2 a ex:OnewayFlight ; rdfs:label "9:15 pm oneway flight" ; ex:airline ex:united ;
    ex:departs "21:15:00"^^xsd:time ; ex:price 482.0 .
ex:f3 a ex:OnewayFlight ; rdfs:label "1:40 pm oneway flight" ; ex:airline ex:delta ;
    ex:departs "13:40:00"^^xsd:time ; ex:price 305.0 .
"""


@pytest.fixture(scope="module")
def flights_kb(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    return _kb_checker(tmp_path_factory, FLIGHTS_KB)


#: (reply, the reply as corrected; ``None``: left alone). SGD's rows written as Turtle: the
#: same replies through the tool results were caught, through the KB not.
KB_FLIGHT_CASES = [
    # the rows are of the class a value of theirs (an airline) belongs to
    ("Delta Airlines, leaving at 7 am, for $305.", "Delta Airlines, leaving at 1:40 pm, for $305."),
    # "flight" is the head of one class's label ("oneway flight")
    (
        "There is a flight for $305 with Delta Airlines that leaves at 7 am.",
        "There is a flight for $305 with Delta Airlines that leaves at 1:40 pm.",
    ),
    ("Delta Airlines, leaving at 1:40 pm, for $305.", None),
    ("The United Airlines flight costs $482.", None),
]


@pytest.mark.parametrize(("reply", "corrected"), KB_FLIGHT_CASES)
def test_a_kb_item_is_read_among_what_holds_its_values(
    flights_kb: Checker, reply: str, corrected: str | None
) -> None:
    report = flights_kb.check_turn(reply, DialogueState(session_id="kb", now=NOW))
    flagged = ("mismatched_item", "7 am") in _acted(report)
    assert (flagged, report.text) == (corrected is not None, corrected or reply)


def _homes() -> DialogueState:
    return _state(ToolResult("FindApartment", HOMES, schema=HOMES_SCHEMA))


def test_a_count_of_a_two_word_noun_written_as_one_is_read(checker: Checker) -> None:
    # "Number of bed rooms": "3 bedrooms" is its count, and City View has 2
    reply = "City View at 25200 Carlos Bee Boulevard has 3 bedrooms and 1 bath for $2,550."
    report = checker.check_turn(reply, _homes())
    assert ("mismatched_item", "3") in _acted(report)
    assert "has 2 bedrooms" in report.text


def test_a_name_compared_with_is_not_the_item_described(checker: Checker) -> None:
    reply = (
        "You might like City View at 25200 Carlos Bee Boulevard. It has 2 bedrooms and 1 bath. "
        "It's a bit less costly than Amador, with rent costing you $2,550 per month."
    )
    report = checker.check_turn(reply, _homes())
    assert (_acted(report), report.text) == ([], reply)


def test_a_named_row_with_another_rows_value_is_flagged_not_rewritten(checker: Checker) -> None:
    # the Altima is at the airport and the Civic at Salesforce Transit Center: the name or
    # the place is wrong, and which is not certain
    state = _state(ToolResult("GetCarsAvailable", CARS, schema=CARS_SCHEMA))
    reply = "There's a Standard car, an Altima available on March 2nd at Salesforce Transit Center."
    report = checker.check_turn(reply, state)
    assert _acted(report) == [
        ("mismatched_item", "Altima available on March 2nd at Salesforce Transit Center")
    ]
    assert (report.text, report.decision) == (reply, "accept_with_warnings")
    true = "There's a Standard car, an Altima available on March 2nd at SFO International Airport."
    assert _acted(checker.check_turn(true, state)) == []


SONG = [
    {"song_name": "Free Fall", "artist": "Illenium", "album": "Awake", "genre": "Electropop",
     "year": "2017"},
]  # fmt: skip
SONG_SCHEMA = {
    "slots": [
        {"name": "year", "description": "Year in which the song was released",
         "is_categorical": True, "possible_values": [str(y) for y in range(2010, 2020)]},
    ]
}  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "corrected"),
    [
        ("Enjoy! It's an Electropop song from 2017.", None),
        ("It came out in 2017.", None),
        ("Enjoy! It's an Electropop song from 2012.", "Enjoy! It's an Electropop song from 2017."),
        ("From 2013.", "From 2017."),
    ],
)
def test_a_year_is_checked_against_the_rows_year_not_read_as_a_number_of_years(
    checker: Checker, reply: str, corrected: str | None
) -> None:
    # SGD's songs: "a pop song from 2016" went unchecked (a year is no number, and "Year in
    # which the song was released" made the property a number of years)
    report = checker.check_turn(reply, _state(ToolResult("PlaySong", SONG, schema=SONG_SCHEMA)))
    assert report.text == (corrected or reply)
    assert all("2017 year" not in f.message for f in report.flags)


WEATHER = [{"city": "Seattle", "humidity": "25", "precipitation": "32", "temperature": "74",
            "wind": "15"}]  # fmt: skip
WEATHER_SCHEMA = {
    "slots": [
        {"name": "humidity", "description": "Percentage humidity"},
        {"name": "wind", "description": "Wind speed in miles per hour"},
    ]
}


def test_a_percentage_is_no_value_of_a_property_in_another_unit(checker: Checker) -> None:
    # SGD's weather: "15 percent" humidity was read as the row's wind of 15 miles per hour,
    # and that reading overruled the check that found the humidity wrong
    state = _state(ToolResult("GetWeather", WEATHER, schema=WEATHER_SCHEMA))
    report = checker.check_turn("Today the humidity is about 15 percent.", state)
    assert ("numeric_claim", "15 percent") in _acted(report)
    assert _acted(checker.check_turn("Today the humidity is about 25 percent.", state)) == []


@pytest.mark.parametrize(
    ("reply", "corrected"),
    [
        ("I would recommend City View. It is at 25200 Carlos Bee Boulevard.", None),
        # SGD: an address from another conversation, of the row the reply names
        (
            "I would recommend City View. It is at 89 South Street.",
            "I would recommend City View. It is at 25200 Carlos Bee Boulevard.",
        ),
        ("I would recommend City View, 2 bedrooms at $2,550 a month.", None),
    ],
)
def test_an_address_no_row_holds_is_checked_against_the_named_rows_address(
    checker: Checker, reply: str, corrected: str | None
) -> None:
    report = checker.check_turn(reply, _homes())
    assert report.text == (corrected or reply)


def test_the_one_booked_rows_address_is_what_the_reply_gives(checker: Checker) -> None:
    state = _state(ToolResult("ReserveRestaurant", [HOMES[0]]))
    report = checker.check_turn("Done. Their address is 89 South street.", state)
    assert ("mismatched_item", "89 South street") in _acted(report)


STAYS = [
    {"site_name": "Bluebell Glade", "pitch_type": "tent pitch", "price_per_night": 20,
     "available_from": "2026-03-06", "available_to": "2026-03-08"},
    {"site_name": "Fox Hollow", "pitch_type": "caravan pitch", "price_per_night": 35,
     "available_from": "2026-03-06", "available_to": "2026-03-08"},
]  # fmt: skip


@pytest.mark.parametrize("days", ["Friday and Saturday", "this Friday and Saturday"])
def test_a_day_inside_a_rows_period_is_no_misstated_end(days: str) -> None:
    # a blind trial's campsites: "this Friday and Saturday night" of a stay available from
    # Friday 6 to Sunday 8 March was "corrected" to "Friday and Sunday" (the bare "Saturday"
    # read as the last one)
    # on Tuesday 3 March a bare "Saturday" reads as the last one, 28 February
    tuesday = Checker(config_from_dict({"nli": {"model": "none"}, "now": "2026-03-03T09:00:00"}))
    state = DialogueState(session_id="stay", now="2026-03-03T09:00:00")
    state.add_turn("user", "Anything for this Friday and Saturday night?")
    state.add_call(ToolResult("search_sites", STAYS))
    reply = f"For {days} night there's Bluebell Glade, a tent pitch at £20 a night."
    report = tuesday.check_turn(reply, state)
    assert (report.text, [f for f in report.flags if f.content == "Saturday"]) == (reply, [])


#: (the call, a reply, the stretch flagged; ``None``: none). SGD's turtle route caught 0.66 of
#: changed values and its tool route 0.83: items were read within a sentence and clashes not
#: at all when the same rows came as a KB file.
SAME_ROWS = [
    (ToolResult("GetCarsAvailable", CARS, schema=CARS_SCHEMA),
     "There's a Standard car, an Altima available on March 2nd at Salesforce Transit Center.",
     "Altima available on March 2nd at Salesforce Transit Center"),
    (ToolResult("SearchOnewayFlight", FLIGHTS, schema=FLIGHT_SCHEMA),
     "There is a flight at 7 am for $305.", "7 am for $305"),
    (ToolResult("SearchOnewayFlight", FLIGHTS, schema=FLIGHT_SCHEMA),
     "Delta Airlines has a flight leaving at 7 am with 1 layover. The ticket price is $305.",
     "7 am"),
    (ToolResult("SearchOnewayFlight", FLIGHTS, schema=FLIGHT_SCHEMA),
     "Delta Airlines has a flight leaving at 1:40 pm with 1 layover. The ticket price is $305.",
     None),
    (ToolResult("FindApartment", HOMES, schema=HOMES_SCHEMA),
     "Cypress Glen is at 24660 Amador Street. It has 3 bedrooms and 1 bath for $2,500.",
     "24660 Amador Street"),
]  # fmt: skip


@pytest.mark.parametrize(("call", "reply", "flagged"), SAME_ROWS)
def test_the_same_rows_as_a_kb_file_give_the_same_verdicts(
    checker: Checker,
    tmp_path_factory: pytest.TempPathFactory,
    call: ToolResult,
    reply: str,
    flagged: str | None,
) -> None:
    from kgcheck.tools import results_graph

    kb = _kb_checker(tmp_path_factory, results_graph([call]).serialize(format="turtle"))
    through_tools = checker.check_turn(reply, _state(call))
    through_kb = kb.check_turn(reply, DialogueState(session_id="kb", now=NOW))
    assert _acted(through_tools) == _acted(through_kb)
    assert through_tools.text == through_kb.text
    assert [content for _, content in _acted(through_kb)] == ([flagged] if flagged else [])


STUDIO_KB = """
@prefix ex: <https://example.org/studio#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .

ex:Course a owl:Class ; rdfs:label "course" .
ex:Session a owl:Class ; rdfs:label "class session" .
ex:Studio a owl:Class ; rdfs:label "studio" .
ex:Tutor a owl:Class ; rdfs:label "tutor" .
ex:teaches a owl:ObjectProperty ; rdfs:label "teaches" ; rdfs:range ex:Course .
ex:worksAt a owl:ObjectProperty ; rdfs:label "works at" ; rdfs:range ex:Studio .
ex:course a owl:ObjectProperty, owl:FunctionalProperty ; rdfs:label "course" ;
    rdfs:range ex:Course .
ex:venue a owl:ObjectProperty, owl:FunctionalProperty ; rdfs:label "venue" ;
    rdfs:range ex:Studio .
ex:startTime a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "start time" ;
    rdfs:range xsd:time .
ex:endTime a owl:DatatypeProperty, owl:FunctionalProperty ; rdfs:label "end time" ;
    rdfs:range xsd:time .

ex:pottery a ex:Course ; rdfs:label "Wheel Pottery Course" .
ex:kidsclay a ex:Course ; rdfs:label "Kids Clay Club" .
ex:glaze a ex:Course ; rdfs:label "Glazing Workshop" .
ex:riverside a ex:Studio ; rdfs:label "Riverside Studio" .
ex:hillside a ex:Studio ; rdfs:label "Hillside Studio" .
ex:ana a ex:Tutor ; rdfs:label "Ana Ruiz" ; ex:teaches ex:pottery, ex:kidsclay ;
    ex:worksAt ex:riverside .
ex:s1 a ex:Session ; ex:course ex:pottery ; ex:venue ex:riverside ;
    ex:startTime "13:00:00"^^xsd:time ; ex:endTime "15:30:00"^^xsd:time .
ex:s2 a ex:Session ; ex:course ex:kidsclay ; ex:venue ex:hillside ;
    ex:startTime "10:00:00"^^xsd:time ; ex:endTime "11:00:00"^^xsd:time .
ex:s3 a ex:Session ; ex:course ex:kidsclay ; ex:venue ex:riverside ;
    ex:startTime "16:00:00"^^xsd:time ; ex:endTime "17:00:00"^^xsd:time .
"""


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    return _kb_checker(tmp_path_factory, STUDIO_KB)


def test_what_follows_a_coordination_is_said_of_every_one_listed(studio: Checker) -> None:
    # a blind trial's climbing centre: "teaches the Lead Climbing Course and the Kids Climbing
    # Club at Kestrel York. Her lead sessions are ... from 1pm to 3:30pm" read the club with
    # the lead sessions' place and times, and "corrected" it to the Lead Climbing Course
    reply = (
        "Ana Ruiz teaches the Wheel Pottery Course and the Kids Clay Club at Riverside Studio. "
        "Her pottery sessions run from 1pm to 3:30pm."
    )
    report = studio.check_turn(reply, DialogueState(session_id="kb", now=NOW))
    assert (_acted(report), report.text) == ([], reply)


@pytest.fixture(scope="module")
def vets_more(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    """The vets' KB with the Quayside clinic's opening time and the bulb workshop's room."""
    more = KB.replace(
        'ex:quayside a ex:Clinic ; schema:name "Harbourside Vets Quayside" ;',
        'ex:quayside a ex:Clinic ; schema:name "Harbourside Vets Quayside" ;\n'
        '    ex:startTime "08:30:00"^^xsd:time ;',
    ).replace(
        'ex:bulbs a ex:Workshop ; schema:name "Bulb Planting" ;',
        'ex:bulbs a ex:Workshop ; schema:name "Bulb Planting" ; ex:room "Glasshouse" ;',
    )
    assert more.count("08:30:00") == 1 and more.count("Glasshouse") == 1
    return _kb_checker(tmp_path_factory, more)


def test_values_of_different_kinds_of_thing_are_no_clash(vets_more: Checker) -> None:
    # blind trials: "our Clifton clinic specialises in feline medicine" (a clinic's name, a
    # vet's specialism), "Rabbit neutering is done at our Portishead clinic and costs £140":
    # a sentence naming two things does not describe one, and no one of them is wrong
    reply = "The Rose Pruning workshop is held at our Quayside clinic at 10:30am."
    report = vets_more.check_turn(reply, DialogueState(session_id="kb", now=NOW))
    assert (_acted(report), report.text) == ([], reply)


@pytest.mark.parametrize(
    "reply",
    ["The Rose Pruning workshop is in the Glasshouse.", "Rose Pruning is in the Glasshouse."],
)
def test_what_a_thing_does_not_state_it_does_not_contradict(vets_more: Checker, reply: str) -> None:
    # a blind trial's energy supplier: "Northmoor Flex electricity", where the Flex tariff
    # states no fuel and another tariff is electricity, was "no one result has both"
    report = vets_more.check_turn(reply, DialogueState(session_id="kb", now=NOW))
    assert (_acted(report), report.text) == ([], reply)


def test_a_thing_linked_to_another_candidate_holds_it_as_a_value(studio: Checker) -> None:
    # a blind trial's arts centre: "The Twelfth Night performance on Saturday 19 December is
    # a relaxed performance" went unflagged where the play, a candidate itself ("performance"
    # and the play both named), was dropped from what its performances hold
    true = "The Kids Clay Club course meets at Riverside Studio from 4pm to 5pm."
    report = studio.check_turn(true, DialogueState(session_id="kb", now=NOW))
    assert (_acted(report), report.text) == ([], true)
    false = "The Kids Clay Club course meets at Hillside Studio from 4pm to 5pm."
    report = studio.check_turn(false, DialogueState(session_id="kb", now=NOW))
    assert _acted(report) == [("mismatched_item", "Hillside Studio")]
