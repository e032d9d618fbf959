"""Which KB entities are people when the ontology does not say so.

A KB whose classes are ``ex:Doctor`` and ``ex:BranchManager`` (no ``foaf:Person``, no gender)
still describes people, and a reply's "he", "she" or "they" may stand for them. An entity is
taken for a person when

- its name opens with a personal title ("Dr. Reyes", "Ms. Chen"; ``normalize.TITLES``), or
- most instances of one of its classes have names that the pretrained pipeline's named-entity
  recogniser reads as a person's (``en_core_web_sm``'s ``ner``: the one loaded, disabled, in
  the main pipeline, which never runs it on a reply; else the package's, loaded on first use).

Usage::

    names = PersonNames("en_core_web_sm")
    names.is_person_class(kb, URIRef(EX.BranchManager))   # True: "Sarah Okonjo", "Tom Bradshaw"
"""

from __future__ import annotations

import logging
import threading
from itertools import islice
from typing import TYPE_CHECKING, Any

from rdflib import URIRef

from kgcheck.kb.normalize import SUFFIX_TITLES, TITLES

if TYPE_CHECKING:
    from kgcheck.kb.knowledge_base import KnowledgeBase

__all__ = ["PersonNames", "titled"]

log = logging.getLogger(__name__)

#: Instances of a class whose names are read (the first ones the store gives).
_SAMPLE = 12
#: The share of them that must read as people's names.
_MAJORITY = 2 / 3
_PERSONAL_TITLES = TITLES - SUFFIX_TITLES - {"st", "doctor", "nurse", "professor"}


def titled(name: str) -> bool:
    """Whether ``name`` opens with a personal title ("Dr. Reyes", "Mrs Patel")."""
    first = name.strip().split(maxsplit=1)
    return len(first) == 2 and first[0].lower().rstrip(".") in _PERSONAL_TITLES


class PersonNames:
    """Reads KB names with a pretrained named-entity recogniser (``package``; none: titles
    alone decide). Thread-safe; each class is decided once."""

    def __init__(self, package: str | None, *, pipeline: Any = None) -> None:
        self.package = package
        #: a loaded spaCy pipeline whose (disabled) ``ner`` reads the names, if it has one
        self.pipeline = pipeline
        self._nlp: Any = None
        self._failed = package is None
        self._lock = threading.Lock()
        self._classes: dict[URIRef, bool] = {}

    def is_person_class(self, kb: KnowledgeBase, cls_: URIRef) -> bool:
        with self._lock:
            known = self._classes.get(cls_)
        if known is not None:
            return known
        names = [kb.label(i) for i in islice(kb.instances(cls_), _SAMPLE) if isinstance(i, URIRef)]
        names = [n for n in names if n.strip()]
        people = sum(titled(n) for n in names)
        rest = [n for n in names if not titled(n)]
        if rest:
            people += self._people(rest)
        decided = bool(names) and people / len(names) >= _MAJORITY
        with self._lock:
            self._classes[cls_] = decided
        return decided

    def _people(self, names: list[str]) -> int:
        if self.pipeline is not None and "ner" in self.pipeline.component_names:
            # the main pipeline's own recogniser: tokenised names are all it needs
            ner = self.pipeline.get_pipe("ner")
            docs = ner.pipe(self.pipeline.make_doc(n) for n in names)
        else:
            nlp = self._load()
            if nlp is None:
                return 0
            docs = nlp.pipe(names)
        count = 0
        for doc in docs:
            last = len(doc) - 1
            count += any(e.label_ == "PERSON" and e.start <= last < e.end for e in doc.ents)
        return count

    def _load(self) -> Any:
        with self._lock:
            if self._nlp is None and not self._failed:
                import spacy

                try:
                    self._nlp = spacy.load(str(self.package), enable=["ner"])
                except (OSError, ValueError) as exc:  # not installed, or without ner
                    log.info("no named-entity recogniser for person classes: %s", exc)
                    self._failed = True
            return self._nlp
