"""What the detectors share to use an NLI model: the reply's sentences, scoring pairs without
failing the check when no model can be loaded, model evidence, and folding a model's finding
into the flag a symbolic check already raised on the same sentence."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kgcheck.errors import ModelError
from kgcheck.nli.scorer import NliScores
from kgcheck.nlp.analysis import Claim, Segment, TurnAnalysis
from kgcheck.types import Evidence, Flag

if TYPE_CHECKING:
    from kgcheck.detectors.base import DetectionContext

__all__ = [
    "claim_in",
    "contradicts",
    "fold_into",
    "model_evidence",
    "nli_scores",
    "statements",
]

_CITATION = re.compile(r"\s*\[[^\[\]]{1,40}\]")


def statements(analysis: TurnAnalysis, limit: int | None = None) -> list[Segment]:
    """The reply's sentences worth comparing: not questions, at least three words."""
    out = []
    for segment in analysis.segments:
        text = _CITATION.sub("", segment.text).strip()
        if text.endswith("?") or len(text.split()) < 3:
            continue
        out.append(segment)
        if limit is not None and len(out) >= limit:
            break
    return out


def nli_scores(ctx: DetectionContext, pairs: Sequence[tuple[str, str]]) -> list[NliScores] | None:
    """The model's scores for ``pairs``, or ``None`` (with a note for the report's ``skipped``)
    when NLI is off or the model cannot be loaded."""
    if ctx.nli is None or not pairs:
        return None
    try:
        return ctx.nli.score(pairs)
    except ModelError as exc:
        note = f"nli: model checks skipped ({exc.message})"
        if note not in ctx.notes:
            ctx.notes.append(note)
        return None


def contradicts(scores: NliScores, threshold: float) -> bool:
    return scores.contradiction >= threshold and scores.contradiction > scores.entailment


def model_evidence(where: str, premise: str, scores: NliScores) -> Evidence:
    """Evidence of a model's judgement of the reply against ``premise`` (found ``where``)."""
    return Evidence(
        "model",
        f'NLI: contradicts {where} "{premise}" (P(contradiction) {scores.contradiction:.2f}, '
        f"P(entailment) {scores.entailment:.2f})",
        scores=tuple(scores._asdict().items()),
    )


def claim_in(analysis: TurnAnalysis, segment: Segment) -> Claim | None:
    """The first claim of ``segment``, so that flags on the same claim merge when scored."""
    return next((c for c in analysis.claims if c.segment == segment.index), None)


def fold_into(flags: list[Flag], segment: Segment, evidence: Evidence) -> bool:
    """Add ``evidence`` to a flag already raised on ``segment``; whether there was one."""
    for flag in flags:
        if flag.span.overlaps(segment.span):
            if evidence not in flag.evidence:
                flag.evidence.append(evidence)
            return True
    return False
