"""Predicate matching and signal finding on plain ``spacy.blank("en")`` tokens."""

from __future__ import annotations

import pytest
import spacy

from kgcheck.nlp.lexicon import Lexicon
from kgcheck.nlp.signals import SignalMatcher
from kgcheck.nlp.tokens import Tok, span_text, tokens_of

_NLP = spacy.blank("en")
_NLP.add_pipe("sentencizer")


def toks(text: str) -> list[Tok]:
    return tokens_of(_NLP(text))


LEXICON = Lexicon(
    [("p:room", "is in room"), ("p:in", "is in"), ("p:room2", "room"), ("p:lead", "leads")]
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Kim is in room B-214.", [("is in room", ("p:room",), False)]),
        ("Kim is in Oncology.", [("is in", ("p:in",), False)]),
        ("Kim is not in room B-214.", [("is in room", ("p:room",), True)]),
        ("Kim is currently in room B-214.", [("is in room", ("p:room",), False)]),
        (
            "Kim leads IT. Lee is in HR.",
            [("leads", ("p:lead",), False), ("is in", ("p:in",), False)],
        ),
        ("Nothing here.", []),
    ],
)
def test_lexicon_longest_match_with_skippable_words(
    text: str, found: list[tuple[str, tuple[str, ...], bool]]
) -> None:
    assert [(m.form, m.properties, m.negated) for m in LEXICON.match(toks(text))] == found


def test_lexicon_match_does_not_cross_sentences() -> None:
    assert [m.form for m in LEXICON.match(toks("Kim is. In room 4 now."))] == ["room"]


def test_lexicon_one_form_for_several_properties() -> None:
    lexicon = Lexicon([("p:a", "works in"), ("p:b", "works in")])
    (match,) = lexicon.match(toks("Kim works in IT."))
    assert match.properties == ("p:a", "p:b")
    assert lexicon.size == 2


def test_lexicon_match_spans_are_token_offsets() -> None:
    tokens = toks("Kim is in room B-214.")
    (match,) = LEXICON.match(tokens)
    assert span_text(tokens, match.start, match.end) == "is in room"


def test_signal_matcher_finds_hedges_and_certainty() -> None:
    matcher = SignalMatcher(["i think", "probably", "i'm not sure"], ["definitely"])
    signals = matcher.find(toks("I think Kim is definitely in IT. I'm not sure. Probably."))
    assert [(s.kind, s.text, s.segment) for s in signals] == [
        ("hedge", "I think", 0),
        ("certainty", "definitely", 0),
        ("hedge", "I'm not sure", 1),
        ("hedge", "Probably", 2),
    ]


def test_signal_matcher_prefers_the_longest_phrase() -> None:
    matcher = SignalMatcher(["not sure", "i am not sure"], [])
    (signal,) = matcher.find(toks("I am not sure."))
    assert signal.text == "I am not sure"
