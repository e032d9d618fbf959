"""True replies that two blind trials (a builders' merchant, a car dealer group) saw made false,
each rule shown here in a domain of its own (a garden centre): a clause joined after a value is
no value, a verb's preposition before a value is not part of it, an amount worked out with a
percentage added, an amount the sentence does not call a least read against a minimum, an offer
on a condition is no restatement of the request, a sentence that names the thing holding a
value is not rewritten to another item's, the head of a name is that thing's name, not a shorter
label's, another brand's name is not the KB's name said short, "has been" helps a verb, and an
amount the reply states as a total leaves its parts alone."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.tools import ToolResult
from tests.conftest import checker_over

NOW = "2026-05-06T10:00:00+00:00"

GARDEN = """
ex:Board a owl:Class ; rdfs:label "decking board" .
ex:Gravel a owl:Class ; rdfs:label "gravel" .
ex:Planter a owl:Class ; rdfs:label "planter" .
ex:thickness a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "thickness" ;
    rdfs:range xsd:decimal ; kgc:unit "mm" ; kgc:lexicalForm "thick" .
ex:grade a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "grade" ;
    rdfs:range xsd:string ; kgc:lexicalForm "graded" .
ex:price a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "price" ;
    rdfs:range xsd:decimal ; kgc:unit "GBP" .
ex:vatRate a owl:DatatypeProperty ; rdfs:label "VAT rate" ; rdfs:range xsd:decimal ;
    kgc:unit "%" .
ex:minimumLoose a owl:DatatypeProperty , owl:FunctionalProperty ;
    rdfs:label "minimum loose order" ; rdfs:range xsd:decimal ; kgc:unit "t" ;
    rdfs:comment "Minimum tonnage for a loose delivery, in tonnes." .
ex:colour a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "colour" ;
    rdfs:range xsd:string .
ex:cedar a ex:Board ; rdfs:label "Cedar Deck Board" ; ex:thickness 28 ; ex:grade "BS 8417" ;
    ex:price 12.40 .
ex:shop a owl:NamedIndividual ; rdfs:label "Greenway Garden Centre" ; ex:vatRate 20 .
ex:pea a ex:Gravel ; rdfs:label "Pea Gravel" ; ex:minimumLoose 6 ; ex:price 42.00 .
ex:oak a ex:Planter ; rdfs:label "Oak Barrel Planter" ; ex:colour "Natural Oak" ;
    ex:price 64.00 .
ex:slate a ex:Planter ; rdfs:label "Slate Cube Planter" ; ex:colour "Charcoal" ;
    ex:price 89.00 .
ex:Range a owl:Class ; rdfs:label "range" .
ex:Bed a owl:Class ; rdfs:label "raised bed" .
ex:Compost a owl:Class ; rdfs:label "compost" .
ex:material a owl:DatatypeProperty ; rdfs:label "material" ; rdfs:range xsd:string ;
    kgc:lexicalForm "has" , "made of" .
ex:hartley a ex:Range ; rdfs:label "Hartley Pine" .
ex:bed a ex:Bed ; rdfs:label "Hartley Pine Raised Bed 1.2m" ; ex:price 45.00 ;
    ex:material "pine" .
ex:greenway a ex:Compost ; rdfs:label "Greenway Peat-free Compost 50L" ; ex:price 6.50 .
ex:Zone a owl:Class ; rdfs:label "delivery zone" .
ex:minMiles a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "start distance" ;
    rdfs:range xsd:decimal ; kgc:unit "mile" ; kgc:precedes ex:maxMiles .
ex:maxMiles a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "end distance" ;
    rdfs:range xsd:decimal ; kgc:unit "mile" .
ex:zone2 a ex:Zone ; rdfs:label "Zone 2" ; ex:minMiles 5 ; ex:maxMiles 15 .
ex:loanTools a owl:DatatypeProperty ; rdfs:label "number of loan tools" ;
    rdfs:range xsd:integer .
ex:shop ex:loanTools 2 .
ex:box a ex:Planter ; rdfs:label "Greenway Cedar Planter Box Large" ; ex:price 40.00 .
"""


@pytest.fixture(scope="module")
def garden(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    # (the first tool result read loads its readers: no time budget to trip under load)
    return checker_over(tmp_path_factory.mktemp("garden"), GARDEN, now=NOW, budget_s=None)


def check(
    checker: Checker, reply: str, state: DialogueState | None = None
) -> tuple[str, list[str]]:
    state = state if state is not None else DialogueState(session_id="g", now=NOW)
    report = checker.check_turn(reply, state, record=False)
    assert not report.errors
    return report.text, [f.content for f in report.flags if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "reply",
    [
        # what follows "and" is a clause of its own, not the thickness
        "The Cedar Deck Board? It's 28mm thick and comes in standard 4800 x 145mm boards.",
        # the verb's preposition is not part of the grade
        "Our Cedar Deck Board is graded to BS 8417 and kiln dried, and it's £12.40 a board.",
        # £14.88 is £12.40 with VAT at 20 %: worked out, no price of the board
        "Prices exclude VAT, which is added at 20%. So a £12.40 Cedar Deck Board is £14.88 "
        "with VAT.",
    ],
)
def test_a_true_reply_is_left_as_written(garden: Checker, reply: str) -> None:
    text, _ = check(garden, reply)
    assert text == reply


def test_an_amount_not_called_a_least_is_not_corrected_to_a_minimum(garden: Checker) -> None:
    reply = "Eight tonnes of Pea Gravel delivered loose comes to £336."
    assert check(garden, reply)[0] == reply
    # said as the minimum, a wrong figure is still corrected
    wrong = "The minimum loose order for Pea Gravel is 8 tonnes."
    text, flagged = check(garden, wrong)
    assert "8 tonnes" in flagged
    assert "6" in text


def test_an_offer_on_a_condition_does_not_restate_the_request(garden: Checker) -> None:
    state = DialogueState(session_id="g", now=NOW)
    state.add_turn("user", "Can I get 12 bags of compost from the Leeds store?")
    state.add_call(
        ToolResult("check_stock", [{"product": "Peat-free Compost 50L", "in_stock": 30}])
    )
    reply = (
        "Yes, there are 30 bags of Peat-free Compost 50L at Leeds, so 12 is fine. They've also got "
        "18 bags of bark mulch if you need some."
    )
    assert check(garden, reply, state)[0] == reply


def test_a_sentence_naming_the_holder_of_a_value_is_not_rewritten(garden: Checker) -> None:
    reply = "The Oak Barrel Planter is £64. The Slate Cube Planter is in Charcoal at £89."
    assert check(garden, reply)[0] == reply


def test_the_head_of_a_things_name_names_it_not_a_shorter_label(garden: Checker) -> None:
    # "Hartley Pine Raised Bed" opens the bed's name; "Hartley Pine" is the range's label
    text, flagged = check(garden, "The Hartley Pine Raised Bed is £54.")
    assert "£54" in flagged
    assert "45" in text
    assert check(garden, "The Hartley Pine Raised Bed is £45.")[1] == []


def test_another_brands_name_is_not_the_kbs_name_said_short(garden: Checker) -> None:
    reply = "We've swapped it for Bloomfield Peat-free Compost 50L at £5.90."
    assert check(garden, reply)[0] == reply


def test_has_been_helps_a_verb_and_states_nothing_had(garden: Checker) -> None:
    reply = "The Hartley Pine Raised Bed 1.2m has been replaced with a larger cedar bed."
    assert check(garden, reply)[0] == reply


def test_the_parts_of_a_total_the_reply_states_are_left_alone(garden: Checker) -> None:
    state = DialogueState(session_id="g", now=NOW)
    state.add_turn("user", "How much to fix my hedge trimmer?")
    state.add_call(
        ToolResult(
            "quote_repair",
            {
                "job": "Replace hedge trimmer blade",
                "labour": 40,
                "part": 25,
                "call_out": 30,
                "total": 95,
                "currency": "GBP",
            },
        )
    )
    reply = "It would cost £95 in total: £40 labour, £25 for the part and the £30 call-out."
    text, flagged = check(garden, reply, state)
    assert text == reply
    assert flagged == []


def test_a_distance_inside_a_range_is_no_end_of_it(garden: Checker) -> None:
    reply = "At 8 miles you'd be in Zone 2, which covers 5 to 15 miles from the centre."
    assert check(garden, reply) == (reply, [])


def test_a_field_its_description_calls_money_holds_money(garden: Checker) -> None:
    schema = {
        "type": "object",
        "properties": {"gross": {"type": "number", "description": "Amount with VAT, GBP"}},
    }

    def state() -> DialogueState:
        s = DialogueState(session_id="g", now=NOW)
        s.add_turn("user", "What do I owe?")
        s.add_call(ToolResult("get_invoice", {"invoice": "INV-1", "gross": 672.0}, schema=schema))
        return s

    assert check(garden, "Invoice INV-1 is for £672.00.", state())[1] == []
    assert check(garden, "Invoice INV-1 is for £627.00.", state())[1] == ["£627.00"]


def test_a_rows_kind_from_its_tool_says_nothing_of_what_else_it_is(garden: Checker) -> None:
    state = DialogueState(session_id="g", now=NOW)
    state.add_turn("user", "Any benches?")
    rows = [{"title": "Teak Garden Bench 150cm", "year": 2024, "price": 240}]
    state.add_call(ToolResult("search_stock", rows))
    reply = "The Teak Garden Bench 150cm is £240 — it's a 2024 model."
    assert check(garden, reply, state) == (reply, [])


def test_what_a_search_found_is_its_rows_not_a_kb_count(garden: Checker) -> None:
    rows = [{"title": f"Loan Tool {n}", "price": 10 + n} for n in range(3)]

    def state() -> DialogueState:
        s = DialogueState(session_id="g", now=NOW)
        s.add_turn("user", "What loan tools are free?")
        s.add_call(ToolResult("search_stock", rows))
        return s

    # the KB counts 2 loan tools; the search returned 3 tools
    assert check(garden, "I found 3 tools for you.", state())[1] == []
    assert check(garden, "I found 4 tools for you.", state())[1] == ["4"]


def test_the_head_of_a_name_said_without_its_first_word(garden: Checker) -> None:
    text, flagged = check(garden, "The Cedar Planter Box is £45.")
    assert flagged == ["£45"]
    assert "40" in text
    assert check(garden, "The Cedar Planter Box is £40.")[1] == []
