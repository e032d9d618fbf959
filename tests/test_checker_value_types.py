"""A value is checked only against a property it can be a value of: what two blind trials
(a grocer's and a mobile network's assistants) found rewritten from true to false, in a domain
of their kind written here (a grocer with bills, tickets, loyalty tiers and allergens). Each
true reply must come out as it went in; the false ones beside them are still caught."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.report import TurnReport

NOW = "2026-12-10T09:00:00+00:00"
ONTOLOGY = """
@prefix ex: <http://example.org/grocer#> .
@prefix kgc: <https://w3id.org/kgcheck#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

ex:Customer a owl:Class ; rdfs:label "customer" .
ex:Plan a owl:Class ; rdfs:label "plan" ; kgc:closedWorld true .
ex:Bill a owl:Class ; rdfs:label "bill" .
ex:BillStatus a owl:Class ; rdfs:label "bill status" ; kgc:closedWorld true .
ex:Ticket a owl:Class ; rdfs:label "fault ticket" .
ex:TicketStatus a owl:Class ; rdfs:label "ticket status" ; kgc:closedWorld true .
ex:DeliveryOption a owl:Class ; rdfs:label "delivery option" ; kgc:closedWorld true .
ex:Tier a owl:Class ; rdfs:label "loyalty tier" ; kgc:closedWorld true .
ex:Product a owl:Class ; rdfs:label "product" .
ex:Allergen a owl:Class ; rdfs:label "allergen" ; kgc:closedWorld true .
ex:Status a owl:Class ; rdfs:label "order status" ; kgc:closedWorld true .

ex:onPlan a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "plan" ;
    rdfs:domain ex:Customer ; rdfs:range ex:Plan ; kgc:lexicalForm "have" , "be on" .
ex:billOf a owl:ObjectProperty ; rdfs:label "bill of" ; rdfs:domain ex:Bill ;
    rdfs:range ex:Customer .
ex:billStatus a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "bill status" ;
    rdfs:domain ex:Bill ; rdfs:range ex:BillStatus .
ex:amount a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "amount" ;
    rdfs:domain ex:Bill ; rdfs:range xsd:decimal ; kgc:unit "GBP" .
ex:ticketStatus a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "ticket status" ;
    rdfs:domain ex:Ticket ; rdfs:range ex:TicketStatus .
ex:expectedFix a owl:DatatypeProperty , owl:FunctionalProperty ;
    rdfs:label "expected resolution" ; rdfs:domain ex:Ticket ; rdfs:range xsd:date ;
    kgc:lexicalForm "be fixed by" .
ex:reference a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "reference" ;
    rdfs:domain ex:Ticket ; rdfs:range xsd:string .
ex:slotLength a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "slot length" ;
    rdfs:domain ex:DeliveryOption ; rdfs:range xsd:duration ;
    kgc:lexicalForm "slot length" , "slot" .
ex:deliveryFee a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "delivery fee" ;
    rdfs:domain ex:DeliveryOption ; rdfs:range xsd:decimal ; kgc:unit "GBP" .
ex:freeDeliveries a owl:DatatypeProperty , owl:FunctionalProperty ;
    rdfs:label "free deliveries per month" ;
    rdfs:comment "Number of deliveries a month with no delivery fee." ;
    rdfs:domain ex:Tier ; rdfs:range xsd:integer .
ex:pointsPerPound a owl:DatatypeProperty , owl:FunctionalProperty ;
    rdfs:label "points per pound" ; rdfs:domain ex:Tier ; rdfs:range xsd:integer ;
    kgc:lexicalForm "earn" .
ex:containsAllergen a owl:ObjectProperty ; rdfs:label "contains allergen" ;
    rdfs:domain ex:Product ; rdfs:range ex:Allergen ; kgc:complete true ;
    kgc:lexicalForm "contain" .
ex:meaning a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "meaning" ;
    rdfs:domain ex:Status ; rdfs:range xsd:string ; kgc:lexicalForm "mean" .
ex:price a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "price" ;
    rdfs:domain ex:Product ; rdfs:range xsd:decimal ; kgc:unit "GBP" ;
    kgc:lexicalForm "cost" .
ex:pricePerKg a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "price per kg" ;
    rdfs:domain ex:Product ; rdfs:range xsd:decimal ; kgc:unit "GBP" .
ex:Zone a owl:Class ; rdfs:label "roaming zone" ; kgc:closedWorld true .
ex:Country a owl:Class ; rdfs:label "country" .
ex:inZone a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "roaming zone" ;
    rdfs:domain ex:Country ; rdfs:range ex:Zone ; kgc:lexicalForm "be in" .
ex:dailyFee a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:label "daily roaming fee" ;
    rdfs:domain ex:Zone ; rdfs:range xsd:decimal ; kgc:unit "GBP" ;
    kgc:lexicalForm "cost a day" , "daily roaming fee" .
"""
KB = """
@prefix ex: <http://example.org/grocer#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

ex:flow30 a ex:Plan ; rdfs:label "Flow 30" .
ex:spark15 a ex:Plan ; rdfs:label "Spark 15" .
ex:paid a ex:BillStatus ; rdfs:label "paid" .
ex:unpaid a ex:BillStatus ; rdfs:label "unpaid" .
ex:priya a ex:Customer ; rdfs:label "Priya Shah" ; ex:onPlan ex:flow30 .
ex:octBill a ex:Bill ; rdfs:label "Priya's October bill" ; ex:billOf ex:priya ;
    ex:billStatus ex:paid ; ex:amount "18.00"^^xsd:decimal .
ex:open a ex:TicketStatus ; rdfs:label "open" .
ex:resolved a ex:TicketStatus ; rdfs:label "resolved" ; skos:altLabel "fixed" .
ex:ft1 a ex:Ticket ; rdfs:label "FT-70245" ; ex:reference "FT-70245" ;
    ex:ticketStatus ex:open ; ex:expectedFix "2026-12-16"^^xsd:date .
ex:ft2 a ex:Ticket ; rdfs:label "FT-69980" ; ex:reference "FT-69980" ;
    ex:ticketStatus ex:resolved ; ex:expectedFix "2026-12-02"^^xsd:date .
ex:express a ex:DeliveryOption ; rdfs:label "Express Delivery" ;
    ex:slotLength "PT1H"^^xsd:duration ; ex:deliveryFee "6.95"^^xsd:decimal .
ex:sprout a ex:Tier ; rdfs:label "Sprout" ; ex:freeDeliveries 0 ; ex:pointsPerPound 1 .
ex:harvest a ex:Tier ; rdfs:label "Harvest" ; ex:freeDeliveries 2 ; ex:pointsPerPound 2 .
ex:milk a ex:Allergen ; rdfs:label "milk" ; skos:altLabel "dairy" .
ex:gluten a ex:Allergen ; rdfs:label "gluten" .
ex:celery a ex:Allergen ; rdfs:label "celery" .
ex:lasagne a ex:Product ; rdfs:label "Beef Lasagne" ;
    ex:containsAllergen ex:milk , ex:gluten , ex:celery .
ex:picking a ex:Status ; rdfs:label "being picked" ;
    ex:meaning "Staff at the depot are collecting the items." .
ex:yogurt a ex:Product ; rdfs:label "Greek Style Yogurt" ; ex:price "1.90"^^xsd:decimal ;
    ex:pricePerKg "3.80"^^xsd:decimal .
ex:world a ex:Zone ; rdfs:label "Rest of World Zone" ; ex:dailyFee "9.50"^^xsd:decimal .
ex:japan a ex:Country ; rdfs:label "Japan" ; ex:inZone ex:world .
"""


@pytest.fixture(scope="module")
def checker(tmp_path_factory: pytest.TempPathFactory) -> Checker:
    folder: Path = tmp_path_factory.mktemp("grocer")
    (folder / "ontology.ttl").write_text(ONTOLOGY, encoding="utf-8")
    (folder / "kb.ttl").write_text(KB, encoding="utf-8")
    sources = [str(folder / "ontology.ttl"), str(folder / "kb.ttl")]
    return Checker(
        config_from_dict(
            {"knowledge_base": {"sources": sources}, "nli": {"model": "none"}, "now": NOW}
        )
    )


def check(checker: Checker, reply: str, history: tuple[str, ...] = ()) -> TurnReport:
    state = DialogueState(session_id="types", now=NOW)
    for line in history:
        state.add_turn("user", line)
    return checker.check_turn(reply, state)


def acted(report: TurnReport) -> list[str]:
    return [f.content for f in report.flags if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "reply",
    [
        # "paid" is a bill status: no plan Priya is on, whatever "has" reads as
        "Hi Priya, yes, your October bill of £18.00 has been paid.",
        # a status to come is not the ticket's status now
        "Your fault ticket FT-70245 is open, and we aim to have it fixed by 16 December.",
        # "the same day" is no length of a slot
        "Express Delivery is £6.95 for a one-hour slot the same day if you order by 2pm.",
        # a description said in other words
        "'Being picked' means our staff at the depot are collecting your items.",
        # a count described with money after it takes no money; "per £1" is what a rate is per
        "Sprout members earn 1 point per £1, and Harvest members earn 2 points per £1.",
        # "dairy-free" does not say the lasagne is dairy
        "The Beef Lasagne contains milk, gluten and celery, so it isn't suitable for a "
        "dairy-free diet.",
        # an amount per kilogram is a price per kg, not the pot's price
        "A 500g pot of Greek Style Yogurt costs £1.90, which is £3.80 per kg.",
        # a country has no roaming fee: the zone the sentence names does
        "Japan is in our Rest of World Zone, where roaming costs £9.50 a day.",
    ],
)
def test_a_true_reply_with_a_value_of_another_type_is_untouched(
    checker: Checker, reply: str
) -> None:
    report = check(checker, reply)
    assert report.text == reply
    assert acted(report) == []


def test_a_false_value_of_the_right_type_is_still_caught(checker: Checker) -> None:
    wrong = "The slot length of Express Delivery is two hours."
    assert check(checker, wrong).text == "The slot length of Express Delivery is 1 hour."
    wrong = "Your fault ticket FT-70245 is fixed."
    assert check(checker, wrong).text == "Your fault ticket FT-70245 is open."
    wrong = "A 500g pot of Greek Style Yogurt costs £1.90, which is £4.80 per kg."
    assert acted(check(checker, wrong)) == ["£4.80"]
    wrong = "Japan is in our Rest of World Zone, where roaming costs £8.50 a day."
    assert acted(check(checker, wrong)) == ["£8.50"]


def test_a_description_said_otherwise_is_flagged_never_rewritten(checker: Checker) -> None:
    reply = "'Being picked' means the van has left the depot."
    report = check(checker, reply)
    assert [f.detector for f in report.flags if f.confidence >= 0.5] == ["wrong_attribute"]
    assert all(f.correction is None for f in report.flags)
    assert report.text == reply
