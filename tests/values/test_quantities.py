"""Numeric quantities: currency, percentages, ratios, counts and units, and what is not one."""

from __future__ import annotations

from decimal import Decimal

import pytest

from kgcheck.types import Span
from kgcheck.values.quantities import (
    QuantityRecognizer,
    canonical_unit,
    convert,
    counted_nouns,
    qualified_time,
    rounded_agrees,
    said_as_age,
    singular,
    unit_in_text,
)

RECOGNIZER = QuantityRecognizer()


@pytest.mark.parametrize(
    ("text", "shown", "kind", "value", "unit", "currency"),
    [
        # currency
        ("It cost $1,234,567.89.", "$1,234,567.89", "currency", "1234567.89", "USD", "USD"),
        ("The NOI was $1.2M", "$1.2M", "currency", "1200000", "USD", "USD"),
        ("about $1.5 million", "$1.5 million", "currency", "1500000", "USD", "USD"),
        ("a $500K budget", "$500K", "currency", "500000", "USD", "USD"),
        ("1.5 million dollars", "1.5 million dollars", "currency", "1500000", "USD", "USD"),
        ("€3.4bn in sales", "€3.4bn", "currency", "3400000000", "EUR", "EUR"),
        ("£2m a year", "£2m", "currency", "2000000", "GBP", "GBP"),
        ("3 million pounds", "3 million pounds", "currency", "3000000", "GBP", "GBP"),
        ("USD 250", "USD 250", "currency", "250", "USD", "USD"),
        ("a loss of -$5", "-$5", "currency", "-5", "USD", "USD"),
        # percentages
        ("85% occupancy", "85%", "percent", "85", "%", None),
        ("12.5 percent", "12.5 percent", "percent", "12.5", "%", None),
        ("7 per cent", "7 per cent", "percent", "7", "%", None),
        # ratios
        ("DSCR 1.25", "1.25", "ratio", "1.25", "x", None),
        ("1.25x coverage", "1.25x", "ratio", "1.25", "x", None),
        ("a ratio of 1.25", "1.25", "ratio", "1.25", "x", None),
        ("the DSCR was 1.5", "1.5", "ratio", "1.5", "x", None),
        ("3 times the budget", "3 times", "ratio", "3", "x", None),
        # units
        ("5 miles away", "5 miles", "quantity", "5", "mile", None),
        ("a low of 30F", "30F", "quantity", "30", "F", None),
        ("30 °C outside", "30 °C", "quantity", "30", "C", None),
        ("72 degrees Fahrenheit", "72 degrees Fahrenheit", "quantity", "72", "F", None),
        ("20 kg of paper", "20 kg", "quantity", "20", "kg", None),
        ("20 pounds of paper", "20 pounds", "quantity", "20", "lb", None),
        ("310,000 square feet", "310,000 square feet", "quantity", "310000", "sqft", None),
        # a speed written out is one unit, not a length ("9 miles" of "9 miles per hour")
        ("9 miles per hour", "9 miles per hour", "quantity", "9", "mph", None),
        ("about 20 km per hour", "20 km per hour", "quantity", "20", "km/h", None),
        ("The ride is 7 min. long", "7 min", "quantity", "7", "minute", None),
        ("2 hrs left", "2 hrs", "quantity", "2", "hour", None),
        # counts and plain numbers
        ("3 beds", "3", "count", "3", "beds", None),
        ("two shopping centers", "two", "count", "2", "shopping", None),
        ("extension 4412", "4412", "number", "4412", None, None),
    ],
)
def test_quantities_formats(
    text: str, shown: str, kind: str, value: str, unit: str | None, currency: str | None
) -> None:
    found = RECOGNIZER.find(text)
    assert len(found) == 1, found
    q = found[0]
    assert (q.text, q.kind, q.unit, q.currency) == (shown, kind, unit, currency)
    assert q.value == Decimal(value)
    assert text[q.span.start : q.span.end] == shown


@pytest.mark.parametrize(
    "text",
    [
        "Her room is C-310.",
        "Call 555-123-4567.",
        "Write to amira.patel2@acmehealth.example.",
        "It is the 3rd time.",
        "Go to 434 Arastradero Rd.",
        "Version v2 is out.",
    ],
)
def test_quantities_numbers_inside_other_things_are_not_quantities(text: str) -> None:
    assert RECOGNIZER.find(text) == []


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("more than $1M", "min"),
        ("at least 85%", "min"),
        ("up to 10%", "max"),
        ("within 5 miles", "max"),
        ("exactly $1M", None),
    ],
)
def test_quantities_bounds(text: str, bound: str | None) -> None:
    assert RECOGNIZER.find(text)[0].bound == bound


@pytest.mark.parametrize(
    ("text", "per"),
    [
        ("It would cost about £1,480 a year.", "year"),
        ("a monthly Direct Debit of £123", "month"),
        ("It is $80 per night.", "night"),
        ("£10/hour", "hour"),
        ("€15 for the whole day", "day"),
        ("a setup fee of £29.99", None),
        ("$115 each", None),
    ],
)
def test_quantities_amounts_said_per_period(text: str, per: str | None) -> None:
    assert RECOGNIZER.find(text)[0].per == per


@pytest.mark.parametrize(
    ("text", "value", "per"),
    [
        # an amount per a measure of any unit: a mass, a length, a volume
        ("Sub-base is £32.00 a tonne.", "32.00", "t"),
        ("Sand is £3.80 per kg.", "3.80", "kg"),
        ("Diesel is £1.31 a litre.", "1.31", "l"),
        # per a thing that is no measure: per nothing the recogniser knows
        ("Sand is £3.95 a bag.", "3.95", None),
    ],
)
def test_quantities_amounts_said_per_measure(text: str, value: str, per: str | None) -> None:
    (found,) = RECOGNIZER.find(text)
    assert (found.kind, found.value, found.per) == ("currency", Decimal(value), per)


def test_quantities_skip_spans_are_left_out() -> None:
    text = "The 76 is 4 miles away."
    found = RECOGNIZER.find(text, skip=[Span(0, 6)])
    assert [q.text for q in found] == ["4 miles"]


def test_quantities_several_in_one_sentence_in_order() -> None:
    found = RECOGNIZER.find("NOI of $1.2M, 85% occupancy and a DSCR of 1.25.")
    assert [(q.text, q.kind) for q in found] == [
        ("$1.2M", "currency"),
        ("85%", "percent"),
        ("1.25", "ratio"),
    ]


@pytest.mark.parametrize(
    ("unit", "canonical"),
    [("USD", "USD"), ("$", "USD"), ("%", "%"), ("percent", "%"), ("miles", "mile"), ("°F", "F")],
)
def test_quantities_canonical_unit(unit: str, canonical: str) -> None:
    assert canonical_unit(unit) == canonical


@pytest.mark.parametrize(
    ("value", "unit", "target", "expected"),
    [
        ("1", "mile", "km", "1.609344"),
        ("100", "C", "F", "212"),
        ("212", "F", "C", "100"),
        ("85", "%", "fraction", "0.85"),
        ("2", "kg", "kg", "2"),
    ],
)
def test_quantities_convert(value: str, unit: str, target: str, expected: str) -> None:
    converted = convert(Decimal(value), unit, target)
    assert converted is not None
    assert converted == Decimal(expected)


def test_quantities_convert_refuses_other_dimensions() -> None:
    assert convert(Decimal(1), "mile", "kg") is None


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("lasts about an hour and ten minutes", Decimal(70), "minute"),
        ("takes an hour and a quarter", Decimal("1.25"), "hour"),
        ("runs for 1 hour 52 minutes", Decimal(112), "minute"),
        ("2 hours, 15 minutes", Decimal(135), "minute"),
        ("a song that runs 7 minutes 22 seconds", Decimal(442), "second"),  # not 7 minutes
        ("3 min 31 sec long", Decimal(211), "second"),
    ],
)
def test_a_length_of_time_stated_in_parts_is_one_quantity(
    text: str, value: Decimal, unit: str
) -> None:
    (q,) = QuantityRecognizer().find(text)
    assert (q.value, q.unit) == (value, unit)


def test_two_lengths_of_time_joined_by_and_stay_two() -> None:
    found = QuantityRecognizer().find("sessions of 15 minutes and 30 minutes")
    assert [q.value for q in found] == [Decimal(15), Decimal(30)]


@pytest.mark.parametrize(
    ("stated", "held", "agrees"),
    [(52700, 52655, True), (300, 312, True), (80, 78, True), (52700, 52800, False),
     (300, 360, False), (7, 6, False), ("6", "6.1", True), ("6", "6.6", False),
     ("2", "2.5", False), (15, 13, True), (5, 3, False), (50, 43, False), (50, 46, True)],
)  # fmt: skip
def test_a_round_figure_agrees_with_what_rounds_to_it(
    stated: int | str, held: int | str, agrees: bool
) -> None:
    assert rounded_agrees(Decimal(stated), Decimal(held)) is agrees


def test_a_length_of_time_in_whole_units_is_not_rounded_to_the_unit() -> None:
    # "about an hour" of 45 minutes (0.75 hours) is wrong; "about 6 km" of 6.1 km is not
    assert rounded_agrees(Decimal(1), Decimal("0.75"), to_unit=False) is False
    assert rounded_agrees(Decimal(60), Decimal(58), to_unit=False) is True
    # "about 5 hours" of 3 hours: a lone 5 is no step of five
    assert rounded_agrees(Decimal(5), Decimal(3), to_unit=False) is False


def test_approximators_mark_a_round_figure() -> None:
    found = QuantityRecognizer().find("about 52,700 visitors and exactly 5 people")
    assert [(q.text, q.approximate) for q in found] == [("52,700", True), ("5", False)]


@pytest.mark.parametrize(
    ("phrase", "nouns"),
    [
        # SGD's homes: "3 bedrooms" is a count of "Number of bed rooms"
        ("Number of bed rooms", ("bed", "room", "bedroom")),
        ("Number of baths in the apartment", ("bath",)),
        ("Number of stops in the itinerary", ("stop",)),
        ("reviews count", ("review",)),
        ("minimum rider age", ()),
        # a winery's "Maximum number of guests": a bound word opening the phrase counts nothing
        ("Maximum number of guests", ("guest",)),
        ("Total number of bottles", ("bottle",)),
    ],
)
def test_a_phrase_counts_its_noun_and_a_two_word_noun_written_as_one(
    phrase: str, nouns: tuple[str, ...]
) -> None:
    assert counted_nouns(phrase) == nouns


@pytest.mark.parametrize(
    ("description", "unit"),
    [
        ("Temperature in Fahrenheit", "F"),
        ("Duration in minutes", "minute"),
        ("Minutes of travel", "minute"),
        # SGD's songs: the year a song came out is a year, not a number of years
        ("Year in which the song was released", None),
        ("Hour when the shop opens", None),
    ],
)
def test_a_unit_of_time_opening_a_point_in_time_is_no_unit(
    description: str, unit: str | None
) -> None:
    assert unit_in_text(description) == unit


def test_every_dimension_a_unit_measures_has_words_that_name_it() -> None:
    # Regression: "GB" and "Hz" measured dimensions ("data", "frequency") no word named, and a
    # property with no unit met by "4GB" raised KeyError in the anchoring
    from kgcheck.values.quantities import _CONVERSIONS, DIMENSION_WORDS

    measured = {dim for dim, _ in _CONVERSIONS.values()}
    assert measured <= DIMENSION_WORDS.keys()
    assert all(DIMENSION_WORDS[dim] for dim in measured)


@pytest.mark.parametrize(
    ("plural", "one"),
    [
        # plurals in -es after s, x, ch and irregular ones: spaCy's lemma table
        ("buses", "bus"),
        ("statuses", "status"),
        ("lenses", "lens"),
        ("analyses", "analysis"),
        ("wives", "wife"),
        ("boxes", "box"),
        # capitalised at the start of a sentence, and weekdays as names
        ("Buses", "Bus"),
        ("Mondays", "Monday"),
        # initialisms and plain plurals
        ("EVs", "EV"),
        ("flights", "flight"),
        # no plurals: words in -us, -is and -ss, and verbs the table lemmatises
        ("bus", "bus"),
        ("campus", "campus"),
        ("glass", "glass"),
        ("less", "less"),
    ],
)
def test_a_plural_noun_gives_its_singular(plural: str, one: str) -> None:
    assert singular(plural) == one


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("a 620 m vertical drop", ("620 m", "m", Decimal(620))),
        ("the summit at 2,940m.", ("2,940m", "m", Decimal(2940))),
        ("a budget of £3m", ("£3m", "GBP", Decimal(3_000_000))),
    ],
)
def test_m_after_a_number_is_metres_and_after_money_a_million(
    text: str, found: tuple[str, str, Decimal]
) -> None:
    (q,) = QuantityRecognizer().find(text)
    assert (q.text, q.unit, q.value) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("a barrier of about 6 feet 3 inches", [("6 feet 3 inches", "in", Decimal(75))]),
        ("a bag of 1 kg and 200 g", [("1 kg and 200 g", "g", Decimal(1200))]),
        # two measures, not one: the same unit, or a smaller one first
        ("between 5 km and 10 km", [("5 km", "km", Decimal(5)), ("10 km", "km", Decimal(10))]),
    ],
)
def test_a_measure_stated_in_two_units_is_one(
    text: str, found: list[tuple[str, str, Decimal]]
) -> None:
    assert [(q.text, q.unit, q.value) for q in QuantityRecognizer().find(text)] == found


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("Tastings are for guests 18 or older.", "18"),
        ("Open to anyone 16 and older.", "16"),
        ("The course is for children aged 6 to 14.", "6"),
        ("Members aged 65 get a discount.", "65"),
    ],
)
def test_a_bare_number_said_as_an_age_is_years(text: str, figure: str) -> None:
    (q,) = [q for q in QuantityRecognizer().find(text) if q.text.startswith(figure)]
    assert (q.kind, q.unit, q.value) == ("quantity", "year", Decimal(figure))


def test_a_bare_number_not_said_as_an_age_is_no_measure() -> None:
    (q,) = QuantityRecognizer().find("We have 18 tables and more are coming.")
    assert q.unit != "year"


@pytest.mark.parametrize(
    ("text", "unit", "words"),
    [
        ("Delivery takes 4 business days.", "day", "business days"),
        ("Allow five working days.", "day", "working days"),
        ("Allow 10 calendar days.", "day", "calendar days"),
    ],
)
def test_a_number_of_qualified_units_of_time_counts_them_and_names_the_unit(
    text: str, unit: str, words: str
) -> None:
    # "4 business days" is a count of the compound (a field may count business days), and a
    # range of them ("2 to 4 business days") a length of time in days
    (q,) = QuantityRecognizer().find(text)
    assert q.kind == "count"
    found = qualified_time(text, q.span.end)
    assert found is not None and found[0] == unit
    assert text[q.span.end : found[1]].strip() == words


def test_a_word_between_a_number_and_a_noun_is_no_unit_of_time() -> None:
    text = "I have 3 adult tickets."
    (q,) = QuantityRecognizer().find(text)
    assert q.kind == "count" and qualified_time(text, q.span.end) is None


def test_a_number_after_aged_is_said_as_an_age_and_so_is_a_range_of_them() -> None:
    # "for children aged 8 to 11": 8 is no maximum age; the range is one of ages
    text = "For children aged 8 to 11, or aged between 5 and 7."
    assert said_as_age(text, text.index("8"))
    assert said_as_age(text, text.index("5"))
    assert not said_as_age(text, text.index("11"))


@pytest.mark.parametrize(
    ("text", "per"),
    [
        # the winery's "a maximum of two bottles per table" was no value of "maximum corkage
        # bottles per table": a count said per a thing is of a property counted per it
        ("with a maximum of two bottles per table", "table"),
        ("up to 5 cheeses per tasting", "tasting"),
        ("two bottles", None),
        # "each" before names what the count is per: the winery's "Each Cellar Club shipment
        # has 12 bottles" (of 6) was read against a minimum order
        ("Each Cellar Club shipment has 12 bottles", "shipment"),
        ("Each of our tastings has 5 wines", None),
        ("3 lessons per week", None),
    ],
)
def test_a_count_said_per_a_thing_knows_the_thing(text: str, per: str | None) -> None:
    (q,) = QuantityRecognizer().find(text)
    assert (q.kind, q.per) == ("count", per)


@pytest.mark.parametrize(
    ("text", "said", "value", "unit"),
    [
        # the bakery trial's "runs for 3 and a half hours" was read as a bare 3
        ("The masterclass runs for 3 and a half hours.", "3 and a half hours", "3.5", "hour"),
        ("It takes three and a half hours.", "three and a half hours", "3.5", "hour"),
        ("It takes one and a half hours.", "one and a half hours", "1.5", "hour"),
        ("a walk of two and a quarter km", "two and a quarter km", "2.25", "km"),
        ("it weighs 2 and three quarters kg", "2 and three quarters kg", "2.75", "kg"),
    ],
)
def test_a_number_and_a_fraction_before_a_unit_is_one_measure(
    text: str, said: str, value: str, unit: str
) -> None:
    (q,) = QuantityRecognizer().find(text)
    assert (q.text, q.kind, q.value, q.unit) == (said, "quantity", Decimal(value), unit)


def test_a_number_and_another_number_stay_two() -> None:
    found = QuantityRecognizer().find("Sessions last between 3 and 4 hours.")
    assert [(q.text, q.value) for q in found] == [("3", Decimal(3)), ("4 hours", Decimal(4))]


@pytest.mark.parametrize(
    ("text", "age"),
    [
        # the bakery's "Participants need to be at least 14 for Sourdough Basics" read no age
        ("Participants need to be at least 14 for the class.", "14"),
        ("You must be over 18 to hire it.", "18"),
        ("Children have to be under 12.", "12"),
        ("the skipper needs to be at least 21 and hold a licence", "21"),
    ],
)
def test_people_said_to_be_at_least_a_bare_number_are_that_age(text: str, age: str) -> None:
    (q,) = QuantityRecognizer().find(text)
    assert (q.text, q.kind, q.unit) == (age, "quantity", "year")


@pytest.mark.parametrize(
    "text", ["You need to be at least 150 cm tall.", "Guests are at least 4 people per table."]
)
def test_a_number_with_a_unit_or_noun_after_being_at_least_is_no_age(text: str) -> None:
    (q,) = QuantityRecognizer().find(text)
    assert q.unit != "year"


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        # the bakery's "Brunswick still has 4 Country Sourdough loaves" read no number at all
        ("Brunswick still has 4 Country Sourdough loaves on the shelf.", "loaves"),
        ("It has 2 Rye & Caraway loaves left.", "loaves"),
    ],
)
def test_a_number_before_a_name_and_a_plural_noun_counts_the_named_thing(
    text: str, noun: str
) -> None:
    (q,) = QuantityRecognizer().find(text)
    assert (q.kind, q.unit) == ("count", noun)


@pytest.mark.parametrize(
    "text", ["Meet at 434 Arastradero Rd tomorrow.", "See the 3 Main Street shops."]
)
def test_a_house_number_before_a_street_is_no_count(text: str) -> None:
    assert QuantityRecognizer().find(text) == []
