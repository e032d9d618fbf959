"""Console logins: API key and reviewer name, the signed session cookie, logout, and the CSRF
token every POST must carry."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from kgcheck import Checker
from kgcheck.console.auth import COOKIE
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
