"""Built-in check kinds: functional, tolerance, range, pattern, known_values, before_after, count.

Each check is compiled once from its schema model (properties resolved to IRIs, patterns
compiled) and evaluated on a :class:`~kgcheck.rules.facts.FactView`, so the same check runs on a
reply's claims and on a structured output.
"""

from __future__ import annotations

import re
import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from rdflib import URIRef
from rdflib.namespace import RDF, RDFS

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.labels import LABEL_PREDICATES
from kgcheck.kb.normalize import normalize
from kgcheck.rules import schema
from kgcheck.rules.facts import Fact, FactView, agree, as_number

__all__ = ["COMMON_VARIABLES", "BuiltinCheck", "Finding", "compile_check"]

#: Variables every built-in check offers to its message template.
COMMON_VARIABLES = ("subject", "property", "value", "expected", "measured", "sentence", "path")

#: Resolves a property name of a rule file to an IRI (raises ``ValueError``).
Resolver = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Finding:
    """A violation: the data fact it is on, the value seen and the value expected."""

    fact: Fact
    value: str
    expected: str | None = None
    measured: str | None = None
    #: A KB fact whose value corrects the data (replies).
    correction: Fact | None = None


class BuiltinCheck(ABC):
    """A compiled check."""

    subject_class: str | None = None

    @abstractmethod
    def evaluate(self, view: FactView) -> list[Finding]:
        """The violations in ``view``'s data."""

    def _subject_ok(self, view: FactView, subject: str | None) -> bool:
        return self.subject_class is None or view.has_class(subject, self.subject_class)


def compile_check(model: Any, resolve: Resolver) -> BuiltinCheck:
    """The compiled form of a check model.

    Raises:
        ValueError: a property or class cannot be resolved, or a pattern does not compile; the
            message names the field (``"check.predicate: ..."``).
    """
    factory = _FACTORIES[type(model)]
    return factory(model, _Resolve(resolve))


class _Resolve:
    def __init__(self, resolve: Resolver) -> None:
        self._resolve = resolve

    def __call__(self, field_name: str, name: str | None) -> str | None:
        if name is None:
            return None
        try:
            return self._resolve(name)
        except ValueError as exc:
            raise ValueError(f"check.{field_name}: {exc}") from None


# ---------------------------------------------------------------------------------------------


@dataclass
class _Functional(BuiltinCheck):
    predicate: str
    against: tuple[str, ...]
    subject_class: str | None = None

    def evaluate(self, view: FactView) -> list[Finding]:
        out = []
        seen: list[Fact] = []
        for fact in view.data(self.predicate):
            earlier, seen = list(seen), [*seen, fact]
            if fact.subject is None or not self._subject_ok(view, fact.subject):
                continue
            other = self._conflict(view, fact, earlier)
            if other is not None:
                correction = other if other.origin == "kb" else None
                out.append(Finding(fact, fact.text, other.text, correction=correction))
        return out

    def _conflict(self, view: FactView, fact: Fact, earlier: list[Fact]) -> Fact | None:
        if "data" in self.against:
            for other in reversed(earlier):
                if other.subject == fact.subject and not agree(fact, other):
                    return other
        if "history" in self.against:
            for other in reversed(view.history(fact.subject, self.predicate)):
                if not agree(fact, other):
                    return other
        if "kb" in self.against:
            known = view.kb_facts(fact.subject, self.predicate)
            if known and not any(agree(fact, k) for k in known):
                return known[0]
        return None


def _functional(m: schema.FunctionalCheck, r: _Resolve) -> BuiltinCheck:
    return _Functional(
        _req(r("predicate", m.predicate)), tuple(m.against), r("subject_class", m.subject_class)
    )


@dataclass
class _Tolerance(BuiltinCheck):
    predicate: str
    tolerance: float
    reference: str | None
    subject_class: str | None = None

    def evaluate(self, view: FactView) -> list[Finding]:
        out = []
        for fact in view.data(self.predicate):
            if as_number(fact.value) is None or not self._subject_ok(view, fact.subject):
                continue
            refs = (
                view.on(fact.subject, self.reference)
                if self.reference is not None
                else view.kb_facts(fact.subject, self.predicate)
            )
            numbers = [r for r in refs if r.node is not None or as_number(r.value) is not None]
            if not numbers or any(agree(fact, r, self.tolerance) for r in numbers):
                continue
            ref = numbers[0]
            correction = ref if ref.origin == "kb" else None
            out.append(Finding(fact, fact.text, ref.lexical, correction=correction))
        return out


def _tolerance(m: schema.ToleranceCheck, r: _Resolve) -> BuiltinCheck:
    return _Tolerance(
        _req(r("predicate", m.predicate)),
        m.tolerance,
        r("reference", m.reference),
        r("subject_class", m.subject_class),
    )


# --- range and count: bounds --------------------------------------------------------------------

Comparable = Decimal | date


@dataclass(frozen=True)
class _Bound:
    spec: schema.Bound
    ref: str | None = None

    def value(self, view: FactView, subject: str | None) -> Comparable | None:
        spec, now = self.spec, view.now
        if spec.kind == "number":
            return spec.number
        if spec.kind == "date":
            return spec.day
        if spec.kind == "this_year":
            return Decimal(now.year + spec.offset)
        if spec.kind == "today":
            return now.date() + timedelta(days=spec.offset)
        assert self.ref is not None
        for fact in view.on(subject, self.ref):
            if as_number(fact.value) is not None:
                return as_number(fact.value)
            if isinstance(fact.value, date):
                return _day(fact.value)
        return None


def _bound(spec: schema.Bound | None, r: _Resolve, name: str) -> _Bound | None:
    if spec is None:
        return None
    return _Bound(spec, r(f"{name}.value_of", spec.ref) if spec.kind == "value_of" else None)


def _day(value: date) -> date:
    return value.date() if isinstance(value, datetime) else value


def _compare(measured: Comparable, bound: Comparable) -> int | None:
    """-1, 0 or 1, or ``None`` when the two cannot be compared."""
    a: Any = measured
    b: Any = bound
    if isinstance(a, date) and isinstance(b, Decimal):
        a = Decimal(a.year)
    elif isinstance(a, Decimal) and isinstance(b, date):
        b = Decimal(b.year) if a == a.to_integral_value() and 0 < a < 10000 else None
        if b is None:
            return None
    if isinstance(a, date) and isinstance(b, date):
        a, b = _day(a), _day(b)
    return int((a > b) - (a < b))


def _describe(value: Comparable) -> str:
    if isinstance(value, Decimal):
        return format(value.normalize(), "f") if value == value.to_integral_value() else str(value)
    return value.isoformat()


_YEAR = re.compile(r"(?<!\d)(\d{4})(?!\d)")


@dataclass
class _Range(BuiltinCheck):
    predicate: str
    low: _Bound | None
    high: _Bound | None
    measure: str
    exclusive: bool
    subject_class: str | None = None

    def _measures(self, fact: Fact) -> list[Comparable]:
        if self.measure == "length":
            return [Decimal(len(fact.lexical))]
        if self.measure == "year":
            if isinstance(fact.value, date):
                return [Decimal(fact.value.year)]
            return [Decimal(y) for y in _YEAR.findall(fact.lexical)]
        number = as_number(fact.value)
        if number is not None:
            return [number]
        return [_day(fact.value)] if isinstance(fact.value, date) else []

    def evaluate(self, view: FactView) -> list[Finding]:
        out = []
        for fact in view.data(self.predicate):
            if not self._subject_ok(view, fact.subject):
                continue
            finding = self._check(view, fact)
            if finding is not None:
                out.append(finding)
        return out

    def _check(self, view: FactView, fact: Fact) -> Finding | None:
        low = self.low.value(view, fact.subject) if self.low else None
        high = self.high.value(view, fact.subject) if self.high else None
        for measured in self._measures(fact):
            if low is not None:
                c = _compare(measured, low)
                if c is not None and (c < 0 or (self.exclusive and c == 0)):
                    word = "more than" if self.exclusive else "at least"
                    return Finding(fact, fact.text, f"{word} {_describe(low)}", _describe(measured))
            if high is not None:
                c = _compare(measured, high)
                if c is not None and (c > 0 or (self.exclusive and c == 0)):
                    word = "less than" if self.exclusive else "at most"
                    return Finding(
                        fact, fact.text, f"{word} {_describe(high)}", _describe(measured)
                    )
        return None


def _range(m: schema.RangeCheck, r: _Resolve) -> BuiltinCheck:
    return _Range(
        _req(r("predicate", m.predicate)),
        _bound(m.min, r, "min"),
        _bound(m.max, r, "max"),
        m.measure,
        m.exclusive,
        r("subject_class", m.subject_class),
    )


@dataclass
class _Count(BuiltinCheck):
    predicate: str
    low: _Bound | None
    high: _Bound | None
    subject_class: str | None = None

    def evaluate(self, view: FactView) -> list[Finding]:
        facts = view.data(self.predicate)
        subjects = list(dict.fromkeys(f.subject for f in facts if f.subject is not None))
        if self.subject_class is not None:
            extra = view.subjects_of_class(self.subject_class)
            subjects = [s for s in subjects if s in extra] + [s for s in extra if s not in subjects]
        out = []
        for subject in subjects:
            mine = [f for f in facts if f.subject == subject]
            count = len({f.iri or normalize(f.lexical, drop_titles=False) for f in mine})
            finding = self._check(view, subject, count)
            if finding is not None:
                out.append(finding)
        return out

    def _check(self, view: FactView, subject: str, count: int) -> Finding | None:
        low = self.low.value(view, subject) if self.low else None
        high = self.high.value(view, subject) if self.high else None
        n = Decimal(count)
        expected = None
        if isinstance(low, Decimal) and n < low:
            expected = f"at least {_describe(low)}"
        elif isinstance(high, Decimal) and n > high:
            expected = f"at most {_describe(high)}"
        if expected is None:
            return None
        anchor = view.anchor(subject, self.predicate, count)
        if anchor is None:
            return None
        return Finding(anchor, str(count), expected, str(count))


def _count(m: schema.CountCheck, r: _Resolve) -> BuiltinCheck:
    return _Count(
        _req(r("predicate", m.predicate)),
        _bound(m.min, r, "min"),
        _bound(m.max, r, "max"),
        r("subject_class", m.subject_class),
    )


# --- pattern, known values, before/after -------------------------------------------------------


@dataclass
class _Pattern(BuiltinCheck):
    predicate: str
    regex: re.Pattern[str]
    must_match: bool
    subject_class: str | None = None

    def evaluate(self, view: FactView) -> list[Finding]:
        out = []
        for fact in view.data(self.predicate):
            if not self._subject_ok(view, fact.subject):
                continue
            found = self.regex.search(fact.lexical) is not None
            if found != self.must_match:
                out.append(Finding(fact, fact.text))
        return out


def _pattern(m: schema.PatternCheck, r: _Resolve) -> BuiltinCheck:
    field_name = "must_match" if m.must_match is not None else "must_not_match"
    source = m.must_match if m.must_match is not None else m.must_not_match
    assert source is not None
    try:
        regex = re.compile(source, re.IGNORECASE if m.ignore_case else 0)
    except re.error as exc:
        raise ValueError(f"check.{field_name}: not a valid regular expression: {exc}") from None
    return _Pattern(
        _req(r("predicate", m.predicate)),
        regex,
        m.must_match is not None,
        r("subject_class", m.subject_class),
    )


_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold().replace(".", "").replace("'", ""))


@dataclass
class _KnownValues(BuiltinCheck):
    predicate: str
    values: tuple[str, ...]
    kb_class: str | None
    in_text_of: str | None
    by_words: bool
    ignore: frozenset[str]
    subject_class: str | None = None
    # per KB object, dropped with it: keyed by ``id(kb)``, a KB made after another was freed
    # could take its id and read the freed one's labels
    _labels: weakref.WeakKeyDictionary[KnowledgeBase, tuple[str, ...]] = field(
        default_factory=weakref.WeakKeyDictionary, repr=False
    )

    def evaluate(self, view: FactView) -> list[Finding]:
        out = []
        names = list(self.values) + list(self._class_labels(view.kb))
        texts = (
            [f.lexical for f in view.data(self.in_text_of)] if self.in_text_of is not None else []
        )
        for fact in view.data(self.predicate):
            if not self._subject_ok(view, fact.subject):
                continue
            if self._is_instance(view.kb, fact):
                continue
            if not self._known(fact.lexical, names, texts):
                out.append(Finding(fact, fact.text))
        return out

    def _is_instance(self, kb: KnowledgeBase | None, fact: Fact) -> bool:
        if fact.iri is None or self.kb_class is None or kb is None:
            return False
        return URIRef(self.kb_class) in kb.types(URIRef(fact.iri))

    def _known(self, value: str, names: list[str], texts: list[str]) -> bool:
        if not self.by_words:
            wanted = normalize(value, drop_titles=False)
            if any(normalize(n, drop_titles=False) == wanted for n in names):
                return True
            return bool(wanted) and any(wanted in normalize(t, drop_titles=False) for t in texts)
        own = self._substantial(value)
        if not own:
            return False
        for name in names:
            theirs = self._substantial(name)
            if theirs and (own <= set(_words(name)) or theirs <= set(_words(value))):
                return True
        return any(own <= set(_words(t)) for t in texts)

    def _substantial(self, text: str) -> set[str]:
        return {w for w in _words(text) if w not in self.ignore and not w.isdigit()}

    def _class_labels(self, kb: KnowledgeBase | None) -> tuple[str, ...]:
        if kb is None or self.kb_class is None:
            return ()
        cached = self._labels.get(kb)
        if cached is None:
            cached = _instance_labels(kb, URIRef(self.kb_class))
            self._labels[kb] = cached
        return cached


def _instance_labels(kb: KnowledgeBase, cls: URIRef) -> tuple[str, ...]:
    """Labels of the instances of ``cls`` and of its subclasses (computed once per KB)."""
    classes = set(kb.graph.transitive_subjects(RDFS.subClassOf, cls))
    labels: list[str] = []
    for c in classes:
        for instance in kb.graph.subjects(RDF.type, c):
            for pred in LABEL_PREDICATES:
                labels.extend(str(v) for v in kb.graph.objects(instance, URIRef(pred)))
    return tuple(dict.fromkeys(labels))


def _known_values(m: schema.KnownValuesCheck, r: _Resolve) -> BuiltinCheck:
    return _KnownValues(
        _req(r("predicate", m.predicate)),
        tuple(m.values),
        r("kb_class", m.kb_class),
        r("in_text_of", m.in_text_of),
        m.match == "words",
        frozenset(w for word in m.ignore_words for w in _words(word)),
        r("subject_class", m.subject_class),
    )


@dataclass
class _BeforeAfter(BuiltinCheck):
    before: str
    after: str
    strict: bool
    subject_class: str | None = None

    def evaluate(self, view: FactView) -> list[Finding]:
        subjects = dict.fromkeys(
            f.subject for p in (self.before, self.after) for f in view.data(p) if f.subject
        )
        out = []
        for subject in subjects:
            if not self._subject_ok(view, subject):
                continue
            firsts = view.on(subject, self.before) + view.kb_facts(subject, self.before)
            lasts = view.on(subject, self.after) + view.kb_facts(subject, self.after)
            finding = self._check(firsts, lasts)
            if finding is not None:
                out.append(finding)
        return out

    def _check(self, firsts: list[Fact], lasts: list[Fact]) -> Finding | None:
        for a in firsts:
            for b in lasts:
                if a.origin != "data" and b.origin != "data":
                    continue
                x, y = _comparable(a.value), _comparable(b.value)
                if x is None or y is None:
                    continue
                c = _compare(x, y)
                if c is not None and (c > 0 or (self.strict and c == 0)):
                    on, other = (a, b) if a.origin == "data" else (b, a)
                    return Finding(on, on.text, other.text)
        return None


def _comparable(value: Any) -> Comparable | None:
    number = as_number(value)
    if number is not None:
        return number
    return _day(value) if isinstance(value, date) else None


def _before_after(m: schema.BeforeAfterCheck, r: _Resolve) -> BuiltinCheck:
    return _BeforeAfter(
        _req(r("before", m.before)),
        _req(r("after", m.after)),
        m.strict,
        r("subject_class", m.subject_class),
    )


def _req(value: str | None) -> str:
    assert value is not None
    return value


_FACTORIES: dict[type[Any], Callable[[Any, _Resolve], BuiltinCheck]] = {
    schema.FunctionalCheck: _functional,
    schema.ToleranceCheck: _tolerance,
    schema.RangeCheck: _range,
    schema.PatternCheck: _pattern,
    schema.KnownValuesCheck: _known_values,
    schema.BeforeAfterCheck: _before_after,
    schema.CountCheck: _count,
}
