"""Reproducible installs: ``constraints.txt`` pins every package the README's commands install,
the commands install with it, and the environment running the suite holds the pinned versions
(CI builds it fresh from the README's test command, so a drifting version fails here)."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
#: The extras the README's test command installs.
TESTED_EXTRAS = ("all", "test")
#: Installed after the extras, without its dependencies (README: "Knowledge bases from tables").
NO_DEPS = ("morph-kgc",)


def _pins() -> dict[str, str]:
    pins: dict[str, str] = {}
    for n, line in enumerate((ROOT / "constraints.txt").read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][^\s;+]*)", line)
        assert m, f"constraints.txt line {n} is not an exact pin: {line!r}"
        pins[canonicalize_name(m.group(1))] = m.group(2)
    return pins


def _extras(names: tuple[str, ...]) -> set[str]:
    """``names`` and the extras they name (``all`` = ``kgcheck[nli,train,...]``)."""
    optional = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    todo, seen = list(names), set()
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for spec in optional[extra]:
            req = Requirement(spec)
            if canonicalize_name(req.name) == "kgcheck":
                todo.extend(req.extras)
    return seen


def _installed_closure() -> set[str]:
    """Every distribution that ``pip install -e ".[all,test]"`` brings, as installed here."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = _extras(TESTED_EXTRAS)
    todo = [Requirement(r) for r in project["dependencies"]]
    for extra in extras:
        todo += [Requirement(r) for r in project["optional-dependencies"][extra]]
    todo += [Requirement(name) for name in NO_DEPS]
    seen: set[str] = set()
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name == "kgcheck" or name in seen:
            continue
        try:
            dist = metadata.distribution(req.name)
        except metadata.PackageNotFoundError:
            continue  # not for this platform or Python (a marker); pip installed nothing
        seen.add(name)
        if name in NO_DEPS:
            continue
        for spec in dist.requires or ():
            sub = Requirement(spec)
            wanted = sub.marker is None or any(
                sub.marker.evaluate({"extra": e}) for e in ("", *req.extras)
            )
            if wanted:
                todo.append(sub)
    return seen


def test_constraints_pin_every_package_the_test_command_installs() -> None:
    pins = _pins()
    missing = sorted(_installed_closure() - set(pins))
    assert not missing, (
        f"installed by the README's commands but not pinned in constraints.txt: {missing}; "
        "run scripts/refresh_constraints.sh"
    )


def test_the_environment_holds_the_pinned_versions() -> None:
    """What CI builds from the README's command is what constraints.txt says, so the suite's
    verdict is the verdict on the pinned versions (a local label such as ``+cpu`` agrees)."""
    pins = _pins()
    drift = {}
    for name in sorted(_installed_closure()):
        installed = metadata.version(name)
        if not SpecifierSet(f"=={pins[name]}").contains(Version(installed), prereleases=True):
            drift[name] = (pins[name], installed)
    assert not drift, f"installed versions differ from constraints.txt (pinned, installed): {drift}"


@pytest.mark.parametrize("marker", ["kgcheck demo", "python -m pytest -q"])
def test_readme_quick_start_installs_with_the_constraints(marker: str) -> None:
    readme = (ROOT / "README.md").read_text()
    command = next(line for line in readme.splitlines() if line.endswith(marker))
    installs = [part.strip() for part in command.split("&&") if part.strip().startswith("pip")]
    for part in installs:
        if part == "pip install torch==2.13.0":
            continue  # the local CPU wheel, pinned by its own version
        assert "-c constraints.txt" in part, f"README installs without the constraints: {part}"


def test_ci_runs_the_readme_test_command_in_a_fresh_venv() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    pattern = re.search(r"grep -m1 -E '([^']+)' README\.md", ci)
    assert pattern is not None, ".ci/run no longer reads the test command from README.md"
    found = [line for line in readme.splitlines() if re.search(pattern.group(1), line)]
    assert found and found[0].endswith("python -m pytest -q")
    assert 'python3 -m venv "$venv"' in ci and 'eval "$test_command"' in ci
