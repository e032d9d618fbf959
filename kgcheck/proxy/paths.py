"""The upstream paths the proxy calls, and the model ids and query strings that go into them.

The proxy calls three paths under the upstream's base URL and no other:
``/chat/completions``, ``/models`` and ``/models/{id}`` (:func:`upstream_path` refuses anything
else before a request is built). A model id is the rest of ``/v1/models/...`` as the caller sent
it, decoded once: the OpenAI client writes ``meta-llama/Llama-3-8B`` as ``meta-llama%2FLlama-3-8B``.
It is refused (400, ``invalid_model_id``) unless it is at most :data:`MAX_MODEL_ID` characters of
letters, digits and ``-._~:@+=``, in parts separated by single slashes none of which is ``.`` or
``..``; ``%``, ``?``, ``#``, white space, control characters and backslashes are refused
whether they came encoded or not. The id is then encoded again as one path segment (a slash as
``%2F``), so that it names no other path of the upstream, even one that decodes it.

Query strings are never passed on as they came: the caller's parameters, parsed, are encoded again
by httpx (:func:`query_params`).

Usage::

    upstream.get(model_path(model), headers, params=query_params(request))
"""

from __future__ import annotations

import re
from urllib.parse import quote

from starlette.convertors import PathConvertor, register_url_convertor
from starlette.requests import Request

from kgcheck.proxy.errors import Refused

__all__ = [
    "COMPLETIONS",
    "MAX_MODEL_ID",
    "MODELS",
    "MODEL_ID",
    "model_path",
    "query_params",
    "upstream_path",
]

#: The path of the chat completions API, under the upstream's base URL.
COMPLETIONS = "/chat/completions"
#: The path of the model list.
MODELS = "/models"
#: The longest model id passed on.
MAX_MODEL_ID = 256

_PART = r"[A-Za-z0-9._~:@+=-]+"
_MODEL_ID = re.compile(rf"{_PART}(?:/{_PART})*")
#: ``/models/`` and one segment as :func:`model_path` encodes it (no ``/``, no dot segment).
_ALLOWED = re.compile(r"/chat/completions|/models(?:/(?!\.{1,2}$)[A-Za-z0-9._~:@%-]+)?")


class _AnyPath(PathConvertor):
    """Starlette's ``path``, line breaks included (so that they are refused with a 400, not
    passed over as no route)."""

    regex = r"[\s\S]*"


#: The route parameter type of a model id: ``/v1/models/{model:kgcheck_model_id}``.
MODEL_ID = "kgcheck_model_id"
register_url_convertor(MODEL_ID, _AnyPath())


def model_path(model: str) -> str:
    """``/models/{model}`` with ``model`` checked and encoded as one path segment.

    Raises:
        Refused: the id is empty, too long, has a character outside the safe set, or a part
            that is empty, ``.`` or ``..`` (400, ``invalid_model_id``).
    """
    problem = _model_problem(model)
    if problem is not None:
        raise Refused(
            f"invalid model id {model[:80]!r}: {problem}", "invalid_model_id", param="model"
        )
    return upstream_path(f"{MODELS}/{quote(model, safe=':@')}")


def _model_problem(model: str) -> str | None:
    if not model:
        return "it is empty"
    if len(model) > MAX_MODEL_ID:
        return f"longer than {MAX_MODEL_ID} characters"
    if not _MODEL_ID.fullmatch(model):
        return (
            "a model id is letters, digits and -._~:@+= in parts separated by single slashes "
            "(no %, ?, #, white space, control characters or backslashes)"
        )
    if any(part in {".", ".."} for part in model.split("/")):
        return "a part of it is '.' or '..'"
    return None


def upstream_path(path: str) -> str:
    """``path`` if the proxy may call it on the upstream.

    Raises:
        ValueError: any other path (a bug: the routes build only allowed ones).
    """
    if not _ALLOWED.fullmatch(path):
        raise ValueError(f"the proxy does not call {path!r} on the upstream")
    return path


def query_params(request: Request) -> list[tuple[str, str]]:
    """The request's query parameters, parsed (to be encoded again, never passed on raw)."""
    return list(request.query_params.multi_items())
