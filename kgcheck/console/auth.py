"""Who uses the console: a signed session cookie, and the CSRF token of every form.

A reviewer logs in with one of the service's API keys (``server.api_keys``) and their name;
without keys (the open loopback service) with their name only. The session is a cookie signed
with itsdangerous (HttpOnly, SameSite=Strict, Secure over https), holding the reviewer's name,
a CSRF token and a keyed digest of the API key (never the key): a session whose key was removed
from ``server.api_keys`` ends. Every form carries the session's CSRF token in a hidden field and
every POST is refused (403) unless it matches; a visitor who has not logged in gets a session
holding a token only, for the login form.

The signing secret is ``$KGCHECK_CONSOLE_SECRET`` when set; else derived from the API keys, so
every worker of one service shares it; else (no keys) random per process: several workers
without keys need ``$KGCHECK_CONSOLE_SECRET``.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qs

from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

__all__ = ["COOKIE", "MAX_AGE", "ConsoleAuth", "Session", "read_form"]

COOKIE = "kgcheck_console"
#: Seconds a session lasts after login.
MAX_AGE = 12 * 3600


@dataclass(frozen=True, slots=True)
class Session:
    """What the cookie holds: a CSRF token, and once logged in the reviewer and key digest."""

    csrf: str
    reviewer: str | None = None
    key: str | None = None

    @property
    def logged_in(self) -> bool:
        return self.reviewer is not None


class ConsoleAuth:
    """Signs and checks the console's sessions for a service with ``keys``."""

    def __init__(self, keys: list[str], secret: str | None = None) -> None:
        self.keys = keys
        secret = secret or os.environ.get("KGCHECK_CONSOLE_SECRET")
        if secret:
            key = secret.encode()
        elif keys:
            key = hashlib.sha256(b"kgcheck-console\0" + "\0".join(sorted(keys)).encode()).digest()
        else:
            key = secrets.token_bytes(32)
        self._secret = key
        self._signer = URLSafeTimedSerializer(key, salt="kgcheck-console-session")

    @property
    def needs_key(self) -> bool:
        return bool(self.keys)

    def digest(self, key: str) -> str:
        """What the session keeps of an API key: a digest keyed with the signing secret."""
        return hmac.new(self._secret, key.encode(), hashlib.sha256).hexdigest()[:32]

    def known_key(self, given: str) -> str | None:
        """The digest of ``given`` when it is one of the service's keys."""
        for key in self.keys:
            if hmac.compare_digest(given.encode(), key.encode()):
                return self.digest(key)
        return None

    def read(self, request: Request) -> Session | None:
        """The request's session, if its cookie is signed, fresh and its key still valid."""
        raw = request.cookies.get(COOKIE)
        if not raw:
            return None
        try:
            data = self._signer.loads(raw, max_age=MAX_AGE)
        except BadSignature:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("csrf"), str):
            return None
        session = Session(data["csrf"], data.get("reviewer"), data.get("key"))
        if session.logged_in and self.keys:
            current = {self.digest(k) for k in self.keys}
            if session.key not in current:
                return Session(session.csrf)
        return session

    def fresh(self, *, reviewer: str | None = None, key: str | None = None) -> Session:
        """A new session (a new CSRF token)."""
        return Session(secrets.token_urlsafe(32), reviewer, key)

    def write(self, response: Response, request: Request, session: Session) -> None:
        payload = {"csrf": session.csrf, "reviewer": session.reviewer, "key": session.key}
        response.set_cookie(
            COOKIE,
            self._signer.dumps(payload),
            max_age=MAX_AGE,
            path="/console",
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
        )

    def clear(self, response: Response, request: Request) -> None:
        response.delete_cookie(
            COOKIE,
            path="/console",
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
        )


async def read_form(request: Request, session: Session | None) -> dict[str, str]:
    """The POSTed form's fields (urlencoded), after checking its CSRF token.

    Raises:
        HTTPException: 403 without a session, or with a missing or wrong token; 415 for a body
            that is not a urlencoded form.
    """
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/x-www-form-urlencoded":
        raise HTTPException(415, "send the form as application/x-www-form-urlencoded")
    body = (await request.body()).decode("utf-8", errors="replace")
    form = {k: v[0] for k, v in parse_qs(body, keep_blank_values=True).items()}
    token = form.get("csrf", "")
    if session is None or not token or not hmac.compare_digest(token, session.csrf):
        raise HTTPException(403, "the form's CSRF token is missing or stale: reload the page")
    return form
