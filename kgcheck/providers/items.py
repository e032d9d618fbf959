"""``items``: the items the reply describes by their values, read against the rows of the latest
tool call, else against the entities of the classes the reply names (:mod:`kgcheck.items`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rdflib import URIRef

from kgcheck.failures import ITEMS_FAILED
from kgcheck.providers.base import Provider

if TYPE_CHECKING:
    from kgcheck.detectors.base import DetectionContext
    from kgcheck.items import Item

__all__ = ["ItemsProvider"]


class ItemsProvider(Provider):
    name = "items"
    stage = "items"
    failure_code = ITEMS_FAILED

    def compute(self, ctx: DetectionContext) -> tuple[Item, ...]:
        from kgcheck.items import are_records, kb_pool, read_items
        from kgcheck.kb.calls import latest_call
        from kgcheck.providers.numeric_claims import users_numbers
        from kgcheck.tools.graph import latest_rows

        # the latest call's rows: from the conversation's tool results, else as a KB records
        # them (the same rows as a KB file)
        rows = [URIRef(iri) for iri in latest_rows(ctx.state.tool_results)] or list(
            latest_call(ctx.kb).rows
        )
        theirs = users_numbers(ctx)
        verified = ctx.verified_numbers()
        if rows:
            items = read_items(ctx.analysis, ctx.kb, rows, verified, theirs=theirs)
            return tuple(replace(item, of_results=True) for item in items)
        # a KB's entities are read as rows where they are records like a tool's rows
        pool = kb_pool(ctx.analysis, ctx.kb)
        records = are_records(ctx.kb, pool)
        if len(pool) == 1 and not records:
            return ()  # one entity of a KB is no choice between rows
        # several records are results a reply picks from; one record's counts are not read
        # ("You have two lenses on loan" of a loan scheme)
        results = records and len(pool) > 1
        items = read_items(
            ctx.analysis, ctx.kb, pool, verified, rows=records, theirs=theirs, counts=results
        )
        return tuple(replace(item, of_results=results) for item in items)
