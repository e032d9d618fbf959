"""``ToolResult``: one tool or API call the agent made, with what it returned.

A result is kept as the caller gave it (JSON text or the decoded value) and read into rows: a
list of objects is one row each; an object holding one list of objects (``{"results": [...]}``)
is that list, each row with the object's ``currency`` fields (the rest of the object, a
``total`` beside its ``line_items``, is the call's: :meth:`ToolResult.envelope`); any other
object is one row; a scalar is one row with the field ``result``. An object inside a row is
read as fields of the row named by both keys (``{"vehicle": {"registration": ...}}``:
``vehicle_registration``).
``kind`` names what a row is ("restaurant"); without one it is read from the tool's name, its
verb left out ("FindRestaurants", "find_restaurants" -> "restaurant").

Usage::

    call = ToolResult("FindRestaurants", [{"restaurant_name": "Sino", "rating": "4.00"}],
                      arguments={"location": "San Jose"})
    call.rows()      # [{"restaurant_name": "Sino", "rating": "4.00"}]
    call.kind        # "restaurant"
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from kgcheck.errors import StateInvalid
from kgcheck.nlp.wordlists import lookup_lemma

__all__ = ["ToolResult", "kind_of_tool", "words_of_name"]

Row = dict[str, Any]

_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
#: Words that end the noun of a tool's name ("FindHomeByArea" -> "home").
_JOINERS = frozenset({"by", "for", "in", "of", "on", "at", "from", "to", "with", "near", "and"})


#: Keys that hold a result's rows without saying what they are.
_GENERIC_LISTS = frozenset(
    {"results", "result", "items", "data", "rows", "records", "hits", "matches", "options",
     "entries", "list", "values", "response", "content"}
)  # fmt: skip


def _flat(row: Row) -> Row:
    """``row`` with the fields of the objects it holds as fields of its own, named by both
    keys (``{"vehicle": {"registration": "MA24 KXR"}}`` -> ``vehicle_registration``); the row's
    own fields win."""
    if not any(isinstance(v, dict) for v in row.values()):
        return row
    out: Row = {}
    for key, value in row.items():
        if isinstance(value, dict):
            for inner, part in _flat(value).items():
                out.setdefault(f"{key}_{inner}", part)
        else:
            out[key] = value
    return out


def words_of_name(name: str) -> list[str]:
    """The words of an identifier: camelCase, snake_case, kebab-case or spaced, lower case."""
    return [w.lower() for w in _CAMEL.findall(name)]


@lru_cache(maxsize=1024)
def kind_of_tool(name: str) -> str:
    """What a tool's rows are, from its name: the words after its verb, up to a preposition,
    the last one singular ("SearchRoundtripFlights" -> "roundtrip flight"). A one-word name is
    its own kind."""
    words = words_of_name(name)
    if len(words) > 1:
        words = words[1:]  # tool names start with their verb: get_, find_, book_, search_
    for i, word in enumerate(words):
        if i and word in _JOINERS:
            words = words[:i]
            break
    if not words:
        return name.lower()
    words[-1] = _singular(words[-1])
    return " ".join(words)


def _singular(word: str) -> str:
    """A plural noun's singular ("buses" -> "bus"); any other word stays ("bus", and
    "booking", which the lemma table reads as the verb's)."""
    return lookup_lemma(word) if word.endswith("s") else word


@dataclass
class ToolResult:
    """One call: the tool's name, its arguments, what it returned, and what was said of its
    fields (``schema``: a JSON Schema of a row or of the result, an OpenAI function definition,
    or ``{"slots": [...]}`` as SGD's service schemas write them), after turn ``turn``."""

    name: str
    result: Any
    arguments: dict[str, Any] = field(default_factory=dict)
    schema: dict[str, Any] | None = None
    kind: str | None = None
    call_id: str | None = None
    #: The number of dialogue turns before the call (set by ``DialogueState``).
    turn: int = 0
    #: Whether the session store holds it (``kgcheck.store.sessions``).
    saved: bool = field(default=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise StateInvalid(f"a tool result needs the tool's name, got {self.name!r}")
        if isinstance(self.arguments, str):
            self.arguments = _decoded(self.arguments, f"{self.name}: arguments")
        if not isinstance(self.arguments, dict):
            raise StateInvalid(f"{self.name}: arguments must be a JSON object")
        if self.kind is None:
            self.kind = kind_of_tool(self.name)

    def rows(self) -> list[Row]:
        """The rows of the result (see the module's docstring); ``[]`` for an empty result."""
        value = self._value()
        if isinstance(value, str):  # JSON text that is no JSON: the tool's words
            return [{"result": value}] if value.strip() else []
        if isinstance(value, list):
            return [
                _flat(r) if isinstance(r, dict) else {"result": r} for r in value if r is not None
            ]
        if isinstance(value, dict):
            key = self._list_key()
            if key is None:
                return [_flat(value)]
            # what the envelope says of every row: the currency its amounts are in
            shared = {k: v for k, v in value.items() if "currency" in words_of_name(k)}
            return [_flat({**shared, **r}) for r in value[key]]
        if value is None:
            return []
        return [{"result": value}]

    def rows_kind(self) -> str:
        """What the rows are: the noun of the key that holds them when it names one
        (``line_items`` of a quote: "line item"), else the tool's kind ("results" names none)."""
        key = self._list_key()
        if key is None or key.lower() in _GENERIC_LISTS:
            return self.kind or self.name
        *head, last = words_of_name(key) or [key]
        return " ".join([*head, _singular(last)])

    def _list_key(self) -> str | None:
        """The key of the one list of objects an object result holds (empty or not)."""
        value = self._value()
        if not isinstance(value, dict):
            return None
        lists = [str(k) for k, v in value.items() if isinstance(v, list)]
        if len(lists) != 1 or not all(isinstance(r, dict) for r in value[lists[0]]):
            return None
        return lists[0]

    def _value(self) -> Any:
        """The result decoded: JSON text read, any other text as it is."""
        if isinstance(self.result, str):
            try:
                return json.loads(self.result)
            except ValueError:
                return self.result
        return self.result

    def envelope(self) -> Row:
        """What an object holding one list of objects says beside the list (``total`` and
        ``deposit`` beside ``line_items``): facts of the call, not of any row; ``{}`` for any
        other result."""
        key = self._list_key()
        value = self._value()
        if key is None or not isinstance(value, dict):
            return {}
        return _flat({k: v for k, v in value.items() if k != key})

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "arguments": self.arguments,
            "result": self.result,
            "schema": self.schema,
            "kind": self.kind,
            "call_id": self.call_id,
            "turn": self.turn,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ToolResult:
        """The inverse of ``to_dict``.

        Raises:
            StateInvalid: ``name`` or ``result`` is missing, or the arguments are no object.
        """
        try:
            return cls(
                name=data["name"],
                result=data["result"],
                arguments=data.get("arguments") or {},
                schema=data.get("schema"),
                kind=data.get("kind"),
                call_id=data.get("call_id"),
                turn=int(data.get("turn", 0)),
            )
        except (KeyError, TypeError) as exc:
            raise StateInvalid(f"a tool result needs 'name' and 'result' ({exc!r})") from exc


def _decoded(text: str, where: str) -> Any:
    try:
        return json.loads(text) if text.strip() else {}
    except ValueError as exc:
        raise StateInvalid(f"{where}: not JSON ({exc})") from exc
