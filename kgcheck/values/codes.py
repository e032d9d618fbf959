"""Identifiers as values are written: an order number, a postcode, a registration plate, a
parcel's tracking number."""

from __future__ import annotations

import re

from kgcheck.values.phones import is_number

__all__ = ["code_key", "is_code"]

#: An identifier: capitals and digits (a digit at least, a capital at least), in one or two
#: parts joined by a dash or a space ("LCH-583172", "MA24 KXR", "BS1 6QS").
_CODE = re.compile(r"(?=[A-Z0-9 -]*\d)(?=[A-Z0-9 -]*[A-Z])[A-Z0-9]{2,}(?:[- ][A-Z0-9]{2,}){0,2}")
#: Digits alone, as long as an identifier and longer than an amount or a year.
_DIGIT_CODE = re.compile(r"\d{10,24}")


def is_code(text: str) -> bool:
    """Whether ``text`` is, as a whole, written as an identifier (see ``_CODE``), or a long run
    of digits that is no telephone number (a parcel's tracking number "15501234567890")."""
    stripped = text.strip()
    if len(stripped) > 24:
        return False
    if _CODE.fullmatch(stripped) is not None:
        return True
    return _DIGIT_CODE.fullmatch(stripped) is not None and not is_number(stripped)


def code_key(text: str) -> str:
    """An identifier as it is compared: capitals and digits only ("LCH-583172" -> "LCH583172")."""
    return re.sub(r"[^A-Z0-9]", "", text.upper())
