"""The detector interface: each detector declares what it emits and requires, reads one
``DetectionContext`` and returns flags; a ``ModelDetector`` also asks the NLI model, in a pass
the checker shares among detectors."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from kgcheck.config import (
    Config,
    NliConfig,
    NoParams,
    NumericConfig,
    TemporalConfig,
    validate_params,
)
from kgcheck.detectors.model_checks import nli_scores
from kgcheck.failures import CheckError
from kgcheck.history.embeddings import SentenceEncoder
from kgcheck.history.state import DialogueState
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nli.batch import NliRequest
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.providers.base import TurnResults
from kgcheck.types import Flag, FlagType

if TYPE_CHECKING:
    from kgcheck.nli.grounding import GroundingReport
    from kgcheck.nli.scorer import NliScorer
    from kgcheck.numeric_claims import NumericClaim
    from kgcheck.rules.engine import RuleEngine

__all__ = ["DetectionContext", "Detector", "ModelDetector", "NoParams", "Source"]


@dataclass(frozen=True, slots=True)
class Source:
    """A document the agent answered from, cited in replies as ``[id]``."""

    id: str
    text: str


@dataclass(frozen=True)
class DetectionContext:
    """What a detector may read: the turn's analysis, the KB, the conversation, the time, the
    configuration, the shared tools (rules, the NLI model, the sentence embedder) and the
    turn's shared results (``results``: numeric claims, grounding, ...)."""

    analysis: TurnAnalysis
    kb: KnowledgeBase
    state: DialogueState
    now: datetime | None
    #: Source documents the agent answered from: ``{"id": "S0", "text": "..."}``.
    sources: tuple[Source, ...] = ()
    #: The whole configuration; a detector reads its own settings from its ``params``.
    config: Config = field(default_factory=Config)
    #: The declarative rules (rule files and shapes) bound to the KB, when configured.
    rules: RuleEngine | None = None
    #: The NLI model (``None``: NLI is off).
    nli: NliScorer | None = None
    #: The sentence embedder that finds the earlier sentences to compare (``None``: the
    #: state's own, else the shared default one).
    encoder: SentenceEncoder | None = None
    #: The lemmas of a text from the base pipeline (for grounding in long sources).
    lemmas: Callable[[str], list[str]] | None = None
    #: The turn's shared results, computed once (``kgcheck.providers``), with its notes and
    #: failures.
    results: TurnResults = field(default_factory=TurnResults)

    @property
    def numeric(self) -> NumericConfig:
        return self.config.numeric

    @property
    def temporal(self) -> TemporalConfig:
        return self.config.temporal

    @property
    def nli_settings(self) -> NliConfig:
        return self.config.nli

    @property
    def notes(self) -> list[str]:
        """Parts of a check that could not run, for the report's ``skipped``."""
        return self.results.notes

    @property
    def errors(self) -> list[CheckError]:
        """Parts of a check that failed (the model, a rule), for the report's ``errors``."""
        return self.results.errors

    @property
    def numeric_claims(self) -> tuple[NumericClaim, ...] | None:
        """The reply's numeric claims with their verdicts, when computed (``None``: not yet)."""
        value: tuple[NumericClaim, ...] | None = self.results.peek("numeric_claims")
        return value

    @property
    def grounding(self) -> GroundingReport | None:
        """How well the reply is grounded in ``sources`` (``None``: no sources, or no model)."""
        value: GroundingReport | None = self.results.peek("grounding")
        return value

    def require(self, name: str) -> Any:
        """The shared result ``name`` (``kgcheck.registry.providers``), computed once."""
        return self.results.get(name, self)

    def verified_numbers(self) -> tuple[NumericClaim, ...]:
        """The reply's numeric claims with their verdicts (``()`` when verifying failed)."""
        value: tuple[NumericClaim, ...] | None = self.require("numeric_claims")
        return value or ()

    def fail(self, stage: str, code: str, reason: str) -> None:
        """Record a failed part of a check once (``report.errors``; see ``kgcheck.failures``)."""
        self.results.fail(stage, code, reason)


class Detector(ABC):
    """A check that turns a ``DetectionContext`` into flags.

    Subclasses set ``name``, declare the flag types they emit (``emits``: a type -> base
    severity mapping, which registers new types, or registered types; a detector of one type
    may set ``flag_type`` alone) and the shared results they read (``requires``, names of
    ``kgcheck.registry.providers``), may declare a pydantic ``Params`` model for their
    ``detectors.<name>.params`` configuration, and implement ``detect``. The checker drops a
    flag of a type the detector did not declare, or whose span lies outside the reply, and
    reports it as a failure of the detector (KGC706).

    Usage::

        class PolicyDetector(Detector):
            name = "policy"
            emits = {"policy_violation": 0.9}

            def detect(self, ctx):
                return [self.flag(span=..., content=..., message=...)]
    """

    name: ClassVar[str]
    flag_type: ClassVar[FlagType]
    #: The flag types this detector emits (normalised from ``emits`` or ``flag_type``).
    emitted: ClassVar[frozenset[FlagType]] = frozenset()
    emits: ClassVar[Mapping[str, float] | Iterable[str]] = ()
    #: Emits any registered flag type (the declarative rules: each rule names its own).
    any_type: ClassVar[bool] = False
    #: The shared per-turn results read (``kgcheck.providers``), computed before ``detect``.
    requires: ClassVar[frozenset[str]] = frozenset()
    Params: ClassVar[type[BaseModel]] = NoParams

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("emits")
        types: list[FlagType] = []
        if isinstance(declared, Mapping):
            types = [FlagType.register(str(k), float(v)) for k, v in declared.items()]
        elif declared:
            types = [FlagType(t) for t in declared]
        elif "flag_type" in cls.__dict__:
            types = [FlagType(cls.flag_type)]
        if types:
            cls.emitted = frozenset(types)
            if "flag_type" not in cls.__dict__:
                cls.flag_type = types[0]
        cls.requires = frozenset(cls.requires)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.params = validate_params(self.Params, params, f"detectors.{self.name}")

    @abstractmethod
    def detect(self, ctx: DetectionContext) -> list[Flag]:
        """Flags for the problems of this detector's kind in ``ctx.analysis``."""

    def flag(self, **fields: Any) -> Flag:
        fields.setdefault("type", self.flag_type)
        return Flag(detector=self.name, **fields)

    def check_flag(self, flag: Flag, text: str) -> str | None:
        """Why ``flag`` is not one this detector may return on ``text`` (``None``: it is)."""
        if not isinstance(flag, Flag):
            return f"returned {type(flag).__name__}, not a Flag"
        if not (0 <= flag.span.start <= flag.span.end <= len(text)):
            return f"span {flag.span.start}-{flag.span.end} outside the reply (0-{len(text)})"
        if flag.type in self.emitted:
            return None
        try:
            known = FlagType(flag.type)
        except ValueError as exc:
            return str(exc)
        if self.any_type:
            return None
        declared = ", ".join(sorted(self.emitted)) or "none"
        return f"flag type {known!s} not declared in emits ({declared})"


class ModelDetector(Detector):
    """A detector that also asks the NLI model about pairs of sentences.

    ``ask`` runs the detector's own checks and names the pairs the model should score: an
    ``NliRequest`` whose ``answer`` adds the model's findings to the flags ``ask`` returned. The
    checker scores the requests of all detectors of a turn in one model pass
    (``kgcheck.nli.batch``); ``detect`` runs both steps for this detector alone.
    """

    @abstractmethod
    def ask(self, ctx: DetectionContext) -> tuple[list[Flag], NliRequest | None]:
        """The flags found without the model, and what to ask it (``None``: nothing)."""

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        flags, request = self.ask(ctx)
        if request is not None:
            scores = nli_scores(ctx, request.pairs)
            if scores is not None:
                request.answer(scores)
        return flags
