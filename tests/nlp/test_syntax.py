"""Claims from the dependency parse (``kgcheck/nlp/syntax.py``), and the rule-based fallback on
the blank pipeline where it reads the same sentence."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rdflib.namespace import RDF

from kgcheck import Checker, DialogueState, KnowledgeBase
from kgcheck.config import NlpConfig
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.nlp.pipeline import Analyzer, build_base_pipeline
from kgcheck.nlp.syntax import Syntax
from kgcheck.nlp.tokens import is_parsed, tokens_of
from tests.conftest import PREFIXES, local

_, _FOUND = build_base_pipeline("auto")
PARSED = _FOUND != "blank:en"
EX = "https://example.org/t#"
needs_parser = pytest.mark.skipif(not PARSED, reason="no pretrained spaCy pipeline installed")

KB = """
ex:Line a owl:Class ; rdfs:label "line" .
ex:Stop a owl:Class ; rdfs:label "stop" .
ex:Musician a owl:Class ; rdfs:label "musician" ; owl:disjointWith ex:Place .
ex:Place a owl:Class ; rdfs:label "place" .
ex:serves a owl:ObjectProperty ; rdfs:label "serves" ; rdfs:domain ex:Line ;
  rdfs:range ex:Stop ; kgc:lexicalForm "serve" .
ex:genre a owl:ObjectProperty ; rdfs:label "genre" ; kgc:lexicalForm "genre" .
ex:birthPlace a owl:ObjectProperty , owl:FunctionalProperty ; rdfs:label "birth place" ;
  rdfs:range ex:Place ; kgc:lexicalForm "born in" .
ex:instrument a owl:ObjectProperty ; rdfs:label "instrument" ; kgc:lexicalForm "play" .
ex:airportExpress a ex:Line ; rdfs:label "Airport Express" ; ex:serves ex:elmPark .
ex:cityLoop a ex:Line ; rdfs:label "City Loop" ; ex:serves ex:pineHollow .
ex:pineHollow a ex:Stop ; rdfs:label "Pine Hollow" .
ex:elmPark a ex:Stop ; rdfs:label "Elm Park" .
[] a owl:NegativePropertyAssertion ; owl:sourceIndividual ex:airportExpress ;
  owl:assertionProperty ex:serves ; owl:targetIndividual ex:pineHollow .
ex:lennon a ex:Musician ; rdfs:label "John Lennon" ; ex:genre ex:rock .
ex:rock rdfs:label "rock" .
ex:imagine rdfs:label "Imagine" .
ex:turner a ex:Musician ; rdfs:label "Aaron Turner" ; ex:birthPlace ex:mass ;
  ex:instrument ex:guitar .
ex:mass a ex:Place ; rdfs:label "Massachusetts" .
ex:boston a ex:Place ; rdfs:label "Boston" .
ex:guitar rdfs:label "electric guitar" .
ex:drums rdfs:label "drums" .
"""


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> KnowledgeBase:
    path = tmp_path_factory.mktemp("syntax") / "kb.ttl"
    path.write_text(PREFIXES + KB, encoding="utf-8")
    return KnowledgeBase.open([path])


@pytest.fixture(scope="module", params=["auto", "blank"])
def analyse(request: pytest.FixtureRequest, kb: KnowledgeBase) -> Callable[[str], TurnAnalysis]:
    if request.param == "auto" and not PARSED:
        pytest.skip("no pretrained spaCy pipeline installed")
    return Analyzer(kb, NlpConfig(pipeline=request.param)).analyse


@pytest.fixture(scope="module")
def parsed(kb: KnowledgeBase) -> Callable[[str], TurnAnalysis]:
    if not PARSED:
        pytest.skip("no pretrained spaCy pipeline installed")
    return Analyzer(kb, NlpConfig(pipeline="auto")).analyse


def triples(analysis: TurnAnalysis) -> list[tuple[str | None, str | None, str | None, bool]]:
    return [
        (local(c.subject_iri), local(c.predicate), local(c.object.iri), c.polarity)
        for c in analysis.claims
    ]


# both pipelines ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a passive with its agent: the agent is the subject
        (
            "Pine Hollow is served by the Airport Express.",
            [("airportExpress", "serves", "pineHollow", True)],
        ),
        (
            "Pine Hollow is not served by the Airport Express.",
            [("airportExpress", "serves", "pineHollow", False)],
        ),
        # one claim per conjunct
        (
            "Elm Park and Pine Hollow are served by the City Loop.",
            [("cityLoop", "serves", "elmPark", True), ("cityLoop", "serves", "pineHollow", True)],
        ),
        # a participial clause is about the noun it hangs from
        (
            "Aaron Turner, born in Massachusetts, plays the electric guitar.",
            [("turner", "birthPlace", "mass", True), ("turner", "instrument", "guitar", True)],
        ),
        (
            "Aaron Turner, who was born in Boston, plays the electric guitar and drums.",
            [
                ("turner", "birthPlace", "boston", True),
                ("turner", "instrument", "guitar", True),
                ("turner", "instrument", "drums", True),
            ],
        ),
    ],
)
def test_syntax_claims_read_alike_by_both_pipelines(
    analyse: Callable[[str], TurnAnalysis], text: str, expected: list[tuple[str, ...]]
) -> None:
    assert triples(analyse(text)) == expected


@pytest.mark.parametrize(
    "text",
    ["The Airport Express serves Pine Hollow.", "Pine Hollow is served by the Airport Express."],
)
def test_syntax_passive_contradicts_a_negative_assertion_like_the_active(
    make_checker: Callable[..., Checker], text: str
) -> None:
    checker = make_checker(KB, nli={"model": "none"})
    report = checker.check_turn(text, DialogueState(session_id="s"))
    assert [f.type for f in report.flags] == ["contradicts_fact"]


# the parse ---------------------------------------------------------------------------------


@needs_parser
def test_syntax_the_x_of_y_with_an_adjective(parsed: Callable[[str], TurnAnalysis]) -> None:
    analysis = parsed("The musical genre of John Lennon is Imagine.")
    assert triples(analysis) == [("lennon", "genre", "imagine", True)]


@needs_parser
def test_syntax_an_appositive_says_what_its_head_is(parsed: Callable[[str], TurnAnalysis]) -> None:
    analysis = parsed("John Lennon, a place, plays drums.")
    assert [(c.predicate, c.object.iri) for c in analysis.claims] == [
        (str(RDF.type), EX + "Place"),
        (EX + "instrument", EX + "drums"),
    ]
    assert {c.subject_iri for c in analysis.claims} == {EX + "lennon"}


@needs_parser
@pytest.mark.parametrize(
    "text",
    [
        # the parse names a subject that is no mention: the claim is not moved to a nearby name
        "I play drums and Aaron Turner plays the electric guitar.",
        "Aaron Turner plays the electric guitar and I play drums.",
    ],
)
def test_syntax_a_subject_that_is_no_mention_makes_no_claim(
    parsed: Callable[[str], TurnAnalysis], text: str
) -> None:
    assert triples(parsed(text)) == [("turner", "instrument", "guitar", True)]


@needs_parser
def test_syntax_subjects_follow_relative_clauses_and_conjoined_verbs() -> None:
    nlp, _ = build_base_pipeline("auto")
    toks = tokens_of(nlp("Aaron Turner, who was born in Boston, plays guitar."))
    assert is_parsed(toks)
    syntax = Syntax(toks)
    assert syntax.subjects(5) == [1]  # born <- Turner (not "who")
    assert syntax.subjects(9) == [1]  # plays <- Turner
    toks = tokens_of(nlp("Dr. Patel works in Cardiology and leads Oncology."))
    assert Syntax(toks).subjects(6) == [1]  # leads <- Patel


@needs_parser
def test_syntax_a_name_right_before_a_conjoined_verb_is_its_subject() -> None:
    """The bakery trial's "Kids' Cupcake Decorating is $55 per child and Sofia Russo runs it"
    was read as the class running itself, and rewritten: the parser hangs the name from
    "child" and gives "runs" the first clause's subject."""
    nlp, _ = build_base_pipeline("auto")
    toks = tokens_of(nlp("The Dairy Tour is $55 per child and Nina Berger runs it."))
    runs = next(t.i for t in toks if t.text == "runs")
    assert Syntax(toks).subjects(runs) == [runs - 1]  # runs <- Berger
    # no name before the verb: the first clause's subject, as before
    toks = tokens_of(nlp("Dr. Patel works in Cardiology and often leads Oncology."))
    leads = next(t.i for t in toks if t.text == "leads")
    assert Syntax(toks).subjects(leads) == [1]


@needs_parser
def test_syntax_passive_form_of_its_own_is_not_turned_round() -> None:
    nlp, _ = build_base_pipeline("auto")
    toks = tokens_of(nlp("The Petrel is captained by Mara Lind."))
    syntax = Syntax(toks)
    # the form "be captained by" covers the auxiliary and the agent: it is read as it is
    assert syntax.passive(2, 5) is None
    # the verb alone is an active form read in the passive
    passive = syntax.passive(3, 4)
    assert passive is not None
    assert [toks[k].text for k in passive.agents] == ["Lind"]
    assert [toks[k].text for k in passive.patients] == ["Petrel"]
