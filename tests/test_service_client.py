"""``kgcheck check --server``: a reply checked by a running service gives the report a check in
the command's own process gives, with the history and tool results sent along; an absent or
refusing service is a clear error (exit 2)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import SecretStr
from typer.testing import CliRunner

from kgcheck import Checker
from kgcheck.cli import app
from kgcheck.server import create_app
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.conftest import ACME_CONFIG
from tests.proxy.stub import serving
from tests.store.reports import free_port

runner = CliRunner()
HISTORY = [
    {"role": "user", "text": "Who leads Cardiology, and what is her extension?"},
    {"role": "assistant", "text": "Dr. Amira Patel leads Cardiology."},
]


@pytest.fixture(scope="module")
def service(acme_checker: Checker) -> Iterator[str]:
    with serving(create_app(checker=acme_checker, store=OxigraphFlagStore(None))) as url:
        yield url


def _both(args: list[str], server: str) -> tuple[dict[str, object], dict[str, object]]:
    """The JSON reports of the same check here and with the service."""
    here = runner.invoke(app, ["check", "--json", "--config", str(ACME_CONFIG), *args])
    there = runner.invoke(app, ["check", "--json", "--server", server, *args])
    assert (here.exit_code, there.exit_code) == (1, 1), here.output + there.output
    return json.loads(here.output), json.loads(there.output)


def _verdict(report: dict[str, object]) -> tuple[object, ...]:
    flags = report["flags"]
    assert isinstance(flags, list)
    return (report["text"], report["decision"], [(f["type"], f["span"]) for f in flags])


def test_check_with_a_service_gives_the_report_a_local_check_gives(service: str) -> None:
    here, there = _both(["Dr. Patel works in Cardiology and her extension is 4413."], service)
    assert _verdict(there) == _verdict(here)
    assert there["text"] == "Dr. Patel works in Cardiology and her extension is 4412."


def test_check_with_a_service_sends_the_history_first(service: str, tmp_path: Path) -> None:
    history = tmp_path / "history.jsonl"
    history.write_text("\n".join(json.dumps(t) for t in HISTORY) + "\n", encoding="utf-8")
    here, there = _both(["Her extension is 4413.", "--history", str(history)], service)
    assert _verdict(there) == _verdict(here)
    assert there["text"] == "Her extension is 4412."  # "Her" is Dr. Patel, of the history


def test_check_with_a_service_renders_the_report_for_a_person(service: str) -> None:
    result = runner.invoke(app, ["check", "--server", service, "Dr. Patel works in Oncology."])
    assert result.exit_code == 1
    assert "wrong_attribute" in result.output
    assert "mitigated reply" in result.output


def test_check_with_no_service_listening_says_so() -> None:
    url = f"http://127.0.0.1:{free_port()}"
    result = runner.invoke(app, ["check", "--server", url, "Dr. Patel works in Oncology."])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert "[KGC901]" in said
    assert "cannot reach the kgcheck service" in said


def test_check_with_a_service_that_wants_a_key(acme_checker: Checker) -> None:
    settings = acme_checker.config
    config = settings.model_copy(
        update={"server": settings.server.model_copy(update={"api_keys": [SecretStr("k-123")]})}
    )
    keyed = create_app(checker=acme_checker, store=OxigraphFlagStore(None), config=config)
    with serving(keyed) as url:
        refused = runner.invoke(app, ["check", "--server", url, "Hello."])
        given = runner.invoke(app, ["check", "--server", url, "--api-key", "k-123", "Hello."])
    assert refused.exit_code == 2
    said = " ".join(refused.output.split())  # the console wraps at its width
    assert "[KGC902]" in said
    assert "HTTP 401" in said
    assert "missing or unknown API key" in said
    assert given.exit_code == 0, given.output
