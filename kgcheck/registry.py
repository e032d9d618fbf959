"""Typed registries of what the engine is made of, open to plugins.

- ``detectors`` (``Registry[Detector]``): the checks, by name; entry-point group
  ``kgcheck.detectors``.
- ``providers`` (``Registry[Provider]``): shared per-turn results detectors ``require``;
  ``kgcheck.providers``.
- ``actions`` (``Registry[Operator]``): mitigation operators, by action kind;
  ``kgcheck.actions``.
- ``stores`` (``Registry[FlagStore]``): flag-store back-ends, by the scheme of ``store.backend``
  (``memory``, ``oxigraph:<dir>``, ``sparql:<url>``); ``kgcheck.stores``.
- ``kb_stores`` (``Registry[KbBackend]``): where the KB's store lives, by the scheme of
  ``knowledge_base.store`` (``memory``, ``oxigraph:<dir>``, ``sparql:<url>``);
  ``kgcheck.kb_stores``.

Built-ins are registered here, one line each, as ``"module:Class"`` paths so that nothing is
imported before it is used; third parties add theirs through the entry-point groups
(``name = "package.module:Class"``) or at run time with ``register``. A name that is not
registered, a plugin that cannot be imported, or a class of the wrong kind is a ``ConfigError``
that names the registry, the name and the path.
"""

from __future__ import annotations

import difflib
from importlib import import_module
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Generic, TypeVar

from kgcheck.errors import ConfigError, PluginUnusable, UnknownPlugin
from kgcheck.types import ActionKind, FlagType

if TYPE_CHECKING:
    from kgcheck.detectors.base import Detector
    from kgcheck.kb.backends import KbBackend
    from kgcheck.mitigation.operator import Operator
    from kgcheck.providers.base import Provider
    from kgcheck.store.base import FlagStore

__all__ = ["Registry", "actions", "detectors", "kb_stores", "providers", "stores"]

T = TypeVar("T")


class Registry(Generic[T]):
    """Name -> class of one kind, filled from ``"module:Class"`` paths (built-ins, entry points)
    and classes registered at run time; every class is checked against ``base`` on loading."""

    def __init__(self, kind: str, group: str, base: str, builtins: dict[str, str]) -> None:
        self.kind = kind
        self.group = group
        self._base = base
        self._paths = dict(builtins)
        self._builtins = tuple(builtins)
        self._loaded: dict[str, type[T]] = {}
        self._plugins_read = False

    def register(self, name: str, cls: type[T] | str) -> None:
        """Register ``cls`` (a class, or a ``"module:Class"`` path loaded on first use)."""
        if isinstance(cls, str):
            self._paths[name] = cls
            self._loaded.pop(name, None)
            return
        self._loaded[name] = self._checked(name, cls, f"{cls.__module__}:{cls.__qualname__}")
        self._paths[name] = f"{cls.__module__}:{cls.__qualname__}"

    def builtins(self) -> tuple[str, ...]:
        """The built-in names, in the order they run (plugins run when configured)."""
        return self._builtins

    def names(self) -> list[str]:
        self._read_plugins()
        return sorted(self._paths)

    def __contains__(self, name: object) -> bool:
        self._read_plugins()
        return name in self._paths

    def get(self, name: str) -> type[T]:
        """The class registered as ``name``.

        Raises:
            ConfigError: nothing is registered under ``name`` (KGC111), or its module cannot
                be imported, or it is not a class of this registry's kind (KGC112).
        """
        if name in self._loaded:
            return self._loaded[name]
        self._read_plugins()
        path = self._paths.get(name)
        if path is None:
            raise self.unknown(name)
        module, _, attr = path.partition(":")
        try:
            found = getattr(import_module(module), attr)
        except Exception as exc:  # a plugin that is missing or broken
            raise PluginUnusable(
                f"{self.kind} {name!r} ({path}, entry-point group {self.group}) cannot be "
                f"loaded: {type(exc).__name__}: {exc}"
            ) from exc
        cls = self._checked(name, found, path)
        self._loaded[name] = cls
        return cls

    def unknown(self, name: str) -> UnknownPlugin:
        """The error for ``name``, which names nothing registered: the close match, if any,
        and the known names."""
        known = self.names()
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return UnknownPlugin(f"unknown {self.kind} {name!r}{hint}; known: {', '.join(known)}")

    def load_all(self) -> list[type[T]]:
        """Every registered class that can be loaded (a broken plugin is skipped here; ``get``
        reports it where it is used)."""
        out = []
        for name in self.names():
            try:
                out.append(self.get(name))
            except ConfigError:
                continue
        return out

    def _checked(self, name: str, found: object, path: str) -> type[T]:
        module, _, attr = self._base.partition(":")
        base = getattr(import_module(module), attr)
        if not (isinstance(found, type) and issubclass(found, base)):
            raise PluginUnusable(f"{self.kind} {name!r} ({path}) is not a subclass of {self._base}")
        return found

    def _read_plugins(self) -> None:
        if self._plugins_read:
            return
        self._plugins_read = True
        for ep in entry_points(group=self.group):
            self._paths.setdefault(ep.name, ep.value)


detectors: Registry[Detector] = Registry(
    "detector",
    "kgcheck.detectors",
    "kgcheck.detectors.base:Detector",
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
        "mismatched_item": "kgcheck.detectors.mismatched_item:MismatchedItemDetector",
        "misstated_list": "kgcheck.detectors.misstated_list:MisstatedListDetector",
        "misstated_days": "kgcheck.detectors.misstated_days:MisstatedDaysDetector",
        "misstated_code": "kgcheck.detectors.misstated_code:MisstatedCodeDetector",
        "misstated_total": "kgcheck.detectors.misstated_total:MisstatedTotalDetector",
        "misstated_request": "kgcheck.detectors.misstated_request:MisstatedRequestDetector",
        "unsupported_claim": "kgcheck.detectors.unsupported_claim:UnsupportedClaimDetector",
    },
)

providers: Registry[Provider] = Registry(
    "provider",
    "kgcheck.providers",
    "kgcheck.providers.base:Provider",
    {
        "numeric_claims": "kgcheck.providers.numeric_claims:NumericClaimsProvider",
        "grounding": "kgcheck.providers.grounding:GroundingProvider",
        "items": "kgcheck.providers.items:ItemsProvider",
    },
)

actions: Registry[Operator] = Registry(
    "action",
    "kgcheck.actions",
    "kgcheck.mitigation.operator:Operator",
    {
        "none": "kgcheck.mitigation.operators:NoneOperator",
        "flag": "kgcheck.mitigation.operators:FlagOperator",
        "correct": "kgcheck.mitigation.operators:CorrectOperator",
        "remove": "kgcheck.mitigation.operators:RemoveOperator",
        "regenerate": "kgcheck.mitigation.operators:RegenerateOperator",
        "escalate": "kgcheck.mitigation.operators:EscalateOperator",
    },
)

stores: Registry[FlagStore] = Registry(
    "flag store",
    "kgcheck.stores",
    "kgcheck.store.base:FlagStore",
    {
        "memory": "kgcheck.store.oxigraph:OxigraphFlagStore",
        "oxigraph": "kgcheck.store.oxigraph:OxigraphFlagStore",
        "sparql": "kgcheck.store.sparql:SparqlFlagStore",
    },
)

kb_stores: Registry[KbBackend] = Registry(
    "knowledge-base store",
    "kgcheck.kb_stores",
    "kgcheck.kb.backends:KbBackend",
    {
        "memory": "kgcheck.kb.backends:MemoryBackend",
        "oxigraph": "kgcheck.kb.backends:OxigraphBackend",
        "sparql": "kgcheck.kb.backends:SparqlBackend",
    },
)


def _discover_flag_types() -> None:
    """Load every registered detector, so that the flag types plugins declare are known."""
    detectors.load_all()


def _discover_action_kinds() -> None:
    """Load every registered operator, so that the action kinds plugins declare are known."""
    actions.load_all()


FlagType._discover = staticmethod(_discover_flag_types)
ActionKind._discover = staticmethod(_discover_action_kinds)
