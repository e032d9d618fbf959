"""Facts inside replies as assistants write them: pleasantries, several sentences, the subject
named first and the fact said of a pronoun, two facts of one subject joined.

A reply template is a line of text with slots in braces, filled from one draft (true or
perturbed) and, where the template asks, another true fact of the same subject:

- ``{clause}`` the fact as a clause that opens a sentence ("Riverside Campus opened in 2009"),
  ``{clause_mid}`` the same inside a sentence ("the trail is 48.5 km long");
- ``{pronoun_clause}`` / ``{pronoun_clause_mid}`` the fact of a pronoun ("It opened in 2009");
- ``{subject}`` the subject's name, ``{class}`` / ``{classes}`` its kind ("campus",
  "campuses");
- ``{other_clause}``, ``{other_clause_mid}``, ``{other_pronoun_clause}``,
  ``{other_pronoun_clause_mid}``: another true fact of the subject.

Each template holds exactly one of the first four slots. Templates come in two splits
(``kgcheck/kb/selftest/templates/``): ``development``, which kgcheck is developed against, and
``held_out``, written by someone who never read kgcheck's code and not read while developing
it: what the self-test reports on it is what generalises.
"""

from __future__ import annotations

import random
import string
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from importlib.resources import files
from pathlib import Path
from typing import Any

import yaml
from rdflib import URIRef

from kgcheck.errors import ConfigError
from kgcheck.kb.selftest.draft import Draft
from kgcheck.kb.selftest.model import Statement
from kgcheck.values.quantities import plural

__all__ = ["SPLITS", "Template", "load_templates", "reply_statements"]

#: The template splits: what kgcheck is developed against, and what it is not.
SPLITS = ("development", "held_out")
_MAIN = ("clause", "clause_mid", "pronoun_clause", "pronoun_clause_mid")
_OTHER = tuple(f"other_{s}" for s in _MAIN)
_SLOTS = frozenset({*_MAIN, *_OTHER, "subject", "class", "classes"})


@dataclass(frozen=True, slots=True)
class Template:
    """One reply template: ``id``, its ``text`` with slots, and its ``split``."""

    id: str
    text: str
    split: str

    @property
    def slots(self) -> frozenset[str]:
        return frozenset(f for _, f, _, _ in string.Formatter().parse(self.text) if f)

    @property
    def needs_other(self) -> bool:
        return bool(self.slots & set(_OTHER))

    @property
    def names_subject(self) -> bool:
        """Whether the reply names the subject (a made-up one must be named, not only referred
        to by a pronoun)."""
        return bool(self.slots & {"subject", "clause", "clause_mid"})

    @property
    def needs_class(self) -> bool:
        return bool(self.slots & {"class", "classes"})


def load_templates(split: str, path: Path | None = None) -> tuple[Template, ...]:
    """The templates of ``split`` (``development``, ``held_out``), or of the YAML file ``path``
    (a list of ``{id, text}``).

    Raises:
        ConfigError: no such split, or a template without an id or text, with an unknown slot,
            or without exactly one of the fact's slots (the message names the file, the
            template and the field).
    """
    if path is None:
        if split not in SPLITS:
            raise ConfigError(f"no template split {split!r} (there are: {', '.join(SPLITS)})")
        resource = files("kgcheck") / "kb" / "selftest" / "templates" / f"{split}.yaml"
        text, where = resource.read_text(encoding="utf-8"), f"{split}.yaml"
    else:
        try:
            text, where = path.read_text(encoding="utf-8"), str(path)
        except OSError as exc:
            raise ConfigError(f"{path}: cannot read the templates ({exc.strerror})") from exc
    try:
        loaded: Any = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{where}: not YAML: {exc}") from exc
    if not isinstance(loaded, list):
        raise ConfigError(f"{where}: a list of templates ({{id, text}}) is expected")
    return tuple(_template(where, i, item, split) for i, item in enumerate(loaded, 1))


def _template(where: str, index: int, item: object, split: str) -> Template:
    if not isinstance(item, dict):
        raise ConfigError(f"{where}: template {index}: a mapping with id and text is expected")
    name = item.get("id")
    ident = str(name) if isinstance(name, str | int) else f"#{index}"
    text = item.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ConfigError(f"{where}: template {ident}: text: a non-empty string is expected")
    try:
        template = Template(ident, text, split)
        slots = template.slots
    except ValueError as exc:
        raise ConfigError(f"{where}: template {ident}: text: {exc}") from exc
    unknown = sorted(slots - _SLOTS)
    if unknown:
        raise ConfigError(
            f"{where}: template {ident}: text: unknown slot {{{unknown[0]}}} "
            f"(slots: {', '.join(sorted(_SLOTS))})"
        )
    main = [f for _, f, _, _ in string.Formatter().parse(text) if f in _MAIN]
    if len(main) != 1:
        raise ConfigError(
            f"{where}: template {ident}: text: one of {{clause}}, {{clause_mid}}, "
            f"{{pronoun_clause}}, {{pronoun_clause_mid}} is expected exactly once "
            f"(found {len(main)})"
        )
    return template


def reply_statements(
    drafts: Sequence[Draft],
    others: dict[URIRef, list[Draft]],
    templates: Sequence[Template],
    rng: random.Random,
) -> Iterator[Statement]:
    """Each draft inside a template chosen with ``rng`` (one that the subject can fill: a kind
    where the template names it, another fact where it asks for one). ``others`` are true
    drafts per subject, the other facts a template may add."""
    for draft in drafts:
        other = [o for o in others.get(draft.fact.subject, []) if o.fact.prop != draft.fact.prop]
        noun = draft.phraser.class_label(draft.fact.subject)
        fits = [
            t
            for t in templates
            if (other or not t.needs_other)
            and (noun is not None or not t.needs_class)
            and (draft.subject is None or t.names_subject)
        ]
        if not fits:
            continue
        template = rng.choice(fits)
        companion = rng.choice(other) if other and template.needs_other else None
        if companion is not None and draft.now is not None:
            companion = replace(companion, phraser=draft.phraser)  # its tense at that clock
        text, span = _fill(template, draft, companion, noun)
        name = f"{template.split}/{template.id}"
        yield draft.statement(text, phrasing="reply", template=name, span=span)


def _fill(
    template: Template, draft: Draft, other: Draft | None, noun: str | None
) -> tuple[str, tuple[int, int]]:
    """The template's text with its slots filled, and the span of the draft's fact in it (from
    the first mention of a made-up subject on)."""
    values = _shapes(draft, "")
    if other is not None:
        values.update(_shapes(other, "other_"))
    values["subject"] = draft.name()
    if noun is not None:
        values["class"] = noun.lower()
        values["classes"] = plural(noun.lower())
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    length = 0
    for literal, field, _, _ in string.Formatter().parse(template.text):
        out.append(literal)
        length += len(literal)
        if field:
            piece = values[field]
            # the fact, and a made-up subject wherever the reply names it
            if field in _MAIN or (field == "subject" and draft.subject is not None):
                spans.append((length, length + len(piece)))
            out.append(piece)
            length += len(piece)
    return "".join(out), (min(a for a, _ in spans), max(b for _, b in spans))


def _shapes(draft: Draft, prefix: str) -> dict[str, str]:
    name = draft.name()
    opening = draft.clause()
    pronoun = draft.clause(pronoun=True)
    mid = opening if opening.startswith(name) else opening[:1].lower() + opening[1:]
    return {
        f"{prefix}clause": opening,
        f"{prefix}clause_mid": mid,
        f"{prefix}pronoun_clause": pronoun,
        f"{prefix}pronoun_clause_mid": pronoun[:1].lower() + pronoun[1:],
    }
