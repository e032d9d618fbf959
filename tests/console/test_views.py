"""The queue, the conversation view and the review actions: filters, paging, escaping of
untrusted replies, and reviews recorded as ``kgcheck review`` records them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kgcheck import Checker
from kgcheck.console import data
from kgcheck.store import FlagFilter, FlagStore, ReviewQueue, ReviewStatus
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.console.conftest import (
    KEY,
    REJECTED_BY,
    Seeded,
    csrf_of,
    fill,
    listed_by_cli,
    login,
    make_client,
)


def ids_on(html: str) -> list[str]:
    return re.findall(r'<article class="flag" id="flag-([^"]+)"', html)


def test_views_queue_lists_pending_flags_newest_first(client: TestClient, store: FlagStore) -> None:
    pending = ReviewQueue(store).find(FlagFilter(status=ReviewStatus.PENDING), limit=1000)
    assert len(pending) >= 4
    assert ids_on(client.get("/console/queue").text) == [f.id for f in pending]


@pytest.mark.parametrize(
    ("params", "field", "value"),
    [
        ({"type": "wrong_attribute"}, "flagType", "wrong_attribute"),
        ({"session": "xss"}, "session", "xss"),
        ({"severity": "high"}, "severity", "high"),
    ],
)
def test_views_queue_filters(
    client: TestClient, store: FlagStore, params: dict[str, str], field: str, value: str
) -> None:
    rows = data.queue(store, data.q.QueueFilter(), 1000).rows
    wanted = [r.id for r in rows if (r.props | r.report).get(field) == value]
    assert wanted, f"the seeded store has no {field} {value}"
    assert ids_on(client.get("/console/queue", params=params).text) == wanted


def test_views_queue_filters_by_detector_rule_and_dates(
    client: TestClient, store: FlagStore
) -> None:
    rows = data.queue(store, data.q.QueueFilter(), 1000).rows
    first = rows[0]
    detector = str(first.props["detector"])
    shown = ids_on(client.get("/console/queue", params={"detector": detector}).text)
    assert shown == [r.id for r in rows if r.props["detector"] == detector]
    assert ids_on(client.get("/console/queue", params={"rule": "no-such-rule"}).text) == []
    day = first.report["time"].date().isoformat()
    assert len(ids_on(client.get("/console/queue", params={"from": day, "to": day}).text)) == len(
        rows
    )
    assert ids_on(client.get("/console/queue", params={"to": "2001-01-01"}).text) == []


def test_views_queue_pages_with_a_cursor(store: FlagStore) -> None:
    everything = data.queue(store, data.q.QueueFilter(), 1000).rows
    first = data.queue(store, data.q.QueueFilter(), 2)
    assert first.next is not None
    second = data.queue(store, data.q.QueueFilter(before=first.next), 2)
    assert [r.id for r in first.rows + second.rows] == [r.id for r in everything[:4]]


def test_views_queue_refuses_a_bad_filter(client: TestClient) -> None:
    answer = client.get("/console/queue", params={"type": "<b>nope</b>"})
    assert answer.status_code == 400
    assert "KGC406" in answer.text and "<b>nope</b>" not in answer.text


def test_views_untrusted_reply_is_shown_inert(client: TestClient) -> None:
    for path in ("/console/queue?session=xss", "/console/sessions/xss"):
        html = client.get(path).text
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html, path
        assert "<script>alert" not in html and "<img src=x" not in html
        assert "<mark" in html  # the flagged span is highlighted, escaped inside


def test_views_queue_shows_evidence_correction_and_query(client: TestClient) -> None:
    html = client.get("/console/queue", params={"session": "acme"}).text
    assert 'class="evidence"' in html and "Correction applied" in html
    assert "<summary>Show query</summary>" in html
    assert "VALUES (?report ?time)" in html
    assert "kgc:reviewStatus &lt;https://w3id.org/kgcheck#Pending&gt;" in html
    assert "the same selection as one query" in html


def test_views_shown_query_runs_on_sparql(client: TestClient) -> None:
    html = client.get("/console/queue", params={"session": "acme"}).text
    query = re.search(r'<pre class="query">(.*?)</pre>', html, re.S)
    assert query
    text = query.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&#34;", '"')
    answer = client.get("/sparql", params={"query": text}, headers={"X-API-Key": KEY})
    assert answer.status_code == 200, answer.text
    assert answer.json()["results"]["bindings"]


def test_views_conversation_shows_turns_flags_and_mitigated_text(client: TestClient) -> None:
    html = client.get("/console/sessions/acme").text
    assert html.count('class="turn user"') == 5
    assert html.count('class="turn assistant"') == 5
    assert "Mitigated:" in html and "<mark" in html


def test_views_conversation_of_an_unknown_session(client: TestClient) -> None:
    html = client.get("/console/sessions/nobody").text
    assert "No checked turns" in html


def _review(client: TestClient, flag: str, action: str, **form: str) -> str:
    token = csrf_of(client.get("/console/queue").text)
    answer = client.post(
        f"/console/flags/{flag}/{action}",
        data={"csrf": token, "back": "/console/queue?session=acme", **form},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    assert answer.headers["location"].startswith("/console/queue?session=acme&done=")
    return answer.headers["location"]


def test_views_review_is_recorded_like_the_cli(
    tmp_path: Path, console_checker: Checker, seeded: Seeded
) -> None:
    store = fill(OxigraphFlagStore(tmp_path / "flags"), seeded)
    client = make_client(console_checker, store, api_keys=[KEY])
    login(client, reviewer="Ana Lima")
    flag = ids_on(client.get("/console/queue").text)[0]
    _review(client, flag, "reject", note="the extension is 4412")
    assert flag not in ids_on(client.get("/console/queue").text)
    shown = ReviewQueue(store).show(flag)
    assert shown.status is ReviewStatus.REJECTED
    (event,) = shown.events
    assert (event.reviewer, event.note, str(event.to_status)) == (
        "Ana Lima",
        "the extension is 4412",
        "rejected",
    )
    assert listed_by_cli(tmp_path, tmp_path / "flags", "rejected") == [flag]
    rows = store.query(REJECTED_BY).records()
    assert rows == [{"name": "Ana Lima"}]


def test_views_review_note_and_approve(client: TestClient, store: FlagStore) -> None:
    flag = ids_on(client.get("/console/queue", params={"session": "acme"}).text)[0]
    _review(client, flag, "note", note="asked the directory")
    _review(client, flag, "approve")
    shown = ReviewQueue(store).show(flag)
    assert [str(e.to_status) for e in shown.events] == ["reviewed", "approved"]
    assert all(e.reviewer == "ana" for e in shown.events)


@pytest.mark.parametrize(
    ("flag", "action", "form", "status", "said"),
    [
        ("0-0", "reject", {}, 404, "KGC410"),
        ("bad id", "reject", {}, 404, "KGC410"),
        (None, "note", {"note": " "}, 400, "a note needs some text"),
        (None, "destroy", {}, 400, "unknown review action"),
    ],
)
def test_views_review_errors_are_said_on_the_page(
    client: TestClient, flag: str | None, action: str, form: dict[str, str], status: int, said: str
) -> None:
    flag = flag or ids_on(client.get("/console/queue").text)[0]
    token = csrf_of(client.get("/console/queue").text)
    answer = client.post(f"/console/flags/{flag}/{action}", data={"csrf": token, **form})
    assert answer.status_code == status
    assert said in answer.text and "not recorded" in answer.text


def test_views_review_twice_is_refused(client: TestClient) -> None:
    flag = ids_on(client.get("/console/queue").text)[0]
    _review(client, flag, "reject")
    token = csrf_of(client.get("/console/queue").text)
    answer = client.post(f"/console/flags/{flag}/reject", data={"csrf": token})
    assert answer.status_code == 409 and "KGC411" in answer.text


def test_views_review_store_down_is_said_on_the_page(
    console_checker: Checker, seeded: Seeded, tmp_path: Path
) -> None:
    from tests.server.conftest import down_store

    client = make_client(console_checker, down_store(None), api_keys=[KEY])
    login(client)
    answer = client.get("/console/queue")
    assert answer.status_code == 503 and "KGC402" in answer.text
    token = csrf_of(answer.text)
    answer = client.post("/console/flags/0-0/reject", data={"csrf": token})
    assert answer.status_code == 503 and "not recorded" in answer.text


def test_views_review_goes_back_only_within_the_console(client: TestClient) -> None:
    flag = ids_on(client.get("/console/queue").text)[0]
    token = csrf_of(client.get("/console/queue").text)
    answer = client.post(
        f"/console/flags/{flag}/reject",
        data={"csrf": token, "back": "https://evil.example/"},
        follow_redirects=False,
    )
    assert answer.headers["location"].startswith("/console/queue?done=")


def test_views_conversation_shows_what_the_queue_shows_of_each_flag(store: FlagStore) -> None:
    """The conversation reads its turn graphs in one pass, the queue each flag by IRI: the
    same flags, properties, spans and evidence (KB triples included)."""
    queued = data.queue(store, data.q.QueueFilter(status=None, session="acme"), 1000).rows
    conv = data.conversation(store, "acme")
    shown = {row.iri: row for turn in conv.turns for row in turn.flags}
    assert sorted(shown) == sorted(row.iri for row in queued)
    assert any(ev.triples for row in queued for ev in row.evidence)
    for row in queued:
        mine = shown[row.iri]
        assert mine.evidence == row.evidence
        assert mine.span == row.span
        assert mine.props == {k: v for k, v in row.props.items() if k in mine.props}
        assert {"flagType", "reviewStatus", "content", "message"} <= set(mine.props)
        assert mine.report["turnIndex"] == row.report["turnIndex"]
        assert mine.report["replyText"] == row.report["replyText"]


def test_views_conversation_keeps_the_first_turns_of_a_long_session(
    store: FlagStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = data.conversation(store, "acme")
    monkeypatch.setattr(data, "MAX_TURNS", 2)
    cut = data.conversation(store, "acme")
    assert cut.truncated and not whole.truncated
    checked = [t for t in whole.turns if t.role == "assistant"]
    assert [t.index for t in cut.turns if t.role == "assistant"] == [t.index for t in checked[:2]]
    assert [len(t.flags) for t in cut.turns if t.role == "assistant"] == [
        len(t.flags) for t in checked[:2]
    ]


@pytest.mark.parametrize(
    "params",
    [
        {"to": "9999-12-31"},
        {"from": "0001-01-01T00:00:00+14:00"},
        {"from": "0001-01-01", "to": "9999-12-31T23:59:59-12:00"},
        {"before": "0001-01-01T00:00:00+14:00|x"},
    ],
)
def test_views_queue_dates_at_the_ends_of_the_calendar_are_not_a_500(
    client: TestClient, params: dict[str, str]
) -> None:
    # "to=9999-12-31" (its whole day: to the year 10000) failed with a date overflow
    answer = client.get("/console/queue", params=params)
    assert answer.status_code == 200, answer.text


def test_views_queue_bad_date_names_the_parameter(client: TestClient) -> None:
    answer = client.get("/console/queue", params={"to": "tomorrow"})
    assert answer.status_code == 400 and "to: expected an ISO 8601 date" in answer.text
