"""The user's sentences put from the assistant's side before an NLI model compares them."""

from __future__ import annotations

import pytest

from kgcheck.nli.perspective import from_other_side


@pytest.mark.parametrize(
    ("said", "heard"),
    [
        ("I have two dogs.", "You have two dogs."),
        ("I am a nurse and my wife is a teacher.", "You are a nurse and your wife is a teacher."),
        ("Are you a vegan?", "Am I a vegan?"),
        ("You are right, I told you so.", "I am right, you told me so."),
        ("I was in Paris with you.", "You were in Paris with me."),
        ("Do you like my cat? I love you.", "Do I like your cat? You love me."),
        ("I'm tired, you're not.", "You're tired, I'm not."),
        ("That book is mine, not yours.", "That book is yours, not mine."),
        ("We should go, the shop is closing.", "We should go, the shop is closing."),
    ],
)
def test_first_and_second_person_swap(said: str, heard: str) -> None:
    assert from_other_side(said) == heard


def test_the_user_saying_i_does_not_contradict_the_assistant_saying_i() -> None:
    from kgcheck import Checker, DialogueState, FlagType
    from tests.nli.rule_scorer import RuleScorer

    checker = Checker()
    checker.nli = RuleScorer()
    state = DialogueState()
    state.add_turn("user", "I have never owned a dog.")
    # the assistant speaks of itself: no contradiction with what the user said of themself
    report = checker.check_turn("I have owned a dog for years.", state)
    assert [f for f in report.flags if f.type == FlagType.CONTRADICTS_PRIOR] == []
    # ... but "you" is the user
    report = checker.check_turn("You have owned a dog for years.", state)
    assert [f.type for f in report.flags] == [FlagType.CONTRADICTS_PRIOR]
