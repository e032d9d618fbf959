"""The review queue: transitions, the history of who changed what when, and labels for
evaluation."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kgcheck.errors import StoreError
from kgcheck.store import FlagFilter, ReviewAction, ReviewQueue, ReviewStatus
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.types import FlagType
from tests.store.reports import make_report

S, A = ReviewStatus, ReviewAction

#: How to bring a new (pending) flag to each status.
REACH = {
    S.PENDING: [],
    S.REVIEWED: [A.NOTE],
    S.APPROVED: [A.APPROVE],
    S.REJECTED: [A.REJECT],
}


@pytest.fixture
def queue() -> ReviewQueue:
    return ReviewQueue(OxigraphFlagStore(None))


def _flag(queue: ReviewQueue, session: str = "s1", **kwargs: object) -> str:
    report = make_report(session=session, **kwargs)  # type: ignore[arg-type]
    queue.store.record(report)
    return f"{report.report_id}-0"


@pytest.mark.parametrize(
    ("start", "action", "after"),
    [
        (S.PENDING, A.APPROVE, S.APPROVED),
        (S.PENDING, A.REJECT, S.REJECTED),
        (S.PENDING, A.NOTE, S.REVIEWED),
        (S.REVIEWED, A.APPROVE, S.APPROVED),
        (S.REVIEWED, A.REJECT, S.REJECTED),
        (S.REVIEWED, A.NOTE, S.REVIEWED),
        (S.APPROVED, A.REJECT, S.REJECTED),
        (S.APPROVED, A.NOTE, S.APPROVED),
        (S.REJECTED, A.APPROVE, S.APPROVED),
        (S.REJECTED, A.NOTE, S.REJECTED),
        (S.APPROVED, A.APPROVE, None),
        (S.REJECTED, A.REJECT, None),
    ],
)
def test_review_transitions(
    queue: ReviewQueue, start: ReviewStatus, action: ReviewAction, after: ReviewStatus | None
) -> None:
    flag = _flag(queue)
    for step in REACH[start]:
        queue.change(flag, step, reviewer="setup", note="setting up")
    if after is None:
        with pytest.raises(StoreError) as caught:
            queue.change(flag, action, reviewer="ana", note="again")
        assert caught.value.code == "KGC411"
        assert queue.show(flag).status == start
        return
    event = queue.change(flag, action, reviewer="ana", note="because")
    assert (event.from_status, event.to_status) == (start, after)
    assert queue.show(flag).status == after


def test_review_records_who_when_and_why(queue: ReviewQueue) -> None:
    flag = _flag(queue)
    before = datetime.now(UTC)
    queue.note(flag, reviewer="ana", note="looking into it")
    queue.reject(flag, reviewer="Bo Berg", note="Patel's extension is 4412")
    events = queue.show(flag).events
    assert [(e.reviewer, e.from_status, e.to_status, e.note) for e in events] == [
        ("ana", S.PENDING, S.REVIEWED, "looking into it"),
        ("Bo Berg", S.REVIEWED, S.REJECTED, "Patel's extension is 4412"),
    ]
    assert all(e.time >= before for e in events)


def test_review_events_are_in_the_flag_turn_graph(queue: ReviewQueue) -> None:
    flag = _flag(queue, session="s9", turn=4)
    queue.approve(flag, reviewer="ana")
    found = queue.store.query(
        "SELECT ?g WHERE { GRAPH ?g { ?e a kgc:ReviewEvent ; prov:wasAssociatedWith ?who } }"
    )
    assert [r["g"].value for r in found.rows] == ["urn:kgcheck:session:s9/turn/4"]


def test_review_queue_lists_pending_newest_first(queue: ReviewQueue) -> None:
    first, second = _flag(queue, turn=1), _flag(queue, turn=2)
    assert [f.id for f in queue.pending()] == [second, first]
    queue.reject(second, reviewer="ana")
    assert [f.id for f in queue.pending()] == [first]


def test_review_find_filters_by_session_and_type(queue: ReviewQueue) -> None:
    _flag(queue, session="a", types=(FlagType.WRONG_ATTRIBUTE,))
    _flag(queue, session="b", types=(FlagType.TEMPORAL_ERROR,))
    assert [f.session for f in queue.find(FlagFilter(session="b"))] == ["b"]
    found = queue.find(FlagFilter(flag_type=FlagType.WRONG_ATTRIBUTE))
    assert [f.type for f in found] == ["wrong_attribute"]


def test_review_labels_are_the_ruled_flags(queue: ReviewQueue) -> None:
    kept, confirmed, waiting = _flag(queue, turn=1), _flag(queue, turn=2), _flag(queue, turn=3)
    queue.approve(kept, reviewer="ana")
    queue.reject(confirmed, reviewer="ana")
    labels = {f.id: f.status for f in queue.labels()}
    assert labels == {kept: S.APPROVED, confirmed: S.REJECTED}
    assert waiting not in labels


def test_review_show_gives_the_reply_span_and_evidence(queue: ReviewQueue) -> None:
    flag = _flag(queue)
    shown = queue.show(flag)
    assert shown.reply is not None and shown.span is not None
    assert shown.reply[shown.span[0] : shown.span[1]] == "4413"
    assert shown.evidence == [("kb", "The extension of Dr. Amira Patel is 4412.")]
    assert (shown.correction, shown.rule) == ("4412", "acme-extension")


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda q: q.approve("0000000000000000-0", reviewer="ana"), "KGC410"),
        (lambda q: q.show("0000000000000000-0"), "KGC410"),
        (lambda q: q.approve(_flag(q), reviewer="  "), "KGC406"),
        (lambda q: q.note(_flag(q), reviewer="ana", note=" "), "KGC406"),
    ],
)
def test_review_refusals_have_codes(queue: ReviewQueue, call: object, code: str) -> None:
    with pytest.raises(StoreError) as caught:
        call(queue)  # type: ignore[operator]
    assert caught.value.code == code


class RacingStore(OxigraphFlagStore):
    """A store where another reviewer rules on the flag just before each update lands."""

    def __init__(self) -> None:
        super().__init__(None)
        self.rival: str | None = None

    def update(self, text: str) -> None:
        if self.rival is not None:
            flag, self.rival = self.rival, None
            ReviewQueue(self).approve(flag, reviewer="rival")
        super().update(text)


def test_review_concurrent_change_is_refused_not_overwritten() -> None:
    store = RacingStore()
    queue = ReviewQueue(store)
    flag = _flag(queue)
    store.rival = flag
    with pytest.raises(StoreError) as caught:
        queue.reject(flag, reviewer="ana")
    assert caught.value.code == "KGC412"
    shown = queue.show(flag)
    assert shown.status == S.APPROVED
    assert [e.reviewer for e in shown.events] == ["rival"]
