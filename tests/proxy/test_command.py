"""``kgcheck proxy``: the upstream from the flag or the configuration, and the loopback rule."""

from __future__ import annotations

from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI
from typer.testing import CliRunner

from kgcheck.cli import app

runner = CliRunner()


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """A configuration with no KB and no NLI model: quick to build."""
    path = tmp_path / "kgcheck.yaml"
    path.write_text("nli: {model: none}\nnlp: {pipeline: blank}\n", encoding="utf-8")
    return path


def test_proxy_command_serves_the_app_for_the_upstream_given(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.update(app=app, **kw))
    args = ["proxy", "--config", str(config), "--upstream", "http://127.0.0.1:9000/v1"]
    result = runner.invoke(app, [*args, "--port", "8124"])
    assert result.exit_code == 0, result.output
    assert isinstance(served["app"], FastAPI)
    assert (served["host"], served["port"]) == ("127.0.0.1", 8124)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ([], "no upstream: pass --upstream or set proxy.upstream"),
        (["--upstream", "localhost:9000"], "--upstream 'localhost:9000': Value error"),
        (
            ["--upstream", "http://127.0.0.1:9000/v1", "--host", "0.0.0.0"],
            "no server.api_keys: refusing to listen on 0.0.0.0",
        ),
    ],
)
def test_proxy_command_refuses(config: Path, args: list[str], error: str) -> None:
    result = runner.invoke(app, ["proxy", "--config", str(config), *args])
    assert result.exit_code == 2
    assert error in " ".join(result.output.split())
