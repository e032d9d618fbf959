"""Labelled conversations: kgcheck's JSONL format and adapters for shared benchmark files.

The JSONL format has one conversation per line; a first line ``{"defaults": {...}}`` may give
the file's ``config`` (relative to the file) and ``now``::

    {"defaults": {"config": "kgcheck.yaml"}}
    {"id": "c1", "turns": [{"role": "user", "text": "Dr. Patel's extension?"}],
     "reply": "Her extension is 4413.", "expected": [{"type": "wrong_attribute", "text": "4413"}]}
    {"id": "c2", "turns": [], "reply": "Priya Raman leads Analytics.", "clean": true}

Usage::

    dataset = load_dataset("kgcheck/examples/acme/labelled.jsonl")
    dataset = load_dataset(".../decode/formatted/unstructured/dev", "decode", limit=300)
"""

from __future__ import annotations

import csv
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from kgcheck.errors import DatasetFormatError, DatasetInvalid, DatasetUnreadable
from kgcheck.types import FlagType

__all__ = [
    "FORMATS",
    "Conversation",
    "Dataset",
    "ExpectedFlag",
    "ExpectedSpan",
    "LabelledSource",
    "LabelledTurn",
    "load_begin",
    "load_dataset",
    "load_decode",
    "load_labelled",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ExpectedSpan(_Strict):
    """Character offsets ``[start, end)`` into the reply."""

    start: int = Field(ge=0)
    end: int

    @model_validator(mode="after")
    def _ordered(self) -> ExpectedSpan:
        if self.end <= self.start:
            raise ValueError(f"end ({self.end}) must be greater than start ({self.start})")
        return self


class ExpectedFlag(_Strict):
    """A flag the reply should get: its type and, optionally, where (a span or a text of the
    reply). Without either, any flag of the type matches."""

    type: FlagType
    span: ExpectedSpan | None = None
    text: str | None = Field(default=None, min_length=1)


class LabelledTurn(_Strict):
    role: Literal["user", "assistant", "system"]
    text: str
    time: datetime | None = None


class LabelledSource(_Strict):
    id: str
    text: str


class Conversation(_Strict):
    """One labelled conversation: the turns so far, the reply to check and what it should get.

    ``clean: true`` says the reply should get no flag; otherwise ``expected`` lists the flags it
    should get. ``about_nonexistent`` marks a question about an entity that does not exist
    (for the false acceptance rate). ``config`` (relative to the file) overrides the file's.
    """

    id: str = ""
    turns: list[LabelledTurn] = Field(default_factory=list)
    reply: str
    sources: list[LabelledSource] = Field(default_factory=list)
    expected: list[ExpectedFlag] = Field(default_factory=list)
    clean: bool = False
    about_nonexistent: bool = False
    config: Path | None = None
    now: datetime | None = None
    meta: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _labelled(self) -> Conversation:
        if self.clean and self.expected:
            raise ValueError("a conversation marked clean cannot expect flags")
        if not self.clean and not self.expected:
            raise ValueError('give the expected flags, or "clean": true')
        folded = self.reply.casefold()
        for n, flag in enumerate(self.expected):
            if flag.span is not None and flag.span.end > len(self.reply):
                raise ValueError(
                    f"expected.{n}.span: ends at {flag.span.end}, past the reply "
                    f"({len(self.reply)} characters)"
                )
            if flag.text is not None and flag.text.casefold() not in folded:
                raise ValueError(f"expected.{n}.text: {flag.text!r} is not in the reply")
        return self

    @property
    def hallucinated(self) -> bool:
        return bool(self.expected)


class _Defaults(_Strict):
    config: Path | None = None
    now: datetime | None = None


@dataclass(frozen=True)
class Dataset:
    """Conversations read from ``path``; ``config`` is the file's default configuration."""

    path: Path
    format: str
    conversations: list[Conversation]
    config: Path | None = None


def _problems(exc: ValidationError) -> str:
    problems = []
    for e in exc.errors():
        message = e["msg"].removeprefix("Value error, ")
        # whole-conversation checks name their field in the message
        problems.append(f"{'.'.join(map(str, e['loc']))}: {message}" if e["loc"] else message)
    return "; ".join(problems)


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise DatasetUnreadable(f"{path}: cannot read ({exc.strerror})") from exc


def _beside(path: Path, relative: Path) -> Path:
    """``relative`` read from the directory of ``path`` (``..`` folded, links not followed)."""
    return Path(os.path.normpath(path.parent / relative))


def load_labelled(path: Path) -> Dataset:
    """Read kgcheck's labelled-conversation JSONL.

    Raises:
        InputError: the file cannot be read, a line is not JSON, or a conversation is invalid
            (the message names the line and the field).
    """
    defaults = _Defaults()
    conversations: list[Conversation] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(_read_lines(path), start=1):
        if not line.strip():
            continue
        where = f"{path}: line {number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DatasetInvalid(f"{where}: not JSON ({exc.msg})") from exc
        if not isinstance(data, dict):
            raise DatasetInvalid(f"{where}: expected a JSON object")
        try:
            if "defaults" in data:
                if conversations or set(data) != {"defaults"}:
                    raise DatasetInvalid(
                        f'{where}: {{"defaults": ...}} must be a line of its own, before the '
                        "conversations"
                    )
                defaults = _Defaults.model_validate(data["defaults"])
                continue
            conversation = Conversation.model_validate(data)
        except ValidationError as exc:
            raise DatasetInvalid(f"{where}: {_problems(exc)}") from exc
        update: dict[str, Any] = {"id": conversation.id or f"line {number}"}
        if conversation.config is not None:
            update["config"] = _beside(path, conversation.config)
        if conversation.now is None:
            update["now"] = defaults.now
        conversation = conversation.model_copy(update=update)
        if conversation.id in seen:
            raise DatasetInvalid(
                f"{where}: id {conversation.id!r} is already used on line {seen[conversation.id]}"
            )
        seen[conversation.id] = number
        conversations.append(conversation)
    config = None if defaults.config is None else _beside(path, defaults.config)
    return Dataset(path, "kgcheck", conversations, config)


_SPEAKER = re.compile(r"<([01])>")


def _speakers(text: str) -> list[tuple[str, str]]:
    parts = _SPEAKER.split(text)
    return [(parts[i], parts[i + 1].strip()) for i in range(1, len(parts) - 1, 2)]


def load_decode(path: Path) -> Dataset:
    """Read DECODE's unstructured split (``dev.input0``, ``dev.input1``, ``dev.label``; give the
    prefix ``.../dev`` or any of the three). The speaker of the last utterance is the assistant;
    label 1 (it contradicts the speaker's earlier turns) expects a ``contradicts_prior`` flag.

    Raises:
        InputError: a file is missing, the files differ in length, or a line is malformed.
    """
    stem = path.with_suffix("") if path.suffix in {".input0", ".input1", ".label"} else path
    histories, lasts, labels = (
        _read_lines(stem.with_name(stem.name + suffix))
        for suffix in (".input0", ".input1", ".label")
    )
    if not len(histories) == len(lasts) == len(labels):
        raise DatasetFormatError(
            f"{stem}.*: {len(histories)} histories, {len(lasts)} last utterances and "
            f"{len(labels)} labels"
        )
    conversations = []
    for n, (history, last, label) in enumerate(zip(histories, lasts, labels, strict=True), 1):
        final = _speakers(last)
        if len(final) != 1 or label.strip() not in {"0", "1"}:
            raise DatasetFormatError(
                f"{stem}.*: line {n}: expected one '<0>'/'<1>' utterance and a label 0 or 1"
            )
        speaker, reply = final[0]
        conversations.append(
            Conversation(
                id=f"decode-{n}",
                turns=[
                    LabelledTurn(role="assistant" if who == speaker else "user", text=text)
                    for who, text in _speakers(history)
                ],
                reply=reply,
                expected=(
                    [ExpectedFlag(type=FlagType.CONTRADICTS_PRIOR)] if label.strip() == "1" else []
                ),
                clean=label.strip() == "0",
                meta={"label": int(label)},
            )
        )
    return Dataset(stem, "decode", conversations)


_BEGIN_COLUMNS = ["model_name", "data_source", "knowledge", "message", "response", "begin_label"]
_BEGIN_LABELS = {"Fully attributable", "Not fully attributable", "Generic"}


def load_begin(path: Path) -> Dataset:
    """Read a BEGIN TSV: the knowledge snippet becomes source ``S0``, the previous message a
    user turn, the response the reply. "Not fully attributable" expects an
    ``unsupported_claim`` flag; "Fully attributable" and "Generic" replies are clean.

    Raises:
        InputError: the file cannot be read, or its header or a row is not BEGIN's.
    """
    lines = _read_lines(path)
    rows = list(csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))
    if not rows or rows[0] != _BEGIN_COLUMNS:
        raise DatasetFormatError(f"{path}: expected BEGIN's header ({' '.join(_BEGIN_COLUMNS)})")
    conversations = []
    for n, row in enumerate(rows[1:], start=2):
        if len(row) != len(_BEGIN_COLUMNS) or row[5] not in _BEGIN_LABELS:
            raise DatasetFormatError(
                f"{path}: line {n}: expected 6 tab-separated columns ending in one of "
                f"{', '.join(sorted(_BEGIN_LABELS))}"
            )
        model, source, knowledge, message, response, label = row
        unsupported = label == "Not fully attributable"
        conversations.append(
            Conversation(
                id=f"begin-{n}",
                turns=[LabelledTurn(role="user", text=message)],
                reply=response,
                sources=[LabelledSource(id="S0", text=knowledge)],
                expected=[ExpectedFlag(type=FlagType.UNSUPPORTED_CLAIM)] if unsupported else [],
                clean=not unsupported,
                meta={"model": model, "data_source": source, "label": label},
            )
        )
    return Dataset(path, "begin", conversations)


#: Dataset formats by name: a reader from a path.
FORMATS: dict[str, Callable[[Path], Dataset]] = {
    "kgcheck": load_labelled,
    "decode": load_decode,
    "begin": load_begin,
}


def load_dataset(path: str | Path, format: str = "kgcheck", *, limit: int | None = None) -> Dataset:
    """Read labelled conversations in ``format`` (``kgcheck``, ``decode`` or ``begin``),
    keeping the first ``limit`` when given.

    Raises:
        InputError: the format is unknown or the data cannot be read.
    """
    reader = FORMATS.get(format)
    if reader is None:
        raise DatasetFormatError(f"unknown format {format!r}; expected one of {', '.join(FORMATS)}")
    dataset = reader(Path(path))
    if limit is not None:
        dataset = replace(dataset, conversations=dataset.conversations[:limit])
    return dataset
