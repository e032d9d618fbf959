"""The HTTP service: ``kgcheck serve``, or ``create_app(config)`` for any ASGI server."""

from kgcheck.server.app import app_from_env, create_app

__all__ = ["app_from_env", "create_app"]
