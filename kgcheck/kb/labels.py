"""The label index: names of KB entities, normalised, with short names and typo lookup.

Lookups cost the same whatever the size of the KB: every structure is a hash map keyed by a
normalised name, a token, or a token with one character deleted.
"""

from __future__ import annotations

import heapq
import re
import threading
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kgcheck.kb.normalize import SUFFIX_TITLES, TITLES, edit_distance, name_tokens

__all__ = ["LabelIndex", "LabelMatch"]

#: Label predicates in order of preference for the display name of an entity.
LABEL_PREDICATES = (
    "http://www.w3.org/2004/02/skos/core#prefLabel",
    "http://www.w3.org/2000/01/rdf-schema#label",
    "http://xmlns.com/foaf/0.1/name",
    "https://schema.org/name",
    "http://schema.org/name",
    "http://www.w3.org/2004/02/skos/core#altLabel",
)


#: At most this many candidates are returned for a name many entities share ("Helen"); a
#: lookup then costs the same however many Helens the KB holds.
MAX_CANDIDATES = 25


def _first(iris: set[str]) -> tuple[str, ...]:
    if len(iris) <= MAX_CANDIDATES:
        return tuple(sorted(iris))
    return tuple(heapq.nsmallest(MAX_CANDIDATES, iris))


@dataclass(frozen=True, slots=True)
class LabelMatch:
    """Entities a name resolves to, and how: ``exact``, ``short`` (part of a full name) or
    ``fuzzy`` (a typo within ``distance`` edits)."""

    iris: tuple[str, ...]
    how: str
    key: str
    distance: int = 0

    @property
    def unique(self) -> str | None:
        return self.iris[0] if len(self.iris) == 1 else None


#: Words that open a title ("The Dockside Reader") or join its parts ("College of ..."):
#: never a short name on their own.
_ARTICLES = frozenset({"the", "a", "an"})
_JOINERS = _ARTICLES | {"of", "and", "for", "to", "in", "on", "at", "de", "von", "van"}
#: Titles that are words too ("Doctor", "Nurse"), unlike "Dr." or "Ms".
_WORD_TITLES = frozenset(t for t in TITLES - SUFFIX_TITLES if len(t) > 4)
_POSSESSIVE = re.compile(r"['’]s\b")
#: A conservative count of the reply's tokens a label may span ("Volume 1: The", "P.F.").
_PIECES = re.compile(r"\w+|[^\w\s]")
_WORD_PIECES = re.compile(r"[^\w]+")
#: A part of a label that is a clock time or its pieces ("6 00 pm", "9 20", "00 pm visit").
_CLOCK_PART = re.compile(r"\d{1,2}(?: \d{2})?(?: [ap]m)?|\d{2} [ap]m(?: .*)?")


def label_keys(label: str) -> tuple[set[str], set[str]]:
    """The lookup keys of a label, and of its parts.

    Keys: the label's words without titles (not when that leaves one common word: "doctor
    appointment" is not "appointment"), with them, without a leading article ("The Dockside
    Reader" = "Dockside Reader"), and with a possessive written without its apostrophe
    ("P.F. Chang's" = "PF Changs"), and of a label of four words or more without its first
    ("Golf Life 1.5 TSI" of "Volkswagen Golf Life 1.5 TSI"). Parts: each side of a colon of
    two words or more ("The Quine Tapes" of "Bootleg Series Volume 1: The Quine Tapes") and
    each leading stretch of two words or more ("Nordmann Fir" of "Nordmann Fir Christmas
    Tree"; of a label of four words or more, also without its first word: "Puma ST-Line" of
    "Ford Puma ST-Line 1.0 EcoBoost"), looked up as short names.
    """
    keys: set[str] = set()
    forms = [label]
    if _POSSESSIVE.search(label):
        forms.append(_POSSESSIVE.sub("s", label))
    for form in forms:
        bare = name_tokens(form)
        full = name_tokens(form, drop_titles=False)
        for tokens in (bare, full):
            if tokens is bare and len(bare) == 1 and full[0] in _WORD_TITLES:
                continue  # "Doctor Appointment" is not "Appointment"
            keys.add(" ".join(tokens))
            if len(tokens) > 2 and tokens[0] in _ARTICLES:
                keys.add(" ".join(tokens[1:]))
    parts: set[str] = set()
    if ":" in label:
        for part in label.split(":"):
            part_keys, _ = label_keys(part)
            parts |= {k for k in part_keys if len(k.split()) > 1}
    # the name's head, its trailing words left out ("Nordmann Fir" of "Nordmann Fir Christmas
    # Tree"): a leading stretch of two words or more
    words = name_tokens(label)
    if words and words[0] not in _ARTICLES:
        parts |= {" ".join(words[:n]) for n in range(2, len(words))}
    if len(words) > 3 and words[0] not in _ARTICLES and words[1] not in _JOINERS:
        # the name without its first word, three words or more left: "Golf Life 1.5 TSI" of
        # "Volkswagen Golf Life 1.5 TSI", the maker's name left out; and its head ("Puma
        # ST-Line" of "Ford Puma ST-Line 1.0 EcoBoost"); not what opens with a joining word
        # ("at the Reef" of "Twilight at the Reef" is a place, not the event)
        keys.add(" ".join(words[1:]))
        parts |= {" ".join(words[1:n]) for n in range(3, len(words))}
    # no part is a clock time alone ("6:00 pm" of the "6:00 pm visit slot", a row named by its
    # time and kind): a time the reply states is a value, not that row's name
    parts = {p for p in parts if not is_clock(p)}
    return keys, parts - keys


def is_clock(key: str) -> bool:
    """Whether a normalised name is a clock time or its pieces ("6 00 pm", "9 20"): a value
    a reply states, never the name of a thing."""
    return _CLOCK_PART.fullmatch(key) is not None


class LabelIndex:
    """Normalised names of entities.

    Usage::

        index = LabelIndex()
        index.add("https://example.org/acme#amiraPatel", "Dr. Amira Patel")
        index.lookup("Patel")      # LabelMatch(iris=('...amiraPatel',), how='short', ...)
    """

    def __init__(self, *, fuzzy_min_length: int = 4) -> None:
        self._exact: dict[str, set[str]] = defaultdict(set)
        self._parts: dict[str, set[str]] = defaultdict(set)
        self._short: dict[str, set[str]] = defaultdict(set)
        self._token_iris: dict[str, set[str]] = defaultdict(set)
        # token variants with one character deleted -> tokens (typo lookup); ``None`` until
        # first needed in an index read back with ``from_json`` (see ``_typo_table``)
        self._deletions: dict[str, set[str]] | None = defaultdict(set)
        self._typos_lock = threading.Lock()
        self._display: dict[str, tuple[int, str]] = {}
        #: the keys of labels the KB writes in lower case ("cellar tour"): common nouns
        self._lower: set[str] = set()
        self.fuzzy_min_length = fuzzy_min_length
        self.max_tokens = 1
        self._ends: frozenset[str] | None = None  # see ends_label

    def __len__(self) -> int:
        return len(self._display)

    def add(self, iri: str, label: str, *, rank: int = 0) -> None:
        """Index ``label`` for ``iri``; a lower ``rank`` makes it the preferred display name."""
        tokens = name_tokens(label)
        if not tokens:
            return
        keys, parts = label_keys(label)
        self._ends = None
        for key in keys:
            self._exact[key].add(iri)
        if label.islower():
            self._lower.update(keys)
        for key in parts:
            self._parts[key].add(iri)
        # every piece of the full form, titles and punctuation too, so that "Dr. Lee" does
        # not shadow "Lee"-only matches and "Volume 1: The Quine Tapes" fits
        self.max_tokens = max(self.max_tokens, len(_PIECES.findall(label)))
        best = self._display.get(iri)
        if best is None or rank < best[0]:
            self._display[iri] = (rank, label)
        named = [t for t in tokens if t not in _JOINERS]
        if len(tokens) > 1 and named:
            for token in (named[0], named[-1]):
                self._short[token].add(iri)
        typos = self._typo_table()
        for token in tokens:
            if token not in self._token_iris:
                for variant in _deletions(token, self.fuzzy_min_length):
                    typos.setdefault(variant, set()).add(token)
            self._token_iris[token].add(iri)

    def _typo_table(self) -> dict[str, set[str]]:
        """The typo table, derived from the tokens on first use where the index was read back
        (a reopened store answers its first exact lookups without waiting for it)."""
        table = self._deletions
        if table is None:
            with self._typos_lock:
                if self._deletions is None:
                    built: dict[str, set[str]] = defaultdict(set)
                    for token in self._token_iris:
                        for variant in _deletions(token, self.fuzzy_min_length):
                            built[variant].add(token)
                    self._deletions = built
                table = self._deletions
        return table

    def with_token(self, token: str) -> set[str]:
        """The entities one of whose labels has the word ``token`` (a :func:`name_tokens` word:
        lower case, no possessive)."""
        return set(self._token_iris.get(token, ()))

    def with_tokens(self, tokens: Iterable[str]) -> set[str]:
        """The entities one of whose labels has every word of ``tokens`` (``with_token`` of
        each, intersected): read from the rarest word's entities, so a common first name among
        a million people costs no more than a rare surname."""
        postings = sorted((self._token_iris.get(t, set()) for t in tokens), key=len)
        if not postings:
            return set()
        rarest, *others = postings
        return {iri for iri in rarest if all(iri in other for other in others)}

    def add_all(self, pairs: Iterable[tuple[str, str, int]]) -> None:
        for iri, label, rank in pairs:
            self.add(iri, label, rank=rank)

    def to_json(self) -> dict[str, Any]:
        """The index as plain JSON (IRIs interned as numbers); see ``from_json``."""
        ids: dict[str, int] = {}
        for iri in self._display:
            ids.setdefault(iri, len(ids))

        def postings(table: dict[str, set[str]]) -> dict[str, list[int]]:
            return {key: sorted(ids[i] for i in iris) for key, iris in table.items()}

        return {
            "fuzzy_min_length": self.fuzzy_min_length,
            "max_tokens": self.max_tokens,
            "iris": list(ids),
            "display": [list(self._display[iri]) for iri in ids],
            "exact": postings(self._exact),
            "parts": postings(self._parts),
            "short": postings(self._short),
            "tokens": postings(self._token_iris),
            "lower": sorted(self._lower),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LabelIndex:
        """Rebuild an index saved with ``to_json`` (the typo table is derived again, on its
        first use)."""
        index = cls(fuzzy_min_length=int(data["fuzzy_min_length"]))
        index.max_tokens = int(data["max_tokens"])
        iris: list[str] = data["iris"]
        index._display = {
            iri: (int(r), str(lbl)) for iri, (r, lbl) in zip(iris, data["display"], strict=True)
        }
        for name, table in (
            ("exact", index._exact),
            ("parts", index._parts),
            ("short", index._short),
            ("tokens", index._token_iris),
        ):
            for key, ids in data[name].items():
                table[key] = {iris[i] for i in ids}
        index._lower = set(data["lower"])
        index._deletions = None  # derived again on first use (_typo_table)
        return index

    def ends_label(self, word: str) -> bool:
        """Whether a name ending with the word ``word`` (one token of a reply) can be a label:
        its last word, or a piece of it ("Jackson" of "Hartsfield-Jackson"), ends some label's
        key, or it is a title or nothing once normalised. :meth:`exact` is exact without this;
        it spares a reply's linker normalising every stretch that ends in a common word."""
        if self._ends is None:
            lasts = {key.rsplit(" ", 1)[-1] for key in self._exact}
            self._ends = frozenset(
                piece for last in lasts for piece in (last, *_WORD_PIECES.split(last)) if piece
            )
        parts = name_tokens(word, drop_titles=False)
        return not parts or any(p in self._ends or p in TITLES or p in SUFFIX_TITLES for p in parts)

    def display(self, iri: str) -> str | None:
        entry = self._display.get(iri)
        return entry[1] if entry else None

    def written_lower(self, name: str) -> bool:
        """Whether the KB writes a label that ``name`` is in lower case ("cellar tour"): a
        common noun, whose plural names a kind ("cellar tours")."""
        key = self._exact_key(name)
        return key is not None and key in self._lower

    def exact(self, name: str) -> set[str]:
        key = self._exact_key(name)
        return set(self._exact[key]) if key is not None else set()

    def head_of(self, name: str) -> set[str]:
        """The entities whose label opens with ``name``, two words or more ("Nordmann Fir" of
        "Nordmann Fir Christmas Tree"), or is it without a part after a colon."""
        return set(self._parts.get(" ".join(name_tokens(name)), ()))

    def _exact_key(self, name: str) -> str | None:
        """The key under which ``name`` is a label: without its titles, else with them
        ("Doctor appointment" opening a sentence is the label "doctor appointment")."""
        for drop in (True, False):
            key = " ".join(name_tokens(name, drop_titles=drop))
            if key in self._exact:
                return key
        return None

    def lookup(self, name: str, *, fuzzy: bool = True) -> LabelMatch | None:
        """Resolve a name: exact label, else a short name or a part of a titled label ("The
        Quine Tapes"), else a typo."""
        tokens = name_tokens(name)
        if not tokens:
            return None
        found = self._exact_key(name)
        if found is not None:
            return LabelMatch(_first(self._exact[found]), "exact", found)
        key = " ".join(tokens)
        if len(tokens) == 1 and tokens[0] in self._short:
            return LabelMatch(_first(self._short[tokens[0]]), "short", key)
        if key in self._parts:
            return LabelMatch(_first(self._parts[key]), "short", key)
        if fuzzy:
            return self._fuzzy(tokens)
        return None

    def _fuzzy(self, tokens: list[str]) -> LabelMatch | None:
        candidates: set[str] | None = None
        distance = 0
        nearest = []
        for token in tokens:
            near = self._near_tokens(token)
            if not near:
                return None
            best = min(near.values())
            others = [o for o, d in near.items() if d == best]
            distance += best
            nearest.append((sum(len(self._token_iris[o]) for o in others), others))
        # intersect the rarest tokens first, so a common first name costs little
        for _, others in sorted(nearest, key=lambda pair: pair[0]):
            iris: set[str] = set()
            for other in others:
                postings = self._token_iris[other]
                iris |= postings if candidates is None else candidates & postings
            candidates = iris
            if not candidates:
                return None
        if not candidates or distance == 0:
            return None
        # the candidate's own label must be as long as the mention, else "Amira Patell" could
        # match any entity that merely has both tokens somewhere
        exact_len = {
            iri
            for iri in candidates
            if len(name_tokens(self.display(iri) or "")) in (len(tokens), len(tokens) + 1)
            or len(tokens) == 1
        }
        chosen = exact_len or candidates
        return LabelMatch(_first(chosen), "fuzzy", " ".join(tokens), distance)

    def _near_tokens(self, token: str) -> dict[str, int]:
        """Indexed tokens within one or two edits of ``token`` (exact ones at distance 0)."""
        if token in self._token_iris:
            return {token: 0}
        if len(token) < self.fuzzy_min_length:
            return {}
        limit = 1 if len(token) < 8 else 2
        found: dict[str, int] = {}
        typos = self._typo_table()
        for variant in _deletions(token, self.fuzzy_min_length):
            for other in typos.get(variant, ()):
                if other not in found:
                    d = edit_distance(token, other, limit)
                    if d <= limit:
                        found[other] = d
        return found


def _deletions(token: str, min_length: int) -> set[str]:
    """The token and every form of it with one character deleted (for typo lookup)."""
    if len(token) < min_length:
        return set()
    return {token} | {token[:i] + token[i + 1 :] for i in range(len(token))}
