"""What a reply says of the rows a call returned, where a value was swapped, named after what
Schema-Guided Dialogue's perturbed turns found missed: a name paired with another row's value
(flagged on the value alone), a closed set's member of the one row a call returned, a name no row
holds where the told row's name stands, the count of results said with "there are", and lengths
of time and speeds of fields in no declared unit."""

from __future__ import annotations

from typing import Any

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.report import TurnReport
from kgcheck.tools import ToolResult

NOW = "2026-03-01T09:00:00+00:00"
HOTELS = [
    {"hotel_name": "Harbour Inn", "star_rating": "4", "street_address": "7 Bay Street"},
    {"hotel_name": "Maple Lodge", "star_rating": "3", "street_address": "12 Front Street"},
    {"hotel_name": "Quayside Rooms", "star_rating": "2", "street_address": "3 Dock Road"},
]
SONGS = [
    {"song_name": "Paper Lanterns", "artist": "Mara Quill", "album": "Lowlands", "year": "2016"},
    {"song_name": "Copper Sky", "artist": "The Vell Brothers", "album": "Northern Rain",
     "year": "2012"},
    {"song_name": "Glass Harbour", "artist": "Ida Fenwick", "album": "Tidewater", "year": "2018"},
    {"song_name": "Iron Tide", "artist": "The Vell Brothers", "album": "Northern Rain",
     "year": "2012"},
]  # fmt: skip
FLIGHT = [
    {"airlines": "Delta Airlines", "outbound_departure_time": "15:55",
     "inbound_departure_time": "07:05", "price": "740", "number_stops": "1"},
]  # fmt: skip
AIRLINES = {
    "service_name": "Flights",
    "slots": [
        {"name": "airlines", "description": "Airline of the flight", "is_categorical": True,
         "possible_values": ["Delta Airlines", "American Airlines", "United Airlines"]},
    ],
}  # fmt: skip
ATTRACTIONS = [{"attraction_name": f"Place {n}", "category": "Museum"} for n in range(10)]
RIDE = [{"approximate_ride_duration": "60", "ride_fare": "9.40", "wind": "9"}]
RIDE_SCHEMA = {
    "service_name": "Rides",
    "slots": [
        {"name": "approximate_ride_duration", "description": "Approximate duration of the ride",
         "is_categorical": False, "possible_values": []},
        {"name": "wind", "description": "Average wind speed for the day",
         "is_categorical": False, "possible_values": []},
    ],
}  # fmt: skip


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}, "now": NOW}))


def _check(checker: Checker, name: str, rows: Any, reply: str, schema: Any = None) -> TurnReport:
    state = DialogueState(session_id="told", now=NOW)
    state.add_turn("user", "Can you look that up for me?")
    state.add_call(ToolResult(name, rows, schema=schema))
    return checker.check_turn(reply, state)


def _acted(report: TurnReport) -> list[str]:
    return [f.content for f in report.flags if f.confidence >= 0.5]


def test_a_name_said_with_another_rows_value_is_flagged_over_both(checker: Checker) -> None:
    # which of the two is wrong the sentence does not say: the flag covers the name too
    reply = "I found a 3 star hotel called Harbour Inn."
    report = _check(checker, "FindHotels", HOTELS, reply)
    (flag,) = [f for f in report.flags if f.confidence >= 0.5]
    assert flag.content == "3 star hotel called Harbour Inn"
    assert any("Maple Lodge" in e.text for e in flag.evidence)
    assert flag.correction_span is None or reply[flag.correction_span.start] == "3"
    true = _check(checker, "FindHotels", HOTELS, "I found a 4 star hotel called Harbour Inn.")
    assert _acted(true) == []


def test_a_closed_sets_member_of_the_one_row_is_checked_once_two_values_name_it(
    checker: Checker,
) -> None:
    reply = "How about an American Airlines flight at 3:55 pm, returning at 7:05 am, for $740?"
    report = _check(checker, "SearchFlights", FLIGHT, reply, AIRLINES)
    assert _acted(report) == ["American Airlines"]
    assert report.text == reply.replace("an American", "an Delta")
    true = reply.replace("an American Airlines", "a Delta Airlines")
    assert _acted(_check(checker, "SearchFlights", FLIGHT, true, AIRLINES)) == []


def test_a_request_restated_beside_the_one_row_is_not_checked_against_it(
    checker: Checker,
) -> None:
    # the one row is a balance: "checking" twice names one of its properties, not two
    rows = [{"account_type": "checking", "balance": "19051.65"}]
    reply = "Kindly ensure that $900 has been transferred from my checking account to checking."
    report = _check(checker, "CheckBalance", rows, reply)
    assert report.text == reply


def test_a_name_where_the_told_rows_name_stands_is_flagged_never_rewritten(
    checker: Checker,
) -> None:
    reply = "How about Lantern Festival Nights by Mara Quill from the album Lowlands?"
    report = _check(checker, "LookupSong", SONGS, reply)
    flags = [f for f in report.flags if f.confidence >= 0.5]
    assert [(f.detector, f.content) for f in flags] == [
        ("mismatched_item", "Lantern Festival Nights")
    ]
    assert "Paper Lanterns" in flags[0].message
    assert report.text == reply
    true = reply.replace("Lantern Festival Nights", "Paper Lanterns")
    assert _acted(_check(checker, "LookupSong", SONGS, true)) == []


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("There are 12 events in Chicago you might like. Place 3 is a museum.", ["12"]),
        ("There are 10 events in Chicago you might like. Place 3 is a museum.", []),
        ("Here are 12 for you: Place 3 is a museum.", ["12"]),
        # a number after another is of what was described, not a count of results
        ("Place 3 is a museum with 2 floors. There are 4 galleries.", []),
    ],
)
def test_the_count_of_results_said_with_there_are(
    checker: Checker, reply: str, flagged: list[str]
) -> None:
    report = _check(checker, "FindAttractions", ATTRACTIONS, reply)
    assert _acted(report) == flagged
    assert report.text == reply  # an unsure reading: flagged, never rewritten


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("About 12 minutes. It costs $9.40.", ["12 minutes"]),
        ("About 60 minutes. It costs $9.40.", []),
        # a field in no declared unit may hold minutes: an hour is 60 of them
        ("It takes 1 hour. It costs $9.40.", []),
        ("The wind will be around 3 miles per hour.", ["3 miles per hour"]),
        ("The wind will be around 9 miles per hour.", []),
    ],
)
def test_lengths_and_speeds_of_fields_in_no_declared_unit(
    checker: Checker, reply: str, flagged: list[str]
) -> None:
    report = _check(checker, "GetRide", RIDE, reply, RIDE_SCHEMA)
    assert _acted(report) == flagged


def test_a_value_the_words_before_it_name_is_the_named_rows(checker: Checker) -> None:
    # the artist and album tell no song from another: the song's own name does
    reply = "How about Copper Sky by The Vell Brothers from the album Harbour Lights?"
    report = _check(checker, "LookupSong", SONGS, reply)
    assert _acted(report) == ["Harbour Lights"]
    assert report.text == reply.replace("Harbour Lights", "Northern Rain")
    assert _acted(_check(checker, "LookupSong", SONGS, report.text)) == []


MOVIES = [
    {"title": "Harbour Nights", "genre": "Drama", "aggregate_rating": "7.3"},
    {"title": "Quiet Fields", "genre": "Drama", "aggregate_rating": "5.8"},
    {"title": "Iron Coast", "genre": "Drama", "aggregate_rating": "6.4"},
]


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        # another film's rating said of the one named: the pairing is flagged, not rewritten
        ("There's Harbour Nights, which is rated 5.8.", ["Harbour Nights, which is rated 5.8"]),
        ("There's Harbour Nights, which is rated 7.3.", []),
    ],
)
def test_a_bare_number_of_another_row_said_of_the_named_one(
    checker: Checker, reply: str, flagged: list[str]
) -> None:
    report = _check(checker, "FindMovies", MOVIES, reply)
    assert _acted(report) == flagged
    assert report.text == reply


def test_an_address_the_words_before_it_name_is_the_rows(checker: Checker) -> None:
    rows = [{"event_name": "Harbour Jazz Night", "address_of_location": "1530 Quayside Walkway"}]
    reply = "Their address is 89 South Street."
    report = _check(checker, "FindEvents", rows, reply)
    assert report.text == "Their address is 1530 Quayside Walkway."


@pytest.mark.parametrize(
    "reply",
    [
        # a day of the week, capitalised, is no name where the row's would stand
        "Collections of Recycling are back to Mondays from 5 April.",
        # a place said in a later clause is no name of the row the values tell
        "There are 6 at Leeds Kirkstall, and you can collect one at Unit 4, Kirkstall Trade Park.",
    ],
)
def test_capitalised_words_that_name_no_row_are_left_alone(checker: Checker, reply: str) -> None:
    rows = [
        {"item_name": "Drain pump", "branch": "Leeds Kirkstall", "in_stock": 6,
         "stream": "Recycling", "from": "2027-04-05"},
        {"item_name": "Door seal", "branch": "Leeds Central", "in_stock": 2, "stream": "Garden",
         "from": "2027-04-12"},
    ]  # fmt: skip
    report = _check(checker, "CheckStock", rows, reply)
    assert [f for f in report.flags if f.detector == "mismatched_item"] == []
    assert report.text == reply


def test_a_time_of_the_one_row_the_verb_before_it_names(checker: Checker) -> None:
    rows = [{"airlines": "Delta Airlines", "outbound_departure_time": "06:50",
             "outbound_arrival_time": "11:23", "price": "240"}]  # fmt: skip
    report = _check(checker, "ReserveFlight", rows, "It should arrive at about 6:26 am.")
    assert _acted(report) == ["6:26 am"]
    assert report.text == "It should arrive at about 11:23 am."
    departs = _check(checker, "ReserveFlight", rows, "It departs at 6:50 am.")
    assert _acted(departs) == []


SLOTS = [
    {"date": "2026-03-02", "start": "07:00", "end": "09:00", "type": "standard", "fee": 3.99},
    {"date": "2026-03-02", "start": "09:00", "end": "13:00", "type": "saver", "fee": 1.5},
    {"date": "2026-03-02", "start": "14:00", "end": "18:00", "type": "saver", "fee": 1.5},
    {"date": "2026-03-02", "start": "19:00", "end": "21:00", "type": "standard", "fee": 3.99},
]


@pytest.mark.parametrize(
    "reply",
    [
        # one row's end is the next one's start: "9am-1pm" is one row, "2pm-6pm" another
        "Tomorrow there are two saver windows at £1.50, 9am–1pm and 2pm–6pm, plus standard "
        "slots from 7–9am and 7–9pm for £3.99.",
        # a comma parts the entries of a list: the saver window's item opens at "saver"
        "Tomorrow I can see 7am–9am for £3.99, a saver window from 9am to 1pm for just £1.50, "
        "and 7–9pm for £3.99.",
    ],
)
def test_a_list_of_rows_with_shared_ends_is_read_row_by_row(checker: Checker, reply: str) -> None:
    report = _check(checker, "FindSlots", SLOTS, reply)
    assert _acted(report) == []
    assert report.text == reply


def test_a_wrong_end_in_a_list_of_rows_is_still_caught(checker: Checker) -> None:
    reply = "Tomorrow there is a saver window from 2pm to 5pm at £1.50."
    report = _check(checker, "FindSlots", SLOTS, reply)
    assert _acted(report) == ["5pm"]
    assert report.text == reply.replace("5pm", "6pm")


WEATHER = [{"precipitation": "15", "humidity": "32", "wind": "6", "temperature": "86"}]
WEATHER_SCHEMA = {
    "service_name": "Weather",
    "slots": [
        {"name": "precipitation", "description": "The possibility of rain or snow in percentage",
         "is_categorical": False, "possible_values": []},
        {"name": "humidity", "description": "Percentage humidity", "is_categorical": False,
         "possible_values": []},
        {"name": "temperature", "description": "Temperature in Fahrenheit",
         "is_categorical": False, "possible_values": []},
    ],
}  # fmt: skip
TRANSFER = [{"recipient_name": "Yumi", "transfer_amount": "900", "transfer_time": "3"}]
TRANSFER_SCHEMA = {
    "service_name": "Banks",
    "slots": [
        {"name": "transfer_time", "description": "Number of days for the transfer to go through",
         "is_categorical": False, "possible_values": []},
    ],
}  # fmt: skip


@pytest.mark.parametrize(
    ("rows", "schema", "reply", "flagged"),
    [
        # the words after a number name its field: 32 is the humidity, not the chance of rain
        (WEATHER, WEATHER_SCHEMA, "It will be 86 degrees with a 32 percent chance of rain.",
         ["32 percent"]),
        (WEATHER, WEATHER_SCHEMA, "It will be 86 degrees with a 15 percent chance of rain.", []),
        # ... and the words before it
        (WEATHER, WEATHER_SCHEMA, "Expect an average daily temperature of 72.", ["72"]),
        (WEATHER, WEATHER_SCHEMA, "Expect an average daily temperature of 86.", []),
        # "business days": the compound's last noun is what the field counts
        (TRANSFER, TRANSFER_SCHEMA, "Your transfer will take 1 business days.", ["1"]),
        (TRANSFER, TRANSFER_SCHEMA, "Your transfer will take 3 business days.", []),
    ],
)  # fmt: skip
def test_a_number_is_of_the_field_its_words_name(
    checker: Checker, rows: Any, schema: Any, reply: str, flagged: list[str]
) -> None:
    assert _acted(_check(checker, "Lookup", rows, reply, schema)) == flagged


def test_a_count_corrected_in_a_compound_keeps_its_noun(checker: Checker) -> None:
    reply = "Your transfer of $900 to Yumi will take 1 business days."
    report = _check(checker, "Lookup", TRANSFER, reply, TRANSFER_SCHEMA)
    assert report.text == "Your transfer of $900 to Yumi will take 3 business days."


def test_a_count_of_the_one_row_told_by_nothing_else_is_flagged_never_rewritten(
    checker: Checker,
) -> None:
    # the one row may be another thing than the sentence's ("600 points expiring" is no
    # balance): which it is, nothing in the sentence says
    rows = [{"points": "600", "expiry_date": "2026-12-31"}]
    schema = {
        "service_name": "Points",
        "slots": [{"name": "points", "description": "Number of points that expire",
                   "is_categorical": False, "possible_values": []}],
    }  # fmt: skip
    reply = "You've got 8,420 points."
    report = _check(checker, "PointsExpiring", rows, reply, schema)
    assert report.text == reply


BOOKED = [
    {"place_name": "Abercorn House", "location": "London", "street_address": "28-30 Bute Gardens",
     "phone_number": "+44 20 8563 8692"},
]  # fmt: skip


def test_a_value_glued_to_the_sentence_before_is_stated_whole(tmp_path: Any) -> None:
    # the same row as a KB (the Turtle route): "booked.28-30 Bute Gardens" holds the address
    # whole, no near miss of it to rewrite
    from kgcheck.tools import results_graph

    path = tmp_path / "rows.ttl"
    path.write_text(
        results_graph([ToolResult("ReserveHotel", BOOKED)]).serialize(format="turtle"),
        encoding="utf-8",
    )
    kb_checker = Checker(
        config_from_dict(
            {"knowledge_base": {"sources": [str(path)]}, "nli": {"model": "none"}, "now": NOW}
        )
    )
    state = DialogueState(session_id="glued", now=NOW)
    state.add_turn("user", "Book the Abercorn House and tell me the address.")
    glued = "Your room at Abercorn House is booked.28-30 Bute Gardens is the address."
    assert kb_checker.check_turn(glued, state, record=False).text == glued


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        # a capitalised word asked about where a song's name stands, no song named
        ("I found 4 songs. How about Moonrise?", ["Moonrise"]),
        ("I found 4 songs. Would you like Harbour Lights by Ida Fenwick?", ["Harbour Lights"]),
        ("I found 4 songs. How about Copper Sky?", []),
        # a song named: what else the reply asks about is not where a song's name stands
        ("Copper Sky is by The Vell Brothers. Shall I play it on Spotify?", []),
        # a statement, not an offer asked about
        ("I found 4 songs. Enjoy them on Spotify.", []),
    ],
)
def test_a_name_asked_about_in_place_of_the_rows_names(
    checker: Checker, reply: str, flagged: list[str]
) -> None:
    report = _check(checker, "LookupSong", SONGS, reply)
    assert [f.content for f in report.flags if f.confidence >= 0.5] == flagged
    assert report.text == reply


CARS = [
    {"car_name": "CR-V", "car_type": "Full-size", "pickup_location": "Canterbury Village"},
    {"car_name": "Elantra", "car_type": "Standard", "pickup_location": "Canterbury Village"},
]
CAR_TYPES = {
    "service_name": "RentalCars",
    "slots": [
        {"name": "car_type", "description": "Category to which rental car belongs",
         "is_categorical": True, "possible_values": ["Compact", "Standard", "Full-size"]},
    ],
}  # fmt: skip


def test_a_closed_sets_member_written_before_a_rows_name_is_that_rows(checker: Checker) -> None:
    # "a Compact CR-V" of the full-size CR-V: no row holds "Compact", and the name says which
    # row the member is said of
    reply = "How about a Compact CR-V at Canterbury Village?"
    report = _check(checker, "GetCarsAvailable", CARS, reply, CAR_TYPES)
    assert _acted(report) == ["Compact"]
    assert report.text == reply.replace("Compact", "Full-size")
    true = reply.replace("Compact", "Full-size")
    assert _acted(_check(checker, "GetCarsAvailable", CARS, true, CAR_TYPES)) == []


FLIGHTS = [
    {"airlines": "American Airlines", "outbound_departure_time": "06:50", "price": "104",
     "number_stops": "0"},
    {"airlines": "Delta Airlines", "outbound_departure_time": "14:25", "price": "98",
     "number_stops": "0"},
    {"airlines": "United Airlines", "outbound_departure_time": "16:20", "price": "125",
     "number_stops": "1"},
]  # fmt: skip
#: the closed set of airlines holds one no row has
OFFERED = {
    "service_name": "Flights",
    "slots": [
        {"name": "airlines", "description": "Airline of the flight", "is_categorical": True,
         "possible_values": ["Delta Airlines", "American Airlines", "United Airlines",
                             "Air France"]},
    ],
}  # fmt: skip


@pytest.mark.parametrize(
    "reply",
    [
        "How about {}? There is a flight leaving at 6:50 am that has 0 layovers for $104.",
        "Would you like to fly with {}? This flight leaves at 6:50 am and costs $104.",
    ],
)
def test_a_closed_sets_member_said_the_sentence_before_the_rows_values(
    checker: Checker, reply: str
) -> None:
    # an airline no row has offered first, the flight described after: one item, not two
    wrong = reply.format("Air France")
    report = _check(checker, "SearchOnewayFlight", FLIGHTS, wrong, OFFERED)
    assert _acted(report) == ["Air France"]
    assert report.text == reply.format("American Airlines")
    true = reply.format("American Airlines")
    assert _acted(_check(checker, "SearchOnewayFlight", FLIGHTS, true, OFFERED)) == []


@pytest.mark.parametrize(
    "reply",
    [
        "How about Air France? Or not. There is a flight leaving at 6:50 am for $104.",
        "You asked about Air France. There is a flight leaving at 6:50 am for $104.",
    ],
)
def test_a_closed_sets_member_not_offered_right_before_is_not_the_rows(
    checker: Checker, reply: str
) -> None:
    # a sentence between, or a statement, not an offer: of another flight, perhaps
    report = _check(checker, "SearchOnewayFlight", FLIGHTS, reply, OFFERED)
    assert "Air France" not in _acted(report)


def _of_offered_song(checker: Checker, reply: str) -> TurnReport:
    state = DialogueState(session_id="told", now=NOW)
    state.add_turn("user", "Find me a song.")
    state.add_call(ToolResult("LookupMusic", SONGS))
    state.add_turn("assistant", "How about Glass Harbour by Ida Fenwick?")
    state.add_turn("user", "What year is it from?")
    return checker.check_turn(reply, state)


@pytest.mark.parametrize(
    "reply",
    [
        "It's from 2012.",  # another row's year
        "It came out in 2011 and it's great.",  # no row's year
        "It is on the album Lowlands.",
    ],
)
def test_a_value_said_of_the_row_a_pronoun_stands_for_is_flagged_never_rewritten(
    checker: Checker, reply: str
) -> None:
    # "it" is Glass Harbour (2018, on Tidewater), offered the turn before: which row a pronoun
    # stands for is the reading's guess, so the value is flagged, not corrected
    report = _of_offered_song(checker, reply)
    (flag,) = [f for f in report.flags if f.confidence >= 0.5]
    assert "Glass Harbour" in flag.message
    assert flag.action == "flag"
    assert report.text == reply


@pytest.mark.parametrize(
    "reply",
    [
        "It's from 2018.",
        "It is on the album Tidewater.",
        "Shall I play it, or would you rather have one from 2012?",  # a question
    ],
)
def test_a_value_of_the_row_a_pronoun_stands_for_is_left_alone(
    checker: Checker, reply: str
) -> None:
    assert _acted(_of_offered_song(checker, reply)) == []


def test_a_capitalised_word_beside_a_pronoun_is_no_value_of_its_row(checker: Checker) -> None:
    state = DialogueState(session_id="told", now=NOW)
    state.add_turn("user", "I need a car at Canterbury Village.")
    state.add_call(ToolResult("GetCarsAvailable", CARS, schema=CAR_TYPES))
    state.add_turn("assistant", "How about the Elantra?")
    state.add_turn("user", "Sounds good.")
    reply = "Ok, a Standard car, Pick it up from Canterbury Village."
    assert _acted(checker.check_turn(reply, state)) == []
