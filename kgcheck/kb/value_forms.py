"""The form a property's string values take: telephone numbers, street addresses.

A value's form is the evidence of its property where the KB does not hold the value itself
(or holds it spelt otherwise):
"their number is 650-522-9698" states a telephone number, and "they're at 12 Elm Drive" a street
address, whatever the KB holds. A property takes a form when at least ``_SHARE`` of its string
values (and at least one) have it:

- ``PHONE``: a telephone number (:func:`kgcheck.values.phones.is_number`, read in the regions
  of the KB's own numbers);
- ``CODE``: an identifier, capitals and digits ("LCH-583172", "MA24 KXR", "BS1 6QS");
- ``EMAIL``: an e-mail address ("club@oudekloof.co.za");
- ``STREET``: a house number and a street's name ("80 Blue Jays Way", "45 Quail Ct # 200",
  before any comma) on at least half of the values, a common street word
  (:data:`~kgcheck.values.addresses.STREET_WORDS`) in some: the words that end the KB's own
  street names ("Quay") then count as street words beside the common ones.

Usage::

    forms = value_forms(kb)
    forms.properties(PHONE)     # the properties whose values are telephone numbers
    forms.regions               # ("US",)
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable

from rdflib import Literal, URIRef
from rdflib.term import Node

from kgcheck.kb.cache import per_kb
from kgcheck.kb.knowledge_base import STRING_SAMPLE, KnowledgeBase
from kgcheck.kb.normalize import edit_distance, value_words
from kgcheck.values.addresses import NAME_LINKS, STREET_WORDS
from kgcheck.values.codes import code_key, is_code
from kgcheck.values.emails import is_email
from kgcheck.values.phones import is_number, number_key, regions_of

__all__ = [
    "CODE",
    "EMAIL",
    "PHONE",
    "STREET",
    "ValueForms",
    "street_parts",
    "value_forms",
]

PHONE = "phone"
STREET = "street"
CODE = "code"
EMAIL = "email"
#: The share of a property's string values that must have a form for the property to take it.
_SHARE = 0.8
#: The share of a property's values that must be written as a house number and a street.
_STREET_SHARE = 0.5
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
    # "14 Prince of Wales Road": small words between capitalised ones
    if words[-1] in NAME_LINKS or not all(
        _NAME_WORD.fullmatch(w) or w in NAME_LINKS for w in words[1:]
    ):
        return None
    return tuple(words)


class ValueForms:
    """The forms the string values of each property of a KB take."""

    def __init__(self, kb: KnowledgeBase) -> None:
        # a sample of each property's strings, and every identifier (kept for the properties
        # that turn out to be of codes), from the pass that builds the KB's word index
        values, written_as_codes = kb.string_sample()
        phonish = [v for vs in values.values() for v in vs if v.lstrip()[:1] in "+(0123456789"]
        self.regions = regions_of(phonish[:STRING_SAMPLE])
        self._by_form: dict[str, list[URIRef]] = defaultdict(list)
        ends: set[str] = set()
        for prop, texts in sorted(values.items()):
            if _share(texts, lambda t: is_number(t, self.regions)) >= _SHARE:
                self._by_form[PHONE].append(prop)
                continue
            if _share(texts, is_email) >= _SHARE:
                self._by_form[EMAIL].append(prop)
                continue
            if _share(texts, is_code) >= _SHARE:
                self._by_form[CODE].append(prop)
                continue
            streets = [street_parts(t) for t in texts]
            numbered = [s for s in streets if s is not None]
            # a house number and a name on most values ("Unit 3, Cattle Market Road" and a
            # building's name are written too), a street word on some
            if (
                texts
                and len(numbered) / len(texts) >= _STREET_SHARE
                and any(_ends_street(s, STREET_WORDS) for s in numbered)
            ):
                self._by_form[STREET].append(prop)
                ends.update(value_words(s[-1])[-1] for s in numbered if value_words(s[-1]))
        #: The words a street's name ends in: the common ones and the KB's own.
        self.street_words = frozenset(STREET_WORDS | ends)
        self._codes: dict[str, list[tuple[Node, URIRef, str]]] = defaultdict(list)
        self._variants: dict[str, set[str]] | None = None
        self._phones: dict[str, list[tuple[Node, URIRef, str]]] | None = None
        coded = set(self.properties(CODE))
        for subject, prop, text in written_as_codes:
            if prop in coded:
                self._codes[code_key(text)].append((subject, prop, text))

    def properties(self, form: str) -> tuple[URIRef, ...]:
        """The properties whose string values take ``form``."""
        return tuple(self._by_form.get(form, ()))

    def codes(self) -> dict[str, list[tuple[Node, URIRef, str]]]:
        """Every identifier the KB holds as a value of a ``CODE`` property, by
        :func:`code_key`: who holds it, through which property, as written."""
        return self._codes

    def phones(self, kb: KnowledgeBase) -> dict[str, list[tuple[Node, URIRef, str]]]:
        """Every telephone number ``kb`` (these forms' KB) holds as a value of a ``PHONE``
        property, by :func:`~kgcheck.values.phones.number_key`: who holds it, through which
        property, as written (read on first use)."""
        if self._phones is None:
            found: dict[str, list[tuple[Node, URIRef, str]]] = defaultdict(list)
            for prop in self.properties(PHONE):
                for subject, value in kb.graph.subject_objects(prop):
                    if isinstance(value, Literal):
                        key = number_key(str(value), self.regions)
                        if key is not None:
                            found[key].append((subject, prop, str(value)))
            self._phones = dict(found)
        return self._phones

    def near_phones(self, kb: KnowledgeBase, key: str) -> list[str]:
        """The telephone numbers ``kb`` holds one edit from ``key`` (as :meth:`near_codes`)."""
        return sorted(
            held for held in self.phones(kb) if held != key and edit_distance(held, key, 1) <= 1
        )

    def near_codes(self, key: str) -> list[str]:
        """The held codes one edit from ``key`` (a character changed, added or left out, or two
        neighbours swapped), found through an index of each code with one character left out
        (a lookup per character of ``key``, whatever the number of codes)."""
        if self._variants is None:
            variants: dict[str, set[str]] = defaultdict(set)
            for held in self._codes:
                for variant in _one_left_out(held):
                    variants[variant].add(held)
            self._variants = variants
        found = {held for v in _one_left_out(key) for held in self._variants.get(v, ())}
        return sorted(h for h in found if h != key and edit_distance(h, key, 1) <= 1)


def _one_left_out(key: str) -> set[str]:
    """``key`` itself and ``key`` with each one character left out: two codes one edit apart
    share one of these."""
    return {key, *(key[:i] + key[i + 1 :] for i in range(len(key)))}


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
