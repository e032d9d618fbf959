"""``/healthz``: what the service has loaded and whether it can do its work.

The answer is ``status``:

* ``ok`` (HTTP 200): everything loaded and the flag store answers.
* ``degraded`` (HTTP 200): the service checks turns, but ``problems`` says what is off: the flag
  store does not answer (reports are spooled and written when it is back), the NLI model or the
  sentence embedder could not be loaded (the checks that need the NLI model report KGC702 and
  ``on_error`` decides; ``contradicts_prior`` compares the last turns), a configured spaCy
  pipeline is not installed, the warm-up check failed, or reports wait as dead letters.
* ``failing`` (HTTP 503): the flag store does not answer and there is no spool that can take the
  reports, so checks that store them fail: a load balancer should send requests elsewhere.

A broken model is ``degraded``, not ``failing``: every worker loads the same model, so taking
them out would stop the service rather than route around a fault.

The endpoint is public (no API key, like ``/metrics``), so it names no path, URL or error
message: kinds, counts, model names and error codes only. The store's probe (``ASK {}``) is
cached for ``PROBE_TTL`` seconds, so polling ``/healthz`` costs the store nothing more.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import kgcheck
from kgcheck.errors import ModelError, StoreError

if TYPE_CHECKING:
    from kgcheck.checker import Checker
    from kgcheck.store import FlagStore

__all__ = ["PROBE_TTL", "Health", "StoreProbe"]

log = logging.getLogger(__name__)

#: Seconds a probe of the flag store is trusted.
PROBE_TTL = 5.0


class StoreProbe:
    """Whether the flag store answers a trivial query, asked at most every ``ttl`` seconds."""

    def __init__(self, store: FlagStore, *, ttl: float = PROBE_TTL) -> None:
        self.store = store
        self.ttl = ttl
        self._lock = threading.Lock()
        self._answer: tuple[bool, float] | None = None  # reachable, when (monotonic)

    def check(self) -> tuple[bool, float]:
        """Whether the store answered, and how many seconds ago it was asked (blocks while
        the store is asked: call it from a worker thread)."""
        with self._lock:
            now = time.monotonic()
            if self._answer is None or now - self._answer[1] >= self.ttl:
                self._answer = (self._ask(), time.monotonic())
            reachable, asked = self._answer
            return reachable, max(0.0, time.monotonic() - asked)

    def _ask(self) -> bool:
        try:
            self.store.query("ASK { }")
        except Exception as exc:  # any failure means "does not answer"; the reason is logged
            log.warning("the flag store does not answer: %s", exc)
            return False
        return True


class Health:
    """The ``/healthz`` answer of one app.

    Usage::

        health = Health(checker, store, probe)
        status, body = health.report(unsaved_sessions=0)
    """

    def __init__(self, checker: Checker, store: FlagStore, probe: StoreProbe) -> None:
        self.checker = checker
        self.store = store
        self.probe = probe
        self.started = time.monotonic()
        self._kb: dict[str, Any] | None = None
        self._kb_lock = threading.Lock()

    def report(self, *, unsaved_sessions: int = 0) -> tuple[int, dict[str, Any]]:
        """The HTTP status and the body (blocks on the store's probe: call it from a worker
        thread)."""
        reachable, age = self.probe.check()
        spool = self.store.spool
        spooled = 0 if spool is None else len(spool)
        dead = 0 if spool is None else len(spool.rejected())
        models = self._models()
        problems: list[str] = []
        failing = False
        if not reachable:
            if spool is not None and _writable(spool.directory):
                problems.append("the flag store does not answer: reports are spooled")
            else:
                failing = True
                problems.append("the flag store does not answer and no spool can keep reports")
        if dead:
            problems.append(f"{dead} reports refused by the store wait as dead letters")
        for name in ("nli", "encoder"):
            if models[name]["state"] == "failed":
                problems.append(f"the {name} model failed to load ({models[name]['code']})")
        spacy = models["spacy"]
        if spacy["configured"] not in ("auto", "blank") and spacy["pipeline"].startswith("blank"):
            problems.append(f"spaCy pipeline {spacy['configured']!r} is not installed")
        warm_up = list(self.checker.warm_up_failures)
        if warm_up:
            problems.append("the warm-up check failed: " + ", ".join(warm_up))
        status = "failing" if failing else "degraded" if problems else "ok"
        body: dict[str, Any] = {
            "status": status,
            "problems": problems,
            "version": kgcheck.__version__,
            "uptime_seconds": round(time.monotonic() - self.started, 3),
            # the first answer's keys, kept for the callers that read them
            "store": self.store.kind,
            "store_reachable": reachable,
            "spooled": spooled,
            "flag_store": {
                "kind": self.store.kind,
                "reachable": reachable,
                "probed_seconds_ago": round(age, 3),
                "spool": spool is not None,
                "spooled": spooled,
                "dead_letters": dead,
                "unsaved_sessions": unsaved_sessions,
            },
            "kb": self._kb_summary(),
            "models": models,
            # run when the checker was built, before the service listened
            "warm_up": {"state": "failed" if warm_up else "passed", "failed": warm_up},
        }
        return (503 if failing else 200), body

    def _kb_summary(self) -> dict[str, Any]:
        """Counted once (counting an Oxigraph KB's triples reads them all): the KB does not
        change while the service runs."""
        with self._kb_lock:
            if self._kb is None:
                kb, config = self.checker.kb, self.checker.config.knowledge_base
                try:
                    triples: int | None = len(kb)
                except StoreError:  # a KB on an endpoint that does not answer just now
                    triples = None
                summary = {
                    "store": config.store.partition(":")[0],  # the kind, never the location
                    "triples": triples,
                    "sources": len(config.sources),
                    "labels": len(kb.labels),
                }
                if triples is None:
                    return summary
                self._kb = summary
            found = dict(self._kb)
        if self.checker.kb.remote is not None:  # facts fetched from the endpoint and kept
            found["cached"] = self.checker.kb.remote.cached()
        return found

    def _models(self) -> dict[str, Any]:
        checker = self.checker
        nli: dict[str, Any] = {"state": "off"}
        if checker.nli is not None:
            nli = _model_state(checker.nli.loaded, checker.nli.error, checker.nli.model_name)
        encoder: dict[str, Any] = {"state": "off"}
        if checker.encoder is not None:
            encoder = _model_state(
                checker.encoder.loaded, checker.encoder.error, checker.encoder.name
            )
        return {
            "nli": nli,
            "encoder": encoder,
            "spacy": {
                "configured": checker.config.nlp.pipeline,
                "pipeline": checker.analyzer.pipeline_name,
            },
        }


def _model_state(loaded: bool, error: ModelError | None, name: str) -> dict[str, Any]:
    """``loaded``, ``failed`` (with the error's code: its message may name paths) or
    ``configured`` (not loaded yet), and the model's name."""
    shown = {"model": _model_name(name)}
    if error is not None:
        return {"state": "failed", "code": error.code, **shown}
    return {"state": "loaded" if loaded else "configured", **shown}


def _model_name(name: str) -> str:
    """A model's name as ``/healthz`` shows it: a Hugging Face id or ``embedded`` as it is, a
    local directory by its last part (where it lives is none of the caller's business)."""
    path = Path(name).expanduser()
    if path.is_absolute() or name.startswith(".") or path.is_dir():
        return path.name
    return name


def _writable(directory: Path) -> bool:
    """Whether the spool can be written: its directory, or the nearest existing parent it
    would be made in, is writable."""
    for candidate in (directory, *directory.parents):
        if candidate.exists():
            return candidate.is_dir() and os.access(candidate, os.W_OK)
    return False
