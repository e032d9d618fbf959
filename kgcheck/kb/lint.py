"""Lint of an ontology's phrasings: properties that no phrasing reaches, and phrasings or labels
that collide.

Usage::

    findings = lint(KnowledgeBase.open(["ontology.ttl", "kb.ttl"]))
    for f in findings: print(f.code, f.message)
"""

from __future__ import annotations

import difflib
import re
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
    ``entity-collision`` (a phrasing that is also the name of a class or an entity),
    ``undeclared-predicate`` or ``undeclared-class`` (a term the data uses that no ontology
    declares: a typo, or a term whose ontology was not loaded)."""

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
    findings += _undeclared(kb)
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


#: Vocabularies whose terms a KB uses without declaring them: kgcheck reads them as they are
#: (schema.org through its profile), so an undeclared term of theirs is no finding.
_KNOWN = (
    "https://schema.org/", "http://schema.org/", "http://xmlns.com/foaf/0.1/",
    "http://purl.org/dc/terms/", "http://purl.org/dc/elements/1.1/", "http://www.w3.org/ns/sosa/",
    "http://www.w3.org/ns/ssn/", "http://qudt.org/", "http://www.w3.org/2006/vcard/ns#",
    "http://www.w3.org/2006/time#", "http://www.w3.org/ns/prov#", "http://www.w3.org/ns/org#",
    "http://www.w3.org/2003/01/geo/wgs84_pos#", "http://www.wikidata.org/",
)  # fmt: skip


def _undeclared(kb: KnowledgeBase) -> list[LintFinding]:
    """Predicates and classes the data uses that no ontology declares, outside the well-known
    vocabularies: each with the file and line of its first use and, for a near miss of a
    declared term ("adress" for "address"), what it may have meant."""
    onto = kb.ontology
    findings = []
    declared = sorted(onto.properties - onto.undeclared)
    for prop in sorted(onto.undeclared):
        if str(prop).startswith(_KNOWN) or str(prop).startswith(_SCHEMA):
            continue
        findings.append(
            LintFinding(
                "undeclared-predicate",
                f"{_first_use(kb, prop)}<{prop}> is used but no ontology declares it; read as a "
                f"property phrased from its name{_did_you_mean(prop, declared)}",
                (str(prop),),
            )
        )
    classes = set(onto.labels) | set(onto.superclasses)
    for cls_ in classes.copy():
        classes |= onto.superclasses.get(cls_, set())
    used = {t for t in kb.graph.objects(None, RDF.type) if isinstance(t, URIRef)}
    for cls_ in sorted(used - classes):
        if str(cls_).startswith(_KNOWN) or str(cls_).startswith(_SCHEMA):
            continue
        if (cls_, RDF.type, None) in kb.graph:
            continue  # declared with a type of its own (an owl:Class, a SKOS concept scheme)
        findings.append(
            LintFinding(
                "undeclared-class",
                f"{_first_use(kb, cls_)}<{cls_}> is used as a class but no ontology declares "
                f"it{_did_you_mean(cls_, sorted(classes))}",
                (str(cls_),),
            )
        )
    return findings


def _local(term: URIRef) -> str:
    return re.split(r"[#/:]", str(term))[-1]


def _did_you_mean(term: URIRef, declared: list[URIRef]) -> str:
    names = {_local(d): d for d in declared if d != term}
    close = difflib.get_close_matches(_local(term), list(names), n=1, cutoff=0.8)
    return f" (did you mean <{names[close[0]]}>?)" if close else ""


def _first_use(kb: KnowledgeBase, term: URIRef) -> str:
    """``file:line: `` of the first line of the KB's sources that names ``term`` (as a full
    IRI or a prefixed name), else nothing."""
    local = re.escape(_local(term))
    pattern = re.compile(rf"<{re.escape(str(term))}>|\b\w*:{local}\b")
    for path in kb.sources:
        try:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        for n, line in enumerate(lines, 1):
            if pattern.search(line):
                return f"{path}:{n}: "
    return ""


def _names(onto: OntologyView, owners: dict[URIRef, bool]) -> str:
    return ", ".join(onto.label(p) for p in sorted(owners))
