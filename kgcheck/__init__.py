"""kgcheck: check what a conversational agent is about to say before a person reads it.

Usage::

    from kgcheck import Checker, DialogueState
    checker = Checker.from_config("data/acme/kgcheck.yaml")
    state = DialogueState(session_id="s1")
    report = checker.check_turn("Dr. Patel works in Oncology.", state)
"""

from kgcheck.checker import Checker, check_turn
from kgcheck.config import Config, load_config
from kgcheck.errors import (
    ConfigError,
    InputError,
    KgcheckError,
    KnowledgeBaseError,
    ModelError,
    RuleError,
    StoreError,
)
from kgcheck.failures import CheckError
from kgcheck.history import DialogueState, Turn
from kgcheck.kb import KnowledgeBase
from kgcheck.report import TurnReport
from kgcheck.types import Action, ActionKind, Decision, Evidence, Flag, FlagType, Severity, Span

__version__ = "0.1.0"

__all__ = [
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
