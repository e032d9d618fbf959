"""Screenshots of the review console for the README: the login form, the queue, a conversation
and the dashboard, in headless Chromium at 1280x900, from the seeded Acme reports of the tests
(``tests/console/seed.py``), one flag rejected and one approved.

Usage (needs Chromium, chromedriver and selenium, as the browser test does)::

    python docs/console/screenshots.py [--out docs/console]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

from kgcheck.config import config_from_dict
from kgcheck.server import create_app
from kgcheck.store import ReviewQueue
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.console.browser import browser, missing, serve
from tests.console.seed import acme_checker_without_model, fill, seed

KEY = "screenshot-key"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args()
    if (why := missing()) is not None:
        sys.exit(f"cannot take screenshots: {why}")
    checker = acme_checker_without_model()
    with tempfile.TemporaryDirectory() as tmp:
        store = fill(OxigraphFlagStore(Path(tmp) / "flags"), seed(checker))
        queue = ReviewQueue(store)
        pending = queue.pending(limit=10)
        queue.reject(pending[-1].id, reviewer="ana", note="the KB says otherwise")
        queue.approve(pending[-2].id, reviewer="ana", note="right after all")
        config = config_from_dict({"server": {"api_keys": [KEY]}}, environ={})
        with serve(create_app(config, checker=checker, store=store)) as url, browser() as driver:
            wait = WebDriverWait(driver, 30)
            driver.get(f"{url}/console/login")
            wait.until(ec.presence_of_element_located((By.ID, "reviewer")))
            driver.find_element(By.ID, "reviewer").send_keys("Ana Lima")
            driver.save_screenshot(str(args.out / "login.png"))
            driver.find_element(By.ID, "api_key").send_keys(KEY)
            driver.find_element(By.ID, "login").click()
            wait.until(ec.presence_of_element_located((By.ID, "filters")))
            shots = [
                ("queue", "/console/queue?session=acme", "filters"),
                ("conversation", "/console/sessions/acme", "turn-3"),
                ("dashboard", "/console/dashboard?days=7", "table-reviews"),
            ]
            for name, path, marker in shots:
                driver.get(url + path)
                wait.until(ec.presence_of_element_located((By.ID, marker)))
                driver.save_screenshot(str(args.out / f"{name}.png"))
        store.close()
    for name in ("login", "queue", "conversation", "dashboard"):
        size = (args.out / f"{name}.png").stat().st_size
        print(f"{args.out / name}.png: {size // 1024} KiB")


if __name__ == "__main__":
    main()
