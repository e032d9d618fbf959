"""Console logins: API key and reviewer name, the signed session cookie, logout, and the CSRF
token every POST must carry."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from kgcheck import Checker
from kgcheck.console.auth import COOKIE, LoginLimiter
from kgcheck.store import FlagStore
from tests.console.conftest import KEY, csrf_of, login, make_client


@pytest.fixture
def anonymous(console_checker: Checker, store: FlagStore) -> TestClient:
    return make_client(console_checker, store, api_keys=[KEY])


def test_auth_pages_need_a_login(anonymous: TestClient) -> None:
    for path in ("/console/queue", "/console/dashboard", "/console/sessions/acme"):
        answer = anonymous.get(path, follow_redirects=False)
        assert answer.status_code == 303
        assert answer.headers["location"] == "/console/login"


def test_auth_login_sets_a_signed_strict_httponly_cookie_without_the_key(
    anonymous: TestClient,
) -> None:
    token = csrf_of(anonymous.get("/console/login").text)
    answer = anonymous.post(
        "/console/login",
        data={"csrf": token, "reviewer": "ana", "api_key": KEY},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/console" in cookie
    assert "Secure" not in cookie  # plain http here; https gets Secure
    assert KEY not in cookie
    page = anonymous.get("/console/queue")
    assert page.status_code == 200 and "ana" in page.text


def test_auth_cookie_is_secure_over_https(console_checker: Checker, store: FlagStore) -> None:
    client = make_client(console_checker, store, api_keys=[KEY])
    client.base_url = client.base_url.copy_with(scheme="https")
    answer = client.get("/console/login")
    assert "Secure" in answer.headers["set-cookie"]


@pytest.mark.parametrize(
    ("reviewer", "key", "error"),
    [("ana", "wrong", "unknown API key"), ("  ", KEY, "enter your name"), ("ana", "", "unknown")],
)
def test_auth_login_refused(anonymous: TestClient, reviewer: str, key: str, error: str) -> None:
    token = csrf_of(anonymous.get("/console/login").text)
    answer = anonymous.post(
        "/console/login", data={"csrf": token, "reviewer": reviewer, "api_key": key}
    )
    assert answer.status_code == 401
    assert error in answer.text
    assert anonymous.get("/console/queue", follow_redirects=False).status_code == 303


def test_auth_without_api_keys_asks_only_for_a_name(
    console_checker: Checker, store: FlagStore
) -> None:
    client = make_client(console_checker, store)
    form = client.get("/console/login").text
    assert 'name="api_key"' not in form
    login(client, reviewer="bo", key=None)
    assert "bo" in client.get("/console/queue").text


def test_auth_api_key_gate_still_guards_the_api(anonymous: TestClient) -> None:
    assert anonymous.get("/flags").status_code == 401
    assert anonymous.get("/console/login").status_code == 200
    assert anonymous.get("/console/static/console.css").status_code == 200


def test_auth_a_session_ends_when_its_key_is_removed(
    console_checker: Checker, store: FlagStore
) -> None:
    client = make_client(console_checker, store, api_keys=[KEY, "other"])
    login(client)
    auth = client.app.state.kgcheck_console  # type: ignore[attr-defined]
    auth.keys = ["other"]
    assert client.get("/console/queue", follow_redirects=False).status_code == 303


def test_auth_a_forged_cookie_is_ignored(anonymous: TestClient) -> None:
    anonymous.cookies.set(COOKIE, "eyJjc3JmIjoieCIsInJldmlld2VyIjoiZXZlIn0.forged", path="/console")
    assert anonymous.get("/console/queue", follow_redirects=False).status_code == 303


def test_auth_logout_ends_the_session(client: TestClient) -> None:
    token = csrf_of(client.get("/console/queue").text)
    answer = client.post("/console/logout", data={"csrf": token}, follow_redirects=False)
    assert answer.status_code == 303
    assert client.get("/console/queue", follow_redirects=False).status_code == 303


@pytest.mark.parametrize("token", [None, "", "not-the-token"])
@pytest.mark.parametrize(
    "path", ["/console/flags/0-0/approve", "/console/logout", "/console/login"]
)
def test_auth_csrf_every_post_needs_the_session_token(
    client: TestClient, token: str | None, path: str
) -> None:
    form = {"reviewer": "mallory", "api_key": KEY, "note": "x"}
    if token is not None:
        form["csrf"] = token
    answer = client.post(path, data=form, follow_redirects=False)
    assert answer.status_code == 403
    assert "CSRF" in answer.text
    assert client.get("/console/queue", follow_redirects=False).status_code == 200


def test_auth_csrf_token_of_another_session_is_refused(
    client: TestClient, console_checker: Checker, store: FlagStore
) -> None:
    other = make_client(console_checker, store, api_keys=[KEY])
    foreign = login(other, reviewer="eve")
    answer = client.post("/console/logout", data={"csrf": foreign}, follow_redirects=False)
    assert answer.status_code == 403


def test_auth_pages_carry_security_headers(client: TestClient) -> None:
    headers = client.get("/console/queue").headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"
    assert headers["cache-control"] == "no-store"


def test_auth_login_attempts_are_rate_limited_per_client(
    console_checker: Checker, store: FlagStore
) -> None:
    # 716 login attempts a second went through: guessing a key cost nothing
    client = make_client(
        console_checker,
        store,
        api_keys=[KEY],
        console_login_burst=3,
        console_login_per_minute=1,
    )
    token = csrf_of(client.get("/console/login").text)
    form = {"csrf": token, "reviewer": "eve", "api_key": "guess"}
    statuses = [client.post("/console/login", data=form).status_code for _ in range(3)]
    assert statuses == [401, 401, 401]
    refused = client.post("/console/login", data=form | {"api_key": KEY})
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert "too many login attempts" in refused.text
    assert client.get("/console/queue", follow_redirects=False).status_code == 303


def test_auth_login_limiter_refills_and_keeps_clients_apart() -> None:
    now = [0.0]
    limiter = LoginLimiter(2, 6.0, clock=lambda: now[0])
    assert [limiter.take("a"), limiter.take("a")] == [0.0, 0.0]
    assert limiter.take("a") == pytest.approx(10.0)  # one attempt back every 10 s
    assert limiter.take("b") == 0.0
    now[0] = 10.0
    assert limiter.take("a") == 0.0
    assert limiter.take("a") > 0
    assert LoginLimiter(0, 1.0).take("a") == 0.0  # 0: no limit
    small = LoginLimiter(1, 1.0, clients=2, clock=lambda: now[0])
    for client in ("a", "b", "c"):
        small.take(client)
    assert small.take("a") == 0.0  # "a" was dropped: at most 2 clients are kept


def test_auth_logout_ends_the_session_for_a_copied_cookie(anonymous: TestClient) -> None:
    token = login(anonymous)
    copied = anonymous.cookies[COOKIE]
    answer = anonymous.post("/console/logout", data={"csrf": token}, follow_redirects=False)
    assert answer.status_code == 303
    anonymous.cookies.set(COOKIE, copied, path="/console")
    refused = anonymous.get("/console/queue", follow_redirects=False)
    assert (refused.status_code, refused.headers["location"]) == (303, "/console/login")
    # a new login works, with a session of its own
    login(anonymous)
    assert anonymous.get("/console/queue").status_code == 200


def test_auth_logout_reaches_every_worker_sharing_the_store(
    console_checker: Checker, store: FlagStore
) -> None:
    first = make_client(console_checker, store, api_keys=[KEY])
    other = make_client(console_checker, store, api_keys=[KEY])  # another worker
    token = login(first)
    copied = first.cookies[COOKIE]
    other.cookies.set(COOKIE, copied, path="/console")
    assert other.get("/console/queue").status_code == 200
    first.post("/console/logout", data={"csrf": token})
    refused = other.get("/console/queue", follow_redirects=False)
    assert (refused.status_code, refused.headers["location"]) == (303, "/console/login")
