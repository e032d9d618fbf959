"""``rules``: the declarative rules of the configuration (YAML rules, SPARQL, SHACL shapes).

Each violation becomes a flag of the type the rule declares, carrying the rule id, the rule's
severity and, when the rule names one, the operator to apply. Rules are configured by the
``rules:`` key of ``kgcheck.yaml`` (see ``kgcheck.rules``); without rules this detector is silent.
"""

from __future__ import annotations

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.failures import RULE_FAILED
from kgcheck.types import Flag, FlagType

__all__ = ["RulesDetector"]


class RulesDetector(Detector):
    name = "rules"
    #: Rule flags take their type from the rule: any registered type.
    flag_type = FlagType.CONTRADICTS_FACT
    any_type = True

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        if ctx.rules is None:
            return []
        flags, notes = ctx.rules.reply_flags(ctx.analysis, ctx.state, ctx.now)
        for note in notes:  # a rule that could not be evaluated is a failure, not a skip
            ctx.notes.append(f"{self.name}: {note}")
            ctx.fail(self.name, RULE_FAILED, note)
        return flags
