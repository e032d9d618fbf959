"""Whether a value is surely of the entity it was bound to: plain names and the parse's ties.

A value of the reply is corrected only when its reading is certain (``Anchor.certain``): the
entity is named plainly and the sentence ties the value to that name. This module says both.

- A mention **names plainly** when it is an entity linked by its name (not a typo's fuzzy match,
  not only the conversation's), or a pronoun whose entity is the one the reply named last
  before it ("Dr Shah is in on Mondays. She charges £45": she is Dr Shah; after "Loom
  Shoreditch" and an unknown event's title, "It starts at 8:30am" is no plain reading of
  another event).
- The parse **ties** a value to a name when the name is in an argument of the value's clause
  (its subject, what it is, its object: "Greenfinch Frome's price is £5", "The Loft seats 30",
  "Tom plays football on Thursday"), the value is in the name's phrase
  ("The Loft (30 people)"), the name in the value's ("£45 for the Brunel Room"), or the value's
  clause is a relative clause on the name ("the Cabot Room, which seats 10"). A clause joined
  to another by "and" without a subject of its own takes that one's ("opens at 9 and closes at
  5"). "With 1,200 points you're in the Bloom tier" ties 1,200 to no tier, and "you'd need
  shoes at £4.50, a harness at £3" ties £4.50 to the shoes, not the harness: a value a
  preposition attaches to a noun (or follows one with) is that noun's.

Without a parse (the blank pipeline), the nearest name of the value's clause, which the binding
chose, is taken as tied: that pipeline reads by proximity alone.

Usage::

    ties = Ties(toks, mentions)
    certain = ties.clear(mention) and ties.tied(i, mention)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from kgcheck.nlp.analysis import Mention
from kgcheck.nlp.tokens import Tok
from kgcheck.values.quantities import singular

__all__ = ["Ties"]

#: Dependency labels of a clause's subject.
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})
#: Dependency labels of a clause's own arguments: its subject, what it is ("The nearest station
#: is Valero, 6 miles away") and its object ("Tom plays football on Thursday").
_ARGUMENTS = _SUBJECTS | {"attr", "dobj", "oprd"}
#: Dependency labels of a clause that modifies a noun.
_NOUN_CLAUSES = frozenset({"relcl", "acl"})
#: Dependency labels of a word modifying a noun ("the 42 km route").
_MODIFIERS = frozenset({"compound", "amod", "nummod", "nmod", "quantmod"})
#: Parts of speech of nouns.
_NOUNS = frozenset({"NOUN", "PROPN"})
#: Parts of speech that head a clause.
_CLAUSE_POS = frozenset({"VERB", "AUX"})
#: Links by which a mention is made plainly (not a typo's, not only the conversation's).
_UNPLAIN = frozenset({"fuzzy", "context"})
#: The most arcs walked up from a token (a parse's depth in a bounded sentence is far less).
_MAX_DEPTH = 64


class Ties:
    """Plain names and parse ties of one reply (see the module docstring)."""

    def __init__(
        self, toks: Sequence[Tok], mentions: Sequence[Mention], forms: Iterable[int] = ()
    ) -> None:
        self.toks = toks
        #: Tokens of words naming a property ("occupancy", "berths"): a value modifying one
        #: is that property's value, not a measure of a thing of its own.
        self.forms = set(forms)
        self.parsed = any(t.head >= 0 for t in toks)
        #: Token positions of the pronouns whose entity is the one named last before them.
        self._clear_pronouns: set[int] = set()
        last: str | None = None
        for m in sorted(mentions, key=lambda m: m.token_start):
            if m.kind == "pronoun":
                if m.iri is not None and m.iri == last:
                    self._clear_pronouns.add(m.token_start)
                continue
            if m.kind == "entity" and m.how not in _UNPLAIN:
                last = m.iri
            elif m.kind in {"entity", "ambiguous", "name"}:
                last = None  # an unknown or unsure name stands between
        #: The subject of each clause that has one, by the clause's head.
        self._subject = {t.head: t.i for t in toks if t.dep in _SUBJECTS and t.head >= 0}

    def clear(self, m: Mention) -> bool:
        """Whether ``m`` names its entity plainly."""
        if m.iri is None and m.kind != "ambiguous":
            return False
        if m.kind == "pronoun":
            return m.token_start in self._clear_pronouns
        return m.kind in {"entity", "ambiguous"} and m.how not in _UNPLAIN

    def tied(
        self,
        i: int,
        m: Mention,
        *,
        last: int | None = None,
        counted: str | None = None,
    ) -> bool:
        """Whether the sentence ties the item at tokens ``i`` to ``last`` to ``m``; without a
        parse, always (the binding chose the nearest name of the clause). ``counted``: the noun
        a count counts ("2 berths"), which it modifies as its own."""
        if not self.parsed:
            return True  # no parse: the nearest name of the clause is taken at its word
        last = i if last is None else last
        root = self._root(m)
        up_item = self._path(i)
        up_name = self._path(root)
        if root in up_item or i in up_name:
            return True  # the item in the name's phrase, or the name in the item's
        measured = self.measured(i, last=last, counted=counted)
        if measured is not None:
            # "plenty for the 42 km route": the item measures the noun it modifies
            return m.token_start <= measured < m.token_end
        owner = self._attached(up_item)
        if owner is not None and not m.token_start <= owner < m.token_end:
            # "shoes at £4.50, a harness at £3": the price is the shoes', not the harness's
            return False
        if set(up_item) & set(up_name):
            return True  # one phrase holds both: "6 miles away from Pizza Hut"
        clause = self._clause(up_item)
        if clause is None:
            return False
        if self.toks[clause].dep in _NOUN_CLAUSES:
            noun = self.toks[clause].head
            if self.toks[noun].dep == "attr" and self.toks[noun].head in self._subject:
                # "The Gravelline 2 is a gravel bike weighing 9.6 kg": the subject's weight
                noun = self._subject[self.toks[noun].head]
            return noun == root or noun in up_name or root in self._path(noun)
        subject_of = self._clause(up_name)
        if subject_of is None:
            return False
        if self.toks[self._subject.get(clause, clause)].dep == "expl":
            # "There are 4 bikes at College Green Dock": the place of what there is
            return subject_of == clause
        if not any(self.toks[k].dep in _ARGUMENTS for k in up_name):
            return False  # "With 1,200 points you're in the Bloom tier": no argument of it
        return subject_of == clause or subject_of == self._sharing(clause)

    def measured(
        self, i: int, *, last: int | None = None, counted: str | None = None
    ) -> int | None:
        """The noun the item at tokens ``i`` to ``last`` modifies as a measure of it ("the 42
        km route": "route"), where that noun names no property and is not what the item counts
        ("2 berths"); ``None`` where it modifies none."""
        for head in self._modified(i, last):
            if head not in self.forms and not (
                counted and singular(self.toks[head].lower) == singular(counted.lower())
            ):
                return head
        return None

    def phrase_head(self, i: int, *, last: int | None = None) -> int | None:
        """The noun whose phrase the item at tokens ``i`` to ``last`` modifies, right after it
        ("a £75 deposit": "deposit"), property words included; ``None`` where it modifies
        none. A noun past a comma is another phrase's, whatever the parse hangs on it ("a low
        of 80F, high of 90F")."""
        last = i if last is None else last
        head = next(self._modified(i, last), None)
        if (
            head is None
            or head < last
            or any(not any(c.isalnum() for c in t.text) for t in self.toks[last + 1 : head])
        ):
            return None
        return head

    def _modified(self, i: int, last: int | None) -> Iterator[int]:
        """The nouns outside the item at tokens ``i`` to ``last`` that it, or a word above
        it, modifies, nearest first."""
        if not self.parsed:
            return
        last = i if last is None else last
        for k in self._path(i):
            head = self.toks[k].head
            if (
                self.toks[k].dep in _MODIFIERS
                and self.toks[head].pos in _NOUNS
                and not i <= head <= last
            ):
                yield head

    def hung_on(self, m: Mention) -> int | None:
        """The noun a preposition hangs ``m`` on ("The Boathouse at The Wharf": "Boathouse"),
        ``None`` where none does."""
        if not self.parsed:
            return None
        t = self.toks[self._root(m)]
        if t.dep != "pobj" or t.head < 0 or self.toks[t.head].dep != "prep":
            return None
        noun = self.toks[t.head].head
        return noun if self.toks[noun].pos in _NOUNS else None

    def _attached(self, path: list[int]) -> int | None:
        """The noun a preposition attaches the item on ``path`` to ("shoes at £4.50": "shoes"),
        where that noun names no property ("the price of £5" names one)."""
        for k in path:
            t = self.toks[k]
            if t.dep != "pobj" or t.head < 0:
                continue
            prep = self.toks[t.head]
            if prep.dep != "prep":
                return None
            noun = prep.head
            if self.toks[noun].pos not in _NOUNS and t.head > 0:
                # "you'd need shoes at £4.50": the parse hangs "at £4.50" on the verb; the noun
                # just before it is what it prices
                noun = t.head - 1
            if self.toks[noun].pos in _NOUNS and noun not in self.forms:
                return noun
            return None
        return None

    def _root(self, m: Mention) -> int:
        """The token of ``m`` whose head lies outside it."""
        for k in range(m.token_start, m.token_end):
            head = self.toks[k].head
            if head == k or not m.token_start <= head < m.token_end:
                return k
        return m.token_start

    def _path(self, k: int) -> list[int]:
        """``k`` and the tokens above it up to (not including) the head of its clause."""
        out = []
        for _ in range(_MAX_DEPTH):
            t = self.toks[k]
            if t.pos in _CLAUSE_POS or t.head == k or t.head < 0:
                break
            out.append(k)
            k = t.head
        return out

    def _clause(self, path: list[int]) -> int | None:
        """The head of the clause above ``path``."""
        k = self.toks[path[-1]].head if path else None
        if k is None or k < 0:
            return None
        return k if self.toks[k].pos in _CLAUSE_POS or self.toks[k].head == k else None

    def _sharing(self, clause: int) -> int:
        """The clause whose subject ``clause`` takes: itself, or the one it is joined to by a
        conjunction when it has no subject of its own."""
        for _ in range(_MAX_DEPTH):
            t = self.toks[clause]
            if clause in self._subject or t.dep != "conj" or t.head == clause:
                break
            clause = t.head
        return clause
