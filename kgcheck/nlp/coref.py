"""Pronouns and definite noun phrases resolved by salience, with no need for gender data.

An anaphor (he/she/it/they and their possessives, or "the department" where "department" labels a
KB class) takes the most salient *compatible* entity of the reply so far and of earlier turns:

- salience adds up over an entity's mentions (repetition), each weighted by its grammatical role
  (subject over object over the rest; from the dependency parse when the pipeline has one, else
  the first mention of a sentence stands in for the subject) and halved per sentence back
  (recency); entities of earlier turns (``context``, most salient first) weigh less with each rank;
- compatibility is the class: he/she a person, it a thing or an organisation, they an
  organisation, a group or a thing named in the plural ("Kids Group Lessons ... They run"; one
  person, well behind them; not one thing named in the singular: "their address" after a hotel
  took another hotel of the conversation in SGD), "the department" an instance of that
  class; a gender the KB or a title ("Ms.") gives rules out the other pronoun and breaks ties,
  and is never required;
- when no candidate is clearly ahead of the next one, the anaphor stays unresolved: a wrong
  antecedent turns a true statement into a flag.

Usage::

    resolver = CorefResolver(kb, title_classes)
    mentions = resolver.resolve(toks, mentions + resolver.definites(toks, covered), context)
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from rdflib import URIRef

from kgcheck.kb.closed_values import closed_values
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import normalize
from kgcheck.nlp.analysis import Mention
from kgcheck.nlp.person_names import PersonNames, titled
from kgcheck.nlp.tokens import Tok, is_parsed, span_text
from kgcheck.nlp.vocabulary import PRONOUNS
from kgcheck.types import Span

__all__ = ["PRONOUN_WANTS", "CorefResolver"]

#: What each pronoun accepts: a person (with the gender it names), a thing, or a plural.
PRONOUN_WANTS: dict[str, tuple[str, str | None]] = {
    word: ("person", gender) if gender in {"male", "female"} else (gender, None)
    for word, gender in PRONOUNS.items()
}
PRONOUN_WANTS.update({w: ("plural", None) for w in ("they", "them", "their", "theirs")})
PRONOUN_WANTS["themselves"] = ("plural", None)

#: Gender a title gives; a hint, never a requirement.
TITLE_GENDER = {"mr": "male", "sir": "male", "mrs": "female", "ms": "female", "miss": "female",
                "dame": "female"}  # fmt: skip

# Salience weights. A mention's weight is its role's, halved per sentence back; an earlier turn's
# entity at rank r weighs _CONTEXT * _RANK_DECAY**r, as if one sentence before the reply.
_ROLE = {"subject": 1.0, "object": 0.6, "other": 0.4, "modifier": 0.3}
_SENTENCE_DECAY = 0.5
_CONTEXT = 0.8
_RANK_DECAY = 0.6
#: The best candidate must weigh this many times the next one to be taken.
_MARGIN = 1.5
#: Below this a candidate is too faint to resolve to.
_FLOOR = 0.01
#: Mentions more sentences back than this weigh under 0.5 ** 12 each: too faint to count, and
#: reading them would make a long reply's cost grow with the square of its length.
_WINDOW = 12
#: Singular "they" for a person is allowed, well behind an organisation or a group.
_SINGULAR_THEY = 0.25

_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass", "agent"})
_OBJECT_DEPS = frozenset({"dobj", "obj", "attr", "dative", "oprd", "iobj"})
_MODIFIER_DEPS = frozenset({"poss", "compound", "nmod", "amod"})
_PREPOSITIONS = frozenset(
    {
        "in", "on", "at", "to", "from", "with", "by", "for", "of", "about", "after", "before",
        "under", "over", "into", "onto", "near", "via", "through", "than", "like", "since",
    }
)  # fmt: skip
_BE = frozenset({"is", "are", "was", "were", "be", "been", "'s", "'re", "becomes", "became"})
#: Words after "the <class>" that make the phrase restrictive, not a reference back.
_RESTRICTORS = frozenset({"of", "that", "which", "who", "whom", "whose", "where", "you", "i", "we"})
#: Class labels too generic to point back at anything.
_GENERIC_CLASSES = frozenset({"person", "people", "thing", "entity", "item", "place", "one"})
_DEFINITE_DETERMINERS = frozenset({"the", "this"})
#: "it" that refers to nothing: "it seems", "it takes", "it is 3 pm", "it is Dr. Patel who ...".
_IMPERSONAL_VERBS = frozenset({"seem", "seems", "seemed", "appear", "appears", "appeared",
                               "take", "takes", "took", "depend", "depends", "looks", "rains",
                               "happens", "matters"})  # fmt: skip
#: Class names that say "person" when the KB's class is its own rather than foaf:Person.
_PERSON = re.compile(r"\b(person|people|human|individual)\b|person$", re.IGNORECASE)
_ORGANISATION = re.compile(
    r"organi[sz]ation|orgunit|organisational unit|organizational unit|team|department|company|"
    r"group|band|club|committee|agency|institution|business|firm|party|ministry|corporation|"
    r"university|school|hospital|chain",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class _Reply:
    """What resolution reads of the reply: its tokens, each mention's grammatical role and
    coordinated group (by token start), and the earlier turns' entities."""

    toks: Sequence[Tok]
    roles: Mapping[int, str]
    groups: Mapping[int, tuple[int, ...]]
    context: tuple[str, ...]


@dataclass
class _Candidate:
    """An entity a reply's anaphor may stand for, with its salience so far."""

    key: str
    iri: str | None
    text: str
    kind: str  # person | organisation | thing | group | value (of a closed set: no antecedent)
    gender: str | None
    classes: frozenset[URIRef]
    class_hint: str | None = None
    score: float = 0.0
    from_context: bool = False
    members: tuple[str, ...] = field(default=())
    #: Named in the plural ("Kids Group Lessons"): a thing "they" may stand for.
    plural: bool = False


class CorefResolver:
    """Resolves pronouns and definite noun phrases to the entity they most plausibly mean.

    Args:
        kb: the knowledge base (classes and genders of candidates; class labels for "the X").
        title_classes: the class a title implies ("dr" -> Doctor), for unknown names.
        person_names: which entities are people where the ontology does not say
            (:mod:`kgcheck.nlp.person_names`: a title, or a class of person-named instances).
    """

    def __init__(
        self,
        kb: KnowledgeBase,
        title_classes: Mapping[str, URIRef] | None = None,
        person_names: PersonNames | None = None,
    ):
        self.kb = kb
        self.title_classes = dict(title_classes or {})
        self.person_names = person_names or PersonNames(None)
        self._kinds: dict[str, tuple[str, frozenset[URIRef]]] = {}
        self._known: dict[str, tuple[str | None, str]] = {}  # an entity's gender and label
        self._heads: dict[str, URIRef] | None = None
        self._only: dict[URIRef, str | None] = {}
        self._class_labels = {
            key: cls_
            for key, cls_ in kb.ontology.class_labels.items()
            if key not in _GENERIC_CLASSES
        }
        self._longest = max((len(k.split()) for k in self._class_labels), default=0)

    # finding anaphors -----------------------------------------------------------------------

    def pronouns(self, toks: Sequence[Tok], covered: Sequence[bool]) -> list[Mention]:
        """Third-person pronouns (an impersonal "it", as in "it seems", stays unresolved)."""
        return [
            _mention(toks, t.i, t.i + 1, how="pronoun")
            for t in toks
            if t.lower in PRONOUN_WANTS and not covered[t.i]
        ]

    def definites(self, toks: Sequence[Tok], covered: Sequence[bool]) -> list[Mention]:
        """ "The department", "this station": a class label after a definite determiner, used to
        point back (not "the department of ...", "is the department", "the department that ...")."""
        out: list[Mention] = []
        for t in toks:
            if t.lower not in _DEFINITE_DETERMINERS or covered[t.i]:
                continue
            if t.i > 0 and toks[t.i - 1].lower in _BE | {"same", "a", "an"}:
                continue  # a predicate noun: "Cardiology is the department with ..."
            for n in range(min(self._longest, len(toks) - t.i - 1), 0, -1):
                end = t.i + 1 + n
                words = toks[t.i + 1 : end]
                if any(covered[w.i] or w.sent != t.sent or w.is_capitalised for w in words):
                    continue
                key = normalize(span_text(toks, t.i + 1, end), drop_titles=False)
                if key not in self._class_labels:
                    continue
                if end < len(toks) and toks[end].sent == t.sent:
                    nxt = toks[end]
                    if nxt.lower in _RESTRICTORS or (nxt.is_capitalised and nxt.is_alpha):
                        break
                cls_ = str(self._class_labels[key])
                out.append(_mention(toks, t.i, end, how="definite", class_hint=cls_))
                break
        return out

    # resolving -------------------------------------------------------------------------------

    def resolve(
        self, toks: Sequence[Tok], mentions: Sequence[Mention], context: Sequence[str]
    ) -> list[Mention]:
        """The mentions with each anaphor (``kind == "pronoun"``) resolved where one candidate is
        clearly the most salient compatible one; unresolved definite phrases are dropped."""
        ordered = sorted(mentions, key=lambda m: m.token_start)
        groups = self._groups(toks, ordered)
        kinds = frozenset(self._class_labels)
        reply = _Reply(toks, _roles(toks, ordered, groups, kinds), groups, tuple(context))
        by_sentence: dict[int, list[Mention]] = defaultdict(list)
        for m in ordered:
            by_sentence[toks[m.token_start].sent].append(m)
        out: list[Mention] = []
        for m in ordered:
            if m.kind != "pronoun" or _impersonal(toks, m):
                out.append(m)
                continue
            same = by_sentence[toks[m.token_start].sent]
            named = _named_after(toks, m, same) or self._same_kind_after(toks, m, same)
            if named is not None:  # "It is a 4 star hotel called 1 Hotel Central Park"
                out.append(replace(m, iri=named.iri, candidates=(named.text,)))
                continue
            resolved = self._resolve_one(reply, m, out)
            if resolved is None and m.how == "definite" and m.class_hint:
                only = self._only_instance(URIRef(m.class_hint))
                if only is not None:
                    # "The fuel dock is at Batson Creek Pontoon" with nothing before it to
                    # point back to: the one thing of its class the KB holds
                    resolved = replace(m, kind="entity", iri=only, candidates=())
            if resolved is not None:
                out.append(resolved)
            elif m.how != "definite":
                out.append(m)
        return out

    def _only_instance(self, cls_: URIRef) -> str | None:
        """The one KB thing of ``cls_`` (its subclasses included); ``None`` for none or
        several."""
        if cls_ in self._only:
            return self._only[cls_]
        classes = {cls_} | {
            c for c, above in self.kb.ontology.superclasses.items() if cls_ in above
        }
        members: set[str] = set()
        for c in sorted(classes):
            members.update(str(n) for n in self.kb.some_instances(c, 2) if isinstance(n, URIRef))
            if len(members) > 1:
                break
        one = next(iter(members)) if len(members) == 1 else None
        self._only[cls_] = one
        return one

    def _same_kind_after(
        self, toks: Sequence[Tok], anaphor: Mention, mentions: Sequence[Mention]
    ) -> Mention | None:
        """The one entity of the class of a definite phrase that its sentence names after it:
        "The name of the hotel is 45 Park Lane" is about 45 Park Lane, whichever hotel the
        conversation was about."""
        if anaphor.how != "definite" or not anaphor.class_hint:
            return None
        cls_ = URIRef(anaphor.class_hint)
        sent = toks[anaphor.token_start].sent
        found = [
            m
            for m in mentions
            if m.token_start > anaphor.token_start
            and toks[m.token_start].sent == sent
            and m.kind == "entity"
            and m.iri is not None
            and cls_ in self.kb.types(URIRef(m.iri))
        ]
        return found[0] if len(found) == 1 else None

    def _resolve_one(
        self, reply: _Reply, anaphor: Mention, earlier: Sequence[Mention]
    ) -> Mention | None:
        candidates = self._candidates(reply, anaphor, earlier)
        if anaphor.how == "definite":
            cls_ = URIRef(anaphor.class_hint or "")
            fitting = [c for c in candidates if cls_ in c.classes]
            gender = None
        else:
            want, gender = PRONOUN_WANTS[anaphor.text.lower()]
            fitting = []
            for c in candidates:
                weight = _fit(c, want, gender)
                if weight > 0:
                    c.score *= weight
                    fitting.append(c)
        fitting = [c for c in fitting if c.score >= _FLOOR]
        if not fitting:
            return None
        fitting.sort(key=lambda c: c.score, reverse=True)
        best = fitting[0]
        if len(fitting) > 1 and best.score < _MARGIN * fitting[1].score:
            # close: a gender that fits breaks the tie, else nothing is clearly meant
            close = [c for c in fitting if c.score * _MARGIN > best.score]
            matched = [c for c in close if gender is not None and c.gender == gender]
            if len(matched) != 1:
                return None
            best = matched[0]
        if best.kind == "group" or best.key.startswith("new:"):
            # "Dr. Patel and Dr. Mensah ... they": no one entity is meant; "an American
            # Airlines flight ... It costs $96": a thing the reply describes, no KB entity
            return None
        how = "context" if best.from_context else anaphor.how
        namesakes = [
            c.iri for c in fitting if c.from_context and c.iri is not None and c.text == best.text
        ]
        if best.from_context and len(namesakes) > 1:
            # "my medicine" named two entries called "taking medicine": "it" is one of them
            return replace(
                anaphor, kind="ambiguous", how=how, candidates=tuple(namesakes), iri=None
            )
        if best.iri is not None:
            shown = () if best.from_context else (best.text,)
            return replace(
                anaphor, iri=best.iri, how=how, candidates=shown, class_hint=best.class_hint
            )
        name = best.key[5:] if best.from_context else best.text
        return replace(anaphor, how=how, candidates=(name,), class_hint=best.class_hint)

    def _candidates(
        self, reply: _Reply, anaphor: Mention, earlier: Sequence[Mention]
    ) -> list[_Candidate]:
        """Every entity of the reply before ``anaphor`` (up to ``_WINDOW`` sentences back) and of
        earlier turns, with its salience."""
        toks = reply.toks
        found: dict[str, _Candidate] = {}
        parsed = is_parsed(toks)
        first = len(earlier)
        while first and anaphor.segment - earlier[first - 1].segment <= _WINDOW:
            first -= 1
        for m in earlier[first:]:
            candidate = self._candidate_of(m)
            if candidate is None:
                continue
            if parsed and _bound(toks, anaphor, m):
                continue  # "Dr. Reyes called him": not Dr. Reyes
            distance = anaphor.segment - m.segment
            weight = _ROLE[reply.roles.get(m.token_start, "other")] * _SENTENCE_DECAY**distance
            entry = found.setdefault(candidate.key, candidate)
            entry.score += weight
            # the tagger reads names' words unevenly ("Basics" of "Home Plumbing Basics
            # Evenings" as plural, "Evenings" not): any plural word of the name counts
            entry.plural |= m.kind == "entity" and any(
                toks[k].plural for k in range(m.token_start, m.token_end)
            )
            group = reply.groups.get(m.token_start)
            if group:
                # the group as a whole: of the classes all its members share, as salient as the
                # most salient member ("the pharmacy" after two pharmacies means neither)
                key = "group:" + ",".join(map(str, group))
                whole = found.get(key)
                if whole is None:
                    whole = found[key] = _Candidate(key, None, "", "group", None, candidate.classes)
                whole.classes &= candidate.classes
                whole.score = max(whole.score, weight)
        if parsed:
            for k in range(anaphor.token_start):
                found.update(self._introduced(toks, k, anaphor))
        distance = anaphor.segment + 1
        for rank, key in enumerate(reply.context):
            weight = _CONTEXT * _RANK_DECAY**rank * _SENTENCE_DECAY**distance
            if key in found:
                found[key].score += weight
                continue
            candidate = self._candidate_of_key(key)
            candidate.score = weight
            candidate.from_context = True
            found[key] = candidate
        return list(found.values())

    def _class_heads(self) -> dict[str, URIRef]:
        """Each KB class by its label and by the last word of its label ("flight" of "oneway
        flight")."""
        if self._heads is None:
            labels = self.kb.ontology.class_labels
            heads = {key.rsplit(" ", 1)[-1]: cls_ for key, cls_ in sorted(labels.items())}
            self._heads = {**heads, **labels}
        return self._heads

    def _introduced(self, toks: Sequence[Tok], k: int, anaphor: Mention) -> dict[str, _Candidate]:
        """The thing an indefinite noun phrase of a KB class at token ``k`` introduces ("There's
        an American Airlines flight that ..."): a candidate no KB entity is (``iri`` None), so
        that "it" after it is none of the entities named before."""
        if toks[k].lower not in {"a", "an"} or anaphor.segment - toks[k].sent > _WINDOW:
            return {}
        noun = toks[toks[k].head] if toks[k].head >= 0 else None
        if noun is None or noun.i <= k or noun.pos not in {"NOUN", "PROPN"}:
            return {}
        heads = self._class_heads()
        cls_ = heads.get(noun.lemma) or heads.get(noun.lower)
        if cls_ is None or noun.i >= anaphor.token_start:
            return {}
        role = _token_role(toks, noun)
        weight = _ROLE[role] * _SENTENCE_DECAY ** (anaphor.segment - noun.sent)
        kind = "person" if self.kb.ontology.is_person_class(cls_) else "thing"
        candidate = _Candidate(f"new:{noun.i}", None, noun.text, kind, None, frozenset({cls_}))
        candidate.score = weight
        return {candidate.key: candidate}

    def _candidate_of(self, m: Mention) -> _Candidate | None:
        if m.kind == "entity" and m.iri is not None:
            c = self._candidate_of_key(m.iri)
            c.text, c.class_hint = m.text, m.class_hint
            c.gender = c.gender or TITLE_GENDER.get(m.title or "")
            return c
        if m.kind == "name":
            return self._name_candidate(f"conv:{normalize(m.text)}", m.text, m.title, m.class_hint)
        if m.kind == "pronoun" and m.iri is not None:
            c = self._candidate_of_key(m.iri)
            c.text = m.candidates[0] if m.candidates else self.kb.label(URIRef(m.iri))
            c.class_hint = m.class_hint
            return c
        if m.kind == "pronoun" and m.candidates:
            name = m.candidates[0]
            return self._name_candidate(f"conv:{normalize(name)}", name, None, m.class_hint)
        return None

    def _name_candidate(
        self, key: str, text: str, title: str | None, hint: str | None
    ) -> _Candidate:
        # an unknown name is taken for a person; a title may say which class and gender
        cls_ = self.title_classes.get(title or "")
        classes = frozenset(self.kb.ontology.with_superclasses({cls_})) if cls_ else frozenset()
        gender = TITLE_GENDER.get(title or "")
        return _Candidate(key, None, text, "person", gender, classes, class_hint=hint)

    def _candidate_of_key(self, key: str) -> _Candidate:
        if key.startswith("conv:"):
            return self._name_candidate(key, key[5:], None, None)
        kind, classes = self._kind(key)
        known = self._known.get(key)
        if known is None:
            gender = self.kb.gender(URIRef(key)) if kind == "person" else None
            known = self._known[key] = (gender, self.kb.label(URIRef(key)))
        return _Candidate(key, key, known[1], kind, known[0], classes)

    def _kind(self, iri: str) -> tuple[str, frozenset[URIRef]]:
        cached = self._kinds.get(iri)
        if cached is None:
            node = URIRef(iri)
            classes = frozenset(self.kb.types(node))
            if closed_values(self.kb).properties_of(node):
                kind = "value"  # "Psychiatrist", a therapist's type: what is said of things
            elif (
                self.kb.is_person(node)
                or any(_PERSON.search(self._class_name(c)) for c in classes)
                or titled(self.kb.label(node))
                or any(
                    self.person_names.is_person_class(self.kb, c)
                    for c in self.kb.direct_types(node)
                )
            ):
                kind = "person"
            elif any(_ORGANISATION.search(self._class_name(c)) for c in classes):
                kind = "organisation"
            else:
                kind = "thing"
            cached = self._kinds[iri] = (kind, classes)
        return cached

    def _class_name(self, cls_: URIRef) -> str:
        local = re.split(r"[#/]", str(cls_))[-1]
        return f"{local} {self.kb.ontology.labels.get(cls_, '')}".strip()

    def _groups(
        self, toks: Sequence[Tok], mentions: Sequence[Mention]
    ) -> dict[int, tuple[int, ...]]:
        """Coordinated names of one kind ("Dr. Patel and Dr. Mensah", "Cardiology, Oncology and
        Radiology"): the token start of each member -> the starts of the whole group."""
        out: dict[int, tuple[int, ...]] = {}
        chain: list[tuple[Mention, str]] = []

        def close() -> None:
            if len(chain) > 1:
                starts = tuple(c.token_start for c, _ in chain)
                for s in starts:
                    out[s] = starts

        for m in mentions:
            candidate = self._candidate_of(m) if m.kind in {"entity", "name"} else None
            if candidate is None:
                continue
            if chain and chain[-1][1] == candidate.kind and _coordinated(toks, chain[-1][0], m):
                chain.append((m, candidate.kind))
                continue
            close()
            chain = [(m, candidate.kind)]
        close()
        return out


#: Words that introduce a name for what the sentence describes: "a hotel called X".
_NAMING = frozenset({"called", "named"})
#: Pronouns a thing introduced by name after them can be.
_THING_PRONOUNS = frozenset({"it", "this", "that"})


def _named_after(
    toks: Sequence[Tok], anaphor: Mention, mentions: Sequence[Mention]
) -> Mention | None:
    """The entity a sentence names after the pronoun it opens with, by "called" or "named"
    ("It is a 4 star hotel called 1 Hotel Central Park", "This is a bus named the Owl"):
    the pronoun is that entity. ``None`` when it names none, or another entity comes between."""
    if anaphor.text.lower() not in _THING_PRONOUNS:
        return None
    sent = toks[anaphor.token_start].sent
    for m in mentions:
        if m.token_start <= anaphor.token_start or toks[m.token_start].sent != sent:
            continue
        if m.kind == "entity" and m.iri is not None:
            before = toks[m.token_start - 1].lower if m.token_start > 0 else ""
            if before == "the" and m.token_start > 1:
                before = toks[m.token_start - 2].lower
            return m if before in _NAMING else None
        if m.kind in {"name", "ambiguous"}:
            return None
    return None


def _fit(c: _Candidate, want: str, gender: str | None) -> float:
    """How well a candidate fits a pronoun: 0 (excluded) to 1; a value of a closed set is
    none's."""
    if c.kind == "value":
        return 0.0
    if want == "person":
        if c.kind != "person":
            return 0.0
        return 0.0 if c.gender is not None and gender is not None and c.gender != gender else 1.0
    if want == "thing":
        return 1.0 if c.kind in {"thing", "organisation"} else 0.0
    if want == "plural":
        if c.kind in {"organisation", "group"} or (c.kind == "thing" and c.plural):
            return 1.0
        return _SINGULAR_THEY if c.kind == "person" else 0.0
    return 1.0


def _roles(
    toks: Sequence[Tok],
    mentions: Sequence[Mention],
    groups: Mapping[int, tuple[int, ...]],
    kinds: frozenset[str] = frozenset(),
) -> dict[int, str]:
    """Each mention's grammatical role, by its first token: from the parse when there is one,
    else the first mention of its sentence (not after a preposition) stands for the subject, and
    the mentions coordinated with it share its role. ``kinds``: the class labels of the KB (a
    name before one of them, "The next Sourdough Basics class", has the noun's role)."""
    roles: dict[int, str] = {}
    if is_parsed(toks):
        for m in mentions:
            roles[m.token_start] = _parsed_role(toks, m, kinds)
        return roles
    subject_of: dict[int, int] = {}
    for m in mentions:
        if m.segment in subject_of or _after_preposition(toks, m.token_start):
            continue
        subject_of[m.segment] = m.token_start
    for m in mentions:
        first = subject_of.get(m.segment)
        if first == m.token_start or first in groups.get(m.token_start, ()):
            roles[m.token_start] = "subject"
        elif _after_preposition(toks, m.token_start):
            roles[m.token_start] = "other"
        elif m.token_end < len(toks) and toks[m.token_end].lower in {"'s", "’s"}:
            roles[m.token_start] = "modifier"
        else:
            roles[m.token_start] = "object"
    return roles


def _parsed_role(toks: Sequence[Tok], m: Mention, kinds: frozenset[str] = frozenset()) -> str:
    tok = _root(toks, m)
    if tok.dep == "compound" and tok.head > tok.i and toks[tok.head].lemma in kinds:
        # "The next Sourdough Basics class is on Saturday": the class is Sourdough Basics
        tok = toks[tok.head]
    seen = 0
    while tok.dep in {"conj", "appos"} and tok.head >= 0 and seen < 10:
        tok = toks[tok.head]  # "Dr. Patel and Dr. Mensah work ...": the first conjunct's role
        seen += 1
    return _token_role(toks, tok)


def _token_role(toks: Sequence[Tok], tok: Tok) -> str:
    """The grammatical role of the word heading a noun phrase."""
    if tok.dep in _SUBJECT_DEPS or (tok.dep == "pobj" and toks[tok.head].dep == "agent"):
        return "subject"
    if tok.dep in _OBJECT_DEPS:
        return "object"
    if tok.dep in _MODIFIER_DEPS:
        return "modifier"
    if tok.dep == "ROOT":
        return "object"
    return "other"


def _root(toks: Sequence[Tok], m: Mention) -> Tok:
    for k in range(m.token_start, m.token_end):
        head = toks[k].head
        if head == k or not m.token_start <= head < m.token_end:
            return toks[k]
    return toks[m.token_end - 1]


def _bound(toks: Sequence[Tok], anaphor: Mention, m: Mention) -> bool:
    """Whether a non-reflexive object pronoun and ``m`` are arguments of the same verb."""
    pron = toks[anaphor.token_start]
    if anaphor.how == "definite" or pron.lower.endswith("self") or pron.lower.endswith("selves"):
        return False
    if pron.dep not in _OBJECT_DEPS:
        return False
    root = _root(toks, m)
    return root.dep in _SUBJECT_DEPS and root.head == pron.head


def _coordinated(toks: Sequence[Tok], a: Mention, b: Mention) -> bool:
    between = [t.lower for t in toks[a.token_end : b.token_start]]
    return (
        a.segment == b.segment
        and bool(between)
        and set(between) <= {"and", ",", "&"}
        and ("and" in between or "&" in between or between == [","])
    )


def _after_preposition(toks: Sequence[Tok], k: int) -> bool:
    j = k - 1
    while j >= 0 and toks[j].lower in {"the", "a", "an"}:
        j -= 1
    return j >= 0 and toks[j].sent == toks[k].sent and toks[j].lower in _PREPOSITIONS


def _impersonal(toks: Sequence[Tok], m: Mention) -> bool:
    """An "it" that refers to nothing: "it seems", "it takes", "it is 3 pm", "it is Dr. Patel
    who ...", "it is important to ...". Left unresolved rather than guessed."""
    k = m.token_start
    tok = toks[k]
    if m.how != "pronoun" or tok.lower != "it":
        return False
    if tok.dep == "expl":
        return True
    rest = [t for t in toks[k + 1 : k + 8] if t.sent == tok.sent]
    if not rest:
        return False
    if rest[0].lower in _IMPERSONAL_VERBS:
        return True
    if rest[0].lower not in _BE or len(rest) < 2:
        return False
    words = [t.lower for t in rest]
    after = rest[1]
    if after.text[:1].isdigit() and ({"am", "pm", "a.m.", "p.m.", "o'clock"} & set(words)):
        return True
    if after.is_capitalised and {"who", "that"} & set(words):
        return True  # a cleft: "It is Dr. Patel who leads Cardiology"
    skip = 2 + (words[1] in {"not", "very", "so", "too"})
    return len(words) > skip + 1 and words[skip + 1] in {"to", "that", "whether"}


def _mention(
    toks: Sequence[Tok], i: int, j: int, *, how: str, class_hint: str | None = None
) -> Mention:
    return Mention(
        span=Span(toks[i].start, toks[j - 1].end),
        text=span_text(toks, i, j),
        kind="pronoun",
        segment=toks[i].sent,
        token_start=i,
        token_end=j,
        how=how,
        class_hint=class_hint,
    )
