"""``/metrics``: what the service did, in the Prometheus text format (``prometheus_client``).

Each app has a registry of its own (several apps in one process never clash). The counters and
histograms grow with each check route (``POST /sessions/{id}/check``: ``check="turn"``,
``POST /outputs/check``: ``check="output"``); the store's gauges are read when scraped.

=====================================================  ==========================================
``kgcheck_turns_checked_total``                        turns checked (drafts too)
``kgcheck_outputs_checked_total``                      structured outputs checked
``kgcheck_flags_total{type}``                          flags of the checked turns, by type
``kgcheck_output_alerts_total{severity}``              alerts of the checked outputs
``kgcheck_decisions_total{check, decision}``           decisions
``kgcheck_report_errors_total{stage, code}``           checks that failed on a turn (KGC7xx)
``kgcheck_reports_stored_total{status}``               reports ``stored``, ``spooled``, ``failed``
``kgcheck_check_requests_failed_total{check, code}``   check requests answered with an error
``kgcheck_check_seconds{check}``                       a check request, start to answer
``kgcheck_stage_seconds{stage}``                       a turn's stages (``TurnReport.timings``)
``kgcheck_store_reachable``                            1 when the flag store answered its probe
``kgcheck_store_spooled_reports``                      reports waiting in the spool
``kgcheck_store_dead_letters``                         reports the store refused for good
=====================================================  ==========================================

With several workers (``kgcheck serve --workers N``) the counters and histograms are kept in
``prometheus_client``'s multiprocess mode: ``kgcheck serve`` points ``PROMETHEUS_MULTIPROC_DIR``
at a fresh directory (or keeps the one the environment names, which must then be emptied before
each start), every worker writes its values there, and any worker's ``/metrics`` answers the sum
over all of them. The variable must be set before ``prometheus_client`` is first imported.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import choose_encoder
from prometheus_client.multiprocess import MultiProcessCollector

from kgcheck.errors import KgcheckError
from kgcheck.types import Decision, Severity

if TYPE_CHECKING:
    from kgcheck.report import TurnReport
    from kgcheck.rules.structured import OutputReport
    from kgcheck.server.health import StoreProbe
    from kgcheck.store import FlagStore

__all__ = ["MULTIPROC_ENV", "ServiceMetrics", "multiprocess_dir"]

#: The variable that turns on ``prometheus_client``'s multiprocess mode.
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

#: Seconds: a stage can take well under a millisecond, a check with a model on a CPU seconds.
_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
_CHECKS = ("turn", "output")


class ServiceMetrics:
    """The metrics of one app.

    Usage::

        metrics = ServiceMetrics(store, probe, flag_types=["wrong_attribute"])
        metrics.turn_checked(report, seconds=0.02)
        body, media_type = metrics.exposition()   # what /metrics answers
    """

    def __init__(
        self, store: FlagStore, probe: StoreProbe, *, flag_types: Iterable[str] = ()
    ) -> None:
        self.registry = CollectorRegistry()
        #: Where the workers' values are kept (multiprocess mode), else ``None``.
        self.shared_dir = os.environ.get(MULTIPROC_ENV) or None
        self._store_gauges = _StoreGauges(store, probe)
        reg = self.registry
        self.turns = Counter("kgcheck_turns_checked", "Turns checked.", registry=reg)
        self.outputs = Counter("kgcheck_outputs_checked", "Outputs checked.", registry=reg)
        self.flags = Counter("kgcheck_flags", "Flags of checked turns.", ["type"], registry=reg)
        self.alerts = Counter(
            "kgcheck_output_alerts", "Alerts of checked outputs.", ["severity"], registry=reg
        )
        self.decisions = Counter(
            "kgcheck_decisions",
            "Decisions on checked turns and outputs.",
            ["check", "decision"],
            registry=reg,
        )
        self.report_errors = Counter(
            "kgcheck_report_errors",
            "Checks that failed on a turn (report errors, KGC7xx).",
            ["stage", "code"],
            registry=reg,
        )
        self.stored = Counter(
            "kgcheck_reports_stored",
            "Reports sent to the flag store, by what became of them.",
            ["status"],
            registry=reg,
        )
        self.failed = Counter(
            "kgcheck_check_requests_failed",
            "Check requests answered with an error.",
            ["check", "code"],
            registry=reg,
        )
        self.latency = Histogram(
            "kgcheck_check_seconds",
            "Check requests, from start to answer.",
            ["check"],
            buckets=_BUCKETS,
            registry=reg,
        )
        self.stages = Histogram(
            "kgcheck_stage_seconds",
            "Stages of turn checks (the report's timings).",
            ["stage"],
            buckets=_BUCKETS,
            registry=reg,
        )
        # the series an operator's queries divide by exist from the start, at 0
        for check in _CHECKS:
            for decision in Decision:
                self.decisions.labels(check=check, decision=str(decision))
        for flag_type in flag_types:
            self.flags.labels(type=flag_type)
        for severity in Severity:
            self.alerts.labels(severity=str(severity))
        if self.shared_dir is None:
            reg.register(self._store_gauges)

    def turn_checked(self, report: TurnReport, *, seconds: float) -> None:
        """Count a checked turn: its flags, decision, failed checks, stages and store status."""
        self.turns.inc()
        for flag in report.flags:
            self.flags.labels(type=str(flag.type)).inc()
        self.decisions.labels(check="turn", decision=str(report.decision)).inc()
        for error in report.errors:
            self.report_errors.labels(stage=error.stage, code=error.code).inc()
        if report.store_status is not None:
            self.stored.labels(status=report.store_status).inc()
        for stage, spent in report.timings.items():
            if stage != "total":  # the whole check is kgcheck_check_seconds
                self.stages.labels(stage=stage).observe(spent)
        self.latency.labels(check="turn").observe(seconds)

    def output_checked(self, report: OutputReport, *, seconds: float) -> None:
        """Count a checked output: its alerts and decision."""
        self.outputs.inc()
        for alert in report.alerts:
            self.alerts.labels(severity=str(alert.severity)).inc()
        self.decisions.labels(check="output", decision=str(report.decision)).inc()
        self.latency.labels(check="output").observe(seconds)

    def check_failed(self, check: str, exc: BaseException) -> None:
        """Count a check request that ended in an error instead of a report (``code``: the
        kgcheck error's code, ``HTTP500`` for anything else)."""
        code = exc.code if isinstance(exc, KgcheckError) else "HTTP500"
        self.failed.labels(check=check, code=code).inc()

    def exposition(self, accept: str = "") -> tuple[bytes, str]:
        """What ``/metrics`` answers, and its media type: the Prometheus text format (0.0.4),
        or the format the ``Accept`` header asks for (OpenMetrics, text 1.0.0). This app's
        metrics, or, in multiprocess mode, the sums over every worker's; the store's gauges
        read now."""
        encode, media_type = choose_encoder(accept)
        if self.shared_dir is None:
            return encode(self.registry), media_type
        registry = CollectorRegistry()
        MultiProcessCollector(registry, path=self.shared_dir)  # type: ignore[no-untyped-call]
        registry.register(self._store_gauges)
        return encode(registry), media_type


class _StoreGauges:
    """The flag store's gauges, read at each scrape (the probe's answer is cached)."""

    def __init__(self, store: FlagStore, probe: StoreProbe) -> None:
        self.store = store
        self.probe = probe

    def collect(self) -> Iterable[Metric]:
        reachable, _ = self.probe.check()
        yield GaugeMetricFamily(
            "kgcheck_store_reachable",
            "1 when the flag store answered its last probe (cached a few seconds), else 0.",
            value=1.0 if reachable else 0.0,
        )
        spool = self.store.spool
        yield GaugeMetricFamily(
            "kgcheck_store_spooled_reports",
            "Reports waiting in the spool for the store.",
            value=0 if spool is None else len(spool),
        )
        yield GaugeMetricFamily(
            "kgcheck_store_dead_letters",
            "Reports the store refused for good, kept in the spool's dead-letter folder.",
            value=0 if spool is None else len(spool.rejected()),
        )


@contextmanager
def multiprocess_dir() -> Iterator[str]:
    """Multiprocess mode for the worker processes started inside the block: the directory
    ``PROMETHEUS_MULTIPROC_DIR`` names, else a fresh one, set in the environment the workers
    inherit and deleted afterwards.

    Usage::

        with multiprocess_dir():
            uvicorn.run("kgcheck.server:app_from_env", factory=True, workers=4)
    """
    given = os.environ.get(MULTIPROC_ENV)
    if given:
        yield given
        return
    made = tempfile.mkdtemp(prefix="kgcheck-metrics-")
    os.environ[MULTIPROC_ENV] = made
    try:
        yield made
    finally:
        os.environ.pop(MULTIPROC_ENV, None)
        shutil.rmtree(made, ignore_errors=True)
