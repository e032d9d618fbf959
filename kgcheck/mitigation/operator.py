"""The operator interface: one small class per mitigation action, looked up by name."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.types import Action, ActionKind, Flag

__all__ = ["MitigationContext", "Operator"]


@dataclass(frozen=True)
class MitigationContext:
    analysis: TurnAnalysis


class Operator(ABC):
    """Turns one flag (or, for ``regenerate`` and ``escalate``, several) into an ``Action``."""

    kind: ClassVar[ActionKind]

    def applies_to(self, flag: Flag) -> bool:
        """Whether this operator can act on ``flag`` (``correct`` needs a correction)."""
        return True

    @abstractmethod
    def act(self, flags: Sequence[tuple[int, Flag]], ctx: MitigationContext) -> Action:
        """The action for ``flags``, given as ``(index in the report, flag)`` pairs."""
