"""The FastAPI application: ``create_app(config)``.

Usage::

    app = create_app("kgcheck.yaml")          # then: uvicorn.run(app)
    kgcheck serve --config kgcheck.yaml       # the same from the command line

Endpoints (OpenAPI docs at ``/docs``): ``POST /sessions/{id}/check``, ``POST
/sessions/{id}/turns``, ``GET|DELETE /sessions/{id}``, ``POST /outputs/check``, ``GET|POST
/sparql``, ``GET /flags``, ``GET /flags/patterns``, ``GET /review``, ``GET /review/{flag}``,
``POST /review/{flag}/{approve|reject|note}``, ``GET /healthz``, ``GET /metrics``.

``/healthz`` (what is loaded, and whether the service can work: see
:mod:`kgcheck.server.health`) and ``/metrics`` (Prometheus: :mod:`kgcheck.server.metrics`) are
public, like the API docs: monitoring scrapes them without a key, and they carry no secrets.
The checker is built, its models loaded and a made-up turn checked, before the app exists, so
no request waits for a model.
"""

from __future__ import annotations

import gc
import logging
import os
import time
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

import kgcheck
from kgcheck import console
from kgcheck.checker import Checker
from kgcheck.config import Config, StoreConfig, load_config
from kgcheck.errors import ConfigMissing
from kgcheck.server import review, sessions, sparql
from kgcheck.server.errors import install_error_handlers
from kgcheck.server.limits import ApiKeyGate, BodyLimit
from kgcheck.server.models import OutputCheckRequest
from kgcheck.server.service import Service, ServiceDep, authorised
from kgcheck.store import FlagStore, open_flag_store

__all__ = ["app_from_env", "create_app", "freeze_heap"]

log = logging.getLogger(__name__)


def create_app(
    config: Config | str | Path | None = None,
    *,
    checker: Checker | None = None,
    store: FlagStore | None = None,
) -> FastAPI:
    """The kgcheck service.

    Args:
        config: the configuration (or its file); default: the checker's.
        checker: a checker built already (default: one built from ``config``).
        store: where reports and sessions go (default: the configuration's ``store:``; without
            one, an in-memory store, so sessions end with the process).

    Raises:
        ConfigError: neither ``config`` nor ``checker`` was given, or the configuration is bad.
    """
    config, checker, store = resolve(config, checker, store, caller="create_app")
    svc = Service(checker=checker, store=store, settings=config.server)

    app = FastAPI(
        title="kgcheck",
        version=kgcheck.__version__,
        description=(
            "Check a conversational agent's replies against a knowledge graph, keep the "
            "conversations, inspect the flags with SPARQL and review them."
        ),
    )
    app.state.kgcheck = svc
    install_error_handlers(app)
    app.add_middleware(BodyLimit, max_bytes=config.server.max_request_bytes)
    # added last, so it runs first: no body is read or validated for a caller without a key
    keys = [k.get_secret_value() for k in config.server.api_keys]
    app.add_middleware(ApiKeyGate, keys=keys, exempt=console.PREFIXES)
    protected = [Depends(authorised)]
    app.include_router(sessions.router, dependencies=protected)
    app.include_router(review.router, dependencies=protected)
    app.include_router(sparql.router, dependencies=protected)
    console.mount(app)  # /console: its own login, with the same keys

    @app.post("/outputs/check", tags=["outputs"], dependencies=protected)
    def check_output(body: OutputCheckRequest, svc: ServiceDep) -> dict[str, Any]:
        """Validate a structured (JSON) output with the configuration's ``target: output``
        rules: alerts by severity and the rejection policy's decision."""
        started = time.perf_counter()
        try:
            report = svc.checker.check_output(body.data, body.context, now=body.now)
        except Exception as exc:
            svc.metrics.check_failed("output", exc)
            raise
        svc.metrics.output_checked(report, seconds=time.perf_counter() - started)
        return report.to_dict()

    @app.get(
        "/healthz",
        tags=["operations"],
        responses={503: {"description": "the store is down and no spool keeps the reports"}},
    )
    def healthz(svc: ServiceDep) -> JSONResponse:
        """What is loaded (the KB, the models, the flag store) and whether the service can do
        its work: ``status`` ``ok``, ``degraded`` (checks go on; ``problems`` says what is
        off) or ``failing`` (HTTP 503: the store is down and no spool keeps the reports).
        Public, so it names no paths, URLs or error messages: kinds, counts and codes."""
        status, body = svc.health.report(unsaved_sessions=len(svc.unsaved_sessions()))
        return JSONResponse(body, status_code=status)

    @app.get("/metrics", tags=["operations"], response_class=PlainTextResponse)
    def metrics(request: Request, svc: ServiceDep) -> Response:
        """Checks, flags by type, decisions, failed checks and stage timings in the Prometheus
        text format, with the store's reachability and spool (see ``kgcheck.server.metrics``).
        Public, like ``/healthz``: names, codes and numbers only."""
        body, media_type = svc.metrics.exposition(request.headers.get("accept", ""))
        return Response(body, media_type=media_type)

    return app


def resolve(
    config: Config | str | Path | None,
    checker: Checker | None,
    store: FlagStore | None,
    *,
    caller: str,
) -> tuple[Config, Checker, FlagStore]:
    """The configuration, checker and store an app runs with, from those given: the
    configuration read from its file, the checker built from it, the store the checker's
    (else one in memory, with a warning).

    Raises:
        ConfigError: neither ``config`` nor ``checker`` was given, or the configuration is bad.
    """
    if isinstance(config, str | Path):
        config = load_config(config)
    if checker is None:
        if config is None:
            raise ConfigMissing(f"{caller}: give a configuration or a checker")
        checker = Checker(config)
    config = config or checker.config
    if store is None:
        store = checker.store
    if store is None:
        log.warning("no store: configured; sessions and flags are kept in memory only")
        store = open_flag_store(StoreConfig(backend="memory"))
    return config, checker, store


def app_from_env() -> FastAPI:
    """The service of ``$KGCHECK_CONFIG`` (for ``uvicorn --factory`` and several workers), its
    start-up heap frozen (:func:`freeze_heap`): each worker process serves until it ends."""
    path = os.environ.get("KGCHECK_CONFIG", "kgcheck.yaml")
    app = create_app(Path(path))
    freeze_heap()
    return app


def freeze_heap() -> None:
    """Leave what start-up built (the parser, the models, the KB index: millions of objects that
    live as long as the process) out of the garbage collector's full passes. Unfrozen, a full
    pass walks them all every few dozen requests and adds some 250 ms to that request (the
    console's conversation page over 100k flags: p95 340 ms, 110 ms frozen). For a process that
    serves until it ends (``kgcheck serve``, ``kgcheck proxy``, workers): frozen objects that
    later form unreachable cycles are never collected."""
    gc.collect()
    gc.freeze()
