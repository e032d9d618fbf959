"""The HTTP service: ``kgcheck serve``, or ``create_app(config)`` for any ASGI server."""

from kgcheck.extras import install_hint, missing

if missing("server"):
    raise ImportError(
        f"kgcheck.server needs the [server] extra ({', '.join(missing('server'))} not "
        f"installed): {install_hint('server')}"
    )

from kgcheck.server.app import app_from_env, create_app

__all__ = ["app_from_env", "create_app"]
