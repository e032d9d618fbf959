"""Declarative rules: YAML rule files (built-in checks or SPARQL), SHACL shapes, and the
validation of structured outputs.

Usage::

    book = load_rules([Path("rules/acme.yaml")])      # RuleError lists every problem
    engine = RuleEngine(book, kb)
    flags, notes = engine.reply_flags(analysis, state, now)
    report = engine.check_output({"total_pages": 3, "boundaries": [...]})
"""

from kgcheck.rules.engine import RuleEngine
from kgcheck.rules.loader import CompiledRule, OutputRuleSet, RuleBook, check_rule_files, load_rules
from kgcheck.rules.masking import Masker
from kgcheck.rules.schema import RuleProblem
from kgcheck.rules.structured import Alert, OutputReport

__all__ = [
    "Alert",
    "CompiledRule",
    "Masker",
    "OutputReport",
    "OutputRuleSet",
    "RuleBook",
    "RuleEngine",
    "RuleProblem",
    "check_rule_files",
    "load_rules",
]
