"""Integrations with agent frameworks, one module each, each behind its own extra.

``import kgcheck`` never imports them; importing one without its extra raises ``ImportError``
naming the ``pip install "kgcheck[...]"`` that provides it.
"""
