"""The conversation so far."""

from kgcheck.history.state import DialogueState, Turn

__all__ = ["DialogueState", "Turn"]
