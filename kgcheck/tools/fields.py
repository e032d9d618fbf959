"""What a tool's fields are: a description, a datatype, a closed set of values, a unit.

A declared schema is read first (:func:`declared_fields`): a JSON Schema of a row, of the
result, or of an array of rows; an OpenAI function definition (its ``parameters`` describe the
arguments) or an OpenAPI response schema given as JSON Schema; or a list of ``slots`` as SGD's
service schemas write them (``description``, ``is_categorical``, ``possible_values``). What a
schema leaves open is read from the values (:func:`infer_datatype`): every value of the field an
integer, a decimal, a boolean, an ISO date, a time of day or a date and time gives that type; a
number with a currency sign or code gives its currency (``"$2,300"``, ``"2300 USD"``) to the
field's plain numbers too;
anything else is a string. Identifiers are never numbers: a value with a leading zero or of more
than nine digits (a postcode, a phone number, a booking reference) stays a string.

Usage::

    fields = declared_fields({"type": "object", "properties": {"rating": {"type": "number"}}})
    fields["rating"].datatype        # "decimal"
    infer_datatype(["11:30", "18:00"])   # "time"
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FieldSpec", "declared_fields", "infer_datatype", "money", "scalar"]

_INTEGER = re.compile(r"[+-]?(?:0|[1-9]\d{0,8})")
_DECIMAL = re.compile(r"[+-]?(?:0|[1-9]\d*)\.\d+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TIME = re.compile(r"(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?")
_DATETIME = re.compile(r"\d{4}-\d{2}-\d{2}[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?.*")
_BOOLEAN = frozenset({"true", "false"})
#: Currency signs and codes written beside an amount, and the ISO 4217 code of each.
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}
_MONEY = re.compile(
    r"(?P<sign>[$€£¥₹])?\s?(?P<amount>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"\s?(?P<code>[A-Z]{3})?"
)
_JSON_TYPES = {"integer": "integer", "number": "decimal", "boolean": "boolean", "string": "string"}
_FORMATS = {"date": "date", "time": "time", "date-time": "dateTime", "duration": "duration"}


@dataclass(frozen=True)
class FieldSpec:
    """What a schema says of one field; ``None`` where it says nothing."""

    description: str | None = None
    datatype: str | None = None
    values: tuple[str, ...] = ()
    unit: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)


def declared_fields(schema: Mapping[str, Any] | None) -> dict[str, FieldSpec]:
    """The fields ``schema`` declares, by name (see the module's docstring)."""
    if not schema:
        return {}
    if isinstance(schema.get("slots"), list):  # SGD: {"slots": [{"name": ..., ...}]}
        return {
            str(slot["name"]): FieldSpec(
                description=slot.get("description") or None,
                values=tuple(str(v) for v in slot.get("possible_values") or ())
                if slot.get("is_categorical")
                else (),
            )
            for slot in schema["slots"]
            if isinstance(slot, Mapping) and "name" in slot
        }
    if isinstance(schema.get("function"), Mapping):  # OpenAI: {"type": "function", ...}
        schema = schema["function"]
    if isinstance(schema.get("parameters"), Mapping):
        schema = schema["parameters"]
    while schema.get("type") == "array" and isinstance(schema.get("items"), Mapping):
        schema = schema["items"]
    properties = schema.get("properties")
    if not isinstance(properties, Mapping):
        return {}
    lists = [p for p in properties.values() if isinstance(p, Mapping) and p.get("type") == "array"]
    if len(properties) == 1 and len(lists) == 1 and isinstance(lists[0].get("items"), Mapping):
        return declared_fields(lists[0]["items"])  # {"results": [row, ...]}
    return {
        str(name): _json_field(spec)
        for name, spec in properties.items()
        if isinstance(spec, Mapping)
    }


def _json_field(spec: Mapping[str, Any]) -> FieldSpec:
    kind = spec.get("type")
    if isinstance(kind, list):  # ["string", "null"]
        kind = next((k for k in kind if k != "null"), None)
    datatype = _FORMATS.get(str(spec.get("format"))) or _JSON_TYPES.get(str(kind))
    enum = spec.get("enum")
    unit = spec.get("x-unit") or spec.get("unit")
    return FieldSpec(
        description=spec.get("description") or spec.get("title") or None,
        datatype=datatype,
        values=tuple(str(v) for v in enum if v is not None) if isinstance(enum, list) else (),
        unit=str(unit) if unit else None,
    )


def scalar(value: Any) -> str | None:
    """A row's value as text; ``None`` for what no literal holds (null, an empty string, a
    list or an object)."""
    if value is None or isinstance(value, (list, dict)):
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value).strip()
    return text or None


def infer_datatype(values: Iterable[Any]) -> str:
    """The one datatype every value fits: ``integer``, ``decimal``, ``boolean``, ``date``,
    ``time``, ``dateTime`` or ``string`` (JSON numbers and booleans count as they are)."""
    kinds = {_kind(v) for v in values if scalar(v) is not None}
    if not kinds:
        return "string"
    if kinds == {"integer", "decimal"}:
        return "decimal"
    return kinds.pop() if len(kinds) == 1 else "string"


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "decimal"
    text = str(value).strip()
    if text.lower() in _BOOLEAN:
        return "boolean"
    if _INTEGER.fullmatch(text):
        return "integer"
    if _DECIMAL.fullmatch(text):
        return "decimal"
    if _DATE.fullmatch(text):
        return "date"
    if _TIME.fullmatch(text):
        return "time"
    if _DATETIME.fullmatch(text):
        return "dateTime"
    return "string"


def money(values: Iterable[Any]) -> tuple[str, list[str]] | None:
    """``(currency, amounts)`` when every value is an amount, and those with a currency sign
    or code ("$2,300", "2300 USD") name the same one (at least one does); ``None`` otherwise."""
    currency: str | None = None
    amounts = []
    for value in values:
        text = scalar(value)
        if text is None:
            continue
        found = _MONEY.fullmatch(text)
        if found is None:
            return None
        code = found["code"] or _CURRENCIES.get(found["sign"] or "")
        if code is not None and currency is not None and code != currency:
            return None
        currency = code or currency
        amounts.append(found["amount"].replace(",", ""))
    return (currency, amounts) if currency is not None and amounts else None
