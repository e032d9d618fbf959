"""The queue's ways to find a page (:mod:`kgcheck.console.finder`): starting from a condition's
few flags, walking windows of reports, or counting the conditions' flags together when the walk
finds them sparse. Each gives, page after page, exactly the flags and order of the one query
shown to users (:func:`~kgcheck.console.queries.queue_query`), reports of one time included;
a condition no flag meets empties the page at once and the page says which."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kgcheck import Checker
from kgcheck.console import data, finder
from kgcheck.console import queries as q
from kgcheck.report import TurnReport, new_report_id
from kgcheck.store import FlagStore, ReviewAction, ReviewStatus
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.rdf import date_time, nt
from kgcheck.store.review import ReviewQueue
from kgcheck.types import Decision, Evidence, Flag, FlagType, Severity, Span
from tests.console.conftest import KEY, login, make_client

TYPES = [
    FlagType.WRONG_ATTRIBUTE,
    FlagType.TEMPORAL_ERROR,
    FlagType.FABRICATED_FACT,
    FlagType.CONTRADICTS_FACT,
]
SEVERITIES = [Severity.HIGH, Severity.LOW, Severity.CRITICAL]
START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
TURNS = 48
#: Flags rejected in the synthetic store, by (turn, position).
REJECTED = [(3, 1), (20, 2), (41, 0)]


def _report(n: int) -> TurnReport:
    """Turn ``n``: four flags of rotating types, severities and rules; four turns per time."""
    flags = [
        Flag(
            type=TYPES[(n + k) % len(TYPES)],
            span=Span(0, 5),
            content=f"value {n}",
            message="Not the value the knowledge base holds.",
            detector=str(TYPES[(n + k) % len(TYPES)]),
            evidence=[Evidence("kb", f"The KB says otherwise ({n}, {k}).")],
            rule=f"rule-{k}",
            confidence=0.5,
            severity=SEVERITIES[(n + k) % len(SEVERITIES)],
        )
        for k in range(4)
    ]
    return TurnReport(
        original="value 1 value 2",
        text="value 1 value 2",
        flags=flags,
        actions=[],
        decision=Decision.REVISE,
        answer_confidence=0.4,
        session_id=f"s{n % 3}",
        turn_index=n // 3,
        timings={"total": 0.01},
        counts={"segments": 2, "claims": 2, "entities": 2},
        checked_at=START + timedelta(seconds=100 * (n // 4)),
        report_id=new_report_id(),
    )


@pytest.fixture(scope="module")
def synthetic() -> FlagStore:
    """192 flags over 48 turns (3 sessions, four turns per time), three of them rejected."""
    store = OxigraphFlagStore(None)
    reports = [_report(n) for n in range(TURNS)]
    for report in reports:
        assert str(store.record(report)) == "stored"
    review = ReviewQueue(store)
    for turn, position in REJECTED:
        flag = f"{reports[turn].report_id}-{position}"
        review.change(flag, ReviewAction.REJECT, reviewer="t")
    return store


#: The finder's settings for each way of finding a page in a small store.
WAYS: dict[str, dict[str, int]] = {
    "flag first": {"FEW": 10_000},
    "walk": {"FEW": 0, "FIRST_WINDOW": 2, "LISTED": 3, "LARGEST_WINDOW": 8, "SPARSE": 10**9},
    "walk, then together": {
        "FEW": 30,
        "FIRST_WINDOW": 2,
        "LISTED": 3,
        "LARGEST_WINDOW": 8,
        "SPARSE": 0,
    },
}

FILTERS: list[dict[str, Any]] = [
    {},
    {"status": None},
    {"status": ReviewStatus.REJECTED},
    {"flag_type": FlagType.TEMPORAL_ERROR},
    {"flag_type": FlagType.WRONG_ATTRIBUTE, "rule": "rule-1"},
    {
        "flag_type": FlagType.WRONG_ATTRIBUTE,
        "severity": Severity.LOW,
        "detector": "wrong_attribute",
    },
    {"flag_type": FlagType.TEMPORAL_ERROR, "detector": "wrong_attribute"},
    {"session": "s1", "severity": Severity.CRITICAL},
    {"status": None, "start": START + timedelta(seconds=500), "end": START + timedelta(hours=1)},
    {"rule": "no-such-rule"},
]


def _wanted(store: FlagStore, where: q.QueueFilter) -> list[str]:
    """The flags ``where`` selects, in order, by the one query shown to users."""
    return [r["flag"].value for r in store.own_query(q.queue_query(where, 10_000)).rows]


def _paged(store: FlagStore, where: q.QueueFilter, limit: int) -> list[str]:
    """Every flag the queue shows for ``where``, page after page (``before=``)."""
    shown: list[str] = []
    page = data.queue(store, where, limit)
    shown += [r.iri for r in page.rows]
    while page.next is not None:
        assert len(page.rows) == limit
        page = data.queue(store, q.QueueFilter(**{**_fields(where), "before": page.next}), limit)
        shown += [r.iri for r in page.rows]
    return shown


def _fields(where: q.QueueFilter) -> dict[str, Any]:
    return {name: getattr(where, name) for name in where.__slots__}


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("fields", FILTERS, ids=lambda f: ",".join(f) or "pending")
def test_finder_pages_are_the_shown_query_s_selection(
    synthetic: FlagStore, monkeypatch: pytest.MonkeyPatch, way: str, fields: dict[str, Any]
) -> None:
    for name, setting in WAYS[way].items():
        monkeypatch.setattr(finder, name, setting)
    where = q.QueueFilter(**fields)
    wanted = _wanted(synthetic, where)
    assert _paged(synthetic, where, 5) == wanted
    assert _paged(synthetic, where, 50) == wanted


def test_finder_windows_never_split_reports_of_one_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two reports of one time whose flags sort the other way round than they do: a window
    that held only the first would put its flag first."""
    store = OxigraphFlagStore(None)
    at = nt(date_time(START))
    for report, flag in (("a", "b-0"), ("b", "a-0")):
        store.update(
            f"INSERT DATA {{ GRAPH <urn:kgcheck:session:x/turn/{report}> {{\n"
            f'  <urn:kgcheck:report:{report}> a kgc:TurnReport ; kgc:session "x" ; '
            f"kgc:time {at} ; kgc:hasFlag <urn:kgcheck:flag:{flag}> .\n"
            f"  <urn:kgcheck:flag:{flag}> a kgc:Flag ; kgc:reviewStatus kgc:Pending }} }}"
        )
    for name, setting in {**WAYS["walk"], "FIRST_WINDOW": 1, "LISTED": 1}.items():
        monkeypatch.setattr(finder, name, setting)
    where = q.QueueFilter()
    assert _wanted(store, where) == ["urn:kgcheck:flag:a-0", "urn:kgcheck:flag:b-0"]
    assert [f for f, _, _ in finder.find(store, where, 1).found] == _wanted(store, where)


@pytest.mark.parametrize(
    ("way", "fields", "label"),
    [
        ("flag first", {"flag_type": FlagType.TEMPORAL_ERROR}, "from those few"),
        ("walk", {"flag_type": FlagType.TEMPORAL_ERROR}, "among them"),
        (
            "walk, then together",
            {"flag_type": FlagType.WRONG_ATTRIBUTE, "rule": "rule-1"},
            "together",
        ),
    ],
)
def test_finder_takes_the_way_its_settings_say(
    synthetic: FlagStore,
    monkeypatch: pytest.MonkeyPatch,
    way: str,
    fields: dict[str, Any],
    label: str,
) -> None:
    for name, setting in WAYS[way].items():
        monkeypatch.setattr(finder, name, setting)
    found = finder.find(synthetic, q.QueueFilter(**fields), 5)
    assert any(label in ran for ran, _ in found.queries), [ran for ran, _ in found.queries]
    assert len(found.found) == 6


def test_finder_walks_a_session_s_reports_rather_than_many_flags(synthetic: FlagStore) -> None:
    found = finder.find(synthetic, q.QueueFilter(session="s1", rule="rule-2"), 5)
    ran = [label for label, _ in found.queries]
    assert ran[1:] == ["reports, newest first", "the page's flags among them"]


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"rule": "no-such-rule"}, 'rule "no-such-rule"'),
        ({"flag_type": FlagType.TEMPORAL_ERROR, "detector": "nope"}, 'detector "nope"'),
        ({"status": ReviewStatus.APPROVED, "session": "s1"}, 'review status "approved"'),
    ],
)
def test_finder_a_condition_no_flag_meets_empties_the_page_at_once(
    synthetic: FlagStore, fields: dict[str, Any], said: str
) -> None:
    found = finder.find(synthetic, q.QueueFilter(**fields), 50)
    assert found.found == [] and found.unmatched == said
    assert len(found.queries) == 1  # the counts, nothing else


def test_finder_conditions_that_never_meet_are_said_together(
    synthetic: FlagStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, setting in WAYS["walk, then together"].items():
        monkeypatch.setattr(finder, name, setting)
    where = q.QueueFilter(flag_type=FlagType.TEMPORAL_ERROR, detector="wrong_attribute")
    found = finder.find(synthetic, where, 50)
    assert found.found == []
    assert found.unmatched == (
        'detector "wrong_attribute", type "temporal_error" and review status "pending"'
    )


def test_finder_an_unmatched_filter_says_so_on_the_page(
    console_checker: Checker, synthetic: FlagStore
) -> None:
    client: TestClient = make_client(console_checker, synthetic, api_keys=[KEY])
    login(client)
    for params, said in [
        ({"rule": "no-such-rule"}, "No stored flag has rule &#34;no-such-rule&#34;."),
        ({"type": "temporal_error", "detector": "nope"}, "detector &#34;nope&#34;"),
        ({"session": "nosuch"}, "No flags here.</p>"),
    ]:
        html = client.get("/console/queue", params=params).text
        assert 'id="empty"' in html and said in html, params
        assert '<article class="flag"' not in html


def test_finder_time_literal_is_the_store_s_own() -> None:
    east = timezone(timedelta(hours=5, minutes=30))
    for value in (
        START,
        datetime(2026, 3, 1, 1, 2, 3, 4567, tzinfo=UTC),
        datetime(2026, 3, 1, 1, 2, 3, 4567, tzinfo=east),
        datetime(2025, 1, 1),
    ):
        assert q.time_literal(value) == nt(date_time(value))
