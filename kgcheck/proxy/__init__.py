"""An OpenAI-compatible proxy that checks what the upstream's model says: ``kgcheck proxy``, or
``create_proxy_app(config, upstream=...)`` for any ASGI server."""

from kgcheck.extras import install_hint, missing

if missing("server"):
    raise ImportError(
        f"kgcheck.proxy needs the [server] extra ({', '.join(missing('server'))} not "
        f"installed): {install_hint('server')}"
    )

from kgcheck.proxy.app import create_proxy_app

__all__ = ["create_proxy_app"]
