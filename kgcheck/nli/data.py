"""Sentence pairs for training and measuring NLI models: DECODE's structured split, SICK and
ANLI, read from the files as distributed (nothing of them is copied into this package).

Labels are ``entailment``, ``neutral`` or ``contradiction``. DECODE is binary: its label 1
(the second utterance contradicts the first) is ``contradiction``, 0 is ``neutral``.

Usage::

    pairs = load_decode_pairs(Path(".../decode/formatted/structured/train"))
    train = load_sick_pairs(Path(".../sick/SICK.txt"), sets=("TRAIN", "TRIAL"))
    held_back = load_sick_pairs(Path(".../sick/SICK.txt"), sets=("TEST",))
"""

from __future__ import annotations

import csv
import json
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from kgcheck.errors import DatasetFormatError, InputError

__all__ = [
    "LABELS",
    "NliPair",
    "copy_pairs",
    "load_anli_pairs",
    "load_decode_pairs",
    "load_sick_pairs",
]

#: The three NLI labels, in the order ``NliScorer.score`` returns their probabilities.
LABELS = ("entailment", "neutral", "contradiction")


@dataclass(frozen=True, slots=True)
class NliPair:
    """A premise, a hypothesis and the label of the hypothesis given the premise."""

    premise: str
    hypothesis: str
    label: str
    origin: str = ""


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise DatasetFormatError(f"{path}: cannot read ({exc.strerror})") from exc


def _stem(path: Path, suffixes: Iterable[str]) -> Path:
    return path.with_suffix("") if path.suffix in set(suffixes) else path


def load_decode_pairs(path: Path) -> list[NliPair]:
    """DECODE's structured split: ``{path}.input0`` (earlier utterance), ``.input1`` (later
    utterance) and ``.label``; give the prefix (``.../structured/train``) or any of the three.

    Raises:
        InputError: a file is missing, the files differ in length, or a label is not 0 or 1.
    """
    stem = _stem(path, (".input0", ".input1", ".label"))
    first, second, labels = (
        _read_lines(stem.with_name(stem.name + suffix))
        for suffix in (".input0", ".input1", ".label")
    )
    if not len(first) == len(second) == len(labels):
        raise DatasetFormatError(
            f"{stem}.*: {len(first)} first utterances, {len(second)} second utterances and "
            f"{len(labels)} labels"
        )
    pairs = []
    for n, (a, b, label) in enumerate(zip(first, second, labels, strict=True), start=1):
        if label.strip() not in {"0", "1"}:
            raise DatasetFormatError(f"{stem}.label: line {n}: expected 0 or 1")
        name = "contradiction" if label.strip() == "1" else "neutral"
        pairs.append(NliPair(a.strip(), b.strip(), name, f"decode:{n}"))
    return pairs


_SICK_LABELS = {"ENTAILMENT": "entailment", "NEUTRAL": "neutral", "CONTRADICTION": "contradiction"}
_SICK_DIRECTED = {"entails": "entailment", "neutral": "neutral", "contradicts": "contradiction"}


def load_sick_pairs(
    path: Path, *, sets: Sequence[str] = ("TRAIN", "TRIAL"), both_directions: bool = False
) -> list[NliPair]:
    """SICK (``SICK.txt``, tab-separated) restricted to its SemEval ``sets`` (``TRAIN``,
    ``TRIAL``, ``TEST``). With ``both_directions`` each pair also gives B-to-A, labelled by
    its ``entailment_BA`` column.

    Raises:
        InputError: the file cannot be read or is not SICK's format.
    """
    lines = _read_lines(path)
    rows = list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))
    needed = {"pair_ID", "sentence_A", "sentence_B", "entailment_label", "entailment_BA"}
    if not rows or not needed <= set(rows[0]):
        raise InputError(f"{path}: expected SICK's columns ({', '.join(sorted(needed))})")
    wanted = {s.upper() for s in sets}
    pairs = []
    for row in rows:
        if row.get("SemEval_set", "").upper() not in wanted:
            continue
        label = _SICK_LABELS.get(row["entailment_label"])
        if label is None:
            raise DatasetFormatError(f"{path}: pair {row['pair_ID']}: unknown label")
        a, b = row["sentence_A"].strip(), row["sentence_B"].strip()
        pairs.append(NliPair(a, b, label, f"sick:{row['pair_ID']}"))
        if both_directions:
            directed = re.sub(r"^B_|_A$", "", row["entailment_BA"])
            if directed in _SICK_DIRECTED:
                pairs.append(NliPair(b, a, _SICK_DIRECTED[directed], f"sick:{row['pair_ID']}:BA"))
    return pairs


_ANLI_LABELS = {"e": "entailment", "n": "neutral", "c": "contradiction"}


def load_anli_pairs(path: Path) -> list[NliPair]:
    """ANLI's JSONL (``context``, ``hypothesis``, ``label`` e/n/c).

    Raises:
        InputError: the file cannot be read or a line is malformed.
    """
    pairs = []
    for n, line in enumerate(_read_lines(path), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            pairs.append(
                NliPair(row["context"], row["hypothesis"], _ANLI_LABELS[row["label"]], row["uid"])
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise DatasetFormatError(
                f"{path}: line {n}: expected ANLI's context, hypothesis, label, uid ({exc})"
            ) from exc
    return pairs


def copy_pairs(utterances: Sequence[str], count: int, *, seed: int = 13) -> list[NliPair]:
    """Pairs for "is this said by the passage": a passage of 3-6 utterances and one of them
    (or a stretch of at least 60 % of its words) is ``entailment``; the same passage and an
    utterance it does not hold is ``neutral``. ``count`` pairs, half of each.

    These teach the model that a reply copied or extracted from a source is supported by it,
    which DECODE and SICK say little about (single-sentence premises).
    """
    rng = random.Random(seed)
    usable = [u.strip() for u in utterances if len(u.strip()) >= 25]
    if len(set(usable)) < 10:  # distinct: a passage must leave some utterance out
        return []
    pairs = []
    for n in range(count):
        passage = rng.sample(usable, rng.randint(3, 6))
        if n % 2 == 0:
            words = rng.choice(passage).split()
            size = max(1, round(len(words) * rng.uniform(0.6, 1.0)))
            start = rng.randint(0, len(words) - size)
            hypothesis, label = " ".join(words[start : start + size]), "entailment"
        else:
            hypothesis = rng.choice(usable)
            while hypothesis in passage:
                hypothesis = rng.choice(usable)
            label = "neutral"
        pairs.append(NliPair(" ".join(passage), hypothesis, label, f"copy:{n}"))
    return pairs
