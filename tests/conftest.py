"""Shared fixtures: the Acme checker (built once per session) and tiny knowledge bases."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from kgcheck import Checker, DialogueState, KnowledgeBase
from kgcheck.config import config_from_dict
from kgcheck.detectors.base import DetectionContext
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.package_data import example_dir
from kgcheck.report import TurnReport
from tests.store.virtuoso import LocalVirtuoso, virtuoso_installed

ROOT = Path(__file__).resolve().parent.parent
ACME_DIR = example_dir("acme")  # shipped in the package (kgcheck/examples/acme)
ACME_CONFIG = ACME_DIR / "kgcheck.yaml"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
NOW = "2026-11-22T10:00:00+00:00"
EX = "https://example.org/acme#"

#: Prefixes prepended to every tiny Turtle knowledge base written by ``make_kb``.
PREFIXES = """\
@prefix rdf:  <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl:  <http://www.w3.org/2002/07/owl#> .
@prefix xsd:  <http://www.w3.org/2001/XMLSchema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix kgc:  <https://w3id.org/kgcheck#> .
@prefix ex:   <https://example.org/t#> .
"""


# No example database: the suite leaves nothing behind in the checkout.
settings.register_profile("kgcheck", database=None, deadline=None)
settings.load_profile("kgcheck")


_OWN_CACHE: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    """The ONNX models the suite builds go to a cache of its own (the runs of this process and
    of the commands it starts), not the user's, removed at the end: nothing is left behind."""
    import os
    import tempfile

    if "KGCHECK_CACHE_DIR" not in os.environ:
        _OWN_CACHE.append(tempfile.mkdtemp(prefix="kgcheck-test-cache-"))
        os.environ["KGCHECK_CACHE_DIR"] = _OWN_CACHE[0]


def pytest_unconfigure(config: pytest.Config) -> None:
    import os
    import shutil

    for path in _OWN_CACHE:
        shutil.rmtree(path, ignore_errors=True)
        if os.environ.get("KGCHECK_CACHE_DIR") == path:
            del os.environ["KGCHECK_CACHE_DIR"]
    _OWN_CACHE.clear()


def acted(report: TurnReport) -> list[str]:
    """The stretches the flags the mitigator acts on (at ``flag_threshold`` 0.5) are about."""
    return [f.content for f in report.flags if f.confidence >= 0.5]


def local(iri: str | None) -> str | None:
    """The local name of an IRI (``.../acme#amiraPatel`` -> ``amiraPatel``)."""
    return None if iri is None else iri.rsplit("#", 1)[-1]


@pytest.fixture(autouse=True)
def _no_heap_freeze(monkeypatch: pytest.MonkeyPatch) -> None:
    """``kgcheck serve`` and ``kgcheck proxy`` freeze the start-up heap before they serve
    (``kgcheck.server.app.freeze_heap``); the tests that run those commands, with
    ``uvicorn.run`` replaced, must not freeze the test process's."""
    monkeypatch.setattr("kgcheck.server.app.freeze_heap", lambda: None)


@pytest.fixture(scope="session")
def virtuoso(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalVirtuoso]:
    """One Virtuoso for the whole session (Debian's virtuoso-opensource on free loopback
    ports), stopped at the end; tests that use it share it, so each uses its own graphs."""
    if not virtuoso_installed():
        pytest.skip("virtuoso-t is not installed (apt-get install virtuoso-opensource)")
    server = LocalVirtuoso(tmp_path_factory.mktemp("virtuoso"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def acme_checker() -> Checker:
    """The checker of ``kgcheck/examples/acme/kgcheck.yaml``; tests must not change it."""
    return Checker.from_config(ACME_CONFIG)


@pytest.fixture
def model_loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What loads, in order: ``"nli"`` for each ``NliScorer.load``, ``"embedder"`` for each
    ``SentenceEncoder.load`` (the models still load)."""
    from kgcheck.history.embeddings import SentenceEncoder
    from kgcheck.nli.scorer import NliScorer

    events: list[str] = []
    for cls, name in ((NliScorer, "nli"), (SentenceEncoder, "embedder")):

        def load(self: Any, real: Any = cls.load, name: str = name) -> Any:
            events.append(name)
            return real(self)

        monkeypatch.setattr(cls, "load", load)
    return events


@pytest.fixture
def state() -> DialogueState:
    return DialogueState(session_id="s1", now=NOW)


@pytest.fixture
def analyse(acme_checker: Checker) -> Callable[..., TurnAnalysis]:
    """The Acme NLP pass: ``analyse(text)`` -> ``TurnAnalysis``."""
    return acme_checker.analyzer.analyse


@pytest.fixture
def detect(acme_checker: Checker) -> Callable[..., list[Any]]:
    """Run one Acme detector by name on a reply: ``detect("wrong_attribute", text)``."""

    def run(name: str, text: str, state: DialogueState | None = None) -> list[Any]:
        detector = next(d for d in acme_checker.detectors if d.name == name)
        state = state or DialogueState()
        acme_checker.update_history(state)
        ctx = DetectionContext(
            analysis=acme_checker.analyzer.analyse(text, context=state.entities.salient_keys()),
            kb=acme_checker.kb,
            state=state,
            now=None,
        )
        return detector.detect(ctx)

    return run


@pytest.fixture
def write_ttl(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write a tiny Turtle file (standard prefixes added) and return its path."""

    def write(body: str, name: str = "kb.ttl") -> Path:
        path = tmp_path / name
        path.write_text(PREFIXES + body, encoding="utf-8")
        return path

    return write


@pytest.fixture
def make_kb(write_ttl: Callable[[str, str], Path]) -> Callable[[str], KnowledgeBase]:
    """An in-memory KnowledgeBase over a tiny Turtle body."""

    def make(body: str) -> KnowledgeBase:
        return KnowledgeBase.open([write_ttl(body, "kb.ttl")])

    return make


def checker_over(folder: Path, body: str, **sections: Any) -> Checker:
    """A Checker (NLI off) over a Turtle body written to ``folder``; for module-scoped
    fixtures, which cannot use :func:`make_checker`."""
    path = folder / "kb.ttl"
    path.write_text(PREFIXES + body, encoding="utf-8")
    raw = {"knowledge_base": {"sources": [str(path)]}, "nli": {"model": "none"}, **sections}
    return Checker(config_from_dict(raw))


@pytest.fixture
def make_checker(write_ttl: Callable[[str, str], Path]) -> Callable[..., Checker]:
    """A Checker over a tiny Turtle body, with extra configuration sections."""

    def make(body: str, **sections: Any) -> Checker:
        path = write_ttl(body, "kb.ttl")
        raw = {"knowledge_base": {"sources": [str(path)]}, **sections}
        return Checker(config_from_dict(raw))

    return make
