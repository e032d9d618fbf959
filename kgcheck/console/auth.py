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

Logging out ends the session on the server, not only in the browser: each login gets a random
session id (in the signed cookie), and logout records a keyed digest of it as ended, in this
process and in the flag store (graph ``<urn:kgcheck:console:logouts>``, so that every worker
sharing the store refuses it; entries older than a session's 12 hours are dropped). A copy of
the cookie taken before the logout is refused from then on. While the store does not answer,
a worker knows only the logouts it saw itself.

Login attempts are rate-limited per client address (:class:`LoginLimiter`, a token bucket:
``server.console_login_burst`` at once, ``server.console_login_per_minute`` more each minute,
429 with ``Retry-After`` past them), in each worker process.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import math
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs

from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from kgcheck.errors import StoreError
from kgcheck.store import FlagStore
from kgcheck.store.rdf import date_time, nt

__all__ = [
    "COOKIE",
    "LOGOUTS",
    "MAX_AGE",
    "ConsoleAuth",
    "LoginLimiter",
    "Logouts",
    "Session",
    "read_form",
]

log = logging.getLogger(__name__)

COOKIE = "kgcheck_console"
#: Seconds a session lasts after login.
MAX_AGE = 12 * 3600
#: The named graph of the sessions ended by logout.
LOGOUTS = "urn:kgcheck:console:logouts"
_ENDED = "urn:kgcheck:console:loggedOutAt"


@dataclass(frozen=True, slots=True)
class Session:
    """What the cookie holds: a CSRF token, and once logged in the reviewer, key digest and
    session id."""

    csrf: str
    reviewer: str | None = None
    key: str | None = None
    sid: str | None = None

    @property
    def logged_in(self) -> bool:
        return self.reviewer is not None


class Logouts:
    """Sessions ended by logout, by a keyed digest of their id: in this process, and in the
    flag store for the other workers (``store``: ``None`` for this process only)."""

    #: Seconds the store is not asked again after it failed to answer.
    BACKOFF = 5.0

    def __init__(self, store: FlagStore | None) -> None:
        self.store = store
        self._guard = threading.Lock()
        #: digest -> when it no longer matters (a session lasts ``MAX_AGE``)
        self._ended: dict[str, float] = {}
        self._down_until = 0.0

    def end(self, digest: str) -> None:
        """Record the session of ``digest`` as ended (and drop records of expired sessions)."""
        now = time.time()
        with self._guard:
            self._ended = {d: t for d, t in self._ended.items() if t > now}
            self._ended[digest] = now + MAX_AGE
        if self.store is None:
            return
        at = datetime.now(UTC)
        node, ended = f"<urn:kgcheck:console:session:{digest}>", f"<{_ENDED}>"
        oldest = nt(date_time(at - timedelta(seconds=MAX_AGE)))
        try:
            self.store.update(
                f"DELETE {{ GRAPH <{LOGOUTS}> {{ ?s {ended} ?t }} }} "
                f"WHERE {{ GRAPH <{LOGOUTS}> {{ ?s {ended} ?t FILTER(?t < {oldest}) }} }} ;\n"
                f"INSERT DATA {{ GRAPH <{LOGOUTS}> {{ {node} {ended} {nt(date_time(at))} }} }}"
            )
        except StoreError as exc:
            log.warning(
                "logout recorded in this worker only: the store did not take it (%s)", exc.code
            )

    def ended(self, digest: str) -> bool:
        """Whether the session of ``digest`` was ended (here, or by another worker)."""
        with self._guard:
            if digest in self._ended:
                return True
        if self.store is None or time.monotonic() < self._down_until:
            return False
        try:
            found = self.store.own_query(
                f"ASK {{ GRAPH <{LOGOUTS}> {{ <urn:kgcheck:console:session:{digest}> ?p ?o }} }}"
            )
        except StoreError as exc:
            # pages need the store too (they say it is down): meanwhile only this worker's
            # logouts count, and the store is left alone for a few seconds
            log.warning("logouts of other workers not read (%s)", exc.code)
            self._down_until = time.monotonic() + self.BACKOFF
            return False
        return bool(found.boolean)


class LoginLimiter:
    """A token bucket per client address: ``burst`` attempts at once, ``per_minute`` more each
    minute; ``burst`` 0 lets every attempt through. At most ``clients`` addresses are kept
    (the least recently seen go first)."""

    def __init__(
        self,
        burst: int,
        per_minute: float,
        *,
        clients: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self.clients = clients
        self.clock = clock
        self._guard = threading.Lock()
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str) -> float:
        """Take an attempt for ``client``: 0 if it may go on, else the seconds to wait."""
        if self.burst <= 0:
            return 0.0
        now = self.clock()
        with self._guard:
            tokens, then = self._buckets.pop(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            wait = 0.0
            if tokens >= 1.0:
                tokens -= 1.0
            else:
                wait = (1.0 - tokens) / self.rate
            self._buckets[client] = (tokens, now)
            while len(self._buckets) > self.clients:
                self._buckets.popitem(last=False)
        return wait

    @staticmethod
    def retry_after(wait: float) -> str:
        """``wait`` as a ``Retry-After`` header value (whole seconds, at least 1)."""
        return str(max(1, math.ceil(wait)))


class ConsoleAuth:
    """Signs and checks the console's sessions for a service with ``keys``."""

    def __init__(
        self,
        keys: list[str],
        secret: str | None = None,
        *,
        logouts: Logouts | None = None,
        limiter: LoginLimiter | None = None,
    ) -> None:
        self.keys = keys
        self.logouts = logouts or Logouts(None)
        self.limiter = limiter or LoginLimiter(0, 1.0)
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
        """The request's session, if its cookie is signed, fresh, not logged out and its key
        still valid. Asks the store whether another worker ended it: call it off the event
        loop."""
        raw = request.cookies.get(COOKIE)
        if not raw:
            return None
        try:
            data = self._signer.loads(raw, max_age=MAX_AGE)
        except BadSignature:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("csrf"), str):
            return None
        session = Session(data["csrf"], data.get("reviewer"), data.get("key"), data.get("sid"))
        if session.logged_in and (
            not isinstance(session.sid, str) or self.logouts.ended(self._sid_digest(session.sid))
        ):
            return None  # logged out (or a cookie of a release without session ids)
        if session.logged_in and self.keys:
            current = {self.digest(k) for k in self.keys}
            if session.key not in current:
                return Session(session.csrf)
        return session

    def fresh(self, *, reviewer: str | None = None, key: str | None = None) -> Session:
        """A new session (a new CSRF token; logged in: a new session id)."""
        sid = None if reviewer is None else secrets.token_urlsafe(32)
        return Session(secrets.token_urlsafe(32), reviewer, key, sid)

    def end(self, session: Session) -> None:
        """Log ``session`` out for good: its cookie, and every copy of it, is refused."""
        if session.sid is not None:
            self.logouts.end(self._sid_digest(session.sid))

    def _sid_digest(self, sid: str) -> str:
        """What the server keeps of a session id: a digest keyed with the signing secret."""
        return hmac.new(self._secret, b"sid\0" + sid.encode(), hashlib.sha256).hexdigest()[:32]

    def write(self, response: Response, request: Request, session: Session) -> None:
        payload = {
            "csrf": session.csrf,
            "reviewer": session.reviewer,
            "key": session.key,
            "sid": session.sid,
        }
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
