"""Mitigation: a policy turns scored flags into operator actions and a decision."""

from kgcheck.mitigation.mitigator import Mitigation, Mitigator
from kgcheck.mitigation.operator import MitigationContext, Operator

__all__ = ["Mitigation", "MitigationContext", "Mitigator", "Operator"]
