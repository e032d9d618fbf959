"""A corrected sentence, checked again, borrows the parse of the sentence it corrects when only
a value of the same kind changed; its analysis is the one a fresh parse gives."""

from __future__ import annotations

import pytest

from kgcheck import Checker
from kgcheck.nlp.parses import ParseMemory

REPLY = (
    "Dr. Amira Patel works in Cardiology. Her extension is 4413. Dr. Helen Brooks leads Oncology."
)


@pytest.fixture
def parsed(acme_checker: Checker) -> Checker:
    if acme_checker.analyzer.pipeline_name.startswith("blank"):
        pytest.skip("the blank pipeline parses nothing to lend")
    return acme_checker


def _parse(doc: object) -> list[tuple[str, str, str, int, str]]:
    return [(t.text, t.tag_, t.dep_, t.head.i, t.lemma_) for t in doc]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "sentence", ["Her extension is 4412.", "Dr. Hiroshi Tanaka leads Oncology."]
)
def test_a_value_of_the_same_kind_borrows_the_parse_a_fresh_parse_gives(
    parsed: Checker, sentence: str
) -> None:
    analyzer = parsed.analyzer
    memory = ParseMemory()
    memory.remember(analyzer.nlp(REPLY))
    lent = memory.lend(analyzer.nlp.make_doc(sentence))
    assert lent is not None
    assert _parse(lent) == _parse(analyzer.nlp(sentence))


@pytest.mark.parametrize(
    ("said", "again"),
    [
        ("The class lasts 90 minutes.", "The class lasts 2 hours."),  # two runs
        ("The class lasts 90 minutes.", "The class lasts 90 hours."),  # an inflected word
        ("Dr. Patel works in Cardiology.", "Dr. Patel works in the Cardiology unit."),  # longer
        ("Dr. Patel works in Cardiology.", "Dr. Patel works on Cardiology."),  # not a value
    ],
)
def test_other_changes_are_parsed_again(parsed: Checker, said: str, again: str) -> None:
    memory = ParseMemory()
    memory.remember(parsed.analyzer.nlp(said))
    assert memory.lend(parsed.analyzer.nlp.make_doc(again)) is None


def test_a_reanalysis_with_a_borrowed_parse_reads_what_a_fresh_one_reads(
    parsed: Checker,
) -> None:
    analyzer = parsed.analyzer
    analyzer.analyse(REPLY)  # remembered
    for sentence in ("Her extension is 4412.", "Dr. Hiroshi Tanaka leads Oncology."):
        borrowed = analyzer.analyse(sentence, reuse=True)
        fresh = analyzer.analyse(sentence)
        assert borrowed.claims == fresh.claims
        assert borrowed.mentions == fresh.mentions
        assert borrowed.quantities == fresh.quantities
        assert borrowed.segments == fresh.segments


def test_the_memory_keeps_only_the_latest_sentences(parsed: Checker) -> None:
    nlp = parsed.analyzer.nlp
    memory = ParseMemory(size=2)
    for n in (1, 2, 3):
        memory.remember(nlp(f"Room {n} is free."))
    assert memory.lend(nlp.make_doc("Room 9 is free.")) is not None  # from "Room 3"
    memory = ParseMemory(size=1)
    memory.remember(nlp("The class lasts 90 minutes."))
    memory.remember(nlp("Room 3 is free."))
    assert memory.lend(nlp.make_doc("The class lasts 45 minutes.")) is None
