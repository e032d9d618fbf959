"""An ONNX graph of a BERT encoder, written from a Hugging Face model directory's own files
(``config.json`` and ``model.safetensors``), with neither torch nor transformers.

The graph computes what ``transformers``' ``BertModel`` computes in inference (absolute
position embeddings, exact erf GELU, post-layer-norm blocks), in float32 whatever the weights
were saved in, and ends in one of two heads:

- ``classifier``: ``BertForSequenceClassification``'s logits (the pooler's tanh over the
  first token, then the classifier), output ``logits`` ``[batch, labels]``;
- ``hidden``: the last hidden states, output ``hidden`` ``[batch, tokens, hidden]`` (the
  sentence encoder pools them).

Inputs: ``input_ids``, ``token_type_ids`` and ``attention_mask``, ``int64 [batch, tokens]``.
Models of another architecture (``model_type`` other than ``bert``, relative positions,
another activation) are refused with :class:`UnsupportedModel`; the caller then runs them
with torch. The graph is checked against torch's output in ``tests/runtime``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from kgcheck.errors import ModelLoadFailed, ModelNotRunnable

if TYPE_CHECKING:
    import onnx
    from numpy.typing import NDArray

__all__ = [
    "OPSET",
    "UnsupportedModel",
    "bert_graph",
    "model_directory",
    "read_config",
    "runnable",
    "supported",
]

#: ONNX opset of the graph (17: ``LayerNormalization``).
OPSET = 17
Head = Literal["classifier", "hidden"]
_PREFIXES = ("bert.", "")


class UnsupportedModel(ModelNotRunnable):
    """The model is not a BERT encoder this module can write as ONNX (the caller runs it with
    torch where torch is installed)."""


def read_config(directory: Path) -> dict[str, Any]:
    """The model's ``config.json``.

    Raises:
        ModelLoadFailed: there is none, or it is not a JSON object (KGC501).
    """
    path = directory / "config.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ModelLoadFailed(f"cannot read {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise ModelLoadFailed(f"{path} is not a JSON object")
    return data


def supported(config: Mapping[str, Any], directory: Path) -> str | None:
    """Why the model cannot be written as ONNX here, or ``None`` when it can."""
    if config.get("model_type") != "bert":
        return f"model_type {config.get('model_type')!r} is not bert"
    if config.get("position_embedding_type", "absolute") != "absolute":
        return "relative position embeddings"
    if config.get("hidden_act", "gelu") != "gelu":
        return f"activation {config.get('hidden_act')!r}"
    if not (directory / "model.safetensors").is_file():
        return "no model.safetensors"
    if not (directory / "tokenizer.json").is_file():
        return "no tokenizer.json (a fast tokenizer's file)"
    return None


def model_directory(where: str) -> Path | None:
    """The local directory of a model given as a directory or as a Hugging Face id in the
    local cache; ``None`` when there is none (never the network)."""
    path = Path(where).expanduser()
    if path.is_dir():
        return path
    try:
        from huggingface_hub import snapshot_download

        return Path(snapshot_download(where, local_files_only=True))
    except Exception:  # not cached, not an id, huggingface_hub absent
        return None


def runnable(where: str) -> tuple[Path | None, str | None]:
    """The local directory of the model ``where`` names when ONNX Runtime can run it here
    (then ``(directory, None)``), else ``(directory or None, why not)``.

    Raises:
        ModelLoadFailed: its ``config.json`` cannot be read.
    """
    from kgcheck.extras import installed

    directory = model_directory(where)
    if not installed("nli"):
        return directory, "ONNX Runtime and tokenizers are not installed (the [nli] extra)"
    if directory is None:
        return None, "the model is not in a local directory"
    return directory, supported(read_config(directory), directory)


class _Graph:
    """Nodes and float32 initialisers of the graph being written."""

    def __init__(self, weights: Mapping[str, NDArray[Any]], prefix: str) -> None:
        import onnx

        self.onnx = onnx
        self.weights = weights
        self.prefix = prefix
        self.nodes: list[onnx.NodeProto] = []
        self.initializers: list[onnx.TensorProto] = []
        self._names = 0

    def fresh(self, stem: str) -> str:
        self._names += 1
        return f"{stem}_{self._names}"

    def const(self, value: NDArray[Any] | float | list[int], name: str | None = None) -> str:
        array = np.asarray(value)
        if array.dtype.kind == "f":
            array = array.astype(np.float32)
        elif array.dtype.kind in "iu":
            array = array.astype(np.int64)
        name = name or self.fresh("const")
        self.initializers.append(self.onnx.numpy_helper.from_array(array, name))
        return name

    def weight(self, key: str, *, transpose: bool = False) -> str:
        full = self.prefix + key if self.prefix + key in self.weights else key
        try:
            array = np.asarray(self.weights[full], dtype=np.float32)
        except KeyError:
            raise UnsupportedModel(f"the weights have no {full!r}") from None
        return self.const(array.T.copy() if transpose else array, full)

    def op(self, kind: str, *inputs: str, **attributes: Any) -> str:
        out = self.fresh(kind.lower())
        self.nodes.append(self.onnx.helper.make_node(kind, list(inputs), [out], **attributes))
        return out

    def linear(self, x: str, key: str) -> str:
        """``x @ W.T + b`` of the layer named ``key``."""
        product = self.op("MatMul", x, self.weight(f"{key}.weight", transpose=True))
        return self.op("Add", product, self.weight(f"{key}.bias"))

    def layer_norm(self, x: str, key: str, eps: float) -> str:
        return self.op(
            "LayerNormalization",
            x,
            self.weight(f"{key}.weight"),
            self.weight(f"{key}.bias"),
            axis=-1,
            epsilon=eps,
        )

    def gelu(self, x: str) -> str:
        """The exact GELU: ``0.5 x (1 + erf(x / sqrt 2))``."""
        scaled = self.op("Mul", x, self.const(1.0 / math.sqrt(2.0)))
        erf = self.op("Add", self.op("Erf", scaled), self.const(1.0))
        return self.op("Mul", self.op("Mul", x, erf), self.const(0.5))


def _attention(g: _Graph, x: str, mask: str, key: str, heads: int, size: int) -> str:
    width = size // heads

    def split(name: str, perm: list[int]) -> str:
        shaped = g.op("Reshape", g.linear(x, f"{key}.self.{name}"), g.const([0, 0, heads, width]))
        return g.op("Transpose", shaped, perm=perm)

    query = split("query", [0, 2, 1, 3])  # [batch, heads, tokens, width]
    keys = split("key", [0, 2, 3, 1])  # [batch, heads, width, tokens]
    value = split("value", [0, 2, 1, 3])
    scores = g.op("Mul", g.op("MatMul", query, keys), g.const(1.0 / math.sqrt(width)))
    probs = g.op("Softmax", g.op("Add", scores, mask), axis=-1)
    context = g.op("Transpose", g.op("MatMul", probs, value), perm=[0, 2, 1, 3])
    return g.op("Reshape", context, g.const([0, 0, size]))


def bert_graph(directory: Path, head: Head) -> onnx.ModelProto:
    """The ONNX model of the BERT encoder in ``directory``, with ``head`` (see the module).

    Raises:
        UnsupportedModel: the model is not a BERT encoder, or its weights lack a tensor.
    """
    import onnx
    from onnx import TensorProto, helper
    from safetensors.numpy import load_file

    config = read_config(directory)
    reason = supported(config, directory)
    if reason is not None:
        raise UnsupportedModel(f"{directory}: cannot run as ONNX ({reason})")
    try:
        weights = load_file(str(directory / "model.safetensors"))
    except Exception as exc:  # a truncated or foreign file
        raise UnsupportedModel(f"cannot read {directory / 'model.safetensors'}: {exc}") from exc
    prefix = next(
        (p for p in _PREFIXES if f"{p}embeddings.word_embeddings.weight" in weights), None
    )
    if prefix is None:
        raise UnsupportedModel(f"{directory}: the weights have no BERT embeddings")
    g = _Graph(weights, prefix)
    size, heads = int(config["hidden_size"]), int(config["num_attention_heads"])
    eps = float(config.get("layer_norm_eps", 1e-12))

    tokens = g.op("Gather", g.op("Shape", "input_ids"), g.const(1), axis=0)
    positions = g.op("Range", g.const(0), tokens, g.const(1))
    x = g.op(
        "Add",
        g.op(
            "Add",
            g.op("Gather", g.weight("embeddings.word_embeddings.weight"), "input_ids"),
            g.op("Gather", g.weight("embeddings.position_embeddings.weight"), positions),
        ),
        g.op("Gather", g.weight("embeddings.token_type_embeddings.weight"), "token_type_ids"),
    )
    x = g.layer_norm(x, "embeddings.LayerNorm", eps)
    # 0 where a token is attended to, the float32 minimum where it is padding (as transformers)
    keep = g.op("Cast", "attention_mask", to=TensorProto.FLOAT)
    mask = g.op(
        "Unsqueeze",
        g.op("Mul", g.op("Sub", g.const(1.0), keep), g.const(float(np.finfo(np.float32).min))),
        g.const([1, 2]),
    )
    for n in range(int(config["num_hidden_layers"])):
        key = f"encoder.layer.{n}"
        attended = g.linear(
            _attention(g, x, mask, f"{key}.attention", heads, size), f"{key}.attention.output.dense"
        )
        x = g.layer_norm(g.op("Add", attended, x), f"{key}.attention.output.LayerNorm", eps)
        inner = g.gelu(g.linear(x, f"{key}.intermediate.dense"))
        x = g.layer_norm(
            g.op("Add", g.linear(inner, f"{key}.output.dense"), x), f"{key}.output.LayerNorm", eps
        )
    if head == "classifier":
        first = g.op("Gather", x, g.const(0), axis=1)
        pooled = g.op("Tanh", g.linear(first, "pooler.dense"))
        if "classifier.weight" not in weights:
            raise UnsupportedModel(f"{directory}: the weights have no classifier")
        out, name = g.linear(pooled, "classifier"), "logits"
        shape: list[str | int] = ["batch", len(config.get("id2label") or {0: 0, 1: 1})]
    else:
        out, name, shape = x, "hidden", ["batch", "tokens", size]
    g.nodes.append(helper.make_node("Identity", [out], [name]))
    inputs = [
        helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "tokens"])
        for n in ("input_ids", "token_type_ids", "attention_mask")
    ]
    graph = helper.make_graph(
        g.nodes,
        f"bert-{head}",
        inputs,
        [helper.make_tensor_value_info(name, TensorProto.FLOAT, shape)],
        g.initializers,
    )
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="kgcheck"
    )
    model.ir_version = 8  # readable by every onnxruntime since 1.14
    onnx.checker.check_model(model, full_check=False)
    return model
