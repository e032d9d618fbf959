"""The ONNX graph written from a BERT directory's own files gives transformers' own outputs."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np
import pytest

from kgcheck.errors import ModelNotRunnable
from kgcheck.runtime.bert_graph import UnsupportedModel, bert_graph, read_config, supported

PAIRS = [
    ("i love to bake bread every morning .", "i hate bread and i never bake ."),
    ("my sister lives in a small village .", "my sister lives in the big city ."),
    ("the cat sits .", "a dog runs in the park every evening ."),
]
MakeClassifier = Callable[[Mapping[int, str]], Path]
TWO_LABELS = {0: "entailment", 1: "neutral"}


def _session(directory: Path, head: str):  # type: ignore[no-untyped-def]
    import onnxruntime

    model = bert_graph(directory, head)  # type: ignore[arg-type]
    return onnxruntime.InferenceSession(
        model.SerializeToString(), providers=["CPUExecutionProvider"]
    )


def test_bert_graph_classifier_gives_the_models_own_logits(
    make_classifier: MakeClassifier,
) -> None:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    directory = make_classifier({0: "entailment", 1: "neutral", 2: "contradiction"})
    tokenizer = AutoTokenizer.from_pretrained(directory)
    model = AutoModelForSequenceClassification.from_pretrained(directory).eval()
    batch = tokenizer(
        [p for p, _ in PAIRS], [h for _, h in PAIRS], padding=True, return_tensors="pt"
    )
    with torch.no_grad():
        want = model(**batch).logits.numpy()
    got = _session(directory, "classifier").run(None, {k: v.numpy() for k, v in batch.items()})[0]
    assert batch["attention_mask"].min() == 0  # padded: the mask is exercised
    np.testing.assert_allclose(got, want, atol=1e-5)


def test_bert_graph_hidden_states_match_the_encoder(tiny_base: Path) -> None:
    import torch
    from transformers import AutoModel, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(tiny_base)
    model = AutoModel.from_pretrained(tiny_base).eval()
    batch = tokenizer(
        ["the cat sits .", "my dog runs in the park ."], padding=True, return_tensors="pt"
    )
    with torch.no_grad():
        want = model(**batch).last_hidden_state.numpy()
    got = _session(tiny_base, "hidden").run(None, {k: v.numpy() for k, v in batch.items()})[0]
    mask = batch["attention_mask"].numpy().astype(bool)
    np.testing.assert_allclose(got[mask], want[mask], atol=1e-5)  # padding positions are unused


def test_bert_graph_refuses_other_architectures_by_name(
    make_classifier: MakeClassifier, tmp_path: Path
) -> None:
    directory = Path(
        shutil.copytree(make_classifier({0: "entailment", 1: "neutral"}), tmp_path / "m")
    )
    config = read_config(directory)
    assert supported(config, directory) is None
    config["model_type"] = "deberta-v2"
    (directory / "config.json").write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(UnsupportedModel, match="model_type 'deberta-v2' is not bert") as info:
        bert_graph(directory, "classifier")
    assert isinstance(info.value, ModelNotRunnable)
    assert info.value.code == "KGC506"


def test_bert_graph_names_a_missing_tensor(make_classifier: MakeClassifier, tmp_path: Path) -> None:
    from safetensors.numpy import load_file, save_file

    directory = Path(
        shutil.copytree(make_classifier({0: "entailment", 1: "neutral"}), tmp_path / "m")
    )
    weights = load_file(str(directory / "model.safetensors"))
    del weights["bert.encoder.layer.0.output.dense.bias"]
    save_file(weights, str(directory / "model.safetensors"))
    with pytest.raises(UnsupportedModel, match=r"layer\.0\.output\.dense\.bias"):
        bert_graph(directory, "classifier")
