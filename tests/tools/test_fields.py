"""Field types: declared by a schema where there is one, read from the values otherwise."""

from __future__ import annotations

import pytest

from kgcheck.tools.fields import declared_fields, infer_datatype, money


@pytest.mark.parametrize(
    ("values", "datatype"),
    [
        (["3", "12"], "integer"),
        ([3, 4.5], "decimal"),
        (["4.20", "3.80"], "decimal"),
        (["True", "False"], "boolean"),
        ([True], "boolean"),
        (["2019-03-01"], "date"),
        (["11:30", "18:00"], "time"),
        (["2019-03-01T11:30:00Z"], "dateTime"),
        (["94103", "02139"], "string"),  # a leading zero: an identifier
        (["4085551234"], "string"),  # ten digits: a phone number, not a count
        (["408-247-8880"], "string"),
        (["11:30", "noon"], "string"),
        ([None, ""], "string"),
    ],
)
def test_the_datatype_every_value_fits(values: list[object], datatype: str) -> None:
    assert infer_datatype(values) == datatype


def test_money_is_amounts_with_one_currency() -> None:
    assert money(["$2,300", "$45.50"]) == ("USD", ["2300", "45.50"])
    assert money(["120 EUR"]) == ("EUR", ["120"])
    assert money(["$20", "€20"]) is None
    assert money(["20"]) is None


def test_a_json_schema_of_rows_or_of_a_wrapped_list() -> None:
    row = {
        "type": "object",
        "properties": {
            "rating": {"type": "number", "description": "Average rating"},
            "opens": {"type": "string", "format": "time"},
            "tier": {"type": "string", "enum": ["cheap", "pricey"]},
            "price": {"type": "integer", "x-unit": "EUR"},
        },
    }
    fields = declared_fields(
        {"type": "object", "properties": {"results": {"type": "array", "items": row}}}
    )
    assert (
        fields["rating"].datatype == "decimal" and fields["rating"].description == "Average rating"
    )
    assert fields["opens"].datatype == "time"
    assert fields["tier"].values == ("cheap", "pricey")
    assert fields["price"].unit == "EUR"
    assert declared_fields({"type": "array", "items": row}) == fields


def test_an_openai_function_definition_types_its_arguments() -> None:
    definition = {
        "type": "function",
        "function": {
            "name": "book_table",
            "parameters": {"type": "object", "properties": {"party": {"type": "integer"}}},
        },
    }
    assert declared_fields(definition)["party"].datatype == "integer"


def test_sgd_slots_give_descriptions_and_closed_sets() -> None:
    schema = {
        "slots": [
            {"name": "price_range", "description": "Price range", "is_categorical": True,
             "possible_values": ["cheap", "moderate"]},
            {"name": "address", "description": "Address of restaurant", "is_categorical": False,
             "possible_values": []},
        ]
    }  # fmt: skip
    fields = declared_fields(schema)
    assert fields["price_range"].values == ("cheap", "moderate")
    assert (
        fields["address"].values == () and fields["address"].description == "Address of restaurant"
    )
