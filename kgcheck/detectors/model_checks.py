"""What the detectors share to use an NLI model: the reply's sentences, pairs not worth asking
about, scoring pairs without failing the check when no model can be loaded, model evidence, and
folding a model's finding into the flag a symbolic check already raised on the same sentence."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from rdflib import URIRef

from kgcheck.errors import ModelError
from kgcheck.failures import NLI_FAILED
from kgcheck.nli.scorer import NliScores, contradicts
from kgcheck.nlp.analysis import Claim, Segment, TurnAnalysis
from kgcheck.nlp.content import CITATION, content_words, denies
from kgcheck.nlp.speech_acts import (
    FORMULA,
    FRAGMENT,
    MIXED,
    QUESTION,
    REPORT,
    REQUEST,
    STATEMENT,
    mood_of_text,
)
from kgcheck.nlp.vocabulary import is_question
from kgcheck.numeric_claims import UNCHECKED, UNSUPPORTED
from kgcheck.types import Evidence, Flag

if TYPE_CHECKING:
    from kgcheck.detectors.base import DetectionContext, Detector

__all__ = [
    "add_finding",
    "claim_in",
    "first_contradictions",
    "flagged",
    "fold_into",
    "kb_decided",
    "model_evidence",
    "model_failed",
    "nli_scores",
    "premise_states",
    "restates",
    "statements",
    "states_value",
    "worth_asking",
]

_T = TypeVar("_T")
#: What a sentence does when it states nothing the model could compare.
_NOT_STATED = frozenset([QUESTION, REQUEST, FORMULA, REPORT])


def restates(premise: str, hypothesis: str) -> bool:
    """Whether one of the two only says again (part of) what the other says: every content word
    of one is in the other ("Your dinner is at 7 pm on the 1st." after "It is at 7pm on the
    1st.", or the other way round), and both or neither are negated. A model is not asked about
    such pairs: saying the same thing again, or more about it, is no contradiction."""
    if denies(premise) != denies(hypothesis):
        return False
    p, h = content_words(premise), content_words(hypothesis)
    return bool(p and h) and (h <= p or p <= h)


def states_value(sentence: str, fact: str, value: str) -> bool:
    """Whether ``sentence``, which names the subject of ``fact``, also states its ``value`` (the
    object's label: "Cafe Venetia is on 269 Alger Dr" of "The address of Cafe Venetia is 269
    Alger Dr."), and both or neither are negated: it says what the fact says, in its own words
    for the property, so the model is not asked whether it contradicts it."""
    words = content_words(value)
    return bool(words) and words <= content_words(sentence) and denies(sentence) == denies(fact)


def statements(analysis: TurnAnalysis, limit: int | None = None) -> list[Segment]:
    """The reply's sentences worth comparing: statements (not questions, requests, courtesy
    formulas or reports of what the speaker does: ``kgcheck.nlp.speech_acts``) of at least
    three words."""
    out = []
    for segment in analysis.segments:
        text = CITATION.sub("", segment.text).strip()
        if segment.mood in _NOT_STATED or is_question(text) or len(text.split()) < 3:
            continue
        out.append(segment)
        if limit is not None and len(out) >= limit:
            break
    return out


def premise_states(sentence: str, mood: str, speaker: str) -> bool:
    """Whether an earlier sentence (of ``speaker``, doing ``mood``) is a premise a reply
    sentence can contradict: a statement, not a question, a request, a courtesy formula or a
    report of what the speaker does ("Thank you.", "Set the GPS to the fastest route.",
    "Navigating you there."), nor a user's verbless answer ("Monday
    at 3pm.", "Boston."), whose content lies in the question it answers."""
    if mood in _NOT_STATED or is_question(sentence) or mood_of_text(sentence) != STATEMENT:
        return False
    return not (mood in {FRAGMENT, MIXED} and speaker == "user")


def nli_scores(ctx: DetectionContext, pairs: Sequence[tuple[str, str]]) -> list[NliScores] | None:
    """The model's scores for ``pairs``, or ``None`` when NLI is off or the model cannot be
    loaded or run (a failure: see ``model_failed``)."""
    if ctx.nli is None or not pairs:
        return None
    try:
        return ctx.nli.score(pairs)
    except ModelError as exc:
        model_failed(ctx, exc)
        return None


def model_failed(ctx: DetectionContext, exc: ModelError) -> None:
    """Record, once, that the model could not be loaded or run: a note for ``skipped`` and an
    entry for ``errors`` (KGC702)."""
    note = f"nli: model checks skipped ({exc.message})"
    if note not in ctx.notes:
        ctx.notes.append(note)
    ctx.fail("nli", NLI_FAILED, str(exc))


def first_contradictions(
    candidates: Sequence[_T],
    scores: Sequence[NliScores],
    threshold: float,
    sentence: Callable[[_T], Segment],
) -> Iterator[tuple[_T, NliScores]]:
    """Per reply sentence (``sentence(candidate)``), the first candidate whose scores
    ``contradicts``, with them."""
    done: set[int] = set()
    for candidate, score in zip(candidates, scores, strict=True):
        index = sentence(candidate).index
        if index in done or not contradicts(score, threshold):
            continue
        done.add(index)
        yield candidate, score


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


#: Verdicts that leave a number undecided: nothing supports it, or it was not read.
_UNDECIDED = frozenset({UNSUPPORTED, UNCHECKED})


def kb_decided(ctx: DetectionContext, segment: Segment) -> bool:
    """Whether the symbolic checks decide ``segment``: the KB holds values for the subject and
    property of a claim in it, or a number or date of it was checked against the KB or a
    source (verified, or found wrong).

    Such a sentence is right, or ``wrong_attribute``, ``numeric_claim`` or ``contradicts_fact``
    says why not, so the model is asked about it only to add evidence to a flag already raised:
    an NLI model covers what the KB cannot express, not what it can.
    """
    if any(
        segment.span.contains(n.span) and n.verdict not in _UNDECIDED
        for n in ctx.numeric_claims or ()
    ):
        return True
    return any(
        c.segment == segment.index
        and c.subject_iri is not None
        and bool(ctx.kb.values(URIRef(c.subject_iri), URIRef(c.predicate)))
        for c in ctx.analysis.claims
    )


def flagged(flags: Sequence[Flag], segment: Segment) -> bool:
    return any(f.span.overlaps(segment.span) for f in flags)


def worth_asking(
    ctx: DetectionContext, flags: Sequence[Flag], segment: Segment, decided: bool
) -> bool:
    """Whether to ask the model about ``segment``, which the symbolic checks ``decided`` (or
    not): when they did not and raised no flag on it; with ``nli.corroborate``, also when they
    flagged it, for the model's evidence on that flag (which leaves its confidence as it is)."""
    if flagged(flags, segment):
        return ctx.nli_settings.corroborate
    return not decided


def add_finding(
    detector: Detector,
    ctx: DetectionContext,
    flags: list[Flag],
    segment: Segment,
    evidence: Evidence,
    *,
    claim: Claim | None,
    also: Sequence[Evidence] = (),
    **fields: Any,
) -> None:
    """A model's contradiction on ``segment``: its ``evidence`` joins the flag ``detector``
    already raised there, else it becomes a flag of its own (``by_model``) on the sentence,
    with ``also`` before the model's evidence and ``fields`` (message, strengths, ...)."""
    if fold_into(flags, segment, evidence):
        return
    flags.append(
        detector.flag(
            span=segment.span,
            content=segment.text,
            evidence=[*also, evidence],
            focus=fields.pop("focus", claim.subject_iri if claim is not None else None),
            claim_index=claim.index if claim is not None else None,
            by_model=True,
            **fields,
        )
    )


def fold_into(flags: list[Flag], segment: Segment, evidence: Evidence) -> bool:
    """Add ``evidence`` to a flag already raised on ``segment``; whether there was one."""
    for flag in flags:
        if flag.span.overlaps(segment.span):
            if evidence not in flag.evidence:
                flag.evidence.append(evidence)
            return True
    return False
