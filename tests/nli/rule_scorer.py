"""A stand-in NLI model with transparent rules, for testing how kgcheck uses NLI scores.

Entailment when (almost) every content word of the hypothesis is in the premise; contradiction
when most are and exactly one side is negated; neutral otherwise. Pronouns are content words:
"I" and "you" are different people.
"""

from __future__ import annotations

import re

from kgcheck.nli.scorer import NliScorer, NliScores

NEGATIONS = {"not", "never", "no", "don't", "doesn't", "isn't", "false"}
STOPWORDS = {
    "a", "an", "the", "is", "are", "am", "was", "have", "has", "had", "for", "of", "in",
    "to", "and", "it", "that", "been", "do", "does", "on", "at", "s",
}  # fmt: skip
ENTAILED = NliScores(0.9, 0.08, 0.02)
CONTRADICTED = NliScores(0.03, 0.07, 0.9)
NEUTRAL = NliScores(0.1, 0.8, 0.1)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9'-]+", text.lower().replace("[redacted]", ""))


def judge(premise: str, hypothesis: str) -> NliScores:
    p, h = _words(premise), _words(hypothesis)
    content_p = {w for w in p if w not in NEGATIONS | STOPWORDS}
    content_h = {w for w in h if w not in NEGATIONS | STOPWORDS}
    if not content_h:
        return NEUTRAL
    share = len(content_h & content_p) / len(content_h)
    negated_p = any(w in NEGATIONS for w in p)
    negated_h = any(w in NEGATIONS for w in h)
    if share >= 0.6 and negated_p != negated_h:
        return CONTRADICTED
    if share >= 0.8 and negated_p == negated_h:
        return ENTAILED
    return NEUTRAL


class RuleScorer(NliScorer):
    """``NliScorer`` whose model is ``judge``; ``calls`` counts the pairs it judged."""

    def __init__(self) -> None:
        super().__init__("rules")
        self.calls = 0

    def _run(self, pairs: list[tuple[str, str]]) -> list[NliScores]:
        self.calls += len(pairs)
        return [judge(p, h) for p, h in pairs]
