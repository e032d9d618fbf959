"""``NliScorer`` with tiny BERT classifiers built on the fly, and ``label_indices``."""

from __future__ import annotations

import json
import math
import shutil
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

import kgcheck.nli.scorer as scorer_module
from kgcheck import Checker
from kgcheck.config import config_from_dict
from kgcheck.errors import ModelError
from kgcheck.nli.scorer import (
    CALIBRATION_FILE,
    NliScorer,
    NliScores,
    label_indices,
    read_temperature,
    resolve_model,
)
from tests.nli.conftest import DEBERTA_LABELS, ROBERTA_LABELS

MakeClassifier = Callable[[Mapping[int, str]], Path]

PAIRS = [
    ("I love to bake bread every morning.", "I never bake bread."),
    ("My sister lives in a small village.", "My sister lives in the city."),
    ("We grow red tomatoes in the garden.", "We grow tomatoes."),
    ("The cats sit on the piano.", "A dog runs in the park every evening."),
    ("He plays the guitar.", "He has a guitar and he plays it every evening in the park."),
]

# --- label_indices ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("id2label", "expected"),
    [
        (DEBERTA_LABELS, {"entailment": [1], "neutral": [2], "contradiction": [0]}),
        (ROBERTA_LABELS, {"entailment": [0], "neutral": [1], "contradiction": [2]}),
        (
            {0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"},
            {"entailment": [0], "neutral": [1], "contradiction": [2]},
        ),
        (
            {0: "Contradiction", 1: "Entailment", 2: "Neutral"},
            {"entailment": [1], "neutral": [2], "contradiction": [0]},
        ),
        (
            {0: "entailment", 1: "not_entailment"},
            {"entailment": [0], "neutral": [1], "contradiction": []},
        ),
        (
            {0: "entailment", 1: "not entailment"},
            {"entailment": [0], "neutral": [1], "contradiction": []},
        ),
        (
            {0: "Non-Entailment", 1: "Entailment"},
            {"entailment": [1], "neutral": [0], "contradiction": []},
        ),
    ],
)
def test_label_indices_follow_the_models_own_label_order(
    id2label: dict[int, str], expected: dict[str, list[int]]
):
    assert label_indices(id2label) == expected


def test_label_indices_generic_labels_are_a_model_error():
    with pytest.raises(ModelError) as info:
        label_indices({0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"})
    assert info.value.code == "KGC503"
    assert "'LABEL_0'" in info.value.message
    assert "nli.labels" in info.value.message


def test_label_indices_overrides_name_generic_labels():
    overrides = {"LABEL_0": "contradiction", "LABEL_1": "neutral", "LABEL_2": "entailment"}
    assert label_indices({0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"}, overrides) == {
        "entailment": [2],
        "neutral": [1],
        "contradiction": [0],
    }


def test_label_indices_override_to_an_unknown_name_is_still_an_error():
    with pytest.raises(ModelError):
        label_indices({0: "LABEL_0", 1: "LABEL_1"}, {"LABEL_0": "yes", "LABEL_1": "no"})


def test_label_indices_without_entailment_is_a_model_error():
    with pytest.raises(ModelError) as info:
        label_indices({0: "neutral", 1: "contradiction"})
    assert info.value.code == "KGC503"
    assert "entailment" in info.value.message


# --- scoring with a tiny model ------------------------------------------------------------


def _manual(model_dir: Path, pairs: list[tuple[str, str]]) -> list[dict[str, float]]:
    """Each pair's probabilities by label name, from a plain forward pass and softmax."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(model_dir))
    model = AutoModelForSequenceClassification.from_pretrained(str(model_dir)).eval()
    out = []
    with torch.no_grad():
        for premise, hypothesis in pairs:
            logits = model(**tokenizer(premise, hypothesis, return_tensors="pt")).logits[0]
            probs = torch.softmax(logits, dim=-1).tolist()
            out.append({model.config.id2label[i]: p for i, p in enumerate(probs)})
    return out


@pytest.mark.parametrize("id2label", [DEBERTA_LABELS, ROBERTA_LABELS], ids=["deberta", "roberta"])
def test_scores_are_entailment_neutral_contradiction_whatever_the_model_order(
    make_classifier: MakeClassifier, id2label: dict[int, str]
):
    model_dir = make_classifier(id2label)
    scores = NliScorer(str(model_dir)).score(PAIRS)
    assert len(scores) == len(PAIRS)
    for got, want in zip(scores, _manual(model_dir, PAIRS), strict=True):
        assert isinstance(got, NliScores)
        assert sum(got) == pytest.approx(1.0, abs=1e-5)
        assert got.entailment == pytest.approx(want["entailment"], abs=1e-5)
        assert got.neutral == pytest.approx(want["neutral"], abs=1e-5)
        assert got.contradiction == pytest.approx(want["contradiction"], abs=1e-5)


def test_models_with_the_same_weights_but_other_label_orders_reorder_alike(
    make_classifier: MakeClassifier,
):
    # Same seed, same weights: output 0 is "contradiction" for one, "entailment" for the other.
    deberta = NliScorer(str(make_classifier(DEBERTA_LABELS))).score(PAIRS[:2])
    roberta = NliScorer(str(make_classifier(ROBERTA_LABELS))).score(PAIRS[:2])
    for d, r in zip(deberta, roberta, strict=True):
        assert d.contradiction == pytest.approx(r.entailment, abs=1e-6)
        assert d.entailment == pytest.approx(r.neutral, abs=1e-6)
        assert d.neutral == pytest.approx(r.contradiction, abs=1e-6)


def test_two_way_model_puts_not_entailment_in_neutral(make_classifier: MakeClassifier):
    model_dir = make_classifier({0: "entailment", 1: "not_entailment"})
    scores = NliScorer(str(model_dir)).score(PAIRS[:3])
    for got, want in zip(scores, _manual(model_dir, PAIRS[:3]), strict=True):
        assert got.contradiction == 0.0
        assert got.entailment == pytest.approx(want["entailment"], abs=1e-5)
        assert got.neutral == pytest.approx(want["not_entailment"], abs=1e-5)


def test_generic_labels_need_the_labels_mapping(make_classifier: MakeClassifier):
    model_dir = str(make_classifier({0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"}))
    with pytest.raises(ModelError) as info:
        NliScorer(model_dir).score(PAIRS[:1])
    assert info.value.code == "KGC503"
    mapping = {"LABEL_0": "entailment", "LABEL_1": "neutral", "LABEL_2": "contradiction"}
    mapped = NliScorer(model_dir, labels=mapping).score(PAIRS[:1])
    roberta = NliScorer(str(make_classifier(ROBERTA_LABELS))).score(PAIRS[:1])
    assert mapped[0] == pytest.approx(roberta[0], abs=1e-6)


def test_batches_give_the_same_scores_as_one_batch(make_classifier: MakeClassifier):
    model_dir = str(make_classifier(DEBERTA_LABELS))
    small = NliScorer(model_dir, batch_size=2, cache_size=0).score(PAIRS)
    large = NliScorer(model_dir, batch_size=32, cache_size=0).score(PAIRS)
    for a, b in zip(small, large, strict=True):
        assert a == pytest.approx(b, abs=1e-5)


def test_long_pairs_are_truncated_to_max_length(make_classifier: MakeClassifier):
    # the tiny model has 64 positions: an untruncated pair this long could not be scored
    long = " ".join(["my sister lives in a small village"] * 20)
    [scores] = NliScorer(str(make_classifier(DEBERTA_LABELS)), max_length=32).score([(long, long)])
    assert sum(scores) == pytest.approx(1.0, abs=1e-5)


def test_to_dict_rounds_to_four_places():
    assert NliScores(0.123456, 0.5, 0.376544).to_dict() == {
        "entailment": 0.1235,
        "neutral": 0.5,
        "contradiction": 0.3765,
    }


# --- the cache ----------------------------------------------------------------------------


def _counting(monkeypatch: pytest.MonkeyPatch, scorer: NliScorer) -> list[list[tuple[str, str]]]:
    """Record the pairs of each call of ``scorer``'s model run."""
    runs: list[list[tuple[str, str]]] = []
    original = scorer._run

    def run(pairs: list[tuple[str, str]]) -> list[NliScores]:
        runs.append(list(pairs))
        return original(pairs)

    monkeypatch.setattr(scorer, "_run", run)
    return runs


def test_cache_answers_a_repeated_call_without_running_the_model(
    make_classifier: MakeClassifier, monkeypatch: pytest.MonkeyPatch
):
    scorer = NliScorer(str(make_classifier(DEBERTA_LABELS)))
    runs = _counting(monkeypatch, scorer)
    first = scorer.score(PAIRS)
    second = scorer.score(list(reversed(PAIRS)))
    assert runs == [PAIRS]
    assert second == list(reversed(first))


def test_cache_runs_only_the_pairs_it_has_not_seen(
    make_classifier: MakeClassifier, monkeypatch: pytest.MonkeyPatch
):
    scorer = NliScorer(str(make_classifier(DEBERTA_LABELS)))
    runs = _counting(monkeypatch, scorer)
    scorer.score(PAIRS[:2])
    both = scorer.score(PAIRS[1:3])
    assert runs == [PAIRS[:2], [PAIRS[2]]]
    assert both == NliScorer(str(make_classifier(DEBERTA_LABELS)), cache_size=0).score(PAIRS[1:3])


def test_duplicate_pairs_in_one_call_are_run_once(
    make_classifier: MakeClassifier, monkeypatch: pytest.MonkeyPatch
):
    scorer = NliScorer(str(make_classifier(DEBERTA_LABELS)))
    runs = _counting(monkeypatch, scorer)
    scores = scorer.score([PAIRS[0], PAIRS[1], PAIRS[0], PAIRS[0]])
    assert runs == [[PAIRS[0], PAIRS[1]]]
    assert len(scores) == 4
    assert scores[0] == scores[2] == scores[3]
    assert scores[0] != scores[1]


def test_cache_evicts_the_least_recently_used_pair(
    make_classifier: MakeClassifier, monkeypatch: pytest.MonkeyPatch
):
    a, b, c = PAIRS[:3]
    scorer = NliScorer(str(make_classifier(DEBERTA_LABELS)), cache_size=2)
    runs = _counting(monkeypatch, scorer)
    scorer.score([a, b])
    scorer.score([a])  # a is now the most recently used
    scorer.score([c])  # evicts b
    assert runs == [[a, b], [c]]
    scorer.score([a, c])
    assert runs == [[a, b], [c]]
    scorer.score([b])
    assert runs == [[a, b], [c], [b]]


def test_cache_size_zero_keeps_nothing(
    make_classifier: MakeClassifier, monkeypatch: pytest.MonkeyPatch
):
    scorer = NliScorer(str(make_classifier(DEBERTA_LABELS)), cache_size=0)
    runs = _counting(monkeypatch, scorer)
    scorer.score(PAIRS[:1])
    scorer.score(PAIRS[:1])
    assert runs == [PAIRS[:1], PAIRS[:1]]


def test_threads_scoring_at_once_get_the_serial_results(make_classifier: MakeClassifier):
    model_dir = str(make_classifier(DEBERTA_LABELS))
    serial = dict(zip(PAIRS, NliScorer(model_dir, cache_size=0).score(PAIRS), strict=True))
    shared = NliScorer(model_dir, batch_size=2)
    start = threading.Barrier(6)
    results: dict[int, list[dict[tuple[str, str], NliScores]]] = {}
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            start.wait()
            order = PAIRS[n % len(PAIRS) :] + PAIRS[: n % len(PAIRS)]  # each its own order
            results[n] = [dict(zip(order, shared.score(order), strict=True)) for _ in range(3)]
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(results) == list(range(6))
    for calls in results.values():
        for got in calls:
            assert got.keys() == serial.keys()
            for pair, scores in got.items():
                assert scores == pytest.approx(serial[pair], abs=1e-5)


# --- loading ------------------------------------------------------------------------------


def test_scoring_nothing_loads_nothing(tmp_path: Path):
    assert NliScorer(str(tmp_path / "no-such-model")).score([]) == []


def test_unloadable_model_is_a_model_error_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    attempts: list[str] = []
    original = scorer_module._load

    def load(model: str, device: str, overrides: Mapping[str, str], *rest: object) -> object:
        attempts.append(model)
        return original(model, device, overrides, *rest)

    monkeypatch.setattr(scorer_module, "_load", load)
    scorer = NliScorer(str(tmp_path / "no-such-model"))
    with pytest.raises(ModelError) as first:
        scorer.score(PAIRS[:1])
    assert first.value.code == "KGC501"
    assert "no-such-model" in first.value.message
    with pytest.raises(ModelError) as second:
        scorer.score(PAIRS[1:2])
    assert second.value is first.value
    assert len(attempts) == 1


def test_embedded_model_not_installed_says_how_to_train_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(scorer_module, "EMBEDDED_PATH", tmp_path / "model")
    with pytest.raises(ModelError) as info:
        NliScorer().score(PAIRS[:1])
    assert info.value.code == "KGC502"
    assert "train-nli" in info.value.message
    assert str(tmp_path / "model") in info.value.message


def test_embedded_model_is_loaded_from_the_package_directory(
    make_classifier: MakeClassifier, monkeypatch: pytest.MonkeyPatch
):
    model_dir = make_classifier(ROBERTA_LABELS)
    monkeypatch.setattr(scorer_module, "EMBEDDED_PATH", model_dir)
    monkeypatch.setattr(scorer_module, "_loaded", {})  # nothing cached as "embedded" outlives this
    assert NliScorer().score(PAIRS[:2]) == NliScorer(str(model_dir)).score(PAIRS[:2])


def test_a_quantised_model_runs_int8_and_stays_close_to_fp32(make_classifier: MakeClassifier):
    import torch

    model_dir = make_classifier(ROBERTA_LABELS)
    plain = NliScorer(str(model_dir), runtime="torch").score(PAIRS)
    quantised = NliScorer(str(model_dir), quantize=True, runtime="torch")
    scores = quantised.score(PAIRS)
    network = quantised.load().model
    assert not any(type(m) is torch.nn.Linear for m in network.modules())
    for got, want in zip(scores, plain, strict=True):
        assert sum(got) == pytest.approx(1.0, abs=1e-5)
        assert got.entailment == pytest.approx(want.entailment, abs=0.05)


# --- resolving nli.model offline ----------------------------------------------------------


def _fake_hub_cache(root: Path, repo_id: str) -> Path:
    """A Hugging Face cache (``HF_HUB_CACHE`` layout) holding ``repo_id``'s config.json."""
    repo = root / f"models--{repo_id.replace('/', '--')}"
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text("abc123", encoding="utf-8")
    snapshot = repo / "snapshots" / "abc123"
    snapshot.mkdir(parents=True)
    (snapshot / "config.json").write_text("{}", encoding="utf-8")
    return root


def _no_hub(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the hub was asked")

    monkeypatch.setattr("huggingface_hub.snapshot_download", refuse)


def test_resolve_model_finds_embedded_local_directories_and_cached_ids(
    make_classifier: MakeClassifier, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    _no_hub(monkeypatch)
    model_dir = make_classifier(ROBERTA_LABELS)
    monkeypatch.setattr(scorer_module, "EMBEDDED_PATH", model_dir)
    monkeypatch.setattr(
        "huggingface_hub.constants.HF_HUB_CACHE",
        str(_fake_hub_cache(tmp_path / "hub", "acme/tiny-nli")),
    )
    assert resolve_model("embedded") == str(model_dir)
    assert resolve_model(str(model_dir)) == str(model_dir)
    assert resolve_model("acme/tiny-nli") == "acme/tiny-nli"


@pytest.mark.parametrize("name", ["nonee", "acme/not-downloaded", "../no such dir"])
def test_resolve_model_unknown_name_is_a_model_error_without_the_hub(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    _no_hub(monkeypatch)
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "empty"))
    with pytest.raises(ModelError) as info:
        resolve_model(name)
    assert info.value.code == "KGC504"
    assert info.value.message.startswith(
        f"{name!r} is neither 'embedded', a local directory, nor a model in the Hugging Face "
        "cache (offline)"
    )


def test_resolve_model_downloads_only_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    asked: list[str] = []
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "empty"))
    monkeypatch.setattr("huggingface_hub.snapshot_download", lambda repo_id: asked.append(repo_id))
    assert resolve_model("acme/tiny-nli", download=True) == "acme/tiny-nli"
    assert asked == ["acme/tiny-nli"]


def test_uncached_model_id_fails_to_load_at_once_without_the_hub():
    started = time.perf_counter()
    with pytest.raises(ModelError) as info:
        NliScorer("acme/never-downloaded-nli").score(PAIRS[:1])
    assert info.value.code == "KGC501"
    assert time.perf_counter() - started < 10


def test_checker_with_a_tiny_local_model_directory_builds_and_scores(
    make_classifier: MakeClassifier,
):
    model_dir = make_classifier(DEBERTA_LABELS)
    checker = Checker(config_from_dict({"nli": {"model": str(model_dir), "quantize": False}}))
    assert checker.nli is not None and checker.nli.model_name == str(model_dir)
    (scores,) = checker.nli.score(PAIRS[:1])
    assert sum(scores) == pytest.approx(1.0, abs=1e-5)
    report = checker.check_turn("I love to bake bread. I never bake bread.")
    assert report.errors == []


# --- calibration.json (temperature scaling) --------------------------------------------------


def _calibrated_copy(source: Path, target: Path, content: str | None) -> Path:
    shutil.copytree(source, target)
    if content is not None:
        (target / CALIBRATION_FILE).write_text(content, encoding="utf-8")
    return target


def _tempered(scores: NliScores, temperature: float) -> list[float]:
    logs = [math.log(p) / temperature for p in scores]
    total = sum(math.exp(v) for v in logs)
    return [math.exp(v) / total for v in logs]


@pytest.mark.parametrize("temperature", [2.0, 0.5])
def test_scorer_divides_the_logits_by_the_calibration_temperature(
    make_classifier: MakeClassifier, tmp_path: Path, temperature: float
):
    source = make_classifier(ROBERTA_LABELS)
    calibrated = _calibrated_copy(
        source, tmp_path / "calibrated", json.dumps({"temperature": temperature, "fitted_on": {}})
    )
    raw = NliScorer(str(source)).score(PAIRS)
    scaled = NliScorer(str(calibrated)).score(PAIRS)
    for before, after in zip(raw, scaled, strict=True):
        assert sum(after) == pytest.approx(1.0, abs=1e-5)
        assert list(after) == pytest.approx(_tempered(before, temperature), abs=1e-5)
        # the label ranking never changes
        assert sorted(range(3), key=lambda i: after[i]) == sorted(range(3), key=lambda i: before[i])
        if temperature > 1:  # flatter: the top probability falls, the lowest rises
            assert max(after) < max(before)
            assert min(after) > min(before)
        else:
            assert max(after) > max(before)


def test_calibrate_false_reads_the_raw_softmax(make_classifier: MakeClassifier, tmp_path: Path):
    source = make_classifier(ROBERTA_LABELS)
    calibrated = _calibrated_copy(source, tmp_path / "c", json.dumps({"temperature": 3.0}))
    raw = _flat(NliScorer(str(source)).score(PAIRS))
    assert _flat(NliScorer(str(calibrated), calibrate=False).score(PAIRS)) == pytest.approx(raw)
    assert _flat(NliScorer(str(calibrated)).score(PAIRS)) != pytest.approx(raw)


def _flat(scores: list[NliScores]) -> list[float]:
    """Every probability of every pair, in order: pytest.approx compares flat sequences only."""
    return [p for pair in scores for p in pair]


def test_without_calibration_json_the_temperature_is_one(tmp_path: Path):
    assert read_temperature(tmp_path) == 1.0
    assert read_temperature("some/hub-id") == 1.0


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        "[1.5]",
        "{}",
        '{"temperature": 0}',
        '{"temperature": -1.2}',
        '{"temperature": "1.5"}',
        '{"temperature": true}',
        '{"temperature": NaN}',
        '{"temperature": Infinity}',
    ],
)
def test_invalid_calibration_json_is_a_model_error(
    make_classifier: MakeClassifier, tmp_path: Path, content: str
):
    broken = _calibrated_copy(make_classifier(ROBERTA_LABELS), tmp_path / "broken", content)
    with pytest.raises(ModelError) as info:
        NliScorer(str(broken)).score(PAIRS[:1])
    assert info.value.code == "KGC505"
    assert CALIBRATION_FILE in info.value.message


def test_on_a_cpu_the_model_runs_traced_with_its_own_scores(make_classifier: MakeClassifier):
    model_dir = make_classifier(ROBERTA_LABELS)
    scorer = NliScorer(str(model_dir), cache_size=0, runtime="torch")
    traced = scorer.score(PAIRS)
    loaded = scorer.load()
    assert loaded.forward is not None  # traced, and checked against the model at load
    forward, loaded.forward = loaded.forward, None
    try:
        eager = scorer.score(PAIRS)
    finally:
        loaded.forward = forward
    for got, want in zip(traced, eager, strict=True):
        assert got == pytest.approx(want, abs=1e-6)


def test_a_model_whose_trace_differs_runs_as_it_is(
    make_classifier: MakeClassifier, monkeypatch: pytest.MonkeyPatch
):
    import torch

    def wrong_trace(module: object, inputs: object, **kwargs: object) -> object:
        return lambda *tensors: module(*tensors) + 1.0  # type: ignore[operator]

    monkeypatch.setattr(torch.jit, "trace", wrong_trace)
    monkeypatch.setattr(scorer_module, "_loaded", {})
    model_dir = make_classifier(DEBERTA_LABELS)
    scorer = NliScorer(str(model_dir), runtime="torch")
    assert scorer.load().forward is None
    assert sum(scorer.score(PAIRS[:1])[0]) == pytest.approx(1.0, abs=1e-5)
