"""The evaluation of ``tests/fixtures/labelled_small.jsonl``, run once for the report tests."""

from __future__ import annotations

import pytest

from kgcheck.evaluation import EvalResult, evaluate, load_dataset
from tests.conftest import FIXTURES


@pytest.fixture(scope="session")
def small_result() -> EvalResult:
    return evaluate(load_dataset(FIXTURES / "labelled_small.jsonl"), target=0.2)
