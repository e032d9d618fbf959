"""The form a property's string values take: telephone numbers, street addresses.

A value's form is the evidence of its property where the KB does not hold the value itself:
"their number is 650-522-9698" states a telephone number, and "they're at 12 Elm Drive" a street
address, whatever the KB holds. A property takes a form when at least ``_SHARE`` of its string
values (and at least one) have it:

- ``PHONE``: a telephone number (:func:`kgcheck.values.phones.is_number`, read in the regions
  of the KB's own numbers);
- ``STREET``: a house number and a street's name ending in a street word ("80 Blue Jays Way",
  "45 Quail Ct # 200", before any comma): the words that end the KB's own street names count
  as street words beside :data:`~kgcheck.values.addresses.STREET_WORDS`.

Usage::

    forms = value_forms(kb)
    forms.properties(PHONE)     # the properties whose values are telephone numbers
    forms.regions               # ("US",)
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable

from rdflib import URIRef

from kgcheck.kb.cache import per_kb
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import value_words
from kgcheck.values.addresses import STREET_WORDS
from kgcheck.values.phones import is_number, regions_of

__all__ = ["PHONE", "STREET", "ValueForms", "street_parts", "value_forms"]

PHONE = "phone"
STREET = "street"
#: The share of a property's string values that must have a form for the property to take it.
_SHARE = 0.8
#: Values read per property: enough to tell its form, few enough for a large KB.
_SAMPLE = 200
_HOUSE = re.compile(r"\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?")
_NAME_WORD = re.compile(r"[A-Z0-9][\w'.\-]*|#\s?\d*\w*|[A-Z][a-z]*'")


def street_parts(text: str) -> tuple[str, ...] | None:
    """The words of a street address's first piece ("80 Blue Jays Way" of "80 Blue Jays Way,
    Toronto"): a house number, then capitalised words (or "#" and a unit number); ``None`` when
    ``text`` is not so written."""
    first = text.split(",", 1)[0].strip()
    words = first.split()
    if len(words) < 2 or not _HOUSE.fullmatch(words[0]):
        return None
    if not all(_NAME_WORD.fullmatch(w) for w in words[1:]):
        return None
    return tuple(words)


class ValueForms:
    """The forms the string values of each property of a KB take."""

    def __init__(self, kb: KnowledgeBase) -> None:
        values: dict[URIRef, list[str]] = defaultdict(list)
        for _, prop, text in kb.string_values():
            if len(values[prop]) < _SAMPLE:
                values[prop].append(text)
        phonish = [v for vs in values.values() for v in vs if v.lstrip()[:1] in "+(0123456789"]
        self.regions = regions_of(phonish[:_SAMPLE])
        self._by_form: dict[str, list[URIRef]] = defaultdict(list)
        ends: set[str] = set()
        for prop, texts in sorted(values.items()):
            if _share(texts, lambda t: is_number(t, self.regions)) >= _SHARE:
                self._by_form[PHONE].append(prop)
                continue
            streets = [street_parts(t) for t in texts]
            named = [s for s in streets if s is not None and _ends_street(s, STREET_WORDS)]
            if texts and len(named) / len(texts) >= _SHARE:
                self._by_form[STREET].append(prop)
                ends.update(value_words(s[-1])[-1] for s in streets if s and value_words(s[-1]))
        #: The words a street's name ends in: the common ones and the KB's own.
        self.street_words = frozenset(STREET_WORDS | ends)

    def properties(self, form: str) -> tuple[URIRef, ...]:
        """The properties whose string values take ``form``."""
        return tuple(self._by_form.get(form, ()))


def _share(texts: list[str], test: Callable[[str], bool]) -> float:
    return sum(1 for t in texts if test(t)) / len(texts) if texts else 0.0


def _ends_street(words: tuple[str, ...], street_words: frozenset[str]) -> bool:
    """Whether a street word stands among the words after the house number ("Dutton Avenue
    #6", "Prospect Park West")."""
    return any(w in street_words for word in words[1:] for w in value_words(word))


_forms = per_kb(ValueForms)


def value_forms(kb: KnowledgeBase) -> ValueForms:
    """The value forms of ``kb`` (read on first use, then shared)."""
    return _forms(kb)
