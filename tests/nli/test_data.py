"""NLI pairs from DECODE, SICK and ANLI files as distributed, and the generated copy pairs."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from kgcheck.errors import InputError
from kgcheck.nli.data import (
    LABELS,
    NliPair,
    copy_pairs,
    load_anli_pairs,
    load_decode_pairs,
    load_sick_pairs,
)
from tests.nli.conftest import FIRST, SECOND, SICK_ROWS, write_anli, write_decode, write_sick

# --- DECODE -------------------------------------------------------------------------------


@pytest.mark.parametrize("given", ["", ".input0", ".input1", ".label"])
def test_decode_accepts_the_prefix_or_any_of_its_three_files(decode_prefix: Path, given: str):
    pairs = load_decode_pairs(decode_prefix.with_name(decode_prefix.name + given))
    assert len(pairs) == len(FIRST)
    assert [p.premise for p in pairs] == FIRST
    assert [p.hypothesis for p in pairs] == SECOND


def test_decode_label_1_is_contradiction_and_0_is_neutral(tmp_path: Path):
    prefix = write_decode(
        tmp_path / "train",
        ["  I love to bake bread.", "My sister lives in the city."],
        ["I never bake.  ", "We grow tomatoes."],
        ["1", " 0 "],
    )
    assert load_decode_pairs(prefix) == [
        NliPair("I love to bake bread.", "I never bake.", "contradiction", "decode:1"),
        NliPair("My sister lives in the city.", "We grow tomatoes.", "neutral", "decode:2"),
    ]


def test_decode_files_of_different_lengths_are_an_input_error_naming_them(tmp_path: Path):
    prefix = write_decode(tmp_path / "dev", ["one", "two", "three"], ["uno", "dos"], ["0", "1"])
    with pytest.raises(InputError) as info:
        load_decode_pairs(prefix)
    assert info.value.code == "KGC612"
    assert f"{prefix}.*" in info.value.message
    assert "3 first utterances, 2 second utterances and 2 labels" in info.value.message


@pytest.mark.parametrize("bad", ["2", "yes", ""])
def test_decode_bad_label_is_an_input_error_naming_the_line(tmp_path: Path, bad: str):
    prefix = write_decode(tmp_path / "train", ["a", "b", "c"], ["x", "y", "z"], ["0", "1", bad])
    with pytest.raises(InputError) as info:
        load_decode_pairs(prefix)
    assert f"{prefix}.label: line 3" in info.value.message


def test_decode_missing_file_is_an_input_error_naming_it(tmp_path: Path):
    prefix = write_decode(tmp_path / "train", ["a"], ["b"], ["0"])
    (tmp_path / "train.input1").unlink()
    with pytest.raises(InputError) as info:
        load_decode_pairs(prefix)
    assert info.value.code == "KGC612"
    assert "train.input1" in info.value.message


# --- SICK ---------------------------------------------------------------------------------


def _ids(pairs: list[NliPair]) -> list[str]:
    return [p.origin for p in pairs]


def test_sick_keeps_only_the_sets_asked_for(sick_file: Path):
    assert _ids(load_sick_pairs(sick_file)) == ["sick:1", "sick:2", "sick:3", "sick:5"]
    assert _ids(load_sick_pairs(sick_file, sets=("test",))) == ["sick:4", "sick:6"]
    assert _ids(load_sick_pairs(sick_file, sets=("TRIAL",))) == ["sick:3"]


def test_sick_reads_sentences_and_labels(sick_file: Path):
    by_id = {p.origin: p for p in load_sick_pairs(sick_file, sets=("TRAIN", "TRIAL", "TEST"))}
    for pair_id, a, b, label, *_ in SICK_ROWS:
        assert by_id[f"sick:{pair_id}"] == NliPair(a, b, label.lower(), f"sick:{pair_id}")


def test_sick_both_directions_labels_b_to_a_by_entailment_ba(sick_file: Path):
    pairs = load_sick_pairs(sick_file, sets=("TRAIN", "TRIAL"), both_directions=True)
    by_id = {p.origin: p for p in pairs}
    assert len(pairs) == 8
    # pair 1: A entails B, but B (an instrument) is neutral about A (a guitar)
    assert by_id["sick:1"].label == "entailment"
    assert by_id["sick:1:BA"] == NliPair(
        "A man is playing an instrument", "A man is playing a guitar", "neutral", "sick:1:BA"
    )
    assert by_id["sick:3:BA"].label == "contradiction"
    assert by_id["sick:3:BA"].premise == "Nobody is baking bread"
    both = load_sick_pairs(sick_file, sets=("TEST",), both_directions=True)
    assert by_id.keys().isdisjoint(_ids(both))
    assert {p.origin: p.label for p in both}["sick:4:BA"] == "entailment"


def test_sick_wrong_header_is_an_input_error(tmp_path: Path):
    path = write_sick(
        tmp_path / "SICK.txt", header="id\tpremise\thypothesis\tlabel\ta\tb\tc\td\te\tf\tg\th"
    )
    with pytest.raises(InputError) as info:
        load_sick_pairs(path)
    assert str(path) in info.value.message
    assert "entailment_BA" in info.value.message


def test_sick_empty_file_is_an_input_error(tmp_path: Path):
    path = tmp_path / "SICK.txt"
    path.write_text("", encoding="utf-8")
    with pytest.raises(InputError):
        load_sick_pairs(path)


def test_sick_unknown_label_is_an_input_error_naming_the_pair(tmp_path: Path):
    rows = [*SICK_ROWS[:2], ("7", "A cat sits", "A dog sits", "UNRELATED", "x", "y", "TRAIN")]
    with pytest.raises(InputError) as info:
        load_sick_pairs(write_sick(tmp_path / "SICK.txt", rows))
    assert "pair 7" in info.value.message


# --- ANLI ---------------------------------------------------------------------------------

ANLI_ROWS: list[dict[str, object]] = [
    {"uid": "u-1", "context": "Tom bakes bread.", "hypothesis": "Tom bakes.", "label": "e"},
    {"uid": "u-2", "context": "Tom bakes bread.", "hypothesis": "Tom is tall.", "label": "n"},
    {"uid": "u-3", "context": "Tom bakes bread.", "hypothesis": "Tom never bakes.", "label": "c"},
]


def test_anli_maps_e_n_c_and_keeps_the_uid(tmp_path: Path):
    pairs = load_anli_pairs(write_anli(tmp_path / "dev.jsonl", ANLI_ROWS))
    assert [(p.label, p.origin) for p in pairs] == [
        ("entailment", "u-1"),
        ("neutral", "u-2"),
        ("contradiction", "u-3"),
    ]
    assert pairs[2].premise == "Tom bakes bread."
    assert pairs[2].hypothesis == "Tom never bakes."


def test_anli_skips_blank_lines(tmp_path: Path):
    path = tmp_path / "dev.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in ANLI_ROWS).replace("\n", "\n\n") + "\n")
    assert len(load_anli_pairs(path)) == 3


@pytest.mark.parametrize(
    "bad",
    [
        "{not json",
        json.dumps({"uid": "u-4", "context": "A.", "hypothesis": "B."}),  # no label
        json.dumps({"uid": "u-4", "context": "A.", "hypothesis": "B.", "label": "x"}),
        json.dumps(["A.", "B.", "e"]),
    ],
)
def test_anli_malformed_line_is_an_input_error_naming_the_line(tmp_path: Path, bad: str):
    path = tmp_path / "dev.jsonl"
    path.write_text(json.dumps(ANLI_ROWS[0]) + "\n" + bad + "\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_anli_pairs(path)
    assert info.value.code == "KGC612"
    assert f"{path}: line 2" in info.value.message


# --- copy pairs ---------------------------------------------------------------------------

UTTERANCES = FIRST + SECOND


def _passage_parts(premise: str) -> list[str]:
    """The utterances a copy pair's premise is made of (checking it is exactly those)."""
    parts = [u for u in UTTERANCES if u in premise]
    assert len(premise) == sum(len(u) for u in parts) + len(parts) - 1
    return parts


def _is_stretch(words: list[str], utterance: str) -> bool:
    """Whether ``words`` occur one after the other in ``utterance``."""
    source = utterance.split()
    return any(source[i : i + len(words)] == words for i in range(len(source)))


def test_copy_pairs_count_and_labels_half_each():
    pairs = copy_pairs(UTTERANCES, 30, seed=5)
    assert len(pairs) == 30
    assert sum(p.label == "entailment" for p in pairs) == 15
    assert sum(p.label == "neutral" for p in pairs) == 15
    assert all(p.label in LABELS for p in pairs)
    assert [p.origin for p in pairs] == [f"copy:{n}" for n in range(30)]


def test_copy_pairs_premise_is_a_passage_of_three_to_six_utterances():
    for pair in copy_pairs(UTTERANCES, 40, seed=1):
        assert 3 <= len(_passage_parts(pair.premise)) <= 6


def test_copy_pairs_entailed_hypothesis_is_a_stretch_of_one_utterance_of_the_passage():
    entailed = [p for p in copy_pairs(UTTERANCES, 40, seed=2) if p.label == "entailment"]
    assert entailed
    for pair in entailed:
        words = pair.hypothesis.split()
        sources = [u.split() for u in _passage_parts(pair.premise) if _is_stretch(words, u)]
        assert sources, pair
        assert any(len(words) >= 0.6 * len(source) - 0.5 for source in sources), pair


def test_copy_pairs_neutral_hypothesis_is_an_utterance_the_passage_does_not_hold():
    neutral = [p for p in copy_pairs(UTTERANCES, 40, seed=3) if p.label == "neutral"]
    assert neutral
    for pair in neutral:
        assert pair.hypothesis in UTTERANCES
        assert pair.hypothesis not in pair.premise


def test_copy_pairs_are_deterministic_for_a_seed():
    assert copy_pairs(UTTERANCES, 20, seed=7) == copy_pairs(UTTERANCES, 20, seed=7)
    assert copy_pairs(UTTERANCES, 20, seed=7) != copy_pairs(UTTERANCES, 20, seed=8)


def test_copy_pairs_ignore_short_utterances_and_need_ten_usable_ones():
    short = ["Hi there.", "Yes!", "I see what you mean."]  # under 25 characters
    assert copy_pairs(UTTERANCES[:9] + short * 5, 10) == []
    pairs = copy_pairs(UTTERANCES[:10] + short * 5, 10)
    assert len(pairs) == 10
    assert not any(s in p.premise or s == p.hypothesis for p in pairs for s in short)


def test_copy_pairs_with_few_distinct_utterances_returns_no_pairs():
    # Repeated utterances (DECODE has many "hi how are you" lines) must not count as several:
    # with only 4 distinct ones there is no utterance left outside a passage to be neutral.
    repeated = UTTERANCES[:4] * 5
    result: list[list[NliPair]] = []
    worker = threading.Thread(target=lambda: result.append(copy_pairs(repeated, 20)), daemon=True)
    worker.start()
    worker.join(timeout=30)  # a guard against the endless search, not a speed check
    assert not worker.is_alive(), "copy_pairs never returned"
    assert result == [[]]


def test_copy_pairs_with_repeated_utterances_keep_neutral_hypotheses_out_of_the_passage():
    pairs = copy_pairs(UTTERANCES[:10] * 3, 40, seed=4)
    assert len(pairs) == 40
    for pair in pairs:
        if pair.label == "neutral":
            assert pair.hypothesis not in pair.premise
