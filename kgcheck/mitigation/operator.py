"""The operator interface: one small class per mitigation action, looked up by name."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel

from kgcheck.config import NoParams, validate_params
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.types import Action, ActionKind, Decision, Flag

__all__ = ["MitigationContext", "NoParams", "Operator"]


@dataclass(frozen=True)
class MitigationContext:
    analysis: TurnAnalysis


class Operator(ABC):
    """Turns one flag (or, for ``regenerate`` and ``escalate``, several) into an ``Action``.

    Subclasses set ``kind`` (the action kind it produces, registered on definition: a plugin's
    operator may name a kind of its own), ``decision`` (the least decision on the turn its action
    implies) and ``edits_text`` (whether its action may change the reply: a flag an NLI model
    raised alone never gets such an operator), and may declare a pydantic ``Params`` model for
    ``mitigation.actions.<type>.params``.
    """

    kind: ClassVar[ActionKind]
    decision: ClassVar[Decision] = Decision.ACCEPT_WITH_WARNINGS
    edits_text: ClassVar[bool] = False
    Params: ClassVar[type[BaseModel]] = NoParams

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in cls.__dict__:
            cls.kind = ActionKind.register(str(cls.kind))

    def __init__(self, params: dict[str, Any] | None = None, *, where: str = "") -> None:
        self.params = validate_params(self.Params, params, where or str(self.kind))

    def applies_to(self, flag: Flag) -> bool:
        """Whether this operator can act on ``flag`` (``correct`` needs a correction)."""
        return True

    @abstractmethod
    def act(self, flags: Sequence[tuple[int, Flag]], ctx: MitigationContext) -> Action:
        """The action for ``flags``, given as ``(index in the report, flag)`` pairs."""
