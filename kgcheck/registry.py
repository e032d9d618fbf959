"""Named registries of detectors and mitigation operators, open to plugins.

Built-ins are registered here explicitly; third parties add theirs through the entry-point groups
``kgcheck.detectors`` and ``kgcheck.actions`` (``name = "package.module:Class"``), or at run time
with ``register``.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points
from typing import Generic, TypeVar

from kgcheck.errors import ConfigError

__all__ = ["Registry", "actions", "detectors"]

T = TypeVar("T")


class Registry(Generic[T]):
    """Name -> class, filled from ``"module:Class"`` paths so that nothing imports eagerly."""

    def __init__(self, kind: str, group: str, builtins: dict[str, str]) -> None:
        self.kind = kind
        self.group = group
        self._paths = dict(builtins)
        self._loaded: dict[str, type[T]] = {}
        self._plugins_read = False

    def register(self, name: str, cls: type[T] | str) -> None:
        if isinstance(cls, str):
            self._paths[name] = cls
            self._loaded.pop(name, None)
        else:
            self._loaded[name] = cls
            self._paths[name] = f"{cls.__module__}:{cls.__qualname__}"

    def names(self) -> list[str]:
        self._read_plugins()
        return sorted(self._paths)

    def get(self, name: str) -> type[T]:
        """The class registered as ``name``.

        Raises:
            ConfigError: nothing is registered under ``name``.
        """
        if name in self._loaded:
            return self._loaded[name]
        self._read_plugins()
        path = self._paths.get(name)
        if path is None:
            raise ConfigError(
                f"unknown {self.kind} {name!r}; known: {', '.join(self.names())}", code="KGC111"
            )
        module, _, attr = path.partition(":")
        cls: type[T] = getattr(import_module(module), attr)
        self._loaded[name] = cls
        return cls

    def _read_plugins(self) -> None:
        if self._plugins_read:
            return
        self._plugins_read = True
        for ep in entry_points(group=self.group):
            self._paths.setdefault(ep.name, ep.value)


detectors: Registry[object] = Registry(
    "detector",
    "kgcheck.detectors",
    {
        "nonexistent_entity": "kgcheck.detectors.nonexistent_entity:NonexistentEntityDetector",
        "wrong_attribute": "kgcheck.detectors.wrong_attribute:WrongAttributeDetector",
        "fabricated_fact": "kgcheck.detectors.fabricated_fact:FabricatedFactDetector",
        "contradicts_fact": "kgcheck.detectors.contradicts_fact:ContradictsFactDetector",
        "contradicts_prior": "kgcheck.detectors.contradicts_prior:ContradictsPriorDetector",
        "logical_inconsistency": (
            "kgcheck.detectors.logical_inconsistency:LogicalInconsistencyDetector"
        ),
        "rules": "kgcheck.detectors.rules:RulesDetector",
        "temporal_error": "kgcheck.detectors.temporal_error:TemporalErrorDetector",
        "numeric_claim": "kgcheck.detectors.numeric_claim:NumericClaimDetector",
        "swapped_value": "kgcheck.detectors.swapped_value:SwappedValueDetector",
        "misstated_value": "kgcheck.detectors.misstated_value:MisstatedValueDetector",
        "mismatched_entry": "kgcheck.detectors.mismatched_entry:MismatchedEntryDetector",
        "unsupported_claim": "kgcheck.detectors.unsupported_claim:UnsupportedClaimDetector",
    },
)

actions: Registry[object] = Registry(
    "action",
    "kgcheck.actions",
    {
        "none": "kgcheck.mitigation.operators:NoneOperator",
        "flag": "kgcheck.mitigation.operators:FlagOperator",
        "correct": "kgcheck.mitigation.operators:CorrectOperator",
        "remove": "kgcheck.mitigation.operators:RemoveOperator",
        "regenerate": "kgcheck.mitigation.operators:RegenerateOperator",
        "escalate": "kgcheck.mitigation.operators:EscalateOperator",
    },
)
