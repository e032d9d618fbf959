"""The public surface of ``kgcheck`` is pinned: adding or dropping a name is a decision."""

from __future__ import annotations

from importlib.metadata import version

import kgcheck

EXPORTED = [
    "StoreUnavailable",
    "StoreConflict",
    "NotFound",
    "InvalidQuery",
    "NliRequest",
    "ModelProvider",
    "Provider",
    "FlagStore",
    "MitigationContext",
    "Operator",
    "Source",
    "ModelDetector",
    "Detector",
    "DetectionContext",
    "Action",
    "ActionKind",
    "CheckError",
    "Checker",
    "Config",
    "ConfigError",
    "Decision",
    "DialogueState",
    "Evidence",
    "Flag",
    "FlagType",
    "InputError",
    "KgcheckError",
    "KnowledgeBase",
    "KnowledgeBaseError",
    "ModelError",
    "RuleError",
    "Severity",
    "Span",
    "StoreError",
    "Turn",
    "TurnReport",
    "__version__",
    "check_turn",
    "load_config",
]


def test_exported_members_all_is_pinned() -> None:
    assert sorted(kgcheck.__all__) == sorted(EXPORTED)


def test_exported_members_all_resolve() -> None:
    for name in kgcheck.__all__:
        assert getattr(kgcheck, name) is not None, name


def test_exported_members_public_names_are_all_exported() -> None:
    public = {
        name
        for name, value in vars(kgcheck).items()
        if not name.startswith("_") and not getattr(value, "__name__", "").startswith("kgcheck.")
    }
    assert public <= set(kgcheck.__all__)


def test_exported_members_version_matches_distribution() -> None:
    assert kgcheck.__version__ == version("kgcheck")


def test_exported_members_errors_share_one_base() -> None:
    for name in ("ConfigError", "InputError", "KnowledgeBaseError", "ModelError", "RuleError"):
        error = getattr(kgcheck, name)
        assert issubclass(error, kgcheck.KgcheckError)
        assert error("boom").code.startswith("KGC")
