"""Writing a fact as a person would: values with their units, and clauses from lexical forms.

A lexical form is one of three shapes (:func:`shape_of`): a verb phrase ("work in", "be led
by", "renovation begin in"), a noun ("extension", "start date") or ``be`` + an adjective that
follows its measure ("be long": "48.5 km long").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation

from rdflib import Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Node

from kgcheck.kb.knowledge_base import KnowledgeBase, _third_person
from kgcheck.kb.phrasings import regular_past
from kgcheck.periods import Granularity, Interval, interval_of_literal
from kgcheck.values.durations import write_duration, write_months
from kgcheck.values.quantities import canonical_unit

__all__ = [
    "Form",
    "Pronoun",
    "clause",
    "date_of",
    "is_plural",
    "number_of",
    "past",
    "shape_of",
    "tense_of",
    "write_number",
    "write_period",
    "write_value",
]

VERB, NOUN, ADJECTIVE = "verb", "noun", "adjective"
_MODALS = frozenset({"can", "will", "may", "must", "should"})
_PREPOSITIONS = frozenset(
    {"in", "at", "on", "to", "of", "by", "for", "from", "with", "into", "out", "as", "under"}
)
_NOT_ADJECTIVES = _PREPOSITIONS | {"a", "an", "the", "worth", "based", "located"}
#: Nouns that open a verb form ("renovation begin in"): they belong to the subject.
_NOUN_ENDINGS = ("tion", "sion", "ment", "ness", "ity", "ance", "ence", "ship")
_IRREGULAR_PAST = {
    "begin": "began", "buy": "bought", "run": "ran", "lead": "led", "make": "made",
    "get": "got", "go": "went", "come": "came", "build": "built", "hold": "held",
    "sell": "sold", "take": "took", "give": "gave", "win": "won", "become": "became",
    "set": "set", "put": "put", "pay": "paid", "meet": "met", "leave": "left", "sit": "sat",
    "teach": "taught", "write": "wrote", "have": "had", "do": "did", "can": "could",
    "will": "would", "may": "might", "shut": "shut", "split": "split", "grow": "grew",
}  # fmt: skip
#: Verbs whose subject is the thing acted on when it is not a person and the value is a literal
#: (a date, a price): "S was acquired on"; with an entity value the verb stays active ("sells").
_PARTICIPLES = {
    "buy": "bought", "acquire": "acquired", "purchase": "purchased", "sell": "sold",
    "found": "founded", "establish": "established", "build": "built", "design": "designed",
    "renovate": "renovated", "construct": "constructed", "complete": "completed",
}  # fmt: skip
_CURRENCY = {"USD": "$", "EUR": "€", "GBP": "£"}
_UNIT_WORDS = {"sqft": "sq ft"}
#: Temperature scales, written after a degree sign.
_DEGREES = frozenset({"F", "C"})


@dataclass(frozen=True, slots=True)
class Pronoun:
    """How a subject is referred to after its first mention ("she", "it", "they")."""

    subject: str
    possessive: str

    @property
    def plural(self) -> bool:
        return self.subject.lower() == "they"


@dataclass(frozen=True, slots=True)
class Form:
    """A lexical form and how it reads: ``shape`` is ``verb``, ``noun`` or ``adjective``;
    ``noun_prefix`` is a noun opening a verb form ("renovation" in "renovation begin in");
    ``passive`` a verb form read in the passive ("acquire on": "was acquired on")."""

    text: str
    shape: str
    noun_prefix: str = ""
    passive: bool = False

    @property
    def verb(self) -> str:
        return self.text[len(self.noun_prefix) :].strip()


def shape_of(kb: KnowledgeBase, prop: URIRef, text: str) -> Form:
    """How the form ``text`` of ``prop`` reads (see :meth:`OntologyView.is_nominal`)."""
    words = text.split()
    numeric = _is_numeric_property(kb, prop)
    if len(words) == 2 and words[0] == "be" and words[1] not in _NOT_ADJECTIVES and numeric:
        return Form(text, ADJECTIVE)
    if len(words) == 1 and text.endswith("ed") and numeric:  # "leased": "is 85% leased"
        return Form(text, ADJECTIVE)
    if len(words) > 2 and words[0].endswith(_NOUN_ENDINGS):
        return Form(text, VERB, noun_prefix=words[0])
    if (
        words[0] in _PARTICIPLES
        and kb.ontology.is_datatype_property(prop)  # "sell" a medicine: active, "is sold X" no
        and not any(kb.ontology.is_person_class(c) for c in kb.ontology.domain.get(prop, ()))
    ):
        return Form(text, VERB, passive=True)
    inner = set(words[1:-1]) & _PREPOSITIONS - {"of"}
    if inner or not kb.ontology.is_nominal(prop, text):  # "sit in room" is a verb phrase
        return Form(text, VERB)
    return Form(text, NOUN)


def is_plural(noun: str) -> bool:
    """Whether a noun form is plural: "operating expenses" yes, "number of units" no."""
    head = noun.split(" of ")[0].split()[-1].lower()
    return head.endswith("s") and not head.endswith(("ss", "us", "is", "ics"))


def _is_numeric_property(kb: KnowledgeBase, prop: URIRef) -> bool:
    numeric = ("decimal", "integer", "int", "float", "double", "long", "short", "Integer")
    ranges = kb.ontology.range.get(prop, set())
    return any(str(r).endswith(numeric) for r in ranges) or prop in kb.ontology.unit


def clause(
    form: Form,
    subject: str,
    obj: str,
    *,
    polarity: bool = True,
    tense: str = "present",
    pronoun: Pronoun | None = None,
    noun_style: bool = False,
    after_subject: str = "",
) -> str:
    """One clause stating ``obj`` of ``subject`` through ``form``, without a full stop.

    Args:
        form: the lexical form and its shape.
        subject: the subject's name; ignored when ``pronoun`` is given; ``""`` leaves it out
            (the second half of "S works in A and is based at B").
        obj: the value as written.
        polarity: ``False`` negates the clause.
        tense: ``present``, ``past`` or ``future``.
        pronoun: the subject as a pronoun.
        noun_style: a noun form as "The extension of S is O" rather than "S's extension is O".
        after_subject: words after the subject of a noun form ("in Q1 2024").
    """
    plural = pronoun is not None and pronoun.plural
    if form.shape == NOUN:
        copula = _inflect("be", tense, plural=is_plural(form.text), polarity=polarity)
        if pronoun is not None:
            head = f"{pronoun.possessive.capitalize()} {form.text}"
        elif noun_style:
            head = f"The {form.text} of {subject}"
        elif subject:
            head = f"{possessive(subject)} {form.text}"
        else:
            head = f"the {form.text}"
        return " ".join(w for w in (head, after_subject, copula, obj) if w)
    who = pronoun.subject if pronoun is not None else subject
    if form.noun_prefix:
        owner = pronoun.possessive.capitalize() if pronoun is not None else possessive(subject)
        who, plural = f"{owner} {form.noun_prefix}", False
    if form.shape == ADJECTIVE:
        verb = _inflect("be", tense, plural=plural, polarity=polarity)
        return " ".join(w for w in (who, verb, obj, form.text.split()[-1]) if w)
    head, *rest = form.verb.split()
    if form.passive:
        be = _inflect("be", tense, plural=plural, polarity=polarity)
        return " ".join(w for w in (who, be, _PARTICIPLES[head], *rest, obj) if w)
    verb = _inflect(head, tense, plural=plural, polarity=polarity)
    return " ".join(w for w in (who, verb, *rest, obj) if w)


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _inflect(verb: str, tense: str, *, plural: bool, polarity: bool) -> str:
    """``verb`` (a base form) in ``tense`` for a singular or plural subject, maybe negated."""
    neg = "" if polarity else " not"
    if tense == "future":
        return f"will{neg} {verb}"
    if verb == "be":
        if tense == "past":
            return ("were" if plural else "was") + neg
        return ("are" if plural else "is") + neg
    if verb in _MODALS:
        word = _IRREGULAR_PAST.get(verb, verb) if tense == "past" else verb
        return word + neg if word != "can" or polarity else "cannot"
    if tense == "past":
        return f"did not {verb}" if not polarity else past(verb)
    if not polarity:
        return f"{'do' if plural else 'does'} not {verb}"
    return verb if plural else _third_person(verb)


def past(verb: str) -> str:
    """The simple past of a base form: "join" -> "joined", "write" -> "wrote"."""
    return _IRREGULAR_PAST.get(verb) or regular_past(verb)


# values ---------------------------------------------------------------------------------------


_DATE_TYPES = frozenset({XSD.date, XSD.dateTime, XSD.gYear, XSD.gYearMonth})


def date_of(value: Node | None) -> Interval | None:
    """The period a date-typed literal denotes (``xsd:date``, ``dateTime``, ``gYear``,
    ``gYearMonth``); ``None`` for anything else, plain strings such as "4412" included."""
    if not isinstance(value, Literal) or value.datatype not in _DATE_TYPES:
        return None
    interval = interval_of_literal(value)
    return interval if interval is not None and interval.has_date else None


def number_of(value: Node) -> Decimal | None:
    """The number a literal holds; ``None`` for anything else (booleans and dates included)."""
    if not isinstance(value, Literal):
        return None
    python = value.toPython()
    if isinstance(python, bool) or not isinstance(python, int | float | Decimal):
        return None
    try:
        return Decimal(str(python))
    except InvalidOperation:
        return None


def write_value(
    kb: KnowledgeBase,
    prop: URIRef,
    value: Node,
    *,
    grain: Granularity | None = None,
    unit: bool = True,
) -> str:
    """``value`` written as a person would: "$4.85 million", "85%", "48.5 km", "2 April 2008"
    (at ``grain`` when given: "April 2008", "2008"), an entity by its label. ``unit`` false
    leaves out a unit the form already names ("number of units": "64")."""
    if isinstance(value, URIRef):
        return kb.label(value)
    if isinstance(value, Literal) and value.datatype == XSD.time:
        return kb.value_text(prop, value)  # "9:30 am", not "09:30:00"
    if isinstance(value, Literal) and value.datatype == XSD.duration:
        return _write_length(value)  # "90 minutes", "2 hours", "12 months", not "PT1H30M"
    interval = date_of(value)
    if interval is not None:
        return write_period(interval, grain=grain, quarters=False)
    number = number_of(value)
    if number is None:
        return kb.label(value)
    return write_number(number, kb.ontology.unit.get(prop) if unit else None)


def _write_length(value: Literal) -> str:
    """A length of time as a reply says it: "90 minutes", "2 hours", "12 months"."""
    length = value.toPython()
    if isinstance(length, timedelta):
        return write_duration(length)
    months = int(getattr(length, "years", 0)) * 12 + int(getattr(length, "months", 0))
    rest = getattr(length, "tdelta", timedelta())
    if months and not rest:
        return write_months(months)
    return write_duration(rest) if not months else str(value)


def write_number(number: Decimal, unit: str | None) -> str:
    """``number`` with ``unit`` (a ``kgc:unit``): "$12.00", "$950,000", "$4.85 million", "85%",
    "48.5 km"."""
    canonical = canonical_unit(unit)
    if canonical in _CURRENCY:
        sign = _CURRENCY[canonical]
        if abs(number) >= 1_000_000:
            return f"{sign}{_plain(number / 1_000_000, grouped=False)} million"
        if abs(number) < 1000 or number != number.to_integral_value():
            return f"{sign}{number:,.2f}"
        return f"{sign}{int(number):,}"
    if canonical in {"%", "x"}:
        return f"{_plain(number, grouped=False)}{canonical}"
    if canonical in _DEGREES:
        return f"{_plain(number, grouped=False)}°{canonical}"  # "75°F", not "75 F"
    if unit:
        return f"{_plain(number, grouped=True)} {_UNIT_WORDS.get(unit, unit)}"
    return _plain(number, grouped=False)


def _plain(number: Decimal, *, grouped: bool) -> str:
    """``number`` without trailing zeros: 4850000.00 -> "4850000", 4.85 -> "4.85"."""
    rounded = round(number, 2)
    if rounded == rounded.to_integral_value():
        whole = int(rounded)
        return f"{whole:,}" if grouped and abs(whole) >= 10_000 else str(whole)
    return f"{rounded:f}".rstrip("0").rstrip(".")


def write_period(interval: Interval, *, grain: Granularity | None = None, quarters: bool) -> str:
    """``interval`` as "2 April 2008", "April 2008", "Q1 2024", "H1 2024" or "2008"; coarsened
    to ``grain``. ``quarters`` false writes a quarter or half as its year."""
    s: datetime = interval.start
    granularity = max(interval.granularity, grain) if grain is not None else interval.granularity
    if granularity <= Granularity.DAY:
        return f"{s.day} {s:%B} {s.year}"
    if granularity == Granularity.MONTH:
        return f"{s:%B} {s.year}"
    if quarters and granularity == Granularity.QUARTER:
        return f"Q{(s.month - 1) // 3 + 1} {s.year}"
    if quarters and granularity == Granularity.HALF:
        return f"H{(s.month - 1) // 6 + 1} {s.year}"
    return str(s.year)


def tense_of(value: Node | Interval | None, now: datetime | date) -> str:
    """``past`` for a date or period that has begun by ``now``, ``future`` for one still ahead,
    else ``present``."""
    interval = value if isinstance(value, Interval) else date_of(value)
    if interval is None:
        return "present"
    reference = now if isinstance(now, datetime) else datetime(now.year, now.month, now.day)
    return "past" if interval.start <= reference.replace(tzinfo=None) else "future"
