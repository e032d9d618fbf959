"""Per-turn cost of declarative rules: 20 rules on a reply, SHACL shapes, structured outputs.

Usage::

    python benchmarks/rules.py [--repeats 200]

Prints, per turn (the reply already analysed, so only rule evaluation is timed):

* ``20 rules``: 10 built-in checks and 10 SPARQL SELECTs over the Acme KB, the reply's claims
  (``<urn:kgcheck:turn>``) and the claims of six earlier turns (``<urn:kgcheck:history>``),
  with the KB in memory and in the on-disk Oxigraph store;
* the built-in half and the SPARQL half alone, and the cost of writing and clearing the
  scratch graphs;
* one SHACL shapes file (rules/acme/acme.shapes.ttl) evaluated with pySHACL;
* ``check_output`` with the bundled bank-statement rule set (12 rules and a shape) per output.

Queries are parsed once when the rules load; each turn only writes its claims into the KB's
store, runs the prepared queries, and clears them.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from kgcheck import Checker, DialogueState, KnowledgeBase
from kgcheck.config import load_config
from kgcheck.history.rdf import claim_quads, history_claims
from kgcheck.rules import RuleEngine, load_rules

ROOT = Path(__file__).resolve().parent.parent
ACME = ROOT / "kgcheck" / "examples" / "acme"
NOW = "2026-11-22T10:00:00+00:00"

_BUILTIN = """
  - {id: b-one-dept, description: d, type: logical_inconsistency, severity: high, message: m,
     check: {kind: functional, predicate: ex:worksIn, against: [data]}}
  - {id: b-ext-kb, description: d, type: wrong_attribute, severity: high, message: m,
     check: {kind: functional, predicate: ex:extension, against: [kb]}}
  - {id: b-dept-history, description: d, type: contradicts_prior, severity: high, message: m,
     check: {kind: functional, predicate: ex:worksIn, against: [history]}}
  - {id: b-budget, description: d, type: wrong_attribute, severity: high, message: m,
     check: {kind: tolerance, predicate: ex:budget, tolerance: 0.05}}
  - {id: b-start, description: d, type: temporal_error, severity: medium, message: m,
     check: {kind: range, predicate: ex:startDate, max: today}}
  - {id: b-headcount, description: d, type: wrong_attribute, severity: medium, message: m,
     check: {kind: range, predicate: ex:headcount, min: 0, max: 500}}
  - {id: b-ext-digits, description: d, type: wrong_attribute, severity: medium, message: m,
     check: {kind: pattern, predicate: ex:extension, must_match: "^\\\\d{4}$"}}
  - {id: b-city, description: d, type: unsupported_claim, severity: low, message: m,
     check: {kind: known_values, predicate: ex:locatedIn, values: [Portland, Salem]}}
  - {id: b-dept-known, description: d, type: nonexistent_entity, severity: high, message: m,
     check: {kind: known_values, predicate: ex:worksIn, kb_class: ex:OrgUnit}}
  - {id: b-one-leader, description: d, type: logical_inconsistency, severity: high, message: m,
     check: {kind: count, predicate: ex:leads, max: 1}}
"""

_TURN = "GRAPH <urn:kgcheck:turn> { ?claim a kgc:Claim ; kgc:subject ?s ; kgc:predicate ?p ; "
_SPARQL = [
    # a unit's leader
    _TURN + "kgc:object ?u } FILTER(?p = ex:leads) ?u ex:ledBy ?l . FILTER(?l != ?s)",
    # a functional property with another value in the KB
    _TURN + "kgc:object ?o } ?p a owl:FunctionalProperty . ?s ?p ?k . FILTER(?k != ?o)",
    # a denial of an asserted fact
    _TURN + "kgc:object ?o ; kgc:polarity false } ?s ?p ?o .",
    # an earlier turn gave another value
    _TURN + "kgc:object ?o } GRAPH <urn:kgcheck:history> "
    "{ ?e kgc:subject ?s ; kgc:predicate ?p ; kgc:object ?h } FILTER(?h != ?o)",
    # the assistant denied it earlier
    _TURN + "kgc:object ?o ; kgc:polarity true } GRAPH <urn:kgcheck:history> "
    "{ ?e kgc:subject ?s ; kgc:predicate ?p ; kgc:object ?o ; kgc:polarity false ; "
    'kgc:speaker "assistant" }',
    # a budget more than 5 % off
    _TURN + "kgc:object ?o } FILTER(?p = ex:budget) ?s ex:budget ?k . "
    "FILTER(ABS(?o - ?k) > 0.05 * ?k)",
    # a person placed in a team
    _TURN + "kgc:object ?o } FILTER(?p = ex:worksIn) ?o a ex:Team .",
    # a class disjoint with the subject's
    _TURN + "kgc:object ?c } FILTER(?p = rdf:type) ?s a ?d . ?d owl:disjointWith ?c .",
    # a subject the KB does not type
    _TURN + "kgc:object ?o } FILTER NOT EXISTS { ?s a ?any }",
    # a value outside the property's range class
    _TURN + "kgc:object ?o } ?p rdfs:range ?r . ?r a owl:Class . "
    "FILTER(isIRI(?o)) FILTER NOT EXISTS { ?o a ?r }",
]

HISTORY = [
    ("user", "Which department is Dr. Patel in?"),
    ("assistant", "Dr. Patel works in Cardiology and her extension is 4412."),
    ("user", "Who leads Pediatrics?"),
    ("assistant", "Dr. Fatima Haddad leads Pediatrics. Pediatrics has a headcount of 3."),
    ("user", "And Oncology's budget?"),
    ("assistant", "Oncology has a budget of $5.1 million. Dr. Reyes does not work in Oncology."),
]
REPLIES = [
    "Dr. Patel works in Oncology and her extension is 4413.",
    "Sarah Lee leads Cardiology. Cardiology has a budget of $6 million.",
    "Riverside Campus is located in Seattle. Dr. Patel started on 3 March 2031.",
    "Dr. Amira Patel works in Cardiology. Cardiology has a headcount of 900.",
]
STATEMENT = {
    "total_pages": 3,
    "document_text": "Wells Fargo Bank statement, account 1234 5678 9012, March 2024. " * 3,
    "boundaries": [
        {"start_page": 1, "end_page": 2},
        {"start_page": 3, "end_page": 2},
        {"start_page": 1, "end_page": 2},
    ],
    "metadata": {
        "bank_name": "Wells Fargo",
        "account_number": "123456789",
        "statement_period": "March 2031",
    },
}


def rule_file(directory: Path) -> Path:
    queries = "\n".join(
        f"  - id: q-{i}\n    description: d\n    type: contradicts_fact\n    severity: high\n"
        f"    message: m\n    sparql: 'SELECT ?claim WHERE {{ {q} }}'"
        for i, q in enumerate(_SPARQL)
    )
    path = directory / "rules20.yaml"
    text = "prefixes: {ex: 'https://example.org/acme#'}\nrules:\n" + _BUILTIN + queries + "\n"
    path.write_text(text, encoding="utf-8")
    return path


def timed(fn: Callable[[], object], repeats: int) -> list[float]:
    for _ in range(3):
        fn()
    out = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def show(name: str, samples: list[float], per: int = 1) -> None:
    ms = sorted(s * 1000 / per for s in samples)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(f"{name:<44} p50 {statistics.median(ms):7.2f} ms   p95 {p95:7.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="kgcheck-rules-"))
    try:
        run(work, args.repeats)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(work: Path, repeats: int) -> None:
    checker = Checker.from_config(ACME / "kgcheck.yaml")
    state = DialogueState(session_id="bench", now=NOW)
    for role, text in HISTORY:
        state.add_turn(role, text)
    checker.update_history(state)
    analyses = [checker.analyzer.analyse(r, now=state.reference_time) for r in REPLIES]
    now = state.reference_time
    path = rule_file(work)
    book = load_rules([path])
    claims = sum(len(a.claims) for a in analyses) / len(analyses)
    past = len(history_claims(state))
    print(f"{len(book)} rules; {claims:.1f} claims per reply; {past} earlier claims\n")

    sources = [ACME / "ontology.ttl", ACME / "kb.ttl"]
    disk_kb = KnowledgeBase.open(sources, store=f"oxigraph:{work / 'store'}")
    for label, kb in (("KB in memory", checker.kb), ("KB on disk", disk_kb)):
        engine = RuleEngine(book, kb)

        def turn(engine: RuleEngine = engine) -> None:
            for a in analyses:
                engine.reply_flags(a, state, now)

        show(f"20 rules per turn ({label})", timed(turn, repeats), per=len(analyses))

    engine = RuleEngine(book, checker.kb)
    only_builtin = RuleEngine(type(book)(reply=tuple(r for r in book.reply if r.check)), checker.kb)
    only_sparql = RuleEngine(type(book)(reply=tuple(r for r in book.reply if r.query)), checker.kb)
    for label, eng in (("10 built-in checks", only_builtin), ("10 SPARQL rules", only_sparql)):

        def half(eng: RuleEngine = eng) -> None:
            for a in analyses:
                eng.reply_flags(a, state, now)

        show(f"{label} per turn", timed(half, repeats), per=len(analyses))

    def scratch() -> None:
        for a in analyses:
            quads = claim_quads(a, history_claims(state))
            with engine.kb.scratch(quads[0] + quads[1]):
                pass

    show("build, write and clear the claim graphs", timed(scratch, repeats), per=len(analyses))

    shapes = RuleEngine(load_rules([ROOT / "rules" / "acme" / "acme.shapes.ttl"]), checker.kb)

    def shacl() -> None:
        for a in analyses:
            shapes.reply_flags(a, state, now)

    show("1 SHACL shape per turn (pySHACL)", timed(shacl, max(20, repeats // 4)), len(analyses))

    statements = Checker.from_config(ROOT / "data" / "statements" / "kgcheck.yaml")
    report = statements.check_output(STATEMENT, now=NOW)
    show(
        f"check_output, statements ({len(statements.rules.book)} rules)",
        timed(lambda: statements.check_output(STATEMENT, now=NOW), repeats),
    )
    print(f"\nstatement output: {report.decision}, {report.summary['by_severity']}")
    config = load_config(ACME / "kgcheck.yaml")
    config.rules = [path]
    full = Checker(config, kb=checker.kb)
    reports = [full.check_turn(r, state) for r in REPLIES]
    share = [r.timings["detector.rules"] / r.timings["total"] for r in reports]
    print(f"rules detector share of check_turn: {statistics.mean(share):.1%}")


if __name__ == "__main__":
    main()
