"""Sentences out of streamed text: complete only once the next one starts, never split at
"Dr." or "4.5", whatever the size of the pieces."""

from __future__ import annotations

import pytest

from kgcheck.proxy.sentences import SentenceBuffer


def _split(text: str, size: int) -> tuple[list[str], str]:
    buffer = SentenceBuffer()
    out: list[str] = []
    for start in range(0, len(text), size):
        out += buffer.feed(text[start : start + size])
    return out, buffer.rest()


@pytest.mark.parametrize(
    ("text", "sentences", "rest"),
    [
        (
            "Dr. Patel works in Cardiology. Her extension is 4412.",
            ["Dr. Patel works in Cardiology. "],
            "Her extension is 4412.",
        ),
        ("Revenue grew 4.5% in 2024. It fell.", ["Revenue grew 4.5% in 2024. "], "It fell."),
        (
            "Ask Mr. J. Smith at 3 p.m. tomorrow! Ok?",
            ["Ask Mr. J. Smith at 3 p.m. tomorrow! "],
            "Ok?",
        ),
        (
            "It was rebuilt in 1988. [S1] Then it burned.",
            ["It was rebuilt in 1988. [S1] "],
            "Then it burned.",
        ),
        ('He said "Stop." Then he left.', ['He said "Stop." '], "Then he left."),
        ("Use e.g. the stairs. Or not.", ["Use e.g. the stairs. "], "Or not."),
        ("Options:\n- one\n- two", ["Options:\n", "- one\n"], "- two"),
        ("No boundary here", [], "No boundary here"),
        ("Ends at the end.", [], "Ends at the end."),
    ],
)
@pytest.mark.parametrize("size", [1, 4, 1000])
def test_sentence_buffer_splits_only_where_a_sentence_ends(
    text: str, sentences: list[str], rest: str, size: int
) -> None:
    assert _split(text, size) == (sentences, rest)


def test_sentence_buffer_lets_out_a_long_run_without_boundaries_at_a_space() -> None:
    buffer = SentenceBuffer(max_pending=20)
    out = buffer.feed("word " * 6)
    assert out == ["word word word word "]
    assert buffer.rest() == "word word "
