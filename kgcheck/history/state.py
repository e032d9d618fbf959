"""``DialogueState``: the conversation so far, kept by the caller and read by the checker.

Besides the turns it holds what the checker derived from them, each computed once: the claims of
every turn indexed by (subject, predicate), an entity registry ordered by recency, and sentence
embeddings for finding related sentences.
Claims of assistant turns are the agent's commitments; claims of user turns are facts the user
stated (questions are kept but marked ``asked``).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import numpy as np
import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef

from kgcheck.errors import InputError, InvalidRole, InvalidTime, StateInvalid
from kgcheck.history.claims import ClaimIndex, HistoryClaim, claims_of_turn
from kgcheck.history.embeddings import RelatedSentence, SentenceEncoder, default_encoder
from kgcheck.history.entities import EntityRegistry, Sighting
from kgcheck.history.past import past_from_dict, past_from_history, past_to_dict
from kgcheck.history.rdf import HISTORY_GRAPH, PastClaim, history_claims, history_quads, turn_claims
from kgcheck.kb.terms import rdf_term
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.nlp.speech_acts import mood_of_text
from kgcheck.nlp.text import clean_text
from kgcheck.tools.results import ToolResult
from kgcheck.vocab import KGC

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from kgcheck.report import TurnReport

__all__ = ["ROLES", "DialogueState", "Turn", "parse_time"]

ROLES = ("user", "assistant", "system")
_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


def parse_time(value: str | datetime | None) -> datetime | None:
    """An aware datetime from ISO text (naive times are taken as UTC)."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError as exc:
            raise InvalidTime(f"not an ISO 8601 time: {value!r}") from exc
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


@dataclass
class Turn:
    """One turn: who spoke, what they said, when, and the checker's report when there is one.

    ``analysis``, ``sentences`` (with their ``moods``: ``kgcheck.nlp.speech_acts``) and
    ``embeddings`` are caches the checker fills once. A turn restored from JSON has no analysis:
    ``past`` holds its claims as the rules see them, ``sightings`` its mentions as the entity
    registry took them in. ``saved`` is the session store's: whether the store holds the turn
    (``None``: no), and if so whether with what was recorded of it.
    """

    index: int
    role: str
    text: str
    time: datetime | None = None
    report: TurnReport | None = None
    report_data: dict[str, Any] | None = field(default=None, repr=False)
    analysis: TurnAnalysis | None = field(default=None, repr=False, compare=False)
    recorded: bool = field(default=False, repr=False)
    sentences: list[str] | None = field(default=None, repr=False)
    moods: list[str] | None = field(default=None, repr=False)
    embeddings: NDArray[np.float32] | None = field(default=None, repr=False, compare=False)
    past: list[PastClaim] | None = field(default=None, repr=False, compare=False)
    sightings: list[Sighting] | None = field(default=None, repr=False, compare=False)
    saved: bool | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        report = self.report.to_dict() if self.report is not None else self.report_data
        return {
            "index": self.index,
            "role": self.role,
            "text": self.text,
            "time": None if self.time is None else self.time.isoformat(),
            "report": report,
        }


@dataclass
class DialogueState:
    """The conversation so far.

    Usage::

        state = DialogueState(session_id="s1", now="2026-11-22T10:00:00+00:00")
        state.add_turn("user", "Who leads Analytics?")
    """

    session_id: str = "default"
    now: datetime | str | None = None
    turns: list[Turn] = field(default_factory=list)
    encoder: SentenceEncoder | None = field(default=None, repr=False, compare=False)
    #: The tool calls of the conversation with what they returned, in order
    #: (:meth:`add_tool_result`): evidence the replies are checked against.
    tool_results: list[ToolResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.now = parse_time(self.now)
        self.claims = ClaimIndex()
        self.entities = EntityRegistry()
        turns, self.turns = self.turns, []
        for turn in turns:
            self.add_turn(turn.role, turn.text, time=turn.time, report=turn.report)

    @property
    def reference_time(self) -> datetime | None:
        assert not isinstance(self.now, str)
        return self.now

    def add_turn(
        self,
        role: str,
        text: str,
        *,
        time: datetime | str | None = None,
        report: TurnReport | None = None,
    ) -> Turn:
        """Append a turn; ``role`` is ``user``, ``assistant`` or ``system``."""
        if role not in ROLES:
            raise InvalidRole(f"role must be one of {', '.join(ROLES)}; got {role!r}")
        if not isinstance(text, str):
            raise InputError(f"turn text must be a string, got {type(text).__name__}")
        text = clean_text(text)  # lone surrogates -> U+FFFD, offsets unchanged
        turn = Turn(len(self.turns), role, text, parse_time(time) or self.reference_time, report)
        self.turns.append(turn)
        if report is not None and report.analysis is not None and report.analysis.text == text:
            # the checker analysed exactly this text: no need to analyse it again
            turn.analysis = report.analysis
        return turn

    def add_tool_result(
        self,
        name: str,
        result: Any,
        *,
        arguments: dict[str, Any] | str | None = None,
        schema: dict[str, Any] | None = None,
        kind: str | None = None,
        call_id: str | None = None,
    ) -> ToolResult:
        """Record a tool call the agent made and what it returned (JSON text or the decoded
        value: a list of rows, an object, an object holding a list of rows). ``schema``
        describes the fields (JSON Schema, an OpenAI function definition, SGD slots: see
        :mod:`kgcheck.tools.fields`); ``kind`` names what a row is (default: from ``name``).
        The replies that follow are checked against the latest results
        (:mod:`kgcheck.tools.graph`).

        Raises:
            StateInvalid: ``name`` is empty or ``arguments`` is no JSON object.
        """
        call = ToolResult(
            name,
            result,
            arguments=arguments or {},  # type: ignore[arg-type]
            schema=schema,
            kind=kind,
            call_id=call_id,
        )
        return self.add_call(call)

    def add_call(self, call: ToolResult) -> ToolResult:
        """Record a copy of ``call``, made now (after the turns so far), as
        :meth:`add_tool_result` does."""
        recorded = replace(call, turn=len(self.turns), saved=False)
        self.tool_results.append(recorded)
        return recorded

    # derived data ----------------------------------------------------------------------

    def pending(self) -> list[Turn]:
        """Turns whose claims and entities are not recorded yet, oldest first."""
        return [t for t in self.turns if not t.recorded]

    def record(self, turn: Turn, analysis: TurnAnalysis) -> None:
        """Record what the checker found in ``turn``: claims, entities and sentences."""
        turn.analysis = analysis
        self._index(turn, claims_of_turn(turn.index, turn.role, analysis))
        turn.sightings = self.entities.add_turn(turn.index, turn.role, analysis)
        said = [s for s in analysis.segments if s.text.strip()]
        turn.sentences = [s.text.strip() for s in said]
        turn.moods = [s.mood for s in said]
        turn.recorded = True

    def _index(self, turn: Turn, claims: list[HistoryClaim]) -> None:
        for claim in claims:
            self.claims.add(claim)

    # related sentences -----------------------------------------------------------------

    def related(
        self, sentence: str, k: int = 5, min_similarity: float = 0.3
    ) -> list[RelatedSentence]:
        """Earlier sentences most similar to ``sentence``, with their turn and speaker.

        Each turn is embedded once (its recorded sentences, else the whole text) and cached.

        Raises:
            ModelError: the sentence-embedding model cannot be loaded.
        """
        return self.related_many([sentence], k, min_similarity)[0]

    def related_many(
        self,
        sentences: list[str],
        k: int = 5,
        min_similarity: float = 0.3,
        *,
        encoder: SentenceEncoder | None = None,
    ) -> list[list[RelatedSentence]]:
        """``related`` for several sentences at once: they and the turns not embedded yet go
        through the encoder in one batch. The state's own ``encoder`` comes first, then
        ``encoder`` (the checker's), then the shared default one."""
        if not sentences:
            return []
        encoder = self.encoder or encoder or default_encoder()
        rows: list[tuple[Turn, int]] = []
        new: list[Turn] = []
        for turn in self.turns:
            if turn.sentences is None:
                turn.sentences = [turn.text.strip()] if turn.text.strip() else []
            if not turn.sentences:
                continue
            if turn.embeddings is None:
                new.append(turn)
            rows.extend((turn, i) for i in range(len(turn.sentences)))
        if not rows:
            return [[] for _ in sentences]
        vectors = encoder.encode([s for t in new for s in t.sentences or ()] + sentences)
        start = 0
        for turn in new:
            assert turn.sentences is not None
            turn.embeddings = vectors[start : start + len(turn.sentences)]
            start += len(turn.sentences)
        matrices = [t.embeddings for t in self.turns if t.sentences and t.embeddings is not None]
        scores = np.vstack(matrices) @ vectors[start:].T
        out = []
        for column in range(len(sentences)):
            found = []
            for i in np.argsort(-scores[:, column])[:k]:
                score = float(scores[i, column])
                if score < min_similarity:
                    break
                turn, n = rows[int(i)]
                assert turn.sentences is not None
                text = turn.sentences[n]
                mood = (
                    turn.moods[n]
                    if turn.moods is not None and len(turn.moods) == len(turn.sentences)
                    else mood_of_text(text)
                )
                found.append(RelatedSentence(turn.index, turn.role, text, round(score, 4), mood))
            out.append(found)
        return out

    # serialisation ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: the turns with what was derived from them, so nothing is recomputed."""
        now = self.reference_time
        return {
            "session_id": self.session_id,
            "now": None if now is None else now.isoformat(),
            "turns": [self.turn_dict(turn) for turn in self.turns],
            "entities": self.entities.to_list(),
            "tool_results": [call.to_dict() for call in self.tool_results],
        }

    def turn_dict(self, turn: Turn, *, embeddings: bool = True) -> dict[str, Any]:
        """One turn as ``to_dict`` writes it: its text and report, and what was derived from it
        (claims, sentences, the claims the rules see, entity sightings, embeddings)."""
        data = turn.to_dict()
        data["recorded"] = turn.recorded
        data["claims"] = [c.to_dict() for c in self.claims.of_turn(turn.index)]
        data["sentences"] = turn.sentences
        data["moods"] = turn.moods
        past = turn_claims(turn)
        data["past"] = None if past is None else [past_to_dict(p) for p in past]
        seen = turn.sightings
        data["seen"] = None if seen is None else [s.to_list() for s in seen]
        if embeddings:
            data["embeddings"] = _pack(turn.embeddings)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DialogueState:
        """The inverse of ``to_dict``. Without ``entities`` the registry is rebuilt from the
        turns' sightings; a state written before turns kept their sightings and past claims
        gets them from its registry and claim index.

        Raises:
            InputError: a turn lacks its role or text, has an unknown role, or what was derived
                from it cannot be read.
        """
        state = cls(session_id=data.get("session_id", "default"), now=data.get("now"))
        for n, item in enumerate(data.get("turns", [])):
            try:
                turn = state.add_turn(item["role"], item["text"], time=item.get("time"))
            except (KeyError, TypeError) as exc:
                raise StateInvalid(f"turns[{n}]: expected 'role' and 'text'") from exc
            try:
                state._restore(turn, item)
            except (KeyError, TypeError, ValueError) as exc:
                raise StateInvalid(f"turns[{n}]: cannot be read ({exc!r})") from exc
        for n, item in enumerate(data.get("tool_results") or ()):
            if not isinstance(item, dict):
                raise StateInvalid(f"tool_results[{n}]: expected an object")
            state.tool_results.append(ToolResult.from_dict(item))
        entities = data.get("entities")
        if entities is None:
            for turn in state.turns:
                for sighting in turn.sightings or ():
                    state.entities.see(sighting)
            return state
        state.entities = EntityRegistry.from_list(entities)
        recorded = [t for t in state.turns if t.recorded]
        if recorded and all(t.sightings is None for t in recorded):
            by_turn = state.entities.sightings_by_turn()
            for turn in recorded:
                turn.sightings = by_turn.get(turn.index, [])
        return state

    def _restore(self, turn: Turn, item: dict[str, Any]) -> None:
        turn.report_data = item.get("report")
        turn.sentences = item.get("sentences")
        turn.moods = item.get("moods")
        turn.embeddings = _unpack(item.get("embeddings"))
        past = item.get("past")
        if past is not None:
            turn.past = [past_from_dict(turn.index, turn.role, p) for p in past]
        seen = item.get("seen")
        if seen is not None:
            turn.sightings = [Sighting.from_list(turn.index, s) for s in seen]
        if item.get("recorded"):
            claims = [HistoryClaim.from_dict(c) for c in item.get("claims", [])]
            self._index(turn, claims)
            turn.recorded = True
            if turn.past is None:
                turn.past = past_from_history(claims)

    def to_rdf(self) -> Graph:
        """The claims of the earlier turns as the rules see them in ``<urn:kgcheck:history>``
        (``kgc:Claim`` with subject, predicate, object, polarity, hedged, text, turn index and
        speaker: :mod:`kgcheck.history.rdf`); questions are left out. A turn read with
        ``from_dict`` counts with the claims kept for it (``Turn.past``)."""
        graph = Graph(identifier=URIRef(HISTORY_GRAPH))
        graph.bind("kgc", str(KGC._NS))
        for q in history_quads(history_claims(self)):
            graph.add((_rdflib(q.subject), _rdflib(q.predicate), _rdflib(q.object)))
        return graph


def _rdflib(term: object) -> URIRef | BNode | Literal:
    """An rdflib term for a pyoxigraph one (a string as a plain literal)."""
    if isinstance(term, ox.Literal) and not term.language and term.datatype.value == _XSD_STRING:
        return Literal(term.value)
    if isinstance(term, (ox.NamedNode, ox.BlankNode, ox.Literal)):
        return rdf_term(term)  # type: ignore[return-value]
    raise TypeError(f"not an RDF term: {term!r}")


def _pack(vectors: NDArray[np.float32] | None) -> dict[str, Any] | None:
    if vectors is None:
        return None
    array = np.ascontiguousarray(vectors, dtype=np.float32)
    return {"shape": list(array.shape), "float32": base64.b64encode(array.tobytes()).decode()}


def _unpack(data: dict[str, Any] | None) -> NDArray[np.float32] | None:
    if not data:
        return None
    raw = base64.b64decode(data["float32"])
    return np.frombuffer(raw, dtype=np.float32).reshape(data["shape"]).copy()
