"""A structured output (a JSON object) as RDF: JSON-LD with the rule set's ``@context``.

Every JSON object becomes a node named by its position, ``urn:kgcheck:output:/boundaries/2``, so
that a result can say where it is (``boundaries[2].start_page``) and equal objects stay apart. The
top object is also a ``kgc:Output``. Keys the context does not map fall into the default
vocabulary (``@vocab``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pyoxigraph as ox

from kgcheck.errors import NotJson, NotJsonLd
from kgcheck.vocab import KGC_NS

__all__ = ["NODE_PREFIX", "MappedOutput", "map_output"]

NODE_PREFIX = "urn:kgcheck:output:"
_SAFE_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


@dataclass(frozen=True)
class MappedOutput:
    """The triples of an output, and each node's path (``""`` for the top object)."""

    triples: list[ox.Triple]
    paths: dict[str, str]


def map_output(data: Mapping[str, Any], contexts: Sequence[Mapping[str, Any]]) -> MappedOutput:
    """The RDF of ``data`` under ``contexts`` (applied in order; later ones win).

    Raises:
        InputError: ``data`` is not a JSON object, uses JSON-LD keywords other than
            ``@context``, or is not valid JSON-LD under the contexts.
    """
    if not isinstance(data, Mapping):
        raise NotJson(f"a structured output must be a JSON object, got {type(data).__name__}")
    own = data.get("@context")
    context: list[Any] = [dict(c) for c in contexts]
    if own is not None:
        context.append(own)
    paths: dict[str, str] = {}
    doc = _node(data, (), paths, set(_terms(context)))
    doc["@type"] = KGC_NS + "Output"
    doc["@context"] = context
    try:
        text = json.dumps(doc)
    except (TypeError, ValueError) as exc:
        raise NotJson(f"the output is not JSON: {exc}") from exc
    try:
        triples = [ox.Triple(q.subject, q.predicate, q.object) for q in ox.parse(
            text, format=ox.RdfFormat.JSON_LD
        )]  # fmt: skip
    except (SyntaxError, ValueError) as exc:
        raise NotJsonLd(f"the output is not valid JSON-LD: {exc}") from exc
    return MappedOutput(triples, paths)


def _terms(context: list[Any]) -> list[str]:
    return [k for c in context if isinstance(c, Mapping) for k in c if not k.startswith("@")]


def _node(
    obj: Mapping[str, Any], pointer: tuple[str | int, ...], paths: dict[str, str], terms: set[str]
) -> dict[str, Any]:
    iri = NODE_PREFIX + "/" + "/".join(quote(str(p), safe="") for p in pointer)
    paths[iri] = _path(pointer)
    out: dict[str, Any] = {"@id": iri}
    for key, value in obj.items():
        if not isinstance(key, str):
            raise NotJson(f"{_path(pointer) or 'output'}: keys must be strings")
        if key.startswith("@"):
            if key == "@context" and not pointer:
                continue
            raise NotJson(f"{_path((*pointer, key))}: keys starting with '@' are JSON-LD keywords")
        name = key if key in terms or _SAFE_KEY.match(key) else quote(key, safe="")
        out[name] = _value(value, (*pointer, key), paths, terms)
    return out


def _value(
    value: Any, pointer: tuple[str | int, ...], paths: dict[str, str], terms: set[str]
) -> Any:
    if isinstance(value, Mapping):
        return _node(value, pointer, paths, terms)
    if isinstance(value, list | tuple):
        return [_value(v, (*pointer, i), paths, terms) for i, v in enumerate(value)]
    return value


def _path(pointer: Sequence[str | int]) -> str:
    """``("boundaries", 2, "start_page")`` -> ``"boundaries[2].start_page"``."""
    out = ""
    for part in pointer:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out
