"""Configuration: ``kgcheck.yaml`` parsed into a strict pydantic schema.

Usage::

    config = load_config("data/acme/kgcheck.yaml")

Paths in the file are relative to the file. ``KGCHECK_<SECTION>__<KEY>=value`` environment
variables override keys (``KGCHECK_KNOWLEDGE_BASE__STORE=oxigraph:/var/kb``, ``KGCHECK_NOW=...``);
values are read as YAML scalars. Every error names the file, the key path and what was expected.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from kgcheck.errors import ConfigError
from kgcheck.types import FlagType

__all__ = [
    "Config",
    "DetectorSettings",
    "KnowledgeBaseConfig",
    "MitigationConfig",
    "NlpConfig",
    "ScoringConfig",
    "config_from_dict",
    "load_config",
]

ENV_PREFIX = "KGCHECK_"
#: Environment variables with the prefix that are not key overrides.
_ENV_NOT_OVERRIDES = {"KGCHECK_CONFIG"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class KnowledgeBaseConfig(_Strict):
    sources: list[Path] = Field(default_factory=list)
    store: str = "memory"
    fuzzy: bool = True
    fuzzy_min_length: int = Field(default=4, ge=2)

    @field_validator("store")
    @classmethod
    def _store_kind(cls, value: str) -> str:
        if value == "memory" or (value.startswith("oxigraph:") and len(value) > len("oxigraph:")):
            return value
        raise ValueError("expected 'memory' or 'oxigraph:<directory>'")


class NlpConfig(_Strict):
    #: A spaCy pipeline package to use when installed (e.g. ``en_core_web_sm``); ``blank`` forces
    #: the rule-based pipeline; ``auto`` uses ``en_core_web_sm`` when installed.
    pipeline: str = "auto"
    hedges: list[str] = Field(default_factory=list)
    certainty_markers: list[str] = Field(default_factory=list)
    max_chars: int = Field(default=100_000, ge=100)


class DetectorSettings(_Strict):
    enabled: bool = True
    params: dict[str, Any] = Field(default_factory=dict)


class ScoringConfig(_Strict):
    base_severity: dict[FlagType, float] = Field(default_factory=dict)
    weights: dict[str, float] = Field(
        default_factory=lambda: {
            "kb": 0.35,
            "history": 0.25,
            "linguistic": 0.20,
            "consistency": 0.20,
        }
    )
    hedged_signal: float = Field(default=0.0, ge=0.0, le=1.0)
    certain_signal: float = Field(default=1.0, ge=0.0, le=1.0)

    @field_validator("weights")
    @classmethod
    def _weights_known(cls, value: dict[str, float]) -> dict[str, float]:
        unknown = set(value) - {"kb", "history", "linguistic", "consistency"}
        if unknown:
            raise ValueError(
                f"unknown weight(s) {sorted(unknown)}; expected kb, history, linguistic, "
                "consistency"
            )
        return value

    @field_validator("base_severity")
    @classmethod
    def _in_unit_interval(cls, value: dict[FlagType, float]) -> dict[FlagType, float]:
        for key, number in value.items():
            if not 0.0 <= number <= 1.0:
                raise ValueError(f"{key}: expected a number between 0 and 1, got {number}")
        return value


class MitigationConfig(_Strict):
    flag_threshold: float = Field(default=0.5, ge=0.0, le=1.0)
    correct_threshold: float = Field(default=0.8, ge=0.0, le=1.0)
    regenerate_threshold: float = Field(default=0.9, ge=0.0, le=1.0)
    regenerate_min_flags: int = Field(default=3, ge=1)
    max_corrections: int = Field(default=3, ge=0)
    #: Operator to use per flag type instead of the policy's choice (e.g. ``escalate``).
    actions: dict[FlagType, str] = Field(default_factory=dict)


class Config(_Strict):
    knowledge_base: KnowledgeBaseConfig = Field(default_factory=KnowledgeBaseConfig)
    now: datetime | None = None
    nlp: NlpConfig = Field(default_factory=NlpConfig)
    detectors: dict[str, DetectorSettings] = Field(default_factory=dict)
    scoring: ScoringConfig = Field(default_factory=ScoringConfig)
    mitigation: MitigationConfig = Field(default_factory=MitigationConfig)
    #: Where the configuration came from, for error messages; not a key of the file.
    source: Path | None = Field(default=None, exclude=True)

    def detector(self, name: str) -> DetectorSettings:
        return self.detectors.get(name, DetectorSettings())


def load_config(path: str | Path, *, environ: Mapping[str, str] | None = None) -> Config:
    """Read a configuration file, apply ``KGCHECK_*`` overrides and validate it.

    Raises:
        ConfigError: the file is missing or not YAML, or a key is unknown or has a bad value.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the configuration ({exc.strerror})") from exc
    try:
        raw = yaml.safe_load(text)
        root = yaml.compose(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        raise ConfigError(f"{path}:{where} not valid YAML: {exc}", code="KGC101") from exc
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: expected a mapping at the top level", code="KGC102")
    return config_from_dict(raw, base_dir=path.parent, source=path, environ=environ, node=root)


def config_from_dict(
    raw: Mapping[str, Any],
    *,
    base_dir: Path | None = None,
    source: Path | None = None,
    environ: Mapping[str, str] | None = None,
    node: yaml.Node | None = None,
) -> Config:
    """Validate a configuration given as a mapping (paths relative to ``base_dir``)."""
    overrides: dict[tuple[str, ...], str] = {}
    data = _apply_env(dict(raw), os.environ if environ is None else environ, overrides)
    where = str(source) if source is not None else "<config>"
    try:
        config = Config.model_validate(data)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            loc = tuple(str(part) for part in err["loc"])
            key_path = ".".join(loc)
            variable = next(
                (name for keys, name in overrides.items() if loc[: len(keys)] == keys), None
            )
            if variable is not None:
                lines.append(f"{variable} (overrides {key_path}): {err['msg']}")
                continue
            line = _line_of(node, err["loc"])
            at = f" (line {line})" if line else ""
            lines.append(f"{where}: {key_path}{at}: {err['msg']}")
        raise ConfigError("\n".join(lines), code="KGC103") from exc
    base = base_dir or Path.cwd()
    kb = config.knowledge_base
    kb.sources = [p if p.is_absolute() else (base / p) for p in kb.sources]
    if kb.store.startswith("oxigraph:"):
        directory = Path(kb.store.removeprefix("oxigraph:"))
        if not directory.is_absolute():
            kb.store = f"oxigraph:{base / directory}"
    config.source = source
    return config


def _apply_env(
    data: dict[str, Any], environ: Mapping[str, str], applied: dict[tuple[str, ...], str]
) -> dict[str, Any]:
    """Apply ``KGCHECK_*`` overrides; ``applied`` records which variable set which key path."""
    for name, value in environ.items():
        if not name.startswith(ENV_PREFIX) or name in _ENV_NOT_OVERRIDES:
            continue
        keys = [k.lower() for k in name.removeprefix(ENV_PREFIX).split("__") if k]
        if not keys:
            continue
        try:
            parsed = yaml.safe_load(value)
        except yaml.YAMLError as exc:
            raise ConfigError(f"{name}: not a valid YAML value: {exc}", code="KGC104") from exc
        target = data
        for key in keys[:-1]:
            child = target.get(key)
            if not isinstance(child, dict):
                child = {}
                target[key] = child
            target = child
        target[keys[-1]] = parsed
        applied[tuple(keys)] = name
    return data


def _line_of(node: yaml.Node | None, loc: tuple[int | str, ...]) -> int | None:
    """The 1-based line of the deepest key of ``loc`` that exists in the YAML document."""
    line = None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if key_node.value == str(part):
                    line = key_node.start_mark.line + 1
                    node = value_node
                    break
            else:
                return line
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if part >= len(node.value):
                return line
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            return line
    return line
