"""A BERT encoder run by ONNX Runtime, tokenised by the ``tokenizers`` library: the NLI model
and the sentence encoder without torch or transformers.

The graph is written from the model directory's own files (:mod:`kgcheck.runtime.bert_graph`)
on first use, quantised to int8 when asked (ONNX Runtime's dynamic quantisation of the
``MatMul`` weights), optimised by ONNX Runtime (fused attention, layer norms and GELU; not
the machine-specific layouts) and kept in a cache directory, so that later processes only open
the file:

- ``KGCHECK_CACHE_DIR``, else ``$XDG_CACHE_HOME/kgcheck``, else ``~/.cache/kgcheck``;
- one file per model, head and precision, named by a hash of the weights' and configuration's
  paths, sizes and modification times, the writer's version and ONNX Runtime's: a retrained
  model or another ONNX Runtime gets a new file, so an old file is never read in their place.

A cache that cannot be written is no failure: the graph is built in memory each time (and the
log says why). Sessions run with ``threads`` intra-op threads (``nli.threads``; 0: ONNX
Runtime's own choice) and one inter-op thread.

Usage::

    model = OnnxBert.load(Path("kgcheck/nli/model"), "classifier", threads=1)
    logits = model.run(model.encode_pairs([("A premise.", "A hypothesis.")], max_length=256))
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from kgcheck.errors import ModelLoadFailed
from kgcheck.runtime.bert_graph import Head, bert_graph

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["GRAPH_VERSION", "Encoded", "OnnxBert", "cache_dir"]

log = logging.getLogger(__name__)

#: Changes whenever :func:`~kgcheck.runtime.bert_graph.bert_graph` writes a different graph,
#: so that no cached file of an older writer is read.
GRAPH_VERSION = "1"


def cache_dir() -> Path:
    """Where built models are kept (see the module)."""
    given = os.environ.get("KGCHECK_CACHE_DIR")
    if given:
        return Path(given).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "kgcheck"


def _key(directory: Path, head: Head, quantize: bool, runtime: str) -> str:
    parts = [GRAPH_VERSION, head, "int8" if quantize else "fp32", runtime]
    for name in ("config.json", "model.safetensors"):
        stat = (directory / name).stat()
        parts += [str((directory / name).resolve()), str(stat.st_size), str(stat.st_mtime_ns)]
    digest = hashlib.sha256("\0".join(parts).encode()).hexdigest()[:24]
    return f"bert-{head}-{parts[2]}-{digest}.onnx"


def _quantized(model: bytes) -> bytes:
    """``model`` with its ``MatMul`` weights in int8 (activations quantised per batch)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    root = logging.getLogger()
    level = root.level
    with tempfile.TemporaryDirectory(prefix="kgcheck-onnx-") as work:
        source, target = Path(work) / "fp32.onnx", Path(work) / "int8.onnx"
        source.write_bytes(model)
        root.setLevel(logging.ERROR)  # its advice to pre-process goes to the root logger
        try:
            quantize_dynamic(
                source, target, weight_type=QuantType.QInt8, op_types_to_quantize=["MatMul"]
            )
        finally:
            root.setLevel(level)
        return target.read_bytes()


def _model(directory: Path, head: Head, quantize: bool) -> tuple[str | bytes, bool]:
    """The model to open, and whether ONNX Runtime has optimised it already: the cached file
    (optimised when it was written, so that a start only reads it), else the graph written now
    (cached when the cache can be written)."""
    import onnxruntime

    path = cache_dir() / "onnx" / _key(directory, head, quantize, onnxruntime.__version__)
    if path.is_file():
        return str(path), True
    data: bytes = bert_graph(directory, head).SerializeToString()
    if quantize:
        data = _quantized(data)
    part = path.with_name(f"{path.name}.{os.getpid()}-{threading.get_ident()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        options = onnxruntime.SessionOptions()
        # extended, not all: the file holds no layout chosen for this machine's CPU
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
        options.optimized_model_filepath = str(part)
        options.log_severity_level = 3
        onnxruntime.InferenceSession(data, options, providers=["CPUExecutionProvider"])
        os.replace(part, path)
    except Exception as exc:  # an unwritable cache; ONNX Runtime failing to write the file
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)
        log.warning("the ONNX model is not cached (%s); it is rebuilt on each start", exc)
        return data, False
    return str(path), True


@dataclass(frozen=True, slots=True)
class Encoded:
    """A tokenised batch: ``int64 [batch, tokens]`` arrays."""

    input_ids: NDArray[np.int64]
    token_type_ids: NDArray[np.int64]
    attention_mask: NDArray[np.int64]

    def feed(self) -> dict[str, NDArray[np.int64]]:
        return {
            "input_ids": self.input_ids,
            "token_type_ids": self.token_type_ids,
            "attention_mask": self.attention_mask,
        }


class OnnxBert:
    """One loaded model: its ONNX Runtime session and its tokenizer. ``run`` is thread-safe
    (ONNX Runtime sessions are); tokenising holds a lock, as a ``tokenizers.Tokenizer``'s
    truncation setting is shared."""

    def __init__(self, session: Any, tokenizer: Any, config: dict[str, Any]) -> None:
        self.session = session
        self.tokenizer = tokenizer
        self.config = config
        self._lock = threading.Lock()

    @classmethod
    def load(
        cls, directory: Path, head: Head, *, quantize: bool = False, threads: int = 1
    ) -> OnnxBert:
        """The model in ``directory`` with ``head``, ready to run (one warm-up pass done).

        Raises:
            ModelNotRunnable: not a BERT encoder this runtime can run (the caller may use torch).
            ModelLoadFailed: its files cannot be read, or ONNX Runtime cannot run the graph.
        """
        import onnxruntime
        from tokenizers import Tokenizer

        model_file, optimised = _model(directory, head, quantize)
        options = onnxruntime.SessionOptions()
        if optimised:
            options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
        options.intra_op_num_threads = max(0, threads)
        options.inter_op_num_threads = 1
        options.log_severity_level = 3  # errors only: no warnings on stderr
        try:
            session = onnxruntime.InferenceSession(
                model_file, options, providers=["CPUExecutionProvider"]
            )
            tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        except Exception as exc:  # a graph ONNX Runtime refuses, a broken tokenizer file
            raise ModelLoadFailed(f"cannot load {directory} with ONNX Runtime: {exc}") from exc
        config = json.loads((directory / "config.json").read_text(encoding="utf-8"))
        model = cls(session, tokenizer, config)
        pad = _pad_token(directory)
        pad_id = tokenizer.token_to_id(pad)
        tokenizer.enable_padding(pad_id=0 if pad_id is None else pad_id, pad_token=pad)
        try:
            model.run(model.encode_texts(["A warm-up sentence."], max_length=16))
        except Exception as exc:  # weights that load but cannot run
            raise ModelLoadFailed(f"cannot run {directory} with ONNX Runtime: {exc}") from exc
        return model

    def encode_pairs(self, pairs: Sequence[tuple[str, str]], *, max_length: int) -> Encoded:
        """Premise/hypothesis pairs, the longer side truncated first to ``max_length`` tokens."""
        with self._lock:
            self.tokenizer.enable_truncation(max_length, strategy="longest_first")
            return _arrays(self.tokenizer.encode_batch(list(pairs)))

    def encode_texts(self, texts: Sequence[str], *, max_length: int) -> Encoded:
        """Single texts, truncated to ``max_length`` tokens."""
        with self._lock:
            self.tokenizer.enable_truncation(max_length)
            return _arrays(self.tokenizer.encode_batch(list(texts)))

    def run(self, batch: Encoded) -> NDArray[np.float32]:
        """The head's output for ``batch`` (logits, or the last hidden states)."""
        out = self.session.run(None, batch.feed())[0]
        return np.asarray(out, dtype=np.float32)


def _pad_token(directory: Path) -> str:
    try:
        data = json.loads((directory / "tokenizer_config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "[PAD]"
    pad = data.get("pad_token") if isinstance(data, dict) else None
    if isinstance(pad, dict):  # an AddedToken written out: {"content": "[PAD]", ...}
        pad = pad.get("content")
    return pad if isinstance(pad, str) else "[PAD]"


def _arrays(encodings: Sequence[Any]) -> Encoded:
    return Encoded(
        np.asarray([e.ids for e in encodings], dtype=np.int64),
        np.asarray([e.type_ids for e in encodings], dtype=np.int64),
        np.asarray([e.attention_mask for e in encodings], dtype=np.int64),
    )
