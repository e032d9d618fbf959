"""The ``kgcheck`` command line: ``demo``, ``check`` and ``eval``; ``sparql``, ``flags``,
``review``, ``serve``, ``proxy`` and ``endpoint`` come from ``kgcheck.cli_store``."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from kgcheck.cli_store import app as store_app
from kgcheck.errors import (
    DatasetInvalid,
    HistoryLineInvalid,
    InputError,
    KgcheckError,
    SourceInvalid,
)
from kgcheck.extras import install_hint, installed
from kgcheck.history.state import DialogueState
from kgcheck.kb.command import kb_app
from kgcheck.rules.command import rules_app
from kgcheck.tools.command import tools_app

__all__ = ["app", "main"]

app = typer.Typer(
    help="Check what a conversational agent is about to say against a knowledge graph.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(rules_app, name="rules")
app.add_typer(kb_app, name="kb")
app.add_typer(tools_app, name="tools")
app.add_typer(store_app)  # sparql, flags, review, serve, proxy, endpoint
console = Console()
err_console = Console(stderr=True)


def _fail(exc: KgcheckError) -> None:
    err_console.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False)
    raise typer.Exit(code=2)


def _history_lines(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """The history file's lines as JSON objects, with their line numbers."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"{path}: cannot read the history ({exc.strerror})") from exc
    out = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            turn = json.loads(line)
            if not isinstance(turn, dict):
                raise TypeError("not an object")
            needed = ("name", "result") if turn["role"] == "tool" else ("text",)
            missing = [field for field in needed if field not in turn]
            if missing:
                raise KeyError(missing[0])
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise HistoryLineInvalid(
                f"{path}: line {number}: expected a JSON object with 'role' and 'text', or "
                f"'role': 'tool' with 'name' and 'result' ({exc})"
            ) from exc
        out.append((number, turn))
    return out


def _read_history(path: Path, state: DialogueState) -> None:
    for number, turn in _history_lines(path):
        try:
            if turn["role"] == "tool":  # a tool call the agent made, and what it returned
                state.add_tool_result(
                    turn["name"],
                    turn["result"],
                    arguments=turn.get("arguments"),
                    schema=turn.get("schema"),
                    kind=turn.get("kind"),
                )
            else:
                state.add_turn(turn["role"], turn["text"], time=turn.get("time"))
        except InputError as exc:
            raise InputError(f"{path}: line {number}: {exc.message}", code=exc.code) from exc


def _read_source(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceInvalid(f"{path}: cannot read the source ({exc})") from exc


def render_report(report: Mapping[str, Any], title: str = "") -> None:
    """Show a report (``TurnReport.to_dict()``, or a service's answer) as tables a person can
    read."""
    colour = {
        "accept": "green",
        "accept_with_warnings": "yellow",
        "revise": "cyan",
        "reject": "red",
    }[str(report["decision"])]
    if report["flags"]:
        table = Table(title=title or None, show_lines=True, expand=True)
        table.add_column("type", no_wrap=True)
        table.add_column("text", overflow="fold", ratio=2)
        table.add_column("conf", no_wrap=True)
        table.add_column("why", overflow="fold", ratio=3)
        table.add_column("fix", overflow="fold", ratio=2)
        for flag in report["flags"]:
            table.add_row(
                str(flag["type"]),
                flag["content"],
                f"{flag['confidence']:.2f}",
                flag["message"],
                flag.get("correction") or flag.get("suggestion") or "",
            )
        console.print(table)
    acted = [a for a in report["actions"] if a["kind"] != "none"]
    if acted:
        actions = Table(show_header=True, expand=True)
        actions.add_column("action")
        actions.add_column("flags")
        actions.add_column("detail", overflow="fold")
        for a in acted:
            replacement = a.get("replacement")
            detail = a.get("guidance") or (f"-> {replacement!r}" if replacement else a["reason"])
            actions.add_row(str(a["kind"]), ", ".join(map(str, a["flags"])), detail)
        console.print(actions)
    console.print(
        f"decision: [bold {colour}]{report['decision']}[/]   "
        f"answer confidence: {report['answer_confidence']:.2f}   "
        f"claims: {report['counts'].get('claims', 0)}   "
        f"time: {report['timings'].get('total', 0) * 1000:.0f} ms"
    )
    grounding = report.get("grounding")
    if grounding is not None:
        console.print(
            f"grounded: {'yes' if grounding['overall_grounded'] else 'no'} "
            f"({grounding['grounded_claims']} of {grounding['total_claims']} claims)"
        )
        for claim in grounding["claims"]:
            mark = "[green]ok[/]" if claim["grounded"] else "[red]--[/]"
            console.print(
                f"  {mark} p1 {claim['p1']:.2f} p0 {claim['p0']:.2f} "
                f"conf {claim['confidence']:.2f} "
                + escape(f"[{', '.join(claim['citing']) or 'no citation'}] {claim['text']}"),
                highlight=False,
            )
    if report["text"] != report["original"]:
        console.print(Panel(report["text"], title="mitigated reply", border_style=colour))
    for error in report["errors"]:
        console.print(
            f"[bold red]error[/] {error['code']} {escape(error['stage'])}: "
            f"{escape(error['reason'])}",
            highlight=False,
        )
    for note in report["skipped"]:
        console.print(f"[dim]note: {note}[/]")


@app.command()
def demo(
    config: Annotated[
        Path | None, typer.Option(help="Configuration (default: the bundled Acme example).")
    ] = None,
    conversation: Annotated[
        Path | None, typer.Option(help="Scripted conversation (JSONL of role/text).")
    ] = None,
) -> None:
    """Play a short scripted conversation and show each assistant turn's flags and actions."""
    from kgcheck.checker import Checker
    from kgcheck.config import load_config
    from kgcheck.package_data import example_dir

    try:
        config = config or example_dir("acme") / "kgcheck.yaml"
        conversation = conversation or config.parent / "conversation.jsonl"
        settings = load_config(config)
        if settings.nli.enabled and not installed("nli"):
            # the symbolic checks run on the core install; the model's checks need the extra
            off = settings.nli.model_copy(update={"model": "none"})
            settings = settings.model_copy(update={"nli": off})
            note = (
                "note: the NLI model is off: the [nli] extra is not installed "
                f"({install_hint('nli')}); the symbolic checks run without it"
            )
            console.print(f"[dim]{escape(note)}[/]")
        checker = Checker(settings)
        script = DialogueState(session_id="demo")
        _read_history(conversation, script)
    except KgcheckError as exc:
        _fail(exc)
        return
    state = DialogueState(session_id="demo", now=checker.config.now)
    for turn in script.turns:
        if turn.role != "assistant":
            console.print(f"\n[bold]{turn.role}:[/] {turn.text}")
            state.add_turn(turn.role, turn.text)
            continue
        console.print(f"[bold]assistant (draft):[/] {turn.text}")
        report = checker.check_turn(turn.text, state)
        render_report(report.to_dict())
        state.add_turn("assistant", report.text, report=report)


@app.command()
def check(
    text: Annotated[str, typer.Argument(help="The reply to check ('-' reads standard input).")],
    config: Annotated[Path, typer.Option(help="kgcheck.yaml")] = Path("kgcheck.yaml"),
    history: Annotated[
        Path | None,
        typer.Option(
            help='Earlier turns as JSONL: {"role": ..., "text": ...}, and tool results: '
            '{"role": "tool", "name": ..., "arguments": {...}, "result": ...}'
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    session: Annotated[str, typer.Option(help="Session id.")] = "cli",
    source: Annotated[
        list[Path] | None,
        typer.Option(
            help="A document the reply was written from (repeat for more); cited as [S0], [S1], "
            "... in the order given."
        ),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option(
            help="A running `kgcheck serve` (http://127.0.0.1:8000) to check with, its models "
            "loaded already, instead of loading them here (--config is then not read)."
        ),
    ] = None,
    api_key: Annotated[
        str | None,
        typer.Option(envvar="KGCHECK_API_KEY", help="The service's API key, for --server."),
    ] = None,
) -> None:
    """Check one reply; exit status 0 when accepted, 1 otherwise, 2 on errors."""
    if text == "-":
        text = sys.stdin.read()
    try:
        sources = [
            {"id": f"S{n}", "text": _read_source(path)} for n, path in enumerate(source or [])
        ]
        if server is not None:
            report = _check_with_service(server, api_key, text, history, sources, session)
        else:
            report = _check_here(config, text, history, sources, session)
    except KgcheckError as exc:
        _fail(exc)
        return
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        render_report(report)
    raise typer.Exit(code=0 if report["decision"] == "accept" else 1)


def _check_here(
    config: Path, text: str, history: Path | None, sources: list[dict[str, str]], session: str
) -> dict[str, Any]:
    from kgcheck.checker import Checker

    checker = Checker.from_config(config, warm_up=False)  # one check, and done
    state = DialogueState(session_id=session, now=checker.config.now)
    if history is not None:
        _read_history(history, state)
    return checker.check_turn(text, state, sources=sources).to_dict()


def _check_with_service(
    server: str,
    api_key: str | None,
    text: str,
    history: Path | None,
    sources: list[dict[str, str]],
    session: str,
) -> dict[str, Any]:
    from kgcheck.service_client import ServiceClient

    lines = [turn for _, turn in _history_lines(history)] if history is not None else []
    with ServiceClient(server, api_key=api_key) as client:
        return client.check(
            text,
            turns=[t for t in lines if t["role"] != "tool"],
            tool_results=[
                {k: v for k, v in t.items() if k != "role"} for t in lines if t["role"] == "tool"
            ],
            sources=sources,
            session=None if session == "cli" else session,
        )


class DatasetFormat(StrEnum):
    KGCHECK = "kgcheck"
    DECODE = "decode"
    BEGIN = "begin"


@app.command("eval")
def eval_(
    file: Annotated[
        Path,
        typer.Argument(
            help="Labelled conversations (JSONL); for decode, the prefix .../dev or a dev.* file; "
            "for begin, a begin_dev_*.tsv."
        ),
    ],
    config: Annotated[
        Path | None,
        typer.Option(help="kgcheck.yaml, unless a conversation names its own (default: FILE's)."),
    ] = None,
    fmt: Annotated[
        DatasetFormat, typer.Option("--format", help="Format of FILE.")
    ] = DatasetFormat.KGCHECK,
    out: Annotated[
        Path, typer.Option(help="Directory for report.json, summary.md and the plots.")
    ] = Path("out/eval"),
    limit: Annotated[
        int | None, typer.Option(min=1, help="Check only the first N conversations.")
    ] = None,
    target: Annotated[
        float,
        typer.Option(
            min=0.0, max=1.0, help="Highest share of hallucinated replies kgcheck may let through."
        ),
    ] = 0.05,
    threshold: Annotated[
        float | None,
        typer.Option(
            min=0.0,
            max=1.0,
            help="Flag confidence that counts as flagged (default: mitigation.flag_threshold).",
        ),
    ] = None,
) -> None:
    """Check labelled conversations; write a JSON report, a Markdown summary and plots.

    Exit status 0 when the target is met, 1 when it is not, 2 on errors.
    """
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from kgcheck.evaluation import evaluate, load_dataset, write_report

    plots_hint = escape(install_hint("plots"))

    try:
        dataset = load_dataset(file, fmt.value, limit=limit)
        if not dataset.conversations:
            raise DatasetInvalid(f"{file}: no conversations")
        if (
            config is None
            and dataset.config is None
            and any(c.config is None for c in dataset.conversations)
        ):
            err_console.print(
                "[dim]note: no configuration given: library defaults, empty knowledge base[/]"
            )
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err_console,
        ) as progress:
            task = progress.add_task("checking", total=len(dataset.conversations))
            result = evaluate(
                dataset,
                config=config,
                threshold=threshold,
                target=target,
                on_result=lambda _: progress.advance(task),
            )
        paths = write_report(result, out)
    except KgcheckError as exc:
        _fail(exc)
        return
    except OSError as exc:
        err_console.print(f"[bold red]error:[/] {out}: cannot write the report ({exc})")
        raise typer.Exit(code=2) from exc
    cm, rate = result.responses(), result.hallucination_rate()
    table = Table(title=f"{file.name}: {cm.total} replies", show_header=True)
    for column in ("", "precision", "recall", "F1"):
        table.add_column(column)
    rows = [("replies", cm), *((str(t), c) for t, c in result.by_type().items())]
    for name, c in rows:
        table.add_row(name, *(_score(v) for v in (c.precision, c.recall, c.f1)))
    console.print(table)
    console.print(
        f"hallucinated replies let through: {_score(rate.residual)}, target {target:.2f}: "
        + ("[bold green]met[/]" if rate.met else "[bold red]not met[/]")
    )
    for path in paths.values():
        console.print(f"wrote {path}", highlight=False)
    if not installed("plots"):
        err_console.print(f"[dim]note: no plots: matplotlib is not installed ({plots_hint})[/]")
    raise typer.Exit(code=0 if rate.met else 1)


@app.command("train-nli")
def train_nli_(
    config: Annotated[
        list[Path] | None,
        typer.Option(
            help="A kgcheck.yaml: fine-tune the embedded model on pairs generated from its "
            "knowledge base (repeatable)."
        ),
    ] = None,
    decode: Annotated[
        Path | None,
        typer.Option(help="DECODE's structured train split: the prefix .../structured/train."),
    ] = None,
    sick: Annotated[
        Path | None, typer.Option(help="SICK.txt (its TRAIN and TRIAL sets are used).")
    ] = None,
    out: Annotated[
        Path, typer.Option(help="Working directory: checkpoint.pt, then the model in out/model.")
    ] = Path("build/nli"),
    base: Annotated[
        str | None,
        typer.Option(
            help="Model to start from (default: the embedded one with --config, else the "
            "bundled all-MiniLM-L6-v2)."
        ),
    ] = None,
    replay: Annotated[
        int | None,
        typer.Option(
            min=0, help="With --config: DECODE/SICK/copy pairs to mix in (default: all given)."
        ),
    ] = None,
    epochs: Annotated[int, typer.Option(min=1)] = 2,
    batch_size: Annotated[int, typer.Option(min=1)] = 32,
    learning_rate: Annotated[float, typer.Option(min=0.0)] = 4e-5,
    max_length: Annotated[int, typer.Option(min=16)] = 128,
    seed: Annotated[int, typer.Option()] = 13,
    copy_pairs: Annotated[int, typer.Option(min=0, help="Copy/extract pairs to add.")] = 8000,
    limit: Annotated[int | None, typer.Option(min=1, help="Train on N pairs only.")] = None,
    threads: Annotated[int | None, typer.Option(min=1, help="torch CPU threads.")] = None,
    install: Annotated[
        bool, typer.Option(help="Copy the trained model into the package as the embedded one.")
    ] = False,
) -> None:
    """Fine-tune the NLI cross-encoder: on your KB (--config), or from scratch on DECODE and
    SICK. Rerun the same command to resume; name out/model as nli.model to use the result."""
    import shutil

    from kgcheck.nli.scorer import CALIBRATION_FILE, EMBEDDED_PATH
    from kgcheck.nli.train import TrainSettings, train_nli

    settings = TrainSettings(
        decode=decode,
        sick=sick,
        out=out,
        base=base,
        configs=list(config or []),
        replay=replay,
        epochs=epochs,
        batch_size=batch_size,
        learning_rate=learning_rate,
        max_length=max_length,
        seed=seed,
        copy_pairs=copy_pairs,
        limit=limit,
        threads=threads,
    )
    try:
        model = train_nli(settings)
    except KgcheckError as exc:
        _fail(exc)
        return
    console.print(f"wrote {model}", highlight=False)
    if install:
        EMBEDDED_PATH.mkdir(parents=True, exist_ok=True)
        # a temperature fitted to the previous weights does not hold for the new ones
        (EMBEDDED_PATH / CALIBRATION_FILE).unlink(missing_ok=True)
        for item in model.iterdir():
            if item.is_file():
                shutil.copy2(item, EMBEDDED_PATH / item.name)
        console.print(f"installed as the embedded model in {EMBEDDED_PATH}", highlight=False)


def _score(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def main() -> None:
    app()


if __name__ == "__main__":  # python -m kgcheck.cli
    main()
