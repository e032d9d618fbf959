"""Checkers the NLP tests read replies with."""

from __future__ import annotations

import pytest

from kgcheck import Checker
from tests.conftest import FIXTURES


@pytest.fixture(scope="session")
def dairy() -> Checker:
    """The show dairy's checker (``tests/fixtures/dairy``): a domain of its own."""
    return Checker.from_config(FIXTURES / "dairy" / "kgcheck.yaml")
