"""kgcheck: check what a conversational agent is about to say before a person reads it.

Usage::

    from kgcheck import Checker, DialogueState
    checker = Checker.from_config("kgcheck/examples/acme/kgcheck.yaml")
    state = DialogueState(session_id="s1")
    report = checker.check_turn("Dr. Patel works in Oncology.", state)

The plugin API (``Detector``, ``ModelDetector``, ``DetectionContext``, ``Provider``,
``Operator``, ``FlagStore``, with ``Flag``, ``FlagType``, ``Span`` and ``Evidence``) is public:
a plugin imports only these names and registers its classes through the entry-point groups of
``kgcheck.registry``.

The public names are imported on first use (PEP 562), so that ``import kgcheck`` costs
milliseconds and loads none of spaCy, torch, fastapi or matplotlib.
"""

import typing as _typing
from importlib import import_module as _import_module

if _typing.TYPE_CHECKING:
    from kgcheck.checker import Checker, check_turn
    from kgcheck.config import Config, load_config
    from kgcheck.detectors.base import DetectionContext, Detector, ModelDetector, Source
    from kgcheck.errors import (
        ConfigError,
        InputError,
        InvalidQuery,
        KgcheckError,
        KnowledgeBaseError,
        ModelError,
        NotFound,
        RuleError,
        StoreConflict,
        StoreError,
        StoreUnavailable,
    )
    from kgcheck.failures import CheckError
    from kgcheck.history import DialogueState, Turn
    from kgcheck.kb import KnowledgeBase
    from kgcheck.mitigation.operator import MitigationContext, Operator
    from kgcheck.nli.batch import NliRequest
    from kgcheck.providers.base import ModelProvider, Provider
    from kgcheck.report import TurnReport
    from kgcheck.store.base import FlagStore
    from kgcheck.types import (
        Action,
        ActionKind,
        Decision,
        Evidence,
        Flag,
        FlagType,
        Severity,
        Span,
    )

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionKind",
    "CheckError",
    "Checker",
    "Config",
    "ConfigError",
    "Decision",
    "DetectionContext",
    "Detector",
    "DialogueState",
    "Evidence",
    "Flag",
    "FlagStore",
    "FlagType",
    "InputError",
    "InvalidQuery",
    "KgcheckError",
    "KnowledgeBase",
    "KnowledgeBaseError",
    "MitigationContext",
    "ModelDetector",
    "ModelError",
    "ModelProvider",
    "NliRequest",
    "NotFound",
    "Operator",
    "Provider",
    "RuleError",
    "Severity",
    "Source",
    "Span",
    "StoreConflict",
    "StoreError",
    "StoreUnavailable",
    "Turn",
    "TurnReport",
    "__version__",
    "check_turn",
    "load_config",
]

#: Each public name's module, imported when the name is first read.
_MODULES = {
    "Action": "kgcheck.types",
    "ActionKind": "kgcheck.types",
    "CheckError": "kgcheck.failures",
    "Checker": "kgcheck.checker",
    "Config": "kgcheck.config",
    "ConfigError": "kgcheck.errors",
    "Decision": "kgcheck.types",
    "DetectionContext": "kgcheck.detectors.base",
    "Detector": "kgcheck.detectors.base",
    "DialogueState": "kgcheck.history",
    "Evidence": "kgcheck.types",
    "Flag": "kgcheck.types",
    "FlagStore": "kgcheck.store.base",
    "FlagType": "kgcheck.types",
    "InputError": "kgcheck.errors",
    "InvalidQuery": "kgcheck.errors",
    "KgcheckError": "kgcheck.errors",
    "KnowledgeBase": "kgcheck.kb",
    "KnowledgeBaseError": "kgcheck.errors",
    "MitigationContext": "kgcheck.mitigation.operator",
    "ModelDetector": "kgcheck.detectors.base",
    "ModelError": "kgcheck.errors",
    "ModelProvider": "kgcheck.providers.base",
    "NliRequest": "kgcheck.nli.batch",
    "NotFound": "kgcheck.errors",
    "Operator": "kgcheck.mitigation.operator",
    "Provider": "kgcheck.providers.base",
    "RuleError": "kgcheck.errors",
    "Severity": "kgcheck.types",
    "Source": "kgcheck.detectors.base",
    "Span": "kgcheck.types",
    "StoreConflict": "kgcheck.errors",
    "StoreError": "kgcheck.errors",
    "StoreUnavailable": "kgcheck.errors",
    "Turn": "kgcheck.history",
    "TurnReport": "kgcheck.report",
    "check_turn": "kgcheck.checker",
    "load_config": "kgcheck.config",
}


if not _typing.TYPE_CHECKING:  # type checkers see the imports above, and no __getattr__

    def __getattr__(name: str) -> object:
        module = _MODULES.get(name)
        if module is None:
            raise AttributeError(f"module 'kgcheck' has no attribute {name!r}")
        value = getattr(_import_module(module), name)
        globals()[name] = value  # later reads skip this function
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__})
