"""Name normalisation shared by the label index and the linker."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgcheck.kb.normalize import edit_distance, lemma_words, name_tokens, normalize

# When a property test fails, Hypothesis's report imports libcst, which trips a third-party
# DeprecationWarning (mypy_extensions.TypedDict); without this the failure would surface as an
# INTERNALERROR under filterwarnings = error instead of the falsifying example.
pytestmark = pytest.mark.filterwarnings(
    "ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning"
)


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("Dr. Amira Patel", ["amira", "patel"]),
        ("Dr. Amira  Pátel", ["amira", "patel"]),
        ("MÜLLER", ["muller"]),
        ("Dr. Patel's", ["patel"]),
        ("Patel’s", ["patel"]),
        ("Nurse Karen Whitfield", ["karen", "whitfield"]),
        ("Prof. Dr. Jane Doe, PhD", ["jane", "doe"]),
        ("Jean-Luc Picard", ["jean-luc", "picard"]),
        ("amira.patel@acmehealth.example", ["amira.patel@acmehealth.example"]),
        ("Dr.", ["dr"]),  # a title alone is kept: there is nothing else to name
        ("College of William & Mary", ["college", "of", "william", "and", "mary"]),
        ("P.F. Changs", ["pf", "changs"]),
        ("P.F.Changs", ["pf", "changs"]),
        ("PF Changs", ["pf", "changs"]),
        ("doctor appointment", ["doctor", "appointment"]),  # an event, not Dr. Appointment
        ("Doctor Appointment", ["appointment"]),  # written as a title: dropped (see label_keys)
        ("JR Okafor", ["jr", "okafor"]),  # "Jr." stands after a name, never before it
        ("Main St", ["main", "st"]),
        ("  ", []),
        ("", []),
    ],
)
def test_name_tokens_folds_case_accents_titles_and_possessives(
    text: str, tokens: list[str]
) -> None:
    assert name_tokens(text) == tokens


def test_name_tokens_keeps_titles_when_asked() -> None:
    assert name_tokens("Dr. Amira Patel", drop_titles=False) == ["dr", "amira", "patel"]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Dr. Amira Patel", "amira patel"),
        ("AMIRA PATEL", "Amira   Patel"),
        ("Amíra Patel", "Amira Patel"),
        ("Ms Rosa Delgado", "Rosa Delgado"),
    ],
)
def test_normalize_equal_keys_for_the_same_name(a: str, b: str) -> None:
    assert normalize(a) == normalize(b)


def test_normalize_keeps_different_names_apart() -> None:
    assert normalize("Amira Patel") != normalize("Amira Patil")


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("patel", "patel", 0),
        ("patel", "patell", 1),  # insertion
        ("patel", "pate", 1),  # deletion
        ("patel", "patil", 1),  # substitution
        ("patel", "pazel", 1),
        ("patel", "ptael", 1),  # adjacent transposition counts once
        ("kitten", "sitting", 3),  # above the limit: limit + 1
        ("ab", "abcdef", 3),  # length gap above the limit
    ],
)
def test_edit_distance_damerau_levenshtein_with_cutoff(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b, limit=2) == distance


def test_edit_distance_limit_caps_the_result() -> None:
    assert edit_distance("kitten", "sitting", limit=5) == 3


def _osa_distance(a: str, b: str) -> int:
    """Reference optimal-string-alignment distance, without a cut-off."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


@given(st.text(alphabet="abcd", max_size=8), st.text(alphabet="abcd", max_size=8))
def test_edit_distance_exact_within_the_limit_and_above_it_outside(a: str, b: str) -> None:
    expected = _osa_distance(a, b)
    got = edit_distance(a, b, limit=2)
    if expected <= 2:
        assert got == expected
    else:
        assert got > 2


@given(st.text(max_size=40))
def test_normalize_is_idempotent(text: str) -> None:
    once = normalize(text, drop_titles=False)
    assert normalize(once, drop_titles=False) == once


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Kia Niro EVs", ("kia", "niro", "ev")),  # a blind trial's car hire
        ("on Mondays", ("on", "monday")),
        ("the gas", ("the", "gas")),
        ("the bus", ("the", "bus")),
    ],
)
def test_lemma_words_reads_plurals_of_names_and_initialisms(
    text: str, words: tuple[str, ...]
) -> None:
    assert lemma_words(text) == words
