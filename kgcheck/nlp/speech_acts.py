"""What a sentence does: state something, ask, request, or only perform a courtesy.

Only statements can contradict anything: an NLI model reads "You are welcome." against "Thank
you." or "Setting GPS now." against "Set the GPS to the fastest route." as contradictions
(P(contradiction) 0.7-0.96 with the embedded model), though neither side asserts anything the
other denies. The model checks therefore compare statements only
(``kgcheck.detectors.model_checks``):

- ``question``: :func:`~kgcheck.nlp.vocabulary.is_question` (a question mark, a question or
  request opener, "I want to know if ...");
- ``formula``: a fixed formula without propositional content, and nothing else: thanks,
  "you're welcome", "no problem", greetings and leave-takings, wishes ("have a great day",
  "drive safely"), acknowledgements ("okay", "sure", "done", "all set", "that will do"),
  possibly addressed ("thanks, car"). The formulas are the small lexicon below, matched on
  whole words; a sentence with anything else in it ("You're welcome, GPS set.") is not one;
- ``request``: from a parsed pipeline, a sentence with a clause in the imperative mood (a verb
  in the base form, ``VB``, heading a clause with no subject, no auxiliary and no infinitive
  marker; "please"; "let's"; a subjectless base-form verb opening the sentence, or a verb of
  asking an assistant that the tagger read as a noun or adjective there, in a sentence with no
  subject: "Set meeting for Saturday 11am"): "Set a reminder for 9 am", "Thank you car, please
  set the GPS", "Let's go". It asks for something
  to be done; the assistant doing it ("Setting a reminder for 9 am.") agrees with it rather
  than contradicts it;
- ``mixed``: a request beside a clause with a subject ("That is fine, just give directions",
  "I sent it to your screen, please drive carefully"). The statement in it is compared when
  the assistant says it; a user's is taken as the request it makes;
- ``report``: from a parsed pipeline, the speaker's report of what it is doing as it speaks,
  with the speaker left out ("Setting GPS now.", "Navigating you to Jing Jing.", "Okay, heading
  to Town and Country at 383 University Ave") or a presentation ("Here is the best route to
  Chevron."). It does what was asked; what it names (a place, an address, a time) is checked
  against the KB like anything else, but it asserts nothing a model could find contradicted;
- ``fragment``: from a parsed pipeline, a sentence with no verb at all ("Monday at 3pm.",
  "Boston."): an answer whose content lies in the question it answers;
- ``statement``: anything else (and, from the blank pipeline, anything that is not a question
  or a formula: it has no parse to tell a request or a fragment).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kgcheck.nlp.vocabulary import is_question
from kgcheck.types import Span as TextSpan

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = [
    "FORMULA",
    "FRAGMENT",
    "MIXED",
    "QUESTION",
    "REPORT",
    "REQUEST",
    "STATEMENT",
    "addresses_reader",
    "greets_reader",
    "is_formula",
    "mood_of",
    "mood_of_text",
    "restating",
]

STATEMENT = "statement"
QUESTION = "question"
REQUEST = "request"
FORMULA = "formula"
FRAGMENT = "fragment"
REPORT = "report"
MIXED = "mixed"

#: Courtesy formulas and acknowledgements, as word sequences (lower case, apostrophes
#: straight). A sentence is a formula when these, the vocatives and the fillers below cover
#: all its words.
_FORMULAS = sorted(
    (
        tuple(phrase.split())
        for phrase in """
thank you|thanks|thank u|thx|ty|many thanks|much appreciated|i appreciate it|appreciate it
you're welcome|you are welcome|welcome|my pleasure|the pleasure is mine|pleasure
no problem|not a problem|no problem at all|no worries|anytime|any time|don't mention it
happy to help|glad to help|glad i could help|happy to assist|glad to be of help|always happy to help
hello|hi|hey|good morning|good afternoon|good evening|good night
bye|goodbye|good bye|bye bye|bye-bye|see you|see you later|see ya|talk to you later|farewell
have a good day|have a great day|have a nice day|have a good one|have a great one|have a nice one
have a good night|have a great night|have a nice evening|have a good evening|have a great evening
have a good trip|have a great trip|have a nice trip|have a safe trip|have a good drive
have a great drive|have a safe drive|have a good weekend|have a great weekend|have fun
enjoy your day|enjoy your trip|enjoy the drive|enjoy your drive|enjoy your meal|enjoy
drive safely|drive safe|drive carefully|stay safe|take care|safe travels|good luck|you too
okay|ok|okey|alright|all right|sure|sure thing|of course|certainly|absolutely|yes|yeah|yep|yup
done|all done|all set|you're all set|you are all set|got it|will do|understood|noted
great|perfect|awesome|cool|good|very good|excellent|wonderful|fantastic|nice|fine|sounds good
that's fine|that is fine|that's great|that is great|that's perfect|that is perfect
that will do|that'll do|that's all|that is all|that's it|that is it|that's all i need
that's all i needed|that is all i need|that is all i needed|that's all the info i needed
""".replace("\n", "|").split("|")
        if phrase.strip()
    ),
    key=len,
    reverse=True,
)
#: Words that may stand beside a formula without giving it content: ways of addressing the
#: other side (the in-car assistant is "car") and intensifiers.
_VOCATIVES = frozenset(
    ["car", "driver", "buddy", "friend", "sir", "madam", "ma'am", "man", "dude", "mate",
     "assistant", "there"]
)  # fmt: skip
_FILLERS = frozenset(
    ["much", "a", "lot", "again", "for", "now", "then", "too", "and", "oh", "well", "just", "as",
     "always"]
)  # fmt: skip
#: Words dropped before matching: "you are very welcome", "thank you so much".
_INTENSIFIERS = frozenset(["very", "so", "really", "truly", "kindly", "indeed", "most"])
_WORD = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*")

_SUBJECTS = frozenset(["nsubj", "nsubjpass", "csubj", "csubjpass", "expl"])
_NOT_FINITE = frozenset(["aux", "auxpass", "mark"])
#: Dependencies of a verb heading a clause of its own (not "to go", "help you find it").
_CLAUSE_HEADS = frozenset(["ROOT", "conj", "parataxis", "advcl", "ccomp", "dep"])
_VERBS = frozenset(["VERB", "AUX"])
#: Verbs of asking an assistant that the tagger reads as a noun or an adjective when they open a
#: sentence ("Set meeting for Saturday 11am", "Book a table for two").
_COMMANDS = frozenset(
    ["set", "book", "schedule", "list", "plot", "route", "text", "call", "order", "check",
     "remind", "add", "find", "show", "send", "cancel", "reserve", "change", "move", "map",
     "navigate", "play", "save", "note", "email", "message", "update", "display"]
)  # fmt: skip


#: A sentence restating what the user asked for: the assistant asks for or states a confirmation
#: ("Please confirm:", "To confirm, ...") or says what the user wants ("You want 2 rooms",
#: "you'd like to leave at 5 pm"). "Would you like ...?" offers something: not a restatement.
_RESTATES = re.compile(
    r"\b(?:(?:please |let's |let me |just to |to )?confirm(?:ing)?\b(?! that)|verify\b|to recap\b"
    # (not "if you need either", "if you'd like": an offer on a condition)
    r"|(?<!would )(?<!do )(?<!did )(?<!will )(?<!can )(?<!if )"
    r"you(?:(?:'d| would)? (?:like|want|wish"
    # (not "you need to book it for at least 2 hours": what must be done, a fact)
    r"|prefer)| need(?! to\b))\b|you asked\b|you requested\b"
    # "let me make sure", "just to make sure": checking what was asked; not advice ("so make
    # sure you're on the last lift") nor a purpose ("To make sure it arrives today, ...")
    r"|(?:let me|just to|i want to|i'd like to|i'll) make sure\b"
    r"|you(?:'re| are) (?:looking|asking) for\b)",
    re.I,
)
_ASKS_CONFIRMATION = re.compile(r"\b(?:confirm(?:ing)?|verify|to recap)\b", re.I)
#: A question asking whether what was just said is right ("Is that correct?").
_CHECKS = re.compile(
    r"^\W*(?:(?:is|does|did|would) )?(?:that|this|everything|it|all (?:of )?(?:that|this))"
    r" (?:sound |look |seem )?(?:right|correct|ok|okay|good|accurate|fine)\b",
    re.I,
)


#: A sentence that ends by asking whether it is right ("..., right?", "... for 2, correct?").
_TAGGED = re.compile(r"[,;]\s*(?:right|correct|okay|ok|yes)\s*\?\s*$", re.I)


def restating(sentences: Sequence[str], parsed: Sequence[bool | None] | None = None) -> list[bool]:
    """For each sentence of a reply, whether it restates what the user asked for rather than
    states a fact: it matches ``_RESTATES``; a sentence asking for a confirmation ("Please
    confirm the following.") and those after it; the sentence before "Is that correct?". Its
    values are the user's, checked against what the user said, not against the KB. A
    sentence ending "..., right?" restates itself; a short "Do you confirm?" the one before.
    ``parsed``: each sentence's own reading from the parse (:func:`restates_parsed`), where
    there is one."""
    out = [bool(_RESTATES.search(s) or _TAGGED.search(s)) for s in sentences]
    if parsed is not None:
        out = [own if own is not None else text for own, text in zip(parsed, out, strict=True)]
    for i, sentence in enumerate(sentences):
        if _ASKS_CONFIRMATION.search(sentence) and _RESTATES.search(sentence):
            out[i:] = [True] * (len(sentences) - i)
            break
    for i, sentence in enumerate(sentences):
        short = len(sentence.split()) <= 4 and sentence.rstrip().endswith("?")
        if i and (_CHECKS.search(sentence) or (short and _ASKS_CONFIRMATION.search(sentence))):
            # "... for 6 days. Do you confirm?"; not an offer asked about ("What about the
            # Escape at SFO on March 8th? Is that okay?": the results' values, offered)
            out[i - 1] = out[i - 1] or not is_question(sentences[i - 1])
    return out


#: Where a verb of wanting heads a clause inside a noun phrase: "the bus you want", "with
#: what you need", "places that you would like", "events that match what you're looking for".
_EMBEDDED = frozenset(["relcl", "pcomp", "acl", "pobj"])
#: The verbs of ``_RESTATES``'s "you ..." phrases of wanting, and looking for (not "you
#: asked": "Here is what you asked for: ..." restates all the same).
_WANTING = frozenset(["like", "want", "wish", "prefer", "need", "look"])


def _embedded(verb: Token) -> bool:
    """Whether ``verb`` heads a clause inside a noun phrase, or a clause of one ("match what
    you're looking for": the parse hangs "looking" on the relative clause's verb), or a
    condition ("... and 44 of the MDF if you need either": an offer, not what was asked)."""
    return any(t.dep_ in _EMBEDDED for t in (verb, *verb.ancestors)) or any(
        c.dep_ == "mark" and c.lower_ in _CONDITIONS for c in verb.children
    )


#: The words that open a condition.
_CONDITIONS = frozenset(["if", "unless", "should"])


def restates_parsed(sentence: Span) -> bool:
    """:func:`restating`'s reading of one parsed sentence: it matches ``_RESTATES`` other than
    by a verb of wanting that heads a relative clause ("The bus you want, leaves at 7:10 am";
    "11 buses suit what you need" states how many there are)."""
    text = sentence.text
    for match in _RESTATES.finditer(text):
        found = sentence.char_span(match.start(), match.end(), alignment_mode="expand")
        words = list(found) if found is not None else []
        wanting = [t for t in words if t.lemma_.lower() in _WANTING]
        if not wanting or not all(_embedded(t) for t in wanting):
            return True
    return bool(_TAGGED.search(text))


def is_formula(sentence: str) -> bool:
    """Whether ``sentence`` is only courtesy formulas and acknowledgements ("Thank you car!",
    "You are very welcome.", "Okay, all set.", "No problem, have a good day.")."""
    words = [
        w for w in _WORD.findall(sentence.casefold().replace("’", "'")) if w not in _INTENSIFIERS
    ]
    if not words:
        return False
    covered = False
    i = 0
    while i < len(words):
        for phrase in _FORMULAS:
            if tuple(words[i : i + len(phrase)]) == phrase:
                i += len(phrase)
                covered = True
                break
        else:
            if words[i] not in _VOCATIVES and words[i] not in _FILLERS:
                return False
            i += 1
    return covered


def _subjectless(verb: Token) -> bool:
    return not any(c.dep_ in _SUBJECTS or c.dep_ in _NOT_FINITE for c in verb.children)


def _lets(verb: Token) -> bool:
    """ "let's" / "let us": a first-person imperative ("'s" is parsed as its subject)."""
    return verb.lemma_.lower() == "let" and any(
        c.lower_ in {"'s", "’s", "us"} for c in verb.children
    )


def _imperative(sentence: Span) -> bool:
    """Whether a clause of ``sentence`` asks for something to be done: "please"; a verb in the
    base form heading a clause with no subject, auxiliary or marker; "let's"; or a subjectless
    verb opening the sentence in its base form ("set a reminder ...", which the tagger may read
    as a past tense)."""
    words = [t for t in sentence if not (t.is_punct or t.is_space)]
    if any(t.lower_ == "please" for t in words):
        return True
    for t in words:
        if t.pos_ in _VERBS and (
            _lets(t) or (t.tag_ == "VB" and t.dep_ in _CLAUSE_HEADS and _subjectless(t))
        ):
            return True
    opening = next((t for t in words if t.pos_ not in {"INTJ", "CCONJ"}), None)
    if opening is None:
        return False
    if opening.pos_ != "VERB":
        # "Set meeting for Saturday 11am with the boss": a verb of asking read as a modifier
        return opening.lower_ in _COMMANDS and not any(
            c.dep_ in _SUBJECTS for c in sentence.root.children
        )
    return (
        opening.tag_ in {"VB", "VBD", "VBN"}
        and opening.lower_ == opening.lemma_.lower()
        and _subjectless(opening)
    )


def _reports(sentence: Span) -> bool:
    """Whether ``sentence`` reports what the speaker is doing, the speaker left out (its root
    a gerund with no subject or auxiliary: "Setting GPS now."), or presents something ("Here
    is the route.")."""
    root = sentence.root
    if root.tag_ == "VBG" and _subjectless(root):
        return True
    return root.lemma_.lower() == "be" and any(
        c.lower_ == "here" and c.i < root.i for c in root.children
    )


def _states(sentence: Span) -> bool:
    """Whether a clause of ``sentence`` has a subject (and is no "let's" or "thank you")."""
    return any(
        t.pos_ in _VERBS
        and t.lemma_.lower() not in {"thank", "let"}
        and any(c.dep_ in _SUBJECTS for c in t.children)
        for t in sentence
    )


def mood_of_text(sentence: str) -> str:
    """``question``, ``formula`` or ``statement``: what the text alone tells."""
    text = sentence.strip()
    if is_question(text):
        return QUESTION
    if is_formula(text):
        return FORMULA
    return STATEMENT


def mood_of(sentence: Span, parsed: bool) -> str:
    """What a spaCy sentence does (see the module's description); ``parsed``: the pipeline
    gives parts of speech and dependencies (else the text alone decides)."""
    mood = mood_of_text(sentence.text)
    if mood != STATEMENT or not parsed:
        return mood
    if _imperative(sentence):
        return MIXED if _states(sentence) else REQUEST
    if not any(t.pos_ in _VERBS for t in sentence):
        return FRAGMENT
    if _reports(sentence):
        return REPORT
    return STATEMENT


#: What a name the reply addresses the reader by follows ("Of course, Kenji.", "Hi Sam, ...",
#: "Thanks for waiting, Mr Paterson.") and ends on ("Kenji, your bike is ready"), at the edge of
#: its sentence.
_GREETING = re.compile(r"\b(?:hi|hello|hey|dear|thanks|thank\s+you)\s+$", re.IGNORECASE)
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
_ADDRESS_AFTER = re.compile(r"\s*(?:[,!?]|\.(?:\s|$)|$|[–—]|-\s)")
#: A title people are addressed by ("Mr Whitfield"): set off by commas or a dash, the person
#: spoken to, whatever the sentence says ("All looks good, Mr Whitfield – ...").
_COURTESY_TITLE = re.compile(r"(?:mr|mrs|ms|miss|mx)\.?\s", re.IGNORECASE)
#: A noun phrase a name after a comma may stand beside: "our manager, ", "the skipper, ".
_APPOSED = re.compile(
    r"\b(?:our|the|your|my|his|her|their)\s+[\w-]+(?:\s+[\w-]+)?\s*,\s*$", re.IGNORECASE
)


def addresses_reader(text: str, span: TextSpan) -> bool:
    """Whether the name at ``span`` addresses the reader (set off by a comma or a greeting at
    the edge of its sentence): the person spoken to, no claim about the KB and no value of a
    row."""
    before = text[max(0, span.start - 40) : span.start]
    after = text[span.end :]
    if not _ADDRESS_AFTER.match(after):
        return False
    return (
        before.rstrip().endswith(",")
        or bool(_GREETING.search(before))
        or (bool(_SENTENCE_START.search(before)) and after.lstrip().startswith(","))
    )


#: How a sentence that addresses the reader by name opens: a greeting, thanks, an apology or
#: an assent ("Thanks for waiting, Mr Paterson.", "Of course, Kenji.").
_GREETING_OPENS = re.compile(
    r"(?:^|[.!?]\s+)(?:hi|hello|hey|dear|thanks|thank\s+you|sorry|i'm\s+sorry|welcome|"
    r"good\s+(?:morning|afternoon|evening)|of\s+course|sure|great|no\s+problem|certainly)\b"
    r"[^.!?]*$",
    re.IGNORECASE,
)


def greets_reader(text: str, span: TextSpan) -> bool:
    """Whether the name at ``span`` addresses the reader in a sentence that greets, thanks or
    answers them ("Thanks for waiting, Mr Paterson.", "Hi Sam, ..."), or a name with a title of
    address set off by a comma ("All looks good, Mr Whitfield – ..."): not a name set off by a
    comma after a statement ("our optometrist, Dr Neil Buchanan.") nor one opening its
    sentence ("Costa, which is a lovely coffee shop, is near")."""
    if not addresses_reader(text, span):
        return False
    before = text[max(0, span.start - 40) : span.start]
    if (
        _COURTESY_TITLE.match(text, span.start)
        and before.rstrip().endswith(",")
        and not _APPOSED.search(before)  # "ask our manager, Mr Whitfield": who the manager is
    ):
        return True
    return bool(_GREETING_OPENS.search(text[max(0, span.start - 80) : span.start]))
