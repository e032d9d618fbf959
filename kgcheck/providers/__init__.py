"""Shared per-turn results: what several detectors read, computed once per turn.

A detector declares the results it reads (``Detector.requires``, e.g. ``{"numeric_claims"}``);
the checker computes each required result once per turn, through the provider registered under
that name (``kgcheck.registry.providers``), before the detectors run. A detector run on its own
(``detector.detect(ctx)``) gets the result computed on first use.
"""

from kgcheck.providers.base import ModelProvider, Provider, TurnResults

__all__ = ["ModelProvider", "Provider", "TurnResults"]
