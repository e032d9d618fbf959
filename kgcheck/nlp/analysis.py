"""``TurnAnalysis``: what one NLP pass over a reply produced, read by every detector."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from kgcheck.types import Span
from kgcheck.values.quantities import Quantity
from kgcheck.values.temporal import TemporalExpression

if TYPE_CHECKING:
    from kgcheck.nlp.closed_values import StatedValue
    from kgcheck.nlp.ranges import StatedRange

__all__ = ["Claim", "ClaimObject", "Mention", "Segment", "Signal", "TurnAnalysis"]


@dataclass(frozen=True, slots=True)
class Segment:
    """A sentence of the reply, and what it does (``kgcheck.nlp.speech_acts``: ``statement``,
    ``question``, ``request``, ``formula`` or ``fragment``)."""

    index: int
    span: Span
    text: str
    mood: str = "statement"
    #: Whether it restates what the user asked for ("You want 2 rooms"); ``None``: the text
    #: alone decides (:func:`kgcheck.nlp.speech_acts.restating`)
    restates: bool | None = None


@dataclass(frozen=True, slots=True)
class Mention:
    """A named thing in the reply.

    ``kind`` is ``entity`` (resolved to the KB: ``iri`` is set, ``how`` says how: exact, short,
    fuzzy, context, value: a short name the KB also holds whole as a value of other things,
    "London" of "Ace Hotel London" where other hotels are in London, or one: "a large one" of
    the large popcorn after "a medium popcorn"), ``ambiguous`` (several KB
    candidates), ``name`` (a proper name the KB does not know) or ``pronoun`` (an anaphor: a
    pronoun, or with ``how == "definite"`` a phrase such as "the department"; ``iri`` is set
    where :mod:`kgcheck.nlp.coref` resolved it). ``class_hint``
    is a class the text suggests ("Dr.", "Nurse", the predicate's domain), ``affiliation`` an
    entity the text ties it to ("Sarah from Analytics").
    """

    span: Span
    text: str
    kind: str
    segment: int
    token_start: int
    token_end: int
    iri: str | None = None
    how: str = "exact"
    candidates: tuple[str, ...] = ()
    class_hint: str | None = None
    affiliation: str | None = None
    title: str | None = None


@dataclass(frozen=True, slots=True)
class ClaimObject:
    """The object of a claim: a KB entity (``iri``), an unknown name, or a literal with its parsed
    ``value`` and ``datatype``."""

    span: Span
    text: str
    iri: str | None = None
    value: Any = None
    datatype: str | None = None
    mention: Mention | None = None

    @property
    def stated(self) -> Any:
        """The value to compare with the KB: the parsed value, else the text."""
        return self.value if self.value is not None else self.text


@dataclass(frozen=True, slots=True)
class Claim:
    """A statement of the reply: ``subject predicate object`` with polarity and hedging."""

    subject: Mention
    subject_iri: str | None
    predicate: str
    object: ClaimObject
    polarity: bool
    hedged: bool
    certain: bool
    span: Span
    segment: int
    form: str
    index: int = 0


@dataclass(frozen=True, slots=True)
class Signal:
    """A linguistic signal: ``hedge`` ("I think", "probably") or ``certainty`` ("definitely")."""

    kind: str
    text: str
    span: Span
    segment: int


@dataclass(frozen=True)
class TurnAnalysis:
    """Segments, mentions, claims, signals, temporal expressions, quantities and closed-set
    values of one reply."""

    text: str
    segments: tuple[Segment, ...] = ()
    mentions: tuple[Mention, ...] = ()
    claims: tuple[Claim, ...] = ()
    signals: tuple[Signal, ...] = ()
    temporals: tuple[TemporalExpression, ...] = ()
    quantities: tuple[Quantity, ...] = ()
    #: Members of a property's closed set of values ("snow" for the weather), bound like numbers.
    values: tuple[StatedValue, ...] = ()
    #: Ranges over a period ("from 20F to 100F"), bound like numbers; their ends are no quantities.
    ranges: tuple[StatedRange, ...] = ()
    pipeline: str = ""
    truncated: bool = False
    notes: tuple[str, ...] = field(default=())

    def signals_in(self, segment: int) -> list[Signal]:
        return [s for s in self.signals if s.segment == segment]

    def claims_in(self, segment: int) -> tuple[Claim, ...]:
        """The claims of one sentence (indexed once per analysis)."""
        return self._claims_by_segment.get(segment, ())

    @cached_property
    def _claims_by_segment(self) -> dict[int, tuple[Claim, ...]]:
        grouped: dict[int, list[Claim]] = {}
        for claim in self.claims:
            grouped.setdefault(claim.segment, []).append(claim)
        return {k: tuple(v) for k, v in grouped.items()}
