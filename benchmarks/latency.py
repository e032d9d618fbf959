"""Latency of kgcheck against synthetic knowledge bases of growing size.

Usage::

    python benchmarks/latency.py [--sizes 10000 100000 1000000] [--repeats 50]
                                 [--workdir DIR] [--json FILE] [--reply TEXT]
                                 [--pipelines auto blank] [--rounds 3]

For each size N the script writes an N-Triples KB of about N triples (the Acme ontology of
``kgcheck/examples/acme/ontology.ttl`` plus synthetic staff, ~10 triples a person, and a few
fixed entities) and measures, each stage in a fresh Python process so that nothing is shared or
cached between them:

* ``load``: ``KnowledgeBase.open`` on an empty ``oxigraph:<dir>`` store, split into the store
  bulk load and the in-process index build (ontology view and label index), and the ``Checker``
  build on top of that KB;
* ``reopen``: a second ``KnowledgeBase.open`` on the same directory (it must not reload);
* ``memory``: ``KnowledgeBase.open`` with ``store="memory"``;
* ``check_turn`` p50/p95 on the reopened persistent store (``--repeats`` calls after 3 warm-up
  calls) for the same 3-sentence reply at every size, with one wrong value and one unknown name::

      Dr. Amira Patel works in Cardiology. Her extension is 4413. Dr. Helen Brooks leads Oncology.

The ``check_turn`` figures are taken per spaCy pipeline of ``--pipelines`` (``nlp.pipeline``;
by default ``auto``, the parser when one is installed, and ``blank``, the rules alone): the
first is the main table's, and a second table gives p50 and p95 of the whole turn and of its NLP
stage for each.

Two processes of the same size differ by up to a fifth in p50, more than the KB's size changes it,
so each ``check_turn`` figure is the median over ``--rounds`` fresh processes (3 by default), the
sizes alternating within a round; the per-process p50s are printed beside it.

Per-turn cost should not grow with the KB: the ``x p50`` column is each size's p50 divided by the
smallest size's. ``Helen`` is a common first name among the synthetic staff on purpose, so the
unknown name goes through the label index's typo lookup the way a real one would.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ONTOLOGY = ROOT / "kgcheck" / "examples" / "acme" / "ontology.ttl"
NOW = "2026-11-22T10:00:00+00:00"
REPLY = (
    "Dr. Amira Patel works in Cardiology. Her extension is 4413. Dr. Helen Brooks leads Oncology."
)
DEFAULT_SIZES = (10_000, 100_000, 1_000_000)
WARMUP = 3
_RESULT_PREFIX = "@@result "
#: A stage's ratio between sizes is printed when it takes at least this long at the smallest.
_RATIO_MIN_MS = 0.05
#: The function ``KnowledgeBase.open`` loads the store with; wrapped to time the store alone.
_STORE_HOOK = "open_store"

EX = "https://example.org/acme#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
SKOS_ALT = "http://www.w3.org/2004/02/skos/core#altLabel"
FOAF_NAME = "http://xmlns.com/foaf/0.1/name"
SCHEMA_GENDER = "https://schema.org/gender"
XSD = "http://www.w3.org/2001/XMLSchema#"

# synthetic staff ---------------------------------------------------------------------------

FIRST_NAMES = {
    "female": (
        "Helen", "Maria", "Sofia", "Laura", "Emma", "Olivia", "Grace", "Chloe", "Hannah", "Nora",
        "Lucia", "Ines", "Mei", "Yuki", "Aisha", "Zara", "Leila", "Priya", "Anya", "Freya",
        "Ruth", "Clara", "Julia", "Elena", "Marta", "Ingrid", "Noor", "Keiko", "Rosa", "Alice",
    ),
    "male": (
        "James", "David", "Daniel", "Lucas", "Mateo", "Omar", "Ravi", "Kenji", "Tomas", "Ivan",
        "Felix", "Hugo", "Samuel", "Arjun", "Malik", "Diego", "Pavel", "Jonas", "Emil", "Oscar",
        "Victor", "Marco", "Luis", "Kwame", "Tariq", "Henrik", "Chen", "Andre", "Nikolai", "Ben",
    ),
}  # fmt: skip
_ONSETS = (
    "b", "br", "c", "ch", "d", "dr", "f", "g", "gr", "h", "k", "kr", "l", "m", "n", "p", "pr",
    "r", "s", "sh", "st", "t", "th", "tr", "v", "w", "z",
)  # fmt: skip
_VOWELS = ("a", "e", "i", "o", "u", "ai", "ea", "ou", "ie")
_CODAS = ("", "", "n", "r", "l", "s", "m", "nd", "rt", "ck", "ll", "sk", "th", "x", "ng")
#: Names of the fixed entities: no synthetic word may be within two edits of these.
_RESERVED = ("patel", "amira", "brooks", "tanaka", "hiroshi", "cardiology", "oncology")
DEPARTMENT_KINDS = (("Doctor", "Physician"), ("Nurse", "Staff Nurse"))
TEAM_KINDS = (
    ("Manager", "Operations Manager"),
    ("Analyst", "Business Analyst"),
    ("Engineer", "Systems Engineer"),
    ("Administrator", "Coordinator"),
)
DEPARTMENT_SUFFIXES = ("Ward", "Clinic", "Unit", "Centre")
TEAM_SUFFIXES = ("Team", "Office", "Group", "Desk")
SITES = ("riversideCampus", "northgateClinic", "harborPointOffice")
UNIT_SIZE = 100

#: Entities the reply is about; the same at every size.
FIXED_TRIPLES = [
    (f"{EX}riversideCampus", RDF_TYPE, f"<{EX}Site>"),
    (f"{EX}riversideCampus", RDFS_LABEL, '"Riverside Campus"'),
    (f"{EX}riversideCampus", f"{EX}locatedIn", '"Portland"'),
    (f"{EX}northgateClinic", RDF_TYPE, f"<{EX}Site>"),
    (f"{EX}northgateClinic", RDFS_LABEL, '"Northgate Clinic"'),
    (f"{EX}northgateClinic", f"{EX}locatedIn", '"Salem"'),
    (f"{EX}harborPointOffice", RDF_TYPE, f"<{EX}Site>"),
    (f"{EX}harborPointOffice", RDFS_LABEL, '"Harbor Point Office"'),
    (f"{EX}harborPointOffice", f"{EX}locatedIn", '"Portland"'),
    (f"{EX}cardiology", RDF_TYPE, f"<{EX}Department>"),
    (f"{EX}cardiology", RDFS_LABEL, '"Cardiology"'),
    (f"{EX}cardiology", f"{EX}ledBy", f"<{EX}amiraPatel>"),
    (f"{EX}oncology", RDF_TYPE, f"<{EX}Department>"),
    (f"{EX}oncology", RDFS_LABEL, '"Oncology"'),
    (f"{EX}oncology", f"{EX}ledBy", f"<{EX}hiroshiTanaka>"),
    (f"{EX}amiraPatel", RDF_TYPE, f"<{EX}Doctor>"),
    (f"{EX}amiraPatel", RDFS_LABEL, '"Dr. Amira Patel"'),
    (f"{EX}amiraPatel", SKOS_ALT, '"Amira Patel"'),
    (f"{EX}amiraPatel", SCHEMA_GENDER, '"female"'),
    (f"{EX}amiraPatel", f"{EX}email", '"amira.patel@acmehealth.example"'),
    (f"{EX}amiraPatel", f"{EX}extension", '"4412"'),
    (f"{EX}amiraPatel", f"{EX}worksIn", f"<{EX}cardiology>"),
    (f"{EX}amiraPatel", f"{EX}leads", f"<{EX}cardiology>"),
    (f"{EX}amiraPatel", f"{EX}basedAt", f"<{EX}riversideCampus>"),
    (f"{EX}amiraPatel", f"{EX}startDate", f'"2015-03-02"^^<{XSD}date>'),
    (f"{EX}hiroshiTanaka", RDF_TYPE, f"<{EX}Doctor>"),
    (f"{EX}hiroshiTanaka", RDFS_LABEL, '"Dr. Hiroshi Tanaka"'),
    (f"{EX}hiroshiTanaka", SKOS_ALT, '"Hiroshi Tanaka"'),
    (f"{EX}hiroshiTanaka", SCHEMA_GENDER, '"male"'),
    (f"{EX}hiroshiTanaka", f"{EX}extension", '"4610"'),
    (f"{EX}hiroshiTanaka", f"{EX}worksIn", f"<{EX}oncology>"),
    (f"{EX}hiroshiTanaka", f"{EX}leads", f"<{EX}oncology>"),
    (f"{EX}hiroshiTanaka", f"{EX}basedAt", f"<{EX}riversideCampus>"),
]


def _near(a: str, b: str, limit: int = 2) -> bool:
    """Whether two words are within ``limit`` edits (Levenshtein)."""
    if abs(len(a) - len(b)) > limit:
        return False
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1] <= limit


def _words(rng: random.Random) -> Iterator[str]:
    """Unique pronounceable capitalised words ("Brairoth", "Stenouck"), none near a reserved
    name and none equal to a first name."""
    seen = {n.lower() for names in FIRST_NAMES.values() for n in names}
    while True:
        syllables = rng.choice((2, 2, 3))
        word = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(syllables))
        word += rng.choice(_CODAS)
        if word in seen or any(_near(word, r) for r in _RESERVED):
            continue
        seen.add(word)
        yield word.capitalize()


def _iri(local: str) -> str:
    return f"<{EX}{local}>"


def _literal(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def count_triples(path: Path) -> int:
    import pyoxigraph as ox

    with path.open("rb") as handle:
        return sum(1 for _ in ox.parse(handle, format=ox.RdfFormat.TURTLE))


def write_kb(path: Path, target: int, ontology_triples: int, *, seed: int = 7) -> int:
    """Write an N-Triples KB so that it and the ontology hold about ``target`` triples.

    Staff come in units of ``UNIT_SIZE``: two clinical departments for each corporate team; the
    first person of a unit leads it and the others report to them. Returns the number of triples
    written.
    """
    rng = random.Random(seed)
    words = _words(rng)
    written = 0
    unit: tuple[str, str, str] | None = None  # (iri local name, kind, leader local name)
    in_unit = UNIT_SIZE
    units = 0
    first_day = date(1995, 1, 1)
    with path.open("w", encoding="utf-8") as out:

        def emit(s: str, p: str, o: str) -> None:
            nonlocal written
            out.write(f"{s} <{p}> {o} .\n")
            written += 1

        for s, p, o in FIXED_TRIPLES:
            emit(f"<{s}>", p, o)
        person = 0
        while written + ontology_triples < target:
            if in_unit >= UNIT_SIZE:
                units += 1
                kind = "team" if units % 3 == 0 else "department"
                suffixes = TEAM_SUFFIXES if kind == "team" else DEPARTMENT_SUFFIXES
                label = f"{next(words)} {rng.choice(suffixes)}"
                local = f"unit{units}"
                leader = f"person{person}"
                emit(_iri(local), RDF_TYPE, _iri("Team" if kind == "team" else "Department"))
                emit(_iri(local), RDFS_LABEL, _literal(label))
                emit(_iri(local), f"{EX}ledBy", _iri(leader))
                emit(
                    _iri(local),
                    f"{EX}budget",
                    f'"{rng.randrange(200, 9000) * 1000}.00"^^<{XSD}decimal>',
                )
                unit = (local, kind, leader)
                in_unit = 0
            assert unit is not None
            local, kind, leader = unit
            me = f"person{person}"
            gender = rng.choice(("female", "male"))
            first, last = rng.choice(FIRST_NAMES[gender]), next(words)
            cls_, title = rng.choice(TEAM_KINDS if kind == "team" else DEPARTMENT_KINDS)
            started = first_day + timedelta(days=rng.randrange(30 * 365))
            emit(_iri(me), RDF_TYPE, _iri(cls_))
            emit(_iri(me), FOAF_NAME, _literal(f"{first} {last}"))
            emit(_iri(me), SCHEMA_GENDER, _literal(gender))
            emit(_iri(me), f"{EX}email", _literal(f"{first}.{last}@acmehealth.example".lower()))
            emit(_iri(me), f"{EX}extension", _literal(f"{rng.randrange(1000, 10000)}"))
            emit(_iri(me), f"{EX}worksIn" if kind == "department" else f"{EX}memberOf", _iri(local))
            emit(_iri(me), f"{EX}basedAt", _iri(rng.choice(SITES)))
            emit(_iri(me), f"{EX}startDate", f'"{started.isoformat()}"^^<{XSD}date>')
            emit(_iri(me), f"{EX}jobTitle", _literal(title))
            if me == leader:
                emit(_iri(me), f"{EX}leads", _iri(local))
            else:
                emit(_iri(me), f"{EX}reportsTo", _iri(leader))
            person += 1
            in_unit += 1
    return written


# stages (each run in a child process) ------------------------------------------------------


def _peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _open_kb(sources: list[str], store: str) -> tuple[Any, float, float | None]:
    """``KnowledgeBase.open``, timed as a whole and, where the hook is there, its store part."""
    import kgcheck.kb.knowledge_base as kb_module

    store_time: list[float] = []
    original = getattr(kb_module, _STORE_HOOK, None)
    if original is not None:

        def timed_open_store(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                store_time.append(time.perf_counter() - t0)

        setattr(kb_module, _STORE_HOOK, timed_open_store)
    try:
        t0 = time.perf_counter()
        kb = kb_module.KnowledgeBase.open(sources, store=store)
        total = time.perf_counter() - t0
    finally:
        if original is not None:
            setattr(kb_module, _STORE_HOOK, original)
    return kb, total, (store_time[0] if store_time else None)


def _checker(sources: list[str], store: str, kb: Any, pipeline: str) -> tuple[Any, float]:
    from kgcheck import Checker
    from kgcheck.config import config_from_dict

    config = config_from_dict(
        {
            "knowledge_base": {"sources": sources, "store": store},
            "now": NOW,
            "nlp": {"pipeline": pipeline},
        }
    )
    t0 = time.perf_counter()
    checker = Checker(config, kb=kb)
    return checker, time.perf_counter() - t0


def _turns(checker: Any, repeats: int, reply: str) -> dict[str, Any]:
    from kgcheck import DialogueState

    state = DialogueState(session_id="bench")
    report = None
    for _ in range(WARMUP):
        report = checker.check_turn(reply, state)
    samples: list[float] = []
    stages: dict[str, list[float]] = {}
    gc.collect()
    for _ in range(repeats):
        t0 = time.perf_counter()
        report = checker.check_turn(reply, state)
        samples.append(time.perf_counter() - t0)
        for name, seconds in report.timings.items():
            stages.setdefault(name, []).append(seconds)
    assert report is not None
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    nlp_cuts = statistics.quantiles(stages.get("nlp", [0.0, 0.0]), n=100, method="inclusive")
    return {
        "p50_ms": cuts[49] * 1e3,
        "p95_ms": cuts[94] * 1e3,
        "nlp_p50_ms": nlp_cuts[49] * 1e3,
        "nlp_p95_ms": nlp_cuts[94] * 1e3,
        "stage_p50_ms": {k: statistics.median(v) * 1e3 for k, v in stages.items()},
        "flags": [f"{f.type}: {f.content}" for f in report.flags],
        "pipeline": checker.analyzer.pipeline_name,
    }


def run_stage(
    stage: str, sources: list[str], store: str, repeats: int, reply: str, pipeline: str = "auto"
) -> dict[str, Any]:
    t0 = time.perf_counter()
    import kgcheck  # noqa: F401  (import cost, not part of any figure)

    result: dict[str, Any] = {"import_s": time.perf_counter() - t0}
    kb, open_s, store_s = _open_kb(sources, store)
    result.update(open_s=open_s, store_s=store_s, reloaded=kb.reloaded)
    if store_s is not None:
        result["index_s"] = open_s - store_s
    checker, build_s = _checker(sources, store, kb, pipeline)
    result["checker_s"] = build_s
    if stage == "load":
        result["stored_triples"] = len(kb)  # a full scan, after the timings
    if stage != "load":
        result.update(_turns(checker, repeats, reply))
    result["peak_rss_mib"] = _peak_rss_mib()
    return result


def _child(
    stage: str,
    sources: list[Path],
    store: str,
    repeats: int,
    reply: str,
    pipeline: str = "auto",
) -> dict[str, Any]:
    """Run one stage in a fresh interpreter (a Checker keeps its on-disk store open for the
    life of the process, so a reopen in the same process would fail on RocksDB's lock)."""
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--stage",
        stage,
        "--store",
        store,
        "--repeats",
        str(repeats),
        "--reply",
        reply,
        "--pipeline",
        pipeline,
        "--sources",
        *map(str, sources),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    for line in reversed(done.stdout.splitlines()):
        if line.startswith(_RESULT_PREFIX):
            result: dict[str, Any] = json.loads(line.removeprefix(_RESULT_PREFIX))
            return result
    sys.stderr.write(done.stdout + done.stderr)
    raise SystemExit(f"stage {stage!r} failed (exit status {done.returncode})")


# driver ------------------------------------------------------------------------------------


def bench_size(
    size: int,
    workdir: Path,
    repeats: int,
    reply: str,
    ontology_triples: int,
    pipelines: list[str],
) -> dict[str, Any]:
    here = workdir / f"kb-{size}"
    if here.exists():
        shutil.rmtree(here)
    here.mkdir(parents=True)
    kb_path = here / "kb.nt"
    t0 = time.perf_counter()
    written = write_kb(kb_path, size, ontology_triples)
    generate_s = time.perf_counter() - t0
    triples = written + ontology_triples
    sources = [ONTOLOGY, kb_path]
    store = f"oxigraph:{here / 'store'}"
    print(f"[{size:,}] generated {triples:,} triples in {generate_s:.1f} s", flush=True)

    load = _child("load", sources, store, repeats, reply, pipelines[0])
    if not load["reloaded"]:
        raise SystemExit(f"[{size:,}] a fresh store did not load its sources")
    print(
        f"[{size:,}] load: open {load['open_s']:.2f} s + checker {load['checker_s']:.2f} s",
        flush=True,
    )
    reopen = _child("reopen", sources, store, repeats, reply, pipelines[0])
    if reopen["reloaded"]:
        raise SystemExit(f"[{size:,}] the persistent store was reloaded instead of reopened")
    print(
        f"[{size:,}] reopen: open {reopen['open_s']:.2f} s; check_turn p50 "
        f"{reopen['p50_ms']:.2f} ms, flags {len(reopen['flags'])}",
        flush=True,
    )
    memory = _child("memory", sources, "memory", repeats, reply, pipelines[0])
    print(f"[{size:,}] memory: open {memory['open_s']:.2f} s", flush=True)
    per_pipeline = {pipelines[0]: reopen}
    for pipeline in pipelines[1:]:
        per_pipeline[pipeline] = _child("reopen", sources, store, repeats, reply, pipeline)
        print(
            f"[{size:,}] reopen with nlp.pipeline={pipeline}: check_turn p50 "
            f"{per_pipeline[pipeline]['p50_ms']:.2f} ms",
            flush=True,
        )
    if load.get("stored_triples") not in (None, triples):
        print(
            f"[{size:,}] WARNING: the store holds {load['stored_triples']:,} triples",
            file=sys.stderr,
        )
    if not reopen["flags"]:
        print(f"[{size:,}] WARNING: the reply raised no flags", file=sys.stderr)
    return {
        "size": size,
        "repeats": repeats,
        "triples": triples,
        "stored_triples": load.get("stored_triples"),
        "generate_s": generate_s,
        "kb_bytes": kb_path.stat().st_size,
        "load": load,
        "reopen": reopen,
        "memory": memory,
        "pipelines": per_pipeline,
    }


def more_rounds(rows: list[dict[str, Any]], workdir: Path, rounds: int, reply: str) -> None:
    """Time ``check_turn`` again in ``rounds - 1`` more fresh processes per size and pipeline,
    the sizes alternating within each round, and fold each size's figures into the median of
    its processes' figures. Two processes of the same size differ by up to a fifth in p50 (where
    the interpreter's memory lies, what else the machine runs), more than a KB's size changes
    it; one process per size, each measured minutes apart, would compare machine states."""
    if rounds <= 1:
        return
    for r in range(1, rounds):
        for row in rows if r % 2 else rows[::-1]:
            here = workdir / f"kb-{row['size']}"
            sources = [ONTOLOGY, here / "kb.nt"]
            store = f"oxigraph:{here / 'store'}"
            for name, first in row["pipelines"].items():
                again = _child("reopen", sources, store, row["repeats"], reply, name)
                row.setdefault("rounds", {}).setdefault(name, [first]).append(again)
                print(
                    f"[{row['size']:,}] round {r + 1}, nlp.pipeline={name}: check_turn p50 "
                    f"{again['p50_ms']:.2f} ms",
                    flush=True,
                )
    for row in rows:
        for name, results in row["rounds"].items():
            row["pipelines"][name] = folded(results)
        row["reopen"] = {**row["reopen"], **row["pipelines"][next(iter(row["pipelines"]))]}


def folded(results: list[dict[str, Any]]) -> dict[str, Any]:
    """One figure per key of several processes' ``_turns`` figures: the median of each."""
    out = dict(results[0])
    for key in ("p50_ms", "p95_ms", "nlp_p50_ms", "nlp_p95_ms"):
        out[key] = statistics.median(r[key] for r in results)
    names = dict.fromkeys(name for r in results for name in r["stage_p50_ms"])
    out["stage_p50_ms"] = {
        name: statistics.median(r["stage_p50_ms"].get(name, 0.0) for r in results) for name in names
    }
    out["p50_each_ms"] = [r["p50_ms"] for r in results]
    return out


def _fmt_s(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.2f}"


def print_tables(rows: list[dict[str, Any]]) -> None:
    base = rows[0]["reopen"]["p50_ms"]
    headers = [
        "triples",
        "store load s",
        "index s",
        "checker s",
        "load us/triple",
        "reopen s",
        "reopen index s",
        "memory s",
        "p50 ms",
        "p95 ms",
        "x p50",
        "mem p50 ms",
        "flags",
    ]
    table = []
    for row in rows:
        load, reopen, memory = row["load"], row["reopen"], row["memory"]
        load_total = load["open_s"] + load["checker_s"]
        table.append(
            [
                f"{row['triples']:,}",
                _fmt_s(load["store_s"]),
                _fmt_s(load.get("index_s")),
                _fmt_s(load["checker_s"]),
                f"{load_total / row['triples'] * 1e6:.1f}",
                _fmt_s(reopen["open_s"]),
                _fmt_s(reopen.get("index_s")),
                _fmt_s(memory["open_s"]),
                f"{reopen['p50_ms']:.2f}",
                f"{reopen['p95_ms']:.2f}",
                f"{reopen['p50_ms'] / base:.2f}",
                f"{memory['p50_ms']:.2f}",
                str(len(reopen["flags"])),
            ]
        )
    _print_aligned(headers, table)
    print()
    print("check_turn p50 per stage (ms, reopened persistent store)")
    names = list(rows[0]["reopen"]["stage_p50_ms"])
    stage_rows = [
        [f"{row['triples']:,}"] + [f"{row['reopen']['stage_p50_ms'].get(n, 0):.3f}" for n in names]
        for row in rows
    ]
    if len(rows) > 1:  # what grows with the KB: each stage's p50 at the largest size / smallest
        first, last = rows[0]["reopen"]["stage_p50_ms"], rows[-1]["reopen"]["stage_p50_ms"]
        stage_rows.append(
            ["x p50"]
            + [
                f"{last.get(n, 0) / first[n]:.2f}" if first.get(n, 0) >= _RATIO_MIN_MS else "-"
                for n in names
            ]
        )
    _print_aligned(["triples", *(n.removeprefix("detector.") for n in names)], stage_rows)
    print()
    print("peak RSS MiB (load / reopen / memory): " + "; ".join(
        f"{row['triples']:,}: {row['load']['peak_rss_mib']:.0f} / "
        f"{row['reopen']['peak_rss_mib']:.0f} / {row['memory']['peak_rss_mib']:.0f}"
        for row in rows
    ))  # fmt: skip
    print(f"pipeline: {rows[0]['reopen']['pipeline']}; flags: {rows[0]['reopen']['flags']}")
    print()
    print("check_turn per spaCy pipeline (ms, reopened persistent store)")
    _print_aligned(
        [
            "triples",
            "nlp.pipeline",
            "loaded",
            "p50",
            "p95",
            "x p50",
            "nlp p50",
            "nlp p95",
            "flags",
            "p50 per process",
        ],
        [
            [
                f"{row['triples']:,}",
                name,
                found["pipeline"],
                f"{found['p50_ms']:.2f}",
                f"{found['p95_ms']:.2f}",
                f"{found['p50_ms'] / rows[0]['pipelines'][name]['p50_ms']:.2f}",
                f"{found['nlp_p50_ms']:.2f}",
                f"{found['nlp_p95_ms']:.2f}",
                str(len(found["flags"])),
                " ".join(f"{p:.2f}" for p in found.get("p50_each_ms", [found["p50_ms"]])),
            ]
            for row in rows
            for name, found in row["pipelines"].items()
        ],
    )


def _print_aligned(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print("  ".join(h.rjust(w) for h, w in zip(headers, widths, strict=True)))
    for r in rows:
        print("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--sizes",
        type=int,
        nargs="+",
        default=list(DEFAULT_SIZES),
        help="KB sizes in triples (default: %(default)s)",
    )
    parser.add_argument(
        "--repeats",
        type=int,
        default=50,
        help="timed check_turn calls per size, after 3 warm-up calls",
    )
    parser.add_argument(
        "--workdir", type=Path, help="where KBs and stores go (default: a temp dir)"
    )
    parser.add_argument(
        "--reply", default=REPLY, help="the reply to check (default: the 3-sentence reply above)"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument(
        "--pipelines",
        nargs="+",
        default=["auto", "blank"],
        help="nlp.pipeline values to time check_turn with (default: %(default)s)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="fresh processes per size and pipeline for check_turn, sizes alternating; the "
        "figures are their medians (default: %(default)s)",
    )
    parser.add_argument("--pipeline", default="auto", help=argparse.SUPPRESS)
    parser.add_argument("--stage", choices=("load", "reopen", "memory"), help=argparse.SUPPRESS)
    parser.add_argument("--store", help=argparse.SUPPRESS)
    parser.add_argument("--sources", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.repeats < 2:
        parser.error("--repeats must be at least 2")

    if args.stage is not None:
        result = run_stage(
            args.stage, args.sources, args.store, args.repeats, args.reply, args.pipeline
        )
        print(_RESULT_PREFIX + json.dumps(result), flush=True)
        return 0

    ontology_triples = count_triples(ONTOLOGY)
    temp = None
    if args.workdir is None:
        temp = tempfile.TemporaryDirectory(prefix="kgcheck-bench-")
        workdir = Path(temp.name)
    else:
        workdir = args.workdir.resolve()
        workdir.mkdir(parents=True, exist_ok=True)
    try:
        rows = [
            bench_size(size, workdir, args.repeats, args.reply, ontology_triples, args.pipelines)
            for size in sorted(args.sizes)
        ]
        more_rounds(rows, workdir, args.rounds, args.reply)
    finally:
        if temp is not None:
            temp.cleanup()
    print()
    print_tables(rows)
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
