"""The KB a reply is checked against when the conversation holds tool results.

The KB and the rows the tools returned (:func:`kgcheck.tools.graph.results_graph`) together,
built once per set of results (a reply and its re-check, and the replies that follow until the
next call, share one) and kept for the last few sets. A KB on a SPARQL endpoint cannot be
copied: the results are then checked on their own, with the KB's ontology left out, and the
report says so. Neither is a KB of more than ``MAX_COPIED_TRIPLES`` triples, which a copy per
set of results would make slow: its replies are checked without the results, and the report
says so.

Usage::

    evidence = Evidence(kb)
    checked, note = evidence.kb_for(state.tool_results)
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Sequence

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.tools.graph import results_graph
from kgcheck.tools.results import ToolResult

__all__ = ["Evidence"]


#: The most triples a KB may hold to be copied with each new set of tool results (a copy is
#: built like any KB, in time linear in its size); a larger one is checked without them.
MAX_COPIED_TRIPLES = 200_000


class Evidence:
    """The KB with each conversation's tool results; the ``size`` latest kept. Thread-safe."""

    def __init__(
        self, kb: KnowledgeBase, size: int = 16, max_triples: int = MAX_COPIED_TRIPLES
    ) -> None:
        self.kb = kb
        self.size = size
        self.max_triples = max_triples
        self._kb_triples: int | None = None
        self._built: OrderedDict[str, tuple[KnowledgeBase, str | None]] = OrderedDict()
        self._lock = threading.Lock()

    def kb_for(self, results: Sequence[ToolResult]) -> tuple[KnowledgeBase, str | None]:
        """The KB to check against, and a note when the results could not join the KB.

        Raises:
            KnowledgeBaseError: a result holds a value no KB may hold (KGC2xx).
        """
        if not results:
            return self.kb, None
        key = _fingerprint(results)
        with self._lock:
            found = self._built.get(key)
            if found is not None:
                self._built.move_to_end(key)
                return found
        if self.kb.remote is None and self._triples() > self.max_triples:
            return self.kb, (
                f"tools: the tool results were not checked: the KB holds {self._triples()} "
                f"triples, more than {self.max_triples} to copy with each set of results"
            )
        graph = results_graph(results)
        note = None
        if self.kb.remote is not None:
            built = KnowledgeBase.from_graph(graph)
            note = "tools: the KB is on a SPARQL endpoint; the tool results were checked alone"
        else:
            built = self.kb.extended(graph)
        with self._lock:
            self._built[key] = (built, note)
            while len(self._built) > self.size:
                self._built.popitem(last=False)
        return built, note

    def _triples(self) -> int:
        if self._kb_triples is None:
            self._kb_triples = len(self.kb)
        return self._kb_triples


def _fingerprint(results: Sequence[ToolResult]) -> str:
    text = json.dumps([r.to_dict() for r in results], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()
