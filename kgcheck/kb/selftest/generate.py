"""True statements: each fact in every phrasing its property's forms allow.

- ``active``: "Dr. Amira Patel works in Cardiology.", "Dr. Amira Patel's extension is 4412.",
  "The trail is 48.5 km long.", "Riverside Campus opened in 2009.";
- ``noun``: "The extension of Dr. Amira Patel is 4412." (noun forms and a noun label only);
- ``passive``: object first, through a form of the property's ``owl:inverseOf`` or its own
  passive or agent noun: "Cardiology is led by Dr. Amira Patel.", "The leader of Cardiology is
  Dr. Amira Patel.";
- ``pronoun``: "Dr. Amira Patel is a doctor. She works in Cardiology." (she/he where the KB gives
  a gender, they for other people, it for anything else);
- ``coordinated``: two facts of one subject, "S works in A and is based at B." (counted for
  the second fact's property).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from rdflib import URIRef

from kgcheck.kb.selftest.english import NOUN, Form
from kgcheck.kb.selftest.facts import Fact
from kgcheck.kb.selftest.model import TRUE, Statement
from kgcheck.kb.selftest.phrasing import Phraser, Rendering, article

__all__ = ["true_statements"]


def true_statements(
    phraser: Phraser,
    facts: dict[URIRef, list[Fact]],
    rng: random.Random,
) -> Iterator[Statement]:
    """The true statements of ``facts`` (property -> facts), in a fixed order for a seed."""
    by_subject: dict[URIRef, list[Fact]] = {}
    for prop_facts in facts.values():
        for fact in prop_facts:
            if fact.period is None:
                by_subject.setdefault(fact.subject, []).append(fact)
    for prop_facts in facts.values():
        for fact in prop_facts:
            yield from _active(phraser, fact)
            yield from _noun(phraser, fact)
            yield from _passive(phraser, fact)
            yield from _pronoun(phraser, fact, rng)
            others = [f for f in by_subject.get(fact.subject, []) if f.prop != fact.prop]
            if others and fact.period is None:
                yield from _coordinated(phraser, rng.choice(others), fact, rng)


def _statement(
    phraser: Phraser, fact: Fact, text: str, phrasing: str, form: Form, shown: Rendering
) -> Statement:
    return Statement(
        text=text,
        kind=TRUE,
        phrasing=phrasing,
        subject=str(fact.subject),
        property=str(fact.prop),
        value=fact.value,
        value_text=shown.text,
        form=form.text,
        expected=phraser.expected(fact),
        period=fact.period.label() if fact.period is not None else None,
    )


def _active(phraser: Phraser, fact: Fact) -> Iterator[Statement]:
    for form in phraser.forms(fact.prop):
        for shown in phraser.renderings(fact, form):
            text = phraser.sentence(fact, form, shown.text)
            yield _statement(phraser, fact, text, "active", form, shown)


def _noun(phraser: Phraser, fact: Fact) -> Iterator[Statement]:
    for form in phraser.noun_forms(fact.prop):
        for shown in phraser.renderings(fact, form):
            text = phraser.sentence(fact, form, shown.text, noun_style=True)
            yield _statement(phraser, fact, text, "noun", form, shown)


def _passive(phraser: Phraser, fact: Fact) -> Iterator[Statement]:
    if not isinstance(fact.value, URIRef) or fact.period is not None:
        return
    kb = phraser.kb
    for form in phraser.inverse_forms(fact.prop):
        text = phraser.sentence(fact, form, kb.label(fact.subject), subject=kb.label(fact.value))
        yield _statement(phraser, fact, text, "passive", form, Rendering(kb.label(fact.value)))
    for form in phraser.inverse_nouns(fact.prop):  # "The leader of Analytics is Sarah Lee."
        text = phraser.sentence(
            fact, form, kb.label(fact.subject), subject=kb.label(fact.value), noun_style=True
        )
        yield _statement(phraser, fact, text, "passive", form, Rendering(kb.label(fact.value)))


def _pick(phraser: Phraser, fact: Fact, rng: random.Random) -> tuple[Form, Rendering] | None:
    """A form of the fact's property and a rendering of its value, chosen with ``rng``."""
    options = [(f, r) for f in phraser.forms(fact.prop) for r in phraser.renderings(fact, f)]
    return rng.choice(options) if options else None


def _pronoun(phraser: Phraser, fact: Fact, rng: random.Random) -> Iterator[Statement]:
    noun = phraser.class_label(fact.subject)
    picked = _pick(phraser, fact, rng)
    if noun is None or picked is None:
        return
    form, shown = picked
    name = phraser.kb.label(fact.subject)
    pronoun = phraser.pronoun(fact.subject)
    second = phraser.sentence(fact, form, shown.text, pronoun=pronoun)
    text = f"{name} is {article(noun)} {noun}. {second}"
    yield _statement(phraser, fact, text, "pronoun", form, shown)


def _coordinated(
    phraser: Phraser, first: Fact, fact: Fact, rng: random.Random
) -> Iterator[Statement]:
    """ "S <first> and <fact>.": the second half without its subject after a verb ("S works
    in A and is based at B"), else with a pronoun ("S's title is T and she works in A",
    "... and her extension is 4412")."""
    one, two = _pick(phraser, first, rng), _pick(phraser, fact, rng)
    if one is None or two is None:
        return
    head = phraser.sentence(first, one[0], one[1].text).rstrip(".")
    form, shown = two
    elided = one[0].shape != NOUN and not one[0].noun_prefix  # the subject is S itself
    if elided and form.shape != NOUN and not form.noun_prefix:
        tail = phraser.sentence(fact, form, shown.text, subject="")
    else:
        pronoun = phraser.pronoun(fact.subject)
        tail = phraser.sentence(fact, form, shown.text, pronoun=pronoun)
    text = f"{head} and {tail[:1].lower()}{tail[1:]}"
    yield _statement(phraser, fact, text, "coordinated", form, shown)
