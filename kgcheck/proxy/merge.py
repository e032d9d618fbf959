"""One report for a reply checked sentence by sentence (a streamed reply).

Each batch of sentences is checked as the end of the text sent before it (``released[window:]
+ sentences``: the last sentences sent, whole, up to ``proxy.stream_context_chars`` characters,
from offset ``window`` of the text sent); its report's flags and actions are in that text's
offsets. :class:`StreamedReport` maps them onto the upstream's reply as it came (a position in
a sentence that was sent unchanged maps exactly; one in a sentence that was revised maps to that
sentence's bounds), drops the repeats (a warning on a sentence sent is found again by the checks
that have it in their context) and keeps only the edits that were made (those in the new
sentences). The result is a :class:`~kgcheck.report.TurnReport` whose ``original`` is the
upstream's text and ``text`` what the client was sent.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kgcheck.failures import CheckError
from kgcheck.report import TurnReport
from kgcheck.types import Action, Decision, Flag, Span

__all__ = ["Piece", "StreamedReport"]


@dataclass(frozen=True, slots=True)
class Piece:
    """A sentence that was sent: where it lies in the upstream's text and in the text sent."""

    original: Span
    released: Span
    changed: bool


@dataclass
class StreamedReport:
    """Collects the reports on the sentences of one streamed reply."""

    session_id: str
    turn_index: int
    pieces: list[Piece] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    decision: Decision = Decision.ACCEPT
    answer_confidence: float = 1.0
    timings: dict[str, float] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    errors: list[CheckError] = field(default_factory=list)
    _seen_flags: dict[tuple[str, int, int], int] = field(default_factory=dict)
    _seen_actions: set[tuple[object, ...]] = field(default_factory=set)

    def add(
        self,
        report: TurnReport,
        *,
        start: int,
        original_start: int,
        applied: list[Action],
        decision: Decision | None = None,
        window: int = 0,
    ) -> None:
        """Take in ``report``, the check of the text sent from offset ``window`` on (``start``
        characters) and new sentences, which begin at ``original_start`` in the upstream's
        text; ``applied``: the edits made to them; ``decision``: the one taken (default: the
        report's)."""
        position = _Positions(self.pieces, start, original_start, window)
        index: dict[int, int] = {}
        for i, flag in enumerate(report.flags):
            span = position.span(flag.span)
            key = (str(flag.type), span.start, span.end)
            if key not in self._seen_flags:
                correction = flag.correction_span
                mapped = replace(
                    flag,
                    span=span,
                    correction_span=None if correction is None else position.span(correction),
                )
                self._seen_flags[key] = len(self.flags)
                self.flags.append(mapped)
            index[i] = self._seen_flags[key]
        for action in report.actions:
            edit = action.span is not None and action.replacement is not None
            if edit and not any(action is a for a in applied):
                continue  # an edit of text already sent: not made
            where = None if action.span is None else position.span(action.span)
            flags = [index[i] for i in action.flags if i in index]
            seen = (str(action.kind), tuple(flags), where)
            if seen not in self._seen_actions:
                self._seen_actions.add(seen)
                self.actions.append(replace(action, flags=flags, span=where))
        self.decision = self.decision.at_least(decision or report.decision)
        self.answer_confidence = min(self.answer_confidence, report.answer_confidence)
        for stage, seconds in report.timings.items():
            self.timings[stage] = round(self.timings.get(stage, 0.0) + seconds, 6)
        self.skipped.extend(s for s in report.skipped if s not in self.skipped)
        self.errors.extend(e for e in report.errors if e not in self.errors)

    def report(self, original: str, text: str) -> TurnReport:
        """The report on the whole reply: ``original`` as the upstream wrote it (as far as it
        was read), ``text`` as the client got it."""
        return TurnReport(
            original=original,
            text=text,
            flags=list(self.flags),
            actions=list(self.actions),
            decision=self.decision,
            answer_confidence=self.answer_confidence,
            session_id=self.session_id,
            turn_index=self.turn_index,
            timings=dict(self.timings),
            counts={"sentences": len(self.pieces)},
            skipped=list(self.skipped),
            errors=list(self.errors),
        )


@dataclass(frozen=True)
class _Positions:
    """Maps offsets of ``released[window:] + sentences`` onto the upstream's text."""

    pieces: list[Piece]
    start: int
    original_start: int
    window: int = 0

    def span(self, span: Span) -> Span:
        return Span(self.point(span.start, end=False), self.point(span.end, end=True))

    def point(self, at: int, *, end: bool) -> int:
        if at >= self.start:
            return self.original_start + at - self.start
        at += self.window  # an offset of the text sent
        for piece in self.pieces:
            inside = piece.released.start <= at < piece.released.end
            if inside or (end and at == piece.released.end):
                if not piece.changed:
                    return piece.original.start + at - piece.released.start
                return piece.original.end if end else piece.original.start
        return self.original_start
