"""One check's reads of a KB, kept while the check runs.

Several detectors ask the KB the same things about the entities a reply names (an entity's
facts, its classes, the values of one of its properties), and the re-check of a corrected
sentence asks them again. Inside :func:`one_check` a read answered once is answered again from
memory; outside it every read goes to the store. Nothing is kept from one check to the next,
so a check costs what its own reads cost, and a KB whose store changes between checks is read
afresh. The memory belongs to the running context (:mod:`contextvars`): threads and tasks
checking at once do not share it.

Usage::

    with one_check():
        kb.facts(EX.amiraPatel)   # read from the store
        kb.facts(EX.amiraPatel)   # the same answer, from memory (a copy)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Concatenate, ParamSpec, TypeVar

__all__ = ["one_check", "remembered"]

P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S")

_MEMORY: ContextVar[dict[Hashable, object] | None] = ContextVar("kgcheck_kb_reads", default=None)


@contextmanager
def one_check() -> Iterator[None]:
    """Keep the KB reads made until the block ends (nested blocks share the outer one's)."""
    if _MEMORY.get() is not None:
        yield
        return
    token = _MEMORY.set({})
    try:
        yield
    finally:
        _MEMORY.reset(token)


def remembered(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """A KB read answered from memory inside :func:`one_check` when it was made before with the
    same arguments on the same KB. The caller gets a copy of a list, set or dict answer, so
    what it does with it is its own."""

    def read(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        memory = _MEMORY.get()
        if memory is None:
            return method(self, *args, **kwargs)
        key = (self, method.__name__, args, tuple(sorted(kwargs.items())))
        try:
            hash(key)
        except TypeError:  # an argument that cannot be a key: read it
            return method(self, *args, **kwargs)
        if key in memory:
            found = memory[key]
        else:
            found = memory[key] = method(self, *args, **kwargs)
        if isinstance(found, (list, set, dict)):
            return found.copy()  # type: ignore[return-value]
        return found  # type: ignore[return-value]

    functools.update_wrapper(read, method)
    return read
