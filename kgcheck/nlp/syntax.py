"""Reading the dependency parse of a pretrained pipeline (``Tok.dep``, ``Tok.head``).

Claim assembly asks the parse who the subject of a predicate phrase is, and whether the phrase
is a passive with an agent; the mentions the linker found stay the only things a claim can be
about. Labels are spaCy's English ones (ClearNLP style): ``nsubj``, ``nsubjpass``, ``agent``,
``conj``, ``relcl``, ``acl``, ``appos``, ``prep``/``pobj``.

Usage::

    syntax = Syntax(toks)              # toks from a parsed pipeline (is_parsed(toks))
    syntax.subjects(syntax.anchor(3, 5))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kgcheck.nlp.analysis import Mention
from kgcheck.nlp.tokens import Tok
from kgcheck.nlp.vocabulary import NEGATIONS, OF_PREPOSITIONS

__all__ = ["SUBJECT_KINDS", "Passive", "Syntax", "mention_at", "parsed_subjects"]

#: The kinds of mention a claim can be about.
SUBJECT_KINDS = frozenset({"entity", "name", "pronoun", "ambiguous"})
_SUBJECT_DEPS = ("nsubj", "nsubjpass", "csubj")
_RELATIVE_PRONOUNS = frozenset({"who", "which", "that", "whom"})
#: Clauses whose subject is the noun they hang from: "Aaron Turner, born in Massachusetts",
#: "the ferry that serves ...", "Dr. Patel, the head of Cardiology".
_MODIFIER_DEPS = frozenset({"acl", "relcl", "appos"})
#: Punctuation that sets an answer apart from the clause after it ("Not yet – it starts ...").
_APART = frozenset({"–", "—", "-", "--", ":", ";"})
#: A clause whose subject is its head's: "Patel works in Cardiology and leads ...", "X continues
#: to serve Y".
_SHARED_SUBJECT_DEPS = frozenset({"conj", "xcomp"})
_SUBJECT_PRONOUNS = frozenset({"he", "she", "they", "we", "it"})


@dataclass(frozen=True, slots=True)
class Passive:
    """A passive with its agent: ``agents`` did it to ``patients`` (token indices)."""

    agents: list[int]
    patients: list[int]


class Syntax:
    """The dependency tree of one reply, indexed by head."""

    def __init__(self, toks: Sequence[Tok]) -> None:
        self.toks = toks
        self._children: dict[int, list[int]] = {}
        for t in toks:
            if 0 <= t.head != t.i:
                self._children.setdefault(t.head, []).append(t.i)

    def children(self, i: int, *deps: str) -> list[int]:
        """The dependents of token ``i`` (with one of ``deps`` when given), in text order."""
        kids = self._children.get(i, [])
        return [k for k in kids if self.toks[k].dep in deps] if deps else list(kids)

    def anchor(self, start: int, end: int) -> int:
        """The token of ``[start, end)`` whose head lies outside it (the phrase's head word)."""
        for k in range(start, end):
            head = self.toks[k].head
            if head == k or not start <= head < end:
                return k
        return start

    def conjuncts(self, i: int) -> list[int]:
        """``i`` and the words coordinated with it ("Patel and Reyes"), in text order."""
        found = [i]
        for k in self.children(i, "conj"):
            found.extend(self.conjuncts(k))
        return sorted(found)

    def subjects(self, i: int, _depth: int = 0) -> list[int] | None:
        """The subject words of the clause whose head is ``i`` (one per conjunct); ``None``
        when the parse names none ("There is ...", an imperative, a fragment).

        A relative or participial clause and an appositive are about the noun they hang from;
        a coordinated verb without a subject of its own shares its head's.
        """
        if _depth > 8:
            return None
        tok = self.toks[i]
        own = self.children(i, *_SUBJECT_DEPS)
        if own:
            subject = own[0]
            if self.toks[subject].lower in _RELATIVE_PRONOUNS and tok.dep == "relcl":
                return self.conjuncts(tok.head)
            return self.conjuncts(subject)
        if tok.head == i:
            return None
        if tok.dep in _MODIFIER_DEPS:
            return [tok.head]
        if tok.dep == "conj" and (before := self._name_before(i)) is not None:
            # "X is $55 per child and Sofia Russo runs it": a name right before a coordinated
            # verb is its subject, wherever the parser hung it ("child and Sofia Russo")
            return [before]
        if tok.dep in _SHARED_SUBJECT_DEPS:
            return self.subjects(tok.head, _depth + 1)
        return None

    def _name_before(self, i: int) -> int | None:
        """The name or subject pronoun right before the verb ``i`` (adverbs between), after
        "and", "but" or a comma, when the parse hangs it from something else."""
        j = i - 1
        while j > 0 and self.toks[j].pos == "ADV":
            j -= 1
        if j < 1 or self.toks[j].head == i:
            return None
        tok = self.toks[j]
        if not (tok.pos == "PROPN" or tok.lower in _SUBJECT_PRONOUNS):
            return None
        k = j
        while k > 0 and self.toks[k - 1].pos == "PROPN":
            k -= 1  # the first word of the name
        return j if k > 0 and self.toks[k - 1].lower in {"and", "but", ","} else None

    def passive(self, start: int, end: int) -> Passive | None:
        """The agent and patient of a passive whose verb is in ``[start, end)`` and whose
        phrase itself is active ("is served by X", not the form "be captained by")."""
        verb = self.anchor(start, end)
        agents = [
            pobj
            for agent in self.children(verb, "agent")
            if not start <= agent < end
            for pobj in self.children(agent, "pobj")
        ]
        if not agents:
            return None
        if any(start <= k < end for k in self.children(verb, "auxpass")):
            return None
        patients = self.subjects(verb)
        if not patients:
            return None
        return Passive(self.conjuncts(agents[0]), patients)

    def negated(self, verb: int, start: int, end: int, named: frozenset[int] = frozenset()) -> bool:
        """Whether a negation in ``[start, end)`` belongs to ``verb`` (directly or through its
        auxiliary), not to a clause nested between them ("X, who never lived there, works"),
        nor is a word of a name (``named``: "No." of "Symphony No. 2")."""
        for k in range(max(start, 0), end):
            if self.toks[k].lower not in NEGATIONS or self._answered_apart(k, verb):
                continue
            if k in named:
                continue
            head = self.toks[k].head
            if head == verb or (0 <= head < len(self.toks) and self.toks[head].head == verb):
                return True
        return False

    def _answered_apart(self, k: int, verb: int) -> bool:
        """Whether the negation at ``k`` answers before a clause that follows it apart ("Not
        quite yet – the bonus starts on Friday"; "Not yet, but it opens at 9"): a dash, colon
        or semicolon lies between them, or a comma after a negation that opens the sentence."""
        tok = self.toks[k]
        opens = k == 0 or self.toks[k - 1].sent != tok.sent
        return any(
            self.toks[j].text in _APART or (opens and self.toks[j].text == ",")
            for j in range(k + 1, verb)
        )

    def of_object(self, i: int, after: int) -> int | None:
        """The noun of "the <i> of Y" ("for", "to", "at", "in" Y: "the manager at Greenfinch
        Frome") when the preposition is the token at ``after``."""
        for prep in self.children(i, "prep"):
            if prep == after and self.toks[prep].lower in OF_PREPOSITIONS:
                pobj = self.children(prep, "pobj")
                return pobj[0] if pobj else None
        return None

    def modifiers_only(self, i: int, start: int, end: int) -> bool:
        """Whether every token of ``[start, end)`` modifies noun ``i`` (adjectives, compounds):
        "The musical genre of ...", "the current phone extension of ...".
        """
        return all(
            self.toks[k].head == i and self.toks[k].dep in {"amod", "compound", "nmod", "advmod"}
            for k in range(start, end)
        )


def mention_at(mentions: Sequence[Mention], k: int) -> Mention | None:
    """The mention (of a kind a claim can be about) that holds token ``k``."""
    for m in mentions:
        if m.token_start <= k < m.token_end and m.kind in SUBJECT_KINDS:
            return m
    return None


def parsed_subjects(
    syntax: Syntax, start: int, end: int, mentions: Sequence[Mention]
) -> list[Mention] | None:
    """The mentions the parse makes the subjects of the phrase ``[start, end)``: ``None`` when
    the parse names no subject (or a symbol), ``[]`` when it names one that is no mention ("I",
    "the clinic": the claim is not about anything the rules would find nearby)."""
    words = syntax.subjects(syntax.anchor(start, end))
    if words is None or not all(any(c.isalnum() for c in syntax.toks[k].text) for k in words):
        return None  # none, or a symbol the parser made a head ("Dr. Patel \ufffd works")
    found = [m for k in words if (m := mention_at(mentions, k)) is not None]
    return list(dict.fromkeys(found))
