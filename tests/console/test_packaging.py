"""The console's templates, CSS and script are package data: the wheel carries every one."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_packaging_console_files_are_package_data() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["kgcheck"]
    console = ROOT / "kgcheck" / "console"
    shipped = [
        p.relative_to(ROOT / "kgcheck").as_posix()
        for folder in ("templates", "static")
        for p in (console / folder).rglob("*")
        if p.is_file()
    ]
    assert len(shipped) >= 8
    for path in shipped:
        assert any(fnmatch.fnmatch(path, g) for g in globs), f"{path} is not package data"
