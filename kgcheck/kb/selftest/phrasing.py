"""What the ontology offers to state a fact: forms per property, values per form, pronouns and
class names per subject."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rdflib import Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Node

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.selftest.english import (
    NOUN,
    Form,
    Pronoun,
    clause,
    date_of,
    shape_of,
    tense_of,
    write_period,
    write_value,
)
from kgcheck.kb.selftest.facts import Fact, kb_values
from kgcheck.periods import Granularity

__all__ = ["Phraser", "Rendering", "article"]


@dataclass(frozen=True, slots=True)
class Rendering:
    """A value written for one form: ``text``, stated to ``grain`` when coarser than the KB's
    ("in 2015" for 2015-03-02)."""

    text: str
    grain: Granularity | None = None


class Phraser:
    """Forms, values, pronouns and sentences for the facts of one knowledge base.

    ``now`` decides the tense of dated facts: "joined on 2 March 2015", "will end on ...".
    """

    def __init__(self, kb: KnowledgeBase, now: datetime) -> None:
        self.kb = kb
        self.now = now
        self._forms: dict[URIRef, tuple[Form, ...]] = {}

    def forms(self, prop: URIRef) -> tuple[Form, ...]:
        """The property's lexical forms, else those derived from its label and local name, else
        its label, each with its shape."""
        found = self._forms.get(prop)
        if found is None:
            texts = self.kb.ontology.forms(prop) or [self.kb.ontology.label(prop)]
            found = tuple(shape_of(self.kb, prop, t) for t in sorted(set(texts)))
            self._forms[prop] = found
        return found

    def noun_forms(self, prop: URIRef) -> tuple[Form, ...]:
        """Noun forms, with the label when it is a noun that no form repeats."""
        nouns = [f for f in self.forms(prop) if f.shape == NOUN]
        label = self.kb.ontology.labels.get(prop)
        if label and label not in {f.text for f in nouns}:
            shaped = shape_of(self.kb, prop, label)
            if shaped.shape == NOUN:
                nouns.append(shaped)
        return tuple(nouns)

    def inverse_forms(self, prop: URIRef) -> tuple[Form, ...]:
        """Verb forms that state ``prop`` object first: those of its ``owl:inverseOf``, and its
        own passive readings ("be served by")."""
        onto = self.kb.ontology
        inverse = onto.inverse.get(prop)
        found: list[Form] = []
        if inverse is not None and onto.forms(inverse):
            found.extend(f for f in self.forms(inverse) if f.shape != NOUN)
        own = [p.text for p in onto.phrasings.get(prop, ()) if p.inverse and not p.nominal]
        found.extend(shape_of(self.kb, prop, t) for t in own)
        return tuple(found)

    def inverse_nouns(self, prop: URIRef) -> tuple[Form, ...]:
        """Nouns that name ``prop``'s subject from its object: "leader" ("the leader of T is
        S" for S leads T)."""
        found = self.kb.ontology.phrasings.get(prop, ())
        texts = [p.text for p in found if p.inverse and p.nominal]
        return tuple(Form(t, NOUN) for t in texts)

    def renderings(self, fact: Fact, form: Form) -> tuple[Rendering, ...]:
        """The value of ``fact`` as ``form`` can take it: dates "on 2 March 2015" after "on",
        "in March 2015" and "in 2015" after "in"; other values once."""
        value = fact.value
        if _is_boolean(value):
            # "has parking", "does not have parking": the verb phrase says it; no noun does
            return () if form.shape == NOUN else (Rendering(""),)
        interval = date_of(value)
        if interval is None or form.shape == NOUN:
            return (Rendering(self.write(fact.prop, value, form)),)
        last = form.text.split()[-1]
        if last == "on":
            if interval.granularity > Granularity.DAY:
                return ()
            return (Rendering(write_period(interval, quarters=False)),)
        if last != "in" or interval.granularity >= Granularity.YEAR:
            return (Rendering(write_period(interval, quarters=False)),)
        year = Rendering(write_period(interval, grain=Granularity.YEAR, quarters=False))
        if interval.granularity >= Granularity.MONTH:
            return Rendering(write_period(interval, quarters=False)), year
        month = Rendering(
            write_period(interval, grain=Granularity.MONTH, quarters=False), Granularity.MONTH
        )
        return month, Rendering(year.text, Granularity.YEAR)

    def write(self, prop: URIRef, value: Node, form: Form, grain: Granularity | None = None) -> str:
        """``value`` as :func:`write_value` writes it, without a unit ``form`` names."""
        unit = self.kb.ontology.unit.get(prop)
        named = unit is not None and unit.lower() in form.text.lower().split()
        return write_value(self.kb, prop, value, grain=grain, unit=not named)

    def sentence(
        self,
        fact: Fact,
        form: Form,
        obj: str,
        *,
        subject: str | None = None,
        polarity: bool = True,
        pronoun: Pronoun | None = None,
        noun_style: bool = False,
        value: Node | None = None,
    ) -> str:
        """The clause of :func:`clause` for ``fact`` as a sentence: the tense from the value's
        date or the observation's period, the period written after an observed value."""
        period = ""
        if fact.period is not None:
            on_day = fact.period.granularity <= Granularity.DAY  # "on 23 November 2026"
            period = ("on " if on_day else "in ") + write_period(fact.period, quarters=True)
        stated = value if value is not None else fact.value
        if _is_boolean(stated):
            # a yes-or-no value is the clause's polarity: "X does not have parking" for false
            polarity = (
                polarity == bool(stated.toPython()) if isinstance(stated, Literal) else polarity
            )
            obj = ""
        tense = tense_of(fact.period or stated, self.now)
        if form.shape == NOUN and fact.period is None:
            tense = "present"  # "her start date is 2 March 2015"
        text = clause(
            form,
            self.kb.label(fact.subject) if subject is None else subject,
            obj,
            polarity=polarity,
            tense=tense,
            pronoun=pronoun,
            noun_style=noun_style,
            after_subject=period if form.shape == NOUN else "",
        )
        if period and form.shape != NOUN:
            text = f"{text} {period}"
        return _capitalise(text) + "."

    def expected(self, fact: Fact) -> tuple[str, ...]:
        """The KB's values of the fact's (subject, property), written."""
        return tuple(
            write_value(self.kb, fact.prop, v) for v in kb_values(self.kb, fact.subject, fact.prop)
        )

    def pronoun(self, subject: URIRef) -> Pronoun:
        """ "She"/"He" where the KB gives a gender, "They" for other people, else "It"."""
        if not self.kb.is_person(subject):
            return Pronoun("it", "its")
        gender = self.kb.gender(subject)
        if gender == "female":
            return Pronoun("she", "her")
        if gender == "male":
            return Pronoun("he", "his")
        return Pronoun("they", "their")

    def class_label(self, subject: URIRef) -> str | None:
        """The label of the subject's most specific labelled class (``None``: no such class)."""
        direct = sorted(self.kb.direct_types(subject))
        for cls_ in direct:
            if not any(cls_ in self.kb.ontology.superclasses.get(o, set()) for o in direct):
                label = self.kb.ontology.labels.get(cls_)
                if label:
                    return label
        return None


def _is_boolean(value: Node | None) -> bool:
    return isinstance(value, Literal) and value.datatype == XSD.boolean


def article(noun: str) -> str:
    return "an" if noun[:1].lower() in "aeiou" else "a"


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]
