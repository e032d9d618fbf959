"""``kgcheck rules``: validate rule files and shapes, and check a structured output.

Usage::

    kgcheck rules check rules/statements/ rules/acme.yaml
    kgcheck rules check --config data/statements/kgcheck.yaml
    kgcheck rules output statement.json --config data/statements/kgcheck.yaml
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from kgcheck.config import load_config
from kgcheck.errors import InputError, KgcheckError, NotJson
from kgcheck.rules.loader import check_rule_files

__all__ = ["rules_app"]

rules_app = typer.Typer(
    help="Validate rule files and SHACL shapes; check structured outputs.",
    no_args_is_help=True,
    add_completion=False,
)


def _error(exc: KgcheckError) -> None:
    typer.echo(f"error: {exc}", err=True)
    raise typer.Exit(code=2)


@rules_app.command("check")
def check_rules(
    files: Annotated[
        list[Path] | None,
        typer.Argument(help="Rule files (.yaml), shapes (.ttl) or directories of rule files."),
    ] = None,
    config: Annotated[
        Path, typer.Option(help="kgcheck.yaml whose 'rules' to check when no file is given.")
    ] = Path("kgcheck.yaml"),
) -> None:
    """Validate rule files and shapes; print every problem with its location.

    Exit status: 0 when all are valid, 1 when any has a problem, 2 on other errors.
    """
    paths = list(files or [])
    if not paths:
        try:
            paths = load_config(config).rules
        except KgcheckError as exc:
            _error(exc)
            return
        if not paths:
            typer.echo(f"{config}: no rule files configured ('rules:')")
            return
    book, problems = check_rule_files(paths)
    for problem in problems:
        typer.echo(str(problem))
    if problems:
        files_with = len({p.path for p in problems})
        typer.echo(f"{len(problems)} problem(s) in {files_with} file(s)")
        raise typer.Exit(code=1)
    assert book is not None
    typer.echo(f"ok: {len(book)} rule(s) in {len(book.files)} file(s)")


@rules_app.command("output")
def check_output(
    data: Annotated[Path, typer.Argument(help="The structured output, a JSON file ('-': stdin).")],
    config: Annotated[Path, typer.Option(help="kgcheck.yaml")] = Path("kgcheck.yaml"),
) -> None:
    """Check a structured (JSON) output; print the report as JSON.

    Exit status: 0 when the output is not rejected, 1 when it is, 2 on errors.
    """
    from kgcheck.checker import Checker

    try:
        text = sys.stdin.read() if str(data) == "-" else data.read_text(encoding="utf-8")
    except OSError as exc:
        _error(InputError(f"{data}: cannot read the output ({exc.strerror})"))
        return
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        _error(NotJson(f"{data}: not JSON ({exc})"))
        return
    try:
        report = Checker.from_config(config).check_output(value)
    except KgcheckError as exc:
        _error(exc)
        return
    sys.stdout.write(json.dumps(report.to_dict(), indent=2) + "\n")
    raise typer.Exit(code=0 if report.ok else 1)
