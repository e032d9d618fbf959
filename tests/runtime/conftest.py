"""The tiny BERT models of ``tests/nli`` (built on the fly with transformers)."""

from tests.nli.conftest import make_classifier, tiny_base

__all__ = ["make_classifier", "tiny_base"]
