"""The knowledge base: store, label index and ontology view."""

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.labels import LabelIndex, LabelMatch
from kgcheck.kb.ontology import OntologyView

__all__ = ["KnowledgeBase", "LabelIndex", "LabelMatch", "OntologyView"]
