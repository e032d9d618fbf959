"""Quiet loading of Hugging Face models: no progress bars or "newly initialised weights"
warnings on the user's terminal while kgcheck loads a model it knows how to use."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["quiet_loading"]


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
