"""The dashboard's figures and chart, CSV downloads, and the small pieces under them."""

from __future__ import annotations

import csv
import io
from unittest.mock import patch

import pytest
from fastapi.testclient import TestClient

from kgcheck.console.charts import stacked_bars
from kgcheck.console.dashboard import Dashboard, dashboard
from kgcheck.console.export import to_csv
from kgcheck.console.highlight import Piece, pieces
from kgcheck.metrics import claim_verdicts, micro_hallucination_rate
from kgcheck.store import FlagStore, ReviewQueue
from kgcheck.store.rollups import ROLLUPS, ensure_rollups
from tests.console.conftest import Seeded, csrf_of


def test_dashboard_counts_match_the_reports(
    client: TestClient, store: FlagStore, seeded: Seeded
) -> None:
    board = dashboard(store, 7)
    assert board.replies == len(seeded.reports)
    assert board.flags == sum(len(r.flags) for r in seeded.reports)
    flagged = sum(bool(r.flags) for r in seeded.reports)
    assert board.flagged == flagged and board.macro == pytest.approx(flagged / board.replies)
    assert board.claims == sum(r.counts.get("claims", 0) for r in seeded.reports)
    html = client.get("/console/dashboard", params={"days": 30}).text
    assert f'<span class="n" id="flags-total">{board.flags}</span>' in html
    assert "<svg" in html and "<rect" in html
    assert "Show query" in html and "GROUP BY ?day ?type" in html


def test_dashboard_micro_rate_counts_claims_as_the_metrics_do(
    client: TestClient, store: FlagStore, seeded: Seeded
) -> None:
    verdicts = [
        claim_verdicts(r.counts.get("claims", 0), [f.claim_index for f in r.flags])
        for r in seeded.reports
    ]
    board = dashboard(store, 7)
    assert board.judged == sum(len(v) for v in verdicts)
    assert board.unsupported == sum(v.count(False) for v in verdicts)
    assert board.micro == pytest.approx(micro_hallucination_rate(verdicts))
    assert board.judged_replies == board.replies
    html = client.get("/console/dashboard").text
    assert f"micro rate: {board.unsupported} of {board.judged} claims" in html


def test_dashboard_from_counts_equals_the_turn_graphs(store: FlagStore) -> None:
    queue = ReviewQueue(store)
    pending = queue.pending(limit=3)
    queue.approve(pending[0].id, reviewer="ana")
    queue.reject(pending[1].id, reviewer="ana")
    queue.note(pending[2].id, reviewer="ana", note="asked the ward")
    for days in (7, 30):
        counted = dashboard(store, days)
        assert counted.from_counts
        store.update(f"DROP GRAPH <{ROLLUPS}>")
        joined = _without_counts(store, days)
        assert not joined.from_counts
        for name in ("flags", "decisions", "reviews"):
            assert counted.tables[name].rows == joined.tables[name].rows, name
        assert (counted.flagged, counted.judged, counted.unsupported, counted.micro) == (
            joined.flagged,
            joined.judged,
            joined.unsupported,
            joined.micro,
        )
        assert ensure_rollups(store)


def _without_counts(store: FlagStore, days: int) -> Dashboard:
    """The dashboard as a store that keeps no counts and cannot build them shows it."""
    with patch("kgcheck.console.dashboard.ensure_rollups", return_value=False):
        return dashboard(store, days)


def test_dashboard_false_positive_rate_by_detector(client: TestClient, store: FlagStore) -> None:
    flags = ReviewQueue(store).pending(limit=10)
    queue = ReviewQueue(store)
    queue.approve(flags[0].id, reviewer="ana")
    queue.reject(flags[1].id, reviewer="ana")
    rows = {r[0]: r for r in dashboard(store, 7).tables["reviews"].rows}
    for flag, approved in ((flags[0], 1), (flags[1], 0)):
        assert rows[flag.detector][1] >= approved
    if flags[0].detector == flags[1].detector:
        assert rows[flags[0].detector][4] == pytest.approx(0.5)


def test_dashboard_refuses_other_windows(client: TestClient) -> None:
    assert client.get("/console/dashboard", params={"days": 5}).status_code == 400
    assert client.get("/console/dashboard", params={"days": "x"}).status_code == 400


@pytest.mark.parametrize("table", ["flags", "decisions", "reviews"])
def test_dashboard_tables_download_as_csv(client: TestClient, table: str) -> None:
    answer = client.get("/console/dashboard", params={"days": 7, "format": "csv", "table": table})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/csv")
    assert f'filename="kgcheck-{table}-7d.csv"' in answer.headers["content-disposition"]
    header = next(csv.reader(io.StringIO(answer.text)))
    assert header[0] in ("day", "decision", "detector")


def test_dashboard_queue_and_session_download_as_csv(client: TestClient) -> None:
    rows = list(csv.DictReader(io.StringIO(client.get("/console/queue?format=csv").text)))
    assert rows and {"id", "type", "reply"} <= rows[0].keys()
    hostile = [r for r in rows if r["reply"].startswith("Dr. Patel works in Oncology. <script>")]
    assert hostile
    turns = list(csv.DictReader(io.StringIO(client.get("/console/sessions/acme?format=csv").text)))
    assert [t["role"] for t in turns[:2]] == ["user", "assistant"]


def test_dashboard_count_changes_after_a_review(client: TestClient, store: FlagStore) -> None:
    before = client.get("/console/dashboard").text
    assert "none in this window" in before
    flag = ReviewQueue(store).pending(limit=1)[0]
    token = csrf_of(before)
    client.post(f"/console/flags/{flag.id}/reject", data={"csrf": token})
    rows = dashboard(store, 7).tables["reviews"].rows
    assert [(r[0], r[2]) for r in rows] == [(flag.detector, 1)]


def test_export_csv_defuses_formulas() -> None:
    text = to_csv(["a", "b"], [["=HYPERLINK(1)", "-3"], ["@x", None]])
    assert text.splitlines() == ["a,b", "'=HYPERLINK(1),-3", "'@x,"]


def test_charts_escape_their_labels() -> None:
    svg = str(stacked_bars(["2026-11-01"], {"<b>": {"2026-11-01": 2}}, title="<t>"))
    assert "<b>" not in svg and "&lt;b&gt;" in svg and svg.startswith("<svg")


@pytest.mark.parametrize(
    ("spans", "expected"),
    [
        ([], [Piece("abcdef")]),
        ([("f", 2, 4)], [Piece("ab"), Piece("cd", ["f"]), Piece("ef")]),
        (
            [("f", 1, 4), ("g", 3, 9)],
            [Piece("a"), Piece("bc", ["f"]), Piece("d", ["f", "g"]), Piece("ef", ["g"])],
        ),
        ([("f", 5, 5), ("g", -3, 1)], [Piece("a", ["g"]), Piece("bcdef")]),
    ],
)
def test_highlight_pieces(spans: list[tuple[str, int, int]], expected: list[Piece]) -> None:
    assert pieces("abcdef", spans) == expected
