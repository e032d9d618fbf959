"""Tiny BERT models and data files in the formats the NLI loaders read, built on the fly."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

_VOCAB = """
the a my i you she he we is are was not no and to of in on like love hate have has bake bread
cake cat cats dog dogs garden tomatoes grow play piano guitar sister brother lives city village
morning evening every never always red green small big man woman child runs sits park . , ! ? '
"""
#: The tiny models' vocabulary besides the special tokens (lower case: BERT's tokenizer lowers).
WORDS = _VOCAB.split()

#: Label orders of real NLI models on the hub.
DEBERTA_LABELS = {0: "contradiction", 1: "entailment", 2: "neutral"}  # cross-encoder/nli-deberta-v3
ROBERTA_LABELS = {0: "entailment", 1: "neutral", 2: "contradiction"}  # ynie/roberta-*-snli_mnli...


def _bert_config(**extra: Any) -> Any:
    from transformers import BertConfig

    return BertConfig(
        vocab_size=5 + len(WORDS),
        hidden_size=16,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=64,
        **extra,
    )


def _save_tokenizer(root: Path) -> None:
    from transformers import BertTokenizerFast

    root.mkdir(parents=True, exist_ok=True)
    vocab = root.parent / f"{root.name}-vocab.txt"
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *WORDS]) + "\n")
    BertTokenizerFast(vocab_file=str(vocab)).save_pretrained(root)


@pytest.fixture(scope="session")
def make_classifier(
    tmp_path_factory: pytest.TempPathFactory,
) -> Callable[[Mapping[int, str]], Path]:
    """``make_classifier(id2label)``: the directory of a one-layer BERT sequence classifier
    with random weights (seeded) and those labels, built once per label set."""
    built: dict[tuple[tuple[int, str], ...], Path] = {}

    def make(id2label: Mapping[int, str]) -> Path:
        import torch
        from transformers import BertForSequenceClassification

        key = tuple(sorted(id2label.items()))
        if key not in built:
            root = tmp_path_factory.mktemp("tiny-nli")
            _save_tokenizer(root)
            torch.manual_seed(0)
            config = _bert_config(
                num_labels=len(id2label),
                id2label=dict(id2label),
                label2id={v: k for k, v in id2label.items()},
            )
            BertForSequenceClassification(config).eval().save_pretrained(root)
            built[key] = root
        return built[key]

    return make


@pytest.fixture(scope="session")
def tiny_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A one-layer BERT encoder without a classification head, like all-MiniLM-L6-v2."""
    import torch
    from transformers import BertModel

    root = tmp_path_factory.mktemp("tiny-base")
    _save_tokenizer(root)
    torch.manual_seed(0)
    BertModel(_bert_config()).save_pretrained(root)
    return root


# Invented dialogue lines, each at least 25 characters (what copy_pairs can use).
FIRST = [
    "I love to bake bread every morning.",
    "My sister lives in a small village.",
    "We grow red tomatoes in the garden.",
    "I play the piano every evening.",
    "My dog runs in the park every morning.",
    "He has a big green garden in the city.",
    "She never plays the guitar in the evening.",
    "The cats sit on the red piano all day.",
    "I have a brother and a sister in the city.",
    "We always bake a cake for my brother.",
    "The child plays with a small dog in the park.",
    "A woman grows green tomatoes in the village.",
]
SECOND = [
    "I hate bread and I never bake.",
    "My sister lives in the big city.",
    "Our garden has red tomatoes in it.",
    "I have never played the piano.",
    "I have no dog, I like cats.",
    "He lives in a village with no garden.",
    "She loves to play the guitar in the evening.",
    "The cats are not on the piano.",
    "My brother and my sister like the city.",
    "We bake bread for my sister.",
    "The child has a big dog and a cat.",
    "The man grows tomatoes in the city.",
]
DECODE_LABELS = ["1", "0", "0", "1", "1", "1", "1", "1", "0", "0", "0", "0"]

SICK_HEADER = (
    "pair_ID\tsentence_A\tsentence_B\tentailment_label\trelatedness_score\tentailment_AB\t"
    "entailment_BA\tsentence_A_original\tsentence_B_original\tsentence_A_dataset\t"
    "sentence_B_dataset\tSemEval_set"
)
#: pair_ID, A, B, label, AB, BA, set
SICK_ROWS = [
    (
        "1",
        "A man is playing a guitar",
        "A man is playing an instrument",
        "ENTAILMENT",
        "A_entails_B",
        "B_neutral_A",
        "TRAIN",
    ),
    (
        "2",
        "A dog runs in the park",
        "A cat sits in the park",
        "NEUTRAL",
        "A_neutral_B",
        "B_neutral_A",
        "TRAIN",
    ),
    (
        "3",
        "A woman is baking bread",
        "Nobody is baking bread",
        "CONTRADICTION",
        "A_contradicts_B",
        "B_contradicts_A",
        "TRIAL",
    ),
    (
        "4",
        "A child is playing the piano",
        "A child plays the piano",
        "ENTAILMENT",
        "A_entails_B",
        "B_entails_A",
        "TEST",
    ),
    (
        "5",
        "The man is growing tomatoes",
        "The woman is growing tomatoes",
        "NEUTRAL",
        "A_neutral_B",
        "B_neutral_A",
        "TRAIN",
    ),
    (
        "6",
        "Two cats are sitting on a piano",
        "No cat is sitting on a piano",
        "CONTRADICTION",
        "A_contradicts_B",
        "B_contradicts_A",
        "TEST",
    ),
]


def write_decode(prefix: Path, first: list[str], second: list[str], labels: list[str]) -> Path:
    """DECODE's structured split: ``prefix.input0``, ``.input1``, ``.label``, one per line."""
    prefix.parent.mkdir(parents=True, exist_ok=True)
    for suffix, lines in ((".input0", first), (".input1", second), (".label", labels)):
        (prefix.parent / (prefix.name + suffix)).write_text(
            "".join(f"{line}\n" for line in lines), encoding="utf-8"
        )
    return prefix


def write_sick(
    path: Path, rows: list[tuple[str, ...]] = SICK_ROWS, header: str = SICK_HEADER
) -> Path:
    """SICK.txt: tab-separated, one header line."""
    lines = [header]
    for pair_id, a, b, label, ab, ba, semeval in rows:
        lines.append(
            "\t".join([pair_id, a, b, label, "3.5", ab, ba, a, b, "FLICKR", "FLICKR", semeval])
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def write_anli(path: Path, rows: list[dict[str, object]]) -> Path:
    """ANLI's JSONL."""
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def decode_prefix(tmp_path: Path) -> Path:
    return write_decode(tmp_path / "structured" / "train", FIRST, SECOND, DECODE_LABELS)


@pytest.fixture
def sick_file(tmp_path: Path) -> Path:
    return write_sick(tmp_path / "SICK.txt")
