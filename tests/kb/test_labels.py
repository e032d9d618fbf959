"""The label index: exact labels, short names, typos, ambiguity and display names."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from rdflib import URIRef

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.labels import LabelIndex, label_keys


@pytest.fixture
def index() -> LabelIndex:
    ix = LabelIndex()
    ix.add("ex:amira", "Dr. Amira Patel", rank=1)
    ix.add("ex:amira", "Amira Patel", rank=5)
    ix.add("ex:chrisA", "Chris Alvarez", rank=2)
    ix.add("ex:chrisM", "Chris Morgan", rank=2)
    ix.add("ex:it", "IT Support", rank=1)
    ix.add("ex:it", "IT", rank=5)
    ix.add("ex:er", "Emergency Medicine", rank=1)
    ix.add("ex:er", "ER", rank=5)
    return ix


@pytest.mark.parametrize(
    ("name", "iris", "how"),
    [
        ("Amira Patel", ("ex:amira",), "exact"),
        ("Dr. Amira Patel", ("ex:amira",), "exact"),
        ("dr amira PATEL", ("ex:amira",), "exact"),
        ("Amíra Patel", ("ex:amira",), "exact"),
        ("ER", ("ex:er",), "exact"),  # an alias
        ("IT", ("ex:it",), "exact"),
        ("Patel", ("ex:amira",), "short"),  # family name
        ("Amira", ("ex:amira",), "short"),  # given name
        ("Morgan", ("ex:chrisM",), "short"),
        ("Chris", ("ex:chrisA", "ex:chrisM"), "short"),  # ambiguous: both candidates
        ("Amira Patell", ("ex:amira",), "fuzzy"),  # one typo
        ("Amra Patel", ("ex:amira",), "fuzzy"),
        ("Chriss Alvarez", ("ex:chrisA",), "fuzzy"),
        ("Emergancy Medicine", ("ex:er",), "fuzzy"),
    ],
)
def test_label_index_lookup_resolves_names(
    index: LabelIndex, name: str, iris: tuple[str, ...], how: str
) -> None:
    match = index.lookup(name)
    assert match is not None
    assert (match.iris, match.how) == (iris, how)


@pytest.mark.parametrize(
    "name",
    ["Helen Brooks", "Amira Patel Smith", "Xyz", "", "   ", "Patelzzz", "Karen"],
)
def test_label_index_lookup_unknown_names_return_none(index: LabelIndex, name: str) -> None:
    assert index.lookup(name) is None


def test_label_index_lookup_fuzzy_can_be_disabled(index: LabelIndex) -> None:
    assert index.lookup("Amira Patell", fuzzy=False) is None
    assert index.lookup("Amira Patel", fuzzy=False) is not None


def test_label_index_fuzzy_reports_the_distance(index: LabelIndex) -> None:
    match = index.lookup("Amira Patell")
    assert match is not None and match.distance == 1


def test_label_index_fuzzy_ignores_tokens_shorter_than_the_minimum() -> None:
    ix = LabelIndex(fuzzy_min_length=6)
    ix.add("ex:amira", "Amira Patel")
    assert ix.lookup("Amira Patell") is None  # "patell" < 6 letters indexed for typos
    ix2 = LabelIndex(fuzzy_min_length=4)
    ix2.add("ex:amira", "Amira Patel")
    assert ix2.lookup("Amira Patell") is not None


def test_label_index_single_token_labels_give_no_short_names() -> None:
    ix = LabelIndex()
    ix.add("ex:finance", "Finance")
    match = ix.lookup("Finance")
    assert match is not None and match.how == "exact"
    assert ix.lookup("Fin", fuzzy=False) is None


def test_label_index_unique_only_for_one_candidate(index: LabelIndex) -> None:
    chris = index.lookup("Chris")
    patel = index.lookup("Patel")
    assert chris is not None and chris.unique is None
    assert patel is not None and patel.unique == "ex:amira"


def test_label_index_display_prefers_the_lowest_rank(index: LabelIndex) -> None:
    assert index.display("ex:amira") == "Dr. Amira Patel"
    assert index.display("ex:er") == "Emergency Medicine"
    assert index.display("ex:unknown") is None


def test_label_index_exact_returns_every_entity_with_the_label() -> None:
    ix = LabelIndex()
    ix.add("ex:a", "Jordan Lee")
    ix.add("ex:b", "Jordan Lee")
    assert ix.exact("jordan lee") == {"ex:a", "ex:b"}
    match = ix.lookup("Jordan Lee")
    assert match is not None and match.iris == ("ex:a", "ex:b")


def test_label_index_len_counts_entities_not_labels(index: LabelIndex) -> None:
    assert len(index) == 5


def test_label_index_blank_label_is_ignored() -> None:
    ix = LabelIndex()
    ix.add("ex:a", "   ")
    assert len(ix) == 0


@pytest.mark.parametrize("name", ["Patel", "Dr. Amira Patel", "Amira Patell", "Chris", "nobody"])
def test_label_index_json_round_trip_answers_the_same(index: LabelIndex, name: str) -> None:
    restored = LabelIndex.from_json(json.loads(json.dumps(index.to_json())))
    assert restored.lookup(name) == index.lookup(name)
    assert len(restored) == len(index)
    assert restored.max_tokens == index.max_tokens


@pytest.mark.parametrize(
    ("label", "name", "how"),
    [
        ("doctor appointment", "doctor appointment", "exact"),
        ("doctor appointment", "Doctor appointment", "exact"),  # capitalised opening a sentence
        ("Doctor Appointment", "doctor appointment", "exact"),
        ("College of William & Mary", "College of William and Mary", "exact"),
        ("P.F. Changs", "PF Changs", "exact"),
        ("P.F. Changs", "P.F.Changs", "exact"),
        ("P.F. Chang's", "PF Changs", "exact"),
        ("The Dockside Reader", "Dockside Reader", "exact"),
        ("Bootleg Series Volume 1: The Quine Tapes", "The Quine Tapes", "short"),
        ("Bootleg Series Volume 1: The Quine Tapes", "Bootleg Series Volume 1", "short"),
    ],
)
def test_label_index_punctuation_articles_and_titles_of_labels(
    label: str, name: str, how: str
) -> None:
    ix = LabelIndex()
    ix.add("ex:x", label)
    match = ix.lookup(name, fuzzy=False)
    assert match is not None
    assert (match.iris, match.how) == (("ex:x",), how)


def test_label_index_doctor_appointment_is_not_indexed_as_appointment() -> None:
    ix = LabelIndex()
    ix.add("ex:visit", "doctor appointment")
    ix.add("ex:visit2", "Doctor Appointment")
    assert ix.exact("appointment") == set()
    assert "appointment" not in label_keys("Doctor Appointment")[0]


def test_label_index_articles_and_joiners_are_no_short_names() -> None:
    ix = LabelIndex()
    ix.add("ex:dock", "The Dockside Reader")
    ix.add("ex:wm", "College of William & Mary")
    for word in ("The", "of", "and"):
        assert ix.lookup(word, fuzzy=False) is None


def test_label_index_parts_survive_json() -> None:
    ix = LabelIndex()
    ix.add("ex:tapes", "Bootleg Series Volume 1: The Quine Tapes")
    again = LabelIndex.from_json(json.loads(json.dumps(ix.to_json())))
    match = again.lookup("Quine Tapes", fuzzy=False)
    assert match is not None and match.iris == ("ex:tapes",)
    assert again.max_tokens == ix.max_tokens >= 8  # "Volume 1: The" spans more tokens


@pytest.mark.parametrize(
    ("label", "last_word"),
    [
        ("Hartsfield-Jackson", "Jackson"),  # a reply's tokens: "Hartsfield", "-", "Jackson"
        ("Hartsfield-Jackson", "Hartsfield-Jackson"),
        ("Dr. Amira Patel", "Patel"),
        ("Joe Smith Jr.", "Jr."),  # a suffix title ends the name, not the key
        ("Café Rouge", "Rouge"),
        ("Room 401", "401"),
        ("P.F. Chang's", "Chang"),
        ("The Quine Tapes", "TAPES"),
    ],
)
def test_label_index_ends_label_never_hides_a_label_ending_with_the_word(
    label: str, last_word: str
) -> None:
    """The linker skips stretches of a reply that end in a word no label ends with (a long
    reply's cost); a word that can end a label must never be skipped."""
    index = LabelIndex()
    index.add("http://x/e", label)
    assert index.ends_label(last_word)


def test_label_index_ends_label_tells_common_words_apart_and_follows_new_labels() -> None:
    index = LabelIndex()
    index.add("http://x/p", "Dr. Amira Patel")
    assert not index.ends_label("reaching")
    assert not index.ends_label("online")
    index.add("http://x/o", "Help Online")  # the index learns what a new label ends with
    assert index.ends_label("online")
    assert LabelIndex.from_json(json.loads(json.dumps(index.to_json()))).ends_label("online")


def test_label_index_read_back_learns_new_labels_with_their_typos(index: LabelIndex) -> None:
    """The typo table of an index read back is derived on first use; a label added before
    that use is found by its typos, and so are the old ones."""
    restored = LabelIndex.from_json(json.loads(json.dumps(index.to_json())))
    restored.add("http://x/blake", "Quentin Blake")
    found = restored.lookup("Quentn Blake")
    assert found is not None and found.iris == ("http://x/blake",) and found.how == "fuzzy"
    assert restored.lookup("Amira Patell") == index.lookup("Amira Patell")


def test_label_index_with_tokens_holds_every_word_across_labels(index: LabelIndex) -> None:
    index.add("ex:chrisP", "Christopher Patel", rank=2)
    index.add("ex:chrisP", "Chris", rank=5)
    assert index.with_tokens(["chris"]) == {"ex:chrisA", "ex:chrisM", "ex:chrisP"}
    assert index.with_tokens(["chris", "patel"]) == {"ex:chrisP"}  # words of two of its labels
    assert index.with_tokens(["amira", "patel"]) == {"ex:amira"}
    assert index.with_tokens(["chris", "nobody"]) == set()
    assert index.with_tokens([]) == set()
    found = index.with_tokens(["chris"])
    found.clear()  # the caller's own set: the index keeps its entries
    assert index.with_tokens(["chris"]) == {"ex:chrisA", "ex:chrisM", "ex:chrisP"}


def test_a_thing_is_named_by_its_label_without_its_class_label(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    # a library's fees: "a lost card costs £3" names the "lost card fee"; a label of two words
    # keeps its class word ("late fee" is never "late")
    kb = make_kb(
        """
ex:Fee a owl:Class ; rdfs:label "fee" .
ex:lostCard a ex:Fee ; rdfs:label "lost card fee" .
ex:late a ex:Fee ; rdfs:label "late fee" .
"""
    )
    found = kb.labels.lookup("lost card")
    assert found is not None and found.iris == ("https://example.org/t#lostCard",)
    assert kb.labels.exact("lost card") == {"https://example.org/t#lostCard"}
    assert kb.labels.exact("late") == set()
    assert kb.label(URIRef("https://example.org/t#lostCard")) == "lost card fee"


def test_a_row_named_by_its_time_and_kind_is_not_named_by_the_time(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    # "6:00 pm" of a reply is a time, not the "6:00 pm visit slot" (named by time and kind)
    kb = make_kb(
        """
ex:Slot a owl:Class ; rdfs:label "visit slot" .
ex:evening a ex:Slot ; rdfs:label "6:00 pm visit slot" .
"""
    )
    assert kb.labels.exact("6:00 pm") == set()
    assert kb.labels.lookup("6:00 pm", fuzzy=False) is None


def test_label_index_a_long_name_said_without_its_first_word() -> None:
    # the maker's name left out: "Corolla Design 1.8 Hybrid" of the Toyota
    assert "corolla design 1.8 hybrid" in label_keys("Toyota Corolla Design 1.8 Hybrid")[0]
    # three words are too few to drop one: "Leeds Workshop" is not "Motorhaus Leeds Workshop"
    assert "leeds workshop" not in label_keys("Motorhaus Leeds Workshop")[0]
    # nor is an article a first word to drop
    assert "lighthouse keepers daughter" in label_keys("The Lighthouse Keeper's Daughter")[0]
    assert "keepers daughter" not in label_keys("The Lighthouse Keeper's Daughter")[0]
    # nor does what is left open with a joining word: "at the Reef" of "Twilight at the Reef"
    # is a place ("a flat white at the Reef Cafe"), not the event
    assert "at the reef" not in label_keys("Twilight at the Reef")[0]
