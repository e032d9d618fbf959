"""``knowledge_base.mappings``: KBs built from CSV, JSON and SQL data with RML, R2RML and YARRRML
mappings (morph-kgc), checked like any KB; broken mappings named with file and line."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kgcheck import Checker, DialogueState
from kgcheck.cli import app
from kgcheck.config import MappingConfig, load_config
from kgcheck.errors import ConfigError, ConfigInvalid, MappingError
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.mappings import materialize

pytest.importorskip("morph_kgc", reason="the rml extra (morph-kgc) is not installed")

ROOT = Path(__file__).resolve().parents[2]
FINANCE_SQL = ROOT / "data" / "finance-sql"
FINANCE_TTL = ROOT / "data" / "finance" / "kgcheck.yaml"
FERRY = ROOT / "tests" / "fixtures" / "ferry_tables"
NOW = "2025-08-15T09:00:00+00:00"

PREFIXES = """\
@prefix rr:   <http://www.w3.org/ns/r2rml#> .
@prefix rml:  <http://semweb.mmlab.be/ns/rml#> .
@prefix ql:   <http://semweb.mmlab.be/ns/ql#> .
@prefix ex:   <https://example.org/t#> .
"""
CSV_MAP = (
    PREFIXES
    + """
<#Shop> a rr:TriplesMap ;
    rml:logicalSource [ rml:source "shops.csv" ; rml:referenceFormulation ql:CSV ] ;
    rr:subjectMap [ rr:template "https://example.org/t#{id}" ] ;
    rr:predicateObjectMap [ rr:predicate ex:city ; rr:objectMap [ rml:reference "city" ] ] .
"""
)


@pytest.fixture(scope="module")
def finance_sql() -> Checker:
    return Checker.from_config(FINANCE_SQL / "kgcheck.yaml")


@pytest.fixture(scope="module")
def finance_ttl() -> Checker:
    return Checker.from_config(FINANCE_TTL)


@pytest.fixture(scope="module")
def ferry() -> Checker:
    return Checker.from_config(FERRY / "kgcheck.yaml")


def check(checker: Checker, text: str) -> tuple[str, list[tuple[str, str | None]], str]:
    report = checker.check_turn(text, DialogueState(session_id="m", now=NOW))
    return str(report.decision), [(str(f.type), f.correction) for f in report.flags], report.text


def test_mappings_finance_tables_correct_the_noi_from_sqlite(finance_sql: Checker) -> None:
    decision, flags, text = check(finance_sql, "Harbor Point's NOI in Q3 2024 was $1.5M.")
    assert (decision, flags, text) == (
        "revise",
        [("wrong_attribute", "$1.2M")],
        "Harbor Point's NOI in Q3 2024 was $1.2M.",
    )


@pytest.mark.parametrize(
    "text",
    [
        "Harbor Point's NOI in Q3 2024 was $1.2M.",
        "Harbor Point's NOI in Q3 2024 was $1.25M.",
        "Harbor Point had 95% occupancy in Q3 2024.",
        "Harbor Point's DSCR was 1.5 in Q3 2024.",
        "Harbor Point's NOI was $1.2M in Q4 2024.",
        "Harbor Point had 85% occupancy and a DSCR of 1.25 in Q3 2024.",
        "Bayview Commons is in San Diego.",
        "Cedar Court was built in 2012.",
        "Harbor Point has 240 units.",
        "Harbor Point has 250 units.",
    ],
)
def test_mappings_tables_give_the_reports_the_turtle_kb_gives(
    finance_sql: Checker, finance_ttl: Checker, text: str
) -> None:
    assert check(finance_sql, text) == check(finance_ttl, text)


def test_mappings_report_rows_and_triples_per_source() -> None:
    config = load_config(FINANCE_SQL / "kgcheck.yaml").knowledge_base
    built = {m.path.name: materialize(m) for m in config.mappings}
    metrics = {s.name: (s.rows, s.triples) for s in built["metrics.rml.ttl"].sources}
    assert metrics["financial_metrics"] == (17, 17 * 9)
    assert {s.name: s.rows for s in built["properties.rml.ttl"].sources} == {"properties.csv": 3}
    assert FINANCE_SQL / "finance.sqlite" in built["metrics.rml.ttl"].inputs
    assert FINANCE_SQL / "properties.csv" in built["properties.rml.ttl"].inputs


@pytest.mark.parametrize(
    ("text", "decision", "correction"),
    [
        ("The Harbour Line departs from Kelby.", "accept", None),
        ("The Harbour Line departs from Hallow Bay.", "revise", "Kelby"),
        ("The Island Hopper is sailed by the MV Orca.", "accept", None),
        ("The Island Hopper is run by the MV Skerry.", "revise", "MV Orca"),
        ("The MV Skerry was built in 2009.", "accept", None),
        ("The MV Skerry was built in 2011.", "revise", "2009"),
        ("The MV Orca is based in Stromvik.", "accept", None),
        ("The MV Orca is based in Kelby.", "revise", "Stromvik"),
        ("The Harbour Line arrives at Stromvik.", "accept", None),
    ],
)
def test_mappings_ferry_line_from_yarrrml_csv_and_json(
    ferry: Checker, text: str, decision: str, correction: str | None
) -> None:
    got_decision, flags, _ = check(ferry, text)
    assert got_decision == decision
    assert [c for _, c in flags] == ([correction] if correction else [])


def test_mappings_data_files_are_relative_to_the_mapping_not_the_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "shops.rml.ttl").write_text(CSV_MAP)
    (tmp_path / "maps" / "shops.csv").write_text("id,city\nnorth,Leeds\n")
    monkeypatch.chdir(tmp_path)
    built = materialize(MappingConfig(path=tmp_path / "maps" / "shops.rml.ttl"))
    assert built.ntriples == (
        '<https://example.org/t#north> <https://example.org/t#city> "Leeds" .\n'
    )


JOIN_MAP = (
    PREFIXES
    + """
<#Shop> a rr:TriplesMap ;
    rml:logicalSource [ rml:source "shops.csv" ; rml:referenceFormulation ql:CSV ] ;
    rr:subjectMap [ rr:template "https://example.org/t#{id}" ] ;
    rr:predicateObjectMap [ rr:predicate ex:manager ; rr:objectMap [
        rr:parentTriplesMap <#Person> ;
        rr:joinCondition [ rr:child "manager" ; rr:parent "name" ] ] ] .
<#Person> a rr:TriplesMap ;
    rml:logicalSource [ rml:source "people.csv" ; rml:referenceFormulation ql:CSV ] ;
    rr:subjectMap [ rr:template "https://example.org/t#p{pid}" ] .
"""
)


def test_mappings_joins_read_the_parents_file_relative_to_the_mapping_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "shops.rml.ttl").write_text(JOIN_MAP)
    (tmp_path / "maps" / "shops.csv").write_text("id,manager\nnorth,Ann Lee\n")
    (tmp_path / "maps" / "people.csv").write_text("pid,name\n7,Ann Lee\n")
    monkeypatch.chdir(tmp_path)
    built = materialize(MappingConfig(path=tmp_path / "maps" / "shops.rml.ttl"))
    assert built.ntriples == (
        "<https://example.org/t#north> <https://example.org/t#manager> "
        "<https://example.org/t#p7> .\n"
    )
    assert {s.name for s in built.sources} == {"shops.csv"}
    assert tmp_path / "maps" / "people.csv" in built.inputs


@pytest.mark.parametrize(
    ("mapping", "data", "expected"),
    [
        (  # a Turtle syntax error: the line of it
            CSV_MAP.replace("rr:TriplesMap ;", "rr:TriplesMap ;;; ["),
            "id,city\nnorth,Leeds\n",
            r"shops\.rml\.ttl:\d+: the mapping does not parse",
        ),
        (  # a column the CSV lacks: its name, the file's columns, the line that names it
            CSV_MAP.replace('"city" ]', '"town" ]'),
            "id,city\nnorth,Leeds\n",
            r"shops\.rml\.ttl:9: column 'town' is not in shops\.csv \(its columns: city, id\)",
        ),
        (  # a data file that is not there
            CSV_MAP.replace("shops.csv", "stores.csv"),
            "id,city\nnorth,Leeds\n",
            r"shops\.rml\.ttl:7: data file 'stores\.csv' not found",
        ),
    ],
)
def test_mappings_broken_mapping_names_file_line_and_problem(
    tmp_path: Path, mapping: str, data: str, expected: str
) -> None:
    (tmp_path / "shops.rml.ttl").write_text(mapping)
    (tmp_path / "shops.csv").write_text(data)
    with pytest.raises(MappingError, match=expected) as caught:
        materialize(MappingConfig(path=tmp_path / "shops.rml.ttl"))
    assert caught.value.code == "KGC209"


def _database(tmp_path: Path) -> Path:
    db = tmp_path / "shop.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE sales (shop TEXT, quarter TEXT, total INTEGER)")
        conn.execute("INSERT INTO sales VALUES ('north', '2024-Q3', 1200)")
    return db


SQL_MAP = (
    PREFIXES
    + """
<#Sales> a rr:TriplesMap ;
    rml:logicalSource [ rr:tableName "sales" ] ;
    rr:subjectMap [ rr:template "https://example.org/t#{shop}" ] ;
    rr:predicateObjectMap [ rr:predicate ex:total ; rr:objectMap [ rml:reference "total" ] ] .
"""
)


@pytest.mark.parametrize(
    ("mapping", "expected"),
    [
        (
            SQL_MAP.replace('"sales"', '"sale"'),
            r"sales\.rml\.ttl:7: table 'sale' is not in the database sqlite:///.* "
            r"\(its tables: sales\)",
        ),
        (
            SQL_MAP.replace('"total" ]', '"amount" ]'),
            r"sales\.rml\.ttl:9: column 'amount' is not in sales \(its columns: quarter, shop, "
            r"total\)",
        ),
        (
            CSV_MAP,
            r"shops\.csv' is a file, but this mapping reads the database sqlite:///.*: put file "
            r"sources in a mapping of their own",
        ),
    ],
)
def test_mappings_broken_sql_mapping_names_file_line_and_problem(
    tmp_path: Path, mapping: str, expected: str
) -> None:
    db = _database(tmp_path)
    (tmp_path / "sales.rml.ttl").write_text(mapping)
    config = MappingConfig(path=tmp_path / "sales.rml.ttl", db_url=f"sqlite:///{db}")
    with pytest.raises(MappingError, match=expected):
        materialize(config)


def test_mappings_db_url_credentials_come_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = _database(tmp_path)
    (tmp_path / "sales.rml.ttl").write_text(SQL_MAP)
    config = MappingConfig(path=tmp_path / "sales.rml.ttl", db_url="sqlite:///${SHOP_DB}")
    monkeypatch.delenv("SHOP_DB", raising=False)
    with pytest.raises(ConfigError, match="needs the environment variable SHOP_DB, not set"):
        materialize(config)
    monkeypatch.setenv("SHOP_DB", str(db))
    assert materialize(config).triples == 1


def test_mappings_a_password_written_in_the_configuration_is_refused(tmp_path: Path) -> None:
    (tmp_path / "kgcheck.yaml").write_text(
        "knowledge_base:\n  mappings:\n    - path: m.ttl\n"
        "      db_url: postgresql://reader:hunter2@db/finance\n"
    )
    with pytest.raises(ConfigInvalid, match="a password written in the configuration") as caught:
        load_config(tmp_path / "kgcheck.yaml")
    assert "hunter2" not in str(caught.value)  # the message never repeats the password
    (tmp_path / "kgcheck.yaml").write_text(
        "knowledge_base:\n  mappings:\n    - path: m.ttl\n"
        "      db_url: postgresql://reader:${PGPASSWORD}@db/finance\n"
        "    - sqlite.rml.ttl\n"
    )
    loaded = load_config(tmp_path / "kgcheck.yaml").knowledge_base.mappings
    assert [m.path for m in loaded] == [tmp_path / "m.ttl", tmp_path / "sqlite.rml.ttl"]


def test_mappings_sqlite_path_is_relative_to_the_configuration(tmp_path: Path) -> None:
    (tmp_path / "kgcheck.yaml").write_text(
        "knowledge_base:\n  mappings: [{path: m.ttl, db_url: 'sqlite:///data/x.sqlite'}]\n"
    )
    (mapping,) = load_config(tmp_path / "kgcheck.yaml").knowledge_base.mappings
    assert mapping.db_url == f"sqlite:///{tmp_path / 'data' / 'x.sqlite'}"


def _ferry_copy(tmp_path: Path) -> Path:
    target = tmp_path / "ferry"
    shutil.copytree(FERRY, target)
    text = (target / "kgcheck.yaml").read_text()
    (target / "kgcheck.yaml").write_text(text.replace("store: memory", "store: oxigraph:store"))
    return target / "kgcheck.yaml"


def _open(config: Path, *, refresh: bool = False) -> KnowledgeBase:
    return KnowledgeBase.from_config(load_config(config).knowledge_base, refresh=refresh)


def test_mappings_on_disk_store_materialises_once_and_again_when_a_file_changes(
    tmp_path: Path,
) -> None:
    config = _ferry_copy(tmp_path)
    first = _open(config)
    assert first.reloaded and [b.mapping.name for b in first.built] == [
        "mapping.yml",
        "vessels.rml.ttl",
    ]
    triples = len(first)
    del first
    again = _open(config)
    assert not again.reloaded and again.built == () and len(again) == triples
    del again
    routes = config.parent / "routes.csv"
    routes.write_text(routes.read_text() + "night,Night Ferry,hallow,kelby,orca\n")
    changed = _open(config)
    assert changed.reloaded and len(changed) == triples + 5
    assert changed.labels.exact("Night Ferry")


def test_mappings_a_broken_mapping_leaves_the_built_store_as_it_was(tmp_path: Path) -> None:
    config = _ferry_copy(tmp_path)
    triples = len(_open(config))
    mapping = config.parent / "vessels.rml.ttl"
    good = mapping.read_text()
    mapping.write_text(good.replace("rr:TriplesMap ;", "rr:TriplesMap ;;; ["))
    with pytest.raises(MappingError, match=r"vessels\.rml\.ttl:\d+: the mapping does not parse"):
        _open(config, refresh=True)
    mapping.write_text(good)
    # the store still holds the last good build (the failed one wrote nothing)
    assert len(_open(config)) == triples


def test_mappings_kb_build_command_reports_sources_and_errors(tmp_path: Path) -> None:
    config = _ferry_copy(tmp_path)
    result = CliRunner().invoke(app, ["kb", "build", "--config", str(config)])
    assert result.exit_code == 0, result.output
    assert "routes.csv: 2 rows, 10 triples" in result.output
    assert "vessels.json: 2 rows, 8 triples" in result.output
    assert "oxigraph: 71 triples in the KB" in result.output
    vessels = config.parent / "vessels.rml.ttl"  # a JSON key that is not there: no triples
    vessels.write_text(vessels.read_text().replace('"built"', '"year"'))
    result = CliRunner().invoke(app, ["kb", "build", "--config", str(config)])
    assert "vessels.json: 2 rows, 6 triples" in result.output
    (config.parent / "mapping.yml").write_text("mappings: [unclosed\n")
    broken = CliRunner().invoke(app, ["kb", "build", "--config", str(config)])
    assert broken.exit_code == 2
    assert "mapping.yml:2: the mapping does not parse (ParserError: " in broken.output
