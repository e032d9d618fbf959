"""``nonexistent_entity``: names neither the KB nor the conversation knows; typos of KB names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kgcheck import Checker, ConfigError, DialogueState, FlagType
from kgcheck.config import config_from_dict
from kgcheck.detectors.base import DetectionContext
from kgcheck.detectors.nonexistent_entity import NonexistentEntityDetector
from tests.conftest import EX, FIXTURES, NOW

Detect = Callable[..., list[Any]]
NAME = "nonexistent_entity"


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Dr. Helen Brooks leads Oncology.", "Dr. Helen Brooks"),
        ("Nurse Karen Whitfield works in Oncology.", "Nurse Karen Whitfield"),
        ("You could ask Dr. Helen Brooks.", "Dr. Helen Brooks"),
        ("You could ask Sarah from the Analytics team.", "Sarah"),
        ("Karen Whitfield's extension is 4000.", "Karen Whitfield"),
        ("Dr. Helen Brooks does not lead Oncology.", "Dr. Helen Brooks"),
    ],
)
def test_nonexistent_entity_fires_on_unknown_people(
    detect: Detect, text: str, content: str
) -> None:
    (flag,) = detect(NAME, text)
    assert flag.type == FlagType.NONEXISTENT_ENTITY
    assert flag.detector == NAME
    assert flag.content == content
    assert text[flag.span.start : flag.span.end] == content
    assert flag.kb_strength == 1.0  # every person is listed: ex:Person is closed-world
    assert any(e.kind == "kb_absence" and "closed world" in e.text for e in flag.evidence)


def test_nonexistent_entity_affiliation_lists_the_real_members(detect: Detect) -> None:
    (flag,) = detect(NAME, "You could ask Sarah from the Analytics team.")
    members = next(e.text for e in flag.evidence if "Analytics" in e.text)
    for person in ("Priya Raman", "Tom Okafor", "Lucas Ferreira"):
        assert person in members
    assert "Sarah Lee" in (flag.suggestion or "")  # the near miss elsewhere in the KB


@pytest.mark.parametrize(
    ("text", "content", "correction", "iri"),
    [
        (
            "Dr. Amira Patell works in Cardiology.",
            "Dr. Amira Patell",
            "Dr. Amira Patel",
            "amiraPatel",
        ),
        ("Amira Patell works in Cardiology.", "Amira Patell", "Dr. Amira Patel", "amiraPatel"),
        ("Please call Kwame Mensha.", "Kwame Mensha", "Dr. Kwame Mensah", "kwameMensah"),
    ],
)
def test_nonexistent_entity_typo_of_a_kb_name_is_corrected(
    detect: Detect, text: str, content: str, correction: str, iri: str
) -> None:
    (flag,) = detect(NAME, text)
    assert flag.content == content
    assert flag.correction == correction
    assert flag.correction_span == flag.span
    assert flag.focus == EX + iri
    assert flag.evidence[0].kind == "kb"
    assert flag.evidence[0].triples[0][0] == EX + iri
    assert flag.kb_strength == 0.5  # a typo is less decisive than an unknown name


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Amira Patel works in Cardiology.",
        "Amira Patel works in Cardiology.",
        "Dr. Patel works in Cardiology.",  # short name
        "Patel works in Cardiology.",
        "Chris works in Pediatrics.",  # ambiguous, but a KB name
        "Rafael Costa leads the ER.",  # alias
        "Beatriz Santos leads HR.",
        "Priya Raman is based at Harbor Point.",
        "Ask Sarah from Finance.",  # the member the affiliation points to
        "Riverside Campus is located in Portland.",  # a literal object, not an entity
        "Thanks, have a great Monday!",
        "",
    ],
)
def test_nonexistent_entity_silent_on_known_names(detect: Detect, text: str) -> None:
    assert detect(NAME, text) == []


def test_nonexistent_entity_silent_on_names_the_user_introduced(detect: Detect) -> None:
    state = DialogueState()
    state.add_turn("user", "Is Karen Whitfield in Oncology?")
    assert detect(NAME, "Karen Whitfield is not on record.", state) == []


def test_nonexistent_entity_assistant_turns_do_not_introduce_names(detect: Detect) -> None:
    state = DialogueState()
    state.add_turn("assistant", "Karen Whitfield works in Oncology.")
    assert len(detect(NAME, "Karen Whitfield works in Oncology.", state)) == 1


@pytest.mark.parametrize(
    "text", ["Harbor Point Office is in Portland.", "Riverside is in Portland."]
)
def test_nonexistent_entity_silent_on_kb_literal_values(detect: Detect, text: str) -> None:
    assert detect(NAME, text) == []


def test_nonexistent_entity_typos_can_be_switched_off(acme_checker: Any) -> None:
    detector = NonexistentEntityDetector({"report_typos": False})
    ctx = DetectionContext(
        analysis=acme_checker.analyzer.analyse("Dr. Amira Patell works in Cardiology."),
        kb=acme_checker.kb,
        state=DialogueState(),
        now=None,
    )
    assert detector.detect(ctx) == []


def test_nonexistent_entity_open_world_strength_is_configurable(acme_checker: Any) -> None:
    detector = NonexistentEntityDetector({"open_world_strength": 0.1})
    ctx = DetectionContext(
        analysis=acme_checker.analyzer.analyse("Westgate Tower is located in Salem."),
        kb=acme_checker.kb,
        state=DialogueState(),
        now=None,
    )
    (flag,) = detector.detect(ctx)
    assert flag.kb_strength == 0.1  # a site: ex:Site is not closed-world


def test_nonexistent_entity_unknown_param_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as info:
        NonexistentEntityDetector({"report_typo": True})
    assert "detectors.nonexistent_entity.params.report_typo" in str(info.value)


# The bookshop (tests/fixtures/bookshop): a KB nobody here wrote names with punctuation -------

BOOKSHOP = FIXTURES / "bookshop" / "kgcheck.yaml"


@pytest.fixture(scope="module")
def bookshop() -> Checker:
    return Checker.from_config(BOOKSHOP)


def unknown_names(checker: Checker, text: str) -> list[str]:
    report = checker.check_turn(text, DialogueState(session_id="b", now=NOW))
    return [f.content for f in report.flags if f.type == FlagType.NONEXISTENT_ENTITY]


@pytest.mark.parametrize(
    "text",
    [
        "A History of the College of William and Mary is published by Tidewater Press.",
        "Bootleg Series Volume 1: The Quine Tapes was written by Greta von Holt.",
        "Harbour & Sons published the Quine Tapes.",
        "PF Changs Kitchen Stories costs $19.99.",
        "Ames Street Books is located at 611 Ames Ave.",
        "The Dockside Reader is at 915 Arbol Dr. It is open today.",
        "the dockside reader is at 915 Arbol Drive.",
        "Snow is expected, so the author signing is at The Dockside Reader.",
        "There is an American edition of the Quine Tapes.",
        "Yes, the GPS says Ames Street Books is 2 miles away.",
        "Your Poetry Book Club is hosted at Ames Street Books at 5 PM.",
    ],
)
def test_nonexistent_entity_silent_on_true_bookshop_replies(bookshop: Checker, text: str) -> None:
    assert unknown_names(bookshop, text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "A History of the College of William & Mary was written by Martin Calloway.",
            "Martin Calloway",
        ),
        ("The Quine Tapes is published by Penguin Random House.", "Penguin Random House"),
        ("The author signing is held at Riverside Page Turners.", "Riverside Page Turners"),
        ("Greta von Holt also wrote The Silent Lighthouse.", "Silent Lighthouse"),
        ("Ames Street Books is next to Brixton & Lowe Books.", "Brixton & Lowe Books"),
    ],
)
def test_nonexistent_entity_made_up_bookshop_names_are_caught(
    bookshop: Checker, text: str, name: str
) -> None:
    assert unknown_names(bookshop, text) == [name]


# A café finder (``tests/fixtures/cafes``), written from the README alone: a one-word name is
# too little to call a place that does not exist ("GPS", "Yoga") unless the reply says what it
# is: listed with a KB place, measured like one, or given a place's address or kind.
CAFES = FIXTURES / "cafes" / "kgcheck.yaml"


@pytest.fixture(scope="module")
def cafes() -> Checker:
    return Checker.from_config(CAFES)


@pytest.mark.parametrize(
    "text",
    [
        "Lattea is 1 mile away.",
        "There is Crumbs 4 miles away and Blue Door Cafe 2 miles away.",
        "Lattea and Crumbs are both near.",
        "Crumbs is at 77 Quarry Lane.",
        "Lattea is a coffee shop nearby.",
        "Sure, Lattea is the closest. Setting GPS now.",
        "Traffic is light on the way to Lattea.",
        "Yes, Lattea is 1 mile away, you are welcome.",
        "Lattea, which is a lovely coffee shop, is 1 mile away.",
        "There is a coffee shop called lattea nearby.",
        "We called Lattea today.",
        "There is the coffee shop Lattea nearby.",
        "I'd go with a table at Lattea.",
    ],
)
def test_one_word_places_of_the_kb_are_not_flagged(cafes: Checker, text: str) -> None:
    report = cafes.check_turn(text, DialogueState(session_id="c"))
    assert report.flags == [], [f.message for f in report.flags]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Starbucks is 3 miles away.", "Starbucks"),  # measured like a place
        ("Here is a route to Costa, 4 miles away.", "Costa"),
        ("There is a Lattea and a Peets.", "Peets"),  # listed with a place
        ("Peets and Crumbs are both near.", "Peets"),
        ("Setting route to Arabica at 12 Harbor Road now.", "Arabica"),  # a place's address
        ("Costa is a coffee shop nearby.", "Costa"),  # a place's kind
        ("Costa, which is a lovely coffee shop, is near.", "Costa"),  # the kind's noun phrase
        ("There is a coffee shop called peets nearby.", "peets"),  # a name, whatever its case
        ("There is a coffee shop called blue bottle cafe nearby.", "blue bottle cafe"),
        ("There is the coffee shop Peets nearby.", "Peets"),  # the kind right before the name
    ],
)
def test_one_word_name_the_reply_makes_a_place_is_flagged(
    cafes: Checker, text: str, name: str
) -> None:
    report = cafes.check_turn(text, DialogueState(session_id="c"))
    unknown = [f for f in report.flags if f.type == FlagType.NONEXISTENT_ENTITY]
    assert [f.content for f in unknown] == [name]
    assert unknown[0].confidence >= 0.5
    assert report.decision != "accept"


def test_a_first_name_a_kb_label_builds_on_is_not_unknown(tmp_path: Any) -> None:
    # navigation tables name friends' homes "jills house": "Jill or Jack?" names them
    path = tmp_path / "kb.ttl"
    path.write_text(
        (FIXTURES / "cafes" / "ontology.ttl").read_text(encoding="utf-8")
        + """
cf:jill a cf:Place ; rdfs:label "jills house" ; cf:distance 4 .
cf:jack a cf:Place ; rdfs:label "jacks house" ; cf:distance 6 .
""",
        encoding="utf-8",
    )
    checker = Checker(
        config_from_dict({"knowledge_base": {"sources": [str(path)]}, "nli": {"model": "none"}})
    )
    for text in ["Jill or Jack?", "Jack or Jill?", "Jill is 4 miles away."]:
        assert checker.check_turn(text, DialogueState(session_id="c")).flags == [], text
    report = checker.check_turn("Costco and Jill are near.", DialogueState(session_id="c"))
    assert [f.content for f in report.flags if f.type == FlagType.NONEXISTENT_ENTITY] == ["Costco"]


def test_an_unknown_name_where_a_records_value_stands_is_flagged(
    make_checker: Callable[..., Checker],
) -> None:
    # a KB file of restaurants that hold values only (as a search's rows): a town none of them
    # is in, where the reply gives one, is as unknown as in the rows the search returned
    checker = make_checker(
        """
ex:Restaurant a owl:Class ; rdfs:label "restaurant" .
ex:city a owl:DatatypeProperty ; rdfs:label "city" ; rdfs:range xsd:string .
ex:cuisine a owl:DatatypeProperty ; rdfs:label "cuisine" ; rdfs:range xsd:string .
ex:daiki a ex:Restaurant ; rdfs:label "Daiki Sushi" ; ex:city "San Mateo" ; ex:cuisine "Sushi" .
ex:ginza a ex:Restaurant ; rdfs:label "Ginza Grill" ; ex:city "Oakland" ; ex:cuisine "Japanese" .
""",
        nli={"model": "none"},
    )

    def flagged(reply: str) -> list[str]:
        report = checker.check_turn(reply, DialogueState(session_id="t", now=NOW))
        return [f.content for f in report.flags if f.type == FlagType.NONEXISTENT_ENTITY]

    assert flagged("There are 2 restaurants. Daiki Sushi is in Pinole.") == ["Pinole"]
    assert flagged("There are 2 restaurants. Daiki Sushi is in San Mateo.") == []
