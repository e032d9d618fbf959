"""Run the checker over labelled conversations and measure it.

A reply is predicted hallucinated when it gets a flag at or above the threshold (by default the
configuration's ``mitigation.flag_threshold``: the flags the mitigator acts on). Predicted flags
are matched one-to-one to the expected ones: same type and, when the expected flag gives a span
or a text, an overlapping span or the text contained in the flag's content.

Usage::

    result = evaluate(load_dataset("kgcheck/examples/acme/labelled.jsonl"))
    result.responses().recall, result.by_type()[FlagType.WRONG_ATTRIBUTE].precision
"""

from __future__ import annotations

import math
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kgcheck.checker import Checker
from kgcheck.errors import KgcheckError
from kgcheck.evaluation.dataset import Conversation, Dataset, ExpectedFlag
from kgcheck.history.state import DialogueState
from kgcheck.metrics import (
    ConfusionMatrix,
    HallucinationProfile,
    Uncertainty,
    claim_verdicts,
    confusion_matrix,
    mean_uncertainty,
    percentile,
    rating_table,
    ratio,
)
from kgcheck.types import Flag, FlagType, Span

__all__ = ["ConversationResult", "EvalResult", "HallucinationRate", "evaluate", "match_flags"]

#: Percentiles of the time per reply in the report.
PERCENTILES = (50, 90, 95, 99)
#: Name of the configuration used when none is given: library defaults, empty knowledge base.
DEFAULT_CONFIG = "(defaults: empty knowledge base)"


def _fits(expected: ExpectedFlag, flag: Flag, reply: str) -> bool:
    if flag.type != expected.type:
        return False
    if expected.span is None and expected.text is None:
        return True
    if expected.span is not None and flag.span.overlaps(
        Span(expected.span.start, expected.span.end)
    ):
        return True
    if expected.text is None:
        return False
    text = expected.text.casefold()
    if text in flag.content.casefold():
        return True
    return any(
        flag.span.overlaps(Span(m.start(), m.end()))
        for m in re.finditer(re.escape(text), reply.casefold())
    )


def match_flags(
    expected: Sequence[ExpectedFlag], flags: Sequence[Flag], reply: str
) -> dict[int, int]:
    """The largest one-to-one matching of expected flags to ``flags``: expected index -> flag
    index. A flag fits an expected one of its type whose span it overlaps, or whose text it
    overlaps in the reply or contains; an expected flag without span or text fits any flag of
    its type."""
    fitting = [[j for j, f in enumerate(flags) if _fits(e, f, reply)] for e in expected]
    owner: dict[int, int] = {}  # flag index -> expected index

    def augment(i: int, seen: set[int]) -> bool:
        for j in fitting[i]:
            if j not in seen:
                seen.add(j)
                if j not in owner or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(len(expected)):
        augment(i, set())
    return {i: j for j, i in owner.items()}


@dataclass(frozen=True)
class ConversationResult:
    """What the checker did with one labelled reply."""

    conversation: Conversation
    flags: list[Flag]
    threshold: float
    matches: dict[int, int]
    decision: str
    seconds: float
    claims: int
    skipped: list[str] = field(default_factory=list)

    @property
    def predicted(self) -> list[int]:
        """Indices of the flags at or above the threshold."""
        return [i for i, f in enumerate(self.flags) if f.confidence >= self.threshold]

    @property
    def flagged(self) -> bool:
        return bool(self.predicted)

    def outcome(self, index: int) -> str:
        """``tp`` (matches an expected flag), ``fp`` or ``below threshold``."""
        if index in self.matches.values():
            return "tp"
        return "fp" if self.flags[index].confidence >= self.threshold else "below threshold"

    @property
    def missed(self) -> list[int]:
        """Indices of the expected flags no predicted flag matches."""
        return [i for i in range(len(self.conversation.expected)) if i not in self.matches]

    @property
    def verdict(self) -> str:
        """The reply-level outcome: ``tp``, ``fp``, ``fn`` or ``tn``."""
        gold, flagged = self.conversation.hallucinated, self.flagged
        return ("t" if gold == flagged else "f") + ("p" if flagged else "n")

    def claim_verdicts(self) -> list[bool]:
        """One verdict per claim as the checker sees it (``True`` = supported): claims with a
        predicted flag are unsupported, and a predicted flag on no claim (an unknown name)
        counts as one more unsupported claim."""
        return claim_verdicts(self.claims, (self.flags[i].claim_index for i in self.predicted))

    @property
    def hallucination_probability(self) -> float:
        """The checker's probability that the reply is hallucinated: ``1 - prod(1 - c)`` over
        the confidences of all its flags."""
        return 1.0 - math.prod(1.0 - f.confidence for f in self.flags)


@dataclass(frozen=True)
class HallucinationRate:
    """Shares of replies that are hallucinated by the labels, flagged by the checker, and
    ``residual``: hallucinated by the labels and let through by the checker, the share compared
    with the target."""

    labelled: float | None
    detected: float | None
    residual: float | None
    target: float

    @property
    def met(self) -> bool | None:
        return None if self.residual is None else self.residual <= self.target

    def to_dict(self) -> dict[str, float | bool | None]:
        return {
            "labelled": self.labelled,
            "detected": self.detected,
            "residual": self.residual,
            "target": self.target,
            "met": self.met,
        }


@dataclass(frozen=True)
class EvalResult:
    """Every conversation's result and the measures over them."""

    dataset: Dataset
    results: list[ConversationResult]
    configs: list[str]
    target: float
    seconds: float

    def responses(self) -> ConfusionMatrix:
        """Replies, hallucinated (labels) against flagged (checker)."""
        return confusion_matrix(
            [r.conversation.hallucinated for r in self.results], [r.flagged for r in self.results]
        )

    def by_type(self) -> dict[FlagType, ConfusionMatrix]:
        """Flag-level counts per type (no true negatives), for the types expected or predicted."""
        counts: dict[FlagType, Counter[str]] = {}
        for r in self.results:
            for i, expected in enumerate(r.conversation.expected):
                counts.setdefault(expected.type, Counter())["tp" if i in r.matches else "fn"] += 1
            for i in r.predicted:
                if r.outcome(i) == "fp":
                    counts.setdefault(r.flags[i].type, Counter())["fp"] += 1
        return {
            t: ConfusionMatrix(tp=c["tp"], fp=c["fp"], fn=c["fn"])
            for t, c in sorted(counts.items(), key=lambda item: list(FlagType).index(item[0]))
        }

    def flags(self) -> ConfusionMatrix:
        """Flag-level counts over all types."""
        return sum(self.by_type().values(), ConfusionMatrix())

    def hallucination_rate(self) -> HallucinationRate:
        cm = self.responses()
        return HallucinationRate(
            labelled=ratio(cm.tp + cm.fn, cm.total),
            detected=ratio(cm.tp + cm.fp, cm.total),
            residual=ratio(cm.fn, cm.total),
            target=self.target,
        )

    def profile(self) -> HallucinationProfile:
        """The hallucination profile of the replies as the checker measures them; kappa is the
        agreement of the checker with the labels (reply level, two raters), uncertainty the
        entropy of the checker's probability that each reply is hallucinated."""
        gold = [r.conversation.hallucinated for r in self.results]
        flagged = [r.flagged for r in self.results]
        nonexistent = [
            r.conversation.reply for r in self.results if r.conversation.about_nonexistent
        ]
        return HallucinationProfile.measure(
            [r.claim_verdicts() for r in self.results],
            ratings=rating_table([gold, flagged]),
            samples=self._samples(),
            nonexistent_answers=nonexistent or None,
        )

    def _samples(self) -> list[list[float]]:
        # one run of a deterministic checker: one sample per reply
        return [[r.hallucination_probability] for r in self.results]

    def uncertainty(self) -> Uncertainty:
        """The checker's uncertainty about the replies (its epistemic part is 0 with one run)."""
        return mean_uncertainty(self._samples())

    def timing_ms(self) -> dict[str, float | None]:
        """Milliseconds per reply: mean, percentiles and maximum."""
        ms = [r.seconds * 1000 for r in self.results]
        out: dict[str, float | None] = {"mean": ratio(sum(ms), len(ms))}
        out.update({f"p{q}": percentile(ms, q) for q in PERCENTILES})
        out["max"] = max(ms, default=None)
        return out

    def skipped(self) -> Counter[str]:
        """How often each check did not run, by the reason the report gave."""
        return Counter(note for r in self.results for note in r.skipped)


def evaluate(
    dataset: Dataset,
    *,
    config: Path | None = None,
    threshold: float | None = None,
    target: float = 0.05,
    on_result: Callable[[ConversationResult], None] | None = None,
) -> EvalResult:
    """Check every conversation's reply and match the flags to the expected ones.

    The configuration of a conversation is its own ``config``, else ``config``, else the
    dataset file's, else the library defaults with an empty knowledge base.

    Raises:
        KgcheckError: a configuration cannot be loaded, or a conversation cannot be checked
            (the message names the conversation).
    """
    checkers: dict[Path | None, Checker] = {}
    results = []
    started = time.perf_counter()
    for conv in dataset.conversations:
        path = conv.config or config or dataset.config
        if path not in checkers:
            checkers[path] = Checker() if path is None else Checker.from_config(path)
        checker = checkers[path]
        try:
            state = DialogueState(session_id=conv.id, now=conv.now)
            for turn in conv.turns:
                state.add_turn(turn.role, turn.text, time=turn.time)
            report = checker.check_turn(
                conv.reply, state, sources=[{"id": s.id, "text": s.text} for s in conv.sources]
            )
        except KgcheckError as exc:
            raise type(exc)(f"conversation {conv.id!r}: {exc.message}", code=exc.code) from exc
        limit = checker.config.mitigation.flag_threshold if threshold is None else threshold
        predicted = [i for i, f in enumerate(report.flags) if f.confidence >= limit]
        found = match_flags(conv.expected, [report.flags[i] for i in predicted], conv.reply)
        matches = {e: predicted[p] for e, p in found.items()}
        result = ConversationResult(
            conversation=conv,
            flags=report.flags,
            threshold=limit,
            matches=matches,
            decision=str(report.decision),
            seconds=report.timings.get("total", 0.0),
            claims=report.counts.get("claims", 0),
            skipped=list(report.skipped),
        )
        results.append(result)
        if on_result is not None:
            on_result(result)
    configs = [DEFAULT_CONFIG if p is None else str(p) for p in checkers]
    return EvalResult(dataset, results, configs, target, time.perf_counter() - started)
