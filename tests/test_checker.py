"""End to end on the Acme example (kgcheck/examples/acme): check_turn from a reply to flags,
actions, text and a decision."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest

import kgcheck
import kgcheck.checker
import kgcheck.config
import kgcheck.nlp.anchors
import kgcheck.nlp.pipeline
import kgcheck.numeric_claims
from kgcheck import (
    ActionKind,
    Checker,
    ConfigError,
    Decision,
    DialogueState,
    FlagType,
    InputError,
    ModelError,
    TurnReport,
)
from kgcheck.budget import Budget
from kgcheck.detectors.base import ModelDetector
from kgcheck.errors import KnowledgeBaseError
from tests.conftest import ACME_CONFIG, ACME_DIR, NOW


def test_checker_true_reply_is_accepted(acme_checker: Checker, state: DialogueState) -> None:
    text = (
        "Dr. Amira Patel works in Cardiology. Amira Patel's extension is 4412. "
        "The email address of Amira Patel is amira.patel@acmehealth.example."
    )
    report = acme_checker.check_turn(text, state)
    assert report.flags == []
    assert report.decision == Decision.ACCEPT
    assert report.ok is True
    assert report.text == text
    assert report.answer_confidence == 1.0
    assert report.counts == {"segments": 3, "claims": 3, "entities": 4}


def test_checker_one_wrong_value_among_correct_ones_gets_one_flag(
    acme_checker: Checker, state: DialogueState
) -> None:
    state.add_turn("user", "Can you confirm Dr. Patel's department and phone extension?")
    text = "Dr. Patel works in Cardiology and her extension is 4413. Dr. Patel's room is C-310."
    report = acme_checker.check_turn(text, state)
    (flag,) = report.flags
    assert flag.type == FlagType.WRONG_ATTRIBUTE
    assert flag.content == "4413"
    assert flag.confidence >= acme_checker.config.mitigation.correct_threshold
    assert flag.evidence[0].triples[0][2] == "4412"


def test_checker_high_confidence_wrong_value_is_corrected(
    acme_checker: Checker, state: DialogueState
) -> None:
    text = "Dr. Patel works in Cardiology and her extension is 4413. Dr. Patel's room is C-310."
    report = acme_checker.check_turn(text, state)
    assert [a.kind for a in report.actions] == [ActionKind.CORRECT]
    assert report.actions[0].replacement == "4412"
    assert report.text == text.replace("4413", "4412")
    assert report.original == text
    assert report.decision == Decision.REVISE
    assert 0 < report.answer_confidence < 1


@pytest.mark.parametrize(
    ("text", "flag_type", "decision", "mitigated"),
    [
        (
            "Sarah Lee leads Analytics.",
            FlagType.CONTRADICTS_FACT,
            Decision.REVISE,
            "Priya Raman leads Analytics.",
        ),
        (
            "I think Linh Nguyen is a doctor.",
            FlagType.CONTRADICTS_FACT,
            Decision.REVISE,
            "I think Linh Nguyen is a nurse.",
        ),
        (
            "Miguel Reyes works in Oncology.",
            FlagType.CONTRADICTS_FACT,
            Decision.REVISE,
            "Miguel Reyes works in Pediatrics.",
        ),
        (
            "Dr. Amira Patell works in Cardiology.",
            FlagType.NONEXISTENT_ENTITY,
            Decision.REVISE,
            "Dr. Amira Patel works in Cardiology.",
        ),
        (
            "Tom Okafor is a manager.",
            FlagType.WRONG_ATTRIBUTE,
            Decision.ACCEPT_WITH_WARNINGS,
            "Tom Okafor is a manager.",
        ),
        (
            # the denial of a KB fact is corrected by dropping the negation, not removed
            "Dr. Reyes does not work in Pediatrics. Linh Nguyen is a nurse.",
            FlagType.CONTRADICTS_FACT,
            Decision.REVISE,
            "Dr. Reyes does work in Pediatrics. Linh Nguyen is a nurse.",
        ),
    ],
)
def test_checker_single_problem_replies(
    acme_checker: Checker,
    state: DialogueState,
    text: str,
    flag_type: FlagType,
    decision: Decision,
    mitigated: str,
) -> None:
    report = acme_checker.check_turn(text, state)
    assert [f.type for f in report.flags] == [flag_type]
    assert report.decision == decision
    assert report.text == mitigated


def test_checker_several_severe_problems_ask_for_a_rewrite(
    acme_checker: Checker, state: DialogueState
) -> None:
    text = (
        "Dr. Helen Brooks leads Oncology. You could ask Sarah from the Analytics team. "
        "Nurse Karen Whitfield works in Cardiology."
    )
    report = acme_checker.check_turn(text, state)
    assert [f.type for f in report.flags] == [
        FlagType.FABRICATED_FACT,
        FlagType.NONEXISTENT_ENTITY,
        FlagType.FABRICATED_FACT,
    ]
    assert report.actions[0].kind == ActionKind.REGENERATE
    assert report.decision == Decision.REJECT
    assert report.text == text


def test_checker_unknown_leader_is_corrected_not_dropped(
    acme_checker: Checker, state: DialogueState
) -> None:
    report = acme_checker.check_turn("Dr. Helen Brooks leads Oncology.", state)
    assert "Hiroshi Tanaka leads Oncology" in report.text


def test_checker_uses_the_conversation_for_pronouns(
    acme_checker: Checker, state: DialogueState
) -> None:
    state.add_turn("user", "Does Dr. Amira Patel work in Cardiology?")
    report = acme_checker.check_turn("Yes, she works in Oncology.", state)
    (flag,) = report.flags
    assert flag.focus == "https://example.org/acme#amiraPatel"
    assert report.text == "Yes, she works in Cardiology."


def test_checker_does_not_flag_names_the_user_introduced(
    acme_checker: Checker, state: DialogueState
) -> None:
    state.add_turn("user", "Is Karen Whitfield one of your nurses?")
    report = acme_checker.check_turn("I could not find Karen Whitfield.", state)
    assert report.flags == []


def test_checker_check_turn_does_not_change_the_state(
    acme_checker: Checker, state: DialogueState
) -> None:
    # the conversation is unchanged; only caches of what the checker derived may fill
    state.add_turn("user", "Which department is Dr. Patel in?")
    before = copy.deepcopy([t.to_dict() for t in state.turns])
    report = acme_checker.check_turn("Dr. Patel works in Oncology.", state)
    assert [t.to_dict() for t in state.turns] == before
    assert len(state.turns) == 1
    assert report.turn_index == 1
    assert report.session_id == "s1"


def test_checker_report_to_dict_is_json(acme_checker: Checker, state: DialogueState) -> None:
    report = acme_checker.check_turn(
        "Dr. Patel works in Cardiology and her extension is 4413. I think Linh Nguyen is a doctor.",
        state,
    )
    data = json.loads(json.dumps(report.to_dict()))
    assert data["decision"] == "revise"
    assert data["original"] != data["text"]
    assert {f["type"] for f in data["flags"]} == {"wrong_attribute", "contradicts_fact"}
    assert all(a["kind"] in {"correct", "flag", "remove"} for a in data["actions"])
    assert [c["hedged"] for c in data["claims"]] == [False, False, True]
    assert data["flags"][0]["evidence"][0]["triples"]
    assert set(data["timings"]) >= {"nlp", "scoring", "mitigation", "total"}


def test_checker_stamps_timings_per_detector(acme_checker: Checker, state: DialogueState) -> None:
    report = acme_checker.check_turn("Dr. Patel works in Cardiology.", state)
    for detector in acme_checker.detectors:
        assert f"detector.{detector.name}" in report.timings
    assert report.timings["total"] >= report.timings["nlp"]


@pytest.mark.parametrize("text", ["", "   \n\t "])
def test_checker_empty_reply_is_accepted_with_a_note(
    acme_checker: Checker, state: DialogueState, text: str
) -> None:
    report = acme_checker.check_turn(text, state)
    assert report.flags == []
    assert report.decision == Decision.ACCEPT
    assert report.skipped and "empty" in report.skipped[0]


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Amira Patel arbeitet in der Kardiologie und ihre Durchwahl ist 4413. "
        "Sie ist seit 2015 bei uns und leitet die Abteilung.",
        "Die Abteilung von Frau Patel ist die Onkologie, und ihre Durchwahl ist 4413.",
    ],
)
def test_checker_non_english_reply_is_skipped_with_a_note(
    acme_checker: Checker, state: DialogueState, text: str
) -> None:
    report = acme_checker.check_turn(text, state)
    assert report.flags == []
    assert report.decision == Decision.ACCEPT
    assert any("English" in note for note in report.skipped)


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Amira Patel leads Cardiology. Dr. Hiroshi Tanaka leads Radiology.",
        "Amira Patel works in Cardiology. Amira Patel definitely leads Oncology.",
    ],
)
def test_checker_name_heavy_english_is_still_checked(
    acme_checker: Checker, state: DialogueState, text: str
) -> None:
    report = acme_checker.check_turn(text, state)
    assert not any("English" in note for note in report.skipped)
    assert len(report.flags) == 1


def test_checker_long_reply_is_handled(acme_checker: Checker, state: DialogueState) -> None:
    unit = "Dr. Amira Patel works in Cardiology and her extension is 4413. "
    text = unit * (100_000 // len(unit) + 1)  # just over 100 KB
    # how long it takes is measured in benchmarks/latency.py, not asserted under varying load;
    # the whole of it is checked, past the default budget_s (tests/test_budget.py)
    report = acme_checker.check_turn(text, state, budget=Budget(None))
    sentences = text.count("4413")
    assert 0.9 * sentences <= report.counts["segments"] <= sentences + 1
    segments, claims = report.counts["segments"], report.counts["claims"]
    assert 2 * (segments - 1) <= claims <= 2 * segments  # the cut may split the last one
    # one wrong extension per sentence, the most confident 50 reported (mitigation.max_flags)
    assert len(report.flags) == acme_checker.config.mitigation.max_flags < claims // 2
    assert all(f.type == FlagType.WRONG_ATTRIBUTE for f in report.flags)
    assert any("longer than" in note for note in report.skipped)
    assert any(f"{claims // 2 - 50} less confident" in note for note in report.skipped)
    assert report.decision == Decision.REJECT  # more wrong values than corrections allowed


def test_checker_long_reply_text_keeps_the_unanalysed_tail(
    acme_checker: Checker, state: DialogueState
) -> None:
    unit = "Dr. Amira Patel works in Cardiology and her extension is 4412. "
    text = unit * (100_000 // len(unit) + 1)
    report = acme_checker.check_turn(text, state, budget=Budget(None))
    assert report.decision == Decision.ACCEPT
    assert report.text == text.strip()


@pytest.mark.parametrize("response", [None, 42, b"Dr. Patel works in Oncology.", ["a"]])
def test_checker_non_string_response_raises_input_error(
    acme_checker: Checker, state: DialogueState, response: object
) -> None:
    with pytest.raises(InputError) as info:
        acme_checker.check_turn(response, state)  # type: ignore[arg-type]
    assert type(response).__name__ in str(info.value)


def test_checker_without_state_uses_a_fresh_one(acme_checker: Checker) -> None:
    report = acme_checker.check_turn("Amira Patel works in Oncology.")
    assert report.session_id == "default"
    assert report.turn_index == 0
    assert report.text == "Amira Patel works in Cardiology."


def test_checker_bad_now_raises_input_error(acme_checker: Checker) -> None:
    with pytest.raises(InputError):
        acme_checker.check_turn("Patel works in Cardiology.", now="next tuesday-ish")


def test_checker_report_is_a_turn_report(acme_checker: Checker, state: DialogueState) -> None:
    assert isinstance(acme_checker.check_turn("Hello!", state), TurnReport)


def test_check_turn_uses_kgcheck_config(
    monkeypatch: pytest.MonkeyPatch, state: DialogueState
) -> None:
    monkeypatch.setattr(kgcheck.checker, "_default", None)
    monkeypatch.setenv("KGCHECK_CONFIG", str(ACME_CONFIG))
    report = kgcheck.check_turn("Amira Patel works in Oncology.", state)
    assert report.text == "Amira Patel works in Cardiology."
    assert kgcheck.checker.default_checker() is kgcheck.checker.default_checker()


def test_check_turn_without_config_raises_config_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(kgcheck.checker, "_default", None)
    monkeypatch.delenv("KGCHECK_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError) as info:
        kgcheck.check_turn("Amira Patel works in Oncology.")
    assert "kgcheck.yaml" in str(info.value)


def test_checker_conversation_example_end_to_end(acme_checker: Checker) -> None:
    state = DialogueState(session_id="demo", now=NOW)
    decisions = []
    for line in (ACME_DIR / "conversation.jsonl").read_text(encoding="utf-8").splitlines():
        turn = json.loads(line)
        if turn["role"] == "assistant":
            report = acme_checker.check_turn(turn["text"], state)
            decisions.append(str(report.decision))
            state.add_turn("assistant", report.text, report=report)
        else:
            state.add_turn(turn["role"], turn["text"])
    assert decisions == ["accept", "revise", "revise", "revise", "reject"]
    assert "4412" in state.turns[3].text
    assert json.dumps(state.to_dict())


# --- failed checks (on_error) ------------------------------------------------------------

KB_DETECTORS = ("wrong_attribute", "contradicts_fact", "fabricated_fact")


def _failing_checker(
    acme_checker: Checker,
    monkeypatch: pytest.MonkeyPatch,
    on_error: str | None = None,
    broken: tuple[str, ...] = ("contradicts_fact",),
) -> Checker:
    """The Acme checker (no NLI model) whose ``broken`` detectors raise."""
    raw: dict[str, object] = {"now": NOW, "nli": {"model": "none"}}
    if on_error is not None:
        raw["on_error"] = on_error
    config = kgcheck.config.config_from_dict(raw)
    checker = Checker(config, kb=acme_checker.kb)

    def boom(ctx: object) -> list[object]:
        raise RuntimeError("index out of sync")

    for detector in checker.detectors:
        if detector.name in broken:
            # the checker calls a model detector's first step, ``ask``, rather than ``detect``
            step = "ask" if isinstance(detector, ModelDetector) else "detect"
            monkeypatch.setattr(detector, step, boom)
    return checker


@pytest.mark.parametrize(
    ("on_error", "decision"),
    [
        (None, Decision.ACCEPT_WITH_WARNINGS),
        ("warn", Decision.ACCEPT_WITH_WARNINGS),
        ("fail_closed", Decision.REJECT),
        ("fail_open", Decision.ACCEPT),
    ],
)
def test_checker_detector_that_raises_is_an_error_weighed_by_on_error(
    acme_checker: Checker,
    monkeypatch: pytest.MonkeyPatch,
    on_error: str | None,
    decision: Decision,
) -> None:
    checker = _failing_checker(acme_checker, monkeypatch, on_error)
    report = checker.check_turn("Dr. Amira Patel works in Cardiology.", DialogueState(now=NOW))
    assert report.flags == []
    assert report.decision == decision
    assert report.ok is (decision == Decision.ACCEPT)
    (error,) = report.errors
    assert (error.stage, error.code) == ("detector.contradicts_fact", "KGC701")
    assert error.reason == "RuntimeError: index out of sync"
    assert report.to_dict()["errors"] == [
        {
            "stage": "detector.contradicts_fact",
            "code": "KGC701",
            "reason": "RuntimeError: index out of sync",
        }
    ]
    # the line readers of ``skipped`` know is still there
    assert "contradicts_fact: failed (RuntimeError: index out of sync)" in report.skipped


def test_checker_detector_that_raises_leaves_a_revise_a_revise_under_warn(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    checker = _failing_checker(acme_checker, monkeypatch, broken=("fabricated_fact",))
    report = checker.check_turn("Dr. Amira Patel works in Oncology.", DialogueState(now=NOW))
    assert report.decision == Decision.REVISE
    assert [e.stage for e in report.errors] == ["detector.fabricated_fact"]


@pytest.mark.parametrize(
    ("on_error", "decision"),
    [
        ("warn", Decision.ACCEPT_WITH_WARNINGS),
        ("fail_closed", Decision.REJECT),
    ],
)
def test_checker_three_kb_detectors_failing_on_wrong_department_is_not_accepted(
    acme_checker: Checker,
    monkeypatch: pytest.MonkeyPatch,
    on_error: str,
    decision: Decision,
) -> None:
    # Regression: with wrong_attribute, contradicts_fact and fabricated_fact raising, "Oncology"
    # got no flag and the reply was accepted (ok=True) with the failures only in ``skipped``.
    checker = _failing_checker(acme_checker, monkeypatch, on_error, broken=KB_DETECTORS)
    report = checker.check_turn("Dr. Amira Patel works in Oncology.", DialogueState(now=NOW))
    assert report.decision == decision
    assert report.ok is False
    assert sorted(e.stage for e in report.errors) == sorted(f"detector.{n}" for n in KB_DETECTORS)
    assert {e.code for e in report.errors} == {"KGC701"}


class BrokenScorer:
    """An NLI model that cannot be loaded: it fails when first asked to score."""

    def score(self, pairs: object) -> list[object]:
        raise ModelError("cannot load the NLI model 'x': weights missing", code="KGC501")


def test_checker_model_that_fails_at_score_time_is_an_nli_error(acme_checker: Checker) -> None:
    config = kgcheck.config.config_from_dict({"now": NOW, "nli": {"model": "none"}})
    checker = Checker(config, kb=acme_checker.kb)
    checker.nli = BrokenScorer()  # type: ignore[assignment]
    report = checker.check_turn(
        "I have never visited the old museum. I have visited the old museum twice.",
        DialogueState(now=NOW),
    )
    (error,) = report.errors
    assert (error.stage, error.code) == ("nli", "KGC702")
    assert error.reason == "[KGC501] cannot load the NLI model 'x': weights missing"
    assert report.decision == Decision.ACCEPT_WITH_WARNINGS and not report.ok
    assert any(s.startswith("nli: model checks skipped") for s in report.skipped)


def test_checker_grounding_that_fails_is_an_error(acme_checker: Checker) -> None:
    config = kgcheck.config.config_from_dict(
        {"now": NOW, "nli": {"model": "none"}, "on_error": "fail_closed"}
    )
    checker = Checker(config, kb=acme_checker.kb)
    checker.nli = BrokenScorer()  # type: ignore[assignment]
    report = checker.check_turn(
        "The clinic opened in 1998 [S0].",
        DialogueState(now=NOW),
        sources=[{"id": "S0", "text": "The clinic opened its doors in 1998."}],
    )
    assert ("grounding", "KGC703") in {(e.stage, e.code) for e in report.errors}
    assert report.grounding is None
    assert report.decision == Decision.REJECT


def test_checker_numeric_verification_that_fails_is_an_error(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: object, **kwargs: object) -> list[object]:
        raise ValueError("bad tolerance table")

    monkeypatch.setattr(kgcheck.numeric_claims, "verify_numeric_claims", boom)
    config = kgcheck.config.config_from_dict({"now": NOW, "nli": {"model": "none"}})
    checker = Checker(config, kb=acme_checker.kb)
    report = checker.check_turn("Amira Patel's extension is 4412.", DialogueState(now=NOW))
    assert [(e.stage, e.code, e.reason) for e in report.errors] == [
        ("numeric", "KGC704", "ValueError: bad tolerance table")
    ]
    assert report.decision == Decision.ACCEPT_WITH_WARNINGS


def test_checker_a_pipeline_component_that_raises_on_the_reply_is_an_nlp_error(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Regression: a unit of a dimension the anchoring had no words for ("4GB": KeyError
    # 'data') raised out of check_turn; a broken component is a reported failure
    def boom(*args: object, **kwargs: object) -> list[object]:
        raise KeyError("data")

    monkeypatch.setattr(kgcheck.nlp.anchors.Anchorer, "quantities", boom)
    config = kgcheck.config.config_from_dict({"now": NOW, "nli": {"model": "none"}})
    checker = Checker(config, kb=acme_checker.kb)
    reply = "Amira Patel's extension is 4413."
    report = checker.check_turn(reply, DialogueState(now=NOW))
    assert [(e.stage, e.code, e.reason) for e in report.errors] == [
        ("nlp", "KGC710", "KeyError: 'data'")
    ]
    assert report.decision == Decision.ACCEPT_WITH_WARNINGS and not report.ok
    assert report.text == reply


def test_checker_a_recheck_that_cannot_analyse_the_correction_writes_no_correction(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = kgcheck.nlp.pipeline.Analyzer.analyse

    def analyse(self: object, text: str, **kwargs: Any) -> object:
        if kwargs.get("reuse"):  # the re-check of the corrected sentence
            raise RuntimeError("parse lost")
        return original(self, text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kgcheck.nlp.pipeline.Analyzer, "analyse", analyse)
    config = kgcheck.config.config_from_dict({"now": NOW, "nli": {"model": "none"}})
    checker = Checker(config, kb=acme_checker.kb)
    reply = "Amira Patel's extension is 4413."
    report = checker.check_turn(reply, DialogueState(now=NOW))
    assert [(e.stage, e.code, e.reason) for e in report.errors] == [
        ("recheck.nlp", "KGC710", "RuntimeError: parse lost")
    ]
    assert report.text == reply  # the correction to 4412 was not confirmed, so not written
    assert [(f.type, f.content) for f in report.flags] == [("wrong_attribute", "4413")]
    assert report.decision != Decision.ACCEPT and not report.ok


def test_checker_checks_turned_off_by_configuration_are_not_errors(
    acme_checker: Checker,
) -> None:
    config = kgcheck.config.config_from_dict({"now": NOW, "nli": {"model": "none"}})
    checker = Checker(config, kb=acme_checker.kb)
    report = checker.check_turn(
        "Dr. Amira Patel works in Cardiology [S0].",
        DialogueState(now=NOW),
        sources=[{"id": "S0", "text": "Dr. Amira Patel works in Cardiology."}],
    )
    assert report.skipped == ["grounding: no NLI model (nli.model is none)"]
    assert report.errors == [] and report.decision == Decision.ACCEPT


def test_checker_unknown_nli_model_fails_at_build_time_offline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("the hub was asked")

    monkeypatch.setattr("huggingface_hub.snapshot_download", no_network)
    path = tmp_path / "kgcheck.yaml"
    path.write_text("nli:\n  model: nonee\n", encoding="utf-8")
    started = time.perf_counter()
    with pytest.raises(ModelError) as info:
        Checker.from_config(path)
    assert time.perf_counter() - started < 5
    assert info.value.code == "KGC504"
    assert info.value.message == (
        f"{path}: nli.model: 'nonee' is neither 'embedded', a local directory, nor a model in "
        "the Hugging Face cache (offline); download it first (`hf download <id>`) or set "
        "nli.download: true"
    )


# --- models loaded when the checker is built -------------------------------------------


@pytest.mark.parametrize(("threads", "expected"), [(2, 2), (1, 1), (0, None)])
def test_checker_nli_threads_sets_torch_threads_when_built(
    acme_checker: Checker, threads: int, expected: int | None
) -> None:
    import torch

    before = torch.get_num_threads()
    config = kgcheck.config.config_from_dict({"now": NOW, "nli": {"threads": threads}})
    try:
        checker = Checker(config, kb=acme_checker.kb)
        assert torch.get_num_threads() == (expected or before)  # 0: left as it was
        # process-wide, set once: checking a turn does not set it again
        torch.set_num_threads(3)
        checker.check_turn("Dr. Amira Patel works in Cardiology.", DialogueState(now=NOW))
        assert torch.get_num_threads() == 3
    finally:
        torch.set_num_threads(before)


def test_checker_loads_its_models_when_built(acme_checker: Checker, model_loads: list[str]) -> None:
    Checker(kgcheck.config.config_from_dict({"now": NOW}), kb=acme_checker.kb)
    # loaded first, then used by the warm-up check (each use asks ``load`` for the model)
    assert model_loads[:2] == ["nli", "embedder"]
    assert set(model_loads) == {"nli", "embedder"}
    model_loads.clear()
    Checker(
        kgcheck.config.config_from_dict({"now": NOW, "nli": {"model": "none"}}),
        kb=acme_checker.kb,
    )
    assert model_loads == []  # no model, nothing loaded


def test_checker_unloadable_model_is_logged_at_build_and_fails_each_turn(
    acme_checker: Checker,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    import kgcheck.nli.scorer

    model = tmp_path / "broken-model"
    model.mkdir()
    (model / "config.json").write_text("{not json", encoding="utf-8")
    attempts: list[str] = []
    real_load = kgcheck.nli.scorer._load
    monkeypatch.setattr(
        kgcheck.nli.scorer, "_load", lambda *a: attempts.append(a[0]) or real_load(*a)
    )
    config = kgcheck.config.config_from_dict({"now": NOW, "nli": {"model": str(model)}})
    with caplog.at_level("ERROR", logger="kgcheck.checker"):
        checker = Checker(config, kb=acme_checker.kb)
    (record,) = [r for r in caplog.records if r.name == "kgcheck.checker"]
    assert record.getMessage().startswith(
        f"nli.model: [KGC501] cannot load the NLI model '{model}'"
    )
    assert record.getMessage().endswith("every check will report the NLI checks as failed (KGC702)")
    for _ in range(2):
        report = checker.check_turn(
            "I have never visited the old museum. I have visited the old museum twice.",
            DialogueState(now=NOW),
        )
        assert [(e.stage, e.code) for e in report.errors] == [("nli", "KGC702")]
        assert report.decision == Decision.ACCEPT_WITH_WARNINGS and not report.ok
    assert attempts == [str(model)]  # tried when built, remembered after


def test_checker_model_that_raises_while_running_is_an_nli_error(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Crashing:
        def score(self, pairs: object) -> list[object]:
            raise RuntimeError("CUDA out of memory")

    monkeypatch.setattr(acme_checker, "nli", Crashing())
    report = acme_checker.check_turn(
        "I have never visited the old museum. I have visited the old museum twice.",
        DialogueState(now=NOW),
        record=False,
    )
    (error,) = report.errors
    assert (error.stage, error.code) == ("nli", "KGC702")
    assert error.reason == "[KGC500] the NLI model failed: RuntimeError: CUDA out of memory"


def test_checker_missing_kb_source_names_the_configuration(tmp_path: Path) -> None:
    # the error named the missing file but not the configuration that pointed at it
    path = tmp_path / "kgcheck.yaml"
    path.write_text("knowledge_base:\n  sources: [missing.ttl]\nnli: {model: none}\n")
    with pytest.raises(KnowledgeBaseError) as caught:
        Checker.from_config(path)
    assert caught.value.code == "KGC201"
    assert caught.value.message.startswith(f"{path}: knowledge_base.sources: ")
    assert "missing.ttl: knowledge-base source not found" in caught.value.message


def test_checker_failure_while_checking_a_correction_again_is_reported(
    acme_checker: Checker, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a detector that failed on the corrected text was only logged
    checker = Checker(acme_checker.config, kb=acme_checker.kb)
    (detector,) = [d for d in checker.detectors if d.name == "wrong_attribute"]
    real = detector.detect
    calls: list[int] = []

    def second_call_fails(ctx: object) -> list[object]:
        calls.append(1)
        if len(calls) > 1:
            raise OverflowError("date value out of range")
        return real(ctx)  # type: ignore[arg-type]

    monkeypatch.setattr(detector, "detect", second_call_fails)
    report = checker.check_turn("Dr. Amira Patel works in Oncology.", DialogueState(now=NOW))
    assert [e.stage for e in report.errors] == ["recheck.detector.wrong_attribute"]
    assert report.decision != Decision.ACCEPT


def test_checker_without_a_warm_up_checks_its_first_turn_the_same(
    acme_checker: Checker,
) -> None:
    """``warm_up=False`` (``kgcheck check``: one check, and done) skips the made-up turn; the
    first real check gives the report a warmed-up checker gives."""
    config = copy.deepcopy(acme_checker.config)
    cold = Checker(config, kb=acme_checker.kb, warm_up=False)
    assert cold.warm_up_failures == ()
    reply = "Dr. Patel works in Cardiology and her extension is 4413."
    got = cold.check_turn(reply, DialogueState(now=NOW))
    want = acme_checker.check_turn(reply, DialogueState(now=NOW))
    assert got.text == want.text == "Dr. Patel works in Cardiology and her extension is 4412."
    assert [(f.type, f.span) for f in got.flags] == [(f.type, f.span) for f in want.flags]
