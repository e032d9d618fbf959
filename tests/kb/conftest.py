"""The parks service the self-test's tests state facts of (``tests/fixtures/selftest``)."""

from __future__ import annotations

import pytest

from kgcheck import KnowledgeBase
from kgcheck.config import Config, load_config
from tests.conftest import FIXTURES

PARKS_CONFIG = FIXTURES / "selftest" / "kgcheck.yaml"
PK = "https://example.org/parks#"


@pytest.fixture(scope="module")
def parks() -> tuple[Config, KnowledgeBase]:
    config = load_config(PARKS_CONFIG)
    return config, KnowledgeBase.open(config.knowledge_base.sources)
