"""Scoring: the final confidence of each flag, and de-duplication.

``confidence = clamp(base(type) * (1 + sum_k w_k * (s_k - 0.5))) * (1 + w_l * (s_l - 0.5))``,
clamped to [0, 1]. The evidence components k are ``kb`` (how decisively the KB settles it, from
the detector), ``history`` (an earlier turn; 0.5 when none speaks) and ``consistency`` (1 when
another detector flags the same claim or name, else 0.5). The linguistic signal l applies last,
so that hedging lowers and certainty raises even a flag the evidence already makes certain:
``s_l`` is 0 when the claim is hedged, 1 when stated with certainty, else 0.5. Neutral evidence
leaves the base severity as it is. A flag raised by a declarative rule keeps the severity the rule
declares; the others get the tier of their type.

A flag an NLI model raised alone (``by_model``) is evidence, not a verdict: its confidence is
the model's probability times the detector's ``model_strength`` (carried in ``kb_strength``),
lowered by hedging, never the type's base severity; and where a symbolic flag of any detector
covers the same text, the model's evidence joins that flag instead of standing on its own.
"""

from __future__ import annotations

from kgcheck.config import ScoringConfig
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.types import BASE_SEVERITY, Flag, FlagType, severity_for

__all__ = ["Scorer"]


class Scorer:
    def __init__(self, config: ScoringConfig | None = None) -> None:
        self.config = config or ScoringConfig()

    def base(self, flag_type: FlagType) -> float:
        return self.config.base_severity.get(flag_type, BASE_SEVERITY[flag_type])

    def score(self, flags: list[Flag], analysis: TurnAnalysis) -> list[Flag]:
        flags = _dedupe(_fold_model_findings(flags), analysis)
        corroborated = _corroborated(flags)
        w = self.config.weights
        for flag in flags:
            claim = analysis.claims[flag.claim_index] if flag.claim_index is not None else None
            if claim is not None and claim.hedged:
                linguistic = self.config.hedged_signal
            elif claim is not None and claim.certain:
                linguistic = self.config.certain_signal
            else:
                linguistic = 0.5
            if flag.by_model:
                hedge = min(1.0, 1 + w.get("linguistic", 0.0) * (linguistic - 0.5))
                flag.confidence = round(_clamp(flag.kb_strength * hedge), 4)
                flag.severity = severity_for(flag.type)
                continue
            components = {
                "kb": flag.kb_strength,
                "history": 0.5 if flag.history_strength is None else flag.history_strength,
                "consistency": 1.0 if id(flag) in corroborated else 0.5,
            }
            adjust = sum(w.get(k, 0.0) * (v - 0.5) for k, v in components.items())
            evidence = _clamp(self.base(flag.type) * (1 + adjust))
            signal = 1 + w.get("linguistic", 0.0) * (linguistic - 0.5)
            flag.confidence = round(_clamp(evidence * signal), 4)
            if flag.rule is None:  # a rule's flag keeps the severity the rule declares
                flag.severity = severity_for(flag.type)
        flags.sort(key=lambda f: (f.span.start, -f.confidence))
        return flags


def _corroborated(flags: list[Flag]) -> set[int]:
    """Ids of flags whose span another detector's flag overlaps (a sweep over sorted spans)."""
    ordered = sorted(flags, key=lambda f: f.span.start)
    out: set[int] = set()
    for i, flag in enumerate(ordered):
        for other in ordered[i + 1 :]:
            if other.span.start >= flag.span.end:
                break
            if other.detector != flag.detector:
                out.update((id(flag), id(other)))
    return out


def _fold_model_findings(flags: list[Flag]) -> list[Flag]:
    """Model-only flags whose span a symbolic flag overlaps become evidence of that flag (the
    most severe one): the symbolic check decided the sentence, the model only agrees."""
    symbolic = sorted((f for f in flags if not f.by_model), key=lambda f: -BASE_SEVERITY[f.type])
    kept = []
    for flag in flags:
        host = (
            next((s for s in symbolic if s.span.overlaps(flag.span)), None)
            if flag.by_model
            else None
        )
        if host is None:
            kept.append(flag)
            continue
        host.evidence.extend(e for e in flag.evidence if e not in host.evidence)
    return kept


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, value))


def _dedupe(flags: list[Flag], analysis: TurnAnalysis) -> list[Flag]:
    """One flag per problem.

    Flags of the same type on the same span, flags of several detectors on the same claim, and a
    flag on a name together with the flag on the claim that name is the subject of ("Dr. Helen
    Brooks" / "Dr. Helen Brooks leads Oncology") become one: the flag of the most severe type is
    kept (of one type, the flag a rule raised: it carries the rule's severity and action; a flag
    with symbolic evidence before one an NLI model raised alone), with the others' evidence and,
    where it has none, their correction.
    """
    flagged_claims = {f.claim_index for f in flags if f.claim_index is not None}
    claim_of_subject = {
        (c.subject.span.start, c.subject.span.end): c.index
        for c in reversed(analysis.claims)
        if c.index in flagged_claims
    }
    seen: dict[tuple[object, ...], Flag] = {}
    order = sorted(flags, key=lambda f: (f.by_model, -BASE_SEVERITY[f.type], f.rule is None))
    for flag in order:
        claim = flag.claim_index
        if claim is None:
            claim = claim_of_subject.get((flag.span.start, flag.span.end))
        key: tuple[object, ...] = (
            ("claim", claim) if claim is not None else (flag.type, flag.span.start, flag.span.end)
        )
        kept = seen.get(key)
        if kept is None:
            seen[key] = flag
            continue
        kept.evidence.extend(e for e in flag.evidence if e not in kept.evidence)
        kept.kb_strength = max(kept.kb_strength, flag.kb_strength)
        if kept.correction is None and flag.correction is not None:
            kept.correction, kept.correction_span = flag.correction, flag.correction_span
    kept_ids = {id(kept) for kept in seen.values()}
    return [f for f in flags if id(f) in kept_ids]
