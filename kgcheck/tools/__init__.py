"""Tool results as evidence: the calls an agent made and the rows they returned, read as RDF
(:mod:`kgcheck.tools.graph`) and checked like a KB (:mod:`kgcheck.tools.evidence`)."""

from kgcheck.tools.graph import results_graph
from kgcheck.tools.results import ToolResult, kind_of_tool

__all__ = ["ToolResult", "kind_of_tool", "results_graph"]
