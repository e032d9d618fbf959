"""The flag store: checked turns as RDF, one named graph per turn, read back with SPARQL.

Usage::

    store = open_flag_store(config.store)          # memory | oxigraph:<dir> | sparql:<url>
    store.record(report)                            # report.store_status: stored / spooled
    store.query("SELECT ?f WHERE { ?f a kgc:Flag }")
    ReviewQueue(store).reject("3f2a9c0d1b7e4a55-0", reviewer="ana")
    SessionStore(store).load("c-42")
"""

from kgcheck.store.base import FlagStore, StoreStatus, WriteResult
from kgcheck.store.factory import open_flag_store
from kgcheck.store.queries import FlagFilter, GroupBy, ReviewStatus
from kgcheck.store.results import QueryResult, RawResult, Term
from kgcheck.store.review import ReviewAction, ReviewEvent, ReviewQueue, StoredFlag
from kgcheck.store.sessions import SessionStore
from kgcheck.store.spool import Spool

__all__ = [
    "FlagFilter",
    "FlagStore",
    "GroupBy",
    "QueryResult",
    "RawResult",
    "ReviewAction",
    "ReviewEvent",
    "ReviewQueue",
    "ReviewStatus",
    "SessionStore",
    "Spool",
    "StoreStatus",
    "StoredFlag",
    "Term",
    "WriteResult",
    "open_flag_store",
]
