"""How the detectors use an NLI model: contradictions the model finds become flags (or join the
symbolic flag on the same sentence), with the model's probabilities in the evidence; without a
model the checks are skipped and the report says so."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState, FlagType
from kgcheck.config import load_config
from kgcheck.errors import ModelError
from kgcheck.nli.scorer import NliScorer
from kgcheck.store.rdf import report_triples
from kgcheck.vocab import KGC
from tests.conftest import ACME_CONFIG, NOW
from tests.nli.rule_scorer import RuleScorer


@pytest.fixture(scope="module")
def checker() -> Checker:
    built = Checker.from_config(ACME_CONFIG)
    built.nli = RuleScorer()
    return built


@pytest.fixture(scope="module")
def corroborating(checker: Checker) -> Checker:
    """The same checker with ``nli.corroborate``: flagged sentences go to the model too."""
    config = checker.config
    config = config.model_copy(update={"nli": config.nli.model_copy(update={"corroborate": True})})
    built = Checker(config, kb=checker.kb)
    built.nli = RuleScorer()
    return built


def run(checker: Checker, history: list[tuple[str, str]], reply: str) -> object:
    state = DialogueState(session_id="n", now=NOW)
    for role, text in history:
        state.add_turn(role, text)
    return checker.check_turn(reply, state)


def of_type(report: object, kind: FlagType) -> list[object]:
    return [f for f in report.flags if f.type == kind]  # type: ignore[attr-defined]


def model_evidence(flag: object) -> list[object]:
    return [e for e in flag.evidence if e.kind == "model"]  # type: ignore[attr-defined]


def test_nli_finds_a_contradiction_of_an_earlier_turn_the_parser_cannot_read(
    checker: Checker,
) -> None:
    history = [("user", "I have never owned a dog."), ("assistant", "Cats are easier anyway.")]
    report = run(checker, history, "You have owned a dog for years.")
    (flag,) = of_type(report, FlagType.CONTRADICTS_PRIOR)
    (evidence,) = model_evidence(flag)
    assert dict(evidence.scores)["contradiction"] == pytest.approx(0.9)
    assert flag.message.startswith("Turn 0 (user) said otherwise")
    assert "I have never owned a dog." in evidence.text
    # the model alone is evidence: P(contradiction) x model_strength (0.45), under the flag
    # threshold, so the reply is neither changed nor held
    assert flag.by_model and flag.confidence == pytest.approx(0.9 * 0.45)
    assert report.text == "You have owned a dog for years."  # type: ignore[attr-defined]


def test_symbolic_and_model_evidence_make_one_flag(
    checker: Checker, corroborating: Checker
) -> None:
    """A sentence the symbols flagged is not asked about again, unless ``nli.corroborate``:
    then the model's evidence joins the flag, whose confidence stays the symbols'."""
    history = [
        ("user", "Is Tom Okafor in room B-7?"),
        ("assistant", "Tom Okafor is not in room B-7."),
    ]
    scorer = checker.nli
    assert isinstance(scorer, RuleScorer)
    before = scorer.calls
    (plain,) = of_type(
        run(checker, history, "Tom Okafor is in room B-7."), FlagType.CONTRADICTS_PRIOR
    )
    assert [e.kind for e in plain.evidence] == ["history"]
    assert scorer.calls == before
    report = run(corroborating, history, "Tom Okafor is in room B-7.")
    (flag,) = of_type(report, FlagType.CONTRADICTS_PRIOR)
    assert sorted(e.kind for e in flag.evidence) == ["history", "model"]
    assert flag.confidence == plain.confidence


def test_questions_are_not_contradicted(checker: Checker) -> None:
    report = run(
        checker, [("user", "Have you never owned a dog?")], "I have owned a dog for years."
    )
    assert of_type(report, FlagType.CONTRADICTS_PRIOR) == []


def test_agreement_is_not_a_contradiction(checker: Checker) -> None:
    history = [("user", "I have never owned a dog.")]
    report = run(checker, history, "You have never owned a dog, so start with a small one.")
    assert of_type(report, FlagType.CONTRADICTS_PRIOR) == []


def test_without_sentence_embeddings_the_last_turns_are_compared(checker: Checker) -> None:
    class Broken:
        def encode(self, sentences: list[str]) -> object:
            raise ModelError("no encoder here", code="KGC501")

    state = DialogueState(session_id="n", now=NOW, encoder=Broken())  # type: ignore[arg-type]
    state.add_turn("user", "I have never owned a dog.")
    report = checker.check_turn("You have owned a dog for years.", state)
    assert len(of_type(report, FlagType.CONTRADICTS_PRIOR)) == 1
    assert any("no sentence embeddings" in s for s in report.skipped)


def test_nli_finds_a_reply_contradicting_itself(checker: Checker) -> None:
    report = run(
        checker, [], "I have never visited the old museum. I have visited the old museum twice."
    )
    (flag,) = of_type(report, FlagType.LOGICAL_INCONSISTENCY)
    assert flag.content == "I have visited the old museum twice."  # type: ignore[attr-defined]
    assert "I have never visited the old museum." in flag.message  # type: ignore[attr-defined]
    assert model_evidence(flag)


def test_nli_compares_sentences_with_verbalised_kb_facts(checker: Checker) -> None:
    # the parser reads no claim here: only the model can compare it with the KB
    report = run(checker, [], "Amira Patel has never set foot in Cardiology.")
    (flag,) = of_type(report, FlagType.CONTRADICTS_FACT)
    kb = [e for e in flag.evidence if e.kind == "kb"]
    assert kb and "Cardiology" in kb[0].text and "Amira Patel" in kb[0].text
    assert kb[0].triples[0][0].startswith("https://example.org/acme#")
    assert model_evidence(flag) and flag.by_model


def test_a_negated_fact_gets_symbolic_and_model_evidence(
    checker: Checker, corroborating: Checker
) -> None:
    reply = "Dr. Amira Patel does not work in Cardiology."
    (plain,) = of_type(run(checker, [], reply), FlagType.CONTRADICTS_FACT)
    assert {e.kind for e in plain.evidence} == {"kb"}
    (flag,) = of_type(run(corroborating, [], reply), FlagType.CONTRADICTS_FACT)
    assert {e.kind for e in flag.evidence} == {"kb", "model"}
    assert not flag.by_model


def test_a_true_sentence_the_kb_decides_is_not_sent_to_the_model(checker: Checker) -> None:
    scorer = checker.nli
    assert isinstance(scorer, RuleScorer)
    before = scorer.calls
    report = run(checker, [], "Dr. Amira Patel works in Cardiology.")
    assert report.flags == [] and scorer.calls == before


def test_a_wrong_value_is_left_to_wrong_attribute(checker: Checker) -> None:
    report = run(checker, [], "Dr. Amira Patel works in Oncology.")
    assert [f.type for f in report.flags] == [FlagType.WRONG_ATTRIBUTE]


def test_model_probabilities_reach_the_report_and_the_flag_store(checker: Checker) -> None:
    report = run(
        checker, [], "I have never visited the old museum. I have visited the old museum twice."
    )
    (flag,) = report.to_dict()["flags"]  # type: ignore[attr-defined]
    (evidence,) = [e for e in flag["evidence"] if e["kind"] == "model"]
    assert set(evidence["scores"]) == {"entailment", "neutral", "contradiction"}
    triples = report_triples(report)  # type: ignore[arg-type]
    values = [float(o) for _, p, o in triples if p == KGC.contradictionProbability]
    assert values == [pytest.approx(0.9)]


def test_detectors_can_turn_nli_off(checker: Checker) -> None:
    config = load_config(ACME_CONFIG).model_copy(deep=True)
    config.detectors["logical_inconsistency"] = config.detector("logical_inconsistency")
    config.detectors["logical_inconsistency"].params["nli"] = False
    quiet = Checker(config, kb=checker.kb)
    quiet.nli = RuleScorer()
    report = run(
        quiet, [], "I have never visited the old museum. I have visited the old museum twice."
    )
    assert of_type(report, FlagType.LOGICAL_INCONSISTENCY) == []


def test_an_unloadable_model_skips_nli_checks_and_says_so(checker: Checker) -> None:
    broken = Checker(load_config(ACME_CONFIG), kb=checker.kb)
    broken.nli = NliScorer("/nonexistent/nli-model")
    report = broken.check_turn(
        "Dr. Patel works in Oncology. I have never visited the old museum. "
        "I have visited the old museum twice."
    )
    notes = [s for s in report.skipped if s.startswith("nli:")]
    assert len(notes) == 1 and "/nonexistent/nli-model" in notes[0]
    # the symbolic checks still ran
    assert [f.type for f in report.flags] == [FlagType.WRONG_ATTRIBUTE]


def test_no_model_configured_means_no_nli_and_no_note(checker: Checker) -> None:
    config = load_config(ACME_CONFIG)
    config = config.model_copy(update={"nli": config.nli.model_copy(update={"model": "none"})})
    plain = Checker(config, kb=checker.kb)
    assert plain.nli is None
    report = plain.check_turn(
        "I have never visited the old museum. I have visited the old museum twice."
    )
    assert report.flags == [] and report.skipped == []


@pytest.mark.parametrize(
    ("premise", "hypothesis", "expected"),
    [
        ("Tom Okafor is in room B-101 now.", "Tom Okafor is in room B-101, as you said.", True),
        ("Harbor Point has 240 units.", "Harbor Point has 240 units.", True),
        ("I have never owned a dog.", "You have owned a dog.", False),  # polarity differs
        ("I have never owned a dog.", "I never owned a dog.", True),
        ("I don't eat meat.", "I eat meat.", False),
        ("Tom is in room B-101.", "Tom is in room B-105.", False),  # a new word
        # saying the same again with more: word forms and "1pm" / "1 pm" do not matter
        ("It is today at 1 pm with HR.", "I am setting a meeting today at 1pm with HR.", True),
        ("You have a meeting at 11am.", "Okay, the meeting at 11 am is set.", True),
        # wanting something says nothing of the world the reply could contradict
        ("You need a gas station.", "I have one gas station listed.", True),
        ("Tom is in room B-101.", "Tom is not in room B-101 today.", False),
    ],
)
def test_restating_is_not_sent_to_the_model(premise: str, hypothesis: str, expected: bool) -> None:
    from kgcheck.detectors.model_checks import restates

    assert restates(premise, hypothesis) is expected


@pytest.mark.parametrize(
    ("sentence", "value", "expected"),
    [
        ("The nearest coffee shop is Cafe Venetia on 269 Alger Dr", "269 Alger Dr", True),
        ("There is no traffic on the way to Jill's House.", "no traffic", True),
        ("Cafe Venetia is not at 269 Alger Dr.", "269 Alger Dr", False),  # negated
        # an answer "No," denies the question, not the sentence
        ("No, Cafe Venetia is at 269 Alger Dr.", "269 Alger Dr", True),
        ("Cafe Venetia is at 271 Alger Dr.", "269 Alger Dr", False),
    ],
)
def test_a_sentence_stating_a_facts_value_is_not_compared_with_it(
    sentence: str, value: str, expected: bool
) -> None:
    from kgcheck.detectors.model_checks import states_value

    fact = f"The address of Cafe Venetia is {value}."
    assert states_value(sentence, fact, value) is expected


def test_sentences_about_different_entities_are_not_compared(checker: Checker) -> None:
    scorer = checker.nli
    assert isinstance(scorer, RuleScorer)
    before = scorer.calls
    # "is not" vs "is" would be a contradiction, but they are about different people
    report = run(checker, [], "Linh Nguyen is not a surgeon. Amira Patel is a surgeon.")
    assert of_type(report, FlagType.LOGICAL_INCONSISTENCY) == []
    assert scorer.calls == before  # the pair never reached the model
