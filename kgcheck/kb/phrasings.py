"""Phrasings of a property derived from its label and local name, for ontologies without
``kgc:lexicalForm``.

A name is read as one of four shapes, and each gives its own phrasings (in lemma form, as the
lexicon matches them):

- a verb phrase: "works in" -> "work in"; "leads" -> "lead", the passive "be led by" and the
  agent noun "leader" ("the leader of T is S") read the other way round, and "be the leader of";
- a participle: "located in", "led by" -> "be located in", "be led by" (and, of an agent, the
  active verb read the other way round: "lead"); "launched" (a date) -> "be launched on", "be
  launched in";
- a noun with "of": "captain of" -> "be the captain of", and "captain" the other way round ("the
  captain of V is S": S is the captain of V);
- a noun: "city" -> "city" ("the city of X is Y", "X's city is Y"), "be in the city of"; an
  event noun says its verb: "birth place" -> "be born in", "opening date" -> "open on"; a
  value named by a verb's "-ing" noun takes its passive: "rating" -> "be rated".

Names that are function words ("of", "has", "type") give nothing. The caller keeps the
hand-written forms ahead of these where the two collide.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rdflib import URIRef

from kgcheck.nlp.wordlists import lookup_lemma
from kgcheck.values.quantities import COUNTING_WORDS, is_unit_word

__all__ = [
    "Phrasing",
    "derive",
    "name_words",
    "participle",
    "regular_past",
    "telling_words",
    "verb_lemma",
]


@dataclass(frozen=True, slots=True)
class Phrasing:
    """One way of saying a property.

    ``text`` is in lemma form ("work in", "be born in", "leader"). ``inverse``: the reading
    names the object first ("the leader of T is S" says S leads T). ``derived``: made from the
    label or local name, less trusted than a ``kgc:lexicalForm``. ``nominal``: a noun ("X's city
    is Y", "the city of X is Y"), never conjugated as a verb.
    """

    text: str
    inverse: bool = False
    derived: bool = False
    nominal: bool = False


#: Names that say nothing of a property: deriving from them would match everywhere.
FUNCTION_WORDS = frozenset(
    {
        "a", "an", "the", "of", "in", "on", "at", "to", "by", "for", "from", "with", "as", "is",
        "be", "are", "was", "has", "have", "had", "do", "does", "and", "or", "not", "it", "this",
        "that", "type", "value", "name", "label", "id", "data", "property", "relation",
        "related", "see", "same", "other",
    }
)  # fmt: skip
_PREPOSITIONS = frozenset(
    {"in", "at", "on", "to", "of", "by", "for", "from", "with", "into", "as", "under", "after",
     "about", "over", "within", "near", "via"}
)  # fmt: skip
_AUXILIARIES = {"is": "be", "are": "be", "was": "be", "be": "be", "has": "have", "have": "have"}
_IRREGULAR_LEMMAS = {"has": "have", "is": "be", "does": "do", "goes": "go"}
_IRREGULAR_PARTICIPLES = {
    "born": "bear", "led": "lead", "made": "make", "built": "build", "held": "hold",
    "sold": "sell", "known": "know", "written": "write", "bought": "buy", "taught": "teach",
    "given": "give", "taken": "take", "grown": "grow", "drawn": "draw", "shown": "show",
    "run": "run", "won": "win", "brought": "bring", "told": "tell", "kept": "keep",
    "paid": "pay", "set": "set", "put": "put", "begun": "begin", "chosen": "choose",
    "driven": "drive", "spoken": "speak", "sung": "sing", "worn": "wear", "seen": "see",
    "done": "do", "owned": "own",
}  # fmt: skip
_PAST = {v: k for k, v in _IRREGULAR_PARTICIPLES.items() if v not in {"bear", "own"}}
#: Event nouns and the verb phrase that tells the event: "birth place" -> "be born in".
_EVENT_VERBS = {
    "birth": "be born", "death": "die", "opening": "open", "start": "start", "end": "end",
    "founding": "be founded", "foundation": "be founded", "launch": "be launched",
    "release": "be released", "acquisition": "be acquired", "completion": "be completed",
    "creation": "be created", "publication": "be published", "closing": "close",
    "closure": "close", "construction": "be built", "retirement": "retire",
    "incorporation": "be incorporated", "establishment": "be established",
    "approval": "be approved",
}  # fmt: skip
#: Nouns after an event noun, with the preposition their value takes.
_EVENT_OBJECTS = {
    "date": "on", "day": "on", "year": "in", "month": "in", "place": "in", "city": "in",
    "town": "in", "country": "in", "location": "in", "site": "at",
}  # fmt: skip
#: Nouns of places: "city" -> "be in the city of" as well as the noun.
_PLACE_NOUNS = frozenset(
    {"city", "town", "country", "region", "state", "county", "district", "village",
     "province", "neighbourhood", "neighborhood"}
)  # fmt: skip
_NOUN_ENDINGS = ("ss", "us", "is", "ics", "ness")


def name_words(name: str) -> list[str]:
    """The words of a label or local name: "birthPlace" -> ["birth", "place"], "works_in" ->
    ["works", "in"], "DSCR" -> ["dscr"]."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|[_\-.]+", " ", name.strip())
    return [w.lower() for w in spaced.split() if w]


def verb_lemma(word: str) -> str:
    """The base form of a verb in the third person: "works" -> "work", "carries" -> "carry"."""
    if word in _IRREGULAR_LEMMAS:
        return _IRREGULAR_LEMMAS[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


def participle(verb: str) -> str:
    """The past participle of a base form: "serve" -> "served", "lead" -> "led"."""
    return _PAST.get(verb) or regular_past(verb)


def regular_past(verb: str) -> str:
    """The "-ed" form of a regular verb: "join" -> "joined", "wrap" -> "wrapped"."""
    if verb.endswith("e"):
        return verb + "d"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ied"
    vowels = "aeiou"
    if (
        len(verb) >= 3
        and verb[-1] not in vowels + "wxy"
        and verb[-2] in vowels
        and verb[-3] not in vowels
        and sum(c in vowels for c in verb) == 1
    ):
        return verb + verb[-1] + "ed"
    return verb + "ed"


def agent_noun(verb: str) -> str:
    """Who does it: "lead" -> "leader", "operate" -> "operator", "supply" -> "supplier"."""
    if verb.endswith("ate"):
        return verb[:-1] + "or"
    if verb.endswith("ct"):
        return verb + "or"
    if verb.endswith("e"):
        return verb + "r"
    if len(verb) > 2 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ier"
    return verb + "er"


def _is_verb_s(word: str) -> bool:
    """A third-person verb form ("works", "leads"), not a noun such as "address"."""
    return word.endswith("s") and not word.endswith(_NOUN_ENDINGS) and len(word) > 3


def _is_participle(word: str) -> bool:
    return word in _IRREGULAR_PARTICIPLES or (word.endswith("ed") and len(word) > 4)


def derive(name: str, *, datatype: bool, dated: bool) -> list[Phrasing]:
    """Phrasings of a property named ``name`` (its label or its local name).

    Args:
        name: the label ("birth place", "works in") or local name ("birthPlace").
        datatype: the property's values are literals (a one-word "-s" name is then a plural
            noun, "berths", rather than a verb).
        dated: its values are dates or years (a participle takes "on" and "in": "be launched
            on").
    """
    words = name_words(name)
    if not words or " ".join(words) in FUNCTION_WORDS or all(w in FUNCTION_WORDS for w in words):
        return []
    out: list[Phrasing] = []

    def add(text: str, *, inverse: bool = False, nominal: bool = False) -> None:
        found = Phrasing(text, inverse=inverse, derived=True, nominal=nominal)
        if text and found not in out:
            out.append(found)

    head, rest = words[0], words[1:]
    if head in {"has", "have"} and rest:  # "hasGenre": the noun
        return derive(" ".join(rest), datatype=datatype, dated=dated)
    if head in _AUXILIARIES and rest:  # "isPartOf", "is located in"
        add(" ".join(["be", *rest]))
        return out
    last = words[-1]
    if _is_participle(head) and (not rest or rest[-1] in _PREPOSITIONS):
        # "located in", "led by", "born in"; "launched" (a date: "on", "in")
        phrase = " ".join(["be", *words])
        if not rest and dated:
            add(f"{phrase} on")
            add(f"{phrase} in")
        else:
            add(phrase)
        if rest == ["by"] and not datatype:
            # "curated by": "Samir Haddad curated North Light" says North Light is curated by him
            verb = _IRREGULAR_PARTICIPLES.get(head) or lookup_lemma(head)
            if verb != head:
                add(verb, inverse=True)
        return out
    if head in _PREPOSITIONS:  # "inPark": "be in park"
        add(" ".join(["be", *words]))
        return out
    if len(words) >= 2 and last in _PREPOSITIONS and not _is_verb_s(head):
        if last == "of":  # "captain of": S is the captain of V; "the captain of V is S"
            noun = " ".join(words[:-1])
            add(f"be the {noun} of")
            add(f"be a {noun} of")
            add(noun, inverse=True, nominal=True)
        else:  # "responsible for"
            add(" ".join(["be", *words]))
        return out
    if _is_verb_s(head) and (rest or not datatype) and (not rest or rest[-1] in _PREPOSITIONS):
        verb = verb_lemma(head)
        add(" ".join([verb, *rest]))
        if not rest and not datatype:  # a transitive verb: its passive and its agent noun
            add(f"be {participle(verb)} by", inverse=True)
            agent = agent_noun(verb)
            add(f"be the {agent} of")
            add(agent, inverse=True, nominal=True)
        return out
    # a noun phrase
    noun = " ".join(words)
    add(noun, nominal=True)
    if not rest and datatype and not dated and head.endswith("ing"):
        # "rating" of a value: "X is rated 4.8", "priced at"
        verb = lookup_lemma(head)
        if verb != head and len(verb) >= 3:
            add(f"be {participle(verb)}")
    if len(words) == 2 and words[0] in _EVENT_VERBS and words[1] in _EVENT_OBJECTS:
        add(f"{_EVENT_VERBS[words[0]]} {_EVENT_OBJECTS[words[1]]}")
    elif len(words) == 2 and words[1] in _EVENT_VERBS and words[0] in _EVENT_OBJECTS:
        add(f"{_EVENT_VERBS[words[1]]} {_EVENT_OBJECTS[words[0]]}")  # "year built"
    elif len(words) == 2 and _is_participle(words[1]) and words[0] in _EVENT_OBJECTS:
        add(f"be {words[1]} {_EVENT_OBJECTS[words[0]]}")  # "year built": "be built in"
    if last in _PLACE_NOUNS and not datatype:
        add(f"be in the {noun} of")
    return out


def telling_words(labels: dict[URIRef, list[str]]) -> dict[URIRef, tuple[str, ...]]:
    """The words that name each property among the others, from the words of their noun
    labels: the head noun where no other label ends in it ("annual attendance": "an attendance
    of 98,500"), else the word before it where that tells it from the labels sharing the head
    ("low temperature" and "high temperature": "a low of 60F, a high of 80F"); a word of a
    scale ("minimum", "maximum") brings the words of its end of the scale ("minimum
    temperature": "a low of 60F"). Only labels of content words count ("number of visit slots"
    and "amount due on visit" name more than a noun), and a unit is no head ("guarantee
    days")."""
    heads: dict[str, list[URIRef]] = {}
    # the heads of the labels that name more than a noun: no other label's own word ("fee" is
    # no telling word of the "early cancellation fee" beside a "no-show fee")
    shared: set[str] = set()
    for prop, words in labels.items():
        if any(not _telling(w) for w in words) or is_unit_word(words[-1]):
            shared.add(words[-1])
            continue  # "number of visit slots", "amount due on visit", "guarantee days"
        heads.setdefault(words[-1], []).append(prop)
    out: dict[URIRef, tuple[str, ...]] = {}
    for head, props in heads.items():
        if len(props) == 1 and head not in shared:
            out[props[0]] = (head,)
            continue
        modifiers: dict[str, list[URIRef]] = {}
        for prop in props:
            if len(labels[prop]) == 2:
                modifiers.setdefault(labels[prop][0], []).append(prop)
        for word, owners in modifiers.items():
            if len(owners) != 1:
                continue
            side = next((end for end in _SCALE if word in end), frozenset())
            rivals = [w for w in modifiers if w != word and w in side]
            out[owners[0]] = (word, *sorted(side - {word})) if side and not rivals else (word,)
    return out


#: The two ends of a scale: a label's word at one end is said with any word of that end ("the
#: minimum temperature" is "the low").
_SCALE = (
    frozenset({"low", "lowest", "minimum", "min", "least"}),
    frozenset({"high", "highest", "maximum", "max", "most", "peak"}),
)


def _telling(word: str) -> bool:
    return (
        len(word) > 2
        and word.isalpha()
        and word not in FUNCTION_WORDS
        and word not in _PREPOSITIONS
        and word not in COUNTING_WORDS
    )
