"""HTML pages from the package's Jinja2 templates, autoescaped, with the console's security
headers (no framing, no inline script, nothing fetched from elsewhere)."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from kgcheck.console.auth import Session

__all__ = ["HEADERS", "page", "secure"]

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}

_ENV = Environment(
    loader=PackageLoader("kgcheck.console", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


def secure(response: Response) -> Response:
    """``response`` with the console's security headers."""
    response.headers.update(HEADERS)
    return response


def page(
    request: Request,
    template: str,
    session: Session | None,
    status: int = 200,
    **context: Any,
) -> Response:
    """Render ``template`` for ``session`` (its reviewer and CSRF token reach every form)."""
    context.setdefault("error", None)
    context.setdefault("message", None)
    html = _ENV.get_template(template).render(
        request=request,
        session=session,
        csrf="" if session is None else session.csrf,
        **context,
    )
    return secure(HTMLResponse(html, status_code=status))
