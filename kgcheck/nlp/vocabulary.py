"""Closed word lists the rule-based components share (English)."""

from __future__ import annotations

import re

__all__ = [
    "AFFILIATION_WORDS",
    "ARTICLES",
    "AUX_WORDS",
    "CALENDAR_WORDS",
    "CLAUSE_BREAKS",
    "COPULAS",
    "DEFAULT_CERTAINTY",
    "DEFAULT_HEDGES",
    "FIRST_PERSON_PLURAL",
    "INDEFINITE_BEFORE",
    "NEGATIONS",
    "PRONOUNS",
    "SKIPPABLE",
    "SPEAKER_POSSESSIVES",
    "SPEAKER_WORDS",
]

#: Personal and possessive pronouns with the antecedents they accept.
PRONOUNS: dict[str, str] = {
    "he": "male", "him": "male", "his": "male", "himself": "male",
    "she": "female", "her": "female", "hers": "female", "herself": "female",
    "it": "thing", "its": "thing", "itself": "thing",
    "they": "any", "them": "any", "their": "any", "theirs": "any",
}  # fmt: skip

#: First and second person words: who they mean depends on who speaks.
SPEAKER_WORDS = frozenset({"i", "me", "my", "mine", "we", "our", "you", "your", "yours"})
SPEAKER_POSSESSIVES = frozenset({"my", "our", "your"})
#: The speaking organisation: "use our general address", "we're at ...".
FIRST_PERSON_PLURAL = frozenset({"we", "our", "ours", "us"})
#: An indefinite article ending a text: a name after it ("a Shih Tzu", "a Bernese") is one
#: of a kind, not someone or something of its own.
INDEFINITE_BEFORE = re.compile(r"\b(?:a|an)\s+$", re.I)

NEGATIONS = frozenset({"not", "n't", "never", "no", "neither", "nor"})
#: Words that may sit inside a predicate phrase without changing what it expresses.
SKIPPABLE = frozenset(
    {
        "not", "n't", "never", "no", "longer", "also", "still", "currently", "now", "actually",
        "really", "definitely", "certainly", "probably", "possibly", "indeed", "only", "already",
        "presumably", "likely", "apparently", "usually", "always", "officially", "both",
    }
)  # fmt: skip
AUX_WORDS = frozenset(
    {
        "be", "is", "are", "was", "were", "been", "being", "am", "'s", "'re", "'m", "do", "does",
        "did", "have", "has", "had", "will", "would", "shall", "should", "can", "could", "may",
        "might", "must",
    }
)  # fmt: skip
COPULAS = frozenset({"be", "is", "are", "was", "were", "'s", "remains", "remain", ":", "="})
ARTICLES = frozenset({"a", "an", "the", "our", "their", "his", "her", "its", "one"})
AFFILIATION_WORDS = frozenset({"from", "of", "in", "at", "on"})
#: Prepositions after a noun naming a property of the thing that follows ("the address for
#: Coupa", "the manager at Greenfinch Frome", "our head chef in X").
OF_PREPOSITIONS = frozenset({"of", "for", "to", "at", "in"})
#: Prepositions before a noun that, followed by a number, names a thing: "on platform 2".
PLACE_PREPOSITIONS = frozenset(
    {"on", "at", "from", "to", "in", "into", "near", "by", "beside", "behind", "off", "via"}
)
CLAUSE_BREAKS = frozenset({";", "but", "while", "whereas", "although", "though", "because"})
CALENDAR_WORDS = frozenset(
    {
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december", "monday", "tuesday", "wednesday", "thursday",
        "friday", "saturday", "sunday", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "oct", "nov", "dec", "mon", "tue", "wed", "thu", "fri", "sat", "sun",
    }
)  # fmt: skip

DEFAULT_HEDGES = (
    "i think", "i believe", "i guess", "i suppose", "i'm not sure", "i am not sure",
    "not sure", "probably", "possibly", "perhaps", "maybe", "might", "may", "could be",
    "likely", "it seems", "seems", "apparently", "presumably", "as far as i know",
    "if i recall", "if i remember", "i assume", "roughly", "approximately",
)  # fmt: skip
DEFAULT_CERTAINTY = (
    "definitely", "certainly", "clearly", "undoubtedly", "without a doubt", "of course",
    "as i mentioned", "as i said", "as mentioned", "absolutely", "in fact", "indeed",
    "for sure", "i am certain", "i'm certain", "i am sure", "i'm sure",
)  # fmt: skip


#: Words that open a question even when it ends without a question mark ("what time is my
#: appointment"); "will" and "may" are left out: they are also names.
_QUESTION_OPENERS = frozenset(
    ["what", "when", "where", "which", "who", "whom", "whose", "why", "how", "is", "are", "was",
     "were", "do", "does", "did", "can", "could", "would", "should", "shall", "have", "has",
     "am", "isn't", "aren't", "don't", "doesn't", "didn't", "can't", "won't"]
)  # fmt: skip
_QUESTION_PHRASES = (
    "tell me", "let me know", "please", "can you tell", "i wonder", "give me", "show me",
    "get me", "find me", "remind me", "i want to know", "i wanna know", "i want to find out",
    "i'd like to know", "i would like to know", "i need to know",
)  # fmt: skip
#: "what's", "when's", "how's": a question word with "is" or "has" contracted onto it.
_CONTRACTED = ("'s", "’s")


def is_question(sentence: str) -> bool:
    """Whether a sentence asks rather than states: it ends with a question mark, or opens like
    a question or a request ("what time and day is my doctor's appointment on", "when's my
    doctor's appointment", "give me the time for my next doctor's appointment", "I want to know
    if it will rain")."""
    text = sentence.strip()
    if text.endswith("?"):
        return True
    lowered = text.casefold().lstrip("\"'([ ")
    first = lowered.split(maxsplit=1)[0].strip(",.!") if lowered else ""
    if first.endswith(_CONTRACTED) and first[:-2] in _QUESTION_OPENERS:
        return True
    return first in _QUESTION_OPENERS or lowered.startswith(_QUESTION_PHRASES)
