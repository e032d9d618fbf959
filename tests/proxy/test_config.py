"""The ``proxy:`` section: defaults, validation, and an app without an upstream."""

from __future__ import annotations

import pytest

from kgcheck import Checker
from kgcheck.config import config_from_dict
from kgcheck.errors import ConfigInvalid, ConfigMissing
from kgcheck.proxy import create_proxy_app


def test_proxy_config_reads_its_section() -> None:
    config = config_from_dict(
        {"proxy": {"upstream": "http://127.0.0.1:9000/v1/", "max_regenerations": 2}}
    )
    assert config.proxy.upstream == "http://127.0.0.1:9000/v1"
    assert (config.proxy.max_regenerations, config.proxy.stream) == (2, True)
    assert config.proxy.session_header == "X-Kgcheck-Session"


def test_proxy_config_bounds_every_request_by_default() -> None:
    proxy = config_from_dict({}).proxy
    assert (proxy.max_request_bytes, proxy.max_choices) == (1_048_576, 4)
    assert (proxy.max_history_messages, proxy.max_history_chars) == (50, 20_000)
    assert (proxy.history_cache_bytes, proxy.stream_context_chars) == (64 * 1_048_576, 400)


@pytest.mark.parametrize(
    ("section", "problem"),
    [
        ({"upstream": "127.0.0.1:9000"}, "proxy.upstream: Value error, expected an http://"),
        ({"max_regenerations": -1}, "proxy.max_regenerations: Input should be greater"),
        ({"retries": 3}, "proxy.retries: Extra inputs are not permitted"),
        ({"session_header": "X Session"}, "proxy.session_header: String should match"),
        ({"max_choices": 0}, "proxy.max_choices: Input should be greater than or equal to 1"),
        ({"max_history_chars": -1}, "proxy.max_history_chars: Input should be greater"),
        ({"stream_context_chars": -1}, "proxy.stream_context_chars: Input should be greater"),
    ],
)
def test_proxy_config_refuses_bad_values(section: dict[str, object], problem: str) -> None:
    with pytest.raises(ConfigInvalid) as caught:
        config_from_dict({"proxy": section})
    assert problem in caught.value.message


def test_create_proxy_app_needs_an_upstream(checkers: dict[str, Checker]) -> None:
    with pytest.raises(ConfigMissing, match="no upstream"):
        create_proxy_app(checker=checkers["correct"])
