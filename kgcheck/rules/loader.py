"""Loading rule files and shapes into a :class:`RuleBook`, collecting every problem at once.

Usage::

    book = load_rules([Path("rules/acme.yaml")])          # raises RuleError listing all problems
    book, problems = check_rule_files([Path("rules/")])   # for ``kgcheck rules check``

A path may be a rule file (``.yaml``/``.yml``), a shapes file (``.ttl``, checked against replies)
or a directory (its rule files, sorted by name).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import yaml
from pydantic import ValidationError

from kgcheck.errors import RuleError
from kgcheck.registry import actions as action_registry
from kgcheck.rules import schema
from kgcheck.rules.checks import COMMON_VARIABLES, BuiltinCheck, compile_check
from kgcheck.rules.schema import CODES, RuleProblem
from kgcheck.rules.shacl import Shapes, load_shapes
from kgcheck.rules.sparql import QueryProblem, SparqlQuery, prepare_query
from kgcheck.rules.template import check_names
from kgcheck.types import FlagType, Severity
from kgcheck.vocab import KGC_NS
from kgcheck.yamlpos import error_line

__all__ = [
    "DEFAULT_VOCAB",
    "STANDARD_PREFIXES",
    "CompiledRule",
    "OutputRuleSet",
    "RuleBook",
    "check_rule_files",
    "load_rules",
]

#: Prefixes every rule file may use without declaring them.
STANDARD_PREFIXES = {
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "sh": "http://www.w3.org/ns/shacl#",
    "kgc": KGC_NS,
}
#: Where the keys of a structured output that its context does not map are put.
DEFAULT_VOCAB = "https://w3id.org/kgcheck/output#"


def _flag_types() -> tuple[str, ...]:
    """The flag types a rule may name: the built-ins and those installed plugins declare."""
    return tuple(str(t) for t in FlagType.installed())


@dataclass(frozen=True)
class CompiledRule:
    """A rule ready to run: a built-in ``check`` or a SPARQL ``query``."""

    id: str
    description: str
    type: str
    severity: Severity
    message: str
    action: str | None
    enabled: bool
    confidence: float
    source: str
    line: int | None
    check: BuiltinCheck | None = None
    query: SparqlQuery | None = None


@dataclass(frozen=True)
class OutputRuleSet:
    """The rules of one ``target: output`` file, with the context that maps outputs to RDF."""

    source: str
    context: Mapping[str, Any]
    rules: tuple[CompiledRule, ...]
    shapes: tuple[Shapes, ...]
    types: Mapping[str, str]
    #: Predicate IRIs whose values are masked.
    sensitive: frozenset[str]
    #: Predicate IRI -> the JSON key it comes from.
    keys: Mapping[str, str]
    vocab: str


@dataclass(frozen=True)
class RuleBook:
    """Every rule the checker runs: rules and shapes on replies, rule sets on outputs."""

    reply: tuple[CompiledRule, ...] = ()
    reply_shapes: tuple[Shapes, ...] = ()
    outputs: tuple[OutputRuleSet, ...] = ()
    files: tuple[str, ...] = ()

    def __len__(self) -> int:
        shapes = sum(len(s.rules) for s in self.reply_shapes)
        shapes += sum(len(s.rules) for o in self.outputs for s in o.shapes)
        return len(self.reply) + sum(len(o.rules) for o in self.outputs) + shapes


def load_rules(paths: Sequence[Path]) -> RuleBook:
    """The rule book of ``paths``.

    Raises:
        RuleError: any file has a problem; the message lists every problem, one per line.
    """
    book, problems = check_rule_files(paths)
    if problems:
        raise rule_error(problems)
    assert book is not None
    return book


def rule_error(problems: Sequence[RuleProblem]) -> RuleError:
    """One error for all ``problems``: the problem itself when there is one, else a list."""
    if len(problems) == 1:
        return RuleError(problems[0].text(), code=problems[0].code)
    lines = "\n".join(str(p) for p in problems)
    return RuleError(f"{len(problems)} problems in rule files:\n{lines}")


def check_rule_files(paths: Sequence[Path]) -> tuple[RuleBook | None, list[RuleProblem]]:
    """Load every file of ``paths``; the book is ``None`` when there is any problem."""
    loader = _Loader()
    for path in _expand(paths, loader.problems):
        if path.suffix.lower() == ".ttl":
            shapes = loader.shapes_file(path)
            if shapes is not None:
                loader.reply_shapes.append(shapes)
        else:
            loader.rule_file(path)
    if loader.problems:
        return None, loader.problems
    return (
        RuleBook(
            reply=tuple(loader.reply),
            reply_shapes=tuple(loader.reply_shapes),
            outputs=tuple(loader.outputs),
            files=tuple(loader.files),
        ),
        [],
    )


def _expand(paths: Iterable[Path], problems: list[RuleProblem]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix.lower() in {".yaml", ".yml"})
            if not found:
                problems.append(RuleProblem(str(path), "no rule files (*.yaml)", CODES["read"]))
            out.extend(found)
        elif not path.exists():
            problems.append(RuleProblem(str(path), "rule file not found", CODES["read"]))
        elif path.suffix.lower() not in {".yaml", ".yml", ".ttl"}:
            problems.append(
                RuleProblem(
                    str(path), "expected a rule file (.yaml) or a shapes file (.ttl)", CODES["read"]
                )
            )
        else:
            out.append(path)
    return list(dict.fromkeys(out))


@dataclass
class _Loader:
    problems: list[RuleProblem] = field(default_factory=list)
    reply: list[CompiledRule] = field(default_factory=list)
    reply_shapes: list[Shapes] = field(default_factory=list)
    outputs: list[OutputRuleSet] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    ids: dict[str, str] = field(default_factory=dict)

    def shapes_file(self, path: Path, *, types: Iterable[str] | None = None) -> Shapes | None:
        shapes, problems = load_shapes(path, types=tuple(_flag_types() if types is None else types))
        self.problems.extend(problems)
        if shapes is not None:
            self.files.append(str(path))
            for rule in shapes.rules.values():
                self._claim_id(rule.id, str(path), rule.line)
        return shapes

    def rule_file(self, path: Path) -> None:
        where = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            self.problems.append(
                RuleProblem(where, f"cannot read the rule file ({exc.strerror})", CODES["read"])
            )
            return
        except UnicodeDecodeError as exc:
            self.problems.append(
                RuleProblem(where, f"not UTF-8 text (byte {exc.start})", CODES["read"])
            )
            return
        try:
            raw = yaml.safe_load(text)
            node = yaml.compose(text)
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or str(exc)
            line = error_line(exc, text)
            self.problems.append(
                RuleProblem(where, f"not valid YAML: {problem}", CODES["yaml"], line)
            )
            return
        raw = {} if raw is None else raw
        if not isinstance(raw, dict):
            self.problems.append(
                RuleProblem(
                    where, "expected a mapping with 'rules' at the top level", CODES["yaml"]
                )
            )
            return
        _File(self, path, raw, node).load()

    def _claim_id(self, rule_id: str, where: str, line: int | None) -> bool:
        here = f"{where}:{line}" if line else where
        first = self.ids.setdefault(rule_id, here)
        if first != here:
            self.problems.append(
                RuleProblem(
                    where,
                    f"duplicate rule id; first defined at {first}",
                    CODES["value"],
                    line,
                    rule=rule_id,
                )
            )
            return False
        return True


class _File:
    """One YAML rule file being loaded."""

    def __init__(
        self, loader: _Loader, path: Path, raw: dict[str, Any], node: yaml.Node | None
    ) -> None:
        self.loader = loader
        self.path = path
        self.where = str(path)
        self.raw = raw
        self.node = node
        self.problems = loader.problems
        self.output = False
        self.prefixes = dict(STANDARD_PREFIXES)
        self.types: tuple[str, ...] = _flag_types()
        self.context: dict[str, Any] = {}
        self.keys: dict[str, str] = {}
        self.vocab = DEFAULT_VOCAB
        self.sensitive: list[str] = []
        self._terms: dict[str, str] = {}

    def problem(
        self,
        message: str,
        code: str,
        loc: Sequence[int | str] = (),
        *,
        rule: str | None = None,
        field: str | None = None,
        line: int | None = None,
    ) -> None:
        self.problems.append(
            RuleProblem(
                self.where,
                message,
                code,
                line if line is not None else schema.line_of(self.node, loc),
                rule,
                field,
            )
        )

    def load(self) -> None:
        header = {k: v for k, v in self.raw.items() if k != "rules"}
        items = self.raw.get("rules", [])
        try:
            spec = schema.RuleFile.model_validate({**header, "rules": []})
        except ValidationError as exc:
            self.problems.extend(
                schema.problems_from_validation(exc, self.where, self.raw, self.node)
            )
            return
        if not isinstance(items, list):
            self.problem("expected a list of rules", CODES["schema"], ("rules",), field="rules")
            return
        self.output = spec.target == "output"
        self.prefixes = {**STANDARD_PREFIXES, **spec.prefixes}
        before = len(self.problems)
        self._header(spec)
        if len(self.problems) > before:
            return
        rules = [r for i, item in enumerate(items) if (r := self._rule(i, item)) is not None]
        shapes = [s for s in (self._shapes(i, name) for i, name in enumerate(spec.shapes)) if s]
        if len(self.problems) > before:
            return
        self.loader.files.append(self.where)
        if not self.output:
            self.loader.reply.extend(rules)
            self.loader.reply_shapes.extend(shapes)
            return
        self.loader.outputs.append(
            OutputRuleSet(
                source=self.where,
                context=self.context,
                rules=tuple(rules),
                shapes=tuple(shapes),
                types=dict(spec.types),
                sensitive=frozenset(self.sensitive),
                keys=self.keys,
                vocab=self.vocab,
            )
        )

    # --- file-level keys -------------------------------------------------------------------

    def _header(self, spec: schema.RuleFile) -> None:
        for prefix, namespace in spec.prefixes.items():
            if ":" not in namespace:
                self.problem(
                    f"'{namespace}' is not an IRI",
                    CODES["value"],
                    ("prefixes", prefix),
                    field=f"prefixes.{prefix}",
                )
        if not self.output:
            for key in ("context", "types", "sensitive"):
                if key in self.raw:
                    self.problem(
                        "only rule files with 'target: output' have this key",
                        CODES["value"],
                        (key,),
                        field=key,
                    )
            self.types = _flag_types()
            return
        self.types = _flag_types() + tuple(spec.types)
        for name in spec.types:
            if name in _flag_types() or not name.replace("_", "").isalnum() or not name.islower():
                self.problem(
                    "a rule-set type is a new snake_case name",
                    CODES["value"],
                    ("types", name),
                    field=f"types.{name}",
                )
        self._context(spec.context or {})
        for i, key in enumerate(spec.sensitive):
            try:
                self.sensitive.append(self.resolve(key))
            except ValueError as exc:
                self.problem(str(exc), CODES["value"], ("sensitive", i), field=f"sensitive[{i}]")

    def _context(self, context: dict[str, Any]) -> None:
        vocab = context.get("@vocab", DEFAULT_VOCAB)
        self.vocab = vocab if isinstance(vocab, str) else DEFAULT_VOCAB
        self.context = {"@vocab": DEFAULT_VOCAB, **context}
        for term in context:
            if term.startswith("@"):
                continue
            try:
                iri = _expand_term(self.context, term)
            except ValueError as exc:
                self.problem(
                    f"not a usable JSON-LD context: {exc}", CODES["context"], ("context", term),
                    field=f"context.{term}",
                )  # fmt: skip
                return
            if iri is not None:
                self._terms[term] = iri
                self.keys.setdefault(iri, term)
        try:
            _expand_term(self.context, "kgcheck_probe")
        except ValueError as exc:
            self.problem(
                f"not a usable JSON-LD context: {exc}", CODES["context"], ("context",),
                field="context",
            )  # fmt: skip

    def resolve(self, name: str) -> str:
        """The IRI of a property or class name of this file.

        Raises:
            ValueError: an unknown prefix, or (in reply rules) a bare name.
        """
        name = name.strip()
        if name.startswith("<") and name.endswith(">"):
            return name[1:-1]
        if "://" in name or name.startswith("urn:"):
            return name
        if ":" in name:
            prefix, local = name.split(":", 1)
            if prefix in self.prefixes:
                return self.prefixes[prefix] + local
            raise ValueError(f"unknown prefix '{prefix}' in '{name}'; declare it under 'prefixes'")
        if self.output:
            iri = self._terms.get(name)
            if iri is None:
                iri = _expand_term(self.context, name)
            if iri is None:
                raise ValueError(f"the context maps '{name}' to no IRI")
            self.keys.setdefault(iri, name)
            return iri
        raise ValueError(f"'{name}' is neither a CURIE (ex:{name}) nor an IRI")

    # --- rules -----------------------------------------------------------------------------

    def _rule(self, index: int, item: Any) -> CompiledRule | None:
        loc: tuple[int | str, ...] = ("rules", index)
        rule_id, line = schema.rule_location(self.raw, self.node, index)
        try:
            spec = schema.Rule.model_validate(item)
        except ValidationError as exc:
            self.problems.extend(
                schema.problems_from_validation(exc, self.where, self.raw, self.node, prefix=loc)
            )
            return None
        assert rule_id is not None
        before = len(self.problems)
        if spec.type not in self.types:
            self.problem(
                f"unknown type '{spec.type}'; expected one of: {', '.join(self.types)}",
                CODES["value"],
                (*loc, "type"),
                rule=spec.id,
                field="type",
            )
        if spec.action is not None and spec.action not in action_registry.names():
            self.problem(
                f"unknown action '{spec.action}'; expected one of: "
                f"{', '.join(action_registry.names())}",
                CODES["value"],
                (*loc, "action"),
                rule=spec.id,
                field="action",
            )
        check, query, variables = self._condition(spec, loc)
        if variables is not None:
            problem = check_names(spec.message, variables)
            if problem is not None:
                self.problem(problem, CODES["value"], (*loc, "message"), rule=spec.id,
                             field="message")  # fmt: skip
        if len(self.problems) > before or not self.loader._claim_id(spec.id, self.where, line):
            return None
        return CompiledRule(
            id=spec.id,
            description=spec.description,
            type=spec.type,
            severity=spec.severity,
            message=spec.message,
            action=spec.action,
            enabled=spec.enabled,
            confidence=spec.confidence,
            source=self.where,
            line=line,
            check=check,
            query=query,
        )

    def _condition(
        self, spec: schema.Rule, loc: tuple[int | str, ...]
    ) -> tuple[BuiltinCheck | None, SparqlQuery | None, tuple[str, ...] | None]:
        if spec.check is not None:
            try:
                check = compile_check(spec.check, self.resolve)
            except ValueError as exc:
                field, _, message = str(exc).partition(": ")
                code = CODES["regex"] if "regular expression" in message else CODES["value"]
                self.problem(message, code, (*loc, *_split(field)), rule=spec.id, field=field)
                return None, None, None
            return check, None, COMMON_VARIABLES
        assert spec.sparql is not None
        require = () if self.output else ("claim",)
        try:
            query = prepare_query(spec.sparql, self.prefixes, require=require)
        except QueryProblem as exc:
            line = schema.line_of(self.node, (*loc, "sparql"))
            if exc.line is not None and line is not None:
                line += exc.line - 1 + _block_offset(self.node, (*loc, "sparql"))
            self.problem(exc.message, CODES["sparql"], rule=spec.id, field="sparql", line=line)
            return None, None, None
        return None, query, query.variables

    def _shapes(self, index: int, name: str) -> Shapes | None:
        path = Path(name)
        path = path if path.is_absolute() else self.path.parent / path
        if not path.is_file():
            self.problem(
                f"shapes file not found: {path}", CODES["read"], ("shapes", index),
                field=f"shapes[{index}]",
            )  # fmt: skip
            return None
        return self.loader.shapes_file(path, types=self.types)


def _split(field: str | None) -> tuple[str, ...]:
    return tuple(field.split(".")) if field else ()


def _block_offset(node: yaml.Node | None, loc: Sequence[int | str]) -> int:
    """1 when the scalar at ``loc`` is a block scalar (``|``, ``>``): its text starts on the
    line after its key."""
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == str(part)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            node = node.value[part] if part < len(node.value) else None
        else:
            return 0
    return 1 if isinstance(node, yaml.ScalarNode) and node.style in {"|", ">"} else 0


def _expand_term(context: Mapping[str, Any], term: str) -> str | None:
    """The IRI a JSON key maps to under ``context`` (JSON-LD expansion by the parser itself).

    Raises:
        ValueError: the context is not valid JSON-LD.
    """
    doc = {"@context": context, "@id": "urn:kgcheck:probe", term: "x"}
    try:
        triples = list(ox.parse(json.dumps(doc), format=ox.RdfFormat.JSON_LD))
    except (SyntaxError, ValueError, TypeError) as exc:
        raise ValueError(str(exc)) from None
    return triples[0].predicate.value if triples else None
