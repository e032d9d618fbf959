"""Lint of an ontology's phrasings: properties that no phrasing reaches, and phrasings or labels
that collide.

Usage::

    findings = lint(KnowledgeBase.open(["ontology.ttl", "kb.ttl"]))
    for f in findings: print(f.code, f.message)
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from rdflib import URIRef
from rdflib.namespace import OWL, RDF, RDFS, SKOS

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.labels import LABEL_PREDICATES
from kgcheck.kb.normalize import normalize
from kgcheck.kb.ontology import OntologyView
from kgcheck.kb.phrasings import verb_lemma
from kgcheck.vocab import KGC

__all__ = ["LintFinding", "lint"]

_SCHEMA = (str(RDF), str(RDFS), str(OWL), str(SKOS), str(KGC))


@dataclass(frozen=True, slots=True)
class LintFinding:
    """One problem: ``code`` is ``unreachable`` (no phrasing states the property),
    ``property-collision`` (one phrasing, several properties), ``class-collision`` or
    ``entity-collision`` (a phrasing that is also the name of a class or an entity)."""

    code: str
    message: str
    properties: tuple[str, ...] = ()
    phrase: str = ""


def _key(text: str) -> str:
    """Forms compared as the lexicon compares them, roughly: "works in" and "work in" alike."""
    words = text.lower().split()
    return " ".join([verb_lemma(words[0]), *words[1:]]) if words else ""


def lint(kb: KnowledgeBase) -> list[LintFinding]:
    """What keeps the ontology's properties from being checked, in a stable order."""
    onto = kb.ontology
    annotation = set(kb.graph.subjects(RDF.type, OWL.AnnotationProperty))
    props = sorted(
        p
        for p in onto.properties
        if not str(p).startswith(_SCHEMA) and str(p) not in LABEL_PREDICATES and p not in annotation
    )
    findings: list[LintFinding] = []
    by_phrase: dict[str, dict[URIRef, bool]] = defaultdict(dict)
    for prop in props:
        found = onto.phrasings.get(prop, [])
        if not found:
            findings.append(
                LintFinding(
                    "unreachable",
                    f"{onto.label(prop)} <{prop}>: no phrasing reaches it (its label and local "
                    "name give none; add a kgc:lexicalForm)",
                    (str(prop),),
                )
            )
        for phrasing in found:
            key = _key(phrasing.text)
            by_phrase[key][prop] = by_phrase[key].get(prop, True) and phrasing.derived
    for prop, text, what in sorted(onto.dropped):
        findings.append(
            LintFinding(
                "class-collision" if what.startswith("the class") else "entity-collision",
                f"{onto.label(prop)} <{prop}>: the phrasing '{text}' its name gives is also the "
                f"name of {what}; left out (add a kgc:lexicalForm to state it)",
                (str(prop),),
                text,
            )
        )
    for phrase, owners in sorted(by_phrase.items()):
        if len(owners) > 1:
            names = ", ".join(
                f"{onto.label(p)}{' (derived)' if derived else ''}"
                for p, derived in sorted(owners.items())
            )
            findings.append(
                LintFinding(
                    "property-collision",
                    f"'{phrase}' states several properties: {names}; the subject's values and "
                    "class decide between them",
                    tuple(str(p) for p in sorted(owners)),
                    phrase,
                )
            )
        key = normalize(phrase, drop_titles=False)
        cls_ = onto.class_labels.get(key)
        if cls_ is not None:
            findings.append(
                LintFinding(
                    "class-collision",
                    f"'{phrase}' states {_names(onto, owners)} and is the label of the "
                    f"class {onto.label(cls_)} <{cls_}>",
                    tuple(str(p) for p in sorted(owners)),
                    phrase,
                )
            )
        entities = sorted(kb.labels.exact(phrase))
        if entities:
            findings.append(
                LintFinding(
                    "entity-collision",
                    f"'{phrase}' states {_names(onto, owners)} and names the entity "
                    f"<{entities[0]}>",
                    tuple(str(p) for p in sorted(owners)),
                    phrase,
                )
            )
    return findings


def _names(onto: OntologyView, owners: dict[URIRef, bool]) -> str:
    return ", ".join(onto.label(p) for p in sorted(owners))
