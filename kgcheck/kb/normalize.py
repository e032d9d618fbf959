"""Normalisation of names and labels, shared by the label index and the entity linker."""

from __future__ import annotations

import re
import unicodedata

from kgcheck.values.addresses import ABBREVIATIONS
from kgcheck.values.quantities import singular

__all__ = [
    "ABBREVIATIONS",
    "SUFFIX_TITLES",
    "TITLES",
    "edit_distance",
    "name_tokens",
    "normalize",
    "value_words",
]

#: Honorifics and titles dropped before names are compared ("Dr. Amira Patel" = "Amira Patel").
TITLES = frozenset(
    {
        "dr", "doctor", "mr", "mrs", "ms", "miss", "mx", "prof", "professor", "sir", "dame",
        "rev", "nurse", "st", "jr", "sr", "phd", "md", "rn",
    }
)  # fmt: skip

#: Titles written after a name ("Jane Doe, PhD"); the others stand before one.
SUFFIX_TITLES = frozenset({"jr", "sr", "phd", "md", "rn"})
#: Titles that are also common nouns: "doctor appointment" is an event, not Dr. Appointment.
_WORD_TITLES = re.compile(r"\s*(?:doctor|nurse|professor|sir|dame|miss)\b")
_PREFIX_TITLES = TITLES - SUFFIX_TITLES

_NON_WORD = re.compile(r"[^\w@.+-]+|(?<!\w)[.+-]|[.+-](?!\w)")
_AMPERSAND = re.compile(r"(?<!\S)&(?!\S)")
_INITIALS = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_]?")
_INITIALS_WORD = re.compile(r"((?:[^\W\d_]\.)+)([^\W\d_]{2,})")  # "P.F.Changs"
_SPACES = re.compile(r"\s+")
_POSSESSIVE = re.compile(r"['’]s\b")


def _fold(text: str) -> str:
    if text.isascii():  # nothing to decompose
        return text.casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def name_tokens(text: str, *, drop_titles: bool = True) -> list[str]:
    """Tokens of a name: case and diacritics folded, punctuation dropped, "&" read as "and",
    initials joined ("P.F." = "PF"), titles before the name and degrees after it removed (a
    lower-case "doctor" or "nurse" opening the text is a word: "doctor appointment").

    >>> name_tokens("Dr. Amira Patel")
    ['amira', 'patel']
    """
    folded = _fold(text)
    if "&" in folded:
        folded = _AMPERSAND.sub("and", folded)
    if "'" in folded or "’" in folded:
        folded = _POSSESSIVE.sub("", folded)
    tokens = [t.strip(".-+") for t in _SPACES.split(_NON_WORD.sub(" ", folded))]
    tokens = [part for t in tokens if t for part in _initials(t)]
    if drop_titles:
        start = 1 if _WORD_TITLES.match(text) else 0
        while start < len(tokens) - 1 and tokens[start] in _PREFIX_TITLES:
            del tokens[start]
        end = len(tokens)
        while end > 1 and tokens[end - 1] in SUFFIX_TITLES:
            end -= 1
        del tokens[end:]
    return tokens


def _initials(token: str) -> list[str]:
    """Initials written with dots, joined: "p.f" -> "pf"; "p.f.changs" -> "pf", "changs"."""
    if "." not in token:
        return [token]
    if _INITIALS.fullmatch(token):
        return [token.replace(".", "")]
    joined = _INITIALS_WORD.fullmatch(token)
    if joined:
        return [joined.group(1).replace(".", ""), joined.group(2)]
    return [token]


def normalize(text: str, *, drop_titles: bool = True) -> str:
    """A label's lookup key: ``"Dr. Amira  Pátel"`` -> ``"amira patel"``."""
    return " ".join(name_tokens(text, drop_titles=drop_titles))


def value_words(text: str) -> tuple[str, ...]:
    """The words of a value for comparison: folded like names (titles kept), e-mail addresses
    whole, address words abbreviated alike ("394 Van Ness Avenue" = "394 Van Ness Ave")."""
    return tuple(ABBREVIATIONS.get(t, t) for t in name_tokens(text, drop_titles=False))


def lemma_words(text: str) -> tuple[str, ...]:
    """:func:`value_words` with each word in the singular: "on Mondays" states the value
    "Monday", "Private Offices" the name "Private Office"."""
    return tuple(singular(w) for w in value_words(text))


def edit_distance(a: str, b: str, limit: int = 2) -> int:
    """Damerau-Levenshtein distance (adjacent transpositions), cut off above ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return min(prev[-1], limit + 1)
