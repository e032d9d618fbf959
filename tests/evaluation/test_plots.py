"""The plots are PNG files, also for an evaluation without flags or without conversations."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck.evaluation import EvalResult
from kgcheck.evaluation.dataset import Dataset
from kgcheck.evaluation.plots import write_plots

PNG = b"\x89PNG\r\n\x1a\n"


def _empty(tmp_path: Path) -> EvalResult:
    return EvalResult(Dataset(tmp_path, "kgcheck", []), [], [], 0.05, 0.0)


@pytest.mark.parametrize("which", ["small", "empty"])
def test_plots_are_png_files(which: str, small_result: EvalResult, tmp_path: Path) -> None:
    result = small_result if which == "small" else _empty(tmp_path)
    paths = write_plots(result, tmp_path)
    assert set(paths) == {"confusion", "confidence", "per_type"}
    for path in paths.values():
        data = path.read_bytes()
        assert data.startswith(PNG)
        assert 5_000 < len(data) < 200_000
