"""``kgcheck tools``: tool results as the RDF kgcheck checks replies against.

Usage::

    kgcheck tools turtle results.jsonl > results.ttl

Each line of the file is one call, as ``kgcheck check --history`` takes it:
``{"role": "tool", "name": "search_hotels", "arguments": {...}, "result": [...]}`` (``role``
may be left out; ``schema`` and ``kind`` are optional). Lines of other roles are skipped, so a
whole history file may be given.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from kgcheck.errors import HistoryLineInvalid, InputError
from kgcheck.tools.graph import results_graph
from kgcheck.tools.results import ToolResult

__all__ = ["tools_app"]

tools_app = typer.Typer(
    help="Tool results as RDF: what replies are checked against.",
    no_args_is_help=True,
    add_completion=False,
)


@tools_app.command("turtle")
def turtle(
    path: Annotated[Path, typer.Argument(help="JSON lines: one tool call and its result each.")],
) -> None:
    """Write the RDF kgcheck reads from the tool results (ontology and rows) as Turtle: the
    same rows as a KB file give the same verdicts."""
    try:
        calls = _read_calls(path)
    except InputError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(code=2) from exc
    typer.echo(results_graph(calls).serialize(format="turtle"))


def _read_calls(path: Path) -> list[ToolResult]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read the tool results ({exc})") from exc
    calls = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            if item.get("role", "tool") != "tool":
                continue
            calls.append(ToolResult.from_dict(item))
        except (json.JSONDecodeError, AttributeError) as exc:
            raise HistoryLineInvalid(
                f"{path}: line {number}: expected a JSON object with 'name' and 'result'"
            ) from exc
        except InputError as exc:
            raise InputError(f"{path}: line {number}: {exc.message}", code=exc.code) from exc
    return calls
