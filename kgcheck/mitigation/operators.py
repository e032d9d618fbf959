"""The built-in operators: none, flag, correct, remove, regenerate, escalate."""

from __future__ import annotations

from collections.abc import Sequence

from kgcheck.mitigation.edits import agree_count, removal_span
from kgcheck.mitigation.operator import MitigationContext, Operator
from kgcheck.types import Action, ActionKind, Decision, Flag

__all__ = [
    "CorrectOperator",
    "EscalateOperator",
    "FlagOperator",
    "NoneOperator",
    "RegenerateOperator",
    "RemoveOperator",
]


def _ids(flags: Sequence[tuple[int, Flag]]) -> list[int]:
    return [i for i, _ in flags]


class NoneOperator(Operator):
    """Below the flag threshold: recorded, nothing done."""

    kind = ActionKind.NONE
    decision = Decision.ACCEPT

    def act(self, flags: Sequence[tuple[int, Flag]], ctx: MitigationContext) -> Action:
        return Action(self.kind, _ids(flags), reason="confidence below the flag threshold")


class FlagOperator(Operator):
    """Annotate: the text is kept and the flag shown to the reader or the agent."""

    kind = ActionKind.FLAG
    decision = Decision.ACCEPT_WITH_WARNINGS

    def act(self, flags: Sequence[tuple[int, Flag]], ctx: MitigationContext) -> Action:
        _, flag = flags[0]
        return Action(self.kind, _ids(flags), span=flag.span, reason=flag.message)


class CorrectOperator(Operator):
    """Replace the wrong span with the value from the KB (or the earlier turn)."""

    kind = ActionKind.CORRECT
    decision = Decision.REVISE
    edits_text = True

    def applies_to(self, flag: Flag) -> bool:
        return flag.correction is not None and flag.correction_span is not None

    def act(self, flags: Sequence[tuple[int, Flag]], ctx: MitigationContext) -> Action:
        _, flag = flags[0]
        source = next((e.kind for e in flag.evidence if e.kind in {"kb", "history"}), "kb")
        where = "the knowledge base" if source == "kb" else "the conversation"
        assert flag.correction_span is not None and flag.correction is not None
        span, replacement = agree_count(ctx.analysis.text, flag.correction_span, flag.correction)
        return Action(
            self.kind,
            _ids(flags),
            span=span,
            replacement=replacement,
            reason=f"{flag.message} (source: {where})",
        )


class RemoveOperator(Operator):
    """Drop the smallest part that carries the problem when no correction exists: the false
    conjunct of a coordination, else the sentence."""

    kind = ActionKind.REMOVE
    decision = Decision.REVISE
    edits_text = True

    def act(self, flags: Sequence[tuple[int, Flag]], ctx: MitigationContext) -> Action:
        _, flag = flags[0]
        span = removal_span(ctx.analysis, flag)
        return Action(self.kind, _ids(flags), span=span, replacement="", reason=flag.message)


class RegenerateOperator(Operator):
    """Ask the agent to rewrite the reply, listing what to fix."""

    kind = ActionKind.REGENERATE
    decision = Decision.REJECT

    def act(self, flags: Sequence[tuple[int, Flag]], ctx: MitigationContext) -> Action:
        lines = ["Rewrite the reply. Fix these problems:"]
        for _, flag in flags:
            fix = f" Use: {flag.correction}." if flag.correction else ""
            hint = f" {flag.suggestion}" if flag.suggestion and not flag.correction else ""
            lines.append(f'- "{flag.content}" ({flag.type}): {flag.message}.{fix}{hint}')
        lines.append("State only what the knowledge base or the user supports.")
        return Action(
            self.kind,
            _ids(flags),
            guidance="\n".join(lines),
            reason=(
                f"{len(flags)} severe problem{'' if len(flags) == 1 else 's'}: "
                "patching would be worse than rewriting"
            ),
        )


class EscalateOperator(Operator):
    """Hold the reply for human review."""

    kind = ActionKind.ESCALATE
    decision = Decision.REJECT

    def act(self, flags: Sequence[tuple[int, Flag]], ctx: MitigationContext) -> Action:
        _, flag = flags[0]
        return Action(
            self.kind,
            _ids(flags),
            span=flag.span,
            reason=f"needs human review: {flag.message}",
        )
