"""The provider interface and the per-turn store of shared results."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from kgcheck.failures import CheckError, record_failure

if TYPE_CHECKING:
    from kgcheck.detectors.base import DetectionContext
    from kgcheck.nli.batch import NliRequest

__all__ = ["ModelProvider", "Provider", "TurnResults"]


class Provider(ABC):
    """Computes one shared result of a turn (``name``) from a ``DetectionContext``.

    A provider that raises is a failed check (``stage``, ``failure_code`` in ``report.errors``;
    ``on_error`` decides what it does to the decision) and its result is ``None``: the
    detectors that read it see nothing rather than a wrong answer.
    """

    name: ClassVar[str]
    #: The stage a failure is reported under (``report.errors``) and timed as.
    stage: ClassVar[str]
    failure_code: ClassVar[str]

    @abstractmethod
    def compute(self, ctx: DetectionContext) -> Any:
        """The result for the turn of ``ctx``."""


class ModelProvider(Provider):
    """A provider whose result needs the NLI model: it names its pairs (``ask``) so that the
    checker scores them in the turn's one model pass; ``compute`` asks the model alone."""

    @abstractmethod
    def ask(self, ctx: DetectionContext) -> NliRequest | None:
        """The pairs to score, whose ``answer`` stores the result (``ctx.results.put``);
        ``None`` when there is nothing to ask (the result stays ``None``)."""

    def compute(self, ctx: DetectionContext) -> Any:
        from kgcheck.nli.batch import score_together

        request = self.ask(ctx)
        if request is None or ctx.nli is None:
            return None
        (scores,) = score_together(ctx.nli, [request.pairs])
        request.answer(scores)
        return ctx.results.peek(self.name)


class TurnResults:
    """The shared results of one turn, and what went wrong while computing them: the
    ``skipped`` notes and ``errors`` of the report. One per turn, never shared."""

    def __init__(self, providers: dict[str, Provider] | None = None) -> None:
        self._providers = providers
        self._values: dict[str, Any] = {}
        #: Parts of a check that could not run, for the report's ``skipped``.
        self.notes: list[str] = []
        #: Parts of a check that failed, for the report's ``errors``.
        self.errors: list[CheckError] = []

    def provider(self, name: str) -> Provider:
        if self._providers is not None and name in self._providers:
            return self._providers[name]
        from kgcheck.registry import providers

        instance = providers.get(name)()
        if self._providers is None:
            self._providers = {}
        self._providers[name] = instance
        return instance

    def peek(self, name: str) -> Any:
        """The result ``name`` if computed (``None``: not yet, or it failed)."""
        return self._values.get(name)

    def put(self, name: str, value: Any) -> None:
        self._values[name] = value

    def get(self, name: str, ctx: DetectionContext) -> Any:
        """The result ``name``, computed now if it is not yet (once: a failure is recorded
        and remembered as ``None``)."""
        if name not in self._values:
            provider = self.provider(name)
            try:
                self._values[name] = provider.compute(ctx)
            except Exception as exc:  # the other checks still run; on_error decides
                self._values[name] = None
                record_failure(self.errors, self.notes, provider.stage, provider.failure_code, exc)
        return self._values[name]

    def fail(self, stage: str, code: str, reason: str) -> None:
        """Record a failed part of a check once."""
        error = CheckError(stage, code, reason)
        if error not in self.errors:
            self.errors.append(error)
