"""The rule-file schema (strict pydantic models) and the problems a rule author is shown.

A rule file is YAML::

    target: reply                      # or output (structured outputs, ``check_output``)
    prefixes: {ex: "https://example.org/acme#"}
    rules:
      - id: one-department
        description: A person works in one department.
        type: logical_inconsistency
        severity: high
        message: "{subject} is said to work in {value} and in {expected}"
        check: {kind: functional, predicate: ex:worksIn, against: [data]}

Every problem is a :class:`RuleProblem` that names the file, the line where it can be found,
the rule id and the field path, e.g.
``rules/acme.yaml:12: rule 'one-department' -> check.tolernce: unknown key (did you mean
'tolerance'?)``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, model_validator

from kgcheck.types import Severity
from kgcheck.yamlpos import line_of

__all__ = [
    "CHECK_KINDS",
    "BeforeAfterCheck",
    "Bound",
    "Check",
    "CountCheck",
    "FunctionalCheck",
    "KnownValuesCheck",
    "PatternCheck",
    "RangeCheck",
    "Rule",
    "RuleFile",
    "RuleProblem",
    "ToleranceCheck",
    "line_of",
    "problems_from_validation",
]

#: Stable codes of the problems a rule author can meet (see ``kgcheck/errors.py``).
CODES = {
    "read": "KGC301",  # the file is missing or unreadable
    "yaml": "KGC302",  # not valid YAML, or not a mapping
    "schema": "KGC303",  # unknown key, missing key, wrong type
    "value": "KGC304",  # unknown prefix, type, action or placeholder; duplicate id
    "sparql": "KGC305",  # SPARQL syntax, not a SELECT, missing ?claim
    "shacl": "KGC306",  # Turtle syntax or an unusable shape
    "regex": "KGC307",  # a regular expression does not compile
    "context": "KGC308",  # a JSON-LD context is unusable
}


@dataclass(frozen=True, slots=True)
class RuleProblem:
    """One problem in a rule file or a shapes file, with where to find it."""

    path: str
    message: str
    code: str
    line: int | None = None
    rule: str | None = None
    field: str | None = None

    def location(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        if self.rule is not None:
            where += f": rule '{self.rule}'"
            if self.field:
                where += f" -> {self.field}"
        elif self.field:
            where += f": {self.field}"
        return where

    def text(self) -> str:
        """The problem without its code: ``file:line: rule 'id' -> field: message``."""
        return f"{self.location()}: {self.message}"

    def __str__(self) -> str:
        return f"[{self.code}] {self.text()}"


# ---------------------------------------------------------------------------------------------
# bounds: numbers, dates, 'this_year+1' / 'today-30', or {value_of: <property>}
# ---------------------------------------------------------------------------------------------

_RELATIVE = re.compile(r"^(this_year|today)\s*(?:([+-])\s*(\d+))?$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_BOUND_HELP = (
    "expected a number, an ISO date (2024-01-31), 'this_year' or 'today' with an optional "
    "offset ('this_year+1', 'today-30'), or {value_of: <property>}"
)


@dataclass(frozen=True, slots=True)
class Bound:
    """A limit of a ``range`` or ``count`` check.

    ``kind`` is ``number`` (``number``), ``date`` (``day``), ``this_year`` or ``today`` (with
    ``offset`` in years or days, resolved against the reference time), or ``value_of`` (the value
    of property ``ref`` on the same subject).
    """

    kind: str
    number: Decimal | None = None
    day: date | None = None
    offset: int = 0
    ref: str | None = None

    def describe(self) -> str:
        if self.kind == "number":
            return str(self.number)
        if self.kind == "date":
            return str(self.day)
        if self.kind == "value_of":
            return f"the {self.ref}"
        sign = "+" if self.offset >= 0 else "-"
        return self.kind if not self.offset else f"{self.kind}{sign}{abs(self.offset)}"


def _parse_bound(value: Any) -> Bound | None:
    if value is None or isinstance(value, Bound):
        return value
    if isinstance(value, bool):
        raise ValueError(_BOUND_HELP)
    if isinstance(value, int | float):
        return Bound("number", number=Decimal(str(value)))
    if isinstance(value, datetime):
        return Bound("date", day=value.date())
    if isinstance(value, date):
        return Bound("date", day=value)
    if isinstance(value, dict):
        if set(value) == {"value_of"} and isinstance(value["value_of"], str):
            return Bound("value_of", ref=value["value_of"])
        raise ValueError(_BOUND_HELP)
    if isinstance(value, str):
        text = value.strip()
        if _ISO_DATE.match(text):
            try:
                return Bound("date", day=date.fromisoformat(text))
            except ValueError:
                raise ValueError(f"{text!r} is not a date") from None
        m = _RELATIVE.match(text)
        if m is not None:
            offset = int(m.group(3) or 0) * (-1 if m.group(2) == "-" else 1)
            return Bound(m.group(1), offset=offset)
        try:
            return Bound("number", number=Decimal(text))
        except ArithmeticError:
            pass
    raise ValueError(_BOUND_HELP)


BoundField = Annotated[Bound | None, BeforeValidator(_parse_bound)]


# ---------------------------------------------------------------------------------------------
# models
# ---------------------------------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class _OnProperty(_Strict):
    #: The property checked: a CURIE (``ex:worksIn``), a full IRI, or for structured outputs a
    #: key of the JSON object (``start_page``).
    predicate: str
    #: Only subjects of this class (KB classes for replies; ``@type`` for outputs).
    subject_class: str | None = None


Scope = Literal["data", "history", "kb"]


def _all_scopes() -> list[Scope]:
    return ["data", "history", "kb"]


class FunctionalCheck(_OnProperty):
    """One value per subject: a value differs from another one in the checked data, in earlier
    turns or in the KB."""

    kind: Literal["functional"]
    against: list[Scope] = Field(default_factory=_all_scopes, min_length=1)


class ToleranceCheck(_OnProperty):
    """A number within a relative ``tolerance`` of the reference: the value of ``reference`` on
    the same subject, else the KB's values."""

    kind: Literal["tolerance"]
    tolerance: float = Field(ge=0.0)
    reference: str | None = None


class RangeCheck(_OnProperty):
    """A value (or its ``year``, or its ``length`` in characters) between ``min`` and ``max``."""

    kind: Literal["range"]
    min: BoundField = None
    max: BoundField = None
    measure: Literal["value", "year", "length"] = "value"
    exclusive: bool = False

    @model_validator(mode="after")
    def _some_bound(self) -> RangeCheck:
        if self.min is None and self.max is None:
            raise ValueError("give 'min', 'max' or both")
        return self


class PatternCheck(_OnProperty):
    """A value matches ``must_match`` or does not match ``must_not_match`` (Python regex)."""

    kind: Literal["pattern"]
    must_match: str | None = None
    must_not_match: str | None = None
    ignore_case: bool = False

    @model_validator(mode="after")
    def _one_pattern(self) -> PatternCheck:
        if (self.must_match is None) == (self.must_not_match is None):
            raise ValueError("give exactly one of 'must_match' and 'must_not_match'")
        return self


class KnownValuesCheck(_OnProperty):
    """A value is one of ``values``, a label of an instance of ``kb_class``, or is named in the
    text of ``in_text_of``; ``match: words`` compares substantial words only."""

    kind: Literal["known_values"]
    values: list[str] = Field(default_factory=list)
    kb_class: str | None = None
    in_text_of: str | None = None
    match: Literal["exact", "words"] = "exact"
    #: Words that do not identify a name ("bank", "national"), for ``match: words``.
    ignore_words: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _some_source(self) -> KnownValuesCheck:
        if not self.values and self.kb_class is None and self.in_text_of is None:
            raise ValueError("give 'values', 'kb_class' or 'in_text_of'")
        return self


class BeforeAfterCheck(_Strict):
    """On one subject, the value of ``before`` is not later than the value of ``after``."""

    kind: Literal["before_after"]
    before: str
    after: str
    strict: bool = False
    subject_class: str | None = None


class CountCheck(_OnProperty):
    """The number of values of a property per subject is between ``min`` and ``max``."""

    kind: Literal["count"]
    min: BoundField = None
    max: BoundField = None

    @model_validator(mode="after")
    def _some_bound(self) -> CountCheck:
        if self.min is None and self.max is None:
            raise ValueError("give 'min', 'max' or both")
        for bound in (self.min, self.max):
            if bound is not None and bound.kind not in {"number", "value_of"}:
                raise ValueError("count bounds are numbers or {value_of: <property>}")
        return self


Check = Annotated[
    FunctionalCheck
    | ToleranceCheck
    | RangeCheck
    | PatternCheck
    | KnownValuesCheck
    | BeforeAfterCheck
    | CountCheck,
    Field(discriminator="kind"),
]

CHECK_MODELS: dict[str, type[BaseModel]] = {
    "functional": FunctionalCheck,
    "tolerance": ToleranceCheck,
    "range": RangeCheck,
    "pattern": PatternCheck,
    "known_values": KnownValuesCheck,
    "before_after": BeforeAfterCheck,
    "count": CountCheck,
}
CHECK_KINDS = tuple(CHECK_MODELS)


class Rule(_Strict):
    """One rule: what it checks (a built-in ``check`` or a ``sparql`` SELECT) and what a
    violation is (type, severity, message, optional action)."""

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_.-]*$")
    description: str
    type: str
    severity: Severity
    message: str
    action: str | None = None
    enabled: bool = True
    #: How sure a violation is an error (1.0: the rule decides exactly).
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    check: Check | None = None
    sparql: str | None = None

    @model_validator(mode="after")
    def _one_condition(self) -> Rule:
        if (self.check is None) == (self.sparql is None):
            raise ValueError("a rule needs exactly one of 'check' and 'sparql'")
        return self


class RuleFile(_Strict):
    """A rule file: its target, prefixes, JSON-LD context (outputs), shapes and rules."""

    target: Literal["reply", "output"] = "reply"
    prefixes: dict[str, str] = Field(default_factory=dict)
    #: The JSON-LD ``@context`` that maps a structured output's keys to IRIs (outputs only).
    context: dict[str, Any] | None = None
    #: Alert types of this rule set besides the eight flag types (outputs only).
    types: dict[str, str] = Field(default_factory=dict)
    #: Keys of a structured output whose values are masked in messages and logs.
    sensitive: list[str] = Field(default_factory=list)
    #: SHACL shapes files (Turtle), relative to this file.
    shapes: list[str] = Field(default_factory=list)
    rules: list[Rule] = Field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# turning pydantic errors into problems a rule author can act on
# ---------------------------------------------------------------------------------------------


def problems_from_validation(
    exc: ValidationError,
    path: str,
    raw: Any,
    node: yaml.Node | None,
    prefix: tuple[int | str, ...] = (),
) -> list[RuleProblem]:
    """One problem per pydantic error, with the line, the rule id and the field path.

    ``prefix`` is where the validated part sits in the file (``("rules", 3)`` for one rule).
    """
    problems = []
    for err in exc.errors():
        loc = _drop_tags(prefix + tuple(err["loc"]), raw)
        rule_id, field = _rule_and_field(loc, raw)
        message = _message(err, loc, raw)
        problems.append(
            RuleProblem(
                path=path,
                message=message,
                code=CODES["schema"],
                line=line_of(node, loc),
                rule=rule_id,
                field=field,
            )
        )
    return problems


def rule_location(
    raw: Any, node: yaml.Node | None, index: int, *field: str | int
) -> tuple[str | None, int | None]:
    """``(rule id, line)`` of ``rules[index]`` (and of ``field`` inside it)."""
    rule_id, _ = _rule_and_field(("rules", index), raw)
    return rule_id, line_of(node, ("rules", index, *field))


def _drop_tags(loc: tuple[int | str, ...], raw: Any) -> tuple[int | str, ...]:
    """Remove the discriminator tag pydantic puts in the path (``check.functional.x``)."""
    out: list[int | str] = []
    i = 0
    while i < len(loc):
        part = loc[i]
        out.append(part)
        if part == "check" and i + 1 < len(loc) and loc[i + 1] in CHECK_MODELS:
            i += 1
        i += 1
    return tuple(out)


def _rule_and_field(loc: tuple[int | str, ...], raw: Any) -> tuple[str | None, str | None]:
    if len(loc) >= 2 and loc[0] == "rules" and isinstance(loc[1], int):
        index = loc[1]
        rules = raw.get("rules") if isinstance(raw, dict) else None
        item = rules[index] if isinstance(rules, list) and index < len(rules) else None
        rule_id = item.get("id") if isinstance(item, dict) else None
        name = str(rule_id) if isinstance(rule_id, str | int) else f"#{index + 1}"
        return name, ".".join(str(p) for p in loc[2:]) or None
    return None, ".".join(str(p) for p in loc) or None


def _message(err: Any, loc: tuple[int | str, ...], raw: Any) -> str:
    kind = err["type"]
    if kind == "extra_forbidden":
        key = str(loc[-1])
        known = _known_keys(loc[:-1], raw)
        close = difflib.get_close_matches(key, known, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return f"unknown key{hint}; expected one of: {', '.join(known)}"
    if kind == "missing":
        return "missing required key"
    if kind == "union_tag_invalid":
        tag = err.get("ctx", {}).get("tag", "")
        return f"unknown check kind '{tag}'; expected one of: {', '.join(CHECK_KINDS)}"
    if kind == "union_tag_not_found":
        return f"missing 'kind'; expected one of: {', '.join(CHECK_KINDS)}"
    message = str(err["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return message


def _known_keys(loc: tuple[int | str, ...], raw: Any) -> list[str]:
    """The keys the model at ``loc`` accepts (for 'did you mean')."""
    model: type[BaseModel] = RuleFile
    data = raw
    for part in loc:
        if isinstance(data, dict):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            data = None
        if part == "rules" and model is RuleFile:
            model = Rule
        elif part == "check" and model is Rule:
            kind = data.get("kind") if isinstance(data, dict) else None
            model = CHECK_MODELS.get(str(kind), FunctionalCheck)
    return sorted(model.model_fields)
