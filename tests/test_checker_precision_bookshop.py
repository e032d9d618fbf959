"""Precision on a bookshop chain written from the README alone (``tests/fixtures/bookshop``),
with the embedded NLI model on: passives, appositives, relative and participial clauses and
conjunctions, true and false. A flag on a true reply is as serious as a missed false one.

The checker reads with the configured pipeline (the parser when installed; CI runs this file
again with ``KGCHECK_NLP__PIPELINE=blank``); the false replies only the parse reads are skipped
on the blank one.
"""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.types import Decision
from tests.conftest import FIXTURES, NOW

BOOKSHOP = FIXTURES / "bookshop_catalogue" / "kgcheck.yaml"


@pytest.fixture(scope="module")
def bookshop() -> Checker:
    return Checker.from_config(BOOKSHOP)


def acted(checker: Checker, reply: str) -> list[tuple[str, str]]:
    """``(type, content)`` of the flags the mitigator acts on (at or above the threshold)."""
    report = checker.check_turn(reply, DialogueState(session_id="b", now=NOW))
    return [(f.type, f.content) for f in report.flags if f.confidence >= 0.5]


TRUE_REPLIES = [
    "Dune was written by Frank Herbert.",
    "Frank Herbert wrote Dune and Dune Messiah.",
    "Dune and Dune Messiah were written by Frank Herbert.",
    "Frank Herbert, born in Tacoma, wrote Dune.",
    "Frank Herbert, who was born in Tacoma, wrote Dune Messiah.",
    "Ursula Le Guin, who wrote Tehanu, was born in Berkeley.",
    "The Riverside branch stocks Dune and Tehanu.",
    "Tehanu is stocked by the Riverside branch.",
    "The Harbour branch does not stock Tehanu.",
    "Tehanu is not stocked by the Harbour branch.",
    "Maya Cole, a bookseller, works at the Riverside branch.",
    "Maya Cole works at the Riverside branch and Tom Ash works at the Harbour branch.",
    "The genre of Dune is science fiction.",
    "The literary genre of Tehanu is fantasy.",
    "Dune costs $18.99.",
    "Tehanu, written by Ursula Le Guin, is stocked by the Riverside branch.",
]


@pytest.mark.parametrize("reply", TRUE_REPLIES)
def test_bookshop_true_reply_is_accepted_untouched(bookshop: Checker, reply: str) -> None:
    report = bookshop.check_turn(reply, DialogueState(session_id="b", now=NOW))
    assert [f for f in report.flags if f.confidence >= 0.5] == []
    assert report.decision == Decision.ACCEPT
    assert report.text == reply


FALSE_REPLIES = [
    # passives: the agent is the subject
    ("Dune was written by Ursula Le Guin.", ("wrong_attribute", "Dune"), False),
    (
        "Tehanu is stocked by the Harbour branch.",
        ("contradicts_fact", "Tehanu is stocked by the Harbour branch"),
        False,
    ),
    (
        "The Harbour branch stocks Tehanu.",
        ("contradicts_fact", "Harbour branch stocks Tehanu"),
        False,
    ),
    ("Dune and Tehanu were written by Frank Herbert.", ("wrong_attribute", "Tehanu"), False),
    # participial and relative clauses, appositives: the subject is the name they hang from
    ("Frank Herbert, born in Portland, wrote Dune.", ("wrong_attribute", "Portland"), False),
    ("Ursula Le Guin, who was born in Tacoma, wrote Tehanu.", ("wrong_attribute", "Tacoma"), False),
    (
        "Dune Messiah, written by Ursula Le Guin, is stocked by the Riverside branch.",
        ("wrong_attribute", "Dune Messiah"),
        False,
    ),
    ("Maya Cole, an author, works at the Riverside branch.", ("contradicts_fact", None), True),
    # one claim per conjunct
    ("Frank Herbert wrote Dune and Tehanu.", ("wrong_attribute", "Tehanu"), False),
    # "the <adjective> X of Y"
    ("The literary genre of Dune is fantasy.", ("wrong_attribute", "fantasy"), True),
    ("Tom Ash works at the Riverside branch.", ("wrong_attribute", "Riverside branch"), False),
    ("Dune costs $25.00.", ("wrong_attribute", "$25.00"), False),
]


@pytest.mark.parametrize(("reply", "flag", "needs_parse"), FALSE_REPLIES)
def test_bookshop_false_reply_is_caught(
    bookshop: Checker, reply: str, flag: tuple[str, str | None], needs_parse: bool
) -> None:
    if needs_parse and bookshop.analyzer.pipeline_name == "blank:en":
        pytest.skip("read from the dependency parse only")
    found = acted(bookshop, reply)
    assert len(found) == 1, found
    kind, content = found[0]
    assert kind == flag[0]
    if flag[1] is not None:
        assert content == flag[1]
