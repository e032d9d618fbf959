"""The words a KB names things by with a number after them: "Screen" of "Barnstaple Screen 1",
"Zone" of "Zone 2", "Line" of "Line 3". In a reply, the number after such a word is part of a
name ("Screen 1 at Kestrel Barnstaple"), not a count nor any other quantity.

Usage::

    numbering_words(kb)   # frozenset({"screen", "zone"})
"""

from __future__ import annotations

import re

from kgcheck.kb.knowledge_base import KnowledgeBase

__all__ = ["numbering_words"]

#: A word of letters and the number after it, inside a label ("Screen 1", "Studio 3B").
_NUMBERED = re.compile(r"\b([A-Za-z][A-Za-z'-]+)\s+\d+[A-Za-z]?\b")


def numbering_words(kb: KnowledgeBase) -> frozenset[str]:
    """The lower-case words that stand right before a number in a label of two or more KB
    entities: a naming scheme, not one name that holds a number."""
    seen: dict[str, set[str]] = {}
    for entity, label in kb.entity_labels():
        if not any(c.isdigit() for c in label):
            continue
        for match in _NUMBERED.finditer(label):
            seen.setdefault(match.group(1).lower(), set()).add(entity)
    return frozenset(word for word, entities in seen.items() if len(entities) > 1)
