"""KB facts from users' tables and databases: RML, R2RML and YARRRML mappings materialised with
morph-kgc (``knowledge_base.mappings``; the ``rml`` extra).

Each mapping is one morph-kgc data source: a mapping file over CSV, JSON and other files (named
inside the mapping, relative to the mapping file), or, with ``db_url``, over the tables and
queries of a SQL database (a SQLAlchemy URL whose credentials come from the environment as
``${VAR}``). The triples join the KB graph beside the RDF sources (``kgcheck.kb.store``).

Usage::

    built = materialize(MappingConfig(path=Path("finance.rml.ttl")))
    built.ntriples            # N-Triples text, ready for Oxigraph
    built.sources             # per logical source: rows read, triples made
    built.inputs              # the files it read (their sizes and times go in the manifest)

What is wrong is reported with the mapping file and its line (``MappingError``, KGC209): a
mapping that does not parse, a data file or table that is not there, a column a mapping
refers to that the data lacks.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgcheck.errors import ConfigError, MappingError

if TYPE_CHECKING:
    from kgcheck.config import MappingConfig

__all__ = [
    "Materialized",
    "SourceStats",
    "expand_db_url",
    "materialize",
    "redacted",
]

#: The morph-kgc release kgcheck is tested with (its internals are used per rule, for the
#: counts and the errors; see ``_rules``).
MORPH_KGC_VERSION = "2.10.0"
_VARIABLE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(slots=True)
class SourceStats:
    """What one logical source of a mapping gave: ``rows`` read (after morph-kgc drops
    duplicate and empty rows) and ``triples`` made from them."""

    name: str
    rows: int = 0
    triples: int = 0


@dataclass(slots=True)
class Materialized:
    """The triples of one mapping, and what they came from."""

    mapping: Path
    ntriples: str
    triples: int
    sources: list[SourceStats] = field(default_factory=list)
    #: The files read: the mapping, its data files, a SQLite database.
    inputs: list[Path] = field(default_factory=list)
    seconds: float = 0.0


def expand_db_url(template: str, *, where: str) -> str:
    """``template`` with each ``${VAR}`` replaced by the environment's value.

    Raises:
        ConfigError: a variable is not set.
    """

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        found = os.environ.get(name)
        if found is None:
            raise ConfigError(f"{where}: db_url needs the environment variable {name}, not set")
        return found

    return _VARIABLE.sub(value, template)


def redacted(url: str) -> str:
    """A database URL fit for messages and manifests: no password."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # an URL SQLAlchemy cannot read: show only its scheme
        return url.partition(":")[0] + ":..."


def sqlite_file(url: str) -> Path | None:
    """The file of a ``sqlite:`` URL (its changes are seen like a data file's)."""
    if not url.startswith("sqlite"):
        return None
    from sqlalchemy.engine import make_url

    database = make_url(url).database
    return Path(database) if database and database != ":memory:" else None


def materialize(mapping: MappingConfig) -> Materialized:
    """The triples ``mapping`` makes from its data.

    Raises:
        MappingError: the mapping does not parse, or a rule cannot be materialised (named with
            the mapping file and line).
        ConfigError: ``db_url`` names an unset environment variable.
    """
    from kgcheck.extras import install_hint, missing

    if absent := missing("rml"):
        raise MappingError(
            f"{mapping.path}: knowledge_base.mappings needs the [rml] extra "
            f"({', '.join(absent)} not installed): {install_hint('rml')} && "
            f"pip install --no-deps morph-kgc=={MORPH_KGC_VERSION}"
        )
    path = mapping.path
    if not path.is_file():
        raise MappingError(f"{path}: mapping file not found")
    text = path.read_text(encoding="utf-8", errors="replace")
    started = time.perf_counter()
    db_url = expand_db_url(mapping.db_url, where=str(path)) if mapping.db_url else None
    rml_df, fnml_df, config = _parse(path, text, db_url)
    inputs = [path]
    resolved: dict[str, str] = {}  # data file as the mapping names it -> its path
    if db_url is None:
        # every rule's file, parents of joins included, read relative to the mapping file
        for source in rml_df["logical_source_value"].dropna().unique():
            data_file = _data_file(path, text, str(source))
            resolved[str(source)] = str(data_file)
            if data_file not in inputs:
                inputs.append(data_file)
        rml_df["logical_source_value"] = rml_df["logical_source_value"].map(
            lambda v: resolved.get(v, v)
        )
    named = {file: source for source, file in resolved.items()}
    sources: dict[str, SourceStats] = {}
    triples: set[str] = set()
    for rule in _rules(rml_df):
        source = str(rule["logical_source_value"])
        if db_url is not None and str(rule["logical_source_type"]).endswith("/source"):
            raise MappingError(
                f"{_at(path, text, source)}: {source!r} is a file, but this mapping reads "
                f"the database {redacted(db_url)}: put file sources in a mapping of their "
                "own (without db_url)"
            )
        name = named.get(source, source)
        if str(rule["logical_source_type"]).endswith("/query"):
            name = "query"
        made = _materialize_rule(rule, rml_df, fnml_df, config, path, text, db_url)
        stats = sources.setdefault(name, SourceStats(name))
        stats.rows = max(stats.rows, len(made))
        stats.triples += len(made)
        triples.update(made)
    if db_url is not None and (db_file := sqlite_file(db_url)) is not None:
        inputs.append(db_file)
    return Materialized(
        mapping=path,
        ntriples="".join(f"{t} .\n" for t in sorted(triples)),
        triples=len(triples),
        sources=list(sources.values()),
        inputs=inputs,
        seconds=time.perf_counter() - started,
    )


def _parse(path: Path, text: str, db_url: str | None) -> tuple[Any, Any, Any]:
    """morph-kgc's rules for the mapping (one data source), its functions and its config."""
    from morph_kgc.args_parser import load_config_from_argument
    from morph_kgc.mapping.mapping_parser import retrieve_mappings

    lines = [
        "[CONFIGURATION]",
        "number_of_processes: 1",
        "logging_level: WARNING",
        "[mapping]",
        f"mappings: {_ini(str(path))}",
    ]
    if db_url is not None:
        lines.append(f"db_url: {_ini(db_url)}")
    try:
        config = load_config_from_argument("\n".join(lines) + "\n")
        rml_df, fnml_df, _ = retrieve_mappings(config)
    except SyntaxError as exc:  # rdflib's BadSyntax (a SyntaxError) and YAML errors
        raise MappingError(
            f"{path}:{_syntax_line(exc)}: the mapping does not parse ({_reason(exc)})"
        ) from exc
    except Exception as exc:
        mark = getattr(exc, "problem_mark", None)  # ruamel.yaml's errors carry a mark
        if mark is not None:
            raise MappingError(
                f"{path}:{mark.line + 1}: the mapping does not parse ({_reason(exc)})"
            ) from exc
        raise MappingError(f"{path}: the mapping cannot be read ({_reason(exc)})") from exc
    return rml_df, fnml_df, config


def _rules(rml_df: Any) -> Iterator[Any]:
    """The mapping's asserted rules (a triples map is split into one rule per predicate)."""
    from morph_kgc.constants import RML_TRIPLES_MAP_CLASS

    asserted = rml_df.loc[rml_df["triples_map_type"] == RML_TRIPLES_MAP_CLASS]
    for _, rule in asserted.sort_index().iterrows():
        yield rule


def _materialize_rule(
    rule: Any,
    rml_df: Any,
    fnml_df: Any,
    config: Any,
    path: Path,
    text: str,
    db_url: str | None,
) -> set[str]:
    try:
        from morph_kgc.materializer import _materialize_rml_rule
    except ImportError as exc:  # a morph-kgc whose internals moved
        raise MappingError(
            f"{path}: kgcheck needs morph-kgc {MORPH_KGC_VERSION} "
            f"(pip install --no-deps morph-kgc=={MORPH_KGC_VERSION}): {exc}"
        ) from exc

    # morph-kgc logs each rule at INFO on its own logger; kgcheck reports what matters
    logging.getLogger("morph_kgc").setLevel(logging.WARNING)
    try:
        data = _materialize_rml_rule(rule, rml_df, fnml_df, config)
    except Exception as exc:
        raise MappingError(_explain(exc, rule, path, text, db_url)) from exc
    return set(data["triple"])


def _explain(exc: Exception, rule: Any, path: Path, text: str, db_url: str | None) -> str:
    """What went wrong with ``rule``, where in the mapping file, in words."""
    source = str(rule["logical_source_value"])
    shown = Path(source).name if db_url is None else source
    columns = _columns(rule, db_url)
    references = sorted(_references(rule))
    missing = [r for r in references if columns is not None and r not in columns]
    if missing:
        listed = ", ".join(sorted(columns or []))
        return (
            f"{_at(path, text, missing[0])}: column {missing[0]!r} is not in {shown} "
            f"(its columns: {listed})"
        )
    tables = _tables(rule, db_url)
    if tables is not None and source not in tables:
        return (
            f"{_at(path, text, source)}: table {source!r} is not in the database "
            f"{redacted(db_url or '')} (its tables: {', '.join(sorted(tables))})"
        )
    if isinstance(exc, FileNotFoundError):
        return f"{_at(path, text, shown)}: data file {shown!r} not found (looked for {source})"
    predicate = str(rule["predicate_map_value"])
    local = re.split(r"[#/:]", predicate)[-1]
    return f"{_at(path, text, local)}: rule for {predicate} on {shown}: {_reason(exc)}"


def _references(rule: Any) -> set[str]:
    """The columns (or JSON paths) a rule's subject, predicate and object maps read."""
    found: set[str] = set()
    for part in ("subject", "predicate", "object"):
        kind = str(rule[f"{part}_map_type"])
        value = str(rule[f"{part}_map_value"])
        if kind.endswith("/reference"):
            found.add(value)
        elif kind.endswith("/template"):
            found.update(re.findall(r"(?<!\\)\{([^{}]+)\}", value))
    return found


def _columns(rule: Any, db_url: str | None) -> set[str] | None:
    """The columns a rule's source has, when cheap to tell (CSV files, SQL tables)."""
    source = str(rule["logical_source_value"])
    try:
        if db_url is None:
            if str(rule["source_type"]) in ("CSV", "TSV") and Path(source).is_file():
                import pandas as pd

                sep = "\t" if str(rule["source_type"]) == "TSV" else ","
                return {str(c) for c in pd.read_csv(source, sep=sep, nrows=0).columns}
            return None
        if str(rule["logical_source_type"]).endswith("/tableName"):
            from sqlalchemy import create_engine, inspect

            engine = create_engine(db_url)
            try:
                return {str(c["name"]) for c in inspect(engine).get_columns(source)}
            finally:
                engine.dispose()
    except Exception:  # the table or file itself is the problem: said by the caller
        return None
    return None


def _tables(rule: Any, db_url: str | None) -> set[str] | None:
    """The database's tables, when the rule reads a table (None: it does not, or they cannot
    be listed)."""
    if db_url is None or not str(rule["logical_source_type"]).endswith("/tableName"):
        return None
    from sqlalchemy import create_engine, inspect

    try:
        engine = create_engine(db_url)
        try:
            return set(inspect(engine).get_table_names())
        finally:
            engine.dispose()
    except Exception:  # the database itself cannot be read: the caller's message says why
        return None


def _data_file(path: Path, text: str, source: str) -> Path:
    """A data file named in the mapping, relative to the mapping file."""
    named = Path(source)
    resolved = named if named.is_absolute() else (path.parent / named)
    resolved = Path(os.path.normpath(resolved))
    if not resolved.is_file():
        raise MappingError(
            f"{_at(path, text, source)}: data file {source!r} not found (looked for {resolved})"
        )
    return resolved


def _at(path: Path, text: str, needle: str) -> str:
    """``path:line`` of the first line naming ``needle`` as a reference, a template variable
    or a quoted string (``path`` alone when none does)."""
    patterns = [
        rf"[\"']{re.escape(needle)}[\"']",
        rf"\{{{re.escape(needle)}\}}",
        rf"\$\({re.escape(needle)}\)",
        rf"\b{re.escape(needle)}\b",
    ]
    lines = text.splitlines()
    for pattern in patterns:
        compiled = re.compile(pattern)
        for number, line in enumerate(lines, start=1):
            if compiled.search(line) and not line.lstrip().startswith("#"):
                return f"{path}:{number}"
    return str(path)


def _syntax_line(exc: SyntaxError) -> str:
    lines = getattr(exc, "lines", None)  # rdflib's BadSyntax: 0-based line
    if isinstance(lines, int):
        return f"{lines + 1}"
    return str(exc.lineno or "")


def _reason(exc: BaseException) -> str:
    message = str(getattr(exc, "_why", "") or exc).strip().splitlines()
    first = message[0] if message else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _ini(value: str) -> str:
    """A value written into morph-kgc's INI configuration (``$`` is its interpolation)."""
    return value.replace("$", "$$")
