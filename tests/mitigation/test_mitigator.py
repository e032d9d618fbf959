"""The mitigation policy: thresholds -> operators -> mitigated text and a decision."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from kgcheck import ActionKind, Checker, ConfigError, Decision, DialogueState, Flag, FlagType, Span
from kgcheck.config import MitigationConfig
from kgcheck.mitigation import Mitigator
from kgcheck.nlp.analysis import TurnAnalysis
from tests.conftest import ACME_DIR

Analyse = Callable[..., TurnAnalysis]

TEXT = "Dr. Patel works in Oncology. Her extension is 4413. She joined in 2015."


def flag_at(
    text: str,
    content: str,
    confidence: float,
    *,
    correction: str | None = None,
    flag_type: FlagType = FlagType.WRONG_ATTRIBUTE,
) -> Flag:
    start = text.index(content)
    span = Span(start, start + len(content))
    return Flag(
        type=flag_type,
        span=span,
        content=content,
        message=f"{content} is wrong",
        detector="test",
        suggestion=f"not {content}",
        correction=correction,
        correction_span=span if correction is not None else None,
        confidence=confidence,
    )


@pytest.fixture
def analysis(analyse: Analyse) -> TurnAnalysis:
    return analyse(TEXT)


@pytest.mark.parametrize(
    ("confidence", "correction", "kind", "decision", "text"),
    [
        (0.3, "Cardiology", ActionKind.NONE, Decision.ACCEPT, TEXT),
        (0.5, "Cardiology", ActionKind.FLAG, Decision.ACCEPT_WITH_WARNINGS, TEXT),
        (0.79, "Cardiology", ActionKind.FLAG, Decision.ACCEPT_WITH_WARNINGS, TEXT),
        (
            0.8,
            "Cardiology",
            ActionKind.CORRECT,
            Decision.REVISE,
            TEXT.replace("Oncology", "Cardiology"),
        ),
        (
            0.85,
            None,
            ActionKind.REMOVE,
            Decision.REVISE,
            "Her extension is 4413. She joined in 2015.",
        ),
    ],
)
def test_mitigator_thresholds_choose_the_action(
    analysis: TurnAnalysis,
    confidence: float,
    correction: str | None,
    kind: ActionKind,
    decision: Decision,
    text: str,
) -> None:
    flag = flag_at(TEXT, "Oncology", confidence, correction=correction)
    outcome = Mitigator().mitigate([flag], analysis)
    assert [a.kind for a in outcome.actions] == [kind]
    assert outcome.actions[0].flags == [0]
    assert outcome.decision == decision
    assert outcome.text == text


def test_mitigator_no_flags_accepts_the_reply_unchanged(analysis: TurnAnalysis) -> None:
    outcome = Mitigator().mitigate([], analysis)
    assert (outcome.actions, outcome.text, outcome.decision) == ([], TEXT, Decision.ACCEPT)
    assert outcome.answer_confidence == 1.0


def test_mitigator_remove_drops_a_middle_sentence(analysis: TurnAnalysis) -> None:
    outcome = Mitigator().mitigate([flag_at(TEXT, "4413", 0.9)], analysis)
    assert outcome.text == "Dr. Patel works in Oncology. She joined in 2015."


def test_mitigator_several_corrections_in_one_reply(analysis: TurnAnalysis) -> None:
    flags = [
        flag_at(TEXT, "Oncology", 0.85, correction="Cardiology"),
        flag_at(TEXT, "4413", 0.88, correction="4412"),
    ]
    outcome = Mitigator().mitigate(flags, analysis)
    assert [a.kind for a in outcome.actions] == [ActionKind.CORRECT, ActionKind.CORRECT]
    assert (
        outcome.text == "Dr. Patel works in Cardiology. Her extension is 4412. She joined in 2015."
    )
    assert outcome.decision == Decision.REVISE


def test_mitigator_correct_action_names_the_replacement(analysis: TurnAnalysis) -> None:
    outcome = Mitigator().mitigate([flag_at(TEXT, "4413", 0.9, correction="4412")], analysis)
    (action,) = outcome.actions
    assert action.replacement == "4412"
    assert action.span == Span(TEXT.index("4413"), TEXT.index("4413") + 4)
    assert "knowledge base" in action.reason


def test_mitigator_regenerates_with_three_severe_flags(analysis: TurnAnalysis) -> None:
    flags = [
        flag_at(TEXT, "Oncology", 0.95, correction="Cardiology"),
        flag_at(TEXT, "4413", 0.92, correction="4412"),
        flag_at(TEXT, "2015", 0.91),
    ]
    outcome = Mitigator().mitigate(flags, analysis)
    (action,) = outcome.actions
    assert action.kind == ActionKind.REGENERATE
    assert sorted(action.flags) == [0, 1, 2]
    assert action.guidance is not None
    for content in ("Oncology", "4413", "2015", "Use: Cardiology", "Use: 4412"):
        assert content in action.guidance
    assert outcome.decision == Decision.REJECT
    assert outcome.text == TEXT  # the agent rewrites; nothing is patched


def test_mitigator_two_severe_flags_are_patched_not_regenerated(analysis: TurnAnalysis) -> None:
    flags = [
        flag_at(TEXT, "Oncology", 0.95, correction="Cardiology"),
        flag_at(TEXT, "4413", 0.92, correction="4412"),
    ]
    outcome = Mitigator().mitigate(flags, analysis)
    assert ActionKind.REGENERATE not in [a.kind for a in outcome.actions]
    assert outcome.decision == Decision.REVISE


def test_mitigator_escalates_past_max_corrections(analysis: TurnAnalysis) -> None:
    flags = [
        flag_at(TEXT, "Oncology", 0.88, correction="Cardiology"),
        flag_at(TEXT, "4413", 0.87, correction="4412"),
        flag_at(TEXT, "2015", 0.86, correction="2015"),
    ]
    outcome = Mitigator(MitigationConfig(max_corrections=2)).mitigate(flags, analysis)
    kinds = {a.flags[0]: a.kind for a in outcome.actions}
    assert kinds == {0: ActionKind.CORRECT, 1: ActionKind.CORRECT, 2: ActionKind.ESCALATE}
    assert outcome.decision == Decision.REJECT


def test_mitigator_corrects_the_most_confident_first(analysis: TurnAnalysis) -> None:
    flags = [
        flag_at(TEXT, "Oncology", 0.81, correction="Cardiology"),
        flag_at(TEXT, "4413", 0.89, correction="4412"),
    ]
    outcome = Mitigator(MitigationConfig(max_corrections=1)).mitigate(flags, analysis)
    kinds = {a.flags[0]: a.kind for a in outcome.actions}
    assert kinds == {1: ActionKind.CORRECT, 0: ActionKind.ESCALATE}


def test_mitigator_overlapping_edit_becomes_a_flag(analysis: TurnAnalysis) -> None:
    flags = [
        flag_at(TEXT, "Dr. Patel works in Oncology", 0.95),  # removes the sentence
        flag_at(TEXT, "Oncology", 0.85, correction="Cardiology"),
    ]
    outcome = Mitigator().mitigate(flags, analysis)
    kinds = {a.flags[0]: a.kind for a in outcome.actions}
    assert kinds == {0: ActionKind.REMOVE, 1: ActionKind.FLAG}
    assert outcome.text == "Her extension is 4413. She joined in 2015."


@pytest.mark.parametrize(
    ("overrides", "kind", "decision"),
    [
        ({FlagType.WRONG_ATTRIBUTE: "escalate"}, ActionKind.ESCALATE, Decision.REJECT),
        ({FlagType.WRONG_ATTRIBUTE: "flag"}, ActionKind.FLAG, Decision.ACCEPT_WITH_WARNINGS),
        ({FlagType.WRONG_ATTRIBUTE: "remove"}, ActionKind.REMOVE, Decision.REVISE),
        ({FlagType.FABRICATED_FACT: "escalate"}, ActionKind.CORRECT, Decision.REVISE),
    ],
)
def test_mitigator_per_type_override(
    analysis: TurnAnalysis,
    overrides: dict[FlagType, str],
    kind: ActionKind,
    decision: Decision,
) -> None:
    mitigator = Mitigator(MitigationConfig(actions=overrides))
    outcome = mitigator.mitigate(
        [flag_at(TEXT, "Oncology", 0.9, correction="Cardiology")], analysis
    )
    assert [a.kind for a in outcome.actions] == [kind]
    assert outcome.decision == decision


def test_mitigator_override_does_not_act_below_flag_threshold(analysis: TurnAnalysis) -> None:
    mitigator = Mitigator(MitigationConfig(actions={FlagType.WRONG_ATTRIBUTE: "escalate"}))
    outcome = mitigator.mitigate([flag_at(TEXT, "Oncology", 0.2)], analysis)
    assert [a.kind for a in outcome.actions] == [ActionKind.NONE]
    assert outcome.decision == Decision.ACCEPT


def test_mitigator_unknown_operator_name_fails_at_load_time() -> None:
    with pytest.raises(ConfigError) as info:
        Mitigator(MitigationConfig(actions={FlagType.WRONG_ATTRIBUTE: "explode"}))
    assert "explode" in str(info.value)


def test_mitigator_thresholds_come_from_config(analysis: TurnAnalysis) -> None:
    cfg = MitigationConfig(flag_threshold=0.7, correct_threshold=0.95)
    flags = [
        flag_at(TEXT, "Oncology", 0.9, correction="Cardiology"),
        flag_at(TEXT, "4413", 0.6, correction="4412"),
    ]
    kinds = {a.flags[0]: a.kind for a in Mitigator(cfg).mitigate(flags, analysis).actions}
    assert kinds == {0: ActionKind.FLAG, 1: ActionKind.NONE}


def test_mitigator_answer_confidence_drops_with_open_flags(analysis: TurnAnalysis) -> None:
    open_flag = Mitigator().mitigate([flag_at(TEXT, "Oncology", 0.6)], analysis)
    fixed = Mitigator().mitigate(
        [flag_at(TEXT, "Oncology", 0.9, correction="Cardiology")], analysis
    )
    assert open_flag.answer_confidence == pytest.approx(0.4)
    assert fixed.answer_confidence == pytest.approx(1 - 0.9 * 0.2)


def test_mitigator_per_type_override_through_the_config_file(
    tmp_path: Path, state: DialogueState
) -> None:
    config = tmp_path / "kgcheck.yaml"
    config.write_text(
        "knowledge_base:\n"
        f"  sources: ['{ACME_DIR / 'ontology.ttl'}', '{ACME_DIR / 'kb.ttl'}']\n"
        "mitigation:\n"
        "  actions:\n"
        "    wrong_attribute: escalate\n",
        encoding="utf-8",
    )
    report = Checker.from_config(config).check_turn("Amira Patel works in Oncology.", state)
    assert [a.kind for a in report.actions] == [ActionKind.ESCALATE]
    assert report.decision == Decision.REJECT
    assert report.text == "Amira Patel works in Oncology."


def test_mitigator_model_only_finding_never_corrects_or_removes(analysis: TurnAnalysis) -> None:
    flag = flag_at(TEXT, "Oncology", 0.99, correction="Cardiology")
    flag.by_model = True
    outcome = Mitigator().mitigate([flag], analysis)
    assert [a.kind for a in outcome.actions] == [ActionKind.FLAG]
    assert outcome.text == TEXT
    assert outcome.decision == Decision.ACCEPT_WITH_WARNINGS


def test_mitigator_model_only_finding_may_be_escalated(analysis: TurnAnalysis) -> None:
    flag = flag_at(TEXT, "Oncology", 0.99, correction="Cardiology")
    flag.by_model = True
    config = MitigationConfig(actions={FlagType.WRONG_ATTRIBUTE: "escalate"})
    outcome = Mitigator(config).mitigate([flag], analysis)
    assert [a.kind for a in outcome.actions] == [ActionKind.ESCALATE]
    assert outcome.text == TEXT


def test_mitigator_correction_the_recheck_would_flag_is_not_made(analysis: TurnAnalysis) -> None:
    flag = flag_at(TEXT, "4413", 0.95, correction="4412")
    seen: list[tuple[str, tuple[str, ...]]] = []

    def recheck(text: str, near: tuple[str, ...]) -> list[Flag]:
        seen.append((text, near))
        return [flag_at(text, "4412", 0.9)] if "4412" in text else []

    outcome = Mitigator().mitigate([flag], analysis, recheck=recheck)
    # the corrected sentence alone is checked again, not the whole reply nor the sentence
    # before; "Her" is read as the reply read it: Dr. Patel, named in the sentence before
    patel = next(m.iri for m in analysis.mentions if m.text == "Dr. Patel")
    assert patel is not None
    assert [text for text, _ in seen] == ["Her extension is 4412."]
    assert seen[0][1][0] == patel
    assert [a.kind for a in outcome.actions] == [ActionKind.FLAG]
    assert "would itself be flagged" in outcome.actions[0].reason
    assert outcome.text == TEXT
    assert outcome.decision == Decision.ACCEPT_WITH_WARNINGS


def test_mitigator_correction_the_recheck_accepts_is_kept(analysis: TurnAnalysis) -> None:
    flag = flag_at(TEXT, "4413", 0.95, correction="4412")
    # a flag elsewhere in the text (not on the new words) does not undo the correction
    outcome = Mitigator().mitigate(
        [flag], analysis, recheck=lambda text, near: [flag_at(text, "extension", 0.9)]
    )
    assert outcome.text == TEXT.replace("4413", "4412")
    assert outcome.decision == Decision.REVISE


def test_mitigator_reply_removal_would_empty_is_sent_back_to_be_rewritten(
    analyse: Analyse,
) -> None:
    text = "Dr. Patel works in Oncology."
    outcome = Mitigator().mitigate([flag_at(text, "Oncology", 0.95)], analyse(text))
    assert outcome.decision == Decision.REJECT
    assert outcome.text == text
    assert [a.kind for a in outcome.actions] == [ActionKind.REGENERATE]
    assert '"Oncology"' in (outcome.actions[0].guidance or "")


def test_mitigator_operator_params_are_validated_when_built() -> None:
    config = MitigationConfig.model_validate(
        {"actions": {"contradicts_fact": {"operator": "escalate", "params": {"queue": "ops"}}}}
    )
    with pytest.raises(ConfigError) as info:
        Mitigator(config)
    assert info.value.code == "KGC110"
    assert "mitigation.actions.contradicts_fact.params.queue" in info.value.message


def test_mitigator_action_entry_as_a_name_or_an_operator_with_params() -> None:
    config = MitigationConfig.model_validate(
        {
            "actions": {
                "wrong_attribute": "escalate",
                "contradicts_fact": {"operator": "flag", "params": {}},
            }
        }
    )
    assert {str(k): v.operator for k, v in config.actions.items()} == {
        "wrong_attribute": "escalate",
        "contradicts_fact": "flag",
    }
    Mitigator(config)  # both known, no params needed


@pytest.mark.parametrize(
    ("text", "corrections", "checked", "mitigated"),
    [
        # the sentence before was edited and this one has a pronoun: what "Her" stands for
        # may have changed, so the two are checked as one stretch
        (
            TEXT,
            [("Oncology", "Cardiology"), ("4413", "4412")],
            ["Dr. Patel works in Cardiology. Her extension is 4412."],
            TEXT.replace("Oncology", "Cardiology").replace("4413", "4412"),
        ),
        # each names what it speaks of: an edit of the one before changes nothing it reads
        (
            "Dr. Patel works in Oncology. Dr. Reyes leads Cardiology.",
            [("Oncology", "Cardiology"), ("Cardiology", "Pediatrics")],
            ["Dr. Patel works in Cardiology.", "Dr. Reyes leads Pediatrics."],
            "Dr. Patel works in Cardiology. Dr. Reyes leads Pediatrics.",
        ),
    ],
)
def test_mitigator_corrections_in_neighbouring_sentences(
    analyse: Analyse,
    text: str,
    corrections: list[tuple[str, str]],
    checked: list[str],
    mitigated: str,
) -> None:
    flags = [flag_at(text, old, 0.95, correction=new) for old, new in corrections]
    seen: list[str] = []

    def recheck(window: str, near: tuple[str, ...]) -> list[Flag]:
        seen.append(window)
        return []

    outcome = Mitigator().mitigate(flags, analyse(text), recheck=recheck)
    assert seen == checked
    assert outcome.text == mitigated
