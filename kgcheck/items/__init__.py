"""The items a reply describes by their values, matched against the entities they can be
(:mod:`kgcheck.items.reading`; the values themselves: :mod:`kgcheck.items.values`)."""

from kgcheck.items.reading import MAX_CANDIDATES, Item, are_records, kb_pool, read_items, settle
from kgcheck.items.values import NAME, Stated, Unheld, modifies_noun

__all__ = [
    "MAX_CANDIDATES",
    "NAME",
    "Item",
    "Stated",
    "Unheld",
    "are_records",
    "kb_pool",
    "modifies_noun",
    "read_items",
    "settle",
]
