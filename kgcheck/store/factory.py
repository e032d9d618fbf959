"""Opening the flag store a configuration names: the back-end registered under the scheme of
``store.backend`` (``kgcheck.registry.stores``: ``memory``, ``oxigraph:<dir>``,
``sparql:<url>``, and plugins' back-ends)."""

from __future__ import annotations

from kgcheck.config import StoreConfig
from kgcheck.registry import stores
from kgcheck.store.base import FlagStore, WriteSettings
from kgcheck.store.spool import Spool

__all__ = ["open_flag_store"]


def open_flag_store(config: StoreConfig, *, read_only: bool = False) -> FlagStore:
    """The store of ``config``.

    Args:
        config: the ``store:`` section.
        read_only: for inspection: an on-disk store is opened read-only (no lock is taken, so a
            running service keeps it) and the spool is left alone.

    Raises:
        StoreError: the store cannot be opened.
        ConfigError: no back-end is registered for the scheme, or it cannot be loaded.
    """
    scheme, _, location = config.backend.partition(":")
    spool = (
        None
        if read_only or config.backend == "memory"
        else Spool(config.spool, dead_after=config.dead_after)
    )
    settings = WriteSettings(
        retries=config.retries,
        retry_delay=config.retry_delay,
        cooldown=config.cooldown,
        max_retry_after=config.max_retry_after,
        replay_batch=config.replay_batch,
    )
    return stores.get(scheme).open(
        location, config, read_only=read_only, spool=spool, settings=settings
    )
