"""The detector interface: each detector reads one ``DetectionContext`` and returns flags;
a ``ModelDetector`` also asks the NLI model, in a pass the checker shares among detectors."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from kgcheck.config import NliConfig, NumericConfig, TemporalConfig
from kgcheck.detectors.model_checks import nli_scores
from kgcheck.errors import ConfigError
from kgcheck.failures import CheckError
from kgcheck.history.embeddings import SentenceEncoder
from kgcheck.history.state import DialogueState
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nli.batch import NliRequest
from kgcheck.nlp.analysis import TurnAnalysis
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


class NoParams(BaseModel):
    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class DetectionContext:
    """What a detector may read: the turn's analysis, the KB, the conversation and the time."""

    analysis: TurnAnalysis
    kb: KnowledgeBase
    state: DialogueState
    now: datetime | None
    #: Source documents the agent answered from: ``{"id": "S0", "text": "..."}``.
    sources: tuple[Source, ...] = ()
    #: The ``numeric:`` and ``temporal:`` sections of the configuration.
    numeric: NumericConfig = field(default_factory=NumericConfig)
    temporal: TemporalConfig = field(default_factory=TemporalConfig)
    #: The reply's numeric claims checked against the KB and sources, when the checker has
    #: already done so (``None``: not yet).
    numeric_claims: tuple[NumericClaim, ...] | None = None
    #: The declarative rules (rule files and shapes) bound to the KB, when configured.
    rules: RuleEngine | None = None
    #: The NLI model (``None``: NLI is off) and the ``nli:`` section of the configuration.
    nli: NliScorer | None = None
    nli_settings: NliConfig = field(default_factory=NliConfig)
    #: The sentence embedder that finds the earlier sentences to compare (``None``: the
    #: state's own, else the shared default one).
    encoder: SentenceEncoder | None = None
    #: How well the reply is grounded in ``sources`` (``None``: no sources, or no model).
    grounding: GroundingReport | None = None
    #: Parts of a check a detector could not run (a failing rule), for the report's ``skipped``.
    notes: list[str] = field(default_factory=list)
    #: Parts of a check that failed (the model, a rule), for the report's ``errors``.
    errors: list[CheckError] = field(default_factory=list)

    def verified_numbers(self) -> tuple[NumericClaim, ...]:
        """The reply's numeric claims with their verdicts: the checker's, else checked now."""
        if self.numeric_claims is not None:
            return self.numeric_claims
        from kgcheck.numeric_claims import verify_numeric_claims

        return verify_numeric_claims(self.analysis, self.kb, self.sources, self.now, self.numeric)

    def fail(self, stage: str, code: str, reason: str) -> None:
        """Record a failed part of a check once (``report.errors``; see ``kgcheck.failures``)."""
        error = CheckError(stage, code, reason)
        if error not in self.errors:
            self.errors.append(error)


class Detector(ABC):
    """A check that turns a ``DetectionContext`` into flags of one type.

    Subclasses set ``name`` and ``flag_type``, may declare a pydantic ``Params`` model for their
    ``detectors.<name>.params`` configuration, and implement ``detect``.
    """

    name: ClassVar[str]
    flag_type: ClassVar[FlagType]
    Params: ClassVar[type[BaseModel]] = NoParams

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        try:
            self.params = self.Params.model_validate(params or {})
        except ValidationError as exc:
            problems = "; ".join(
                f"detectors.{self.name}.params.{'.'.join(map(str, e['loc']))}: {e['msg']}"
                for e in exc.errors()
            )
            raise ConfigError(problems, code="KGC110") from exc

    @abstractmethod
    def detect(self, ctx: DetectionContext) -> list[Flag]:
        """Flags for the problems of this detector's kind in ``ctx.analysis``."""

    def flag(self, **fields: Any) -> Flag:
        return Flag(type=self.flag_type, detector=self.name, **fields)


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
