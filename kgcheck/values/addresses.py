"""The words of street addresses: how a street's name ends, in full or abbreviated, and an
address as a reply writes it."""

from __future__ import annotations

import re

__all__ = ["ABBREVIATIONS", "NAME_LINKS", "STREET_ADDRESS", "STREET_WORDS"]

#: Words of street addresses written either way ("Ames Avenue", "Ames Ave").
ABBREVIATIONS = {
    "avenue": "ave", "street": "st", "road": "rd", "drive": "dr", "lane": "ln", "court": "ct",
    "boulevard": "blvd", "place": "pl", "square": "sq", "highway": "hwy", "parkway": "pkwy",
    "terrace": "ter", "circle": "cir", "mount": "mt", "saint": "st", "suite": "ste",
}  # fmt: skip

#: The small words a street's name keeps lower-case between its capitalised words ("Prince of
#: Wales Road", "Rue de la Paix", "Stratford upon Avon Road").
NAME_LINKS = ("of", "the", "de", "la", "du", "upon")

#: Every word that ends a street's name, in full or abbreviated.
STREET_WORDS = frozenset(ABBREVIATIONS) | frozenset(ABBREVIATIONS.values()) | {"way"}

#: A street address: a house number, up to six words (no time, no preposition: not "5 pm on
#: Main Street"; a small word inside a name, "14 Prince of Wales Road"), and a street word
#: ("89 South street", "11100 San Pablo Ave # 216").
STREET_ADDRESS = re.compile(
    r"\b\d{1,6}[A-Za-z]?(?:\s+(?!(?:am|pm|on|in|at|of|the|a|an|to|for|and|or|from|by|with|near)\b)"
    r"[A-Za-z0-9'.-]+(?:\s+(?:"
    + "|".join(NAME_LINKS)
    + r")(?=\s+(?-i:[A-Z])))?){0,5}?\s+(?:"
    + "|".join(sorted(STREET_WORDS, key=len, reverse=True))
    + r")\b(?:\s*(?:#|suite|ste|apt|unit)\s*\w+)?",
    re.IGNORECASE,
)
