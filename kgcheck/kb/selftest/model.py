"""The statements a self-test checks and what checking them found."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rdflib.term import Node

__all__ = [
    "PERTURBATIONS",
    "PHRASINGS",
    "Outcome",
    "PropertyRow",
    "SelftestResult",
    "Statement",
]

#: How a statement is phrased: the first five alone; ``unit`` and ``relative`` a value in
#: another unit or a date relative to the clock; ``reply`` a fact inside a reply template.
PHRASINGS = ("active", "passive", "noun", "pronoun", "coordinated", "unit", "relative", "reply")
#: How a perturbed statement was made false.
PERTURBATIONS = ("other_value", "unknown_subject", "negation", "number", "date")
TRUE, PERTURBED = "true", "perturbed"


@dataclass(frozen=True, slots=True)
class Statement:
    """One sentence to check, and the fact behind it.

    ``value`` is the value the sentence states (an RDF term: the KB's for a true statement, a
    replacement for a perturbed one) and ``value_text`` how it is written; ``expected`` are the
    KB's values of (subject, property) as written. ``subject`` is the subject's IRI, or the
    made-up name of an ``unknown_subject`` perturbation. ``phrasing`` is one of
    :data:`PHRASINGS` (``passive`` is the inverse property's form with the object first);
    ``form`` the lexical form used, ``period`` the period of an observation. ``now`` is the
    clock the statement is read at (``None``: the configuration's); ``template`` the reply
    template around a ``reply`` statement (``split/id``: ``held_out/h07``) and ``span`` where
    its fact stands in ``text``.
    """

    text: str
    kind: str
    phrasing: str
    subject: str
    property: str
    value: Node
    value_text: str
    form: str
    polarity: bool = True
    perturbation: str | None = None
    expected: tuple[str, ...] = ()
    period: str | None = None
    now: datetime | None = None
    template: str | None = None
    span: tuple[int, int] | None = None

    def held_out(self) -> bool:
        """Whether the statement is a reply of a held-out template (counted, never shown; a
        method: the field ``property`` shadows the decorator in the class body)."""
        return self.template is not None and self.template.startswith("held_out/")

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "phrasing": self.phrasing,
            "perturbation": self.perturbation,
            "subject": self.subject,
            "property": self.property,
            "value": self.value_text,
            "polarity": self.polarity,
            "form": self.form,
            "expected": list(self.expected),
            "period": self.period,
            "now": self.now.isoformat() if self.now is not None else None,
            "template": self.template,
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """What ``check_turn`` made of one statement.

    ``flags`` are ``(type, confidence, message)`` of the flags at or above the flag threshold;
    ``claimed`` whether the analysis holds a claim for the statement's property (or its
    inverse): an s/p/o claim or a number bound to the property. ``on_fact`` whether one of
    the flags lies on the statement's ``span`` (a statement without one: whether any does); a
    perturbed statement is caught only by a flag on its fact, not by one elsewhere in its
    reply.
    """

    statement: Statement
    flags: tuple[tuple[str, float, str], ...]
    decision: str
    claimed: bool
    on_fact: bool | None = None

    @property
    def flagged(self) -> bool:
        return bool(self.flags)

    @property
    def caught(self) -> bool:
        """A flag on the fact (for a perturbed statement: the catch)."""
        return self.flagged if self.on_fact is None else self.on_fact

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.statement.to_dict(),
            "decision": self.decision,
            "claimed": self.claimed,
            "on_fact": self.on_fact,
            "flags": [{"type": t, "confidence": c, "message": m} for t, c, m in self.flags],
        }


@dataclass(slots=True)
class PropertyRow:
    """Counts for one property: true statements and false alarms, perturbed ones and catches."""

    iri: str
    label: str
    true: int = 0
    false_alarms: int = 0
    not_accepted: int = 0
    perturbed: int = 0
    caught: int = 0
    unparsed: int = 0

    @property
    def false_alarm_rate(self) -> float | None:
        return self.false_alarms / self.true if self.true else None

    @property
    def recall(self) -> float | None:
        return self.caught / self.perturbed if self.perturbed else None

    def add(self, outcome: Outcome) -> None:
        if outcome.statement.kind == TRUE:
            self.true += 1
            self.false_alarms += outcome.flagged
            self.not_accepted += outcome.decision != "accept"
            self.unparsed += not outcome.claimed
        else:
            self.perturbed += 1
            self.caught += outcome.caught

    def to_dict(self) -> dict[str, Any]:
        return {
            "property": self.iri,
            "label": self.label,
            "true": self.true,
            "false_alarms": self.false_alarms,
            "false_alarm_rate": self.false_alarm_rate,
            "not_accepted": self.not_accepted,
            "unparsed": self.unparsed,
            "perturbed": self.perturbed,
            "caught": self.caught,
            "recall": self.recall,
        }


@dataclass(slots=True)
class SelftestResult:
    """Per-property rows, totals, the false alarms, the misses and the unparsed phrasings.

    ``notes`` say what was left out and why (properties without a form, open-world properties
    without an ``other_value`` perturbation, observations that are not simple).
    """

    rows: list[PropertyRow]
    outcomes: list[Outcome]
    flag_threshold: float
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def totals(self) -> PropertyRow:
        total = PropertyRow("total", "total")
        for outcome in self.outcomes:
            total.add(outcome)
        return total

    @property
    def false_alarms(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.statement.kind == TRUE and o.flagged]

    @property
    def misses(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.statement.kind != TRUE and not o.caught]

    @property
    def unparsed(self) -> list[Outcome]:
        """True statements that produced no claim for their property."""
        return [o for o in self.outcomes if o.statement.kind == TRUE and not o.claimed]

    def by_phrasing(self) -> dict[str, PropertyRow]:
        """Counts per phrasing; a reply's by its template's split (``reply development``,
        ``reply held_out``)."""
        out: dict[str, PropertyRow] = {}
        for o in self.outcomes:
            phrasing = o.statement.phrasing
            if o.statement.template is not None:
                phrasing += " " + o.statement.template.split("/")[0]
            out.setdefault(phrasing, PropertyRow(phrasing, phrasing)).add(o)
        return out

    def recall_by_perturbation(self) -> dict[str, tuple[int, int]]:
        """``perturbation -> (caught, perturbed)``."""
        out: dict[str, tuple[int, int]] = {}
        for o in self.outcomes:
            kind = o.statement.perturbation
            if kind is not None:
                caught, n = out.get(kind, (0, 0))
                out[kind] = (caught + o.caught, n + 1)
        return out

    def passes(self, *, max_false_alarm_rate: float, min_recall: float) -> bool:
        """Whether the false-alarm rate and the recall meet the bounds (no statements: yes)."""
        totals = self.totals
        rate, recall = totals.false_alarm_rate, totals.recall
        return (rate is None or rate <= max_false_alarm_rate) and (
            recall is None or recall >= min_recall
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "flag_threshold": self.flag_threshold,
            "seconds": round(self.seconds, 3),
            "totals": self.totals.to_dict(),
            "properties": [r.to_dict() for r in self.rows],
            "phrasings": {k: r.to_dict() for k, r in sorted(self.by_phrasing().items())},
            "recall_by_perturbation": {
                k: {"caught": c, "perturbed": n, "recall": c / n}
                for k, (c, n) in sorted(self.recall_by_perturbation().items())
            },
            "false_alarms": [o.to_dict() for o in self.false_alarms],
            "misses": [o.to_dict() for o in self.misses],
            "unparsed": [o.to_dict() for o in self.unparsed],
            "notes": list(self.notes),
        }
