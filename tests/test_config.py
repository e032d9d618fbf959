"""``kgcheck.yaml``: strict schema, errors that name file, key path and line, env overrides."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kgcheck import Checker, ConfigError, FlagType, load_config
from kgcheck.config import ActionSettings, Config, DetectorSettings, NliConfig, config_from_dict
from kgcheck.registry import detectors
from tests.conftest import ACME_CONFIG, ACME_DIR, FIXTURES


def write_config(tmp_path: Path, text: str, name: str = "kgcheck.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_load_config_reads_the_acme_example() -> None:
    config = load_config(ACME_CONFIG, environ={})
    assert [p.name for p in config.knowledge_base.sources] == ["ontology.ttl", "kb.ttl"]
    assert all(p.is_file() for p in config.knowledge_base.sources)
    assert config.knowledge_base.store == "memory"
    assert config.now == datetime(2026, 11, 22, 10, tzinfo=UTC)
    assert config.mitigation.flag_threshold == 0.5
    assert config.mitigation.correct_threshold == 0.8
    assert config.mitigation.regenerate_min_flags == 3
    assert config.source == ACME_CONFIG
    assert set(config.detectors) == {
        "nonexistent_entity",
        "wrong_attribute",
        "fabricated_fact",
        "contradicts_fact",
    }


def test_load_config_empty_file_gives_defaults(tmp_path: Path) -> None:
    config = load_config(write_config(tmp_path, "# nothing set\n"), environ={})
    assert config.knowledge_base.sources == []
    assert config.mitigation.flag_threshold == 0.5
    assert config.detector("wrong_attribute").enabled is True


def test_load_config_unknown_key_names_file_key_path_and_line() -> None:
    path = FIXTURES / "config_unknown_key.yaml"
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    message = str(info.value)
    assert str(path) in message
    assert "mitigation.flag_treshold" in message
    assert "line 6" in message
    assert info.value.code == "KGC103"


def test_load_config_invalid_yaml_names_file_and_line() -> None:
    path = FIXTURES / "config_bad_yaml.yaml"
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert str(path) in str(info.value)
    assert re.search(r"line [45]\b", str(info.value))
    assert info.value.code == "KGC101"


def test_load_config_top_level_list_is_rejected(tmp_path: Path) -> None:
    path = write_config(tmp_path, "- knowledge_base\n- mitigation\n")
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert str(path) in str(info.value)
    assert info.value.code == "KGC102"


@pytest.mark.parametrize(
    ("text", "key_path", "line"),
    [
        ("mitigation:\n  flag_threshold: high\n", "mitigation.flag_threshold", 2),
        ("mitigation:\n  flag_threshold: 1.5\n", "mitigation.flag_threshold", 2),
        ("mitigation:\n  regenerate_min_flags: 0\n", "mitigation.regenerate_min_flags", 2),
        ("knowledge_base:\n  store: postgres://db\n", "knowledge_base.store", 2),
        ("knowledge_base:\n  fuzzy_min_length: 1\n", "knowledge_base.fuzzy_min_length", 2),
        ("now: not-a-time\n", "now", 1),
        ("scoring:\n  weights: {kb: 0.5, vibes: 0.5}\n", "scoring.weights", 2),
        ("scoring:\n  base_severity: {wrong_attribute: 2}\n", "scoring.base_severity", 2),
        ("mitigation:\n  actions: {made_up_type: flag}\n", "mitigation.actions", 2),
        ("detectors:\n  wrong_attribute: {enabled: maybe}\n", "detectors.wrong_attribute", 2),
    ],
)
def test_load_config_bad_value_names_key_path_and_line(
    tmp_path: Path, text: str, key_path: str, line: int
) -> None:
    path = write_config(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    message = str(info.value)
    assert str(path) in message
    assert key_path in message
    assert f"line {line}" in message


def test_load_config_missing_file_names_the_path(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "kgcheck.yaml"
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert str(path) in str(info.value)


def test_load_config_paths_are_relative_to_the_config_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    conf_dir = tmp_path / "conf"
    conf_dir.mkdir()
    absolute = tmp_path / "elsewhere" / "abs.ttl"
    path = write_config(
        conf_dir,
        f"knowledge_base:\n  sources: [kb/kb.ttl, '{absolute}']\n  store: oxigraph:store\n",
    )
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    config = load_config(path, environ={})
    assert config.knowledge_base.sources == [conf_dir / "kb" / "kb.ttl", absolute]
    assert config.knowledge_base.store == f"oxigraph:{conf_dir / 'store'}"


def test_config_from_dict_resolves_against_base_dir(tmp_path: Path) -> None:
    config = config_from_dict({"knowledge_base": {"sources": ["a.ttl"]}}, base_dir=tmp_path)
    assert config.knowledge_base.sources == [tmp_path / "a.ttl"]


@pytest.mark.parametrize(
    ("name", "value", "section", "key", "expected"),
    [
        ("KGCHECK_MITIGATION__FLAG_THRESHOLD", "0.7", "mitigation", "flag_threshold", 0.7),
        ("KGCHECK_MITIGATION__MAX_CORRECTIONS", "1", "mitigation", "max_corrections", 1),
        ("KGCHECK_KNOWLEDGE_BASE__FUZZY", "false", "knowledge_base", "fuzzy", False),
        ("KGCHECK_NLP__PIPELINE", "blank", "nlp", "pipeline", "blank"),
    ],
)
def test_load_config_env_override_replaces_file_value(
    name: str, value: str, section: str, key: str, expected: object
) -> None:
    config = load_config(ACME_CONFIG, environ={name: value})
    assert getattr(getattr(config, section), key) == expected


def test_load_config_env_override_of_now() -> None:
    config = load_config(ACME_CONFIG, environ={"KGCHECK_NOW": "2030-01-01T00:00:00+00:00"})
    assert config.now == datetime(2030, 1, 1, tzinfo=UTC)


def test_load_config_env_override_keeps_other_keys_of_the_section() -> None:
    config = load_config(ACME_CONFIG, environ={"KGCHECK_MITIGATION__FLAG_THRESHOLD": "0.7"})
    assert config.mitigation.correct_threshold == 0.8
    assert config.mitigation.regenerate_threshold == 0.9


def test_load_config_env_kgcheck_config_is_not_an_override() -> None:
    config = load_config(ACME_CONFIG, environ={"KGCHECK_CONFIG": "/somewhere/kgcheck.yaml"})
    assert isinstance(config, Config)


def test_load_config_unrelated_kgcheck_variable_is_ignored_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # broke: KGCHECK_REPO=x made every configuration fail ("Extra inputs are not permitted")
    env = {"KGCHECK_REPO": "x", "KGCHECK_BUILD_ID": "{not yaml", "KGCHECK_SOURCE": "y"}
    with caplog.at_level(logging.WARNING, logger="kgcheck.config"):
        config = load_config(ACME_CONFIG, environ=env)
    assert config.mitigation.flag_threshold == 0.5
    assert config.source == ACME_CONFIG  # not a key of the file, so not an override either
    assert sorted(r.getMessage() for r in caplog.records) == [
        "KGCHECK_BUILD_ID is not a configuration override (no key 'build_id'); ignored",
        "KGCHECK_REPO is not a configuration override (no key 'repo'); ignored",
        "KGCHECK_SOURCE is not a configuration override (no key 'source'); ignored "
        "(did you mean KGCHECK_STORE?)",
    ]


def test_load_config_unrelated_variable_in_the_process_environment_is_ignored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KGCHECK_REPO", "x")
    assert load_config(ACME_CONFIG).knowledge_base.store == "memory"


def test_load_config_misspelt_section_is_ignored_with_the_close_name(
    caplog: pytest.LogCaptureFixture,
) -> None:
    env = {"KGCHECK_MITIGATON__FLAG_THRESHOLD": "0.7"}
    with caplog.at_level(logging.WARNING, logger="kgcheck.config"):
        config = load_config(ACME_CONFIG, environ=env)
    assert config.mitigation.flag_threshold == 0.5
    assert "(did you mean KGCHECK_MITIGATION__FLAG_THRESHOLD?)" in caplog.text


@pytest.mark.parametrize("name", ["KGCHECK_CONFIG", "KGCHECK_REVIEWER", "KGCHECK_CONSOLE_SECRET"])
def test_load_config_variables_kgcheck_reads_for_itself_are_not_overrides(
    name: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="kgcheck.config"):
        assert isinstance(load_config(ACME_CONFIG, environ={name: "x"}), Config)
    assert caplog.records == []


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "KGCHECK_MITIGATION__FLAG_TRESHOLD",
            "KGCHECK_MITIGATION__FLAG_TRESHOLD: mitigation has no key 'flag_treshold' "
            "(did you mean KGCHECK_MITIGATION__FLAG_THRESHOLD?)",
        ),
        ("KGCHECK_NOW__ZONE", "KGCHECK_NOW__ZONE: now has no key 'zone'"),
        (
            "KGCHECK_DETECTORS__WRONG_ATTRIBUTE__ENABELD",
            "KGCHECK_DETECTORS__WRONG_ATTRIBUTE__ENABELD: detectors.wrong_attribute has no key "
            "'enabeld' (did you mean KGCHECK_DETECTORS__WRONG_ATTRIBUTE__ENABLED?)",
        ),
    ],
)
def test_load_config_misspelt_key_of_a_section_is_an_error_naming_the_variable(
    name: str, message: str
) -> None:
    with pytest.raises(ConfigError) as info:
        load_config(ACME_CONFIG, environ={name: "0.7"})
    assert info.value.code == "KGC103"
    assert info.value.message == message


@pytest.mark.parametrize(
    ("name", "value", "read"),
    [
        (
            "KGCHECK_DETECTORS__WRONG_ATTRIBUTE__PARAMS__OPEN_WORLD_STRENGTH",
            "0.4",
            lambda c: c.detectors["wrong_attribute"].params["open_world_strength"],
        ),
        ("KGCHECK_DETECTORS__RULES__ENABLED", "false", lambda c: c.detectors["rules"].enabled),
        (
            "KGCHECK_MITIGATION__ACTIONS__CONTRADICTS_FACT",
            "remove",
            lambda c: c.mitigation.actions[FlagType.CONTRADICTS_FACT].operator,
        ),
        ("KGCHECK_SCORING__WEIGHTS__KB", "0.5", lambda c: c.scoring.weights["kb"]),
        ("KGCHECK_STORE__BACKEND", "memory", lambda c: c.store.backend),
        ("KGCHECK_SERVER__API_KEYS", "[k1]", lambda c: len(c.server.api_keys)),
    ],
)
def test_load_config_nested_keys_are_overridden(
    name: str, value: str, read: Callable[[Config], object]
) -> None:
    expected = {"0.4": 0.4, "false": False, "0.5": 0.5, "[k1]": 1}.get(value, value)
    assert read(load_config(ACME_CONFIG, environ={name: value})) == expected


def test_load_config_override_of_a_key_of_a_shorthand_section_keeps_the_shorthand(
    tmp_path: Path,
) -> None:
    # broke: ``store: sparql:...`` with KGCHECK_STORE__PASSWORD lost the back-end
    path = write_config(
        tmp_path,
        "store: sparql:http://db.example/q\nmitigation:\n  actions: {contradicts_fact: escalate}\n",
    )
    env = {
        "KGCHECK_STORE__PASSWORD": "s3cret",
        "KGCHECK_MITIGATION__ACTIONS__CONTRADICTS_FACT__PARAMS": "{}",
    }
    config = load_config(path, environ=env)
    assert config.store is not None
    assert config.store.backend == "sparql:http://db.example/q"
    assert config.store.password is not None
    assert config.store.password.get_secret_value() == "s3cret"
    assert config.mitigation.actions[FlagType.CONTRADICTS_FACT].operator == "escalate"


def test_load_config_known_key_with_a_bad_yaml_value_names_the_variable() -> None:
    with pytest.raises(ConfigError) as info:
        load_config(ACME_CONFIG, environ={"KGCHECK_SCORING__WEIGHTS": "{kb: [0.5"})
    assert info.value.code == "KGC104"
    assert info.value.message.startswith("KGCHECK_SCORING__WEIGHTS: not a valid YAML value")


def test_load_config_explicit_environ_ignores_process_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KGCHECK_MITIGATION__FLAG_THRESHOLD", "0.9")
    assert load_config(ACME_CONFIG, environ={}).mitigation.flag_threshold == 0.5
    assert load_config(ACME_CONFIG).mitigation.flag_threshold == 0.9


def test_load_config_env_override_with_bad_value_raises_config_error() -> None:
    with pytest.raises(ConfigError) as info:
        load_config(ACME_CONFIG, environ={"KGCHECK_MITIGATION__FLAG_THRESHOLD": "high"})
    assert "mitigation.flag_threshold" in str(info.value)


def test_load_config_env_override_error_names_the_variable() -> None:
    with pytest.raises(ConfigError) as info:
        load_config(ACME_CONFIG, environ={"KGCHECK_MITIGATION__FLAG_THRESHOLD": "high"})
    assert "KGCHECK_MITIGATION__FLAG_THRESHOLD" in str(info.value)


def test_load_config_per_type_actions_are_parsed_as_flag_types(tmp_path: Path) -> None:
    path = write_config(tmp_path, "mitigation:\n  actions: {wrong_attribute: escalate}\n")
    config = load_config(path, environ={})
    assert config.mitigation.actions == {
        FlagType.WRONG_ATTRIBUTE: ActionSettings(operator="escalate")
    }


def test_checker_unknown_detector_name_raises_config_error() -> None:
    # a Config built in code is not read by load_config: the checker still refuses the name
    config = Config(nli=NliConfig(model="none"), detectors={"made_up_detector": DetectorSettings()})
    with pytest.raises(ConfigError) as info:
        Checker(config)
    assert info.value.code == "KGC111"
    assert "made_up_detector" in str(info.value)
    assert "wrong_attribute" in str(info.value)  # the known names are listed


def test_load_config_unknown_detector_error_names_the_file_line_and_name() -> None:
    # broke: the error came when the checker was built, without the line of the name
    path = FIXTURES / "config_unknown_detector.yaml"
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert info.value.code == "KGC111"
    assert info.value.message.startswith(
        f"{path}: detectors.made_up_detector (line 6): unknown detector 'made_up_detector'; known: "
    )
    assert "wrong_attribute" in info.value.message  # the known names are listed


def test_load_config_unknown_detector_suggests_the_close_name_even_when_disabled(
    tmp_path: Path,
) -> None:
    # a disabled misspelt detector left the real one running, silently
    path = write_config(
        tmp_path, "nli: {model: none}\ndetectors:\n  wrong_atribute: {enabled: false}\n"
    )
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert (
        f"{path}: detectors.wrong_atribute (line 3): unknown detector 'wrong_atribute' "
        "(did you mean 'wrong_attribute'?)"
    ) in info.value.message


def test_load_config_unknown_detector_from_the_environment_names_the_variable() -> None:
    env = {"KGCHECK_DETECTORS__MADE_UP__ENABLED": "true"}
    with pytest.raises(ConfigError) as info:
        config_from_dict({}, environ=env)
    assert info.value.message.startswith(
        "KGCHECK_DETECTORS__MADE_UP__ENABLED (overrides detectors.made_up): unknown detector"
    )


def test_load_config_detector_registered_before_loading_is_known(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(detectors._paths, "in_house", "kgcheck.detectors.rules:RulesDetector")
    path = write_config(tmp_path, "detectors:\n  in_house: {}\n")
    assert set(load_config(path, environ={}).detectors) == {"in_house"}


def test_checker_disabled_detector_does_not_run() -> None:
    raw = {"detectors": {"nonexistent_entity": {"enabled": False}}}
    checker = Checker(config_from_dict(raw, base_dir=ACME_DIR))
    assert "nonexistent_entity" not in [d.name for d in checker.detectors]
    assert "wrong_attribute" in [d.name for d in checker.detectors]


def test_checker_unknown_detector_param_raises_config_error() -> None:
    raw = {"detectors": {"wrong_attribute": {"params": {"no_such_param": 1}}}}
    with pytest.raises(ConfigError) as info:
        Checker(config_from_dict(raw))
    assert "detectors.wrong_attribute.params.no_such_param" in str(info.value)


def test_config_temporal_and_numeric_sections_have_defaults() -> None:
    config = config_from_dict({}, environ={})
    assert config.temporal.date_order == "mdy" and not config.temporal.day_first
    assert config.temporal.max_years_ahead == 50
    assert config.numeric.tolerances["currency"] == 0.05
    assert config.numeric.tolerances["percent"] == 0.02
    assert config.numeric.tolerances["ratio"] == 0.05
    assert config.numeric.tolerances["date"] == 0.0
    assert config.numeric.unverified_penalty == 0.2


def test_config_numeric_tolerances_keep_the_kinds_not_given() -> None:
    config = config_from_dict({"numeric": {"tolerances": {"currency": 0.1}}}, environ={})
    assert config.numeric.tolerance("currency") == 0.1
    assert config.numeric.tolerance("percent") == 0.02


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"temporal": {"date_order": "ymd"}}, "temporal.date_order"),
        ({"temporal": {"fiscal_year_start": 13}}, "temporal.fiscal_year_start"),
        ({"temporal": {"day_first": True}}, "temporal.day_first"),
        ({"numeric": {"tolerances": {"money": 0.1}}}, "unknown kind(s) ['money']"),
        ({"numeric": {"tolerances": {"percent": 2}}}, "percent: expected a relative tolerance"),
        ({"numeric": {"unverified_penalty": 20}}, "numeric.unverified_penalty"),
    ],
)
def test_config_temporal_and_numeric_errors_name_the_key(
    raw: dict[str, object], message: str
) -> None:
    with pytest.raises(ConfigError) as info:
        config_from_dict(raw, environ={})
    assert message in str(info.value)


def test_config_numeric_penalty_from_the_environment() -> None:
    config = config_from_dict({}, environ={"KGCHECK_NUMERIC__UNVERIFIED_PENALTY": "0.3"})
    assert config.numeric.unverified_penalty == 0.3


def test_config_on_error_defaults_to_warn_and_reads_the_others(tmp_path: Path) -> None:
    assert Config().on_error == "warn"
    assert Config().nli.download is False
    path = write_config(tmp_path, "on_error: fail_closed\n")
    assert load_config(path, environ={}).on_error == "fail_closed"
    env = {"KGCHECK_ON_ERROR": "fail_open"}
    assert load_config(path, environ=env).on_error == "fail_open"


def test_config_on_error_unknown_value_names_key_and_line(tmp_path: Path) -> None:
    path = write_config(tmp_path, "now: null\non_error: fail_shut\n")
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert info.value.code == "KGC103"
    assert f"{path}: on_error (line 2): Input should be 'warn', 'fail_closed' or 'fail_open'" in (
        info.value.message
    )


def test_config_nul_byte_error_names_the_line(tmp_path: Path) -> None:
    # a NUL byte gave a character position, not a line
    path = tmp_path / "kgcheck.yaml"
    path.write_text('now: "2026-11-22T10:00:00+00:00"\n\x00oops: 1\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"kgcheck.yaml: line 2 not valid YAML"):
        load_config(path)
