"""A console in a real browser: the service on loopback (uvicorn in a thread, a free port) and
headless Chromium driven by Selenium. Shared by ``test_browser.py`` and
``docs/console/screenshots.py``."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI

__all__ = ["CHROMEDRIVER", "browser", "missing", "serve"]

CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
_CHROMIUM = ("chromium", "chromium-browser", "google-chrome")


def missing() -> str | None:
    """Why no browser test can run here, or ``None``."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install selenium)"
    if not Path(CHROMEDRIVER).is_file():
        return "chromedriver is not installed (apt-get install chromium chromium-driver)"
    if not any(shutil.which(name) for name in _CHROMIUM):
        return "chromium is not installed (apt-get install chromium chromium-driver)"
    return None


@contextmanager
def serve(app: FastAPI) -> Iterator[str]:
    """Run ``app`` on a free loopback port until the block ends; yields its base URL."""
    import uvicorn

    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="console-test-server", daemon=True)
    thread.start()
    ticks = threading.Event()  # never set: waits in small steps until the server is up
    deadline = time.monotonic() + 60
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        ticks.wait(0.05)
    if not server.started:
        raise RuntimeError("the console's test server did not start")
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


@contextmanager
def browser(width: int = 1280, height: int = 900) -> Iterator[Any]:
    """Headless Chromium at a fixed window size."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={width},{height}",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
