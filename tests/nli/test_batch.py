"""One model pass per turn: the pairs of every NLI-using check scored together."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from kgcheck import Checker, DialogueState, FlagType
from kgcheck.detectors.base import DetectionContext, ModelDetector
from kgcheck.nli.batch import NliRequest, score_together
from kgcheck.nli.scorer import NliScores
from kgcheck.types import Flag
from tests.conftest import NOW
from tests.nli.rule_scorer import RuleScorer, judge

HISTORY = [("user", "I have never owned a dog."), ("assistant", "Cats are easier anyway.")]
REPLY = (
    "You have owned a dog for years. I have never visited the old museum. "
    "I have visited the old museum twice [S0]."
)
SOURCES = [{"id": "S0", "text": "The old museum was visited twice last year."}]


class CountingScorer(RuleScorer):
    """``RuleScorer`` that counts the calls of ``score`` and the model passes (``_run``)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[int] = []
        self.passes = 0

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[NliScores]:
        self.asked.append(len(pairs))
        return super().score(pairs)

    def _run(self, pairs: list[tuple[str, str]]) -> list[NliScores]:
        self.passes += 1
        return super()._run(pairs)


def test_score_together_one_call_split_back_in_order() -> None:
    scorer = CountingScorer()
    a, b, c = ("I own a dog.", "I own no dog."), ("I own a dog.", "I own a dog."), ("x y", "z")
    answers = score_together(scorer, [[a, b], [], [c, a]])
    assert scorer.asked == [4] and scorer.passes == 1  # a asked twice, scored once
    assert answers == [[judge(*a), judge(*b)], [], [judge(*c), judge(*a)]]


def test_score_together_asks_nothing_without_pairs() -> None:
    scorer = CountingScorer()
    assert score_together(scorer, [[], []]) == [[], []]
    assert scorer.asked == []


def test_checker_one_model_pass_serves_every_check_of_a_turn(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    checker = acme_checker
    scorer = CountingScorer()
    monkeypatch.setattr(checker, "nli", scorer)
    asked: dict[str, int] = {}
    for detector in checker.detectors:
        if isinstance(detector, ModelDetector):

            def ask(
                ctx: DetectionContext, name: str = detector.name, step: object = detector.ask
            ) -> tuple[list[Flag], NliRequest | None]:
                flags, request = step(ctx)  # type: ignore[operator]
                asked[name] = len(request.pairs) if request is not None else 0
                return flags, request

            monkeypatch.setattr(detector, "ask", ask)
    state = DialogueState(session_id="batch", now=NOW)
    for role, text in HISTORY:
        state.add_turn(role, text)
    report = checker.check_turn(REPLY, state, sources=SOURCES, record=False)
    assert asked["contradicts_prior"] > 0 and asked["logical_inconsistency"] > 0
    assert report.grounding is not None and report.grounding.claims
    # the detectors' pairs and grounding's, in one call and one forward pass
    assert len(scorer.asked) == 1 and scorer.asked[0] > sum(asked.values())
    assert scorer.passes == 1
    assert "nli" in report.timings
    types = {f.type for f in report.flags}
    assert {FlagType.CONTRADICTS_PRIOR, FlagType.LOGICAL_INCONSISTENCY} <= types


def test_model_detector_detect_alone_asks_the_model_itself(acme_checker: Checker) -> None:
    checker = acme_checker
    scorer = CountingScorer()
    detector = next(d for d in checker.detectors if d.name == "logical_inconsistency")
    assert isinstance(detector, ModelDetector)
    ctx = DetectionContext(
        analysis=checker.analyzer.analyse(
            "I have never visited the old museum. I have visited the old museum twice."
        ),
        kb=checker.kb,
        state=DialogueState(),
        now=None,
        nli=scorer,
    )
    (flag,) = detector.detect(ctx)
    assert flag.type == FlagType.LOGICAL_INCONSISTENCY and flag.by_model
    assert scorer.asked == [1] and scorer.passes == 1
