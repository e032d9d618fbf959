"""The optional parts of kgcheck and the packages each needs (the extras of ``pyproject.toml``).

The symbolic core (parsing, the KB, the rules, the checks, mitigation, the flag store, the
command line) needs none of them. A part whose packages are absent fails when it is used, with
an error that names the extra to install, never at ``import kgcheck``.

Usage::

    if not installed("nli"):
        ...  # run with nli.model: none
    require("server", "kgcheck serve", ConfigError)  # names `pip install "kgcheck[server]"`
"""

from __future__ import annotations

from importlib.util import find_spec

from kgcheck.errors import KgcheckError

__all__ = ["EXTRAS", "install_hint", "installed", "missing", "require"]

#: extra -> the modules it provides (those kgcheck imports).
EXTRAS: dict[str, tuple[str, ...]] = {
    "nli": ("onnxruntime", "onnx", "tokenizers", "safetensors"),
    "train": ("torch", "transformers", "sentence_transformers"),
    "server": ("fastapi", "uvicorn", "prometheus_client", "jinja2", "itsdangerous"),
    "plots": ("matplotlib",),
    "rml": ("morph_kgc", "sqlalchemy", "pandas"),
    "langchain": ("langchain_core",),
    "llamaindex": ("llama_index.core",),
}


def _present(module: str) -> bool:
    try:
        return find_spec(module) is not None
    except (ImportError, ValueError):  # a parent that fails to import, a broken __spec__
        return False


def missing(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be imported."""
    return [module for module in EXTRAS[extra] if not _present(module)]


def installed(extra: str) -> bool:
    """Whether every module of ``extra`` is there (checked without importing them)."""
    return not missing(extra)


def install_hint(extra: str) -> str:
    """The command that installs ``extra``."""
    return f'pip install "kgcheck[{extra}]"'


def require(
    extra: str,
    what: str,
    error: type[KgcheckError],
    code: str | None = None,
    otherwise: str = "",
) -> None:
    """Raise ``error`` naming the extra when a module of ``extra`` is missing.

    Args:
        extra: the extra's name (a key of ``EXTRAS``).
        what: what needs it, for the message ("the NLI model 'embedded'").
        error: the error class to raise (``ModelError``, ``ConfigError``, ...).
        code: its code, when not the class's own.
        otherwise: what to do instead of installing it ("set nli.model: none").
    """
    absent = missing(extra)
    if absent:
        message = (
            f"{what} needs the [{extra}] extra ({', '.join(absent)} not installed): "
            f"{install_hint(extra)}" + (f", or {otherwise}" if otherwise else "")
        )
        raise error(message, code=code)
