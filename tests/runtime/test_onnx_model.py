"""Built ONNX models are cached by the model's files, rebuilt when those change, and a cache
that cannot be written only costs time; the NLI scorer's two runtimes agree."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

import kgcheck.runtime.onnx_model as onnx_model
from kgcheck.errors import ModelNotRunnable
from kgcheck.nli import scorer as scorer_module
from kgcheck.nli.scorer import NliScorer
from kgcheck.runtime.onnx_model import OnnxBert, cache_dir

MakeClassifier = Callable[[Mapping[int, str]], Path]
LABELS = {0: "entailment", 1: "neutral", 2: "contradiction"}
PAIRS = [
    ("i love to bake bread every morning .", "i hate bread and i never bake ."),
    ("my sister lives in a small village .", "my sister lives in the big city ."),
    ("the cat sits .", "a dog runs in the park every evening ."),
]


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(scorer_module, "_loaded", {})
    return tmp_path / "cache"


def test_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("KGCHECK_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "kgcheck"
    monkeypatch.setenv("KGCHECK_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"


def test_a_built_model_is_reused_until_its_weights_change(
    make_classifier: MakeClassifier, own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = make_classifier(LABELS)
    OnnxBert.load(directory, "classifier")
    [built] = list((own_cache / "onnx").iterdir())

    def never(*args: object) -> object:
        raise AssertionError("the graph was written again")

    monkeypatch.setattr(onnx_model, "bert_graph", never)
    OnnxBert.load(directory, "classifier")  # from the cache
    weights = directory / "model.safetensors"
    stat = weights.stat()
    os.utime(weights, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    try:
        with pytest.raises(AssertionError, match="written again"):
            OnnxBert.load(directory, "classifier")  # retrained (a newer file): built again
    finally:
        os.utime(weights, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert built.exists()


def test_a_cache_that_cannot_be_written_only_costs_time(
    make_classifier: MakeClassifier, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory", encoding="utf-8")
    monkeypatch.setenv("KGCHECK_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.setattr(scorer_module, "_loaded", {})
    scores = NliScorer(str(make_classifier(LABELS)), runtime="onnx").score(PAIRS)
    assert all(sum(s) == pytest.approx(1.0, abs=1e-5) for s in scores)


def test_onnx_and_torch_give_the_same_scores(
    make_classifier: MakeClassifier, own_cache: Path
) -> None:
    directory = str(make_classifier(LABELS))
    onnx = NliScorer(directory, runtime="onnx", cache_size=0)
    torch = NliScorer(directory, runtime="torch", cache_size=0)
    assert onnx.load().runtime == "onnx"
    assert torch.load().runtime == "torch"
    for got, want in zip(onnx.score(PAIRS), torch.score(PAIRS), strict=True):
        assert got == pytest.approx(want, abs=1e-5)


def test_onnx_int8_stays_close_to_fp32(make_classifier: MakeClassifier, own_cache: Path) -> None:
    directory = str(make_classifier(LABELS))
    plain = NliScorer(directory, runtime="onnx", cache_size=0).score(PAIRS)
    quantised = NliScorer(directory, runtime="onnx", quantize=True, cache_size=0)
    assert any("int8" in p.name for p in (own_cache / "onnx").iterdir()) is False
    scores = quantised.score(PAIRS)
    assert any("int8" in p.name for p in (own_cache / "onnx").iterdir())
    for got, want in zip(scores, plain, strict=True):
        assert got.entailment == pytest.approx(want.entailment, abs=0.05)


def test_onnx_refused_for_a_device_it_does_not_run_on(
    make_classifier: MakeClassifier, own_cache: Path
) -> None:
    scorer = NliScorer(str(make_classifier(LABELS)), runtime="onnx", device="cuda")
    with pytest.raises(ModelNotRunnable, match="CPU only"):
        scorer.load()


def test_an_unknown_runtime_is_refused() -> None:
    with pytest.raises(ValueError, match="auto, onnx, torch"):
        NliScorer(runtime="tensorflow")
