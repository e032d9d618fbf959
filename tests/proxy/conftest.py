"""The Acme checker without NLI under three mitigation policies, the scripted upstream served
on loopback, and a proxy in front of it."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import openai
import pytest

from kgcheck import Checker
from kgcheck.config import load_config
from kgcheck.proxy import create_proxy_app
from kgcheck.store import FlagStore
from kgcheck.store.oxigraph import OxigraphFlagStore
from tests.conftest import ACME_CONFIG
from tests.proxy.stub import UPSTREAM_KEY, Stub, serving, stub_app

KGCHECK_KEY = "kg-key"
QUESTION = "Which department is Dr. Patel in, and what is her extension?"
WRONG = "Dr. Patel works in Cardiology and her extension is 4413."
RIGHT = "Dr. Patel works in Cardiology and her extension is 4412."

#: Mitigation policies: the example's own (a wrong extension is corrected), one that sends
#: every flagged reply back to be rewritten, and one that holds it for a person (reject).
POLICIES: dict[str, dict[str, str]] = {
    "correct": {},
    "regenerate": {
        "KGCHECK_MITIGATION__REGENERATE_THRESHOLD": "0.5",
        "KGCHECK_MITIGATION__REGENERATE_MIN_FLAGS": "1",
    },
    "reject": {"KGCHECK_MITIGATION__ACTIONS": "{wrong_attribute: escalate}"},
}


@pytest.fixture(scope="session")
def checkers() -> dict[str, Checker]:
    """The Acme checker (``nli.model: none``) under each of :data:`POLICIES`, sharing one KB."""
    out: dict[str, Checker] = {}
    kb = None
    for name, overrides in POLICIES.items():
        environ = {**os.environ, "KGCHECK_NLI__MODEL": "none", **overrides}
        checker = Checker(load_config(ACME_CONFIG, environ=environ), kb=kb)
        kb = checker.kb
        out[name] = checker
    return out


@pytest.fixture
def checker_raises(checkers: dict[str, Checker], monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``correct`` policy's checker raises on every check (until the test ends)."""

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the checker fell over")

    monkeypatch.setattr(checkers["correct"], "check_turn", boom)


@pytest.fixture(scope="session")
def stub() -> Iterator[Stub]:
    yield Stub()


@pytest.fixture(scope="session")
def upstream_url(stub: Stub) -> Iterator[str]:
    with serving(stub_app(stub)) as url:
        yield f"{url}/v1"


@pytest.fixture
def store() -> FlagStore:
    return OxigraphFlagStore(None)


ProxyFactory = Callable[..., openai.OpenAI]


@pytest.fixture
def proxy(
    checkers: dict[str, Checker], upstream_url: str, store: FlagStore, stub: Stub
) -> Iterator[ProxyFactory]:
    """``proxy(policy="correct", keys=[], upstream=None, **proxy_settings)``: a proxy served on
    loopback in front of the stub, and the official OpenAI client pointed at it."""
    stub.script("Hello.")
    with ExitStack() as stack:

        def make(
            policy: str = "correct",
            *,
            keys: list[str] | None = None,
            upstream: str | None = None,
            **settings: Any,
        ) -> openai.OpenAI:
            checker = checkers[policy]
            config = checker.config.model_copy(deep=True)
            config.server.api_keys = list(keys or [])  # type: ignore[arg-type]
            for key, value in settings.items():
                setattr(config.proxy, key, value)
            app = create_proxy_app(
                config, upstream=upstream or upstream_url, checker=checker, store=store
            )
            url = stack.enter_context(serving(app))
            return openai.OpenAI(
                base_url=f"{url}/v1",
                api_key=UPSTREAM_KEY,
                default_headers={"X-API-Key": KGCHECK_KEY} if keys else None,
                max_retries=0,
                timeout=30,
            )

        yield make
