"""Claim assembly: subject, predicate and object from mentions and predicate matches.

Shapes handled without a parser (one sentence may hold several, joined by "and" or commas):

- ``X <form> Y``                    "Dr. Amira Patel works in Cardiology."
- ``X <aux> not <form> Y``          "Dr. Reyes does not work in Pediatrics."
- ``X's <form> is Y``               "Dr. Patel's extension is 4412." (also "her extension is")
- ``The <form> of X is Y``          "The email address of Amira Patel is ..."
- ``X is a/an <class label>``       "Linh Nguyen is a nurse."
- ``X <be> <form> by Y``             "Pine Hollow is served by the Airport Express." (Y <form> X)

With a dependency parse (``kgcheck.nlp.syntax``) the parse picks the subject among the mentions
instead of proximity: subjects of relative and participial clauses and appositives are the noun
they hang from ("Aaron Turner, born in Massachusetts, plays ..."), coordinated verbs share theirs,
a subject that is no mention ("I", "the clinic") makes no claim, a passive's agent is the subject,
"the <adjective> X of Y" and "X, a/an <class>" are read too.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from rdflib import URIRef
from rdflib.namespace import RDF, XSD
from rdflib.term import Node

from kgcheck.config import TemporalConfig
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import value_words
from kgcheck.nlp.allowances import allowance_claims
from kgcheck.nlp.analysis import Claim, ClaimObject, Mention, Signal
from kgcheck.nlp.anchors import named_short
from kgcheck.nlp.attributes import attribute_claims
from kgcheck.nlp.lexicon import PredicateMatch
from kgcheck.nlp.literals import DATE_TYPES, parse_literal
from kgcheck.nlp.roles import role_claims
from kgcheck.nlp.syntax import SUBJECT_KINDS, Syntax, mention_at, parsed_subjects
from kgcheck.nlp.titles import title_claims
from kgcheck.nlp.tokens import Tok, is_parsed, span_text
from kgcheck.nlp.vintages import year_claims
from kgcheck.nlp.vocabulary import (
    ARTICLES,
    AUX_WORDS,
    CLAUSE_BREAKS,
    COPULAS,
    NEGATIONS,
    OF_PREPOSITIONS,
    PLACE_PREPOSITIONS,
    SKIPPABLE,
    SPEAKER_POSSESSIVES,
)
from kgcheck.types import Span

__all__ = ["ClaimBuilder"]

#: Words that join clauses: an object opening with one is no value.
_JOINS = frozenset({"and", "or", "nor"})
_POSSESSIVE_PRONOUNS = frozenset({"his", "her", "its", "their"})
#: Verbs a yes-or-no property is stated with by its name ("has active noise cancelling").
_HAVING = frozenset({"have", "include", "offer", "support", "feature", "provide", "get"})
#: Words between such a verb and the property's name ("has no", "includes full").
#: How far back, in characters, the text before a date is read for the month it names.
_DATE_CONTEXT = 300


def _text_before(toks: Sequence[Tok], k: int, reach: int) -> str:
    """The reply's text before token ``k``, back to ``reach`` characters, with the space after
    it (whole tokens only)."""
    if k == 0:
        return ""
    j = k
    while j > 0 and toks[k].start - toks[j - 1].start <= reach:
        j -= 1
    return span_text(toks, j, k) + (" " if toks[k - 1].space else "")


#: Words opening a list of two: "both manual and automatic", "either Leeds or York".
_PRECONJUNCTIONS = frozenset({"both", "either"})
_FEATURE_SKIP = frozenset({"also", "still", "even", "really", "both", "n't", "not", "no"})
_LIST_GLUE = frozenset({"and", ",", "or", "as", "well"})
#: Prepositions that attach the name after them to the noun phrase before them.
_ATTACHING = frozenset({"with", "for", "from", "of"})
#: Dependency labels of a clause's subject.
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
#: Parts of speech of the words between a determiner and its noun ("our delivery coordinator").
_MODIFIER_POS = frozenset({"ADJ", "NOUN", "PROPN", "ADV"})
_MAX_CLASS_TOKENS = 3
#: The most tokens a KB value stated as an object may have ("669 El Camino Real, Suite 2").
_LONGEST_VALUE = 8
#: How many values of a property are looked at to tell whether it points at structure nodes.
_SAMPLE = 20
#: The text a structure node's or a name node's value is stated as: words, a number only as a
#: piece of them ("394 Van Ness Ave", "Treatment Room 3"), never a conjunction first.
_NAMED_VALUE = re.compile(r"^(?!(?:and|or|but|with)\b)(?=.*[A-Za-z]{2,})\S+(?:\s+\S+)+$", re.I)


@dataclass(frozen=True, slots=True)
class _Event:
    """A predicate match, or a class assertion ``is a <class>`` (``class_iri`` set)."""

    start: int
    end: int
    match: PredicateMatch | None = None
    class_iri: str | None = None
    copula: int = -1


class ClaimBuilder:
    """Turns the mentions and predicate matches of one reply into claims."""

    def __init__(self, kb: KnowledgeBase, temporal: TemporalConfig | None = None) -> None:
        self.kb = kb
        self.onto = kb.ontology
        self._structure_props: dict[URIRef, bool] = {}
        #: How dates in claim objects are read (day/month order, dateparser's languages).
        self.temporal = temporal

    def build(
        self,
        toks: Sequence[Tok],
        mentions: Sequence[Mention],
        matches: Sequence[PredicateMatch],
        signals: Sequence[Signal],
        now: datetime | None = None,
    ) -> list[Claim]:
        by_start = {m.token_start: m for m in mentions}
        syntax = Syntax(toks) if is_parsed(toks) else None
        claims: list[Claim] = []
        bounds: dict[int, list[int]] = {}
        for t in toks:
            bounds.setdefault(t.sent, [t.i, t.i + 1])[1] = t.i + 1
        events_of: dict[int, list[_Event]] = {}
        # a form inside a longer unknown name is part of the name ("Budget Analyst"); a name
        # that is the form itself ("NOI") is the form
        names = [(m.token_start, m.token_end) for m in mentions if m.kind == "name"]
        for p in matches:
            inside = any(
                a <= p.start and p.end <= b and (a, b) != (p.start, p.end) for a, b in names
            )
            if inside or _continues_a_name(toks, p.start):
                continue
            if _auxiliary(toks, p):
                continue  # "has been swapped for": "has" helps "swapped", it has nothing
            if _bare_copula(toks, p) and any(
                (o.end <= p.start and toks[o.start].sent == toks[p.start].sent)
                or (
                    o.start >= p.end and all(t.lower in _BEFORE_NOUN for t in toks[p.end : o.start])
                )
                for o in matches
                if not _bare_copula(toks, o)
            ):
                # a form that is only "be" ("is vegan") is the copula of a property's noun
                # before it or right after it: "The general manager at The Mill is Priya
                # Nair", "Priya Nair is our general manager at The Mill"
                continue
            events_of.setdefault(toks[p.start].sent, []).append(_Event(p.start, p.end, match=p))
        mentions_of: dict[int, list[Mention]] = {}
        for m in mentions:
            mentions_of.setdefault(m.segment, []).append(m)
        for sent in sorted(bounds):
            sent_start, sent_end = bounds[sent]
            events = events_of.get(sent, []) + self._class_events(
                toks, sent_start, sent_end, syntax
            )
            events.sort(key=lambda e: e.start)
            sent_mentions = mentions_of.get(sent, [])
            boundary = sent_start
            prev_subjects: list[Mention] = []
            for n, event in enumerate(events):
                limit = events[n + 1].start if n + 1 < len(events) else sent_end
                made = self._claims_for(
                    toks,
                    event,
                    sent_mentions,
                    by_start,
                    boundary,
                    limit,
                    sent_end,
                    prev_subjects,
                    now,
                    syntax,
                )
                if made:
                    prev_subjects = list(dict.fromkeys(c.subject for c in made))
                    if event.start > 0 and toks[event.start - 1].text == ",":
                        # "Tehanu, written by Ursula Le Guin, is stocked by ...": after a
                        # participle the sentence goes on about the one it describes
                        described = [
                            c.object.mention
                            for c in made
                            if c.object.span.end <= toks[event.start].start
                            and c.object.mention is not None
                        ]
                        prev_subjects = list(dict.fromkeys(described)) or prev_subjects
                    # past the object, or past the agent of a passive
                    boundary = max(self._token_after(toks, c.span) for c in made)
                    claims.extend(made)
                else:
                    boundary = max(boundary, event.end)
        claims.extend(attribute_claims(toks, mentions, claims))
        # "Anh Nguyen is our tailor at the North York store": where they work
        claims.extend(role_claims(self.kb, toks, mentions, claims))
        # "Dave Yeo, our yard manager, ...": his job title
        claims.extend(title_claims(self.kb, toks, mentions, claims))
        # "the 2021 Syrah" of the KB's "Syrah 2022": its vintage
        claims.extend(year_claims(self.kb, toks, mentions, claims))
        # "Dogs are welcome at X, but not at Y": X's and Y's "dogs welcome"
        claims.extend(allowance_claims(self.kb, toks, mentions, claims))
        claims = [self._of_holder(c) for c in claims]
        claims.sort(key=lambda c: c.span.start)
        out = []
        for index, claim in enumerate(claims):
            hedged, certain = _signals_for(claim, signals)
            out.append(
                Claim(
                    subject=claim.subject,
                    subject_iri=claim.subject_iri,
                    predicate=claim.predicate,
                    object=claim.object,
                    polarity=claim.polarity,
                    hedged=hedged,
                    certain=certain,
                    span=claim.span,
                    segment=claim.segment,
                    form=claim.form,
                    index=index,
                )
            )
        return out

    # events -----------------------------------------------------------------------------

    def _class_events(
        self, toks: Sequence[Tok], sent_start: int, sent_end: int, syntax: Syntax | None = None
    ) -> list[_Event]:
        events = []
        idx = range(sent_start, sent_end)
        for i in idx:
            if toks[i].lower not in {"a", "an"}:
                continue
            if syntax is not None and i > sent_start and toks[toks[i].head].dep == "appos":
                # "Linh Nguyen, a nurse, ...": the appositive says what its head is
                found = self._class_at(toks, i + 1, min(toks[i].head + 1, sent_end))
                if found is not None and found[0] == toks[i].head + 1:
                    events.append(_Event(i, found[0], class_iri=str(found[1]), copula=i - 1))
                continue
            # copula (with negation or adverbs) right before the article
            k = i - 1
            while k >= idx[0] and toks[k].lower in SKIPPABLE:
                k -= 1
            if k < idx[0] or (toks[k].lemma not in {"be", "'s"} and toks[k].lower not in COPULAS):
                continue
            for start in range(i + 1, min(i + 3, idx[-1] + 1)):
                found = self._class_at(toks, start, idx[-1] + 1)
                if found is not None:
                    end, cls_ = found
                    events.append(_Event(k, end, class_iri=str(cls_), copula=k))
                    break
        return events

    def _class_at(self, toks: Sequence[Tok], start: int, stop: int) -> tuple[int, URIRef] | None:
        for n in range(min(_MAX_CLASS_TOKENS, stop - start), 0, -1):
            words = toks[start : start + n]
            for key in (
                " ".join(t.lemma for t in words),
                " ".join(t.lower for t in words),
            ):
                cls_ = self.onto.class_labels.get(key)
                if cls_ is not None:
                    return start + n, cls_
        return None

    # one event --------------------------------------------------------------------------

    def _claims_for(
        self,
        toks: Sequence[Tok],
        event: _Event,
        mentions: Sequence[Mention],
        by_start: dict[int, Mention],
        boundary: int,
        limit: int,
        sent_end: int,
        prev_subjects: list[Mention],
        now: datetime | None,
        syntax: Syntax | None = None,
    ) -> list[Claim]:
        negated = event.match.negated if event.match is not None else False
        # "Sibelius Symphony No. 2 lasts ...": a word of a name is no negation
        named = frozenset(
            k
            for m in mentions
            if m.kind in {"entity", "name", "ambiguous"}
            for k in range(m.token_start, m.token_end)
        )
        object_from = event.end
        subjects: list[Mention] = []
        pattern = "verbal"
        if event.match is not None:
            possessor = self._possessor(toks, event.start, mentions)
            if possessor is not None:
                subjects, pattern = [possessor], "possessive"
            elif (subject := self._of_subject(toks, event, by_start, mentions, syntax)) is not None:
                subjects, pattern = [subject], "of"
                object_from = subject.token_end
            elif (
                passive := self._passive(toks, event, mentions, by_start, boundary, syntax)
            ) is not None:
                return self._passive_claims(toks, event, event.match, *passive)
        if (
            not subjects
            and event.match is not None
            and self._derived_noun(event.match)
            and self._feature(toks, event, boundary) is None
        ):
            # a noun made from a label ("traffic") names the property only as "X's traffic"
            # or "the traffic of X": in "moderate traffic is being noted" it is no claim
            return []
        if not subjects and self._listed_feature(toks, event, boundary, prev_subjects):
            prop = self._choose_property(event.match, prev_subjects[0])  # type: ignore[arg-type]
            negated = negated or _has_negation(toks, boundary, event.start, named)
            return self._yes(toks, event, prev_subjects, prop, negated, "listed")
        if not subjects and (there := self._there_is(toks, event, boundary)) is not None:
            # "There's no laundry at Batson Creek", "there's a pump-out at both A and B": a
            # yes-or-no property named as a thing there is, of the places after it
            places = self._places_after(toks, event, limit, by_start)
            if places:
                prop = self._choose_property(event.match, places[0])  # type: ignore[arg-type]
                negated = negated or _has_negation(toks, there, event.start, named)
                return self._yes(toks, event, places, prop, negated, "existential")
        if not subjects and syntax is not None:
            parsed = parsed_subjects(syntax, event.start, event.end, mentions)
            if parsed is not None:
                if not parsed:
                    # the parse names a subject that is no mention: "I", "the clinic"; but
                    # "The Box Office Manager is ..." names the one thing that has one
                    parsed = self._the_one(toks, event, boundary)
                    if not parsed:
                        return []
                subjects = parsed
                verb = syntax.anchor(event.start, event.end)
                negated = negated or syntax.negated(verb, boundary, event.start, named)
        if not subjects:
            subjects = self._subjects_before(toks, mentions, boundary, event.start)
            negated = negated or _has_negation(
                toks, (subjects[-1].token_end if subjects else boundary), event.start, named
            )
            if not subjects:
                subjects = prev_subjects
        if not subjects and event.match is not None:
            subjects = self._the_one(toks, event, boundary)
        if not subjects:
            return []
        if event.class_iri is not None:
            negated = negated or _has_negation(toks, event.copula, event.end, named)
            obj = ClaimObject(
                span=Span(toks[event.copula + 1].start, toks[event.end - 1].end),
                text=span_text(toks, event.copula + 1, event.end),
                iri=event.class_iri,
            )
            return [
                self._claim(toks, s, str(RDF.type), obj, not negated, event, "is a")
                for s in subjects
            ]
        assert event.match is not None
        if _names_a_thing(toks, event):
            return []
        feature = self._feature(toks, event, boundary)
        if feature is not None:
            # "has active noise cancelling": a yes-or-no property stated by its name after a
            # verb of having; the value is yes (no where the clause is negated)
            prop = self._choose_property(event.match, subjects[0])
            # "doesn't have", "has no", "does not include"
            negated = negated or _has_negation(toks, max(boundary, feature - 3), event.start, named)
            return self._yes(toks, event, subjects, prop, negated, "feature")
        # skip copulas, articles and negations before the object
        k = object_from
        while k < limit and (
            toks[k].lower in COPULAS
            or toks[k].lemma == "be"
            or (toks[k].lower in ARTICLES and not _opens_name(by_start, k))
            or toks[k].lower in SKIPPABLE
            or (k == object_from and toks[k].lower == "of")  # "a capacity of 150"
        ):
            negated = negated or toks[k].lower in NEGATIONS
            k += 1
        prop = self._choose_property(event.match, subjects[0])
        phrase = _after_copula(toks, event.start, boundary)
        ours = (
            by_start.get(phrase - 1)
            if phrase is not None and phrase > 0 and toks[phrase - 1].lower == "our"
            else None
        )
        if (
            ours is not None
            and pattern == "verbal"
            and (object_from >= sent_end or toks[object_from].lower not in OF_PREPOSITIONS)
            and self.onto.is_nominal(URIRef(prop), event.match.form)
            and self._names_role(toks, phrase or event.start, event, URIRef(prop))
            and (holder := self._one_holder(URIRef(prop))) is not None
        ):
            # "Tomasz Wilk is our Executive Director": "our" is the one thing the KB gives the
            # property to (the theatre), and the subject its value
            us = replace(ours, kind="entity", iri=str(holder), how="ours")
            obj = ClaimObject(span=us.span, text=us.text, iri=us.iri, mention=us)
            made = [
                self._claim(toks, s, prop, obj, not negated, event, event.match.form, "role")
                for s in subjects
            ]
            return [c for c in map(_inverted, made) if c is not None]
        if (
            pattern == "verbal"
            and XSD.boolean in self.onto.range.get(URIRef(prop), set())
            # "allows dogs"; "is dog-friendly", "isn't wheelchair accessible" of a form "be ..."
            and (toks[event.start].pos == "VERB" or event.match.form.startswith("be "))
            and (
                k >= limit
                or not toks[k].is_alpha
                or toks[k].lower in _JOINS
                or toks[k].pos == "ADP"
            )
        ):
            # "Eikeboom allows dogs", "doesn't allow dogs", "permits sparklers for send-offs": a
            # yes-or-no property stated by its verb phrase, the value yes (no where the clause
            # is negated)
            return self._yes(toks, event, subjects, prop, negated, pattern)
        if k >= limit:
            return []
        role = (
            pattern == "verbal"
            and phrase is not None
            and self.onto.is_nominal(URIRef(prop), event.match.form)
            and toks[object_from].lower in OF_PREPOSITIONS
            and self._names_role(toks, phrase, event, URIRef(prop))
        )
        if role:
            # "Ruby Chen is the branch manager at Greenfinch Frome", "Y is our head chef in X":
            # the noun is the property of the place, and the subject its value
            k = object_from + 1
            while k < limit and toks[k].lower in ARTICLES and not _opens_name(by_start, k):
                k += 1  # not the article a name opens with ("at The Mill")
            objects = self._objects(toks, prop, k, limit, sent_end, mentions, by_start, now)
            made = [
                self._claim(toks, s, prop, o, not negated, event, event.match.form, "role")
                for s in subjects
                for o in objects
            ]
            return [c for c in map(_inverted, made) if c is not None]
        if (
            k == object_from
            and toks[k].lower in PLACE_PREPOSITIONS
            and self.onto.is_nominal(URIRef(prop), event.match.form)
        ):
            return []  # "its address on the screen": a noun and where it is, not its value
        objects = self._objects(toks, prop, k, limit, sent_end, mentions, by_start, now)
        made = [
            self._claim(toks, s, prop, o, not negated, event, event.match.form, pattern)
            for s in subjects
            for o in objects
        ]
        if prop in event.match.inverted:  # "Pine Hollow is served by the Express"
            return [c for c in map(_inverted, made) if c is not None]
        return made

    def _yes(
        self,
        toks: Sequence[Tok],
        event: _Event,
        subjects: Sequence[Mention],
        prop: str,
        negated: bool,
        pattern: str,
    ) -> list[Claim]:
        """Claims that ``subjects`` have yes for the yes-or-no ``prop`` the event's words
        state (no where ``negated``)."""
        assert event.match is not None
        obj = ClaimObject(
            span=Span(toks[event.start].start, toks[event.end - 1].end),
            text=span_text(toks, event.start, event.end),
            value=True,
            datatype=str(XSD.boolean),
        )
        return [
            self._claim(toks, s, prop, obj, not negated, event, event.match.form, pattern)
            for s in subjects
        ]

    def _feature(self, toks: Sequence[Tok], event: _Event, boundary: int) -> int | None:
        """Where the verb of having that states a yes-or-no property by its name stands ("has
        active noise cancelling", "comes with accidental damage cover", "includes free
        next-day delivery"): every property the match names is of ``xsd:boolean`` and the
        words before it, articles, adjectives and a few adverbs skipped, end in such a verb;
        ``None`` else."""
        assert event.match is not None
        if not self._all_boolean(event.match):
            return None
        if toks[event.start].lemma in _HAVING:
            return event.start  # the form names the verb too ("have noise cancelling")
        k = event.start - 1
        while k >= boundary and (
            toks[k].lower in ARTICLES or toks[k].lower in _FEATURE_SKIP or toks[k].pos == "ADJ"
        ):
            k -= 1
        if k < boundary:
            return None
        if toks[k].lemma in _HAVING or (
            toks[k].lower == "with" and k > boundary and toks[k - 1].lemma == "come"
        ):
            return k
        return None

    def _there_is(self, toks: Sequence[Tok], event: _Event, boundary: int) -> int | None:
        """Where "there" stands when the event names a yes-or-no property as a thing there is
        ("There's no laundry", "there isn't a pump-out", "There are showers"): every
        property the match names is of ``xsd:boolean`` and the words before it, articles,
        adjectives and negations skipped, are a form of "be" after "there"; ``None`` else."""
        if event.match is None or not self._all_boolean(event.match):
            return None
        k = event.start - 1
        while k >= boundary and (
            toks[k].lower in ARTICLES or toks[k].lower in _FEATURE_SKIP or toks[k].pos == "ADJ"
        ):
            k -= 1
        if k - 1 >= boundary and _is_be(toks[k]) and toks[k - 1].lower == "there":
            return k - 1
        return None

    def _listed_feature(
        self, toks: Sequence[Tok], event: _Event, boundary: int, prev_subjects: list[Mention]
    ) -> bool:
        """Whether the event names a yes-or-no property listed right after the one the claims
        before it stated ("has showers and a laundry"): only "and", commas, articles and
        adjectives stand between them."""
        if not prev_subjects or event.match is None or not self._all_boolean(event.match):
            return False
        if event.end < len(toks) and toks[event.end].pos in {"AUX", "VERB"}:
            return False  # "has showers and the laundry is closed": its own clause
        between = toks[boundary : event.start]
        return any(t.lower in {"and", ","} for t in between) and all(
            t.lower in {"and", ","} or t.lower in ARTICLES or t.lower in _FEATURE_SKIP
            for t in between
        )

    def _places_after(
        self, toks: Sequence[Tok], event: _Event, limit: int, by_start: dict[int, Mention]
    ) -> list[Mention]:
        """The things named right after the event's words by a preposition of place ("at
        both Island Quay Marina and Batson Creek Pontoon"), with those listed with them."""
        k = event.end
        if k >= limit or toks[k].lower not in {"at", "in", "on"}:
            return []
        k += 1
        while k < limit and (toks[k].lower in _PRECONJUNCTIONS or toks[k].lower in ARTICLES):
            k += 1
        first = by_start.get(k)
        if first is None or first.iri is None:
            return []
        found = [first]
        nxt = self._coordinated(toks, first, limit, limit, by_start)
        while nxt is not None and nxt.iri is not None:
            found.append(nxt)
            nxt = self._coordinated(toks, nxt, limit, limit, by_start)
        return found

    def _all_boolean(self, match: PredicateMatch) -> bool:
        """Whether every property ``match`` names is of ``xsd:boolean``."""
        props = [URIRef(p) for p in match.properties]
        return bool(props) and all(XSD.boolean in self.onto.range.get(p, set()) for p in props)

    def _names_role(self, toks: Sequence[Tok], first: int, event: _Event, prop: URIRef) -> bool:
        """Whether the noun phrase from ``first`` to the form names ``prop`` itself: the form
        alone ("our manager"), another of its forms, or the label of a class in its range
        ("branch manager"); "café manager" is another role."""
        if first == event.start:
            return True
        words = " ".join(t.lemma for t in toks[first : event.end])
        if words in {f.lower() for f in self.onto.forms(prop)}:
            return True
        cls_ = self.onto.class_labels.get(words)
        return cls_ is not None and cls_ in self.onto.range.get(prop, set())

    def _derived_noun(self, match: PredicateMatch) -> bool:
        return match.derived and all(
            self.onto.is_nominal(URIRef(p), match.form) for p in match.properties
        )

    def _of_holder(self, claim: Claim) -> Claim:
        """``claim`` about the thing its subject's name names for short where the thing the
        name names exactly holds no value of the property ("The Sheffield branch manager is
        ...": the town named Sheffield has no manager, the depot Northbound Sheffield has)."""
        if claim.subject_iri is None:
            return claim
        prop, subject = URIRef(claim.predicate), URIRef(claim.subject_iri)
        if prop == RDF.type or self.kb.holds(subject, prop):
            return claim
        holder = named_short(self.kb, claim.subject, lambda s: self.kb.holds(s, prop))
        if holder is None:
            return claim
        named = replace(claim.subject, iri=holder, how="short")
        return replace(claim, subject=named, subject_iri=holder)

    def _the_one(self, toks: Sequence[Tok], event: _Event, boundary: int) -> list[Mention]:
        """The one KB thing with a value of the property a sentence opens with ("The Box
        Office Manager is Priya Raman", "Our executive director is ...": the theatre's), as
        the subject; none where several things or none have one."""
        k = event.start - 1
        if (
            event.match is None
            or k != boundary
            or toks[k].lower not in {"the", "our"}
            or event.end >= len(toks)
            or toks[event.end].lemma != "be"
        ):
            return []
        holders = [
            holder
            for p in event.match.properties
            if self.onto.is_nominal(URIRef(p), event.match.form)
            and (holder := self._one_holder(URIRef(p))) is not None
        ]
        if len(holders) != 1:
            return []
        (holder,) = holders
        return [
            Mention(
                span=Span(toks[k].start, toks[event.end - 1].end),
                text=span_text(toks, k, event.end),
                kind="entity",
                segment=toks[k].sent,
                token_start=k,
                token_end=event.end,
                iri=str(holder),
                how="definite",
            )
        ]

    def _one_holder(self, prop: URIRef) -> URIRef | None:
        """The one KB thing that has a value of ``prop`` ("our executive director": the
        theatre's); ``None`` when none or several do."""
        found: set[Node] = set()
        for s, _, _ in self.kb.match(None, prop, None):
            found.add(s)
            if len(found) > 1:
                return None
        (one,) = found or (None,)
        return one if isinstance(one, URIRef) else None

    def _possessor(
        self, toks: Sequence[Tok], start: int, mentions: Sequence[Mention]
    ) -> Mention | None:
        k = start - 1
        while k >= 0 and toks[k].lower in {"phone", "office", "work", "direct", "current"}:
            k -= 1
        if k < 0 or toks[k].sent != toks[start].sent:
            return None
        if toks[k].lemma == "'s":
            return next((m for m in mentions if m.token_end == k), None)
        if toks[k].lower in _POSSESSIVE_PRONOUNS:
            return next((m for m in mentions if m.token_start == k), None)
        return None

    def _passive(
        self,
        toks: Sequence[Tok],
        event: _Event,
        mentions: Sequence[Mention],
        by_start: dict[int, Mention],
        boundary: int,
        syntax: Syntax | None,
    ) -> tuple[list[Mention], list[Mention], bool] | None:
        """The agents, patients and negation of an active form read in the passive ("is served
        by"); ``None`` when the event is no such passive. From the parse when there is one,
        else from "<be> <form> by <mention>" or ", <form> by <mention>" (a participle: "Tehanu,
        written by Ursula Le Guin, ...") after the patients."""
        if syntax is not None:
            passive = syntax.passive(event.start, event.end)
            if passive is None:
                return None
            agents = [m for k in passive.agents if (m := mention_at(mentions, k)) is not None]
            patients = [m for k in passive.patients if (m := mention_at(mentions, k)) is not None]
            if len(patients) < len(passive.patients):
                patients = []  # "the stop is served by ...": about no mention
            verb = syntax.anchor(event.start, event.end)
            negated = syntax.negated(verb, boundary, event.start)
            return agents, patients, negated
        k = event.start - 1
        while k >= boundary and toks[k].lower in SKIPPABLE:
            k -= 1
        if (
            k < boundary
            or (toks[k].lemma != "be" and toks[k].text != ",")
            or event.end >= len(toks)
            or toks[event.end].lower != "by"
        ):
            return None
        j = event.end + 1
        while j < len(toks) and toks[j].lower in ARTICLES:
            j += 1
        agent = by_start.get(j)
        if agent is None or agent.kind not in SUBJECT_KINDS:
            return None
        patients = self._subjects_before(toks, mentions, boundary, k)
        return [agent], patients, _has_negation(toks, k, event.start)

    def _passive_claims(
        self,
        toks: Sequence[Tok],
        event: _Event,
        match: PredicateMatch,
        agents: list[Mention],
        patients: list[Mention],
        negated: bool,
    ) -> list[Claim]:
        """ "Pine Hollow is served by the Airport Express": the agent is the subject and the
        passive's subject the object (of an object property; a value is never the agent)."""
        if not agents or not patients:
            return []
        prop = self._choose_property(match, agents[0])
        if self.onto.is_datatype_property(URIRef(prop)):
            return []
        negated = negated or match.negated
        out = []
        for agent in agents:
            for patient in patients:
                obj = ClaimObject(
                    span=patient.span, text=patient.text, iri=patient.iri, mention=patient
                )
                claim = self._claim(toks, agent, prop, obj, not negated, event, match.form)
                span = Span(
                    min(patient.span.start, agent.span.start, claim.span.start),
                    max(patient.span.end, agent.span.end, claim.span.end),
                )
                out.append(replace(claim, span=span))
        return out

    def _of_subject(
        self,
        toks: Sequence[Tok],
        event: _Event,
        by_start: dict[int, Mention],
        mentions: Sequence[Mention],
        syntax: Syntax | None = None,
    ) -> Mention | None:
        if _after_copula(toks, event.start, _sentence_start(toks, event.start)) is not None:
            return None  # "Ruby Chen is the manager of Frome": the subject is before the copula
        if syntax is not None:
            # "The musical genre of John Lennon is ...": adjectives between "the" and the form
            noun = syntax.anchor(event.start, event.end)
            pobj = syntax.of_object(noun, event.end)
            dets = [d for d in syntax.children(noun, "det") if toks[d].lower == "the"]
            if (
                pobj is not None
                and dets
                and syntax.modifiers_only(noun, dets[0] + 1, event.start)
                and (found := mention_at(mentions, pobj)) is not None
            ):
                return found
        before = toks[event.start - 1].lower if event.start > 0 else ""
        if (
            before not in {"the", "of"}
            or event.end >= len(toks)
            or toks[event.end].lower not in OF_PREPOSITIONS  # "the address for Coupa"
        ):
            return None
        k = event.end + 1
        if (
            toks[event.end].lower == "to"
            and k + 1 < len(toks)
            and toks[k].is_alpha
            and not toks[k].is_capitalised
            and (toks[k + 1].lower in ARTICLES or k + 1 in by_start)
        ):
            k += 1  # "The minimum age to skipper the Kittiwake RIB is 21": what it is done to
        while k < len(toks) and toks[k].lower in ARTICLES:
            k += 1
        found = by_start.get(k)
        return found if found is not None and found.kind in SUBJECT_KINDS else None

    def _subjects_before(
        self, toks: Sequence[Tok], mentions: Sequence[Mention], boundary: int, start: int
    ) -> list[Mention]:
        window = [
            m
            for m in mentions
            if m.kind in SUBJECT_KINDS and boundary <= m.token_start and m.token_end <= start
        ]
        if not window:
            return []
        # "Your meeting with Alex is on ...": a name after a preposition belongs to the phrase
        # of the one before it, which is the subject
        while (
            len(window) > 1
            and toks[window[-1].token_start - 1].lower in _ATTACHING
            and window[-2].token_end < window[-1].token_start
        ):
            window.pop()
        chosen = [window[-1]]
        # "Dr. Patel and Dr. Reyes work in ...": coordinated subjects
        for m in reversed(window[:-1]):
            gap = toks[m.token_end : chosen[0].token_start]
            if gap and all(t.lower in _LIST_GLUE for t in gap):
                chosen.insert(0, m)
            else:
                break
        return chosen

    def _choose_property(self, match: PredicateMatch, subject: Mention) -> str:
        """Of the properties one phrase names, the one the subject has values for, else the
        one its class is the domain of (:meth:`KnowledgeBase.rank_properties`)."""
        return self.kb.rank_properties(match.properties, subject.iri, match.inverted)[0]

    def _objects(
        self,
        toks: Sequence[Tok],
        prop: str,
        k: int,
        limit: int,
        sent_end: int,
        mentions: Sequence[Mention],
        by_start: dict[int, Mention],
        now: datetime | None,
    ) -> list[ClaimObject]:
        p = URIRef(prop)
        as_text = False
        if not self.onto.is_datatype_property(p):
            if toks[k].lower in _PRECONJUNCTIONS and k + 1 in by_start:
                k += 1  # "teaches both manual and automatic": the list after "both"
            first = by_start.get(k)
            if (
                first is not None
                and first.kind == "speaker"
                and toks[k].lower in SPEAKER_POSSESSIVES
            ):
                first = by_start.get(k + 1)  # "covers your TV": the TV, not the speaker
            if first is None or (first.kind == "pronoun" and first.iri is None):
                as_text = self._structured(p)
                if self.onto.range.get(p) and not as_text:
                    return []
            else:
                found = [first]
                nxt = self._coordinated(toks, found[-1], limit, sent_end, by_start)
                while nxt is not None:
                    found.append(nxt)
                    nxt = self._coordinated(toks, nxt, limit, sent_end, by_start)
                return [ClaimObject(span=m.span, text=m.text, iri=m.iri, mention=m) for m in found]
        if toks[k].lower in _JOINS or toks[k].lower in CLAUSE_BREAKS:
            return []  # "12mm thick and comes in 2440mm sheets": what follows is no value
        end = self._value_end(toks, k, sent_end, p)
        if end == k and toks[k].pos == "ADP":
            # "graded to BS 5534", "rated at 4 stars": the verb's preposition, then the value
            after = self._value_end(toks, k + 1, sent_end, p)
            if after > k + 1:
                k, end = k + 1, after
        if end == k:
            end = self._literal_end(toks, k, limit, prop)
            if end == limit < sent_end and toks[limit].lower in self._noun_words(p):
                # "is conference room 101" when "room" names the property: the value runs on
                # past the phrase that cut it, so where it ends is not known
                return []
        if end <= k:
            return []
        text = span_text(toks, k, end).rstrip(".!?")
        if as_text and not _NAMED_VALUE.match(text):
            return []  # "has 4 showers": a count, no address or name of a node's value
        if as_text and _superlative(toks[k]):
            return []  # "has the longest season of our parks": a comparison, no value
        datatypes = self.onto.range.get(p) or set()
        datatype = str(next(iter(datatypes))) if datatypes else None
        # the reply before the value, for a day of the month alone ("the 25th")
        before = "" if datatype not in DATE_TYPES else _text_before(toks, k, _DATE_CONTEXT)
        value = parse_literal(text, datatype, now, temporal=self.temporal, before=before)
        if value is None:
            return []
        start_char = toks[k].start
        return [
            ClaimObject(
                span=Span(start_char, start_char + len(text)),
                text=text,
                value=value,
                datatype=datatype,
                mention=by_start.get(k),
            )
        ]

    def _coordinated(
        self,
        toks: Sequence[Tok],
        m: Mention,
        limit: int,
        sent_end: int,
        by_start: dict[int, Mention],
    ) -> Mention | None:
        k = m.token_end
        if k >= limit or toks[k].lower not in {"and", ",", "or"}:
            return None
        # "offered at the Estate Tasting Room and at the Wine Bar": the first's preposition,
        # said again, opens the next
        j = m.token_start - 1
        while j > 0 and toks[j].lower in ARTICLES:
            j -= 1
        again = {toks[j].lower} if j >= 0 and toks[j].pos == "ADP" else set()
        while k < limit and toks[k].lower in {"and", ",", "or"} | ARTICLES | again:
            k += 1
        nxt = by_start.get(k)
        if nxt is None or nxt.kind not in {"entity", "name", "ambiguous"}:
            return None
        # a mention followed by its own verb is the subject of the next clause, not an object
        # ("Our winemaker is Thandi Mokoena, and Pieter de Villiers is the cellar master"),
        # as is one the parse makes a subject ("managed by Callum Fraser, and Ngaire Parata,
        # our accommodation host, looks after ...")
        if toks[nxt.token_end - 1].dep in _SUBJECT_DEPS:
            return None
        j = nxt.token_end
        while j < limit and toks[j].lower in SKIPPABLE:
            j += 1
        if j < limit and toks[j].lower in AUX_WORDS and toks[k - 1].lower == "and":
            return None
        while j < limit and (
            toks[j].lower in AUX_WORDS or toks[j].lower in SKIPPABLE or toks[j].lower in ARTICLES
        ):
            j += 1
        if j == limit and limit < sent_end:
            return None
        return nxt

    def _structured(self, prop: URIRef) -> bool:
        """Whether ``prop`` points at nodes that hold the parts of a value (a
        ``schema:PostalAddress``) or that are nothing but a name (an address node labelled "200
        Alester Ave"): what a reply states of it is text, read against the parts or the name
        ("The address for Arco is 394 Van Ness Ave", "... is 9 Mill Street")."""
        found = self._structure_props.get(prop)
        if found is None:
            shapes = self.kb.shapes
            # a property the data gives only literals (its shapes say so) points at no node
            found = (prop not in shapes.used or None in shapes.used[prop]) and any(
                o in shapes.parts or o in shapes.name_values
                for o in self.kb.some_objects(prop, _SAMPLE)
            )
            self._structure_props[prop] = found
        return found

    def _noun_words(self, prop: URIRef) -> set[str]:
        """The words of a property's label ("room" of "room"), which may also be words of its
        values ("conference room 100")."""
        return set(self.onto.labels.get(prop, "").lower().split())

    def _value_end(self, toks: Sequence[Tok], k: int, sent_end: int, prop: URIRef) -> int:
        """The end of the longest stretch from token ``k`` that is a KB value of ``prop``, over
        words that would end a literal ("conference room 100" when "room" names the property);
        ``k`` when there is none."""
        for end in range(min(sent_end, k + _LONGEST_VALUE), k, -1):
            words = value_words(span_text(toks, k, end).rstrip(".!?"))
            if words and any(p == prop for _, p in self.kb.owners_of_words(words)):
                return end
        return k

    def _literal_end(self, toks: Sequence[Tok], k: int, limit: int, prop: str) -> int:
        is_date = any(
            str(r).endswith(("date", "dateTime")) for r in self.onto.range.get(URIRef(prop), ())
        )
        end = k
        while end < limit:
            t = toks[end]
            if t.lower in CLAUSE_BREAKS or (t.lower == "and" and end > k):
                break
            if t.text == ",":
                year_follows = end + 1 < limit and toks[end + 1].text.isdigit()
                if not (is_date and year_follows):
                    break
            if t.text in {".", "!", "?"} and end > k:
                break
            if t.lower in SKIPPABLE and end > k:
                break  # "room B-101 now", "4412 currently"
            end += 1
            if (
                end > k + 1
                and len(t.text) > 1
                and t.text.endswith(".")
                and end < limit
                and (toks[end].is_capitalised or toks[end].text.islower())
            ):
                # "113 Arbol Dr. Setting navigation now", "113 Arbol Dr. do you need ...": a
                # sentence the splitter missed after an abbreviation
                break
        return end

    def _claim(
        self,
        toks: Sequence[Tok],
        subject: Mention,
        prop: str,
        obj: ClaimObject,
        polarity: bool,
        event: _Event,
        form: str,
        pattern: str = "verbal",
    ) -> Claim:
        start = min(subject.span.start, toks[event.start].start)
        if subject.segment != toks[event.start].sent or subject.span.start > obj.span.start:
            start = toks[event.start].start
        return Claim(
            subject=subject,
            subject_iri=subject.iri,
            predicate=prop,
            object=obj,
            polarity=polarity,
            hedged=False,
            certain=False,
            span=Span(start, max(obj.span.end, toks[event.end - 1].end)),
            segment=toks[event.start].sent,
            form=form,
        )

    @staticmethod
    def _token_after(toks: Sequence[Tok], span: Span) -> int:
        return bisect_left(toks, span.end, key=lambda t: t.start)


#: Words ending "-est" that are no superlatives ("the guest", "a request").
_EST_NOUNS = frozenset(
    {"guest", "guests", "interest", "forest", "request", "harvest", "contest", "protest",
     "honest", "modest", "chest", "quest", "nest", "west", "rest", "test", "digest"}
)  # fmt: skip


def _is_be(tok: Tok) -> bool:
    """Whether ``tok`` is a form of "be" ("is", "'s" of "there's")."""
    return tok.lemma == "be" or tok.lower in {"'s", "’s"}


def _superlative(tok: Tok) -> bool:
    """Whether ``tok`` is a superlative ("longest", "best", "most")."""
    if tok.lower in {"most", "least", "best", "worst"}:
        return True
    if not tok.lower.endswith("est") or len(tok.lower) <= 4:
        return False
    # without a tagger (the blank pipeline), a word ending "-est" but a noun's
    return tok.pos == "ADJ" or (not tok.pos and tok.lower not in _EST_NOUNS)


def _auxiliary(toks: Sequence[Tok], match: PredicateMatch) -> bool:
    """Whether the form is one word of "have" or "be" that helps the verb after it ("has
    been swapped", "is being replaced"): a perfect or progressive, no property's verb."""
    if match.end - match.start != 1 or toks[match.start].lemma not in {"have", "be"}:
        return False
    nxt = match.end
    return nxt < len(toks) and toks[nxt].lower in {"been", "being"}


def _continues_a_name(toks: Sequence[Tok], i: int) -> bool:
    """ "IT Support Lead": a title-case word right after a capitalised one, in the same
    sentence, is part of a name or a title, not a predicate (acronyms such as "NOI" are); not
    after an article or "our" capitalised to open the sentence ("The Box Office Manager is
    ...", "Our Executive Director is ...")."""
    tok = toks[i]
    return (
        i > 0
        and tok.text[:1].isupper()
        and tok.text[1:].islower()
        and toks[i - 1].sent == tok.sent
        and toks[i - 1].is_capitalised
        and toks[i - 1].lower not in ARTICLES
    )


def _names_a_thing(toks: Sequence[Tok], event: _Event) -> bool:
    """ "a cafe on platform 2", "at gate 14": a one-word form after a preposition, followed
    by a bare number, names one of the things (a label), it does not say how many there are."""
    start, end = event.start, event.end
    return (
        end - start == 1
        and start > 0
        and toks[start - 1].lower in PLACE_PREPOSITIONS
        and end < len(toks)
        and toks[end].text.isdigit()
        and toks[end].sent == toks[start].sent
    )


def _sentence_start(toks: Sequence[Tok], i: int) -> int:
    """The first token of the sentence of token ``i`` (looked for within 64 tokens)."""
    k = i
    while k > 0 and i - k < 64 and toks[k - 1].sent == toks[i].sent:
        k -= 1
    return k


def _after_copula(toks: Sequence[Tok], start: int, boundary: int) -> int | None:
    """Where the noun phrase of the noun at ``start`` begins (its first modifier, else
    ``start``) when it is what a copula says its subject is: "is the branch manager", "is our
    head chef" (determiners and modifiers between); ``None`` when it is not."""
    k = start - 1
    while k >= boundary and toks[k].pos in _MODIFIER_POS:
        k -= 1  # "delivery coordinator", "head"
    first = k + 1
    if k < boundary or toks[k].lower not in ARTICLES | _POSSESSIVE_PRONOUNS:
        return None
    k -= 1
    while k >= boundary and toks[k].lower in SKIPPABLE:
        k -= 1
    copula = k >= boundary and (toks[k].lemma == "be" or toks[k].lower in COPULAS)
    return first if copula else None


def _inverted(claim: Claim) -> Claim | None:
    """The claim of a phrasing that names the object first, subject and object swapped ("T's
    leader is S": S leads T); ``None`` when the object is no entity, or when the subject is a
    pronoun that names nobody (it would be the object, compared as a name)."""
    obj = claim.object.mention
    if obj is None or obj.kind not in SUBJECT_KINDS:
        return None
    subject = claim.subject
    if subject.iri is None and subject.kind in {"pronoun", "speaker"}:
        return None  # "She also curated Glass and Sea", "she" unresolved: whose it is, unsaid
    return replace(
        claim,
        subject=obj,
        subject_iri=obj.iri,
        object=ClaimObject(span=subject.span, text=subject.text, iri=subject.iri, mention=subject),
    )


def _has_negation(
    toks: Sequence[Tok], start: int, end: int, named: frozenset[int] = frozenset()
) -> bool:
    """Whether a negation stands in tokens ``[start, end)``, not counting the words of names
    (``named``: "No." of "Symphony No. 2")."""
    return any(toks[k].lower in NEGATIONS and k not in named for k in range(max(start, 0), end))


def _signals_for(claim: Claim, signals: Sequence[Signal]) -> tuple[bool, bool]:
    same = [s for s in signals if s.segment == claim.segment]
    return any(s.kind == "hedge" for s in same), any(s.kind == "certainty" for s in same)


#: Words between a copula and the noun it introduces: "is the", "is our".
_BEFORE_NOUN = ARTICLES | frozenset(_POSSESSIVE_PRONOUNS)


def _opens_name(by_start: dict[int, Mention], k: int) -> bool:
    """Whether a mention of a name (not a pronoun: "its own car park") starts at token ``k``
    ("The Mill")."""
    m = by_start.get(k)
    return m is not None and m.kind != "pronoun"


def _bare_copula(toks: Sequence[Tok], match: PredicateMatch) -> bool:
    """Whether the words ``match`` covers are all forms of "be", with an article at most ("is
    the" of a job title's form "be the": "Tomasz Wilk is the executive director of ...")."""
    words = toks[match.start : match.end]
    return words[0].lemma == "be" and all(t.lemma == "be" or t.lower in ARTICLES for t in words[1:])
