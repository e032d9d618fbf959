"""The conversation's entity registry: what earlier turns were about, most recent first."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from kgcheck.kb.normalize import normalize
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.nlp.vocabulary import is_question

__all__ = ["EntityRecord", "EntityRegistry", "Sighting"]

#: An ambiguous name with at most this many candidates makes each of them salient.
_MAX_CANDIDATES = 4


@dataclass(slots=True)
class EntityRecord:
    """An entity the conversation mentioned: a KB IRI or a conversation-only name."""

    key: str
    iri: str | None
    name: str
    first_turn: int
    last_turn: int
    mentions: int = 1
    class_hint: str | None = None
    roles: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Sighting:
    """One mention of an entity in one turn, as the registry takes it in: replaying a
    conversation's sightings in turn order rebuilds its registry (the session store keeps each
    turn's sightings with the turn, not the registry)."""

    key: str
    iri: str | None
    name: str
    turn: int
    role: str
    class_hint: str | None = None

    def to_list(self) -> list[Any]:
        """``[key, iri, name, role, class_hint]``: the turn is the one the list is stored with."""
        return [self.key, self.iri, self.name, self.role, self.class_hint]

    @classmethod
    def from_list(cls, turn: int, item: list[Any]) -> Sighting:
        key, iri, name, role, hint = item
        return cls(key, iri, name, turn, role, hint)


class EntityRegistry:
    """Mentions of earlier turns linked to KB IRIs or to conversation-only entities.

    Salience is recency: the entity mentioned last comes first, so pronouns and short names in a
    reply resolve to what the conversation was just about. Within a sentence the first mention
    (the subject, or what stands for it) counts as the latest, and a pronoun or "the department"
    resolved to an entity counts as a mention of it ("How do I call her?" keeps her salient).
    """

    def __init__(self) -> None:
        self._records: dict[str, EntityRecord] = {}
        self._order: list[str] = []

    def __len__(self) -> int:
        return len(self._records)

    def get(self, key: str) -> EntityRecord | None:
        return self._records.get(key)

    def add_turn(self, turn: int, role: str, analysis: TurnAnalysis) -> list[Sighting]:
        """Record the mentions of a turn, and return them as sightings. A name met only in a
        question ("What is Dr. Brooks's extension?") is recorded under the role ``<role>?``:
        asking about someone does not say they exist."""
        seen = _sightings(turn, role, analysis)
        for sighting in seen:
            self.see(sighting)
        return seen

    def see(self, sighting: Sighting) -> None:
        """Take in one mention: the entity becomes the most salient."""
        s = sighting
        record = self._records.get(s.key)
        if record is None:
            record = EntityRecord(s.key, s.iri, s.name, s.turn, s.turn, 0, s.class_hint)
            self._records[s.key] = record
        record.last_turn = s.turn
        record.mentions += 1
        record.class_hint = record.class_hint or s.class_hint
        if s.role not in record.roles:
            record.roles.append(s.role)
        if s.key in self._order:
            self._order.remove(s.key)
        self._order.append(s.key)

    def salient(self, limit: int = 20) -> list[EntityRecord]:
        """The most recently mentioned entities, most recent first."""
        return [self._records[k] for k in reversed(self._order[-limit:])]

    def salient_iris(self, limit: int = 20) -> tuple[str, ...]:
        return tuple(r.iri for r in self.salient(limit) if r.iri is not None)

    def salient_keys(self, limit: int = 20) -> tuple[str, ...]:
        """KB IRIs and ``conv:<name>`` keys, most recent first: the linker's context."""
        return tuple(r.key for r in self.salient(limit))

    def mentioned_by_user(self, name: str) -> bool:
        """Whether the user (or the system prompt) named this entity, even in a question."""
        record = self.find_name(name)
        return record is not None and bool(
            {"user", "system", "user?", "system?"} & set(record.roles)
        )

    def introduced_by_user(self, name: str) -> bool:
        """Whether the user (or the system prompt) stated something about this name, rather
        than only asking about it."""
        record = self.find_name(name)
        return record is not None and bool({"user", "system"} & set(record.roles))

    def find_name(self, name: str) -> EntityRecord | None:
        """The conversation-only entity a name refers to: the same name, or part of one
        ("Karen" after "Karen Whitfield"), the most recent first."""
        key = normalize(name)
        exact = self._records.get(f"conv:{key}")
        if exact is not None or not key:
            return exact
        wanted = set(key.split())
        for record_key in reversed(self._order):
            if record_key.startswith("conv:") and wanted <= set(record_key[5:].split()):
                return self._records[record_key]
        return None

    def to_list(self) -> list[dict[str, Any]]:
        return [self._records[k].to_dict() for k in self._order]

    @classmethod
    def from_list(cls, items: list[dict[str, Any]]) -> EntityRegistry:
        registry = cls()
        for item in items:
            record = EntityRecord(**item)
            registry._records[record.key] = record
            registry._order.append(record.key)
        return registry

    def sightings_by_turn(self) -> dict[int, list[Sighting]]:
        """Sightings that rebuild this registry when replayed in turn order, by turn: for a
        registry read from a list (``from_list``), whose turns' own sightings are not known.
        The rebuilt registry is the same when the turns were recorded oldest first."""
        out: dict[int, list[Sighting]] = {}
        for key in self._order:
            r = self._records[key]
            roles = r.roles or ["user"]
            seen = [Sighting(key, r.iri, r.name, r.first_turn, roles[0], r.class_hint)]
            seen += [Sighting(key, r.iri, r.name, r.last_turn, role) for role in roles[1:]]
            seen += [Sighting(key, r.iri, r.name, r.last_turn, roles[0])] * (r.mentions - len(seen))
            for sighting in seen:
                out.setdefault(sighting.turn, []).append(sighting)
        return out


def _sightings(turn: int, role: str, analysis: TurnAnalysis) -> list[Sighting]:
    first: dict[int, int] = {}
    for m in analysis.mentions:
        first.setdefault(m.segment, m.token_start)
    # the subject of the last sentence ends up the most salient
    ordered = sorted(
        analysis.mentions, key=lambda m: (m.segment, first[m.segment] == m.token_start)
    )
    out = []
    for m in ordered:
        sentence = analysis.segments[m.segment].text if analysis.segments else analysis.text
        said_by = f"{role}?" if is_question(sentence) else role
        if m.kind == "entity" and m.how == "value":
            continue  # "in London" of the Ace Hotel London: a value, not what is talked about
        if m.kind in {"entity", "pronoun"} and m.iri is not None:
            name = m.text if m.kind == "entity" else m.candidates[0] if m.candidates else m.iri
            out.append(Sighting(m.iri, m.iri, name, turn, said_by, m.class_hint))
        elif m.kind == "ambiguous" and len(m.candidates) <= _MAX_CANDIDATES:
            # "my meeting" with two meetings: both are what the conversation is about
            out.extend(
                Sighting(iri, iri, m.text, turn, said_by, m.class_hint) for iri in m.candidates
            )
        elif m.kind == "name":
            out.append(
                Sighting(f"conv:{normalize(m.text)}", None, m.text, turn, said_by, m.class_hint)
            )
    return out
