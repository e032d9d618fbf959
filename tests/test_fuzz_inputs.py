"""Property-based fuzzing of what users write besides replies: configurations, rule files and
Turtle knowledge bases (seeded: CI sees the same cases every run). A broken file is always one
of kgcheck's own errors, naming the file, never a raw exception."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgcheck.config import config_from_dict, load_config
from kgcheck.errors import ConfigError, KnowledgeBaseError, RuleError
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.rules.loader import load_rules
from tests.conftest import ACME_DIR, FIXTURES, ROOT

FUZZ = settings(
    max_examples=60,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
FERRY_KB = (FIXTURES / "ferry" / "kb.ttl").read_text(encoding="utf-8")
RULES = (ROOT / "rules" / "acme" / "acme.yaml").read_text(encoding="utf-8")
CONFIG = (ACME_DIR / "kgcheck.yaml").read_text(encoding="utf-8")

#: Edits that have broken parsers before: a character dropped, doubled or replaced by one of
#: these, a line cut short.
NOISE = st.sampled_from(
    ["", "\x00", "\udc80", "\r", "\n", "<", ">", '"', "'", "{", "}", ":", "#", "@", "\\u0000",
     "NaN", "-1", "1e999", "  ", "\t", "- ", "? ", "&a", "*a", "!!python/object:os.system"]
)  # fmt: skip


def _mutate(text: str, edits: list[tuple[int, str, int]]) -> str:
    for position, noise, cut in edits:
        at = position % (len(text) + 1)
        text = text[:at] + noise + text[at + cut % 3 :]
    return text


EDITS = st.lists(st.tuples(st.integers(0, 10**6), NOISE, st.integers(0, 5)), max_size=4)


@FUZZ
@given(edits=EDITS)
def test_fuzz_turtle_is_loaded_or_refused_with_a_kb_error(tmp_path: Path, edits: list) -> None:
    path = tmp_path / "kb.ttl"
    path.write_text(_mutate(FERRY_KB, edits), encoding="utf-8", errors="surrogatepass")
    try:
        KnowledgeBase.open([FIXTURES / "ferry" / "ontology.ttl", path])
    except KnowledgeBaseError as exc:
        assert "kb.ttl" in exc.message


@FUZZ
@given(edits=EDITS)
def test_fuzz_rule_file_is_loaded_or_refused_with_a_rule_error(tmp_path: Path, edits: list) -> None:
    path = tmp_path / "acme.yaml"
    path.write_text(_mutate(RULES, edits), encoding="utf-8", errors="surrogatepass")
    (tmp_path / "acme.shapes.ttl").write_text(
        (ROOT / "rules" / "acme" / "acme.shapes.ttl").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    try:
        load_rules([path])
    except RuleError as exc:
        assert "acme.yaml" in str(exc)


@FUZZ
@given(edits=EDITS)
def test_fuzz_configuration_file_is_read_or_refused_with_a_config_error(
    tmp_path: Path, edits: list
) -> None:
    path = tmp_path / "kgcheck.yaml"
    path.write_text(_mutate(CONFIG, edits), encoding="utf-8", errors="surrogatepass")
    try:
        load_config(path, environ={})
    except ConfigError as exc:
        assert "kgcheck.yaml" in exc.message or "KGCHECK_" in exc.message


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)
KEYS = st.sampled_from(
    ["knowledge_base", "nlp", "detectors", "scoring", "mitigation", "temporal", "numeric", "nli",
     "grounding", "rules", "outputs", "store", "server", "now", "on_error", "sources",
     "flag_threshold", "weights", "tolerances", "model", "max_chars", "params", "enabled"]
)  # fmt: skip
TREES = st.recursive(
    SCALARS, lambda inner: st.dictionaries(KEYS, inner, max_size=4) | st.lists(inner, max_size=3)
)


@FUZZ
@given(raw=st.dictionaries(KEYS, TREES, max_size=5))
def test_fuzz_configuration_mapping_is_valid_or_a_config_error(raw: dict) -> None:
    with contextlib.suppress(ConfigError):
        config_from_dict(raw, environ={})


def test_fuzz_yaml_tags_are_not_executed(tmp_path: Path) -> None:
    path = tmp_path / "kgcheck.yaml"
    path.write_text("now: !!python/object/apply:os.system ['true']\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"kgcheck\.yaml"):
        load_config(path, environ={})
    assert yaml.safe_load("a: 1") == {"a": 1}
