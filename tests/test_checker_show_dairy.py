"""Reading replies as assistants write them (issue 35), in a domain of its own: a Swiss show
dairy (``tests/fixtures/dairy``) priced in Swiss francs, with an age limit, a most of guests,
cheeses named with their vintage and an event named after its day. Each test is named after
what the blind trials broke (the winery's rand, vintages, "18 or older", "Maximum number of
guests", "Oyster Sunday ... from 12pm to 4pm" made false, and a coordinated name taken for a
second value): a true reply comes out as it went in, a wrong value is found."""

from __future__ import annotations

from typing import Any

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import FIXTURES, acted

DAIRY = FIXTURES / "dairy" / "kgcheck.yaml"
NOW = "2026-12-02T10:00:00+00:00"  # a Wednesday


@pytest.fixture(scope="module")
def dairy() -> Checker:
    return Checker.from_config(DAIRY)


def check(
    checker: Checker, reply: str, tool: tuple[str, list[dict[str, Any]]] | None = None
) -> TurnReport:
    state = DialogueState(session_id="t", now=NOW)
    if tool is not None:
        state.add_turn("user", "When can I go?")
        state.add_tool_result(*tool)
    return checker.check_turn(reply, state)


TRAINS = (
    "trains",
    [{"train": "Cheese Express", "departure": t} for t in ("13:10", "14:10", "15:10")],
)


@pytest.mark.parametrize(
    "reply",
    [
        # a currency other than the dollar, the pound and the euro, by its code or its name
        "A tasting at Alpina Show Dairy costs CHF 25 per person.",
        "A tasting at Alpina Show Dairy costs 25 francs per person.",
        # an age said as "aged 12" or "12 and older" is the minimum age, in years
        "Tours at Alpina Show Dairy are for visitors aged 12 and older.",
        "Alpina Show Dairy takes a maximum of 20 guests.",
        # a vintage said first ("the 2024 Gruyère") is the KB's "Gruyère 2024"
        "The 2024 Gruyère costs CHF 32.",
        # a day before a range of times is the day of both ends: 4pm is not the start
        "Fondue Sunday is on Sunday 6 December from 12pm to 4pm.",
        # a name after "and" with its own verb is the next clause's subject, no second value
        "Our cheesemaker at Alpina Show Dairy is Anna Keller, and Marco Rossi is the tour guide.",
        # a range of days is a least and a most the ontology pairs (kgc:precedes), in days
        # however the days are qualified
        "Deliveries to Ticino usually take 2 to 3 business days.",
        "Deliveries to Bern take between 1 and 2 working days.",
    ],
)
def test_true_reply_in_another_currency_age_vintage_or_day_range_is_untouched(
    dairy: Checker, reply: str
) -> None:
    report = check(dairy, reply)
    assert report.text == reply
    assert acted(report) == []


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        (
            "A tasting at Alpina Show Dairy costs CHF 30 per person.",
            "A tasting at Alpina Show Dairy costs CHF 25 per person.",
        ),
        ("The 2024 Gruyère costs CHF 38.", "The 2024 Gruyère costs CHF 32."),
    ],
)
def test_wrong_amount_in_another_currency_or_of_a_vintage_said_first_is_corrected(
    dairy: Checker, reply: str, fixed: str
) -> None:
    assert check(dairy, reply).text == fixed


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        ("Tours at Alpina Show Dairy are for visitors 16 or older.", "16"),
        ("Alpina Show Dairy takes a maximum of 25 guests.", "25"),
        ("Deliveries to Ticino usually take 1 to 2 business days.", "1 to 2 business days"),
    ],
)
def test_wrong_age_most_of_guests_or_range_of_days_is_flagged(
    dairy: Checker, reply: str, wrong: str
) -> None:
    report = check(dairy, reply)
    assert acted(report) == [wrong]


def test_a_list_of_times_restating_a_result_is_untouched_and_a_wrong_one_flagged(
    dairy: Checker,
) -> None:
    reply = "The Cheese Express leaves at 13:10, 14:10 and 15:10."
    report = check(dairy, reply, TRAINS)
    assert (report.text, acted(report)) == (reply, [])
    report = check(dairy, "The Cheese Express leaves at 13:10, 14:40 and 15:10.", TRAINS)
    assert acted(report) == ["14:40"]


def test_a_time_of_day_is_of_the_day_the_sentence_names_elsewhere(dairy: Checker) -> None:
    # a winery's "Tonight the Oudekloof Wine Bar closes at 10pm" of a Thursday it closes at 9
    # passed: the time was read against every day's closing time. Today is a Wednesday.
    reply = "Today Alpina Show Dairy closes at 6pm."
    report = check(dairy, reply)
    assert (report.text, acted(report)) == (reply, [])
    assert acted(check(dairy, "Today Alpina Show Dairy closes at 4pm.")) == ["4pm"]
    reply = "On Sunday Alpina Show Dairy closes at 4pm."
    assert acted(check(dairy, reply)) == []


SLOTS = (
    "tasting_slots",
    {
        "date": "2026-12-05",
        "slots": [
            {"slot_id": "A", "start": "10:00", "available": True},
            {"slot_id": "B", "start": "13:00", "available": False},
            {"slot_id": "C", "start": "15:00", "available": True},
        ],
    },
)
ORDER = (
    "order_status",
    {
        "order": "AL-1001",
        "items": [
            {"cheese": "Gruyère 2024", "qty": 1, "price": 32.0},
            {"cheese": "Vacherin", "qty": 1, "price": 6.4},
        ],
        "subtotal": 38.4,
        "vat": 3.1,
        "balance_due": 41.5,
        "currency": "CHF",
    },
)


@pytest.mark.parametrize(
    ("reply", "tool"),
    [
        # an address said in pieces, its place after "in" (the winery's "41 Dorp Street in
        # Stellenbosch" of a postal address node was flagged)
        ("Alpina Show Dairy is at 12 Place du Village in Gruyères.", None),
        # a value said in its own words, in another order ("Double Gold at the 2025 Veritas
        # Awards" of "Double Gold, Veritas Awards 2025" was flagged)
        ("The Gruyère 2024 won Gold at the 2025 World Cheese Awards.", None),
        # a year another value of the thing holds is no misstated vintage ("named one of the
        # Absa Top 10 Pinotage wines in 2025" of a 2022 wine was flagged)
        ("Our Gruyère 2024 costs CHF 32. It was named the best Gruyère of 2025.", None),
        # a date said without a year is near today, no slip of an opening date years back (the
        # dry cleaner's "back to regular hours on Thursday, July 2" was flagged)
        (
            "Alpina Show Dairy is closed on Christmas Day, Friday, December 25. We'll be back "
            "to regular hours on Saturday, December 26.",
            None,
        ),
        # a most said per a thing is of the property counted per it, never of a least (the
        # winery's "a maximum of two bottles per table" was read as a minimum order of 6)
        (
            "A tasting at Alpina Show Dairy is CHF 25, with a maximum of 5 cheeses per tasting.",
            None,
        ),
        # the rows a sentence counts are those with the yes-or-no field it names (the dry
        # cleaner's "3 windows still available" of four slots, one full, was flagged)
        ("There are 2 slots still available on Saturday.", SLOTS),
        # an amount a result holds exactly is no unsupported figure ("You'll owe $41.08
        # including HST" of an order's balance due)
        ("That's your Gruyère 2024 and a Vacherin. You'll owe CHF 41.50 including VAT.", ORDER),
    ],
)
def test_true_reply_restating_a_part_a_result_row_count_or_a_date_near_today_is_untouched(
    dairy: Checker, reply: str, tool: tuple[str, Any] | None
) -> None:
    state = DialogueState(session_id="t", now=NOW)
    if tool is not None:
        state.add_turn("user", "What do you have?")
        state.add_tool_result(*tool)
    report = dairy.check_turn(reply, state)
    assert (report.text, [f.content for f in report.flags]) == (reply, [])


@pytest.mark.parametrize(
    ("reply", "tool", "wrong"),
    [
        ("Alpina Show Dairy is at 14 Place du Village in Gruyères.", None, None),
        ("The Gruyère 2024 won Silver at the 2025 World Cheese Awards.", None, None),
        (
            "A tasting at Alpina Show Dairy is CHF 25, and you can taste up to 8 cheeses per "
            "tasting.",
            None,
            "8",
        ),
        # four slots were returned, two are available: "3 available" is wrong
        ("There are 3 slots available on Saturday.", SLOTS, "3"),
    ],
)
def test_wrong_part_of_an_address_award_most_per_thing_or_count_of_rows_is_flagged(
    dairy: Checker, reply: str, tool: tuple[str, Any] | None, wrong: str | None
) -> None:
    state = DialogueState(session_id="t", now=NOW)
    if tool is not None:
        state.add_turn("user", "What do you have?")
        state.add_tool_result(*tool)
    found = acted(dairy.check_turn(reply, state))
    assert found == [wrong] if wrong else len(found) == 1 and found[0] in reply


def test_a_value_of_the_thing_the_clause_names_by_a_word_of_its_name_is_read_of_it(
    dairy: Checker,
) -> None:
    # the dry cleaner's "Preservation takes about six weeks", after a wedding dress, was read
    # against a dress's dry cleaning (3 days): "preservation" names another service
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "I booked the dairy tour. How long is it?")
    report = dairy.check_turn("Lunch takes about three hours.", state)
    assert [f.content for f in report.flags] == []
    assert [c.verdict for c in report.numeric_claims] == ["verified"]


def test_a_person_said_to_be_a_role_at_a_place_is_read_as_working_there(dairy: Checker) -> None:
    # the dry cleaner's "Anh Nguyen, who specializes in suit tailoring, is our tailor at the
    # North York store" gave no claim: a role at a place is the relation the ontology phrases
    # "at" between a person and a place, whatever the role
    for reply in (
        "Marco Rossi is our tour guide at Alpina Show Dairy.",
        "Marco Rossi, who speaks four languages, is our tour guide at Alpina Show Dairy.",
    ):
        report = check(dairy, reply)
        assert (report.text, [f.content for f in report.flags]) == (reply, [])
    for reply in (
        "Marco Rossi is our tour guide at Bergkäserei Gstaad.",
        "The tour guide at Bergkäserei Gstaad is Marco Rossi.",
    ):
        assert acted(check(dairy, reply)) == ["Bergkäserei Gstaad"]


def test_an_email_address_stated_of_a_thing_is_its_email_address(dairy: Checker) -> None:
    # the winery's "You can email the Estate Tasting Room at tastings@oudekloof.co.za" (of
    # tasting@...) passed: an e-mail address is the evidence of the property whose values
    # are e-mail addresses, as a telephone number is
    reply = "You can email Alpina Show Dairy at visit@alpina.example."
    report = check(dairy, reply)
    assert (report.text, [f.content for f in report.flags]) == (reply, [])
    report = check(dairy, "You can email Alpina Show Dairy at visits@alpina.example.")
    assert report.text == "You can email Alpina Show Dairy at visit@alpina.example."


def test_each_thing_before_a_count_is_what_it_is_counted_per(dairy: Checker) -> None:
    # the winery's "Each Cellar Club shipment has 12 bottles" (of 6) was read as a minimum
    # order: "each shipment" makes the count one of "bottles per shipment"
    reply = "Each tasting at Alpina Show Dairy serves a maximum of 5 cheeses."
    report = check(dairy, reply)
    assert (report.text, [f.content for f in report.flags]) == (reply, [])
    assert acted(
        check(dairy, "Each tasting at Alpina Show Dairy serves a maximum of 7 cheeses.")
    ) == ["7"]


def test_a_second_object_after_the_preposition_said_again_is_read(dairy: Checker) -> None:
    # the winery's "offered at the Estate Tasting Room and at the Oudekloof Wine Bar" read the
    # first place only
    reply = "The Dairy Tour is offered at Alpina Show Dairy."
    assert acted(check(dairy, reply)) == []
    wrong = "The Dairy Tour is offered at Alpina Show Dairy and at Bergkäserei Gstaad."
    assert acted(check(dairy, wrong)) == ["Bergkäserei Gstaad"]


def test_a_year_said_before_a_name_of_one_vintage_is_read_against_it(dairy: Checker) -> None:
    # the winery's "We currently sell the 2021 Syrah" of its one Syrah, "Syrah 2022", passed:
    # "Syrah" was read as the grape and the year as nothing
    reply = "The 2022 Sbrinz costs CHF 29."
    report = check(dairy, reply)
    assert (report.text, [f.content for f in report.flags]) == (reply, [])
    assert check(dairy, "The 2021 Sbrinz costs CHF 29.").text == "The 2022 Sbrinz costs CHF 29."


def test_a_yes_or_no_property_stated_by_its_verb_phrase_is_read(dairy: Checker) -> None:
    # the winery's "Only our Dorp Street Tasting Lounge allows dogs" of a lounge that does not
    # gave no claim: a form that is a whole verb phrase ("allow dogs") states yes
    for reply in ("Alpina Show Dairy doesn't allow dogs.", "Bergkäserei Gstaad allows dogs."):
        report = check(dairy, reply)
        assert (report.text, [f.content for f in report.flags]) == (reply, [])
    assert acted(check(dairy, "Alpina Show Dairy allows dogs.")) == ["allows dogs"]


def test_who_is_allowed_where_is_read_of_each_place_named(dairy: Checker) -> None:
    # the winery's "Children are welcome at the Estate Tasting Room ... and at the Dorp Street
    # Tasting Lounge" (closed to children) gave no claim: "<who> are <allowed> at <place>"
    # states the yes-or-no property "<who> <allowed>" of each place, "but not at" denies
    reply = "Dogs are allowed at Bergkäserei Gstaad, but not at Alpina Show Dairy."
    report = check(dairy, reply)
    assert (report.text, [f.content for f in report.flags]) == (reply, [])
    wrong = "Dogs are allowed at Bergkäserei Gstaad and at Alpina Show Dairy."
    assert len(acted(check(dairy, wrong))) == 1


@pytest.mark.parametrize(
    ("reply", "tool"),
    [
        # the person spoken to is no name the KB must hold (the optician's "Thanks for waiting,
        # Mr Paterson." was removed as an unknown name)
        ("Thanks for waiting, Mr Brunner. Alpina Show Dairy closes at 6pm today.", None),
        # the marina's "All looks good, Mr Whitfield – you've got the Kittiwake RIB ...": a name
        # with a title of address set off by a comma is the reader, whatever the sentence says
        ("All set, Mr Brunner – Alpina Show Dairy closes at 6pm today.", None),
        # common words beside a property whose values are names are another kind of value (the
        # optician's "as it's in the shopping centre" was rewritten "as it's in the Glasgow")
        ("Alpina Show Dairy is in the village square, so parking is easy.", None),
    ],
)
def test_true_reply_naming_the_reader_or_a_common_place_is_untouched(
    dairy: Checker, reply: str, tool: tuple[str, Any] | None
) -> None:
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "Can I come on Saturday?")
    if tool is not None:
        state.add_tool_result(*tool)
    report = dairy.check_turn(reply, state)
    assert (report.text, acted(report)) == (reply, [])


BOOKING = (
    "book_visit",
    {
        "booking_reference": "AT-2231",
        "visit": "Dairy Tour with Fondue Lunch",
        "date": "2026-12-05",
        "guests": 2,
        "dairy": "Alpina Show Dairy",
    },
)


def test_a_number_a_restated_row_holds_is_the_rows_not_a_kb_value_misstated(
    dairy: Checker,
) -> None:
    # the bakery's "Reference BK-5521: 2 places in Kids' Cupcake Decorating ... at Fitzroy"
    # (a booking of 2 participants) was rewritten "24 places", the shop's seats
    reply = (
        "All booked! Reference AT-2231: 2 seats in Dairy Tour with Fondue Lunch this Saturday "
        "at Alpina Show Dairy."
    )
    report = check(dairy, reply, BOOKING)
    assert (report.text, acted(report)) == (reply, [])
    # without the row, the KB's number of seats is what the sentence states
    wrong = check(dairy, "Alpina Show Dairy has 30 seats.")
    assert wrong.text == "Alpina Show Dairy has 40 seats."


@pytest.mark.parametrize(
    ("reply", "right"),
    [
        (
            "Hi there! You asked about the cheese: the 2024 Gruyère costs CHF 40. Anything else?",
            "Hi there! You asked about the cheese: the 2024 Gruyère costs CHF 32. Anything else?",
        ),
        (
            "You asked about the shop: the minimum order of Alpina Web Shop is 5.",
            "You asked about the shop: the minimum order of Alpina Web Shop is 3.",
        ),
    ],
)
def test_a_clause_after_a_colon_is_read_as_a_sentence_of_its_own(
    dairy: Checker, reply: str, right: str
) -> None:
    # the self-test's reply template "You asked about the property: <fact>" read no claim:
    # a clause after a clause and a colon is a sentence of its own
    assert check(dairy, reply).text == right
    assert acted(check(dairy, right)) == []


def test_a_measure_in_a_unit_far_from_the_kbs_is_read_where_the_sentence_names_it(
    dairy: Checker,
) -> None:
    # the self-test's "Fern Loop is 6200 m long" (a length kept in km) was read as no value of
    # anything: metres and kilometres are a thousand apart, but "away" says what is measured
    true = "Alpina Show Dairy is 1200 m away from the station."
    report = check(dairy, true)
    assert (report.text, acted(report)) == (true, [])
    assert [(n.property or "").split("#")[-1] for n in report.numeric_claims] == ["stationDistance"]
    wrong = check(dairy, "Alpina Show Dairy is 1800 m away from the station.")
    assert acted(wrong) == ["1800 m"]


def test_a_length_of_time_with_and_a_half_is_read_whole(dairy: Checker) -> None:
    # the bakery's "the Croissant Masterclass runs for 3 and a half hours" (4.5 in the KB) was
    # read as a bare 3, of nothing
    wrong = check(dairy, "The Dairy Tour with Fondue Lunch takes two and a half hours.")
    assert acted(wrong) == ["two and a half hours"]
    true = "The Dairy Tour with Fondue Lunch takes three hours, and the Dairy Tour one."
    assert acted(check(dairy, true)) == []


def test_people_said_to_be_at_least_a_number_are_that_age(dairy: Checker) -> None:
    # the bakery's "Participants need to be at least 14 for Sourdough Basics" (16 in the KB)
    wrong = check(dairy, "Visitors need to be at least 10 for Alpina Show Dairy.")
    assert acted(wrong) == ["10"]
    true = "Visitors need to be at least 12 for Alpina Show Dairy."
    assert acted(check(dairy, true)) == []


def test_a_titled_name_beside_a_role_is_no_reader(dairy: Checker) -> None:
    # "our cheesemaker, Mr Brunner" says who the cheesemaker is: a name the KB must hold
    report = check(dairy, "Please ask our cheesemaker, Mr Brunner.")
    assert "Mr Brunner" in acted(report)


def test_the_one_thing_of_a_kind_is_what_its_kind_names(dairy: Checker) -> None:
    # the marina's "The fuel dock is at Batson Creek Pontoon" (its one fuel dock, at the other
    # site) read no subject: a definite description with nothing to point back to is of the
    # one thing the KB holds of its class
    # (read of the thing itself, sure: corrected, not only flagged as a guess of its holder)
    wrong = check(dairy, "The shop's minimum order is 5 cheeses.")
    assert wrong.text == "The shop's minimum order is 3 cheeses."
    assert acted(check(dairy, "The shop's minimum order is 3 cheeses.")) == []
    # two dairies: "the dairy" names neither
    report = check(dairy, "The dairy allows dogs.")
    assert (report.text, acted(report)) == ("The dairy allows dogs.", [])


def test_a_yes_or_no_property_of_a_form_be_adjective_is_read(dairy: Checker) -> None:
    # the bakery's "Fitzroy is dog-friendly", "South Melbourne isn't wheelchair accessible" and
    # "Fitzroy and Brunswick are both wheelchair accessible" (forms "be dog-friendly", "be
    # wheelchair accessible") gave no claim
    for true in (
        "Alpina Show Dairy is wheelchair accessible.",
        "Sorry, Bergkäserei Gstaad isn't wheelchair accessible.",
    ):
        assert acted(check(dairy, true)) == [], true
    wrong = check(dairy, "Alpina Show Dairy and Bergkäserei Gstaad are both wheelchair accessible.")
    (flag,) = [f for f in wrong.flags if f.confidence >= 0.5]
    assert "Bergkäserei Gstaad is not wheelchair accessible" in flag.message


@pytest.mark.parametrize(
    "reply",
    [
        # the storage trial's "Each Bubble Wrap Roll is 50 metres long and 750 mm wide": "long"
        # is said of the 50 metres, the 750 mm is a width the KB does not hold
        "Alpina Show Dairy is 1.2 km away from the station, and its car park is 900 m wide.",
        # the language school's "ten weeks of classes, 20 hours a week" (hours per week): a
        # unit's name ("hours") says nothing of which length of time a number is
        "The Dairy Tour is one hour a day for ten weeks.",
    ],
)
def test_a_measure_far_from_the_kbs_unit_is_read_only_beside_its_own_word(
    dairy: Checker, reply: str
) -> None:
    report = check(dairy, reply)
    assert (report.text, acted(report)) == (reply, [])


def test_a_title_set_beside_a_person_is_checked_as_their_job_title(dairy: Checker) -> None:
    # the marina's "Our yard manager, Tom Hext, looks after all lift-outs" (Dave Yeo is) read
    # no claim: flagged, never rewritten (a person may hold more than one title)
    wrong = check(dairy, "Our tour guide, Anna Keller, will meet you at the door.")
    assert wrong.text == "Our tour guide, Anna Keller, will meet you at the door."
    (flagged,) = acted(wrong)
    assert "tour guide" in flagged
    true = (
        "Anna Keller, our head cheesemaker, makes the Gruyère, and Marco Rossi is our tour guide."
    )
    assert acted(check(dairy, true)) == []


def test_a_count_of_things_a_restated_row_holds_is_the_rows_quantity(dairy: Checker) -> None:
    # the concert trial's "Confirmation TWK-7MR2D, 2 Bar Standing tickets" of one booking row
    # with a quantity of 2 was read as a count of the call's rows (1)
    tickets = (
        "book_tickets",
        [{"confirmation_code": "AT-7MR2D", "visit": "Dairy Tour", "quantity": 2, "total": 50.0}],
    )
    reply = "You're booked! Confirmation AT-7MR2D, 2 Dairy Tour tickets for Saturday."
    report = check(dairy, reply, tickets)
    assert (report.text, acted(report)) == (reply, [])


@pytest.mark.parametrize(
    ("now", "flagged"),
    [
        ("2026-12-05T10:00:00+00:00", []),  # a Saturday: Fondue Sunday is tomorrow
        ("2026-12-02T10:00:00+00:00", ["tomorrow"]),  # a Wednesday: it is not
    ],
)
def test_a_day_said_relative_to_today_needs_no_on(
    dairy: Checker, now: str, flagged: list[str]
) -> None:
    # the self-test's "EHR Migration ended yesterday" (a form "end on") read no claim: English
    # leaves out the "on" before "yesterday", "today" and "tomorrow"
    state = DialogueState(session_id="t", now=now)
    report = dairy.check_turn("Fondue Sunday takes place tomorrow.", state)
    assert acted(report) == flagged


def test_the_parts_of_one_address_listed_are_no_contradiction(dairy: Checker) -> None:
    # the marina's "Batson Creek Pontoon is on Creek Lane, Batson, TQ8 8NJ" was flagged as
    # contradicting itself: the street and the town were read as two places it is on
    reply = "Alpina Show Dairy is on Place du Village, Gruyères, 1663."
    report = check(dairy, reply)
    assert (report.text, acted(report)) == (reply, [])


def test_a_place_said_of_a_thing_by_another_propertys_form_is_read_where_it_is(
    dairy: Checker,
) -> None:
    # the marina's "The scrubbing grid is at Island Quay Marina": "located at" is said of
    # facilities, and the KB says where a yard service is "offered at"; the one property of
    # the thing that points at a place is the one the sentence states
    reply = "The Dairy Tour is located at Alpina Show Dairy."
    assert acted(check(dairy, reply)) == []
    report = check(dairy, "The Dairy Tour is located at Bergkäserei Gstaad.")
    assert report.text == reply


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        # the marina's "Batson Creek Pontoon has showers and a laundry" (no laundry there)
        ("Alpina Show Dairy has a café and parking.", ["parking"]),
        ("Bergkäserei Gstaad has parking and a café.", ["café"]),
        ("Bergkäserei Gstaad has parking, and the café is closed on Mondays.", []),
        # "There's no laundry at Batson Creek Pontoon", "There's a pump-out at both ..."
        ("There's no parking at Alpina Show Dairy.", []),
        ("There's parking at both Alpina Show Dairy and Bergkäserei Gstaad.", ["parking"]),
        ("There isn't a café at Alpina Show Dairy.", ["café"]),
    ],
)
def test_yes_or_no_properties_listed_or_said_to_be_there_are_read(
    dairy: Checker, reply: str, flagged: list[str]
) -> None:
    report = check(dairy, reply)
    assert acted(report) == flagged
    assert report.coverage is None or report.coverage.unread == ()


TABLES = ("tables", [{"table": "T2", "max_guests": 6}, {"table": "T7", "max_guests": 4}])


def test_a_number_of_a_row_named_by_its_code_is_the_rows(dairy: Checker) -> None:
    # the marina's "B2 is the bigger one – it takes boats up to 10 metres" was read as the
    # pontoon's maximum boat length: B2 names a row of the results the agent saw
    reply = "T2 takes up to 6 guests, while T7 takes 4."
    report = check(dairy, reply, TABLES)
    assert (report.text, acted(report)) == (reply, [])
    assert [n.source for n in report.numeric_claims] == ["results"]


def test_a_count_is_no_amount_of_money_a_named_row_holds(dairy: Checker) -> None:
    # a theatre's "I found 5 concerts in March, starting with the Spring Brass Gala" (four
    # concerts) passed once a row named in the sentence counted: its from_price was 5.0
    tastings = (
        "tastings",
        [
            {"tasting": "Gruyère Morning", "price": 3.0, "currency": "CHF"},
            {"tasting": "Sbrinz Evening", "price": 9.0, "currency": "CHF"},
        ],
    )
    reply = "I found 3 tastings, starting with the Gruyère Morning."
    assert acted(check(dairy, reply, tastings)) == ["3"]


def test_a_property_of_what_a_purpose_clause_names_is_read_and_said_with_its_unit(
    dairy: Checker,
) -> None:
    # the marina's "The minimum age to skipper the Kittiwake RIB is 18" (21) read no claim;
    # the KB's value, once read, was said "21 year"
    reply = "The minimum age to visit Alpina Show Dairy is 12."
    assert (check(dairy, reply).text, acted(check(dairy, reply))) == (reply, [])
    report = check(dairy, "The minimum age to visit Alpina Show Dairy is 16.")
    assert report.text == reply
    assert report.flags[0].message.endswith("is 12 years.")


STOCK = (
    "stock",
    [
        {"cheese": "Mountain Tomme", "in_stock": True, "quantity_left": 6, "price": 21.5},
        {"cheese": "Swiss Emmental", "in_stock": True, "quantity_left": 2, "price": 28.0},
    ],
)


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        # the bakery's "Brunswick still has 4 Country Sourdough loaves" (6) passed unread
        ("Alpina Show Dairy still has 4 Mountain Tomme wheels.", ["4"]),
        ("Alpina Show Dairy still has 6 Mountain Tommes and 2 Swiss Emmental left.", []),
        # a count the sentence does not say is on hand is no stock
        ("I've put 2 Mountain Tomme wheels aside for you.", []),
    ],
)
def test_a_count_of_a_thing_a_result_row_names_is_the_rows_count(
    dairy: Checker, reply: str, flagged: list[str]
) -> None:
    report = check(dairy, reply, STOCK)
    assert acted(report) == flagged


def test_values_listed_with_as_many_things_are_paired_in_order(dairy: Checker) -> None:
    # the bakery's "150 points gets you a free coffee and 200 points a free pastry" was read
    # as the coffee's 200: a value listed is its own thing's, in the order they are listed
    reply = "400 points gets you a Free Tasting and 150 points a Free Fondue."
    report = check(dairy, reply)
    assert (report.text, acted(report)) == (reply, [])
    swapped = check(dairy, "150 points gets you a Free Tasting and 400 points a Free Fondue.")
    assert swapped.text == reply


def test_a_value_the_kb_holds_under_a_property_the_phrase_names_is_no_finding(
    dairy: Checker,
) -> None:
    # the marina's "you'll need to pay a 25% deposit" was flagged as supported by nothing, of
    # a course policy's booking deposit of 25%: a word of the property's name is said
    reply = (
        "The Dairy Tour takes an hour, and you'll need to pay a 20% deposit to hold your "
        "place. The balance is due 14 days before the start."
    )
    report = check(dairy, reply)
    assert (report.text, acted(report)) == (reply, [])
    wrong = "You'll need to pay a 30% deposit to hold your place."
    assert acted(check(dairy, wrong)) == ["30%"]
