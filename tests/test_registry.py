"""Registries of detectors and operators: built-ins by name, plugins at run time."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from kgcheck import ConfigError, Flag
from kgcheck.config import KnowledgeBaseConfig, StoreConfig
from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.registry import Registry, actions, detectors, kb_stores, providers, stores
from kgcheck.types import FlagType


def test_registry_lists_the_built_in_detectors() -> None:
    assert {
        "nonexistent_entity",
        "wrong_attribute",
        "fabricated_fact",
        "contradicts_fact",
    } <= set(detectors.names())


def test_registry_lists_the_built_in_operators() -> None:
    assert {"none", "flag", "correct", "remove", "regenerate", "escalate"} <= set(actions.names())


@pytest.mark.parametrize("name", ["wrong_attribute", "contradicts_fact"])
def test_registry_get_returns_the_detector_class(name: str) -> None:
    cls = detectors.get(name)
    assert issubclass(cls, Detector)
    assert cls.name == name


def test_registry_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(ConfigError) as info:
        detectors.get("no_such_detector")
    assert "no_such_detector" in str(info.value)
    assert "wrong_attribute" in str(info.value)


def test_registry_unknown_name_suggests_the_closest_known_one() -> None:
    with pytest.raises(ConfigError) as info:
        actions.get("escalte")
    assert info.value.code == "KGC111"
    assert info.value.message.startswith("unknown action 'escalte' (did you mean 'escalate'?); ")
    assert "(did you mean" not in detectors.unknown("zzz").message


class _AlwaysQuiet(Detector):
    name = "always_quiet"
    flag_type = FlagType.UNSUPPORTED_CLAIM

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        return []


_BASE = "kgcheck.detectors.base:Detector"


def test_registry_register_a_class_at_run_time() -> None:
    registry: Registry[Detector] = Registry("detector", "kgcheck.tests.none", _BASE, {})
    registry.register("always_quiet", _AlwaysQuiet)
    assert registry.get("always_quiet") is _AlwaysQuiet
    assert registry.names() == ["always_quiet"]


def test_registry_register_a_dotted_path_loads_lazily() -> None:
    registry: Registry[Detector] = Registry("detector", "kgcheck.tests.none", _BASE, {})
    registry.register("quiet", f"{__name__}:_AlwaysQuiet")
    assert registry.get("quiet") is _AlwaysQuiet


def test_registry_plugin_detector_runs_in_the_checker(
    monkeypatch: pytest.MonkeyPatch, make_checker
) -> None:
    monkeypatch.setitem(detectors._paths, "always_quiet", f"{__name__}:_AlwaysQuiet")
    monkeypatch.setitem(detectors._loaded, "always_quiet", _AlwaysQuiet)
    checker = make_checker('ex:a rdfs:label "Ann Archer" .\n', detectors={"always_quiet": {}})
    assert "always_quiet" in [d.name for d in checker.detectors]
    assert checker.check_turn("Ann Archer is here.").flags == []


def test_registry_missing_plugin_module_is_a_config_error_naming_it() -> None:
    registry: Registry[Detector] = Registry("detector", "kgcheck.tests.none", _BASE, {})
    registry.register("ghost", "no_such_package.detectors:Ghost")
    with pytest.raises(ConfigError) as info:
        registry.get("ghost")
    assert info.value.code == "KGC112"
    assert "ghost" in info.value.message and "no_such_package" in info.value.message


def test_registry_rejects_a_class_of_the_wrong_kind() -> None:
    registry: Registry[Detector] = Registry("detector", "kgcheck.tests.none", _BASE, {})
    registry.register("not_a_detector", "collections:OrderedDict")
    with pytest.raises(ConfigError) as info:
        registry.get("not_a_detector")
    assert info.value.code == "KGC112" and "not a subclass" in info.value.message


def test_registry_built_ins_keep_their_order() -> None:
    assert detectors.builtins()[:3] == ("nonexistent_entity", "wrong_attribute", "fabricated_fact")
    assert set(stores.builtins()) == {"memory", "oxigraph", "sparql"}
    assert set(providers.builtins()) == {"numeric_claims", "grounding", "items"}
    assert set(kb_stores.builtins()) == {"memory", "oxigraph", "sparql"}


def test_registry_unknown_store_schemes_are_configuration_errors() -> None:
    with pytest.raises(ValidationError, match="expected 'memory' or one of 'oxigraph:<location>'"):
        KnowledgeBaseConfig(store="postgres:kb")
    with pytest.raises(ValidationError, match="'sparql:<location>'"):
        StoreConfig(backend="mongo:flags")
