"""The runner: matching flags to labels, per-reply outcomes, and the measures over a dataset."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kgcheck.errors import ConfigError
from kgcheck.evaluation.dataset import (
    Conversation,
    Dataset,
    ExpectedFlag,
    ExpectedSpan,
    load_dataset,
)
from kgcheck.evaluation.runner import DEFAULT_CONFIG, ConversationResult, evaluate, match_flags
from kgcheck.metrics import ConfusionMatrix
from kgcheck.types import Flag, FlagType, Span
from tests.conftest import ACME_DIR, FIXTURES

WA, CF = FlagType.WRONG_ATTRIBUTE, FlagType.CONTRADICTS_FACT
REPLY = "Dr. Patel works in Cardiology and her extension is 4413."


def flag(
    flag_type: FlagType = WA,
    span: tuple[int, int] = (34, 55),
    content: str = "4413",
    confidence: float = 0.9,
    claim: int | None = 0,
) -> Flag:
    return Flag(
        type=flag_type,
        span=Span(*span),
        content=content,
        message="m",
        detector="d",
        confidence=confidence,
        claim_index=claim,
    )


def expect(
    flag_type: FlagType = WA, span: tuple[int, int] | None = None, text: str | None = None
) -> ExpectedFlag:
    where = None if span is None else ExpectedSpan(start=span[0], end=span[1])
    return ExpectedFlag(type=flag_type, span=where, text=text)


@pytest.mark.parametrize(
    ("expected", "matched"),
    [
        (expect(), True),  # no span or text: any flag of the type
        (expect(CF), False),  # another type
        (expect(span=(51, 55)), True),  # span overlap
        (expect(span=(19, 29)), False),  # "Cardiology": outside the flag's span
        (expect(text="4413"), True),  # text in the flag's span
        (expect(text="her extension"), True),
        (expect(text="Cardiology"), False),
    ],
)
def test_match_flags_by_type_span_and_text(expected: ExpectedFlag, matched: bool) -> None:
    assert match_flags([expected], [flag()], REPLY) == ({0: 0} if matched else {})


def test_match_flags_text_contained_in_the_flag_content() -> None:
    # the flag's span is elsewhere, but its content names the expected text
    flagged = flag(span=(0, 9), content="the extension 4413")
    assert match_flags([expect(text="4413")], [flagged], REPLY) == {0: 0}


def test_match_flags_is_one_to_one_and_maximal() -> None:
    # greedy would give the first (unconstrained) expectation the only flag the second fits
    flags = [flag(span=(51, 55)), flag(span=(0, 9), content="Dr. Patel")]
    expected = [expect(), expect(span=(51, 55))]
    assert match_flags(expected, flags, REPLY) == {0: 1, 1: 0}
    assert match_flags([expect(), expect()], [flag()], REPLY) == {0: 0}


def _result(flags: list[Flag], expected: list[ExpectedFlag], claims: int = 2) -> ConversationResult:
    conv = Conversation(id="c", reply=REPLY, expected=expected, clean=not expected)
    predicted = [i for i, f in enumerate(flags) if f.confidence >= 0.5]
    found = match_flags(expected, [flags[i] for i in predicted], REPLY)
    return ConversationResult(
        conversation=conv,
        flags=flags,
        threshold=0.5,
        matches={e: predicted[p] for e, p in found.items()},
        decision="revise",
        seconds=0.001,
        claims=claims,
    )


def test_conversation_result_outcomes() -> None:
    low = flag(confidence=0.3)
    alarm = flag(CF, span=(0, 9), content="Dr. Patel", confidence=0.8, claim=None)
    result = _result([flag(), low, alarm], [expect(), expect(CF, text="Cardiology")])
    assert result.predicted == [0, 2]
    assert [result.outcome(i) for i in range(3)] == ["tp", "below threshold", "fp"]
    assert result.missed == [1]
    assert result.verdict == "tp"
    # claim 0 flagged, one more for the flag on no claim; claim 1 supported
    assert result.claim_verdicts() == [True, False, False]
    assert result.hallucination_probability == pytest.approx(1 - 0.1 * 0.7 * 0.2)


@pytest.mark.parametrize(
    ("flags", "expected", "verdict"),
    [
        ([], [], "tn"),
        ([flag()], [], "fp"),
        ([flag(confidence=0.2)], [expect()], "fn"),
    ],
)
def test_conversation_result_verdict(
    flags: list[Flag], expected: list[ExpectedFlag], verdict: str
) -> None:
    assert _result(flags, expected).verdict == verdict


def test_evaluate_small_fixture_numbers() -> None:
    # labelled_small.jsonl mislabels two replies on purpose, so every count is exercised
    result = evaluate(load_dataset(FIXTURES / "labelled_small.jsonl"), target=0.2)
    assert [r.verdict for r in result.results] == ["tn", "tp", "tp", "fn", "fp", "tp", "tn"]
    assert result.responses() == ConfusionMatrix(tp=3, fp=1, fn=1, tn=2)
    assert result.by_type() == {
        WA: ConfusionMatrix(tp=1, fp=1, fn=2),
        CF: ConfusionMatrix(tp=1, fp=1, fn=0),
    }
    assert result.flags() == ConfusionMatrix(tp=2, fp=2, fn=2)
    rate = result.hallucination_rate()
    assert rate.residual == pytest.approx(1 / 7)
    assert rate.labelled == pytest.approx(4 / 7)
    assert rate.met is True
    profile = result.profile()
    assert profile.kappa == pytest.approx(10 / 24)
    assert profile.micro_hallucination_rate == pytest.approx(4 / 6)
    assert profile.false_acceptance_rate == 0.0
    assert result.configs == [str(ACME_DIR / "kgcheck.yaml")]
    assert set(result.timing_ms()) == {"mean", "p50", "p90", "p95", "p99", "max"}


def test_evaluate_threshold_decides_what_counts_as_flagged() -> None:
    dataset = load_dataset(FIXTURES / "labelled_small.jsonl")
    result = evaluate(dataset, threshold=0.99)
    # wrong_attribute flags score 0.88 here: under the threshold they are not predictions
    assert result.results[1].verdict == "fn"
    assert result.results[1].outcome(0) == "below threshold"
    assert {r.threshold for r in result.results} == {0.99}


def _config(tmp_path: Path, name: str, threshold: float) -> Path:
    raw = yaml.safe_load((ACME_DIR / "kgcheck.yaml").read_text(encoding="utf-8"))
    raw["knowledge_base"]["sources"] = [str(ACME_DIR / s) for s in raw["knowledge_base"]["sources"]]
    raw["mitigation"]["flag_threshold"] = threshold
    path = tmp_path / name
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    return path


def test_evaluate_configuration_precedence(tmp_path: Path) -> None:
    own = _config(tmp_path, "own.yaml", 0.6)
    given = _config(tmp_path, "given.yaml", 0.7)
    conversations = [
        Conversation(id="own", reply="Hi.", clean=True, config=own),
        Conversation(id="given", reply="Hi.", clean=True),
    ]
    dataset = Dataset(tmp_path / "x.jsonl", "kgcheck", conversations, config=ACME_DIR / "none.yaml")
    result = evaluate(dataset, config=given)
    assert [r.threshold for r in result.results] == [0.6, 0.7]
    assert result.configs == [str(own), str(given)]


def test_evaluate_without_configuration_uses_defaults() -> None:
    result = evaluate(load_dataset(FIXTURES / "decode" / "dev", "decode"))
    assert result.configs == [DEFAULT_CONFIG]
    assert len(result.results) == 2


def test_evaluate_missing_configuration_is_an_error(tmp_path: Path) -> None:
    dataset = Dataset(tmp_path, "kgcheck", [Conversation(id="a", reply="x", clean=True)])
    with pytest.raises(ConfigError, match="cannot read the configuration"):
        evaluate(dataset, config=tmp_path / "missing.yaml")


def test_evaluate_reports_each_result_as_it_goes() -> None:
    seen: list[str] = []
    evaluate(
        load_dataset(FIXTURES / "labelled_small.jsonl", limit=3),
        on_result=lambda r: seen.append(r.conversation.id),
    )
    assert seen == ["tn-true-fact", "tp-wrong-extension", "tp-negated-fact"]
