"""One fact stated once, before it becomes a sentence: the form, the value as written, the
polarity, the subject's name; written alone (:meth:`Draft.statement`) or inside a reply
(:mod:`kgcheck.kb.selftest.replies`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rdflib.term import Node

from kgcheck.kb.selftest.english import Form
from kgcheck.kb.selftest.facts import Fact
from kgcheck.kb.selftest.model import PERTURBED, TRUE, Statement
from kgcheck.kb.selftest.phrasing import Phraser

__all__ = ["Draft"]


@dataclass(frozen=True, slots=True)
class Draft:
    """``fact`` stated through ``form`` with ``value`` written ``value_text``.

    ``perturbation`` names how a false draft was made (``None``: the fact as the KB holds it);
    ``subject`` a made-up name in place of the fact's subject; ``polarity`` false negates it;
    ``now`` the clock the statement is read at, where the value is said relative to it
    ("yesterday"); ``phrasing`` how the value was written when not as the KB writes it
    (``unit``: in another unit, ``relative``: a date relative to ``now``).
    """

    phraser: Phraser
    fact: Fact
    form: Form
    value: Node
    value_text: str
    polarity: bool = True
    subject: str | None = None
    perturbation: str | None = None
    now: datetime | None = None
    phrasing: str = "active"

    def clause(self, *, pronoun: bool = False) -> str:
        """The clause, capitalised, without a full stop: "Riverside Campus opened in 2009",
        with ``pronoun`` "It opened in 2009"."""
        text = self.phraser.sentence(
            self.fact,
            self.form,
            self.value_text,
            subject=self.subject,
            polarity=self.polarity,
            pronoun=self.phraser.pronoun(self.fact.subject) if pronoun else None,
            value=self.value,
        )
        return text.removesuffix(".")

    def name(self) -> str:
        """The subject as the reply names it."""
        return (
            self.subject if self.subject is not None else self.phraser.kb.label(self.fact.subject)
        )

    def statement(
        self,
        text: str | None = None,
        *,
        phrasing: str | None = None,
        template: str | None = None,
        span: tuple[int, int] | None = None,
    ) -> Statement:
        """The statement of ``text`` (default: the clause as a sentence)."""
        fact = self.fact
        return Statement(
            text=text if text is not None else self.clause() + ".",
            kind=TRUE if self.perturbation is None else PERTURBED,
            phrasing=phrasing or self.phrasing,
            subject=self.subject if self.subject is not None else str(fact.subject),
            property=str(fact.prop),
            value=self.value,
            value_text=self.value_text,
            form=self.form.text,
            polarity=self.polarity,
            perturbation=self.perturbation,
            expected=self.phraser.expected(fact),
            period=fact.period.label() if fact.period is not None else None,
            now=self.now,
            template=template,
            span=span,
        )
