"""Commands over the flag store and the service: ``sparql``, ``flags``, ``review``, ``serve``,
``proxy`` and ``endpoint``.

They read only the ``store:`` (and ``server:``) sections of the configuration: inspecting flags
loads no knowledge base and no language pipeline. ``kgcheck.cli`` merges them into ``kgcheck``.
"""

from __future__ import annotations

import getpass
import ipaddress
import json
import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kgcheck.config import Config, load_config
from kgcheck.errors import (
    ConfigError,
    ConfigInvalid,
    ConfigMissing,
    KgcheckError,
    OpenServerRefused,
    StoreLocked,
    StoreNotConfigured,
)
from kgcheck.extras import require
from kgcheck.store import (
    FlagFilter,
    FlagStore,
    GroupBy,
    QueryResult,
    ReviewAction,
    ReviewQueue,
    ReviewStatus,
    StoredFlag,
    open_flag_store,
)
from kgcheck.store.limited import QueryLimits, run_query
from kgcheck.store.patterns import patterns
from kgcheck.store.queries import PREFIXES, parse_since
from kgcheck.types import FlagType

__all__ = ["app"]

app = typer.Typer(add_completion=False)
review_app = typer.Typer(
    help="Work the review queue: list, show, approve, reject and annotate stored flags.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(review_app, name="review")
console = Console()
err_console = Console(stderr=True)

ConfigOption = Annotated[Path, typer.Option("--config", help="kgcheck.yaml with a store: section.")]


_CLI_ACCEPT = "application/sparql-results+json, application/n-triples;q=0.9"
#: Seconds a worker of ``kgcheck serve --workers`` may take to answer uvicorn's health check.
_WORKER_HEALTHCHECK_S = 60


class Format(StrEnum):
    TABLE = "table"
    JSON = "json"
    CSV = "csv"


def _fail(exc: KgcheckError) -> typer.Exit:
    err_console.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False)
    if isinstance(exc, StoreLocked):
        err_console.print(
            "[dim]hint: a running `kgcheck serve` holds the store: use its /review endpoints, "
            "or a sparql: store for several writers[/]"
        )
    return typer.Exit(code=2)


def _open(config: Path, *, read_only: bool) -> FlagStore:
    settings = load_config(config)
    if settings.store is None:
        raise StoreNotConfigured(f"{config}: no store: section; nothing is stored")
    if settings.store.backend == "memory":
        raise StoreNotConfigured(
            f"{config}: store: memory keeps nothing between runs; use oxigraph:<dir> or "
            "sparql:<url> to inspect flags later"
        )
    return open_flag_store(settings.store, read_only=read_only)


def _short(value: str) -> str:
    for prefix, iri in PREFIXES.items():
        if value.startswith(iri):
            return f"{prefix}:{value[len(iri) :]}"
    return value


def _print_result(result: QueryResult, fmt: Format) -> None:
    if result.graph is not None:
        sys.stdout.write(result.graph)
        return
    if fmt is Format.JSON:
        sys.stdout.write(json.dumps(result.to_json(), indent=2) + "\n")
    elif fmt is Format.CSV:
        sys.stdout.write(result.to_csv())
    elif result.boolean is not None:
        console.print("true" if result.boolean else "false")
    else:
        table = Table(show_lines=False)
        for name in result.variables:
            table.add_column(name, overflow="fold")
        for row in result.rows:
            table.add_row(*(_short(row[v].value) if v in row else "" for v in result.variables))
        console.print(table)
        console.print(f"[dim]{len(result.rows)} row(s)[/]")


def _filter(
    session: str | None, flag_type: FlagType | None, status: ReviewStatus | None, since: str | None
) -> FlagFilter:
    return FlagFilter(
        session=session,
        flag_type=flag_type,
        status=status,
        since=None if since is None else parse_since(since),
    )


def _print_records(records: list[dict[str, Any]], columns: list[str], fmt: Format) -> None:
    if fmt is Format.JSON:
        sys.stdout.write(json.dumps(records, indent=2, default=str) + "\n")
        return
    if fmt is Format.CSV:
        import csv

        writer = csv.DictWriter(sys.stdout, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        for r in records:
            writer.writerow({k: "; ".join(v) if isinstance(v, list) else v for k, v in r.items()})
        return
    rows = [{name: _cell(r.get(name)) for name in columns} for r in records]
    shown, hidden = _fit(columns, rows, console.width)
    table = Table()
    for name in shown:
        free = name in _FREE_TEXT
        table.add_column(
            name,
            overflow="fold",
            no_wrap=not free,
            min_width=_width(name, rows) if not free else min(_width(name, rows), _FREE_MIN),
        )
    for row in rows:
        table.add_row(*(row[name] for name in shown))
    console.print(table)
    console.print(f"[dim]{len(records)} row(s)[/]")
    if hidden:
        console.print(
            f"[dim]not shown at {console.width} columns: {', '.join(hidden)} "
            "(a wider terminal, or --format csv / json, shows every column)[/]"
        )


#: Columns kept first when a table is wider than the terminal: what the row is and what was
#: wrong, then where it was; the others are left out (and named) rather than squeezed.
_PRIORITY = ("id", "key", "type", "count", "content", "message", "status", "turn", "session")
#: Columns of free text: folded over lines, at least ``_FREE_MIN`` wide; the others (ids,
#: times, numbers) are never broken.
_FREE_TEXT = frozenset({"content", "message", "examples"})
_FREE_MIN = 16


def _cell(value: Any) -> str:
    """A table cell: lists joined, ``None`` empty, and every other value as it is (turn 0
    is "0")."""
    if isinstance(value, list):
        return " | ".join(map(str, value))
    return "" if value is None else str(value)


def _width(name: str, rows: list[dict[str, str]]) -> int:
    return max([len(name), *(len(row[name]) for row in rows)])


def _fit(columns: list[str], rows: list[dict[str, str]], width: int) -> tuple[list[str], list[str]]:
    """The columns that fit ``width`` characters readably, in their order, and those left out
    (the last in ``_PRIORITY`` first)."""

    def need(names: list[str]) -> int:
        cells = (
            min(_width(n, rows), _FREE_MIN) if n in _FREE_TEXT else _width(n, rows) for n in names
        )
        return sum(c + 3 for c in cells) + 1  # one space each side and a rule, plus the edge

    rank = {name: i for i, name in enumerate(_PRIORITY)}
    order = sorted(columns, key=lambda n: rank.get(n, len(_PRIORITY)))
    kept = list(columns)
    while len(kept) > 2 and need(kept) > width:
        kept.remove(next(n for n in reversed(order) if n in kept))
    return kept, [n for n in columns if n not in kept]


_FLAG_COLUMNS = ["id", "time", "session", "turn", "type", "status", "confidence", "content"]


def _flag_rows(flags: list[StoredFlag]) -> list[dict[str, Any]]:
    rows = []
    for f in flags:
        data = f.to_dict()
        data["time"] = f.time.strftime("%Y-%m-%d %H:%M:%S")
        data["confidence"] = f"{f.confidence:.2f}"
        rows.append(data)
    return rows


@app.command()
def sparql(
    query: Annotated[str, typer.Argument(help="A SPARQL query, a file holding one, or '-'.")],
    config: ConfigOption = Path("kgcheck.yaml"),
    fmt: Annotated[Format, typer.Option("--format", help="Output format.")] = Format.TABLE,
    timeout: Annotated[
        float | None,
        typer.Option(min=0.001, help="Seconds before it is stopped [server.sparql_timeout]."),
    ] = None,
    max_rows: Annotated[
        int | None,
        typer.Option(min=1, help="Rows shown at most [server.sparql_max_rows]."),
    ] = None,
) -> None:
    """Query the stored flags with SPARQL; kgc:, prov:, rdf:, rdfs: and xsd: are predeclared.
    Updates and SERVICE calls are refused, like on the service's /sparql.

    Example: kgcheck sparql "SELECT ?type (COUNT(?f) AS ?n) WHERE { ?f kgc:flagType ?type }
    GROUP BY ?type"
    """
    if query == "-":
        query = sys.stdin.read()
    elif len(query) < 4096 and Path(query).is_file():
        query = Path(query).read_text(encoding="utf-8")
    try:
        server = load_config(config).server
        store = _open(config, read_only=True)
        limits = QueryLimits(
            timeout=timeout or server.sparql_timeout,
            max_rows=max_rows or server.sparql_max_rows,
            service_allow=tuple(server.sparql_service_allow),
            memory_mb=server.sparql_memory_mb,
        )
        answer = run_query(store, query, _CLI_ACCEPT, limits)
    except KgcheckError as exc:
        raise _fail(exc) from exc
    if answer.form in ("construct", "describe"):
        result = QueryResult(answer.form, graph=answer.body.decode("utf-8"))
    else:
        result = QueryResult.from_json(answer.form, json.loads(answer.body))
    _print_result(result, fmt)
    if answer.truncated:
        err_console.print(f"[yellow]note:[/] cut to the first {limits.max_rows} row(s)")


@app.command()
def flags(
    config: ConfigOption = Path("kgcheck.yaml"),
    session: Annotated[str | None, typer.Option(help="Only this session.")] = None,
    flag_type: Annotated[FlagType | None, typer.Option("--type", help="Only this type.")] = None,
    status: Annotated[ReviewStatus | None, typer.Option(help="Only this review status.")] = None,
    since: Annotated[
        str | None, typer.Option(help="Only flags since: ISO date/time, or 24h, 7d, ...")
    ] = None,
    by: Annotated[
        GroupBy | None,
        typer.Option(help="Count by type, detector, rule or entity, with last seen and examples."),
    ] = None,
    limit: Annotated[int, typer.Option(min=1, help="At most this many rows.")] = 50,
    fmt: Annotated[Format, typer.Option("--format", help="Output format.")] = Format.TABLE,
) -> None:
    """List stored flags, newest first, or the patterns among them (--by)."""
    try:
        store = _open(config, read_only=True)
        where = _filter(session, flag_type, status, since)
        if by is not None:
            found = patterns(store, by, where, limit=limit)
            records = [p.to_dict() for p in found]
            _print_records(records, ["key", "count", "last_seen", "examples"], fmt)
            return
        listed = ReviewQueue(store).find(where, limit=limit)
    except KgcheckError as exc:
        raise _fail(exc) from exc
    _print_records(_flag_rows(listed), _FLAG_COLUMNS, fmt)


@review_app.command("list")
def review_list(
    config: ConfigOption = Path("kgcheck.yaml"),
    status: Annotated[ReviewStatus, typer.Option(help="Review status.")] = ReviewStatus.PENDING,
    session: Annotated[str | None, typer.Option(help="Only this session.")] = None,
    flag_type: Annotated[FlagType | None, typer.Option("--type", help="Only this type.")] = None,
    since: Annotated[str | None, typer.Option(help="ISO date/time, or 24h, 7d, ...")] = None,
    limit: Annotated[int, typer.Option(min=1)] = 50,
    fmt: Annotated[Format, typer.Option("--format")] = Format.TABLE,
) -> None:
    """Flags waiting for review (or in another status), newest first."""
    try:
        store = _open(config, read_only=True)
        found = ReviewQueue(store).find(_filter(session, flag_type, status, since), limit=limit)
    except KgcheckError as exc:
        raise _fail(exc) from exc
    _print_records(_flag_rows(found), [*_FLAG_COLUMNS, "message"], fmt)


@review_app.command("show")
def review_show(
    flag: Annotated[str, typer.Argument(help="Flag id (as listed) or IRI.")],
    config: ConfigOption = Path("kgcheck.yaml"),
    fmt: Annotated[Format, typer.Option("--format")] = Format.TABLE,
) -> None:
    """One flag: the reply it was raised on, its evidence and its review history."""
    try:
        found = ReviewQueue(_open(config, read_only=True)).show(flag)
    except KgcheckError as exc:
        raise _fail(exc) from exc
    if fmt is not Format.TABLE:
        sys.stdout.write(json.dumps(found.to_dict(), indent=2) + "\n")
        return
    console.print(
        f"[bold]{found.id}[/]  {found.type}  [bold]{found.status}[/]  "
        f"confidence {found.confidence:.2f}  severity {found.severity}"
    )
    console.print(f"session {found.session}, turn {found.turn}, {found.time:%Y-%m-%d %H:%M:%S}")
    console.print(f"detector {found.detector}" + (f", rule {found.rule}" if found.rule else ""))
    if found.reply is not None and found.span is not None:
        start, end = found.span
        console.print(
            f"reply: {found.reply[:start]}[bold red]{found.reply[start:end]}[/]{found.reply[end:]}",
            highlight=False,
        )
    console.print(f"why: {found.message}", highlight=False)
    if found.correction or found.suggestion:
        console.print(f"fix: {found.correction or found.suggestion}", highlight=False)
    for kind, text in found.evidence:
        console.print(f"evidence ({kind}): {text}", highlight=False)
    for e in found.events:
        note = f": {e.note}" if e.note else ""
        console.print(
            f"{e.time:%Y-%m-%d %H:%M:%S} {e.reviewer}: {e.from_status} -> {e.to_status}{note}",
            highlight=False,
        )


def _review(
    action: ReviewAction, flag: str, config: Path, reviewer: str | None, note: str | None
) -> None:
    who = reviewer or os.environ.get("KGCHECK_REVIEWER") or getpass.getuser()
    try:
        store = _open(config, read_only=False)
        try:
            event = ReviewQueue(store).change(flag, action, reviewer=who, note=note)
        finally:
            store.close()
    except KgcheckError as exc:
        raise _fail(exc) from exc
    console.print(f"{event.flag}: {event.from_status} -> [bold]{event.to_status}[/] ({who})")


ReviewerOption = Annotated[
    str | None, typer.Option(help="Who reviews (default: $KGCHECK_REVIEWER, else the login).")
]


@review_app.command("approve")
def review_approve(
    flag: Annotated[str, typer.Argument(help="Flag id or IRI.")],
    config: ConfigOption = Path("kgcheck.yaml"),
    reviewer: ReviewerOption = None,
    note: Annotated[str | None, typer.Option(help="Why.")] = None,
) -> None:
    """The flagged text was right: mark the flag a false positive."""
    _review(ReviewAction.APPROVE, flag, config, reviewer, note)


@review_app.command("reject")
def review_reject(
    flag: Annotated[str, typer.Argument(help="Flag id or IRI.")],
    config: ConfigOption = Path("kgcheck.yaml"),
    reviewer: ReviewerOption = None,
    note: Annotated[str | None, typer.Option(help="Why.")] = None,
) -> None:
    """The flagged text was wrong: confirm the hallucination."""
    _review(ReviewAction.REJECT, flag, config, reviewer, note)


@review_app.command("note")
def review_note(
    flag: Annotated[str, typer.Argument(help="Flag id or IRI.")],
    note: Annotated[str, typer.Option(help="The note.")],
    config: ConfigOption = Path("kgcheck.yaml"),
    reviewer: ReviewerOption = None,
) -> None:
    """Comment on a flag; a pending flag becomes reviewed."""
    _review(ReviewAction.NOTE, flag, config, reviewer, note)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _refuse_open(settings: Config, host: str, port: int, allow_open: bool) -> None:
    """Without ``server.api_keys``, listen on loopback only unless told otherwise.

    Raises:
        OpenServerRefused: ``host`` is not loopback and neither ``--allow-open`` nor
            ``server.allow_open`` is given.
    """
    if settings.server.api_keys:
        return
    if not _loopback(host) and not (allow_open or settings.server.allow_open):
        raise OpenServerRefused(
            f"no server.api_keys: refusing to listen on {host}, where anyone could "
            "call the service; set server.api_keys (KGCHECK_SERVER__API_KEYS), or "
            "pass --allow-open"
        )
    err_console.print(
        f"[yellow]note:[/] no server.api_keys: anyone who can reach {host}:{port} "
        "may call the service"
    )


@app.command()
def serve(
    config: Annotated[Path, typer.Option(help="kgcheck.yaml")] = Path("kgcheck.yaml"),
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535)] = 8000,
    workers: Annotated[
        int,
        typer.Option(min=1, help="Processes; more than one needs an oxigraph: or sparql: store."),
    ] = 1,
    allow_open: Annotated[
        bool,
        typer.Option(
            "--allow-open",
            help="Listen beyond loopback without server.api_keys (anyone reaching the port "
            "may call the service) [server.allow_open].",
        ),
    ] = False,
) -> None:
    """Serve kgcheck over HTTP (OpenAPI docs at /docs).

    Without server.api_keys the service is open to anyone who reaches it, so it listens on
    loopback only unless --allow-open (or server.allow_open) says otherwise. Several workers
    share sessions and flags through the store: a sparql: store directly, an oxigraph: store
    through one writer process that holds it and serves it to the workers over SPARQL on a
    loopback port.
    """
    writer = None
    try:
        require("server", "kgcheck serve", ConfigError)
        settings = load_config(config)
        _refuse_open(settings, host, port, allow_open)
        backend = "memory" if settings.store is None else settings.store.backend
        if workers > 1 and not backend.startswith(("sparql:", "oxigraph:")):
            raise StoreNotConfigured(
                "several workers share sessions through the store, which must outlive each "
                "of them: configure store: oxigraph:<dir> or sparql:<url>"
            )
        if workers == 1:
            from kgcheck.server import create_app

            application = create_app(settings)
        elif backend.startswith("oxigraph:"):
            from kgcheck.endpoint import StoreWriter

            writer = StoreWriter(Path(backend.removeprefix("oxigraph:"))).start()
            err_console.print(
                f"[dim]{escape(backend)} is held by a writer process; the workers use it at "
                f"{writer.url}[/]",
                emoji=False,
                highlight=False,
            )
    except KgcheckError as exc:
        raise _fail(exc) from exc
    import uvicorn

    if workers == 1:
        from kgcheck.server.app import freeze_heap

        freeze_heap()
        uvicorn.run(application, host=host, port=port)
        return
    from kgcheck.server.metrics import multiprocess_dir

    os.environ["KGCHECK_CONFIG"] = str(config.resolve())
    if writer is not None:
        # the workers read the configuration again: this override points them at the writer
        os.environ["KGCHECK_STORE__BACKEND"] = f"sparql:{writer.url}"
    try:
        with multiprocess_dir():  # /metrics sums every worker's counts
            uvicorn.run(
                "kgcheck.server:app_from_env",
                factory=True,
                host=host,
                port=port,
                workers=workers,
                # a worker builds its checker (the parser, the KB's indexes, WordNet) before it
                # serves, seconds of work: on a loaded machine uvicorn's 5 s answer to its
                # health check would kill it and start another, again and again
                timeout_worker_healthcheck=_WORKER_HEALTHCHECK_S,
            )
    finally:
        if writer is not None:
            writer.stop()


@app.command()
def proxy(
    config: Annotated[Path, typer.Option(help="kgcheck.yaml")] = Path("kgcheck.yaml"),
    upstream: Annotated[
        str | None,
        typer.Option(
            help="Base URL of the OpenAI-compatible API to check, e.g. "
            "http://127.0.0.1:9000/v1 [proxy.upstream]."
        ),
    ] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535)] = 8080,
    allow_open: Annotated[
        bool,
        typer.Option(
            "--allow-open",
            help="Listen beyond loopback without server.api_keys (anyone reaching the port "
            "may use the upstream through it) [server.allow_open].",
        ),
    ] = False,
) -> None:
    """Serve an OpenAI-compatible API (POST /v1/chat/completions, GET /v1/models) in front
    of UPSTREAM, checking every reply: corrected, regenerated or refused as the mitigation
    policy decides, with a kgcheck object added to the response.

    Point any OpenAI client at http://HOST:PORT/v1; its API key goes to the upstream as it is.
    server.api_keys protect the proxy (sent as X-API-Key); without them it listens on loopback
    only unless --allow-open (or server.allow_open) says otherwise.
    """
    try:
        require("server", "kgcheck proxy", ConfigError)
        settings = load_config(config)
        if upstream is not None:
            try:
                settings.proxy.upstream = upstream
            except ValidationError as exc:
                problem = exc.errors()[0]["msg"]
                raise ConfigInvalid(f"--upstream {upstream!r}: {problem}") from exc
        if not settings.proxy.upstream:
            raise ConfigMissing(f"{config}: no upstream: pass --upstream or set proxy.upstream")
        _refuse_open(settings, host, port, allow_open)
        from kgcheck.proxy import create_proxy_app

        application = create_proxy_app(settings)
    except KgcheckError as exc:
        raise _fail(exc) from exc
    err_console.print(
        f"kgcheck proxy for {escape(settings.proxy.upstream)} at http://{host}:{port}/v1",
        highlight=False,
    )
    import uvicorn

    from kgcheck.server.app import freeze_heap

    freeze_heap()
    uvicorn.run(application, host=host, port=port)


@app.command()
def endpoint(
    store: Annotated[
        str, typer.Option(help="memory, or oxigraph:<dir> (an on-disk store, created if absent).")
    ] = "memory",
    load: Annotated[
        list[Path] | None,
        typer.Option(help="RDF file to load first (format by extension); repeat for more."),
    ] = None,
    graph: Annotated[
        str | None, typer.Option(help="Load the files' triples into this named graph.")
    ] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="0: a free port.")] = 7878,
    read_only: Annotated[bool, typer.Option("--read-only", help="Refuse updates (403).")] = False,
    allow_open: Annotated[
        bool,
        typer.Option(
            "--allow-open",
            help="Listen beyond loopback: anyone reaching the port may query and, without "
            "--read-only, change the store.",
        ),
    ] = False,
) -> None:
    """Serve a store over the SPARQL 1.1 Protocol at /sparql (queries and updates), until
    Ctrl-C; the default graph is the union of all graphs. A knowledge base or a flag store
    kept there can then be read (and written) as sparql:<url>.

    Example: kgcheck endpoint --store oxigraph:kb-store --load kb.ttl --read-only --port 7878
    """
    try:
        require("server", "kgcheck endpoint", ConfigError)
        if not _loopback(host) and not allow_open:
            raise OpenServerRefused(
                f"the endpoint has no authentication: refusing to listen on {host}, where "
                "anyone could use it; pass --allow-open"
            )
        if store != "memory" and not store.startswith("oxigraph:"):
            raise ConfigError(f"--store {store!r}: expected memory or oxigraph:<dir>")
        from kgcheck.endpoint import SparqlEndpoint

        location = store.removeprefix("oxigraph:")
        server = SparqlEndpoint(
            None if store == "memory" else Path(location),
            host=host,
            port=port,
            read_only=read_only,
        )
        try:
            for path in load or []:
                added = server.load(path, graph=graph)
                err_console.print(f"{escape(str(path))}: {added} quad(s) loaded", highlight=False)
        except KgcheckError:
            server.stop()
            raise
    except KgcheckError as exc:
        raise _fail(exc) from exc
    err_console.print(f"SPARQL endpoint at {server.url} ({store}); Ctrl-C stops it")
    server.serve()
