"""``kgcheck kb``: commands for knowledge-base authors.

Usage::

    kgcheck kb selftest --config kgcheck.yaml --max-facts 20 --json selftest.json
    kgcheck kb lint --config kgcheck.yaml
    kgcheck kb refresh --config kgcheck.yaml
    kgcheck kb build --config kgcheck.yaml
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kgcheck.errors import KgcheckError

if TYPE_CHECKING:  # the checker loads only when a command runs
    from kgcheck.kb.selftest import Outcome, SelftestResult

__all__ = ["kb_app", "render_selftest"]

kb_app = typer.Typer(
    help="Commands for knowledge-base authors.", no_args_is_help=True, add_completion=False
)


def _error(exc: KgcheckError) -> None:
    typer.echo(f"error: {exc}", err=True)
    raise typer.Exit(code=2)


@kb_app.command("selftest")
def selftest_command(
    config: Annotated[Path, typer.Option(help="kgcheck.yaml")] = Path("kgcheck.yaml"),
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the full result as JSON to FILE.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seeds the sample of facts and the phrasings.")] = 0,
    max_facts: Annotated[int, typer.Option(min=1, help="Facts stated per property at most.")] = 20,
    show: Annotated[int, typer.Option(min=0, help="False alarms and misses to print.")] = 10,
    max_false_alarm_rate: Annotated[float, typer.Option(min=0.0, max=1.0)] = 0.01,
    min_recall: Annotated[float, typer.Option(min=0.0, max=1.0)] = 0.95,
    lexical_forms: Annotated[
        bool,
        typer.Option(
            "--lexical-forms/--no-lexical-forms",
            help="--no-lexical-forms: read the ontology as if it had no kgc:lexicalForm "
            "(phrasings derived from labels and local names only).",
        ),
    ] = True,
    templates: Annotated[
        str,
        typer.Option(
            help="Reply templates each fact is also stated inside: development, held_out, "
            "all (both) or none.",
        ),
    ] = "all",
) -> None:
    """State the KB's facts in every phrasing its ontology allows, true and perturbed, and
    check each one: false alarms and recall per property.

    Exit status 0 when the false-alarm rate is at most --max-false-alarm-rate and the recall at
    least --min-recall, 1 otherwise, 2 on errors.
    """
    from kgcheck.kb.selftest import load_checker, selftest

    try:
        checker = load_checker(config, lexical_forms=lexical_forms)
        result = selftest(checker, seed=seed, max_facts_per_property=max_facts, templates=templates)
    except KgcheckError as exc:
        _error(exc)
        return
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(result.to_dict(), indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            typer.echo(f"error: {json_out}: cannot write the result ({exc.strerror})", err=True)
            raise typer.Exit(code=2) from exc
    passed = result.passes(max_false_alarm_rate=max_false_alarm_rate, min_recall=min_recall)
    render_selftest(result, Console(), show=show)
    bounds = f"(false alarms <= {max_false_alarm_rate:.2%}, recall >= {min_recall:.2%})"
    typer.echo(("passed " if passed else "failed ") + bounds)
    raise typer.Exit(code=0 if passed else 1)


@kb_app.command("lint")
def lint_command(
    config: Annotated[Path, typer.Option(help="kgcheck.yaml")] = Path("kgcheck.yaml"),
    lexical_forms: Annotated[
        bool,
        typer.Option(
            "--lexical-forms/--no-lexical-forms",
            help="--no-lexical-forms: lint the ontology as if it had no kgc:lexicalForm.",
        ),
    ] = True,
) -> None:
    """List the properties no phrasing reaches, the phrasings that collide (with another
    property, a class label or an entity's name), and the predicates and classes the data uses
    that no ontology declares (with "did you mean" for near misses).

    Exit status 0 when there is nothing to report, 1 when there is, 2 on errors.
    """
    from kgcheck.config import load_config
    from kgcheck.kb.knowledge_base import KnowledgeBase
    from kgcheck.kb.lint import lint

    try:
        kb_cfg = load_config(config).knowledge_base
        kb = KnowledgeBase.from_config(kb_cfg, lexical_forms=lexical_forms)
    except KgcheckError as exc:
        _error(exc)
        return
    findings = lint(kb)
    for finding in findings:
        typer.echo(f"{finding.code}: {finding.message}")
    unreachable = sum(f.code == "unreachable" for f in findings)
    undeclared = sum(f.code.startswith("undeclared") for f in findings)
    typer.echo(
        f"{len(kb.ontology.properties)} properties: {unreachable} unreachable, "
        f"{undeclared} undeclared term(s), {len(findings) - unreachable - undeclared} "
        "collision(s)"
    )
    raise typer.Exit(code=1 if findings else 0)


@kb_app.command("refresh")
def refresh_command(
    config: Annotated[Path, typer.Option(help="kgcheck.yaml")] = Path("kgcheck.yaml"),
) -> None:
    """Rebuild the label index from the KB as it is now: for a ``sparql:`` KB it is built
    from the endpoint once and kept in knowledge_base.index_dir until this command runs; an
    ``oxigraph:`` store reloads sources that changed, materialises knowledge_base.mappings
    again and rebuilds its index too. A running
    service reads the new index when it restarts (the facts themselves are fetched per turn,
    cached for knowledge_base.cache_ttl seconds).

    Exit status 0 when done, 2 on errors.
    """
    import time

    from kgcheck.config import load_config
    from kgcheck.kb.knowledge_base import KnowledgeBase

    started = time.perf_counter()
    try:
        kb_cfg = load_config(config).knowledge_base
        kb = KnowledgeBase.from_config(kb_cfg, refresh=True)
    except KgcheckError as exc:
        _error(exc)
        return
    scheme = kb_cfg.store.partition(":")[0]
    typer.echo(
        f"{scheme}: {len(kb.labels)} names indexed, {len(kb.ontology.properties)} properties "
        f"in {time.perf_counter() - started:.1f}s"
    )


@kb_app.command("build")
def build_command(
    config: Annotated[Path, typer.Option(help="kgcheck.yaml")] = Path("kgcheck.yaml"),
) -> None:
    """Materialise knowledge_base.mappings (RML, R2RML, YARRRML over CSV, JSON and SQL
    databases) with the sources into the KB's store, and report rows and triples per source.

    With store: oxigraph:<dir> the result persists: the service then opens it without
    materialising again, until a mapping or a file it reads changes (for a database server's
    changes run `kgcheck kb build` or `kgcheck kb refresh` again). A broken mapping is
    reported with its file and line, and the store is left as it was.

    Exit status 0 when done, 2 on errors.
    """
    import time

    from kgcheck.config import load_config
    from kgcheck.kb.knowledge_base import KnowledgeBase

    started = time.perf_counter()
    try:
        kb_cfg = load_config(config).knowledge_base
        if not kb_cfg.mappings:
            typer.echo(f"error: {config}: knowledge_base.mappings lists no mapping", err=True)
            raise typer.Exit(code=2)
        kb = KnowledgeBase.from_config(kb_cfg, refresh=True)
    except KgcheckError as exc:
        _error(exc)
        return
    for made in kb.built:
        typer.echo(f"{made.mapping}: {made.triples} triples in {made.seconds:.1f}s")
        for source in made.sources:
            empty = "   (no triples: check the mapping's references)" if not source.triples else ""
            typer.echo(f"  {source.name}: {source.rows} rows, {source.triples} triples{empty}")
    scheme = kb_cfg.store.partition(":")[0]
    typer.echo(
        f"{scheme}: {len(kb)} triples in the KB, {len(kb.labels)} names indexed, "
        f"in {time.perf_counter() - started:.1f}s"
    )
    if scheme == "memory":
        typer.echo(
            "note: store: memory keeps nothing; set knowledge_base.store: oxigraph:<dir> to "
            "build once and reopen it"
        )


def render_selftest(result: SelftestResult, console: Console, *, show: int = 10) -> None:
    """Print the per-property table, totals, the first ``show`` false alarms and misses, the
    phrasings that produced no claim, and the notes."""
    table = Table(title=f"self-test: flag threshold {result.flag_threshold:.2f}")
    table.add_column("property", no_wrap=True)
    for column in ("true", "FA", "FA rate", "no claim", "pert.", "caught", "recall"):
        table.add_column(column, justify="right", no_wrap=True)
    for row in [*result.rows, result.totals]:
        table.add_row(
            row.label,
            str(row.true),
            str(row.false_alarms),
            _rate(row.false_alarm_rate),
            str(row.unparsed),
            str(row.perturbed),
            str(row.caught),
            _rate(row.recall),
        )
    console.print(table)
    phrasings = Table(title="per phrasing (reply: inside a reply, by the templates' split)")
    phrasings.add_column("phrasing", no_wrap=True)
    for column in ("true", "FA", "no claim", "pert.", "caught", "recall"):
        phrasings.add_column(column, justify="right", no_wrap=True)
    for label, row in sorted(result.by_phrasing().items()):
        phrasings.add_row(
            label,
            str(row.true),
            str(row.false_alarms),
            str(row.unparsed),
            str(row.perturbed),
            str(row.caught),
            _rate(row.recall),
        )
    console.print(phrasings)
    count = len(result.outcomes)
    per = result.seconds / count * 1000 if count else 0.0
    console.print(f"{count} statements in {result.seconds:.1f} s ({per:.1f} ms each)")
    # the held-out templates' replies are counted, not shown: nobody develops against them
    _print_outcomes(console, "false alarms", _shown(result.false_alarms), show)
    _print_outcomes(console, "misses", _shown(result.misses), show)
    seen: set[tuple[str, str, str]] = set()
    unparsed = []
    for o in _shown(result.unparsed):
        key = (o.statement.property, o.statement.phrasing, o.statement.form)
        if key not in seen:
            seen.add(key)
            unparsed.append(o)
    if unparsed:
        console.print(f"[bold]phrasings that produced no claim ({len(unparsed)}):[/]")
        for o in unparsed:
            s = o.statement
            console.print(f"  {s.phrasing} '{escape(s.form)}': {escape(s.text)}", highlight=False)
    for note in result.notes:
        console.print(f"[dim]note: {escape(note)}[/]", highlight=False)


def _shown(outcomes: list[Outcome]) -> list[Outcome]:
    """``outcomes`` but those of replies of the held-out templates."""
    return [o for o in outcomes if not o.statement.held_out()]


def _print_outcomes(console: Console, title: str, outcomes: list[Outcome], show: int) -> None:
    if not outcomes or not show:
        return
    console.print(f"[bold]{title} ({len(outcomes)}, first {min(show, len(outcomes))}):[/]")
    for o in outcomes[:show]:
        s = o.statement
        kind = s.perturbation or s.phrasing
        flags = "; ".join(f"{t} {c:.2f}: {m}" for t, c, m in o.flags) or o.decision
        console.print(f"  [{escape(kind)}] {escape(s.text)}", highlight=False)
        console.print(f"      -> {escape(flags)}", highlight=False)


def _rate(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"
