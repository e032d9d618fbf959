"""Message templates: ``"{subject} works in {value}, not {expected}"`` filled from variables.

Placeholders are plain names; attribute access, indexing, conversions and format specs are
refused when the rules load, so filling a template can only ever insert the variables' text.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from string import Formatter

__all__ = ["fill", "placeholders"]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def placeholders(template: str) -> tuple[str, ...]:
    """The names a template uses.

    Raises:
        ValueError: a brace is unmatched or a placeholder is not a plain name.
    """
    names: list[str] = []
    try:
        parsed = list(Formatter().parse(template))
    except ValueError as exc:
        raise ValueError(f"{exc} (write '{{{{' and '}}}}' for literal braces)") from None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if not _NAME.match(name) or spec or conversion:
            raise ValueError(f"placeholder '{{{name}}}' must be a plain name such as '{{value}}'")
        if name not in names:
            names.append(name)
    return tuple(names)


def check_names(template: str, allowed: Collection[str]) -> str | None:
    """A problem with ``template`` given the variables it may use, or ``None``."""
    try:
        used = placeholders(template)
    except ValueError as exc:
        return str(exc)
    unknown = [n for n in used if n not in allowed]
    if unknown:
        names = ", ".join(f"'{{{n}}}'" for n in unknown)
        return f"unknown placeholder {names}; available: {', '.join(sorted(allowed))}"
    return None


def fill(template: str, values: Mapping[str, str]) -> str:
    """The template with each placeholder replaced by its value ('' when unbound)."""
    out = []
    for literal, name, _, _ in Formatter().parse(template):
        out.append(literal)
        if name is not None:
            out.append(values.get(name, ""))
    return "".join(out)
