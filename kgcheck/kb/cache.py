"""Indexes built once per knowledge base and shared, for as long as the knowledge base lives.

Usage::

    _index = per_kb(ObservationIndex)
    _index(kb)          # built on first use, then the same object
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import TypeVar

from kgcheck.kb.knowledge_base import KnowledgeBase

__all__ = ["per_kb"]

T = TypeVar("T")


def per_kb(build: Callable[[KnowledgeBase], T]) -> Callable[[KnowledgeBase], T]:
    """``build(kb)`` made once per knowledge base (thread-safe), then shared."""
    built: weakref.WeakKeyDictionary[KnowledgeBase, T] = weakref.WeakKeyDictionary()
    lock = threading.Lock()

    def get(kb: KnowledgeBase) -> T:
        with lock:
            index = built.get(kb)
            if index is None:
                index = build(kb)
                built[kb] = index
            return index

    return get
