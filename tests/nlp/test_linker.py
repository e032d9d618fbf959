"""Entity linking over the Acme KB: labels, aliases, short names, typos and unknown names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kgcheck import DialogueState
from kgcheck.nlp.analysis import Mention, TurnAnalysis
from tests.conftest import EX, NOW, local

Analyse = Callable[..., TurnAnalysis]


def mention(analysis: TurnAnalysis, text: str) -> Mention:
    found = [m for m in analysis.mentions if m.text == text]
    assert len(found) == 1, [m.text for m in analysis.mentions]
    return found[0]


@pytest.mark.parametrize(
    ("text", "name", "iri", "how"),
    [
        ("Dr. Amira Patel works in Cardiology.", "Dr. Amira Patel", "amiraPatel", "exact"),
        ("Amira Patel works in Cardiology.", "Amira Patel", "amiraPatel", "exact"),
        ("Rosa Delgado is a nurse.", "Rosa Delgado", "rosaDelgado", "exact"),  # foaf:name
        ("Marcus Johnson is in Radiology.", "Marcus Johnson", "marcusJohnson", "exact"),
        ("The ER is busy.", "ER", "emergencyMedicine", "exact"),  # altLabel
        ("Ask the HR team.", "HR", "humanResources", "exact"),
        ("IT is led by Daniel Kim.", "IT", "itSupport", "exact"),
        ("She is in the Analytics team.", "Analytics team", "analytics", "exact"),
        ("Data Analytics is small.", "Data Analytics", "analytics", "exact"),
        ("Priya Raman is at Harbor Point.", "Harbor Point", "harborPointOffice", "exact"),
        ("Patel works in Cardiology.", "Patel", "amiraPatel", "short"),
        ("Dr. Patel works in Cardiology.", "Dr. Patel", "amiraPatel", "short"),
        ("Please ask Dr. Reyes about it.", "Dr. Reyes", "miguelReyes", "short"),
        ("Dr. Amira Patell works in Cardiology.", "Dr. Amira Patell", "amiraPatel", "fuzzy"),
        ("Amira Patell works in Cardiology.", "Amira Patell", "amiraPatel", "fuzzy"),
        ("Please call Kwame Mensha.", "Kwame Mensha", "kwameMensah", "fuzzy"),
    ],
)
def test_linker_resolves_kb_names(
    analyse: Analyse, text: str, name: str, iri: str, how: str
) -> None:
    m = mention(analyse(text), name)
    assert (m.kind, local(m.iri), m.how) == ("entity", iri, how)


def test_linker_title_is_recorded(analyse: Analyse) -> None:
    assert mention(analyse("Dr. Amira Patel works in Cardiology."), "Dr. Amira Patel").title == "dr"


def test_linker_ambiguous_short_name_keeps_every_candidate(analyse: Analyse) -> None:
    m = mention(analyse("Chris works in Pediatrics."), "Chris")
    assert m.kind == "ambiguous"
    assert m.iri is None
    assert {local(c) for c in m.candidates} == {"chrisAlvarez", "chrisMorgan"}


def test_linker_ambiguous_short_name_resolved_by_context(analyse: Analyse) -> None:
    analysis = analyse("Chris works in Pediatrics.", context=(EX + "chrisAlvarez",))
    m = mention(analysis, "Chris")
    assert (m.kind, local(m.iri), m.how) == ("entity", "chrisAlvarez", "context")


@pytest.mark.parametrize(
    ("text", "name", "class_hint"),
    [
        ("Dr. Helen Brooks leads Oncology.", "Dr. Helen Brooks", "Doctor"),
        ("Nurse Karen Whitfield works in Oncology.", "Nurse Karen Whitfield", "Nurse"),
        ("You could ask Jonathan Pryce.", "Jonathan Pryce", None),
    ],
)
def test_linker_unknown_names_with_class_hint(
    analyse: Analyse, text: str, name: str, class_hint: str | None
) -> None:
    m = mention(analyse(text), name)
    assert m.kind == "name"
    assert m.iri is None
    assert local(m.class_hint) == class_hint


@pytest.mark.parametrize(
    ("text", "name", "class_hint"),
    [
        ("Ask Dr. Helen Brooks about it.", "Dr. Helen Brooks", "Doctor"),
        ("Contact Nurse Karen Whitfield today.", "Nurse Karen Whitfield", "Nurse"),
    ],
)
def test_linker_title_after_sentence_opener_is_kept(
    analyse: Analyse, text: str, name: str, class_hint: str
) -> None:
    m = mention(analyse(text), name)
    assert (m.kind, local(m.class_hint)) == ("name", class_hint)


def test_linker_name_with_unrelated_affiliation_is_unknown(analyse: Analyse) -> None:
    analysis = analyse("You could ask Sarah from the Analytics team.")
    sarah = mention(analysis, "Sarah")
    assert sarah.kind == "name"
    assert sarah.iri is None
    assert local(sarah.affiliation) == "analytics"
    assert [local(c) for c in sarah.candidates] == ["sarahLee"]  # the near miss is kept
    assert local(mention(analysis, "Analytics team").iri) == "analytics"


def test_linker_name_with_matching_affiliation_is_the_member(analyse: Analyse) -> None:
    sarah = mention(analyse("Ask Sarah from Finance."), "Sarah")
    assert (sarah.kind, local(sarah.iri), local(sarah.affiliation)) == (
        "entity",
        "sarahLee",
        "finance",
    )


@pytest.mark.parametrize(
    "text",
    [
        "Thanks for asking!",
        "However, it is late.",
        "Monday is busy.",
        "Analyze the numbers.",  # a capitalised word opening a sentence is not a typo
        "it is what it is.",  # a lower-case 'it' is not IT Support
    ],
)
def test_linker_common_words_are_not_entities(analyse: Analyse, text: str) -> None:
    assert [m for m in analyse(text).mentions if m.kind != "pronoun"] == []


@pytest.mark.parametrize(
    ("text", "pronoun", "iri"),
    [
        ("Amira Patel leads Cardiology. She is busy.", "She", "amiraPatel"),
        ("Kwame Mensah reports to Amira Patel. He is busy.", "He", "kwameMensah"),
        ("Kwame Mensah reports to Amira Patel. Her room is C-310.", "Her", "amiraPatel"),
        ("Amira Patel leads Cardiology. Its budget is big.", "Its", "cardiology"),
    ],
)
def test_linker_pronouns_resolve_to_most_recent_compatible_mention(
    analyse: Analyse, text: str, pronoun: str, iri: str
) -> None:
    m = mention(analyse(text), pronoun)
    assert (m.kind, local(m.iri)) == ("pronoun", iri)


def test_linker_pronoun_without_antecedent_uses_context(analyse: Analyse) -> None:
    m = mention(analyse("She works in Cardiology.", context=(EX + "amiraPatel",)), "She")
    assert (local(m.iri), m.how) == ("amiraPatel", "context")


def test_linker_pronoun_without_antecedent_or_context_is_unresolved(analyse: Analyse) -> None:
    assert mention(analyse("She works in Cardiology."), "She").iri is None


def test_linker_fuzzy_can_be_switched_off(make_checker: Callable[..., object]) -> None:
    body = 'ex:amira a foaf:Person ; rdfs:label "Amira Patel" .\n'
    checker = make_checker(body, knowledge_base={"fuzzy": False})
    analysis = checker.analyzer.analyse("Amira Patell called.")  # type: ignore[attr-defined]
    (m,) = analysis.mentions
    assert (m.kind, m.iri) == ("name", None)


def test_linker_title_gender_is_a_hint_for_pronouns(analyse: Analyse) -> None:
    analysis = analyse("Mr. John Doe met Ms. Jane Roe. She works in Oncology and he works in IT.")
    she, he = (m for m in analysis.mentions if m.kind == "pronoun")
    assert she.candidates == ("Ms. Jane Roe",)
    assert he.candidates == ("Mr. John Doe",)


def test_linker_without_gender_pronouns_take_the_subject(analyse: Analyse) -> None:
    # no title and no KB gender: gender is never a requirement, the subject is the most salient
    analysis = analyse("Chris Morgan called Karen Whitfield. He works in Oncology.")
    (he,) = (m for m in analysis.mentions if m.kind == "pronoun")
    assert he.candidates == ("Chris Morgan",)


def test_linker_a_word_opening_a_sentence_is_no_short_name_of_what_it_ends(
    make_checker: Callable[..., object],
) -> None:
    """Blind trial (energy): "Installation takes about 12 days" linked "Installation" to
    "Smart Meter Installation" and corrected its lead time to the visit's 2 hours; a first name
    that is also a word ("Grace") still names its person."""
    body = (
        'ex:sm a ex:Service ; rdfs:label "Smart Meter Installation" .\n'
        'ex:grace a foaf:Person ; rdfs:label "Grace Okafor" .\n'
    )
    checker = make_checker(body, nli={"model": "none"})
    analyse = checker.analyzer.analyse  # type: ignore[attr-defined]
    assert [m.iri for m in analyse("Installation takes about 12 days.").mentions] == []
    assert mention(analyse("Grace charges £75 to come out."), "Grace").iri.endswith("#grace")


def test_linker_reads_a_kb_name_in_the_plural(make_checker: Callable[..., object]) -> None:
    # a blind trial's car hire: "two Kia Niro EVs" are of the model "Kia Niro EV", not a name
    # the KB lacks
    checker = make_checker(
        'ex:Model a owl:Class ; rdfs:label "model" .\n'
        'ex:niro a ex:Model ; rdfs:label "Kia Niro EV" .\n'
    )
    report = checker.check_turn("There are two Kia Niro EVs left.")  # type: ignore[attr-defined]
    assert [(m.text, m.iri) for m in report.analysis.mentions if m.kind == "entity"] == [
        ("Kia Niro EVs", "https://example.org/t#niro")
    ]
    assert report.flags == []


def test_linker_a_value_the_kb_holds_whole_is_no_short_name_of_a_thing(
    make_checker: Callable[..., object],
) -> None:
    # SGD's hotels: "New York" is a hotel's city, and only a stretch of another hotel's name;
    # read as that hotel, "Their phone is ..." after "... in New York" was "corrected" to its
    checker = make_checker(
        'ex:Hotel a owl:Class ; rdfs:label "hotel" .\n'
        'ex:city a owl:DatatypeProperty ; rdfs:label "city" .\n'
        'ex:days a ex:Hotel ; rdfs:label "Days Inn By Wyndham Hotel New York City-Broadway" ;\n'
        '    ex:city "New York" .\n'
        'ex:hostel a ex:Hotel ; rdfs:label "Broadway Hotel & Hostel" ; ex:city "New York" .\n'
    )
    report = checker.check_turn(  # type: ignore[attr-defined]
        "You are booked at the Broadway Hotel & Hostel in New York."
    )
    assert [(m.text, m.iri) for m in report.analysis.mentions if m.kind == "entity"] == [
        ("Broadway Hotel & Hostel", "https://example.org/t#hostel")
    ]
    # a stretch the KB holds as no value still names the one thing whose name holds it
    report = checker.check_turn("The Wyndham Hotel is in New York.")  # type: ignore[attr-defined]
    assert ("Wyndham Hotel", "https://example.org/t#days") in [
        (m.text, m.iri) for m in report.analysis.mentions if m.kind == "entity"
    ]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("There's Eagles vs Cowboys at the stadium at 6 pm.", "Eagles vs Cowboys"),
        ("Tickets for Mets versus Braves are left.", "Mets versus Braves"),
    ],
)
def test_linker_a_match_of_two_teams_is_one_name(analyse: Analyse, text: str, name: str) -> None:
    # SGD's events: "Eagles vs Cowboys" read as two one-word names was too little to call
    # either unknown; the match is one name
    assert [m.text for m in analyse(text).mentions if m.kind == "name"] == [name]


HOTELS = """
ex:Hotel a owl:Class ; rdfs:label "hotel" .
ex:city a owl:DatatypeProperty ; rdfs:label "city" ; rdfs:range xsd:string .
ex:street a owl:DatatypeProperty ; rdfs:label "street address" ; rdfs:range xsd:string .
ex:ace a ex:Hotel ; rdfs:label "Ace Hotel London" ; ex:city "London" ;
    ex:street "100 Shoreditch High Street" .
ex:abc a ex:Hotel ; rdfs:label "Abc Hyde Park Hotel" ; ex:city "London" ;
    ex:street "121 Sussex Gardens" .
ex:Branch a owl:Class ; rdfs:label "branch" .
ex:kestrel a ex:Branch ; rdfs:label "Kestrel Sheffield" ; ex:city "Sheffield" .
"""


def test_a_short_name_that_is_a_value_of_other_things_is_a_value(
    make_checker: Callable[..., Any],
) -> None:
    # "London" ends the Ace Hotel London's name, but is the city of other hotels too: a value,
    # which does not make the Ace Hotel what the conversation is about; "Sheffield" is held by
    # Kestrel Sheffield alone, and stays its short name
    checker = make_checker(HOTELS, nli={"model": "none"})
    text = "I booked 3 rooms at the Abc Hyde Park Hotel in London, near Kestrel Sheffield."
    mentions = {m.text: m for m in checker.analyzer.analyse(text, kb=checker.kb).mentions}
    assert mentions["London"].how == "value"
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("assistant", "I am booking 3 rooms at the Abc Hyde Park Hotel in London.")
    state.add_turn("user", "What is the address of the hotel?")
    reply = "The address of the hotel is 121 Sussex Gardens."
    assert checker.check_turn(reply, state).text == reply


def test_a_short_name_its_own_thing_alone_holds_as_a_value_is_its_name(
    make_checker: Callable[..., Any],
) -> None:
    checker = make_checker(HOTELS, nli={"model": "none"})
    analysis = checker.analyzer.analyse("Sheffield opens at 9am.", kb=checker.kb)
    (sheffield,) = [m for m in analysis.mentions if m.text == "Sheffield"]
    assert sheffield.how == "short"
    assert sheffield.iri == "https://example.org/t#kestrel"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("There is a clinic called quillon family health nearby.", "quillon family health"),
        ("Try the cafe named blue door, which opens at 8.", "blue door"),
        ("The team is called Data Analytics.", "Data Analytics"),
        ("The playlist is called Shake Things Loose.", "Shake Things Loose"),
    ],
)
def test_linker_reads_what_a_naming_verb_names_whatever_its_case(
    analyse: Analyse, text: str, name: str
) -> None:
    assert name in [m.text for m in analyse(text).mentions if m.kind in {"name", "entity"}]


def test_linker_reads_a_name_a_verb_opens_after_a_naming_verb(analyse: Analyse) -> None:
    # (where it ends, a parse and a pipeline without one read differently: "up" is a particle)
    names = [m.text for m in analyse("You have an alarm named Pick up kids.").mentions]
    assert [n for n in names if n.startswith("Pick")]


def test_linker_a_verb_of_calling_someone_names_nothing(analyse: Analyse) -> None:
    assert not [m for m in analyse("They can be called at 4413.").mentions if m.kind == "name"]
    # a name the reading would cut inside a word ("Arc The.Hotel") is left to the other readings
    assert "Quill The" not in [m.text for m in analyse("It is called Quill The.Inn now.").mentions]
    analysis = analyse("We called Dr. Amira Patel yesterday and she called back.")
    assert [m.text for m in analysis.mentions if m.kind in {"name", "entity"}] == [
        "Dr. Amira Patel"
    ]
