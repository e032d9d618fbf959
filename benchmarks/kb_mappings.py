"""What building a KB from tables costs: ``knowledge_base.mappings`` (morph-kgc) over a CSV file
and a SQLite table of N rows, against loading the same triples from an N-Triples file.

Usage::

    python benchmarks/kb_mappings.py --rows 1000 10000 100000

Prints, per size and source: seconds to materialise, microseconds per row and per triple, and
the ratio to Oxigraph's load of the same triples as N-Triples (what a hand-written exporter
would give). Needs the ``rml`` extra and morph-kgc (see the README).
"""

from __future__ import annotations

import argparse
import csv
import sqlite3
import tempfile
import time
from pathlib import Path

import pyoxigraph as ox

from kgcheck.config import MappingConfig
from kgcheck.kb.mappings import materialize

MAPPING = """\
@prefix rr:   <http://www.w3.org/ns/r2rml#> .
@prefix rml:  <http://semweb.mmlab.be/ns/rml#> .
@prefix ql:   <http://semweb.mmlab.be/ns/ql#> .
@prefix xsd:  <http://www.w3.org/2001/XMLSchema#> .
@prefix kgc:  <https://w3id.org/kgcheck#> .
@prefix ex:   <https://example.org/finance#> .

<#Metrics> a rr:TriplesMap ;
    rml:logicalSource {source} ;
    rr:subjectMap [ rr:template "https://example.org/m/{{site}}/{{period}}" ;
                    rr:class kgc:Observation ] ;
    rr:predicateObjectMap
        [ rr:predicate kgc:subject ;
          rr:objectMap [ rr:template "https://example.org/s/{{site}}" ] ] ,
        [ rr:predicate kgc:period ; rr:objectMap [ rml:reference "period" ] ] ,
        [ rr:predicate ex:netOperatingIncome ;
          rr:objectMap [ rml:reference "noi" ; rr:datatype xsd:integer ] ] ,
        [ rr:predicate ex:occupancy ;
          rr:objectMap [ rml:reference "occupancy" ; rr:datatype xsd:decimal ] ] .
"""
CSV_SOURCE = '[ rml:source "metrics.csv" ; rml:referenceFormulation ql:CSV ]'
SQL_SOURCE = '[ rr:tableName "metrics" ]'


def _rows(count: int) -> list[tuple[str, str, int, float]]:
    quarters = [f"{year}-Q{q}" for year in range(2000, 2030) for q in range(1, 5)]
    return [
        (f"site{i // len(quarters)}", quarters[i % len(quarters)], 1_000_000 + i, 80 + i % 20 / 2)
        for i in range(count)
    ]


def _write(directory: Path, rows: list[tuple[str, str, int, float]]) -> None:
    with (directory / "metrics.csv").open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["site", "period", "noi", "occupancy"])
        writer.writerows(rows)
    with sqlite3.connect(directory / "metrics.sqlite") as db:
        db.execute("CREATE TABLE metrics (site TEXT, period TEXT, noi INTEGER, occupancy REAL)")
        db.executemany("INSERT INTO metrics VALUES (?, ?, ?, ?)", rows)
    (directory / "csv.rml.ttl").write_text(MAPPING.format(source=CSV_SOURCE))
    (directory / "sql.rml.ttl").write_text(MAPPING.format(source=SQL_SOURCE))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[1000, 10_000, 100_000])
    args = parser.parse_args()
    print(
        f"{'rows':>8} {'source':<7} {'triples':>9} {'seconds':>8} {'us/row':>8} "
        f"{'us/triple':>9} {'vs N-Triples load':>18}"
    )
    for count in args.rows:
        with tempfile.TemporaryDirectory() as tmp:
            directory = Path(tmp)
            _write(directory, _rows(count))
            results = {}
            for name, config in (
                ("csv", MappingConfig(path=directory / "csv.rml.ttl")),
                (
                    "sqlite",
                    MappingConfig(
                        path=directory / "sql.rml.ttl",
                        db_url=f"sqlite:///{directory / 'metrics.sqlite'}",
                    ),
                ),
            ):
                started = time.perf_counter()
                built = materialize(config)
                results[name] = (built, time.perf_counter() - started)
            ntriples = results["csv"][0].ntriples
            started = time.perf_counter()
            store = ox.Store()
            store.load(ntriples, format=ox.RdfFormat.N_TRIPLES)
            baseline = time.perf_counter() - started
            for name, (built, seconds) in results.items():
                print(
                    f"{count:>8} {name:<7} {built.triples:>9} {seconds:>8.2f} "
                    f"{seconds / count * 1e6:>8.1f} {seconds / built.triples * 1e6:>9.2f} "
                    f"{seconds / baseline:>17.1f}x"
                )
            print(f"{count:>8} {'nt load':<7} {len(store):>9} {baseline:>8.2f}")


if __name__ == "__main__":
    main()
