"""Scoring: the final confidence of each flag, and de-duplication.

``confidence = clamp(base(type) * (1 + sum_k w_k * (s_k - 0.5))) * (1 + w_l * (s_l - 0.5))``,
clamped to [0, 1]. The evidence components k are ``kb`` (how decisively the KB settles it, from
the detector), ``history`` (an earlier turn; 0.5 when none speaks) and ``consistency`` (1 when
another detector flags the same claim or name, else 0.5). The linguistic signal l applies last,
so that hedging lowers and certainty raises even a flag the evidence already makes certain:
``s_l`` is 0 when the claim is hedged, 1 when stated with certainty, else 0.5. Neutral evidence
leaves the base severity as it is. ``base`` is ``scoring.base_severity`` where configured, else
the severity the type was registered with; a flag raised by a declarative rule keeps the severity
the rule declares, the others get the tier of their type's base.

A flag an NLI model raised alone (``by_model``) is evidence, not a verdict: its confidence is
the model's probability times the detector's ``model_strength`` (carried in ``kb_strength``),
lowered by hedging, never the type's base severity; and where a symbolic flag of any detector
covers the same text, the model's evidence joins that flag instead of standing on its own.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from kgcheck.config import ScoringConfig
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.types import Flag, FlagType, severity_for

__all__ = ["Scorer"]


class Scorer:
    def __init__(self, config: ScoringConfig | None = None) -> None:
        self.config = config or ScoringConfig()

    def base(self, flag_type: FlagType | str) -> float:
        """The base severity of ``flag_type``: the configuration's (``scoring.base_severity``),
        else the one its type was registered with."""
        known = FlagType(flag_type)
        return self.config.base_severity.get(known, known.base_severity)

    def score(self, flags: list[Flag], analysis: TurnAnalysis) -> list[Flag]:
        flags = _fold_model_findings(flags, self.base)
        flags, corroborated = _dedupe(flags, analysis, self.base)
        w = self.config.weights
        for flag in flags:
            claim = analysis.claims[flag.claim_index] if flag.claim_index is not None else None
            if claim is not None and claim.hedged:
                linguistic = self.config.hedged_signal
            elif claim is not None and claim.certain:
                linguistic = self.config.certain_signal
            else:
                linguistic = 0.5
            tier = severity_for(self.base(flag.type))
            if flag.by_model:
                hedge = min(1.0, 1 + w.get("linguistic", 0.0) * (linguistic - 0.5))
                flag.confidence = round(_clamp(flag.kb_strength * hedge), 4)
                flag.severity = tier
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
                flag.severity = tier
        flags.sort(key=lambda f: (f.span.start, -f.confidence))
        return flags


def _fold_model_findings(flags: list[Flag], base: Callable[[FlagType], float]) -> list[Flag]:
    """Model-only flags whose span a symbolic flag overlaps become evidence of that flag (the
    most severe one): the symbolic check decided the sentence, the model only agrees."""
    symbolic = sorted((f for f in flags if not f.by_model), key=lambda f: -base(f.type))
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


def _dedupe(
    flags: list[Flag], analysis: TurnAnalysis, base: Callable[[FlagType], float]
) -> tuple[list[Flag], set[int]]:
    """One flag per problem, and the ids of the kept flags another detector corroborates.

    Flags of the same type on the same span, flags of several detectors on the same claim (or
    of its type on the object of a flagged claim), and a flag on a name together with the flag on
    the claim that name is the subject of ("Dr. Helen Brooks" / "Dr. Helen Brooks leads
    Oncology") become one: the flag of the most severe type is kept (of one type, the flag a
    rule raised: it carries the rule's severity and action; a flag with symbolic evidence before
    one an NLI model raised alone), with the others' evidence and, where it has none, their
    correction.

    A kept flag is corroborated when a flag of another detector was merged into it or overlaps
    it: two detectors agreeing on one claim earn the ``consistency`` weight. A model's finding
    alone corroborates nothing.
    """
    flagged_claims = {f.claim_index for f in flags if f.claim_index is not None}
    claim_of_subject = {
        (c.subject.span.start, c.subject.span.end): c.index
        for c in reversed(analysis.claims)
        if c.index in flagged_claims
    }
    # a flag on the object of a flagged claim, of a type flagged on it ("Fridays" of "is in on
    # Mondays, Wednesdays and Fridays", by the claim and by the days named) is of that claim
    types_of: dict[int, set[str]] = defaultdict(set)
    for f in flags:
        if f.claim_index is not None:
            types_of[f.claim_index].add(str(f.type))
    claim_of_span = {
        (c.object.span.start, c.object.span.end): c.index
        for c in reversed(analysis.claims)
        if c.index in flagged_claims
    }
    seen: dict[tuple[object, ...], Flag] = {}
    detectors: dict[int, set[str]] = {}
    order = sorted(flags, key=lambda f: (f.by_model, -base(f.type), f.rule is None))
    for flag in order:
        claim = flag.claim_index
        if claim is None:
            span = (flag.span.start, flag.span.end)
            claim = claim_of_subject.get(span)
            on_object = claim_of_span.get(span)
            if claim is None and on_object is not None and str(flag.type) in types_of[on_object]:
                claim = on_object
        key: tuple[object, ...] = (
            ("claim", claim) if claim is not None else (flag.type, flag.span.start, flag.span.end)
        )
        kept = seen.get(key)
        if kept is None:
            seen[key] = flag
            detectors[id(flag)] = set() if flag.by_model else {flag.detector}
            continue
        if not flag.by_model:
            detectors[id(kept)].add(flag.detector)
        kept.evidence.extend(e for e in flag.evidence if e not in kept.evidence)
        kept.kb_strength = max(kept.kb_strength, flag.kb_strength)
        if kept.correction is None and flag.correction is not None:
            kept.correction, kept.correction_span = flag.correction, flag.correction_span
    kept_ids = {id(kept) for kept in seen.values()}
    out = [f for f in flags if id(f) in kept_ids]
    corroborated = {i for i, names in detectors.items() if len(names) > 1}
    return out, corroborated | _overlapping(out)


def _overlapping(flags: list[Flag]) -> set[int]:
    """Ids of symbolic flags whose span a symbolic flag of another detector overlaps (a sweep
    over sorted spans)."""
    ordered = sorted((f for f in flags if not f.by_model), key=lambda f: f.span.start)
    out: set[int] = set()
    for i, flag in enumerate(ordered):
        for other in ordered[i + 1 :]:
            if other.span.start >= flag.span.end:
                break
            if other.detector != flag.detector:
                out.update((id(flag), id(other)))
    return out
