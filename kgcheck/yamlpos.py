"""Where a key path sits in a YAML document, for error messages that name the line."""

from __future__ import annotations

from collections.abc import Sequence

import yaml

__all__ = ["error_line", "line_of"]


def line_of(node: yaml.Node | None, loc: Sequence[int | str]) -> int | None:
    """The 1-based line of the deepest part of ``loc`` that exists in the YAML document."""
    line = node.start_mark.line + 1 if node is not None else None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if key_node.value == str(part):
                    line = key_node.start_mark.line + 1
                    node = value_node
                    break
            else:
                return line
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if part >= len(node.value):
                return line
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            return line
    return line


def error_line(exc: yaml.YAMLError, text: str) -> int | None:
    """The 1-based line a YAML error points at: its mark, or for a character YAML refuses (a
    NUL byte) its position in ``text``."""
    mark = getattr(exc, "problem_mark", None)
    if mark is not None:
        return int(mark.line) + 1
    position = getattr(exc, "position", None)
    if isinstance(position, int):
        return text.count("\n", 0, position) + 1
    return None
