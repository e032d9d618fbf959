"""Labelled conversations: the JSONL format, its errors, and the DECODE and BEGIN adapters."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kgcheck.errors import InputError
from kgcheck.evaluation.dataset import load_dataset
from kgcheck.types import FlagType
from tests.conftest import ACME_CONFIG, ACME_DIR, FIXTURES


def _write(tmp_path: Path, *rows: Any) -> Path:
    path = tmp_path / "labelled.jsonl"
    lines = [r if isinstance(r, str) else json.dumps(r) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_dataset_acme_example_reads() -> None:
    dataset = load_dataset(ACME_DIR / "labelled.jsonl")
    assert dataset.config == ACME_CONFIG
    assert len(dataset.conversations) == 15
    types = {e.type for c in dataset.conversations for e in c.expected}
    assert types == {
        FlagType.WRONG_ATTRIBUTE,
        FlagType.NONEXISTENT_ENTITY,
        FlagType.FABRICATED_FACT,
        FlagType.CONTRADICTS_FACT,
    }
    assert sum(c.clean for c in dataset.conversations) == 6


def test_dataset_fields_and_defaults(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        {"defaults": {"config": "k.yaml", "now": "2026-01-02T00:00:00+00:00"}},
        {
            "turns": [{"role": "user", "text": "Hi"}],
            "reply": "Her extension is 4413.",
            "sources": [{"id": "S0", "text": "doc"}],
            "expected": [{"type": "wrong_attribute", "text": "4413"}],
            "config": "other.yaml",
        },
        {"id": "c2", "reply": "Fine.", "clean": True, "now": "2027-01-01T00:00:00+00:00"},
    )
    dataset = load_dataset(path)
    first, second = dataset.conversations
    assert dataset.config == tmp_path / "k.yaml"
    assert first.id == "line 2"
    assert first.config == tmp_path / "other.yaml"
    assert first.now is not None and first.now.year == 2026
    assert first.hallucinated and not second.hallucinated
    assert second.config is None
    assert second.now is not None and second.now.year == 2027


def test_dataset_limit_keeps_the_first(tmp_path: Path) -> None:
    path = _write(tmp_path, *({"reply": f"r{n}", "clean": True} for n in range(5)))
    assert [c.reply for c in load_dataset(path, limit=2).conversations] == ["r0", "r1"]


def test_dataset_expected_text_not_in_reply_names_the_line() -> None:
    path = FIXTURES / "labelled_bad_text.jsonl"
    with pytest.raises(InputError) as info:
        load_dataset(path)
    assert info.value.code == "KGC611"
    assert info.value.message == f"{path}: line 2: expected.0.text: '4414' is not in the reply"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "expected a JSON object"),
        ({"reply": "x"}, 'give the expected flags, or "clean": true'),
        (
            {"reply": "x", "clean": True, "expected": [{"type": "wrong_attribute"}]},
            "a conversation marked clean cannot expect flags",
        ),
        ({"reply": "x", "expected": [{"type": "made_up"}]}, "expected.0.type: unknown flag type"),
        ({"reply": "x", "clean": True, "mood": "sad"}, "mood: Extra inputs are not permitted"),
        ({"clean": True}, "reply: Field required"),
        (
            {"reply": "x", "turns": [{"role": "bot", "text": "hi"}]},
            "turns.0.role: Input should be 'user', 'assistant' or 'system'",
        ),
        (
            {
                "reply": "abc",
                "expected": [{"type": "wrong_attribute", "span": {"start": 1, "end": 9}}],
            },
            "expected.0.span: ends at 9, past the reply (3 characters)",
        ),
        (
            {
                "reply": "abc",
                "expected": [{"type": "wrong_attribute", "span": {"start": 2, "end": 1}}],
            },
            "end (1) must be greater than start (2)",
        ),
    ],
)
def test_dataset_invalid_line_is_an_error(tmp_path: Path, line: Any, message: str) -> None:
    path = _write(tmp_path, line)
    with pytest.raises(InputError, match="line 1: ") as info:
        load_dataset(path)
    assert message in info.value.message


def test_dataset_duplicate_id_is_an_error(tmp_path: Path) -> None:
    path = _write(
        tmp_path, {"id": "a", "reply": "x", "clean": True}, {"id": "a", "reply": "y", "clean": True}
    )
    with pytest.raises(InputError, match="line 2: id 'a' is already used on line 1"):
        load_dataset(path)


def test_dataset_defaults_only_on_a_line_before_the_conversations(tmp_path: Path) -> None:
    path = _write(tmp_path, {"reply": "x", "clean": True}, {"defaults": {"config": "k.yaml"}})
    with pytest.raises(InputError, match=r"line 2: .* before the conversations"):
        load_dataset(path)


def test_dataset_missing_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        load_dataset(tmp_path / "none.jsonl")


def test_dataset_unknown_format_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="unknown format 'csv'; expected one of kgcheck, decode"):
        load_dataset(tmp_path, "csv")


@pytest.mark.parametrize("name", ["dev", "dev.input0", "dev.label"])
def test_dataset_decode_speakers_and_labels(name: str) -> None:
    dataset = load_dataset(FIXTURES / "decode" / name, "decode")
    first, second = dataset.conversations
    # the speaker of the last utterance is the assistant
    assert [(t.role, t.text) for t in first.turns] == [
        ("assistant", "I have two dogs and a cat."),
        ("user", "Nice, I only have a goldfish."),
    ]
    assert first.reply == "I have never owned a pet."
    assert [e.type for e in first.expected] == [FlagType.CONTRADICTS_PRIOR]
    assert [t.role for t in second.turns] == ["user", "assistant", "user"]
    assert second.reply == "Do you work nights?"
    assert second.clean


def test_dataset_decode_files_of_different_lengths(tmp_path: Path) -> None:
    for suffix, text in ((".input0", "<0> a\n<0> b\n"), (".input1", "<1> c\n"), (".label", "1\n")):
        (tmp_path / f"dev{suffix}").write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match="2 histories, 1 last utterances and 1 labels"):
        load_dataset(tmp_path / "dev", "decode")


def test_dataset_begin_rows() -> None:
    dataset = load_dataset(FIXTURES / "begin" / "begin_dev_test.tsv", "begin")
    full, partial, generic = dataset.conversations
    assert full.clean and generic.clean
    assert [e.type for e in partial.expected] == [FlagType.UNSUPPORTED_CLAIM]
    assert partial.turns[0].role == "user" and partial.turns[0].text == "Is it tall?"
    assert partial.reply == "It is the tallest lighthouse in Europe."
    assert partial.sources[0].id == "S0"
    assert partial.sources[0].text.startswith("The lighthouse was built in 1902")
    assert generic.meta["label"] == "Generic"


def test_dataset_begin_wrong_header(tmp_path: Path) -> None:
    path = tmp_path / "x.tsv"
    path.write_text("a\tb\n", encoding="utf-8")
    with pytest.raises(InputError, match="expected BEGIN's header"):
        load_dataset(path, "begin")
