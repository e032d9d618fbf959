"""``/console/login`` and ``/console/logout``."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.responses import RedirectResponse, Response

from kgcheck.console.auth import ConsoleAuth, read_form
from kgcheck.console.render import page, secure

__all__ = ["router", "settings"]

router = APIRouter(prefix="/console", include_in_schema=False)


def settings(request: Request) -> ConsoleAuth:
    auth = request.app.state.kgcheck_console
    assert isinstance(auth, ConsoleAuth)
    return auth


@router.get("/login")
def login_form(request: Request) -> Response:
    """The login form; a visitor gets a session holding the form's CSRF token."""
    auth = settings(request)
    session = auth.read(request)
    if session is not None and session.logged_in:
        return secure(RedirectResponse("/console/queue", status_code=303))
    session = session or auth.fresh()
    response = page(request, "login.html", session, needs_key=auth.needs_key)
    auth.write(response, request, session)
    return response


@router.post("/login")
async def login(request: Request) -> Response:
    """Log in with a name (and an API key); a client address that tries too often is refused
    with 429 and ``Retry-After`` (``server.console_login_burst``, ``console_login_per_minute``)."""
    auth = settings(request)
    wait = auth.limiter.take(request.client.host if request.client else "unknown")
    if wait > 0:
        retry = auth.limiter.retry_after(wait)
        said = f"too many login attempts from this address: try again in {retry} s"
        response = page(request, "error.html", None, 429, error=said)
        response.headers["Retry-After"] = retry
        return response
    session = await run_in_threadpool(auth.read, request)
    try:
        form = await read_form(request, session)
    except HTTPException as exc:
        return page(request, "error.html", session, exc.status_code, error=exc.detail)
    reviewer = form.get("reviewer", "").strip()
    key = None
    error = None
    if not reviewer or len(reviewer) > 200:
        error = "enter your name (1 to 200 characters): reviews are recorded under it"
    elif auth.needs_key:
        key = auth.known_key(form.get("api_key", ""))
        if key is None:
            error = "unknown API key"
    if error is not None:
        return page(request, "login.html", session, 401, needs_key=auth.needs_key, error=error)
    response = secure(RedirectResponse("/console/queue", status_code=303))
    auth.write(response, request, auth.fresh(reviewer=reviewer, key=key))
    return response


@router.post("/logout")
async def logout(request: Request) -> Response:
    """End the session: the cookie is cleared, and the session is ended on the server, so a
    copy of the cookie is refused too."""
    auth = settings(request)
    session = await run_in_threadpool(auth.read, request)
    try:
        await read_form(request, session)
    except HTTPException as exc:
        return page(request, "error.html", session, exc.status_code, error=exc.detail)
    if session is not None:
        await run_in_threadpool(auth.end, session)
    response = secure(RedirectResponse("/console/login", status_code=303))
    auth.clear(response, request)
    return response
