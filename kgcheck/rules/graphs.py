"""The graphs rules run over.

SPARQL rules and SHACL shapes see the KB graph (``<urn:kgcheck:kb>``) together with scratch named
graphs: ``<urn:kgcheck:turn>`` (the reply's claims) and ``<urn:kgcheck:history>`` (claims of
earlier turns), both written by :mod:`kgcheck.history.rdf`, and ``<urn:kgcheck:output>`` (a
structured output). The scratch graphs live in a store private to one evaluation
(``KnowledgeBase.scratch``), never in the KB's own store.
"""

from __future__ import annotations

__all__ = ["OUTPUT_GRAPH"]

OUTPUT_GRAPH = "urn:kgcheck:output"
