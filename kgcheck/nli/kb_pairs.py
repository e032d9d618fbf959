"""NLI pairs generated from a knowledge base and its ontology, for training and measuring the
model on what kgcheck asks of it: a verbalised KB fact against a reply sentence.

The sentences come from the generator behind ``kgcheck kb selftest``
(:func:`kgcheck.kb.selftest.generate_statements`). The premise is a fact as the checker
verbalises it for ``contradicts_fact`` (:meth:`KnowledgeBase.verbalise`), or another phrasing of
the same fact, so that training matches inference. Pairs, by ``origin``
(``kb:<domain>:<label>:<kind>``):

- ``entailment``: the same fact in another phrasing (``active``, ``noun``, ``passive``,
  ``pronoun``, ``coordinated`` with both facts in the premise, ``extract``: one fact out of two),
  ``paraphrase`` (two phrasings of one fact) and ``number_format`` ("$1.2 million" /
  "$1,200,000", "62 km" / "62 kilometres");
- ``contradiction``: another value of a functional property (``other_value``), a ``negation``,
  a ``number`` outside tolerance, a wrong ``date``, a ``disjoint`` class;
- ``neutral``: another property of the same subject (``other_property``), another subject
  (``other_subject``), and a coordination only half of which the premise states (``partial``).

Usage::

    pairs = pairs_from_config(Path("kgcheck/examples/acme/kgcheck.yaml"), seed=13)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from rdflib import Literal, URIRef
from rdflib.namespace import RDF

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.selftest import Statement, generate_statements
from kgcheck.kb.selftest.english import number_of
from kgcheck.kb.selftest.facts import kb_values
from kgcheck.kb.selftest.model import TRUE
from kgcheck.kb.selftest.phrasing import article
from kgcheck.nli.data import NliPair
from kgcheck.values.quantities import canonical_unit

__all__ = ["CONTRADICTIONS", "kb_pairs", "number_variants", "pairs_from_config"]

#: Perturbations of the self-test that contradict the fact they were made from.
CONTRADICTIONS = frozenset({"other_value", "negation", "number", "date"})
_CURRENCY = {"USD": ("$", "dollars"), "EUR": ("€", "euros"), "GBP": ("£", "pounds")}
_UNIT_WORDS = {
    "km": ("kilometres", "kilometers"),
    "m": ("metres", "meters"),
    "mi": ("miles",),
    "mile": ("miles",),
    "kg": ("kilograms",),
    "g": ("grams",),
    "mg": ("milligrams",),
    "sqft": ("square feet", "sq ft"),
    "%": ("percent", "per cent"),
}

Key = tuple[str, str, str, str | None]  # subject, property, value, period


def pairs_from_config(
    config: Path, *, seed: int = 13, max_facts_per_property: int | None = None
) -> list[NliPair]:
    """The pairs of the knowledge base a ``kgcheck.yaml`` names (its ``now`` sets the tenses).

    Raises:
        KgcheckError: the configuration or its knowledge base cannot be loaded.
    """
    from kgcheck.config import load_config

    loaded = load_config(config)
    kb_cfg = loaded.knowledge_base
    kb = KnowledgeBase.from_config(kb_cfg)
    return kb_pairs(
        kb,
        domain=config.resolve().parent.name,
        now=loaded.now,
        seed=seed,
        max_facts_per_property=max_facts_per_property,
    )


def kb_pairs(
    kb: KnowledgeBase,
    *,
    domain: str = "kb",
    now: datetime | None = None,
    seed: int = 13,
    max_facts_per_property: int | None = None,
) -> list[NliPair]:
    """Entailment, contradiction and neutral pairs of ``kb``: the same list for the same seed.

    A (premise, hypothesis) that comes out with two labels is left out.
    """
    rng = random.Random(seed)
    statements = generate_statements(
        kb,
        now=now or datetime(2026, 1, 1, tzinfo=UTC),
        seed=seed,
        max_facts_per_property=max_facts_per_property,
    )
    maker = _Pairs(kb, domain, rng, [s for s in statements if s.kind == TRUE])
    made = [*maker.entailments(), *maker.contradictions(statements), *maker.neutrals()]
    return _consistent(made)


class _Pairs:
    """The pairs of one KB's statements."""

    def __init__(
        self, kb: KnowledgeBase, domain: str, rng: random.Random, true: list[Statement]
    ) -> None:
        self.kb, self.domain, self.rng, self.true = kb, domain, rng, true
        self.by_fact: dict[Key, list[Statement]] = {}
        self.observed: dict[tuple[str, str, str], str] = {}  # an observation's first phrasing
        for s in true:
            self.by_fact.setdefault(_key(s), []).append(s)
            if s.period is not None:
                self.observed.setdefault((s.subject, s.property, s.period), s.text)

    def pair(self, premise: str, hypothesis: str, label: str, kind: str) -> NliPair:
        return NliPair(premise, hypothesis, label, f"kb:{self.domain}:{label}:{kind}")

    def premise(self, s: Statement) -> str:
        """The fact of ``s`` as the checker verbalises it; an observation's (which the checker
        does not verbalise) in the first phrasing the generator wrote."""
        if s.period is not None:
            return self.by_fact[_key(s)][0].text
        return self.kb.verbalise(URIRef(s.subject), URIRef(s.property), s.value)

    def entailments(self) -> Iterator[NliPair]:
        for s in self.true:
            fact = self.premise(s)
            if s.phrasing == "pronoun":  # "X is a pharmacist. She runs Y."
                fact = f"{s.text.split('. ', 1)[0]}. {fact}"
            if s.phrasing == "coordinated":
                other = self._other_fact(s)
                if other is not None:
                    both = [other, fact] if self.rng.random() < 0.5 else [fact, other]
                    yield self.pair(" ".join(both), s.text, "entailment", "coordinated")
                    yield self.pair(s.text, fact, "entailment", "extract")
                continue
            if fact != s.text:
                yield self.pair(fact, s.text, "entailment", s.phrasing)
            for variant in number_variants(self.kb, s):
                yield self.pair(fact, variant, "entailment", "number_format")
            same = [o for o in self._precise(_key(s)) if o.text != s.text]
            if same and _single(s):
                yield self.pair(self.rng.choice(same).text, s.text, "entailment", "paraphrase")

    def contradictions(self, statements: Iterable[Statement]) -> Iterator[NliPair]:
        functional = self.kb.ontology.functional
        for s in statements:
            if s.perturbation not in CONTRADICTIONS:
                continue
            if s.perturbation == "other_value" and URIRef(s.property) not in functional:
                continue  # kgc:complete: false by the KB, yet no contradiction of one fact
            for fact in self._held(s):
                yield self.pair(fact, s.text, "contradiction", str(s.perturbation))
                if s.perturbation == "number":
                    for variant in number_variants(self.kb, s):
                        yield self.pair(fact, variant, "contradiction", "number")
                # contradiction is symmetric: the reply may state either value first
                yield self.pair(s.text, fact, "contradiction", str(s.perturbation))
        yield from self._disjoint()

    def neutrals(self) -> Iterator[NliPair]:
        by_subject: dict[str, list[Statement]] = {}
        by_property: dict[str, list[Statement]] = {}
        for s in self.true:
            if _single(s):
                by_subject.setdefault(s.subject, []).append(s)
                by_property.setdefault(s.property, []).append(s)
        for s in self.true:
            if s.phrasing not in {"active", "coordinated"}:
                continue
            fact = self.premise(s)
            if s.phrasing == "coordinated":
                yield self.pair(fact, s.text, "neutral", "partial")
                continue
            others = [o for o in by_subject[s.subject] if _differs(o, s)]
            if others:
                yield self.pair(fact, self.rng.choice(others).text, "neutral", "other_property")
            strangers = [o for o in by_property[s.property] if o.subject != s.subject]
            strangers = [o for o in strangers if str(o.value) != str(s.value)]
            if strangers:
                yield self.pair(fact, self.rng.choice(strangers).text, "neutral", "other_subject")

    def _held(self, s: Statement) -> list[str]:
        """The premises ``s`` contradicts: the KB's fact (all its values, for a property with
        several) verbalised, and for a fact of one value another true phrasing of it."""
        if s.period is not None:
            observed = self.observed.get((s.subject, s.property, s.period))
            return [observed] if observed else []
        subject, prop = URIRef(s.subject), URIRef(s.property)
        values = [v for v in kb_values(self.kb, subject, prop) if v != s.value][:3]
        if s.perturbation == "negation":
            values = [s.value]
        if not values:
            return []
        held = [" ".join(self.kb.verbalise(subject, prop, v) for v in values)]
        if len(values) == 1:
            key = (s.subject, s.property, str(values[0]), None)
            phrased = [o.text for o in self._precise(key)]
            phrased = [t for t in phrased if t not in held]
            if phrased:
                held.append(self.rng.choice(phrased))
        return held

    def _precise(self, key: Key) -> list[Statement]:
        """The one-sentence phrasings of a fact that state its value in full ("on 2 April
        2008", not "in 2008"): a premise must say at least what its hypothesis says."""
        single = [o for o in self.by_fact.get(key, []) if _single(o)]
        longest = max((len(o.value_text) for o in single), default=0)
        return [o for o in single if len(o.value_text) == longest]

    def _other_fact(self, s: Statement) -> str | None:
        """The first half of a coordination of ``s`` ("S works in A and ..."), verbalised."""
        subject = URIRef(s.subject)
        for p, o in self.kb.facts(subject):
            if p == RDF.type or str(p) == s.property:
                continue
            if self.kb.value_text(p, o) in s.text or self.kb.label(o) in s.text:
                return self.kb.verbalise(subject, p, o)
        return None

    def _disjoint(self) -> Iterator[NliPair]:
        """ "S is a pharmacy." against "S is a supplier." for disjoint classes, and against
        "S is not a pharmacy."."""
        subjects = sorted({s.subject for s in self.true if s.phrasing == "active"})
        onto = self.kb.ontology
        for iri in subjects:
            subject = URIRef(iri)
            types = self.kb.direct_types(subject)
            name = self.kb.label(subject)
            for cls_ in sorted(types):
                noun = onto.labels.get(cls_)
                if not noun:
                    continue
                fact = self.kb.verbalise(subject, RDF.type, cls_)
                negated = f"{name} is not {article(noun)} {noun}."
                yield self.pair(fact, negated, "contradiction", "negation")
                for other in sorted(onto.disjoint_with({cls_})):
                    label = onto.labels.get(other)
                    if label:
                        text = f"{name} is {article(label)} {label}."
                        yield self.pair(fact, text, "contradiction", "disjoint")


def _key(s: Statement) -> Key:
    return s.subject, s.property, str(s.value), s.period


def _single(s: Statement) -> bool:
    """Whether ``s`` states one fact in one sentence."""
    return s.phrasing in {"active", "noun", "passive"}


def _differs(other: Statement, s: Statement) -> bool:
    return other.property != s.property and str(other.value) != str(s.value)


def number_variants(kb: KnowledgeBase, s: Statement) -> list[str]:
    """``s`` with its number written in other ways: "$4.85 million" as "$4,850,000" and
    "$4.85M", "48.5 km" as "48.5 kilometres", "85%" as "85 percent"."""
    number = number_of(s.value)
    if number is None or not isinstance(s.value, Literal) or s.text.count(s.value_text) != 1:
        return []
    unit = canonical_unit(kb.ontology.unit.get(URIRef(s.property)))
    shown = _written(number, unit)
    return [s.text.replace(s.value_text, v) for v in shown if v != s.value_text]


def _written(number: Decimal, unit: str | None) -> list[str]:
    plain = _plain(number)
    if unit in _CURRENCY:
        sign, word = _CURRENCY[unit]
        whole = number == number.to_integral_value()
        grouped = f"{int(number):,}" if whole else f"{number:,.2f}"
        out = [f"{sign}{grouped}", f"{grouped} {word}"]
        if abs(number) >= 1_000_000:
            millions = _plain(number / 1_000_000)
            out += [f"{sign}{millions} million", f"{sign}{millions}M", f"{millions} million {word}"]
        elif abs(number) >= 1000 and whole:
            out += [f"{sign}{_plain(number / 1000)}k", f"{sign}{int(number)}"]
        return out
    if unit is not None and unit in _UNIT_WORDS:
        tight = "" if unit == "%" else " "
        return [f"{plain}{tight}{unit}", *(f"{plain} {w}" for w in _UNIT_WORDS[unit])]
    if unit is None and abs(number) >= 1000 and number == number.to_integral_value():
        return [f"{int(number):,}", str(int(number))]
    return []


def _plain(number: Decimal) -> str:
    text = f"{number:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _consistent(pairs: list[NliPair]) -> list[NliPair]:
    """``pairs`` without repeats, and without any (premise, hypothesis) given two labels."""
    labels: dict[tuple[str, str], set[str]] = {}
    for p in pairs:
        labels.setdefault((p.premise, p.hypothesis), set()).add(p.label)
    seen: set[tuple[str, str]] = set()
    out = []
    for p in pairs:
        key = (p.premise, p.hypothesis)
        if len(labels[key]) == 1 and key not in seen:
            seen.add(key)
            out.append(p)
    return out
