"""The words of street addresses: how a street's name ends, in full or abbreviated."""

from __future__ import annotations

__all__ = ["ABBREVIATIONS", "STREET_WORDS"]

#: Words of street addresses written either way ("Ames Avenue", "Ames Ave").
ABBREVIATIONS = {
    "avenue": "ave", "street": "st", "road": "rd", "drive": "dr", "lane": "ln", "court": "ct",
    "boulevard": "blvd", "place": "pl", "square": "sq", "highway": "hwy", "parkway": "pkwy",
    "terrace": "ter", "circle": "cir", "mount": "mt", "saint": "st", "suite": "ste",
}  # fmt: skip

#: Every word that ends a street's name, in full or abbreviated.
STREET_WORDS = frozenset(ABBREVIATIONS) | frozenset(ABBREVIATIONS.values()) | {"way"}
