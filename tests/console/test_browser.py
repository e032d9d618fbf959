"""The console in headless Chromium: log in, filter the queue, reject a flag, see the dashboard
count change, and find the same ruling with ``kgcheck review list`` and over SPARQL. Skips
where Chromium, chromedriver or selenium is missing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from kgcheck import Checker
from kgcheck.config import config_from_dict
from kgcheck.server import create_app
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.console.browser import browser, missing, serve
from tests.console.conftest import KEY, REJECTED_BY, Seeded, fill, listed_by_cli

pytestmark = pytest.mark.skipif(
    missing() is not None,
    reason=f"{missing()}: apt-get install chromium chromium-driver; pip install selenium",
)

WAIT = 30  # seconds an explicit wait may take on a loaded machine


@pytest.fixture
def site(tmp_path: Path, console_checker: Checker, seeded: Seeded) -> Iterator[str]:
    store = fill(OxigraphFlagStore(tmp_path / "flags"), seeded)
    config = config_from_dict({"server": {"api_keys": [KEY]}}, environ={})
    with serve(create_app(config, checker=console_checker, store=store)) as url:
        yield url
    store.close()


def _rejected(driver: Any, detector: str) -> int:
    from selenium.webdriver.common.by import By

    for row in driver.find_elements(By.CSS_SELECTOR, "#table-reviews tbody tr"):
        cells = [c.text for c in row.find_elements(By.TAG_NAME, "td")]
        if cells and cells[0] == detector:
            return int(cells[2])
    return 0


def test_browser_review_round_trip(site: str, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    with browser() as driver:
        wait = WebDriverWait(driver, WAIT)
        driver.get(f"{site}/console/queue")
        wait.until(ec.presence_of_element_located((By.ID, "reviewer")))
        driver.find_element(By.ID, "reviewer").send_keys("Ana Lima")
        driver.find_element(By.ID, "api_key").send_keys(KEY)
        driver.find_element(By.ID, "login").click()
        wait.until(ec.presence_of_element_located((By.ID, "filters")))

        Select(driver.find_element(By.ID, "filter-type")).select_by_value("wrong_attribute")
        driver.find_element(By.ID, "apply-filters").click()
        wait.until(ec.url_contains("type=wrong_attribute"))
        cards = driver.find_elements(By.CSS_SELECTOR, "article.flag")
        assert cards
        assert {c.find_element(By.CSS_SELECTOR, ".badge.type").text for c in cards} == {
            "wrong_attribute"
        }
        flag = cards[0].get_attribute("data-flag")
        detector = cards[0].find_element(By.CSS_SELECTOR, ".meta code").text

        driver.get(f"{site}/console/dashboard")
        wait.until(ec.presence_of_element_located((By.ID, "table-reviews")))
        before = _rejected(driver, detector)

        driver.get(f"{site}/console/queue?type=wrong_attribute")
        card = wait.until(ec.presence_of_element_located((By.ID, f"flag-{flag}")))
        card.find_element(By.CSS_SELECTOR, "button.reject").click()
        message = wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "p.message")))
        assert f"{flag}: pending -> rejected (Ana Lima)" in message.text
        assert not driver.find_elements(By.ID, f"flag-{flag}")

        driver.get(f"{site}/console/dashboard")
        wait.until(ec.presence_of_element_located((By.ID, "table-reviews")))
        assert _rejected(driver, detector) == before + 1

    assert listed_by_cli(tmp_path, tmp_path / "flags", "rejected") == [flag]
    answer = httpx.get(f"{site}/sparql", params={"query": REJECTED_BY}, headers={"X-API-Key": KEY})
    assert answer.status_code == 200, answer.text
    names = [b["name"]["value"] for b in answer.json()["results"]["bindings"]]
    assert names == ["Ana Lima"]
