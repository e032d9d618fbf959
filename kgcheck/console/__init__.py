"""The review console: ``/console`` of ``kgcheck serve``, server-rendered HTML.

Reviewers log in with an API key of the service and their name (:mod:`.auth`), work through
the queue of pending flags (:mod:`.views`), read a conversation with its flags in place, and
watch the dashboard (:mod:`.dashboard`, :mod:`.charts`); each page shows the SPARQL it ran
(:mod:`.queries`) and offers its tables as CSV (:mod:`.export`). Templates, CSS and script ship in
the package; nothing is built or fetched from elsewhere.

Usage::

    from kgcheck import console
    app.add_middleware(ApiKeyGate, keys=keys, exempt=console.PREFIXES)  # it checks its own logins
    console.mount(app)
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from kgcheck.console import login, views
from kgcheck.console.auth import ConsoleAuth, LoginLimiter, Logouts

__all__ = ["PREFIXES", "mount"]

#: Paths the console serves; it checks its own logins, so the API key gate lets them through.
PREFIXES = ("/console",)


def mount(app: FastAPI) -> None:
    """Serve the console on ``app`` (a ``create_app`` service: its API keys log reviewers in)."""
    svc = app.state.kgcheck
    keys = [k.get_secret_value() for k in svc.settings.api_keys]
    limiter = LoginLimiter(svc.settings.console_login_burst, svc.settings.console_login_per_minute)
    app.state.kgcheck_console = ConsoleAuth(keys, logouts=Logouts(svc.store), limiter=limiter)
    app.include_router(login.router)
    app.include_router(views.router)
    static = Path(__file__).resolve().parent / "static"
    app.mount("/console/static", StaticFiles(directory=static), name="console-static")
