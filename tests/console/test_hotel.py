"""The console over a domain written from the README alone (``tests/fixtures/hotel``): replies
checked through the service, true and false, then the queue, a review and the dashboard, as a
reviewer and an analyst would see them."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kgcheck import Checker
from kgcheck.config import load_config
from kgcheck.console.dashboard import dashboard
from kgcheck.store import FlagStore, ReviewQueue
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.console.conftest import csrf_of, login, make_client

HOTEL = Path(__file__).resolve().parent.parent / "fixtures" / "hotel" / "kgcheck.yaml"
#: (reply, the correction kgcheck must make; None: true, left alone)
REPLIES = [
    ("The Gull Suite is on floor 3.", None),
    ("The Gull Suite is on floor 2.", "3"),
    ("The Dunes Room costs 120 EUR a night.", None),
    ("The Dunes Room costs 150 EUR a night.", "120 EUR a night"),
    ("The Salt Restaurant is run by Nora Vance.", None),
    ("The Salt Restaurant is run by Elliot Marr.", "Nora Vance"),
    ("The Tide Pool opens at 7am.", None),
    ("The Tide Pool opens at 9am.", "7am"),
]


@pytest.fixture(scope="module")
def hotel() -> Checker:
    return Checker(load_config(HOTEL))


@pytest.fixture
def checked(hotel: Checker) -> tuple[TestClient, FlagStore, list[dict[str, object]]]:
    store = OxigraphFlagStore(None)
    client = make_client(hotel, store, api_keys=["hotel-key"])
    reports = []
    for n, (reply, _) in enumerate(REPLIES):
        answer = client.post(
            f"/sessions/guest-{n % 2}/check",
            json={"reply": reply, "user": "Tell me about the hotel."},
            headers={"X-API-Key": "hotel-key"},
        )
        assert answer.status_code == 200, answer.text
        reports.append(answer.json()["report"])
    login(client, "maud", "hotel-key")
    return client, store, reports


def test_hotel_true_replies_pass_and_false_ones_are_corrected(
    checked: tuple[TestClient, FlagStore, list[dict[str, object]]],
) -> None:
    _, _, reports = checked
    for (reply, fix), report in zip(REPLIES, reports, strict=True):
        flags = report["flags"]
        assert isinstance(flags, list)
        if fix is None:
            assert report["decision"] == "accept" and not flags, reply
        else:
            assert [f["correction"] for f in flags] == [fix], reply


def test_hotel_queue_review_and_dashboard(
    checked: tuple[TestClient, FlagStore, list[dict[str, object]]],
) -> None:
    client, store, _ = checked
    queue = client.get("/console/queue").text
    false = [reply for reply, fix in REPLIES if fix is not None]
    text = html.unescape(re.sub(r"<[^>]+>", "", queue))  # the flag's span is highlighted
    assert all(reply in text for reply in false)
    assert queue.count("data-flag=") == len(false)  # the true replies raised nothing

    board = dashboard(store, 7)
    assert (board.replies, board.flagged, board.flags) == (8, 4, 4)
    assert board.macro == pytest.approx(0.5)
    # one claim a reply, the four false ones flagged on their claim
    assert (board.unsupported, board.judged, board.micro) == (4, 8, pytest.approx(0.5))
    page = client.get("/console/dashboard").text
    assert '<span class="n" id="macro">50.0%</span>' in page
    assert '<span class="n" id="micro">50.0%</span>' in page

    flag = next(f for f in ReviewQueue(store).pending() if f.content == "Elliot Marr")
    token = csrf_of(page)
    answer = client.post(f"/console/flags/{flag.id}/approve", data={"csrf": token})
    assert answer.status_code in (200, 303)
    reviews = {r[0]: r for r in dashboard(store, 7).tables["reviews"].rows}
    assert reviews[flag.detector][1] == 1  # approved: a false positive, as the reviewer says
    assert "Elliot Marr" not in client.get("/console/queue").text
