"""Values of tool results bound by their type, named after what a blind trial (an appliance
repair company's technicians, visit slots and bookings) found: true replies the checker rewrote
because a number was read as a field of another type."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.report import TurnReport
from kgcheck.tools import ToolResult

NOW = "2026-12-02T10:00:00+00:00"
TECHNICIANS = {
    "technicians": [
        {"technician_name": "Priya Nair", "rating": 4.9, "reviews_count": 312, "callout_fee": 65.0,
         "currency": "GBP", "years_experience": 11},
        {"technician_name": "Tom Hargreaves", "rating": 4.6, "reviews_count": 198,
         "callout_fee": 60.0, "currency": "GBP", "years_experience": 6},
    ]
}  # fmt: skip
TECHNICIAN_SCHEMA = {
    "type": "object",
    "properties": {
        "rating": {"type": "number", "description": "Average customer rating out of 5"},
        "years_experience": {"type": "integer", "description": "Years of experience"},
    },
}
SLOTS = [
    {"date": "2026-12-03", "window_start": "08:00", "window_end": "10:00", "slot_type": "priority",
     "surcharge": 20.0, "currency": "GBP", "technician": "Priya Nair"},
    {"date": "2026-12-03", "window_start": "12:00", "window_end": "14:00", "slot_type": "standard",
     "surcharge": 0.0, "currency": "GBP", "technician": "Priya Nair"},
    {"date": "2026-12-03", "window_start": "16:00", "window_end": "18:00", "slot_type": "standard",
     "surcharge": 0.0, "currency": "GBP", "technician": "Priya Nair"},
]  # fmt: skip
SLOT_SCHEMA = {
    "type": "object",
    "properties": {
        "window_start": {"type": "string", "description": "Start of the arrival window (HH:MM)"},
        "window_end": {"type": "string", "description": "End of the arrival window (HH:MM)"},
        "surcharge": {"type": "number", "description": "Extra charge on top of the call-out fee"},
        "slot_type": {"type": "string", "enum": ["standard", "priority", "evening"]},
    },
}
BOOKING = {
    "booking_ref": "BW-58213", "status": "confirmed", "technician_name": "Priya Nair",
    "visit_date": "2026-12-03", "window_start": "12:00", "window_end": "14:00",
    "callout_fee": 65.0, "currency": "GBP", "free_cancellation_until": "2026-12-02T18:00:00Z",
}  # fmt: skip


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}, "now": NOW}))


def _state(*calls: ToolResult) -> DialogueState:
    state = DialogueState(session_id="typed", now=NOW)
    state.add_turn("user", "My washing machine won't drain. Can someone come tomorrow?")
    for call in calls:
        state.add_call(call)
    return state


def _technicians() -> ToolResult:
    return ToolResult("search_technicians", TECHNICIANS, schema=TECHNICIAN_SCHEMA)


def _slots() -> ToolResult:
    return ToolResult("get_visit_slots", SLOTS, schema=SLOT_SCHEMA)


def _acted(report: TurnReport) -> list[str]:
    return [f.content for f in report.flags if f.confidence >= 0.5]


def test_a_count_is_of_the_field_that_counts_its_noun_not_the_rating(checker: Checker) -> None:
    state = _state(_technicians())
    reply = "Priya Nair is rated 4.9 out of 5 across 312 reviews."
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)
    assert report.analysis.values == ()
    assert "350" in _acted(checker.check_turn(reply.replace("312", "350"), state))


def test_a_field_described_as_a_charge_is_money(checker: Checker) -> None:
    state = _state(_technicians(), _slots())
    reply = "The 8 am slot is the only priority one, so it's £20 on top of Priya's £65 call-out."
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)
    assert report.analysis.values == ()


def test_a_length_of_time_is_no_value_of_years_of_experience(checker: Checker) -> None:
    state = _state(_technicians(), _slots())
    reply = "Priya's windows tomorrow start at 8 am, midday and 4 pm, each lasting two hours."
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)
    assert report.analysis.values == ()


def test_a_restated_booking_keeps_its_window(checker: Checker) -> None:
    state = _state(_technicians(), _slots(), ToolResult("book_repair_visit", BOOKING))
    reply = (
        "You're all booked! Your reference is BW-58213. Priya Nair will arrive between 12:00 "
        "and 2:00 pm tomorrow, Thursday 3 December."
    )
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)
    assert report.analysis.values == ()


def test_the_slots_a_sentence_lists_are_not_one_item(checker: Checker) -> None:
    state = _state(_technicians(), _slots())
    reply = "Priya has three windows tomorrow: 8–10 am, midday to 2 pm, and 4–6 pm."
    report = checker.check_turn(reply, state)
    assert not [f for f in report.flags if f.detector == "mismatched_item"]
    assert report.text == reply


ATTRACTIONS = [
    {"attraction_name": "American Church in Paris", "category": "Place of Worship",
     "phone_number": "1 40 62 05 00"},
    {"attraction_name": "Aquaboulevard", "category": "Theme Park", "phone_number": "1 40 60 10 00"},
]  # fmt: skip


def _enums(**fields: list[str]) -> dict[str, object]:
    """A schema in SGD's form declaring each field a closed set of these words."""
    return {
        "slots": [
            {"name": name, "is_categorical": True, "possible_values": words}
            for name, words in fields.items()
        ]
    }


CATEGORIES = _enums(category=["Place of Worship", "Theme Park", "Museum"])


@pytest.mark.parametrize(
    "reply",
    [
        "You might like to visit the American Church in Paris. It is a Theme Park.",
        "The American Church in Paris is a Theme Park.",
    ],
)
def test_a_category_in_title_case_is_a_value_of_the_row(checker: Checker, reply: str) -> None:
    """Schema-Guided Dialogue's categories were names of things, never checked."""
    state = _state(ToolResult("FindAttractions", ATTRACTIONS, schema=CATEGORIES))
    report = checker.check_turn(reply, state)
    (acted,) = [f for f in report.flags if f.confidence >= 0.5]
    assert acted.content.endswith("Theme Park")
    assert acted.correction_span is not None
    assert reply[acted.correction_span.start : acted.correction_span.end] == "Theme Park"
    assert report.text == reply.replace("Theme Park", "Place of Worship")
    true = reply.replace("Theme Park", "Place of Worship")
    assert (_acted(checker.check_turn(true, state)), checker.check_turn(true, state).text) == (
        [],
        true,
    )


CARS = [
    {"car_name": "Accord", "type": "Standard", "pickup_date": "2019-03-13",
     "pickup_location": "John Wayne Airport"},
    {"car_name": "Bolt", "type": "Compact", "pickup_date": "2019-03-13",
     "pickup_location": "Santa Fe Depot"},
]  # fmt: skip
CAR_TYPES = _enums(type=["Compact", "Standard", "Full-size"], flight_class=["Economy", "Business"])


def test_a_date_beside_a_type_is_a_value_not_the_types_period(checker: Checker) -> None:
    """A car's type holds on no day: "on March 6th" is the pickup date, still checked."""
    state = _state(ToolResult("GetCarsAvailable", CARS, schema=CAR_TYPES))
    reply = "There's a Standard Accord available on March 6th at John Wayne Airport."
    report = checker.check_turn(reply, state)
    assert "March 6th" in _acted(report)
    (standard,) = report.analysis.values
    assert standard.text == "Standard" and standard.period is None


def test_a_value_word_modifying_another_noun_states_no_value(checker: Checker) -> None:
    """ "3 business days" says nothing of a flight's class "Business"."""
    flights = [{"airlines": "Delta Airlines", "flight_class": "Economy", "price": "200"}]
    state = _state(ToolResult("SearchFlights", flights, schema=CAR_TYPES))
    state.add_call(ToolResult("TransferMoney", [{"recipient_name": "Mahmoud", "amount": "300"}]))
    reply = "Your transfer was initiated. It will take 3 business days."
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)
    assert report.analysis.values == ()


THERAPISTS = [
    {"therapist_name": "Larkin Matt", "type": "Psychiatrist", "phone_number": "408-399-5677",
     "address": "301 Los Gatos-Saratoga Road"},
    {"therapist_name": "Waikar Manoj V", "type": "Psychiatrist", "phone_number": "408-402-5240",
     "address": "430 Monterey Avenue # 3"},
]  # fmt: skip
THERAPIST_TYPES = _enums(type=["Psychologist", "Psychiatrist", "Family Counselor"])


def _follow_up(
    checker: Checker, call: ToolResult, offer: str, question: str, reply: str
) -> TurnReport:
    state = _state(call)
    state.add_turn("assistant", offer, report=checker.check_turn(offer, state))
    state.add_turn("user", question)
    return checker.check_turn(reply, state)


def test_a_value_of_a_closed_set_is_no_antecedent(checker: Checker) -> None:
    """ "its phone number" after "the Place of Worship American Church in Paris" is the
    church's, not the category's (a value of a closed set took the pronoun)."""
    call = ToolResult("FindAttractions", ATTRACTIONS, schema=CATEGORIES)
    offer = "I found 2 attractions. How about the Place of Worship American Church in Paris?"
    question = "What is its phone number?"
    false = "Its phone number is 1 40 60 10 00."
    report = _follow_up(checker, call, offer, question, false)
    assert [m.iri for m in report.analysis.mentions if m.text == "Its"] == [
        "urn:kgcheck:result#american-church-in-paris"
    ]
    assert _acted(report) == ["1 40 60 10 00"]


FLIGHTS = [
    {"airlines": "American Airlines", "outbound_departure_time": "07:00", "number_stops": "0",
     "price": "228"},
    {"airlines": "United Airlines", "outbound_departure_time": "21:15", "number_stops": "1",
     "price": "482"},
]  # fmt: skip
STOPS = {
    "slots": [
        {"name": "number_stops", "description": "Number of stops in the itinerary",
         "is_categorical": True, "possible_values": ["0", "1", "2"]},
    ]
}  # fmt: skip


def test_a_count_no_row_holds_is_checked_against_the_field_that_counts_it(
    checker: Checker,
) -> None:
    """ "has 2 stops" where no flight has 2: of the row the other values name."""
    state = _state(ToolResult("SearchOnewayFlight", FLIGHTS, schema=STOPS))
    reply = (
        "There is an American Airlines flight which leaves at 7 am and has 2 stops. It costs $228."
    )
    report = checker.check_turn(reply, state)
    assert _acted(report) == ["2"]
    assert report.text == reply.replace("2 stops", "0 stops")


PARTS = [
    {"part_name": "Evaporator fan motor", "price": 54.0, "currency": "GBP",
     "restock_date": "2026-12-07"},
    {"part_name": "Door seal", "price": 39.99, "currency": "GBP", "restock_date": "2026-12-09"},
]  # fmt: skip


def test_a_date_is_no_period_of_a_value_whose_subject_is_unknown(
    make_checker: Callable[..., Checker],
) -> None:
    """ "it costs £54", "it" unresolved and "costs" a form of a plan's price in the KB, took
    "17 December" for its period: the wrong restock date of the part went unchecked."""
    checker = make_checker(
        'ex:monthlyPrice a owl:DatatypeProperty ; rdfs:label "monthly price" ; '
        'kgc:lexicalForm "cost" ; kgc:unit "GBP" .\n'
        'ex:plan a ex:Plan ; rdfs:label "Care Plan" ; ex:monthlyPrice 12 .\n',
        nli={"model": "none"},
        now=NOW,
    )
    state = _state(ToolResult("search_parts", PARTS))
    reply = "The fan motor should be back in stock on 17 December, and it costs £54."
    report = checker.check_turn(reply, state)
    assert "17 December" in _acted(report)


def test_it_after_an_indefinite_row_is_no_entity_named_before(checker: Checker) -> None:
    """SGD: "There's an American Airlines flight ... It costs $96." took "It" for the weather
    row of an earlier call (the flight is described, not named) and called $96 unsupported."""
    state = _state(ToolResult("GetWeather", [{"city": "Chicago", "temperature": "61"}]))
    said = "The weather in Chicago will be 61 degrees."
    state.add_turn("assistant", said, report=checker.check_turn(said, state))
    state.add_call(ToolResult("SearchOnewayFlight", FLIGHTS, schema=STOPS))
    reply = (
        "There's an American Airlines flight that leaves at 7 am and has 0 layovers. It costs $228."
    )
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)
    assert [m.iri for m in report.analysis.mentions if m.text == "It"] == [None]


def test_a_unit_letter_after_a_number_is_no_unknown_name(checker: Checker) -> None:
    """SGD: "91 degrees F" took "F" for a place the results lack."""
    weather = [{"city": "Pleasant Hill", "temperature": "91", "precipitation": "19"}]
    schema = {
        "slots": [
            {"name": "temperature", "description": "Temperature in Fahrenheit"},
            {"name": "precipitation", "description": "The possibility of rain in percentage"},
        ]
    }
    state = _state(ToolResult("GetWeather", weather, schema=schema))
    reply = "The weather on average is 91 degrees F with a 19 percent chance of rain."
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)


def test_a_value_the_one_row_holds_is_supported_whatever_it_was_bound_to(
    checker: Checker,
) -> None:
    """With no schema to say "precipitation" is a percentage, "a 19 percent chance of rain"
    was bound to nothing and called unsupported, though the one row holds 19."""
    weather = [{"city": "Pleasant Hill", "temperature": "91", "precipitation": "19"}]
    state = _state(ToolResult("GetWeather", weather))
    reply = "There is a 19 percent chance of rain in Pleasant Hill."
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)
    false = checker.check_turn(reply.replace("19", "29"), state)
    assert _acted(false) != []


BILLS = [
    {"period_start": "2026-11-01", "period_end": "2026-11-30", "issue_date": "2026-12-04",
     "amount": 158.58, "currency": "GBP"},
    {"period_start": "2026-10-01", "period_end": "2026-10-31", "issue_date": "2026-11-05",
     "amount": 125.51, "currency": "GBP"},
    {"period_start": "2026-09-01", "period_end": "2026-09-30", "issue_date": "2026-10-05",
     "amount": 102.3, "currency": "GBP"},
]  # fmt: skip


def test_amounts_of_a_priced_row_are_money_and_a_month_names_a_period(checker: Checker) -> None:
    """Blind trial (energy): bills restated with their month were all "unsupported": "amount"
    named no money, and "for November" stated no day the items could compare."""
    state = _state(ToolResult("get_bills", BILLS))
    reply = (
        "Your last three bills were £158.58 for November, £125.51 for October and £102.30 "
        "for September."
    )
    report = checker.check_turn(reply, state)
    assert (_acted(report), report.text) == ([], reply)
    assert "£152.51" in _acted(checker.check_turn(reply.replace("£125.51", "£152.51"), state))
    # a month beside a day of another month still tells the bill ("issued on 6 December")
    issued = "Your November bill was issued on 6 December, for £158.58."
    assert checker.check_turn(issued, state).text == issued.replace("6 December", "4 December")


EVENTS = [
    {"event_name": "Goal-Setting Workshop", "location": "Loom Harbourside", "date": "2027-01-08",
     "price": "12"},
    {"event_name": "Product Photography", "location": "Loom Shoreditch", "date": "2027-01-20",
     "price": "25"},
    {"event_name": "Founders Mixer", "location": "Loom Ancoats", "date": "2027-01-27",
     "price": "10"},
]  # fmt: skip


def test_a_month_framing_the_days_of_a_list_does_not_split_its_items(checker: Checker) -> None:
    """ "In January ... on 8 January ... on 20 January": the month is the frame of the days,
    not a value of the first item (which cut the second item off its name)."""
    state = _state(ToolResult("search_events", EVENTS))
    reply = (
        "In January we have the Goal-Setting Workshop at Loom Harbourside on 8 January and "
        "Product Photography at Loom Ancoats on 20 January."
    )
    report = checker.check_turn(reply, state)
    assert report.text == reply.replace("Loom Ancoats", "Loom Shoreditch")


# A quote whose line items sit beside its total, deposit and the objects it nests (a blind
# trial's car hire): the envelope is the call's, a nested object fields of its row, and the
# count of line items no count of the envelope's facts.
QUOTE = {
    "quote_id": "Q-2611-40715",
    "currency": "GBP",
    "line_items": [
        {"code": "RATE_WEEKLY", "description": "Estate weekly rate", "amount": 315.0},
        {"code": "CSEAT", "description": "Child seat, 7 days (capped)", "amount": 60.0},
        {"code": "EXPROT", "description": "Excess Protection, 7 days", "amount": 129.5},
    ],
    "total": 504.5,
    "deposit": 300.0,
    "mileage_allowance": {"per_day": 200, "unit": "miles"},
}


def _quoted(reply: str) -> TurnReport:
    checker = Checker(config_from_dict({"nli": {"model": "none"}, "now": NOW}))
    state = DialogueState(session_id="quote", now=NOW)
    state.add_turn("user", "Can you quote me for an estate for a week?")
    state.add_call(ToolResult("get_quote", QUOTE, arguments={"vehicle_class": "estate"}))
    return checker.check_turn(reply, state)


@pytest.mark.parametrize(
    "reply",
    [
        "Your quote comes to £504.50, with a £300 refundable deposit.",
        "The quote has three line items: the weekly rate, the child seat and Excess Protection.",
    ],
)
def test_a_quotes_total_and_deposit_beside_its_line_items_are_read_as_the_calls(
    reply: str,
) -> None:
    report = _quoted(reply)
    assert [f.content for f in report.flags if f.confidence >= 0.5] == []
    assert report.text == reply


def test_a_wrong_deposit_beside_the_line_items_is_corrected_when_the_quote_is_named() -> None:
    report = _quoted("The deposit on this quote is £350.")
    assert [f.content for f in report.flags if f.confidence >= 0.5] == ["£350"]
    assert report.text == "The deposit on this quote is £300."
    # of nothing named: flagged, not rewritten
    unnamed = _quoted("We'll also hold a £350 refundable deposit.")
    assert [f.content for f in unnamed.flags if f.confidence >= 0.5] == ["£350"]
    assert unnamed.text == "We'll also hold a £350 refundable deposit."


def test_a_count_of_results_beside_a_name_is_the_searchs_not_the_names(checker: Checker) -> None:
    # SGD: "I found 13 hotels including Ac Hotel ..." when the search returned 10
    state = _state(_technicians())
    true = "I found 2 technicians including Priya Nair."
    assert _acted(checker.check_turn(true, state)) == []
    assert _acted(checker.check_turn(true.replace("2", "5"), state)) == ["5"]


def test_a_total_is_read_as_the_total_field_not_the_one_money_field_beside_it(
    checker: Checker,
) -> None:
    # "total" is money in a row that names its currency; an amount bound by its currency alone
    # is a guess, never grounds for a rewrite
    state = _state(ToolResult("get_quote", {"total": 504.5, "deposit": 300.0, "currency": "GBP"}))
    true = "The quote's total is £504.50."
    report = checker.check_turn(true, state)
    assert (_acted(report), report.text) == ([], true)
    wrong = checker.check_turn("The quote's total is £540.50.", state)
    assert wrong.text == true


def test_a_date_beside_a_count_of_results_is_the_items_not_the_counts() -> None:
    # SGD: "There are 2 events you may like, how about X ... on March 4th at 8:30 pm?" when X is
    # at 8 pm: the date is X's, not the period of the search's count
    now = "2019-03-01T09:00:00+00:00"
    events = [
        {"event_name": "Angels Vs Mariners", "date": "2019-03-04", "time": "20:00"},
        {"event_name": "Angels Vs Houston", "date": "2019-03-04", "time": "20:30"},
    ]
    checker = Checker(config_from_dict({"nli": {"model": "none"}, "now": now}))
    state = DialogueState(session_id="events", now=now)
    state.add_turn("user", "Any baseball games in Anaheim?")
    state.add_call(ToolResult("FindEvents", events))
    reply = "There are 2 events you may like, how about Angels Vs Mariners on March 4th at 8 pm?"
    assert _acted(checker.check_turn(reply, state)) == []
    wrong = checker.check_turn(reply.replace("8 pm", "8:30 pm"), state)
    # (8:30 pm is Angels Vs Houston's: the flag covers the name it is said of too)
    assert _acted(wrong) == ["Angels Vs Mariners on March 4th at 8:30 pm"]
