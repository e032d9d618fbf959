"""Fixtures of the rule tests: rule engines over the Acme KB and the bank-statement checker."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kgcheck import Checker, DialogueState, Flag
from kgcheck.rules import RuleEngine, load_rules
from tests.conftest import NOW, ROOT

STATEMENTS_CONFIG = ROOT / "data" / "statements" / "kgcheck.yaml"
ACME_PREFIXES = "prefixes: {ex: 'https://example.org/acme#'}\n"

Reply = Callable[..., list[Flag]]


@pytest.fixture(scope="session")
def statements_checker() -> Checker:
    """The checker of ``data/statements/kgcheck.yaml``; tests must not change it."""
    return Checker.from_config(STATEMENTS_CONFIG)


@pytest.fixture
def write_rules(tmp_path: Path) -> Callable[..., Path]:
    """Write a rule file (YAML text) and return its path."""

    def write(text: str, name: str = "rules.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture
def acme_engine(acme_checker: Checker, write_rules: Callable[..., Path]) -> Callable[..., Any]:
    """``acme_engine(rules_yaml)``: a RuleEngine over the Acme KB (prefix ``ex:`` declared)."""

    def make(body: str, *extra: Path) -> RuleEngine:
        path = write_rules(ACME_PREFIXES + body)
        return RuleEngine(load_rules([path, *extra]), acme_checker.kb)

    return make


@pytest.fixture
def reply_flags(acme_checker: Checker, acme_engine: Callable[..., RuleEngine]) -> Reply:
    """``reply_flags(rules_yaml, reply, history=[(role, text), ...])``: the rules' flags."""

    def run(body: str, reply: str, history: list[tuple[str, str]] | None = None) -> list[Flag]:
        engine = acme_engine(body)
        state = DialogueState(session_id="rules", now=NOW)
        for role, text in history or []:
            state.add_turn(role, text)
        acme_checker.update_history(state)
        analysis = acme_checker.analyzer.analyse(reply, now=state.reference_time)
        flags, notes = engine.reply_flags(analysis, state, state.reference_time)
        assert notes == []
        return flags

    return run
