"""Opening the flag store a configuration names."""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict

from kgcheck.config import StoreConfig
from kgcheck.store.base import FlagStore
from kgcheck.store.oxigraph import OxigraphFlagStore
from kgcheck.store.spool import Spool

__all__ = ["open_flag_store"]


class _WriteSettings(TypedDict):
    retries: int
    retry_delay: float
    cooldown: float
    max_retry_after: float
    replay_batch: int


def open_flag_store(config: StoreConfig, *, read_only: bool = False) -> FlagStore:
    """The store of ``config`` (``memory``, ``oxigraph:<dir>`` or ``sparql:<url>``).

    Args:
        config: the ``store:`` section.
        read_only: for inspection: an on-disk store is opened read-only (no lock is taken, so a
            running service keeps it) and the spool is left alone.

    Raises:
        StoreError: an on-disk store cannot be opened.
    """
    spool = (
        None
        if read_only or config.backend == "memory"
        else Spool(config.spool, dead_after=config.dead_after)
    )
    common = _WriteSettings(
        retries=config.retries,
        retry_delay=config.retry_delay,
        cooldown=config.cooldown,
        max_retry_after=config.max_retry_after,
        replay_batch=config.replay_batch,
    )
    if config.backend == "memory":
        return OxigraphFlagStore(None, **common)
    if config.backend.startswith("oxigraph:"):
        return OxigraphFlagStore(
            Path(config.backend.removeprefix("oxigraph:")),
            read_only=read_only,
            spool=spool,
            **common,
        )
    from kgcheck.store.sparql import SparqlFlagStore  # httpx only when needed

    return SparqlFlagStore(
        config.backend.removeprefix("sparql:"),
        update_url=config.update_url,
        username=config.username,
        password=None if config.password is None else config.password.get_secret_value(),
        auth=config.auth,
        timeout=config.timeout,
        spool=spool,
        **common,
    )
