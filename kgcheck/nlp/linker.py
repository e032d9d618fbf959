"""Entity linking from the KB's labels, unknown proper names, and pronoun resolution."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from rdflib import URIRef

from kgcheck.kb.calls import named_rows
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.labels import LabelMatch
from kgcheck.kb.normalize import TITLES, name_tokens, value_words
from kgcheck.kb.numbering import numbering_words
from kgcheck.nlp.analysis import Mention
from kgcheck.nlp.coref import CorefResolver
from kgcheck.nlp.kinds import KindIndex
from kgcheck.nlp.person_names import PersonNames
from kgcheck.nlp.tokens import Tok, span_text
from kgcheck.nlp.vocabulary import (
    AFFILIATION_WORDS,
    ARTICLES,
    AUX_WORDS,
    CALENDAR_WORDS,
    PRONOUNS,
    SPEAKER_WORDS,
)
from kgcheck.nlp.wordlists import is_common_word, is_demonym
from kgcheck.types import Span
from kgcheck.values.addresses import STREET_ADDRESS, STREET_WORDS
from kgcheck.values.holidays import is_holiday_name
from kgcheck.values.quantities import NUMBER_WORDS
from kgcheck.values.quantities import singular as singular_noun

__all__ = ["EntityLinker"]

_ENGLISH_STOP = frozenset(
    {
        "a", "an", "the", "and", "or", "but", "if", "of", "to", "in", "on", "at", "by", "for",
        "with", "from", "as", "is", "are", "was", "were", "be", "been", "it", "its", "this",
        "that", "these", "those", "i", "you", "he", "she", "we", "they", "me", "him", "her",
        "us", "them", "my", "your", "his", "our", "their", "there", "here", "what", "which",
        "who", "whom", "when", "where", "why", "how", "all", "any", "both", "each", "few",
        "more", "most", "other", "some", "such", "no", "not", "only", "own", "same", "so",
        "than", "too", "very", "can", "will", "just", "do", "does", "did", "has", "have", "had",
        "would", "could", "should", "may", "might", "must", "also", "about", "yes", "please",
        "thanks", "thank", "hello", "hi", "sure", "ok", "okay", "let", "however", "then",
        "because", "after", "before", "today", "tomorrow", "yesterday", "sorry", "unfortunately",
        "additionally", "alternatively", "finally", "first", "second", "next", "note", "great",
        "good", "well", "currently", "someone", "nobody", "everyone", "contact", "ask", "call",
        "email", "e-mail", "see", "try", "based", "according", "regarding", "dear", "best",
    }
)  # fmt: skip


class EntityLinker:
    """Finds mentions in a tokenised reply.

    Args:
        kb: the knowledge base whose labels drive linking.
        fuzzy: whether names within one or two edits of a label link to it (reported as fuzzy).
        person_names: which entities are people where the ontology does not say (for
            pronouns; :mod:`kgcheck.nlp.person_names`).
    """

    def __init__(
        self, kb: KnowledgeBase, *, fuzzy: bool = True, person_names: PersonNames | None = None
    ) -> None:
        self.kb = kb
        self.fuzzy = fuzzy
        self._title_classes = {
            title: kb.ontology.class_labels[title]
            for title in TITLES
            if title in kb.ontology.class_labels
        }
        if "dr" not in self._title_classes and "doctor" in kb.ontology.class_labels:
            self._title_classes["dr"] = kb.ontology.class_labels["doctor"]
        self._coref = CorefResolver(kb, self._title_classes, person_names)
        self._kind_index = KindIndex(kb.entity_labels())
        self._numbering = numbering_words(kb)

    def link(
        self, toks: Sequence[Tok], context: Sequence[str] = (), rows: Sequence[str] = ()
    ) -> list[Mention]:
        """Mentions in order of position; ``context`` lists the salient entities of earlier turns
        (KB IRIs, and ``conv:<name>`` for names only the conversation knows), most salient first,
        for short names and pronouns the reply itself does not settle; ``rows`` the rows of the
        call made for the reply, which a name they share with a KB thing names (the reply
        restates them: "Sonnenwiese Chair" of a lift-status row and of the KB's lift)."""
        covered = [False] * len(toks)
        mentions = self._exact(toks, covered, frozenset(rows))
        mentions += self._kinds(toks, covered)
        # answering with named rows, and naming none of them by its label
        named = named_rows(self.kb, rows) and not any(m.iri in rows for m in mentions)
        mentions += self._names(toks, covered, context, named)
        mentions += self._ones(toks, covered, mentions)
        mentions += self._coref.pronouns(toks, covered)
        mentions += [
            self._mention(toks, t.i, t.i + 1, "speaker", how="speaker")
            for t in toks
            if t.lower in SPEAKER_WORDS and not covered[t.i]
        ]
        mentions.sort(key=lambda m: m.span.start)
        mentions = self._affiliations(toks, mentions)
        for m in mentions:
            for k in range(m.token_start, m.token_end):
                covered[k] = True
        return self._coref.resolve(toks, mentions + self._coref.definites(toks, covered), context)

    # exact labels ------------------------------------------------------------------------

    def _exact(
        self, toks: Sequence[Tok], covered: list[bool], rows: frozenset[str] = frozenset()
    ) -> list[Mention]:
        labels = self.kb.labels
        out: list[Mention] = []
        # whether a label may end at token k, its last word written from token j on
        ends: dict[tuple[int, int], bool] = {}  # (j, k): labels.ends_label
        i = 0

        def match_at(i: int) -> tuple[int, set[str]] | None:
            """The longest KB label that starts at token ``i``, with its entities."""
            if not (toks[i].is_alpha or toks[i].text[:1].isalnum()) or _ends_address(toks, i):
                return None
            if toks[i].text[:1] in "'’":
                return None  # "'s" of "There's Dogman" opens no name
            # one token more than the longest label: "Jill 's house" for "Jills house"
            for n in range(min(labels.max_tokens + 1, len(toks) - i), 0, -1):
                last = toks[i + n - 1]
                if last.sent != toks[i].sent and _broken(toks, i, i + n):
                    continue
                if last.lemma == "'s" and n > 1 and toks[i].is_capitalised:
                    # "Domino's" for the KB's "Dominos": a possessive written into a name
                    iris = labels.exact(span_text(toks, i, i + n - 1) + "s")
                    if iris:
                        return n, iris
                    continue
                if not last.text.removesuffix(".")[-1:].isalnum():
                    continue  # (an abbreviation may end a name: "333 Arbol Dr.")
                k = i + n - 1
                # the word the name ends with as written: "5GB" of "Data Boost 5GB", which
                # the tokenizer splits into "5" and "GB"
                start = k
                while start > i and not toks[start - 1].space:
                    start -= 1
                if (start, k) not in ends:
                    ends[start, k] = labels.ends_label(last.text) or (
                        start < k and labels.ends_label(span_text(toks, start, k + 1))
                    )
                # "£12 for adults" of the KB's "adult": a label whose last word is in the plural
                one = _singular_of(last) if start == k else None
                if not ends[start, k] and not (one is not None and labels.ends_label(one)):
                    continue
                if n == 1 and not _may_be_single_label(toks[i]):
                    continue
                if n == 1 and _house_number(toks, i):
                    continue  # "is at 18 Fore Street": no film rated "18"
                text = span_text(toks, i, i + n)
                iris = labels.exact(text)
                if not iris and one is not None:
                    # of a label the KB writes in lower case, a kind of value ("adult"); a
                    # name's plural is a kind of thing ("two story times" of "Story Time")
                    named = f"{span_text(toks, i, k)} {one}".strip()
                    lower = labels.written_lower(named)  # "cellar tours" of "cellar tour"
                    iris = {
                        iri
                        for iri in labels.exact(named)
                        if lower or (labels.display(iri) or "A")[:1].islower()
                    }
                if not iris and ("'s " in text or "’s " in text):
                    # "Jill's house" for the KB's "Jills house"
                    iris = labels.exact(text.replace("'s ", "s ").replace("’s ", "s "))
                if iris:
                    return n, iris
            return None

        while i < len(toks):
            found = match_at(i)
            if found is not None and toks[i].lower in ARTICLES and i + 1 < len(toks):
                # "the Quayside Theatre": the KB's "Quayside Theatre" reaches further than its
                # alias "the Quayside", and leaves no word of the name behind
                later = match_at(i + 1)
                if later is not None and later[0] + 1 > found[0]:
                    i, found = i + 1, later
            if found is None:
                i += 1
                continue
            n, iris = found
            dated = self._year_first(toks, i, n, covered)
            if dated is not None:
                # "our 2025 Sauvignon Blanc": the KB's "Sauvignon Blanc 2025", not the grape
                i, n, iris = i - 1, n + 1, dated
            elif (vintage := self._of_another_year(toks, i, n, covered)) is not None:
                # "the 2021 Syrah" where the KB's one Syrah of a year is "Syrah 2022": that
                # wine, its year misstated (read against it), not the grape
                iris = vintage
            if _dated_weekday(toks, i, n):
                covered[i] = True  # "closed on Monday 1 June": that date, not Mondays
                i += n
                continue
            if _after_another_first_word(self.kb, toks, i, n, iris):
                i += 1  # "Fenwick Fresh Whole Milk" is not the Meadowvale "Whole Milk"
                continue
            how = "exact"
            longer = self._longer_head(toks, i, n, covered)
            if longer is not None:
                # "the 2021 Ford Kuga Titanium" of the car "Ford Kuga Titanium 2.5 PHEV", not
                # the model "Ford Kuga": the head of one thing's name, longer than a label
                (n, iris), how = longer, "short"
            if _common_noun_in_name(self.kb, toks, i, n, iris):
                i += 1  # "Home" of "Home Depot" is no kind "home" of the KB
                continue
            if len(iris) > 1:
                # "home": the place named so, not the kind "home" of it (a node with nothing but
                # a name, a value some property points at)
                things = {iri for iri in iris if URIRef(iri) not in self.kb.shapes.name_values}
                iris = things if len(things) == 1 else iris
            if len(iris) > 1 and len(answered := iris & rows) == 1:
                iris = answered  # the row of the results the reply restates
            kind = "entity" if len(iris) == 1 else "ambiguous"
            out.append(
                self._mention(
                    toks,
                    i,
                    i + n,
                    kind,
                    iri=next(iter(iris)) if len(iris) == 1 else None,
                    how=how,
                    candidates=tuple(sorted(iris)),
                    title=_title_of(toks, i, i + n),
                )
            )
            for j in range(i, i + n):
                covered[j] = True
            i += n
        return out

    def _year_first(
        self, toks: Sequence[Tok], i: int, n: int, covered: list[bool]
    ) -> set[str] | None:
        """The things a name written after a year is the name of with the year after it ("2025
        Sauvignon Blanc" of the KB's "Sauvignon Blanc 2025", a vintage); ``None`` when the
        word before is no year or the KB has no such name."""
        if i == 0 or covered[i - 1] or toks[i - 1].sent != toks[i].sent:
            return None
        year = toks[i - 1].text
        if not (len(year) == 4 and year.isdigit() and year[:2] in {"19", "20"}):
            return None
        return self.kb.labels.exact(f"{span_text(toks, i, i + n)} {year}") or None

    def _of_another_year(
        self, toks: Sequence[Tok], i: int, n: int, covered: list[bool]
    ) -> set[str] | None:
        """The one thing named like ``toks[i:i+n]`` with a year after it ("Syrah 2022"), where
        a year other than its own stands before the name ("the 2021 Syrah"); ``None`` where
        no year stands there, or no such thing or several are."""
        if i == 0 or covered[i - 1] or toks[i - 1].sent != toks[i].sent:
            return None
        year = toks[i - 1].text
        if not (len(year) == 4 and year.isdigit() and year[:2] in {"19", "20"}):
            return None
        labels, name = self.kb.labels, span_text(toks, i, i + n)
        if labels.with_tokens([*name_tokens(name), year]):
            return None  # "the 2023 Chenin Blanc" may be the "Old Vine Chenin Blanc 2023"
        found = {
            iri
            for iri in labels.with_tokens(name_tokens(name))
            if (last := (name_tokens(labels.display(iri) or "") or [""])[-1]) != year
            and _YEAR.fullmatch(last)
            and iri in labels.exact(f"{name} {last}")
        }
        return found if len(found) == 1 else None

    def _longer_head(
        self, toks: Sequence[Tok], i: int, n: int, covered: list[bool]
    ) -> tuple[int, set[str]] | None:
        """The longest stretch from token ``i``, longer than ``n`` tokens and within its
        sentence, that is the head of one name (a leading stretch of a label:
        :meth:`~kgcheck.kb.labels.LabelIndex.head_of`), its last word capitalised, with the
        things of that name."""
        labels = self.kb.labels
        top = min(labels.max_tokens, len(toks) - i)
        for m in range(top, n, -1):
            last = toks[i + m - 1]
            if last.sent != toks[i].sent or covered[i + m - 1] or not last.is_capitalised:
                continue
            iris = labels.head_of(span_text(toks, i, i + m))
            # one thing, or things of one name (a KB car and the row a search returned for it)
            if iris and len({labels.display(iri) for iri in iris}) == 1:
                return m, iris
        return None

    def _kinds(self, toks: Sequence[Tok], covered: list[bool]) -> list[Mention]:
        """Entries named by their kind ("the swim lesson"), see :mod:`kgcheck.nlp.kinds`."""
        out: list[Mention] = []
        if not self._kind_index:
            return out
        for t in toks:
            if covered[t.i]:
                continue
            n, iris = self._kind_index.find(toks, t.i, covered)
            if not n:
                continue
            one = next(iter(iris)) if len(iris) == 1 else None
            kind = "entity" if one is not None else "ambiguous"
            out.append(
                self._mention(
                    toks, t.i, t.i + n, kind, iri=one, how="kind", candidates=tuple(sorted(iris))
                )
            )
            for k in range(t.i, t.i + n):
                covered[k] = True
        return out

    # short names, typos, unknown names ---------------------------------------------------

    def _names(
        self, toks: Sequence[Tok], covered: list[bool], context: Sequence[str], named: bool
    ) -> list[Mention]:
        """The names of the reply; ``named``: it answers with rows named by a name field and
        names none of them, so a capitalised word inside a sentence may stand where a row's
        name does ("how about Hackers?")."""
        out: list[Mention] = []
        i = 0
        while i < len(toks):
            if not covered[i] and _called(toks, i):
                # "a 3 star hotel called best western plus pioneer square": after a naming
                # verb a name is a name however it is written
                j = _called_end(toks, i, covered)
                words = [t for t in toks[i:j] if t.lower not in _ENGLISH_STOP]
                if words:
                    mention = self._name(toks, i, j, context, named, called=True)
                    if mention is not None:
                        out.append(mention)
                        for k in range(mention.token_start, mention.token_end):
                            covered[k] = True
                        i = j
                        continue
                if not toks[i].is_capitalised:
                    i = max(j, i + 1)
                    continue
            if covered[i] or not (toks[i].is_capitalised or _is_title(toks[i])):
                i += 1
                continue
            if _unit_of_number(toks, i):
                i = _name_end(toks, i, covered)  # "1TB SSD", "4K LED": a unit, not a name
                continue
            j = _name_end(toks, i, covered)
            if (
                j < len(toks)
                and toks[j - 1].lower in self._numbering
                and toks[j].text.isdigit()
                and toks[j].sent == toks[i].sent
                and not covered[j]
            ):
                j += 1  # "Screen 1 at Kestrel Barnstaple": the KB names screens so
            mention = None if _is_address(toks, i, j) else self._name(toks, i, j, context, named)
            if mention is not None:
                out.append(mention)
                for k in range(mention.token_start, mention.token_end):
                    covered[k] = True
            i = j
        return out

    def _name(
        self,
        toks: Sequence[Tok],
        i: int,
        j: int,
        context: Sequence[str],
        named: bool = False,
        called: bool = False,
    ) -> Mention | None:
        """The mention of the name ``toks[i:j]``; ``called``: it follows a naming verb ("a
        hotel called ..."), which says it is a name, whatever its words and their case."""
        start = i
        title = None
        while start < j and _is_title(toks[start]):
            title = toks[start].lower.rstrip(".")
            start += 1
        # drop common words that are capitalised only because they open the sentence
        if title is None and not called:
            while (
                start < j
                and not _is_title(toks[start])
                and (
                    toks[start].lower in _ENGLISH_STOP
                    or toks[start].lower in AUX_WORDS
                    or toks[start].lower in PRONOUNS
                    # a kind's word alone ("Pharmacy: ..."), not one opening a longer name
                    # ("Home Depot" in a KB of places of the kind "home")
                    or (toks[start].lower in self.kb.ontology.class_labels and j - start == 1)
                    # ("Mondays" where the KB names the day of the week: that day)
                    or (
                        singular_noun(toks[start].lower) in CALENDAR_WORDS
                        and not self.kb.labels.exact(singular_noun(toks[start].lower))
                    )
                    or not toks[start].is_alpha
                    or (start == i and _opening_verb(toks, start))
                    # "Over Easter your collections shift": a preposition opening the sentence
                    or (sentence_opening(toks, start) and _preposition(toks[start]))
                )
            ):
                start += 1
            i = start
            # "Ask Dr. Helen Brooks": the title comes after the dropped opener
            while start < j and _is_title(toks[start]):
                title = toks[start].lower.rstrip(".")
                start += 1
        while j > start and toks[j - 1].lower in _NAME_JOINERS | {":"}:
            j -= 1  # "Bank of" when what follows is a known name
        if start >= j:
            return None
        if not all(_name_piece(t) for t in toks[start:j]):
            return None
        sentence_initial = i == 0 or toks[i - 1].sent != toks[i].sent
        single = j - start == 1
        name = span_text(toks, start, j)
        match = self.kb.labels.lookup(name, fuzzy=self.fuzzy)
        if (match is None and not single) or (match is not None and match.how == "fuzzy"):
            # "Private Offices", "Mondays", "two Kia Niro EVs": the KB's name in the plural,
            # not a typo of it nor a name the KB lacks (one plural word the KB does not name,
            # "MTBs", is a kind of thing more often than the one thing of that name)
            singular = _singular_name(name)
            exact = self.kb.labels.lookup(singular, fuzzy=False) if singular else None
            if exact is not None:
                match = exact
        if match is None and not single:
            # "Myxo-RHD" of "Rabbit Myxo-RHD vaccine": a stretch of one thing's name
            match = self._stretch_of_a_name(name)
        if match is None and not single and toks[start].lower in NUMBER_WORDS:
            # "Ten Adult Day Entries": a count opening the sentence, then the name
            return self._name(toks, start + 1, j, context, named)
        word = single and title is None and _is_word(toks, start) and not called
        if match is not None and match.how == "fuzzy" and single and (sentence_initial or word):
            match = None  # "Analyze ..." at the start of a sentence is a word, not a typo
        if match is not None and match.how == "short" and sentence_initial and word:
            heads = [name_tokens(self.kb.label(URIRef(iri)))[-1:] for iri in match.iris]
            said = [singular_noun(w) for w in name_tokens(name)]
            if all([singular_noun(w) for w in h] == said for h in heads):
                # "Installation takes about 12 days": an ordinary word opening a sentence that
                # ends a longer name ("Smart Meter Installation"), in any number ("Tours at
                # the dairy" of a "Dairy Tour"), not that name nor another ("Cats from 1 to 6
                # kg"); a first name stays one ("Grace charges £75")
                return None
        class_hint = self._title_classes.get(title) if title else None
        if match is not None:
            iris = match.iris
            if len(iris) > 1:
                salient = [iri for iri in context if iri in iris]
                if salient:
                    return self._mention(
                        toks,
                        i,
                        j,
                        "entity",
                        iri=salient[0],
                        how="context",
                        title=title,
                        candidates=iris,
                    )
                return self._mention(
                    toks, i, j, "ambiguous", how=match.how, candidates=iris, title=title
                )
            how = match.how
            if how == "short" and self._value_of_others(name, iris[0]):
                how = "value"  # "in London" of the Ace Hotel London, where hotels are in London
            return self._mention(
                toks, i, j, "entity", iri=iris[0], how=how, title=title, candidates=iris
            )
        for iri in context:
            shown = self.kb.labels.display(iri)
            if shown and set(name_tokens(name)) <= set(name_tokens(shown)):
                return self._mention(toks, i, j, "entity", iri=iri, how="context", title=title)
        if is_holiday_name(name):
            return None  # "closed on Boxing Day", "On Christmas Eve, ...": a day, not a thing
        if (
            single
            and sentence_initial
            and title is None
            and not called
            and not _followed_by_name_cue(toks, j)
        ):
            return None
        # (a word of a KB name, "Titanium" of the "Ford Kuga Titanium", is said of that name;
        # an acronym, "ID", is no row's name)
        offered = (
            named
            and not sentence_initial
            and not toks[start].text.isupper()
            and _asks(toks, start)
            and not self.kb.labels.with_token(name_tokens(name)[0])
        )
        if word and not _followed_by_person_cue(toks, j) and not offered:
            # "Snow is likely", "set the GPS", "an American restaurant"; but inside a sentence
            # of a reply answering with named rows, a capitalised word stands where a row's
            # name does ("I found 1, how about Hackers?")
            return None
        return self._mention(toks, i, j, "name", how="unknown", title=title, class_hint=class_hint)

    def _value_of_others(self, name: str, iri: str) -> bool:
        """Whether the KB holds ``name`` whole as a string value of things other than ``iri``
        and what ``iri`` points at ("London", the city of several hotels, of the Ace Hotel
        London): a value, not the short name of one thing ("Sheffield", the locality of
        Kestrel Sheffield alone, is its short name)."""
        owners = {s for s, _ in self.kb.owners_of_words(value_words(name))}
        if not owners:
            return False
        own = {URIRef(iri), *(o for _, o in self.kb.facts(URIRef(iri)) if isinstance(o, URIRef))}
        return bool(owners - own)

    def _stretch_of_a_name(self, name: str) -> LabelMatch | None:
        """The things one of whose names holds ``name``'s words in a row (two words or more,
        or one written with a hyphen or a digit: "Myxo-RHD"), as a short name of them."""
        words = name_tokens(name)
        if not words or (len(words) < 2 and not any(c == "-" or c.isdigit() for c in name)):
            return None
        if self.kb.owners_of_words(value_words(name)):
            return None  # "in New York": a value the KB holds whole (a city), not a short name
        labels = self.kb.labels
        iris = labels.with_tokens(words)
        key = " ".join(words)
        found = tuple(
            sorted(
                iri
                for iri in iris
                if f" {key} " in f" {' '.join(name_tokens(labels.display(iri) or ''))} "
            )
        )
        return LabelMatch(found, "short", key) if found else None

    def _ones(
        self, toks: Sequence[Tok], covered: list[bool], mentions: Sequence[Mention]
    ) -> list[Mention]:
        """ "A medium popcorn is £4.80 and a large one is £6.20": "one" after a word stands for
        the rest of a name said before it, with that word in place of the name's first word
        ("large popcorn"), where the KB names one thing so."""
        out: list[Mention] = []
        labels = self.kb.labels
        for k, tok in enumerate(toks):
            if tok.lower not in {"one", "ones"} or k == 0 or covered[k] or covered[k - 1]:
                continue
            word = toks[k - 1]
            if not word.is_alpha or word.lower in _ENGLISH_STOP or word.lower in NUMBER_WORDS:
                continue
            before = [
                m
                for m in mentions
                if m.kind == "entity" and m.token_end <= k - 1 and m.segment >= tok.sent - 1
            ]
            for m in reversed(before):
                words = m.text.split()
                if len(words) < 2:
                    continue
                iris = labels.exact(" ".join([word.text, *words[1:]]))
                if len(iris) == 1 and m.iri not in iris:
                    iri = next(iter(iris))
                    out.append(self._mention(toks, k - 1, k + 1, "entity", iri=iri, how="one"))
                    covered[k - 1] = covered[k] = True
                    break
        return out

    # context ----------------------------------------------------------------------------

    def _affiliations(self, toks: Sequence[Tok], mentions: list[Mention]) -> list[Mention]:
        """ "Sarah from the Analytics team": tie a name to the entity that follows it.

        A name that only resolved by a short or fuzzy match ("Sarah" -> Sarah Lee) but whose
        candidate has nothing to do with the affiliation is not that person: it becomes an
        unknown name, with the near miss kept in ``candidates``.
        """
        by_start = {m.token_start: m for m in mentions}
        out = []
        for m in mentions:
            if m.kind in {"name", "entity", "ambiguous"} and m.how != "exact":
                target = self._affiliation_target(toks, m, by_start)
                if target is not None and target.iri is not None:
                    # the target as the reply may mean it: "York" resolved to the York
                    # workshop by the conversation, where the branch is also called York
                    targets = dict.fromkeys((target.iri, *target.candidates))
                    related = [c for c in m.candidates if any(self._related(c, t) for t in targets)]
                    if m.kind == "name" or not related:
                        m = _replace(
                            m, kind="name", iri=None, how="unknown", affiliation=target.iri
                        )
                    elif len(related) == 1:
                        m = _replace(m, kind="entity", iri=related[0], affiliation=target.iri)
            out.append(m)
        return out

    @staticmethod
    def _affiliation_target(
        toks: Sequence[Tok], m: Mention, by_start: dict[int, Mention]
    ) -> Mention | None:
        k = m.token_end
        if k >= len(toks) or toks[k].lower not in AFFILIATION_WORDS:
            return None
        k += 1
        while k < len(toks) and toks[k].lower in ARTICLES:
            k += 1
        return by_start.get(k)

    def _related(self, a: str, b: str) -> bool:
        graph = self.kb.graph
        x, y = URIRef(a), URIRef(b)
        return (
            next(iter(graph.predicates(x, y)), None) is not None
            or next(iter(graph.predicates(y, x)), None) is not None
        )

    @staticmethod
    def _mention(
        toks: Sequence[Tok],
        i: int,
        j: int,
        kind: str,
        *,
        iri: str | None = None,
        how: str = "exact",
        candidates: tuple[str, ...] = (),
        title: str | None = None,
        class_hint: str | None = None,
    ) -> Mention:
        end, text = toks[j - 1].end, span_text(toks, i, j)
        if j - i > 1 and len(toks[j - 1].text) > 1 and toks[j - 1].text.endswith("."):
            # "at 333 Arbol Dr.": the abbreviation took the full stop; the name ends before it
            end, text = end - 1, text[:-1]
        return Mention(
            span=Span(toks[i].start, end),
            text=text,
            kind=kind,
            segment=toks[i].sent,
            token_start=i,
            token_end=j,
            iri=iri,
            how=how,
            candidates=candidates,
            title=title,
            class_hint=class_hint,
        )


def _replace(m: Mention, **changes: object) -> Mention:
    return replace(m, **changes)  # type: ignore[arg-type]


def _is_title(tok: Tok) -> bool:
    return tok.lower.rstrip(".") in TITLES and tok.is_capitalised


def _common_noun_in_name(
    kb: KnowledgeBase, toks: Sequence[Tok], i: int, n: int, iris: set[str]
) -> bool:
    """Whether the match ``toks[i : i + n]`` of KB things named by common nouns in lower case
    (a place called "home", a kind "home") is capitalised and runs on into a capitalised word:
    a piece of a longer name ("Home Depot"), not the common noun."""
    following = toks[i + n] if i + n < len(toks) else None
    if following is None or not following.is_capitalised or not toks[i].is_capitalised:
        return False
    labels = [kb.labels.display(iri) or "" for iri in iris]
    # a common noun ("home"), not a proper name a KB wrote in lower case ("new york")
    return all(label.islower() and all(map(is_common_word, label.split())) for label in labels)


def _title_of(toks: Sequence[Tok], i: int, j: int) -> str | None:
    return toks[i].lower.rstrip(".") if j - i > 1 and _is_title(toks[i]) else None


def _dated_weekday(toks: Sequence[Tok], i: int, n: int) -> bool:
    """Whether ``toks[i:i+n]`` is a day of the week written with its date ("Monday 1 June",
    "Friday the 27th", "Tuesday, 2 June"): the one day, never the day of the week as a thing."""
    if n != 1 or toks[i].lower.rstrip(".") not in _WEEKDAYS:
        return False
    k = i + 1
    while k < len(toks) and toks[k].lower in {",", "the"} and toks[k].sent == toks[i].sent:
        k += 1
    if k >= len(toks) or toks[k].sent != toks[i].sent:
        return False
    word = toks[k].lower
    day = word.rstrip(".").removesuffix("st").removesuffix("nd").removesuffix("rd")
    day = day.removesuffix("th")
    return (day.isdigit() and 1 <= int(day) <= 31) or word.rstrip(".") in _MONTHS


_YEAR = re.compile(r"(?:19|20)\d\d")
_WEEKDAYS = frozenset(
    {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
    | {"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"}
)
_MONTHS = frozenset(CALENDAR_WORDS - _WEEKDAYS)


def _singular_of(tok: Tok) -> str | None:
    """The singular of a lower-case noun in the plural ("adults": "adult"); ``None`` for any
    other word (a name in the plural is the names' business: "Mondays", "Private Offices")."""
    if tok.pos != "NOUN" or not tok.text.islower():
        return None
    one = singular_noun(tok.lower)
    return one if one != tok.lower and one == tok.lemma else None


def _may_be_single_label(tok: Tok) -> bool:
    """A one-word label matches a common word only when written as a name ("IT", not "it")."""
    if tok.lower in _ENGLISH_STOP or tok.lower in PRONOUNS:
        return tok.text.isupper() and len(tok.text) > 1
    return True


#: Lower-case words inside a name: "College of William & Mary", "Greta von Holt".
_NAME_JOINERS = frozenset(
    {"of", "&", "de", "del", "della", "da", "di", "du", "des", "la", "le", "van", "von", "der",
     # a match or a case ("Eagles vs Cowboys", "Mets versus Braves"): one name
     "vs", "vs.", "versus"}
)  # fmt: skip
#: Street words ("Arbol Dr.", "Ames Ave"): after a name they end it, and are no title.
_STREET_WORDS = STREET_WORDS
#: The most tokens a street address opens with a number runs over ("18 Fore Street").
_ADDRESS_TOKENS = 10
_INITIALS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: Parts of speech a parsed pipeline gives words that are not names.
_NOT_NAME_POS = frozenset({"ADJ", "ADV", "VERB", "AUX", "PRON", "DET", "ADP", "SCONJ", "INTJ"})


#: Verbs after which a name stands, written as it may be: "a hotel called ...".
_NAMING = frozenset({"called", "named", "titled"})
_BE = frozenset({"is", "was", "are", "were", "be", "been", "'s"})
#: Words that end a name after a naming verb: what follows says more of the thing.
_AFTER_CALLED = frozenset(
    {"which", "that", "who", "where", "located", "situated", "at", "in", "on", "for", "with",
     "near", "it", "is", "was", "has", "costs", "from",
     # where and when, for a pipeline that tags no part of speech ("called lattea nearby")
     "nearby", "here", "there", "now", "today", "tonight", "tomorrow", "around", "instead"}
)  # fmt: skip


#: Parts of speech that end such a name: what follows says where, when or what it does.
_AFTER_CALLED_POS = frozenset({"VERB", "AUX", "ADP", "SCONJ", "PRON", "ADV", "PART"})


def _called(toks: Sequence[Tok], i: int) -> bool:
    """Whether ``toks[i]`` opens what a naming verb names ("called best western ...")."""
    return (
        i > 1
        and toks[i - 1].lower in _NAMING
        and toks[i - 1].sent == toks[i].sent
        # "a hotel called", "it is called", not "we called": the participle of a name
        and (
            toks[i - 2].lower in _BE
            or toks[i - 2].pos in {"NOUN", "PROPN"}
            or (
                not toks[i - 2].pos
                and toks[i - 2].lower not in PRONOUNS
                and toks[i - 2].lower not in AUX_WORDS
            )
        )
        and toks[i].lower not in PRONOUNS
        and toks[i].lower not in {"a", "an", "by", "after", "for", "to", "off"}
        # "They can be called at 415-458-3177": a preposition, no name
        and toks[i].lower not in _AFTER_CALLED
        # (a verb may open a title: "an alarm named Pick up kids", "called Wake Up")
        and toks[i].pos not in _AFTER_CALLED_POS - {"VERB"}
        and toks[i].text[:1].isalnum()
        and _name_piece(toks[i])
    )


def _called_end(toks: Sequence[Tok], i: int, covered: list[bool]) -> int:
    """The end of a name after a naming verb: the words up to a mark of punctuation, or a
    word that goes on to say more of the thing ("..., which", "located at", "and it"); ``i``
    (no name) where it runs on into the word it stopped at."""
    j = i
    while j < len(toks) and toks[j].sent == toks[i].sent and not covered[j]:
        tok = toks[j]
        if j > i and (
            tok.lower in _AFTER_CALLED
            or (tok.pos in _AFTER_CALLED_POS and tok.lower not in _NAME_JOINERS)
        ):
            break  # "called lattea nearby", "called X in Leeds"
        if (
            tok.lower in {"and", "or"}
            and j + 1 < len(toks)
            and (
                toks[j + 1].lower in PRONOUNS
                or toks[j + 1].lower in _AFTER_CALLED
                or toks[j + 1].lower in _ENGLISH_STOP
            )
        ):
            break
        if not (_name_piece(tok) or tok.text == "'s") or tok.text == ":":
            break
        j += 1
    if j < len(toks) and not toks[j - 1].space and toks[j].text[:1].isalnum():
        # it runs on into a word it stopped at, with no space between ("Arc The.Hotel", cut
        # at "Hotel" of another sentence or a kind's word): not all of it is here
        return i
    while j > i + 1 and toks[j - 1].text in {".", "-", "&"}:
        j -= 1
    return max(j, i + 1)


def _name_end(toks: Sequence[Tok], i: int, covered: list[bool]) -> int:
    """The end of the capitalised run of tokens that starts at ``i``, across the joiners of
    names ("College of William & Mary", "Volume 1: The Quine Tapes"), up to a street word
    ("915 Arbol Dr. It is ...") or a capitalised function word ("It", "Is")."""

    def word_at(k: int) -> bool:
        return (
            k < len(toks)
            and not covered[k]
            and toks[k].sent == toks[i].sent
            and toks[k].is_capitalised
            and singular_noun(toks[k].lower) not in CALENDAR_WORDS  # "Monday", "on Mondays"
            and toks[k].lower not in _ENGLISH_STOP | AUX_WORDS
        )

    j = i + 1
    while j < len(toks) and toks[j].sent == toks[i].sent and not covered[j]:
        if _ends_address(toks, j - 1):
            break
        if word_at(j) or (_is_title(toks[j - 1]) and toks[j].text == "."):
            j += 1
        elif toks[j].lower in _NAME_JOINERS and word_at(j + 1):
            j += 2
        elif toks[j].text == "-" and not toks[j - 1].space and not toks[j].space and word_at(j + 1):
            j += 2  # "VoltRidge E-MTB": a hyphen within a word of the name
        elif toks[j].lower == "of" and toks[j + 1 : j + 2] and toks[j + 1].lower == "the":
            if not word_at(j + 2):
                break
            j += 3
        elif toks[j].text.isdigit() and toks[j + 1 : j + 2] and toks[j + 1].text == ":":
            # "Bootleg Series Volume 1: The Quine Tapes"
            k = j + 2 + (j + 2 < len(toks) and toks[j + 2].lower == "the")
            if not word_at(k):
                break
            j = k + 1
        else:
            break
    return j


def _ends_address(toks: Sequence[Tok], k: int) -> bool:
    """ "Dr." in "915 Arbol Dr. Hana Lee signs there": a street word after a number and
    capitalised words ends an address; it is not the title of the name after it."""
    if toks[k].lower.rstrip(".") not in _STREET_WORDS:
        return False
    j = k - 1
    while j >= 0 and toks[j].is_capitalised and toks[j].sent == toks[k].sent:
        j -= 1
    return 0 <= j < k - 1 and toks[j].text[:1].isdigit() and toks[j].sent == toks[k].sent


def sentence_opening(toks: Sequence[Tok], k: int) -> bool:
    """Whether token ``k`` opens its sentence."""
    return k == 0 or toks[k - 1].sent != toks[k].sent


def _preposition(tok: Tok) -> bool:
    """Whether ``tok`` is a preposition: tagged one by the parser, or one of the closed class
    a sentence opens with where there is no parser."""
    return tok.pos == "ADP" or (not tok.pos and tok.lower in _OPENING_PREPOSITIONS)


#: Prepositions a sentence opens with ("Over Easter ...", "During March ..."), for the blank
#: pipeline, which tags no parts of speech.
_OPENING_PREPOSITIONS = frozenset(
    {"over", "during", "until", "since", "throughout", "within", "across", "around", "through",
     "under", "between", "without", "beyond", "near", "outside", "inside", "past", "till"}
)  # fmt: skip


def _unit_of_number(toks: Sequence[Tok], i: int) -> bool:
    """Whether token ``i`` is written onto the number before it ("1TB", "32GB", "4K",
    "144Hz"): the unit or the grade of an amount, so no name starts there."""
    if i == 0:
        return False
    before = toks[i - 1]
    return not before.space and before.end == toks[i].start and before.text[-1:].isdigit()


def _house_number(toks: Sequence[Tok], i: int) -> bool:
    """Whether token ``i`` is the number a street address opens with ("18 Fore Street")."""
    if not toks[i].text[:1].isdigit():
        return False
    end = min(i + _ADDRESS_TOKENS, len(toks))
    while end > i + 1 and toks[end - 1].sent != toks[i].sent:
        end -= 1
    return STREET_ADDRESS.match(span_text(toks, i, end)) is not None


def _is_address(toks: Sequence[Tok], i: int, j: int) -> bool:
    """A number, then words ending in a street word: "101 Ukrop Way", "915 Arbol Dr."."""
    return (
        i > 0
        and toks[i - 1].text[:1].isdigit()
        and toks[i - 1].sent == toks[i].sent
        and j - i > 1
        and toks[j - 1].lower.rstrip(".") in _STREET_WORDS
    )


def _asks(toks: Sequence[Tok], k: int) -> bool:
    """Whether the sentence of token ``k`` is a question (it ends with "?")."""
    sent = toks[k].sent
    last = k
    while last + 1 < len(toks) and toks[last + 1].sent == sent:
        last += 1
    return "?" in toks[last].text


def _after_another_first_word(
    kb: KnowledgeBase, toks: Sequence[Tok], i: int, n: int, iris: set[str]
) -> bool:
    """Whether the name at token ``i`` is every entity's label without its first word
    ("Whole Milk 1 Litre" of "Meadowvale Whole Milk 1 Litre") and a capitalised word of the
    sentence stands right before it in the first word's place ("Fenwick Fresh Whole Milk 1
    Litre"): a name of another thing, not that label said short."""
    before = toks[i - 1] if i else None
    if (
        before is None
        or before.sent != toks[i].sent
        or not before.is_capitalised
        or before.lower in _ENGLISH_STOP
    ):
        return False
    said = name_tokens(span_text(toks, i, i + n))
    if len(said) < 3:
        return False  # (a label said without its first word leaves three words or more)
    return all(name_tokens(kb.labels.display(iri) or "")[1:] == said for iri in iris)


def _name_piece(tok: Tok) -> bool:
    """A token a name may hold: a word, initials ("P.F."), or a joiner ("&", ":", "1", the
    hyphen of "E-MTB")."""
    return (
        tok.is_alpha
        or tok.text in {".", "&", ":", "-"}
        or tok.text.isdigit()
        or all(c in _INITIALS or c == "." for c in tok.text)
        or _initials_word(tok.text)
    )


def _initials_word(text: str) -> bool:
    """ "P.F.Changs": initials written against the word."""
    head, _, tail = text.rpartition(".")
    return bool(head) and tail.isalpha() and all(c in _INITIALS or c == "." for c in head)


def _is_word(toks: Sequence[Tok], k: int) -> bool:
    """A capitalised word that is no name on its own: an ordinary English word ("Snow",
    "Navigation"), an adjective of nationality ("American"), an acronym ("GPS", "PM"), or a
    word the parser tags as no noun."""
    tok = toks[k]
    if toks[k].pos in _NOT_NAME_POS:
        return True
    return (
        is_demonym(tok.text)
        or (tok.text.isupper() and len(tok.text) > 1 and tok.is_alpha)
        or (not tok.text.isupper() and is_common_word(tok.text))
    )


def _followed_by_person_cue(toks: Sequence[Tok], j: int) -> bool:
    """ "Grant from Analytics", "Bill leads Oncology": a word used as a person's name."""
    return j < len(toks) and toks[j].lemma in {"from", "work", "lead", "head", "report", "manage"}


def _followed_by_name_cue(toks: Sequence[Tok], j: int) -> bool:
    """After a lone capitalised word opening a sentence: is it used as a name?"""
    while j < len(toks) and toks[j].text.isspace():
        j += 1  # "Costco\tis at ...": a tab is no word
    if j >= len(toks):
        return False
    nxt = toks[j]
    if nxt.lower in {"and", "or"} and j + 1 < len(toks) and toks[j + 1].is_capitalised:
        return True  # "Peets and Crumbs are both near": one of a list of names
    return nxt.lower in AFFILIATION_WORDS - {"of"} or nxt.lemma in {
        "be", "work", "lead", "head", "run", "report", "join", "manage", "'s", ",", "will",
        "would", "can", "could", "should", "may", "might", "have", "attend", "meet", "come",
    }  # fmt: skip


def _opening_verb(toks: Sequence[Tok], k: int) -> bool:
    """A gerund that opens its sentence before a name ("Setting GPS now", "Displaying the
    route"): capitalised for its place, not part of the name. (A lookup lemmatizer reads
    "setting" as a noun, so the ending decides.)"""
    tok = toks[k]
    first = k == 0 or toks[k - 1].sent != tok.sent
    return first and len(tok.lower) > 5 and tok.lower.endswith("ing")


@lru_cache(maxsize=1)
def _inflector() -> Any:
    import inflect  # about 2 s to import: only when a name matched a label only fuzzily

    return inflect.engine()


@lru_cache(maxsize=4096)
def _singular_name(name: str) -> str | None:
    """``name`` with its last word in the singular ("Private Offices" -> "Private Office"),
    by inflect's English rules; ``None`` when the last word is not a plural."""
    head, _, last = name.rpartition(" ")
    one = _inflector().singular_noun(last) if last[:1].isalpha() else False
    if not one or one == last:
        return None
    return f"{head} {one}" if head else str(one)


def _broken(toks: Sequence[Tok], start: int, end: int) -> bool:
    """Whether a sentence ends inside ``toks[start:end]`` after punctuation: a break the
    parser put between two words of a name ("Ac Hotel By Marriott Paris Porte | Maillot") is
    no end of a sentence."""
    return any(
        toks[k].sent != toks[k - 1].sent and not toks[k - 1].text[-1:].isalnum()
        for k in range(start + 1, end)
    )
