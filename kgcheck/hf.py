"""Loading Hugging Face models: quietly (no progress bars or "newly initialised weights" warnings
on the user's terminal while kgcheck loads a model it knows how to use), and with the number of
CPU threads torch may use."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["quiet_loading", "set_torch_threads"]


@contextmanager
def quiet_loading() -> Iterator[None]:
    """Silence transformers' progress bars and warnings for the duration, then restore them."""
    from transformers.utils import logging as hf_logging

    bars = hf_logging.is_progress_bar_enabled()
    verbosity = hf_logging.get_verbosity()
    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    hf_logging.set_verbosity_error()  # type: ignore[no-untyped-call]
    try:
        yield
    finally:
        hf_logging.set_verbosity(verbosity)
        if bars:
            hf_logging.enable_progress_bar()  # type: ignore[no-untyped-call]


def set_torch_threads(threads: int) -> None:
    """Let torch use ``threads`` CPU threads within an operation (``nli.threads``; 0: leave
    torch's setting as it is). Nothing happens where torch was never imported: ONNX Runtime runs
    the models (it takes its threads per model).

    The setting belongs to the process, not to a model: it is set once, when models are loaded,
    never per call. Inter-op threads (``torch.set_num_interop_threads``) are left alone: the
    models run no inter-op parallel work, and torch allows that setting only once per process,
    before any parallel work, which is the host application's to choose.
    """
    if threads <= 0 or "torch" not in sys.modules:  # torch runs no model: never import it
        return
    import torch

    if torch.get_num_threads() != threads:
        torch.set_num_threads(threads)
