"""``Checker.check_turn`` writes each report to the configured store and says how it went."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path

from kgcheck import Checker, DialogueState
from kgcheck.store.oxigraph import OxigraphFlagStore

BODY = """
ex:Person a owl:Class ; kgc:closedWorld true .
ex:extension a owl:DatatypeProperty, owl:FunctionalProperty ; kgc:lexicalForm "extension" .
ex:ana a ex:Person ; rdfs:label "Ana Lima" ; ex:extension "4412" .
"""
WRONG = "Ana Lima's extension is 4413."


def test_checker_store_off_unless_configured(make_checker: Callable[..., Checker]) -> None:
    checker = make_checker(BODY)
    assert checker.store is None
    report = checker.check_turn(WRONG)
    assert report.store_status is None and "store" not in report.timings


def test_checker_store_receives_every_report(make_checker: Callable[..., Checker]) -> None:
    checker = make_checker(BODY, store="memory")
    state = DialogueState(session_id="s1")
    report = checker.check_turn(WRONG, state)
    assert (report.store_status, report.flags[0].type) == ("stored", "wrong_attribute")
    assert report.timings["store"] >= 0
    assert checker.store is not None
    found = checker.store.query(
        "SELECT ?c WHERE { GRAPH <urn:kgcheck:session:s1/turn/0> { ?f kgc:content ?c } }"
    )
    assert [r["c"].value for r in found.rows] == [report.flags[0].content]


def test_checker_store_record_false_leaves_it_to_the_caller(
    make_checker: Callable[..., Checker],
) -> None:
    checker = make_checker(BODY, store="memory")
    report = checker.check_turn(WRONG, record=False)
    assert report.store_status is None
    checker.record(report)
    assert report.store_status == "stored"


def test_checker_store_down_spools_and_the_report_says_so(
    make_checker: Callable[..., Checker], tmp_path: Path
) -> None:
    holder = OxigraphFlagStore(tmp_path / "flags")  # another process holds the store
    checker = make_checker(
        BODY,
        store={
            "backend": f"oxigraph:{tmp_path / 'flags'}",
            "spool": str(tmp_path / "spool"),
            "retry_delay": 0.0,
            "cooldown": 0.0,
        },
    )
    report = checker.check_turn(WRONG)
    assert report.store_status == "spooled"
    assert "spooled to" in report.skipped[-1]
    assert report.flags  # the check itself is unaffected
    holder.close()
    del holder
    gc.collect()
    again = checker.check_turn(WRONG)
    assert again.store_status == "stored"
    assert checker.store is not None
    assert checker.store.wait_for_replay(30)  # the spool is replayed in the background
    result = checker.store.query("SELECT (COUNT(?r) AS ?n) WHERE { ?r a kgc:TurnReport }")
    assert result.rows[0]["n"].value == "2"
