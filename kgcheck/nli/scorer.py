"""``NliScorer``: (entailment, neutral, contradiction) probabilities for premise/hypothesis pairs.

Back-ends: ``embedded`` (the cross-encoder shipped in ``kgcheck/nli/model``, trained by
``kgcheck train-nli``) or any Hugging Face sequence-classification NLI model by local path or by
id, from the local Hugging Face cache only: loading never goes to the network
(:func:`resolve_model` checks a name offline, and can download on request).
Label names are read from the model's configuration, since models differ in label order
(``cross-encoder/nli-deberta-v3-*``: contradiction, entailment, neutral; ``ynie/roberta-*``:
entailment, neutral, contradiction); two-way models (entailment / not_entailment) put the
second label in ``neutral``. Loading (with one warm-up pass) happens on first use or
``load()``, once per process for scorers of the same model; results are kept in an LRU cache;
``score`` is thread-safe.

Runtimes (``runtime``): on a CPU a BERT model (the embedded one, and most NLI cross-encoders of
that family) runs with ONNX Runtime and the ``tokenizers`` library, its graph written from the
model's own files and cached (:mod:`kgcheck.runtime`): neither torch nor transformers is
needed, and a process starts in a fraction of a second. Other architectures, and any device but
the CPU, run with torch and transformers (the ``[train]`` extra), as a TorchScript trace (no
Python between its layers) where the trace gives the model's own logits on check batches.
``runtime="torch"`` or ``"onnx"`` forces one.

Calibration: a model directory may hold ``calibration.json`` (written by
``benchmarks/nli_calibrate.py``), ``{"temperature": T, ...}``; the scorer then divides the
model's logits by ``T`` before the softmax (temperature scaling: ``T > 1`` flattens the
probabilities, ``T < 1`` sharpens them; the argmax never changes). A directory without it is
read as before (``T = 1``); a file that is not JSON or whose temperature is not a positive
finite number is a :class:`~kgcheck.errors.ModelError` (KGC505) at load.

Usage::

    scorer = NliScorer()                                  # the embedded model
    [(e, n, c)] = scorer.score([("Dr. Patel is a surgeon.", "Dr. Patel is not a surgeon.")])
"""

from __future__ import annotations

import json
import logging
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from kgcheck.errors import (
    CalibrationInvalid,
    ModelError,
    ModelLoadFailed,
    ModelNotInstalled,
    ModelNotRunnable,
    ModelUnusable,
    UnknownModel,
)
from kgcheck.extras import installed, require
from kgcheck.hf import quiet_loading, set_torch_threads
from kgcheck.nli.data import LABELS

__all__ = [
    "CALIBRATION_FILE",
    "EMBEDDED",
    "EMBEDDED_PATH",
    "RUNTIMES",
    "LoadedModel",
    "NliScorer",
    "NliScores",
    "contradicts",
    "label_indices",
    "read_temperature",
    "resolve_model",
]

#: The name of the model shipped with kgcheck.
EMBEDDED = "embedded"
EMBEDDED_PATH = Path(__file__).resolve().parent / "model"
#: The temperature-scaling file a model directory may hold.
CALIBRATION_FILE = "calibration.json"
#: ``auto``: ONNX Runtime for a BERT model on a CPU where the ``[nli]`` extra is installed,
#: else torch; ``onnx`` or ``torch``: that one only.
RUNTIMES = ("auto", "onnx", "torch")

log = logging.getLogger(__name__)


class NliScores(NamedTuple):
    """Probabilities that the hypothesis is entailed by, neutral to, or contradicted by the
    premise; they sum to 1."""

    entailment: float
    neutral: float
    contradiction: float

    def to_dict(self) -> dict[str, float]:
        return {k: round(v, 4) for k, v in self._asdict().items()}


def contradicts(scores: NliScores, threshold: float) -> bool:
    """Whether the model finds a contradiction: ``threshold`` reached and more likely than
    entailment."""
    return scores.contradiction >= threshold and scores.contradiction > scores.entailment


_ALIASES = {
    "entailment": "entailment",
    "entail": "entailment",
    "entailed": "entailment",
    "neutral": "neutral",
    "contradiction": "contradiction",
    "contradict": "contradiction",
    "contradicts": "contradiction",
    "not_entailment": "neutral",
    "non_entailment": "neutral",
    "not_entailed": "neutral",
}


def label_indices(
    id2label: Mapping[int, str], overrides: Mapping[str, str] | None = None
) -> dict[str, list[int]]:
    """Which output indices of a model feed each of kgcheck's labels.

    ``overrides`` maps a model's label names (``LABEL_0``) to ``entailment``, ``neutral`` or
    ``contradiction`` for models whose configuration does not name them.

    Raises:
        ModelError: a label has no known meaning, or the model has no entailment label.
    """
    out: dict[str, list[int]] = {name: [] for name in LABELS}
    for index, raw in sorted(id2label.items()):
        given = (overrides or {}).get(raw)
        name = given if given in LABELS else _ALIASES.get(re.sub(r"[\s-]+", "_", raw.lower()))
        if name is None:
            raise ModelUnusable(
                f"the model's label {raw!r} (output {index}) is not entailment, neutral or "
                "contradiction; map it with nli.labels in the configuration"
            )
        out[name].append(int(index))
    if not out["entailment"]:
        raise ModelUnusable("the model has no entailment label")
    return out


def read_temperature(where: str | Path) -> float:
    """The temperature in ``where/calibration.json``; 1.0 when there is no such file (a
    Hugging Face id, or a directory never calibrated).

    Raises:
        ModelError: the file is not JSON, or its ``temperature`` is missing or not a positive
            finite number (KGC505).
    """
    path = Path(where) / CALIBRATION_FILE
    if not path.is_file():
        return 1.0
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CalibrationInvalid(f"cannot read {path}: {exc}") from exc
    value = data.get("temperature") if isinstance(data, dict) else None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or value <= 0
    ):
        raise CalibrationInvalid(
            f"{path}: 'temperature' must be a positive number, not {value!r}; refit it with "
            "benchmarks/nli_calibrate.py or delete the file"
        )
    return float(value)


@dataclass
class LoadedModel:
    #: a transformers tokenizer (torch), or the :class:`~kgcheck.runtime.OnnxBert` itself
    tokenizer: Any
    #: a transformers model (torch), or an :class:`~kgcheck.runtime.OnnxBert`
    model: Any
    labels: dict[str, list[int]]
    lock: threading.Lock
    #: logits are divided by it before the softmax (``calibration.json``; 1.0 without one)
    temperature: float = 1.0
    #: the model's logits for tokenised inputs: a TorchScript trace of ``model`` on a CPU
    #: (no Python per layer), ``None`` to call ``model`` itself
    forward: Any = None
    #: ``onnx`` or ``torch``: what runs the model
    runtime: str = "torch"


_Key = tuple[str, str, tuple[tuple[str, str], ...], bool, bool, str, int]
_loaded: dict[_Key, LoadedModel] = {}
_loaded_lock = threading.Lock()


def _resolve(model: str) -> str:
    if model != EMBEDDED:
        return model
    if not (EMBEDDED_PATH / "config.json").is_file():
        raise ModelNotInstalled(
            f"the embedded NLI model is not installed ({EMBEDDED_PATH}); train it with "
            "`kgcheck train-nli` or set nli.model to a Hugging Face model"
        )
    return str(EMBEDDED_PATH)


def _require_nli(model: str) -> None:
    """Raise ModelError (KGC502) naming the ``[nli]`` extra when neither runtime is installed
    (ONNX Runtime with ``tokenizers``, or torch with transformers)."""
    if installed("nli") or installed("train"):
        return
    what = f"the NLI model {model!r}"
    require("nli", what, ModelError, code="KGC502", otherwise="set nli.model: none")


def resolve_model(model: str, *, download: bool = False) -> str:
    """Where ``model`` is, found without the network: ``embedded`` is the shipped model, an
    existing directory is itself, anything else a Hugging Face id already in the local cache.

    Usage::

        NliScorer(resolve_model(config.nli.model))   # fails now, not at the first check

    Args:
        model: ``embedded``, a local directory or a Hugging Face model id.
        download: fetch a Hugging Face id that is not cached (the one network access).

    Raises:
        ModelError: the ``[nli]`` extra or the embedded model is not installed (KGC502), or
            ``model`` is none of these (KGC504), or its download failed (KGC501).
    """
    _require_nli(model)
    if model == EMBEDDED:
        return _resolve(model)
    if Path(model).expanduser().is_dir():
        return str(Path(model).expanduser())
    from huggingface_hub import snapshot_download, try_to_load_from_cache
    from huggingface_hub.errors import HFValidationError

    try:
        cached = try_to_load_from_cache(model, "config.json")
    except HFValidationError:  # not even shaped like a model id ("../x", "a b")
        cached = None
    if isinstance(cached, str):
        return model
    if download:
        try:
            with quiet_loading():
                snapshot_download(model)
        except Exception as exc:  # hub unreachable, no such repository
            raise ModelLoadFailed(f"cannot download {model!r}: {exc}") from exc
        return model
    raise UnknownModel(
        f"{model!r} is neither 'embedded', a local directory, nor a model in the Hugging Face "
        "cache (offline); download it first (`hf download <id>`) or set nli.download: true"
    )


def _quantized(network: Any) -> Any:
    """``network`` with its linear layers in int8 (dynamic quantisation): about 2.5x faster on
    a CPU, probabilities within a few points."""
    import warnings

    import torch

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the eager quantisation API is deprecated in torch 2.x
        return torch.ao.quantization.quantize_dynamic(  # type: ignore[no-untyped-call]
            network, {torch.nn.Linear}, dtype=torch.qint8
        )


def _warm_up(tokenizer: Any, network: Any, device: str) -> None:
    """One forward pass, so that torch's first-pass costs (allocations, kernel choice) are paid
    while loading rather than in the first check."""
    import torch

    with torch.inference_mode():
        network(
            **tokenizer(["A short premise."], ["A hypothesis."], return_tensors="pt").to(device)
        )


#: Pairs the trace is made on (padded: the attention mask stays in the trace) and checked
#: against the model with: other batch sizes and lengths, with and without padding.
_TRACE_PAIRS = [
    ("A short premise.", "A hypothesis."),
    ("A somewhat longer premise, with a clause or two in it.", "Another hypothesis here."),
]
_CHECK_PAIRS = [
    [("One pair only, so no padding at all.", "Nothing is padded.")],
    [
        ("Dr. Patel works in Cardiology.", "Dr. Patel works in Oncology."),
        ("I have two dogs and a cat, and they all sleep in the kitchen.", "I have no pets."),
        ("The ferry leaves at 9 am from the north pier every weekday.", "It leaves at ten."),
    ],
]


def _traced(tokenizer: Any, network: Any, device: str) -> Any:
    """``network``'s logits as a TorchScript trace, or ``None`` when it cannot be traced or the
    trace does not give the model's own logits (within 1e-4) on batches of other sizes and
    lengths, padded or not. The trace runs the same operations as the model without Python
    between them: a few milliseconds less per pass on a CPU, the same scores."""
    import warnings

    import torch

    def encode(pairs: list[tuple[str, str]]) -> dict[str, Any]:
        batch = tokenizer(
            [p for p, _ in pairs], [h for _, h in pairs], padding=True, return_tensors="pt"
        )
        return dict(batch.to(device))

    names = tuple(encode(_TRACE_PAIRS))  # input_ids, token_type_ids, attention_mask, ...

    class Logits(torch.nn.Module):
        """The model's logits from its inputs given in the order of ``names``."""

        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, *tensors: Any) -> Any:
            return self.inner(**dict(zip(names, tensors, strict=True))).logits

    wrapper = Logits(network).eval()
    try:
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")  # TracerWarnings; the check below is the judge
            inputs = encode(_TRACE_PAIRS)
            traced = torch.jit.trace(  # type: ignore[no-untyped-call]
                wrapper, tuple(inputs[n] for n in names), strict=False
            )
            for pairs in [_TRACE_PAIRS, *_CHECK_PAIRS]:
                inputs = encode(pairs)
                if tuple(inputs) != names:
                    return None
                got = traced(*(inputs[n] for n in names))
                want = wrapper(*(inputs[n] for n in names))
                if got.shape != want.shape or not torch.allclose(got, want, atol=1e-4):
                    log.info("NLI model not traced: the trace's logits differ from the model's")
                    return None
    except Exception as exc:  # a model torch cannot trace: run it as it is
        log.info("NLI model not traced (%s: %s)", type(exc).__name__, exc)
        return None

    def forward(**inputs: Any) -> Any:
        return traced(*(inputs[n] for n in names))

    return forward


def _onnx(
    model: str,
    where: str,
    overrides: Mapping[str, str],
    quantize: bool,
    runtime: str,
    threads: int,
    temperature: float,
) -> LoadedModel | None:
    """The model run by ONNX Runtime; ``None`` where ``runtime`` is ``auto`` and it cannot be
    (the ``[nli]`` extra absent, not a BERT model): torch then runs it.

    Raises:
        ModelError: ``runtime`` is ``onnx`` and the model cannot run so, or it fails to load.
    """
    from kgcheck.runtime.bert_graph import runnable

    try:
        directory, reason = runnable(where)
    except ModelLoadFailed as exc:
        raise ModelLoadFailed(f"cannot load the NLI model {model!r}: {exc.message}") from exc
    if reason is not None:
        if runtime == "onnx":
            raise ModelNotRunnable(
                f"the NLI model {model!r} cannot run with ONNX Runtime: {reason}"
            )
        log.info("NLI model %s runs with torch (%s)", model, reason)
        return None
    assert directory is not None
    from kgcheck.runtime.onnx_model import OnnxBert

    try:
        network = OnnxBert.load(directory, "classifier", quantize=quantize, threads=threads)
    except ModelLoadFailed as exc:
        raise ModelLoadFailed(f"cannot load the NLI model {model!r}: {exc.message}") from exc
    id2label = {int(k): str(v) for k, v in (network.config.get("id2label") or {}).items()}
    labels = label_indices(id2label, overrides)
    return LoadedModel(network, network, labels, threading.Lock(), temperature, runtime="onnx")


def _load(
    model: str,
    device: str,
    overrides: Mapping[str, str],
    quantize: bool,
    calibrate: bool = True,
    runtime: str = "auto",
    threads: int = 1,
) -> LoadedModel:
    where = _resolve(model)
    quantize = quantize and device == "cpu"
    key = (where, device, tuple(sorted(overrides.items())), quantize, calibrate, runtime, threads)
    with _loaded_lock:
        if key in _loaded:
            return _loaded[key]
        temperature = read_temperature(where) if calibrate else 1.0
        _require_nli(model)
        if runtime != "torch" and device == "cpu":
            onnx = _onnx(model, where, overrides, quantize, runtime, threads, temperature)
            if onnx is not None:
                _loaded[key] = onnx
                return onnx
        elif runtime == "onnx":
            raise ModelNotRunnable(f"ONNX Runtime runs models on the CPU only, not {device!r}")
        if not installed("train"):
            raise ModelNotRunnable(
                f"the NLI model {model!r} needs torch and transformers here (not a BERT model "
                'ONNX Runtime can run, or not on the CPU): pip install "kgcheck[train]"'
            )
        set_torch_threads(threads)
        try:
            import torch
            from transformers import AutoModelForSequenceClassification, AutoTokenizer

            with quiet_loading():
                # never the network: an id must be in the cache (``resolve_model``)
                tokenizer = AutoTokenizer.from_pretrained(where, local_files_only=True)
                network = AutoModelForSequenceClassification.from_pretrained(
                    where, dtype=torch.float32, local_files_only=True
                )
        except Exception as exc:  # not cached, bad path, broken weights
            raise ModelLoadFailed(f"cannot load the NLI model {model!r}: {exc}") from exc
        network.to(device).eval()
        if quantize:
            try:
                network = _quantized(network)
            except Exception as exc:  # no quantised kernels on this machine: stay in fp32
                log.warning("NLI model %s not quantised (%s)", model, exc)
        labels = label_indices(network.config.id2label, overrides)
        try:
            _warm_up(tokenizer, network, device)
        except Exception as exc:  # weights that load but cannot run
            raise ModelLoadFailed(f"cannot run the NLI model {model!r}: {exc}") from exc
        forward = _traced(tokenizer, network, device) if device == "cpu" else None
        loaded = LoadedModel(tokenizer, network, labels, threading.Lock(), temperature, forward)
        _loaded[key] = loaded
        return loaded


class NliScorer:
    """Batched, cached NLI scoring with one model.

    Args:
        model: ``embedded``, a Hugging Face model id or a local directory.
        device: a torch device (``cpu``, ``cuda``).
        batch_size: pairs per forward pass.
        max_length: tokens per pair; longer pairs are truncated, the longer side first.
        cache_size: pairs remembered (0: no cache).
        labels: model label name -> entailment / neutral / contradiction, for models whose
            configuration does not say.
        quantize: run the model's linear layers in int8 on a CPU (faster, slightly different
            probabilities).
        calibrate: apply the temperature of the model directory's ``calibration.json`` when
            there is one (``False``: the raw softmax, as when fitting that temperature).
        runtime: ``auto``, ``onnx`` or ``torch`` (see the module).
        threads: ONNX Runtime's intra-op threads for this model (0: its own choice); torch's
            are set per process (``kgcheck.hf.set_torch_threads``).
    """

    def __init__(
        self,
        model: str = EMBEDDED,
        *,
        device: str = "cpu",
        batch_size: int = 32,
        max_length: int = 256,
        cache_size: int = 4096,
        labels: Mapping[str, str] | None = None,
        quantize: bool = False,
        calibrate: bool = True,
        runtime: str = "auto",
        threads: int = 1,
    ) -> None:
        if runtime not in RUNTIMES:
            raise ValueError(f"runtime must be one of {', '.join(RUNTIMES)}, not {runtime!r}")
        self.model_name = model
        self.runtime = runtime
        self.threads = threads
        self.device = device
        self.batch_size = max(1, batch_size)
        self.max_length = max_length
        self.cache_size = cache_size
        self.labels = dict(labels or {})
        self.quantize = quantize
        self.calibrate = calibrate
        self._cache: OrderedDict[tuple[str, str], NliScores] = OrderedDict()
        self._lock = threading.Lock()
        self._error: ModelError | None = None
        self._ready = False

    @property
    def loaded(self) -> bool:
        """Whether the model has been loaded (by :meth:`load` or a first :meth:`score`)."""
        return self._ready

    @property
    def error(self) -> ModelError | None:
        """Why the model could not be loaded; ``None`` when it was, or was not tried yet."""
        return self._error

    def load(self) -> LoadedModel:
        """The loaded model (loading it on first use).

        Raises:
            ModelError: the model cannot be loaded (remembered: later calls fail at once).
        """
        if self._error is not None:
            raise self._error
        try:
            loaded = _load(
                self.model_name,
                self.device,
                self.labels,
                self.quantize,
                self.calibrate,
                self.runtime,
                self.threads,
            )
        except ModelError as exc:
            self._error = exc
            raise
        self._ready = True
        return loaded

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[NliScores]:
        """Probabilities for each ``(premise, hypothesis)``, in order.

        Raises:
            ModelError: the model cannot be loaded.
        """
        results: list[NliScores | None] = [None] * len(pairs)
        todo: dict[tuple[str, str], list[int]] = {}
        with self._lock:
            for i, pair in enumerate(pairs):
                hit = self._cache.get(pair)
                if hit is not None:
                    self._cache.move_to_end(pair)
                    results[i] = hit
                else:
                    todo.setdefault(pair, []).append(i)
        if todo:
            unique = list(todo)
            for pair, scores in zip(unique, self._run(unique), strict=True):
                for i in todo[pair]:
                    results[i] = scores
            if self.cache_size > 0:
                with self._lock:
                    for pair in unique:
                        first = results[todo[pair][0]]
                        assert first is not None
                        self._cache[pair] = first
                    while len(self._cache) > self.cache_size:
                        self._cache.popitem(last=False)
        return [r for r in results if r is not None]

    def _run(self, pairs: list[tuple[str, str]]) -> list[NliScores]:
        loaded = self.load()
        # similar lengths together: less padding
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        if loaded.runtime == "onnx":
            return self._run_onnx(loaded, pairs, order)
        import torch

        out: list[NliScores | None] = [None] * len(pairs)
        labels = loaded.labels
        with loaded.lock, torch.inference_mode():
            for start in range(0, len(order), self.batch_size):
                batch = order[start : start + self.batch_size]
                inputs = loaded.tokenizer(
                    [pairs[i][0] for i in batch],
                    [pairs[i][1] for i in batch],
                    truncation=True,
                    max_length=self.max_length,
                    padding=True,
                    return_tensors="pt",
                ).to(self.device)
                if loaded.forward is not None:
                    logits = loaded.forward(**inputs).float()
                else:
                    logits = loaded.model(**inputs).logits.float()
                if loaded.temperature != 1.0:
                    logits = logits / loaded.temperature
                probs = torch.softmax(logits, dim=-1).cpu()
                for row, i in zip(probs.tolist(), batch, strict=True):
                    out[i] = _scores(row, labels)
        return [s for s in out if s is not None]

    def _run_onnx(
        self, loaded: LoadedModel, pairs: list[tuple[str, str]], order: list[int]
    ) -> list[NliScores]:
        import numpy as np

        out: list[NliScores | None] = [None] * len(pairs)
        for start in range(0, len(order), self.batch_size):
            batch = order[start : start + self.batch_size]
            inputs = loaded.model.encode_pairs(
                [pairs[i] for i in batch], max_length=self.max_length
            )
            logits = loaded.model.run(inputs).astype(np.float64) / loaded.temperature
            logits -= logits.max(axis=-1, keepdims=True)
            probs = np.exp(logits)
            probs /= probs.sum(axis=-1, keepdims=True)
            for row, i in zip(probs.tolist(), batch, strict=True):
                out[i] = _scores(row, loaded.labels)
        return [s for s in out if s is not None]


def _scores(probabilities: list[float], labels: Mapping[str, list[int]]) -> NliScores:
    """kgcheck's three probabilities from a model's outputs (``label_indices``' grouping)."""
    e, n, c = (sum(probabilities[j] for j in labels[name]) for name in LABELS)
    return NliScores(e, n, c)
