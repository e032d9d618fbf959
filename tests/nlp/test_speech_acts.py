"""What a sentence does: only statements are compared by the NLI model; courtesy formulas,
questions and requests are not (``kgcheck.nlp.speech_acts``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from kgcheck.config import NlpConfig
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nlp.pipeline import Analyzer, build_base_pipeline
from kgcheck.nlp.speech_acts import is_formula, mood_of_text, restating
from kgcheck.numeric_claims import restated_spans

_, _FOUND = build_base_pipeline("auto")
PARSED = _FOUND != "blank:en"


@pytest.mark.parametrize(
    "sentence",
    [
        "Thank you car!",
        "thanks",
        "You are very welcome.",
        "You're welcome; drive carefully, and enjoy",
        "No problem, have a good day.",
        "Bye for now.",
        "Not a problem.",
        "Okay, all set.",
        "That will do, thank you kindly.",
        "That’s all the info I needed, thanks.",
        "Perfect.",
    ],
)
def test_courtesy_formulas_and_acknowledgements_are_formulas(sentence: str) -> None:
    assert is_formula(sentence)
    assert mood_of_text(sentence) == "formula"


@pytest.mark.parametrize(
    "sentence",
    [
        "You're welcome, GPS set to the quickest route.",
        "Thanks, I love dogs.",
        "I have no problem with that.",
        "Okay, the meeting is at 3 pm.",
        "Great, the route has no traffic.",
        "Have a look at the map.",
        "",
    ],
)
def test_a_formula_with_content_beside_it_is_no_formula(sentence: str) -> None:
    assert not is_formula(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "what's the weather like in new york",
        "when's my doctor's appointment",
        "I wanna know if it will rain",
    ],
)
def test_questions_without_a_question_mark(sentence: str) -> None:
    assert mood_of_text(sentence) == "question"


@pytest.fixture(scope="module", params=["auto", "blank"])
def moods(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Callable[[str], list[str]], bool]:
    """What each sentence of a text does, and whether the pipeline parses."""
    if request.param == "auto" and not PARSED:
        pytest.skip("no pretrained spaCy pipeline installed")
    path = tmp_path_factory.mktemp("acts") / "kb.ttl"
    path.write_text("", encoding="utf-8")
    analyzer = Analyzer(KnowledgeBase.open([path]), NlpConfig(pipeline=request.param))
    return (lambda text: [s.mood for s in analyzer.analyse(text).segments]), request.param == "auto"


def test_moods_of_a_conversation(moods: tuple[Callable[[str], list[str]], bool]) -> None:
    of, _ = moods
    assert of("Thank you! Dr. Patel works in Cardiology.") == ["formula", "statement"]
    assert of("Is Dr. Patel in Cardiology?") == ["question"]
    assert of("I have never owned a dog.") == ["statement"]


def test_reports_of_what_the_speaker_does_are_read_from_the_parse(
    moods: tuple[Callable[[str], list[str]], bool],
) -> None:
    """The speaker left out of what it is doing ("setting a reminder ...") or presenting
    something ("Here is ..."): a report, which a model is not asked to compare. A gerund that
    is not the sentence's head ("Looking at your calendar, you have ...") leaves a statement."""
    of, parsed = moods
    reports = [
        of("Okay, setting a reminder for your dentist appointment on Friday."),
        of("Navigating you to Jing Jing."),
        of("Here is the best route to Chevron."),
    ]
    stated = of("Looking at your calendar, you have a meeting at 5 pm.")
    assert reports == ([["report"]] * 3 if parsed else [["statement"]] * 3)
    assert stated == ["statement"]


def test_requests_and_answers_are_read_from_the_parse(
    moods: tuple[Callable[[str], list[str]], bool],
) -> None:
    """Imperatives and verbless answers are read from the parse; the blank pipeline has none
    and calls them statements (compared as before)."""
    of, parsed = moods
    request = of("Set a reminder for my dentist appointment on Friday at 10 am.")
    mixed = of("That is fine, just give directions around the traffic.")
    answer = of("Monday at 3pm.")
    if parsed:
        assert (request, mixed, answer) == (["request"], ["mixed"], ["fragment"])
    else:
        assert request == mixed == answer == ["statement"]


def test_a_verb_of_asking_read_as_a_modifier_still_asks(
    moods: tuple[Callable[[str], list[str]], bool],
) -> None:
    """The tagger reads "Set" opening "Set meeting for ..." as an adjective and "Book" as a
    noun; with no subject, the sentence asks for something all the same. "Set menu is cheap
    today." has a subject and states something."""
    of, parsed = moods
    asked = [of("Set meeting for Saturday 11am with the boss."), of("Book a table for two.")]
    stated = of("Set menu is cheap today.")
    if parsed:
        assert asked == [["request"], ["request"]]
    assert stated == ["statement"]


@pytest.mark.parametrize(
    ("sentences", "restated"),
    [
        (["Please confirm: you want 2 rooms from March 6th."], [True]),
        (["Okay, confirm the details.", "You want 2 rooms.", "You check in on March 6th."],
         [True, True, True]),
        (["You'd like a table for 4 at 7 pm.", "Is that right?"], [True, False]),
        (["We will be reserving 1 room for 3 days.", "Is this correct?"], [True, False]),
        (["Your booking is confirmed.", "It is at 5 pm."], [False, False]),
        (["Would you like the 6 pm show?", "It has a rating of 4.5."], [False, False]),
        (["Do you want the one at 5 pm?"], [False]),
        (["Walgreens is at 113 Arbol Dr, do you need me to set the navigation?"], [False]),
        (["You'd need to give 30 days' notice."], [False]),
        # what must be done is a fact (a blind trial): "you need" a thing is the user's
        (["The LWB Van is £40 an hour, and you need to book it for at least 2 hours."], [False]),
        (["So you need a van for Saturday."], [True]),
        (["I can confirm that it opens at 9 am."], [False]),
        # advice and a purpose are no check of what was asked (a blind trial)
        (["The lift closes at 4 pm, so make sure you're on your last ride up before then."],
         [False]),
        (["To make sure a payment arrives today, send it before 3pm."], [False]),
        (["Just to make sure, that's 2 adults on Saturday?"], [True]),
        # an offer asked about states the results' values (SGD)
        (["What about the Escape at SFO on March 8th?", "Is that okay to you?"], [False, False]),
    ],
)  # fmt: skip
def test_sentences_restating_what_the_user_asked_for(
    sentences: list[str], restated: list[bool]
) -> None:
    assert restating(sentences) == restated


def test_a_verb_of_wanting_in_a_relative_clause_restates_nothing(
    moods: tuple[Callable[[str], list[str]], bool], tmp_path: Path
) -> None:
    """SGD: "I see that 11 buses suit what you need. The bus you want leaves at 7:10 am."
    was taken for the user's request restated, and its values went unchecked."""
    _, parsed = moods
    path = tmp_path / "kb.ttl"
    path.write_text("", encoding="utf-8")
    analyzer = Analyzer(
        KnowledgeBase.open([path]), NlpConfig(pipeline="auto" if parsed else "blank")
    )

    def restates(text: str) -> list[bool | None]:
        return [s.restates for s in analyzer.analyse(text).segments]

    stated = restates("I see that 11 buses suit with what you need. The bus you want leaves at 7.")
    asked = restates("You want 2 rooms from March 6th. I understand that you need a cab for 2.")
    # SGD: "I've found 5 events that match what you're looking for." counts the results (the
    # parse hangs "looking" on the relative clause's "match")
    found = restates("I've found 7 events that match what you're looking for. Here they are.")
    looking = restates("You're looking for a hotel in Paris. I have 3 of them.")
    if parsed:
        assert (stated, asked) == ([False, False], [True, True])
        assert (found, looking) == ([False, False], [True, False])
    else:
        assert stated == asked == [None, None]  # the text alone decides (restating)
    # a question whether it is right still makes the sentence before it a restatement
    checked = analyzer.analyse("1 ticket for the bus you want, on March 12th. Is it correct?")
    assert restated_spans(checked) == [checked.segments[0].span]
