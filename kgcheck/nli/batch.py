"""One model pass per turn: the pairs every NLI-using check of a turn asks about, scored together.

A check that uses the model does not call it itself: it returns an :class:`NliRequest` (the
pairs, and what to do with their scores), and the checker scores the requests of all checks of a
turn (``contradicts_prior``, ``logical_inconsistency``, ``contradicts_fact``, grounding) with one
call of ``NliScorer.score``: one forward pass when they fit in ``nli.batch_size``, pairs asked
twice scored once, instead of a pass per check.

Usage::

    requests = [NliRequest([("I own a dog.", "I have no dog.")], answer=print)]
    answers = score_together(scorer, [r.pairs for r in requests])
    for request, scores in zip(requests, answers):
        request.answer(scores)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from kgcheck.nli.scorer import NliScores

__all__ = ["NliRequest", "PairScorer", "score_together"]


class PairScorer(Protocol):
    """What scores pairs: an ``NliScorer`` or a stand-in."""

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[NliScores]: ...


@dataclass(frozen=True, slots=True)
class NliRequest:
    """Pairs a check wants the NLI model to score, and what it does with their scores.

    Attributes:
        pairs: ``(premise, hypothesis)`` pairs.
        answer: called with the scores of ``pairs``, in order, once they are known; not called
            when the model cannot be loaded or run.
    """

    pairs: Sequence[tuple[str, str]]
    answer: Callable[[list[NliScores]], None]


def score_together(
    scorer: PairScorer, questions: Sequence[Sequence[tuple[str, str]]]
) -> list[list[NliScores]]:
    """The scores of each list of pairs in ``questions``, from one ``scorer.score`` call over
    all of them.

    Raises:
        ModelError: the model cannot be loaded or run.
    """
    pairs = [pair for question in questions for pair in question]
    scores = scorer.score(pairs) if pairs else []
    out, start = [], 0
    for question in questions:
        out.append(scores[start : start + len(question)])
        start += len(question)
    return out
