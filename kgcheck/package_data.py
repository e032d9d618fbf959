"""Files shipped inside the ``kgcheck`` package, found with :mod:`importlib.resources` so that
they are there in a wheel as in a checkout: the bundled examples (``kgcheck/examples/<name>/``:
a ``kgcheck.yaml`` with its ontology, KB, scripted conversation and labelled dataset) and the
``kgc:`` vocabulary (``kgcheck/ontologies/kgcheck.ttl``).

Usage::

    from kgcheck.package_data import example_dir, ontology_file
    checker = Checker.from_config(example_dir("acme") / "kgcheck.yaml")
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from kgcheck.errors import ConfigError

__all__ = ["example_dir", "example_names", "ontology_file"]


def _path(resource: Traversable, what: str) -> Path:
    # configurations name their sources by path, so the files must be on the file system: true
    # of every installed wheel and checkout, not of a package imported from a zip archive
    if isinstance(resource, Path) and resource.exists():
        return resource
    raise ConfigError(
        f"{what} is not on the file system ({resource}); install kgcheck from a wheel or a "
        "checkout, not from a zip archive"
    )


def example_names() -> list[str]:
    """The bundled examples' names (``["acme"]``)."""
    root = files("kgcheck") / "examples"
    return sorted(e.name for e in root.iterdir() if e.is_dir() and (e / "kgcheck.yaml").is_file())


def example_dir(name: str = "acme") -> Path:
    """The directory of the bundled example ``name``.

    Raises:
        ConfigError: there is no such example (KGC100).
    """
    resource = files("kgcheck") / "examples" / name
    if not (resource / "kgcheck.yaml").is_file():
        raise ConfigError(f"no bundled example {name!r} (there are: {', '.join(example_names())})")
    return _path(resource, f"the bundled example {name!r}")


def ontology_file() -> Path:
    """The ``kgc:`` vocabulary in Turtle."""
    return _path(files("kgcheck") / "ontologies" / "kgcheck.ttl", "the kgc: ontology")
