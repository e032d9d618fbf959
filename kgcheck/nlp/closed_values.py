"""Values of a closed set named in a reply ("snow", "clear skies"), bound like numbers.

A mention linked to a member of a property's closed set (see :mod:`kgcheck.kb.closed_values`)
states a value of that property: "On Friday there will be snow in Alhambra" says the weather of
Alhambra on Friday is snow. The subject and the period are found the way a number's are
(:mod:`kgcheck.nlp.anchors`): the entity of the sentence that has values of the property, else
the most salient one of the conversation; the nearest date of the sentence, for a property
whose values hold for a period (observations: the weather, not a car's type). Values in a
question, under "if" or "whether", offered as alternatives ("rain or snow"), joined ("rainy and
cloudy") of one day, or under a negation further back in the clause than "not" or "no" just
before them state nothing checkable and are left out; values joined over several days ("rainy
and cloudy over the next few days") each hold on one of them.

Usage::

    binder = ClosedValueBinder(anchorer)
    values = binder.bind(ItemBinder(anchorer, toks, mentions, ...), text)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from rdflib import URIRef

from kgcheck.kb.closed_values import closed_values
from kgcheck.kb.observations import observations
from kgcheck.nlp.analysis import Mention
from kgcheck.nlp.anchors import Anchor, Anchorer
from kgcheck.nlp.items import ItemBinder
from kgcheck.nlp.negation import negated_before
from kgcheck.nlp.tokens import Tok, is_parsed
from kgcheck.types import Span
from kgcheck.values.temporal import TemporalExpression

__all__ = ["ClosedValueBinder", "StatedValue"]

#: The dependencies of a word that modifies the noun after it ("business days").
_MODIFIER = frozenset({"compound", "amod", "nmod"})
#: Words that make what follows in their clause a condition or a question, not a statement.
_OPEN = frozenset({"if", "whether", "unless", "when"})
#: Words that make what follows in their clause a state to come: "we expect to have it fixed
#: by 4pm", "it should be resolved soon", "your order will be dispatched".
_TO_COME = frozenset(
    {"expect", "expects", "expected", "expecting", "hope", "hopes", "hoping", "aim", "aims",
     "will", "'ll", "should", "going", "shall"}
)  # fmt: skip
_DAY = timedelta(days=1)
_BREAK_WORDS = frozenset({",", ";", ":", "but", "while", "whereas", "although", "however"})
#: "no snow", "without rain": the value is denied.
_NO_BEFORE = re.compile(r"\b(?:no|without)\s+(?:\w+\s+)?$", re.I)
#: A negation further back in the clause.
_NEGATION = re.compile(r"\b(?:no|not|never|without|none)\b|n['’]t\b", re.I)


@dataclass(frozen=True, slots=True)
class StatedValue:
    """A member of a closed set stated in the reply.

    ``value`` is the member's IRI, ``properties`` the properties it can be a value of,
    ``anchor`` the subject (and property) it is bound to, ``period`` the nearest date of its
    sentence, ``negated`` whether the reply denies it ("no snow", "will not rain").
    """

    span: Span
    text: str
    value: str
    properties: tuple[str, ...]
    anchor: Anchor | None
    period: TemporalExpression | None
    negated: bool = False


class ClosedValueBinder:
    """Finds and binds the closed-set values of one reply (see the module docstring)."""

    def __init__(self, anchorer: Anchorer) -> None:
        self.anchorer = anchorer
        self.index = closed_values(anchorer.kb)
        #: the properties whose values hold for a period (observations, qualified statements)
        self.periodic = observations(anchorer.kb).predicates
        #: the words of the KB's class labels (what a value word may modify: "a compact car")
        self._kind_words = frozenset(
            w for label in anchorer.kb.ontology.class_labels for w in label.split()
        )

    def bind(self, items: ItemBinder, text: str) -> list[StatedValue]:
        """The closed-set values among ``mentions``, each with its anchor and period."""
        toks = items.toks
        if not self.index.properties or not toks:
            return []
        found = [
            (m, props)
            for m in items.mentions
            if m.kind == "entity"
            and m.iri is not None
            and (props := self.index.properties_of(m.iri))
            and not self._unstated(toks, m)
            and not self._modifies_other(toks, m, items.mentions, props)
            and not _in_compound(text, m)
        ]
        mentioned = [f for f, _ in found]
        found = [(m, p) for m, p in found if _joined(toks, m, mentioned) != "or"]
        if not found:
            return []
        out = []
        for m, props in found:
            joined = _joined(toks, m, mentioned) == "and"
            i = m.token_start
            wanted = set(props)
            anchor, period = items.bind(
                i,
                m.token_end - 1,
                fits=lambda p, wanted=wanted: p in wanted,  # type: ignore[misc]
                fallback=lambda props=props: list(props),  # type: ignore[misc]
                itself=m,
            )
            clause = _clause_start(toks, i)
            before = text[toks[clause].start : m.span.start]
            negated = negated_before(text, m.span.start, toks[clause].start) or bool(
                _NO_BEFORE.search(before)
            )
            if not negated and _NEGATION.search(before):
                continue  # "there aren't any days predicted to be dry": what is denied is unclear
            if joined and not _several_days(period):
                continue  # "rainy and cloudy" of one day: which part of it is each, unsaid
            if not any(p in self.periodic for p in props):
                if _to_come(toks, m):
                    # "we expect to have it fixed by 4pm": a status the thing will have, not
                    # the one it has (a value of a day, a forecast's, is said of that day)
                    continue
                # "a Standard Accord available on March 13th": a car's type holds on no day;
                # the date is a value of its own (the pickup date), not the type's period
                period = None
            out.append(
                StatedValue(
                    m.span, m.text, m.iri or "", tuple(map(str, props)), anchor, period, negated
                )
            )
        return out

    def _modifies_other(
        self, toks: Sequence[Tok], m: Mention, mentions: Sequence[Mention], props: Sequence[URIRef]
    ) -> bool:
        """Whether the value's word modifies a noun that is not what has the value: "3 business
        days" (no flight class), unlike "a Standard Accord" (a name), "a compact car" (a kind
        of the KB) or "business class" (a word of the property's label). A value that holds for
        a period says what the period is like whatever the noun ("a foggy morning", "rain
        showers")."""
        if not is_parsed(toks) or any(p in self.periodic for p in props):
            return False
        last = toks[m.token_end - 1]
        head = last.head
        if last.dep not in _MODIFIER or m.token_start <= head < m.token_end:
            return False
        if any(o.token_start <= head < o.token_end for o in mentions if o is not m):
            return False
        labels = self.anchorer.kb.ontology.labels
        words = self._kind_words.union(*(labels.get(p, "").lower().split() for p in props))
        return toks[head].lemma not in words and toks[head].lower not in words

    @staticmethod
    def _unstated(toks: Sequence[Tok], m: Mention) -> bool:
        """Whether the mention is asked about or supposed rather than stated: its sentence is a
        question, or "if" / "whether" opens its clause before it."""
        sent = toks[m.token_start].sent
        k = m.token_end
        while k < len(toks) and toks[k].sent == sent:
            k += 1
        if toks[k - 1].text.endswith("?"):
            return True
        return _in_clause_before(toks, m, _OPEN)


def _in_compound(text: str, m: Mention) -> bool:
    """Whether the value's word is joined by a hyphen to a word after it ("a dairy-free diet",
    "gluten-free bread", "a nut-based sauce"): a word of a compound, which says what the
    compound says (often that the thing is without it), not that the value holds."""
    end = m.span.end
    return text[end : end + 1] in {"-", "\u2010", "\u2011"} and text[end + 1 : end + 2].isalpha()


def _to_come(toks: Sequence[Tok], m: Mention) -> bool:
    """Whether a word of expectation or the future ("expect", "will", "should") comes before
    the value in its clause."""
    return _in_clause_before(toks, m, _TO_COME)


def _in_clause_before(toks: Sequence[Tok], m: Mention, words: frozenset[str]) -> bool:
    """Whether one of ``words`` comes before ``m`` in its clause (back to a comma, "but", ...)."""
    sent = toks[m.token_start].sent
    k = m.token_start - 1
    while k >= 0 and toks[k].sent == sent and toks[k].lower not in _BREAK_WORDS:
        if toks[k].lower in words:
            return True
        k -= 1
    return False


def _joined(toks: Sequence[Tok], m: Mention, values: Sequence[Mention]) -> str | None:
    """How ``m`` stands with another value next to it: ``"or"`` offered as alternatives ("rain
    or snow": nothing is stated), ``"and"`` joined ("rainy and cloudy over the next few days":
    each holds on some day of the period, which one the reply does not say), else ``None``."""
    found = None
    for other in values:
        if other is m:
            continue
        first, second = (m, other) if m.token_start < other.token_start else (other, m)
        gap = toks[first.token_end : second.token_start]
        if not 0 < len(gap) <= 2:
            continue
        if any(t.lower in {"or", "nor"} for t in gap):
            return "or"
        if any(t.lower in {"and", "&"} for t in gap):
            found = "and"
    return found


def _several_days(period: TemporalExpression | None) -> bool:
    """Whether ``period`` spans more than one day ("this week", "over the next few days")."""
    interval = period.interval if period is not None else None
    return interval is not None and interval.has_date and interval.end - interval.start > _DAY


def _clause_start(toks: Sequence[Tok], i: int) -> int:
    k = i
    while k > 0 and toks[k - 1].sent == toks[i].sent and toks[k - 1].lower not in _BREAK_WORDS:
        k -= 1
    return k
