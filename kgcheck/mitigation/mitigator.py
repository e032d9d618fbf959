"""The mitigation policy: flags -> actions -> mitigated text and a decision on the turn."""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Callable
from dataclasses import dataclass, replace

from kgcheck.config import MitigationConfig
from kgcheck.errors import ConfigError
from kgcheck.mitigation.edits import shares_span_with_other_claims
from kgcheck.mitigation.operator import MitigationContext, Operator
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.registry import actions as action_registry
from kgcheck.types import Action, ActionKind, Decision, Flag, Span

__all__ = ["Mitigation", "Mitigator", "Recheck"]

#: Checks a stretch of the mitigated text again: its flags, scored. The second argument is the
#: KB entities a pronoun or description there may stand for, most likely first: those the
#: reply's own analysis resolved them to, then those of the sentence before (not checked again).
Recheck = Callable[[str, tuple[str, ...]], list[Flag]]
_WORD = re.compile(r"\w")


@dataclass(frozen=True)
class Mitigation:
    actions: list[Action]
    text: str
    decision: Decision
    answer_confidence: float


class Mitigator:
    """Applies the policy of ``MitigationConfig``.

    Flags under ``flag_threshold`` get no action. When ``regenerate_min_flags`` or more flags
    reach ``regenerate_threshold`` the reply is sent back with guidance. Otherwise each flag, most
    confident first: ``correct`` when its confidence reaches ``correct_threshold`` and it carries a
    correction (at most ``max_corrections``; past the cap it is escalated), ``remove`` when it
    reaches the threshold without one, else ``flag``. ``mitigation.actions`` overrides the choice
    per flag type, and a flag's own ``action`` (from the rule that raised it) overrides both.
    """

    def __init__(self, config: MitigationConfig | None = None) -> None:
        self.config = config or MitigationConfig()
        self._operators: dict[str, Operator] = {}
        #: The operator each flag type's ``mitigation.actions`` entry names, with its params:
        #: built now, so that an unknown name or bad params fail when the checker is built.
        self._overrides: dict[str, Operator] = {}
        for flag_type, settings in self.config.actions.items():
            where = f"mitigation.actions.{flag_type}"
            try:
                cls = action_registry.get(settings.operator)
            except ConfigError as exc:
                raise ConfigError(f"{where}: {exc.message}", code=exc.code) from exc
            self._overrides[str(flag_type)] = cls(settings.params, where=where)
        #: Operators by the kind of action they produce (what an action does to the decision).
        self._by_kind: dict[str, Operator] = {}
        for operator in self._overrides.values():
            self._by_kind.setdefault(str(operator.kind), operator)

    def operator(self, name: str) -> Operator:
        """The operator registered as ``name``, with its default parameters."""
        if name not in self._operators:
            instance = action_registry.get(name)()
            self._operators[name] = instance
            self._by_kind.setdefault(str(instance.kind), instance)
        return self._operators[name]

    def _chosen(self, name: str, flag: Flag) -> Operator:
        """The operator ``_choose`` named for ``flag``: the type's configured one (with its
        parameters) when that is the choice, else the registered one."""
        override = self._overrides.get(str(flag.type))
        if override is not None and self.config.actions[flag.type].operator == name:
            return override
        return self.operator(name)

    def _kind(self, kind: str) -> Operator:
        """The operator behind actions of ``kind``."""
        found = self._by_kind.get(kind)
        return found if found is not None else self.operator(kind)

    def mitigate(
        self,
        flags: list[Flag],
        analysis: TurnAnalysis,
        original: str | None = None,
        *,
        recheck: Recheck | None = None,
    ) -> Mitigation:
        """Actions for ``flags`` and the mitigated text.

        ``original`` is the reply as given, when the analysis covered only its beginning (a reply
        over ``nlp.max_chars``): edits apply to it, so its unanalysed tail is kept. ``recheck``
        checks a mitigated text again (the checker passes its own checks): a correction whose
        new words would be flagged is not made. A reply that mitigation would leave empty is
        sent back to be rewritten instead (``regenerate``), never sent empty.
        """
        cfg = self.config
        source = analysis.text if original is None else original
        ctx = MitigationContext(analysis)
        indexed = list(enumerate(flags))
        eligible = [(i, f) for i, f in indexed if f.confidence >= cfg.flag_threshold]
        below = [(i, f) for i, f in indexed if f.confidence < cfg.flag_threshold]
        acts: list[Action] = [self.operator("none").act([pair], ctx) for pair in below]
        severe = [(i, f) for i, f in eligible if f.confidence >= cfg.regenerate_threshold]
        if len(severe) >= cfg.regenerate_min_flags:
            return self._regenerate(acts, eligible, ctx, flags, source)
        corrections = 0
        edited: list[Span] = []
        for i, flag in sorted(eligible, key=lambda p: -p[1].confidence):
            name = self._choose(self._safe(flag, analysis), corrections)
            op = self._chosen(name, flag)
            action = op.act([(i, flag)], ctx)
            span = action.span
            if span is not None and action.replacement is not None:
                if _touches(edited, span):
                    action = Action(
                        ActionKind.FLAG,
                        [i],
                        span=flag.span,
                        reason=f"{flag.message} (span already revised)",
                    )
                else:
                    insort(edited, span, key=lambda s: s.start)
                    corrections += action.kind == ActionKind.CORRECT
            acts.append(action)
        text = _apply(source, acts)
        if recheck is not None:
            text = self._verify(source, text, acts, flags, analysis, recheck)
        if not _WORD.search(text) and _WORD.search(source):
            return self._regenerate(
                [a for a in acts if a.kind == ActionKind.NONE], eligible, ctx, flags, source
            )
        fixed = {i for a in acts if self._kind(a.kind).edits_text for i in a.flags}
        return Mitigation(acts, text, self._decision(acts), _confidence(flags, fixed))

    def _decision(self, actions: list[Action]) -> Decision:
        """The most severe decision the actions' operators imply (``Operator.decision``)."""
        decision = Decision.ACCEPT
        for action in actions:
            decision = decision.at_least(self._kind(action.kind).decision)
        return decision

    def _regenerate(
        self,
        acts: list[Action],
        eligible: list[tuple[int, Flag]],
        ctx: MitigationContext,
        flags: list[Flag],
        source: str,
    ) -> Mitigation:
        """Send the reply back to be rewritten, with guidance listing what to fix."""
        acts.insert(0, self.operator("regenerate").act(eligible, ctx))
        return Mitigation(acts, source, Decision.REJECT, _confidence(flags, set()))

    @staticmethod
    def _safe(flag: Flag, analysis: TurnAnalysis) -> Flag:
        """``flag`` as the policy may act on it: without its correction when writing it would
        also change words another claim rests on ("Dr. Patel leads Cardiology and Oncology":
        replacing the subject would move Cardiology too)."""
        if flag.correction is not None and shares_span_with_other_claims(analysis, flag):
            return replace(flag, correction=None, correction_span=None)
        return flag

    def _verify(
        self,
        source: str,
        text: str,
        acts: list[Action],
        flags: list[Flag],
        analysis: TurnAnalysis,
        recheck: Recheck,
    ) -> str:
        """Check the mitigated text again; a correction whose new words get a flag is turned
        back into a flag (twice at most: undoing one can expose another)."""
        for _ in range(2):
            corrected = _regions(acts, ActionKind.CORRECT)
            if not corrected:
                return text
            found = [
                replace(f, span=Span(f.span.start + start, f.span.end + start))
                for start, end, context in _windows(analysis, acts, [a for a, _ in corrected])
                for f in recheck(text[start:end], context)
                if f.confidence >= self.config.flag_threshold
            ]
            bad = {
                id(action): flag
                for action, region in corrected
                for flag in found
                if flag.span.overlaps(region) or (region.start == region.end == flag.span.start)
            }
            if not bad:
                return text
            for n, action in enumerate(acts):
                new = bad.get(id(action))
                if new is None:
                    continue
                first = flags[action.flags[0]]
                acts[n] = Action(
                    ActionKind.FLAG,
                    action.flags,
                    span=first.span,
                    reason=f"{first.message} (correction not made: {action.replacement!r} "
                    f"would itself be flagged as {new.type}: {new.message})",
                )
            text = _apply(source, acts)
        return text

    def _choose(self, flag: Flag, corrections: int) -> str:
        cfg = self.config
        if flag.action is not None and self.operator(flag.action).applies_to(flag):
            return flag.action  # a rule's own action wins over the per-type configuration
        settings = cfg.actions.get(flag.type)
        override = None if settings is None else settings.operator
        if flag.by_model:
            # a model's finding alone is evidence, never grounds to rewrite the reply
            if override is not None and not self._overrides[str(flag.type)].edits_text:
                return override
            return "flag"
        if override is not None:
            return override
        if flag.confidence >= cfg.correct_threshold:
            if self.operator("correct").applies_to(flag):
                return "correct" if corrections < cfg.max_corrections else "escalate"
            return "remove"
        return "flag"


def _apply(text: str, actions: list[Action]) -> str:
    edits = sorted(
        (a for a in actions if a.span is not None and a.replacement is not None),
        key=lambda a: a.span.start if a.span else 0,
        reverse=True,
    )
    for a in edits:
        assert a.span is not None and a.replacement is not None
        text = text[: a.span.start] + a.replacement + text[a.span.end :]
    return text.strip()


def _windows(
    analysis: TurnAnalysis, acts: list[Action], corrected: list[Action]
) -> list[tuple[int, int, tuple[str, ...]]]:
    """The stretches of the mitigated text to check again around the ``corrected`` actions,
    each with the entities its pronouns may stand for. A corrected sentence is checked alone,
    its pronouns and descriptions read as the reply's analysis read them (the entities they
    were resolved to, then those the sentence before names, nearest first), so the sentence
    before is not parsed again. Where that sentence was edited too and this one has a pronoun
    or a description, what it stands for may have changed: both are checked together, as one
    stretch. The cost follows the corrections, not the length of the reply."""
    segments = analysis.segments
    edited = [a.span for a in acts if a.span is not None and a.replacement is not None]
    found: list[tuple[int, int]] = []
    for action in corrected:
        assert action.span is not None
        k = next((n for n, seg in enumerate(segments) if seg.span.contains(action.span)), None)
        if k is None:
            return [(0, _shifted(len(analysis.text), acts), ())]
        before = segments[k - 1].span if k > 0 else None
        if (
            before is not None
            and any(before.overlaps(span) for span in edited)
            and any(m.segment == k and m.kind == "pronoun" for m in analysis.mentions)
        ):
            found.append((k - 1, k))
        else:
            found.append((k, k))
    out: list[tuple[int, int]] = []
    for first, last in sorted(set(found)):
        if out and first <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], last))
        else:
            out.append((first, last))
    return [
        (
            _shifted(segments[first].span.start, acts),
            _shifted(segments[last].span.end, acts),
            _antecedents(analysis, first),
        )
        for first, last in out
    ]


def _antecedents(analysis: TurnAnalysis, k: int) -> tuple[str, ...]:
    """The KB entities a pronoun or description of sentence ``k`` may stand for, most likely
    first: what the analysis resolved those of sentence ``k`` to, then the entities sentence
    ``k - 1`` names, the nearest first."""
    resolved = [
        m.iri
        for m in analysis.mentions
        if m.segment == k and m.kind == "pronoun" and m.iri is not None
    ]
    named = [m.iri for m in reversed(analysis.mentions) if m.segment == k - 1 and m.iri is not None]
    return tuple(dict.fromkeys([*resolved, *named]))


def _touches(edited: list[Span], span: Span) -> bool:
    """Whether ``span`` overlaps or lies within one of ``edited`` (sorted by start, not
    overlapping each other): only its neighbours need a look."""
    k = bisect_left(edited, span.start, key=lambda s: s.start)
    if k > 0 and (span.overlaps(edited[k - 1]) or edited[k - 1].contains(span)):
        return True
    # the first edit starting at or after ``span`` overlaps it if it starts before its end
    return k < len(edited) and (edited[k].start < span.end or edited[k].contains(span))


def _shifted(position: int, acts: list[Action]) -> int:
    """Where ``position`` of the reply as given lies after the edits of ``acts``."""
    return position + sum(
        len(a.replacement) - (a.span.end - a.span.start)
        for a in acts
        if a.span is not None and a.replacement is not None and a.span.end <= position
    )


def _regions(actions: list[Action], kind: ActionKind) -> list[tuple[Action, Span]]:
    """Where the replacements of ``kind`` actions lie in the text after all edits."""
    edits = sorted(
        (a for a in actions if a.span is not None and a.replacement is not None),
        key=lambda a: a.span.start if a.span else 0,
    )
    out, shift = [], 0
    for a in edits:
        assert a.span is not None and a.replacement is not None
        start = a.span.start + shift
        if a.kind == kind:
            out.append((a, Span(start, start + len(a.replacement))))
        shift += len(a.replacement) - (a.span.end - a.span.start)
    return out


def _confidence(flags: list[Flag], fixed: set[int]) -> float:
    """How far the (mitigated) reply can be trusted: each open flag discounts it by its
    confidence, each fixed one by a fifth of it."""
    value = 1.0
    for i, flag in enumerate(flags):
        value *= 1.0 - flag.confidence * (0.2 if i in fixed else 1.0)
    return round(value, 4)
