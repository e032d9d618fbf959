"""Claims of earlier turns, indexed by (subject, predicate) for constant-time lookup."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from kgcheck.kb.normalize import normalize
from kgcheck.nlp.analysis import Claim, Mention, TurnAnalysis
from kgcheck.nlp.vocabulary import is_question

__all__ = [
    "ASSISTANT",
    "USER",
    "ClaimIndex",
    "HistoryClaim",
    "claims_of_turn",
    "object_key",
    "subject_key",
]

#: Subject keys of the two speakers, for claims such as "my office is room 401".
USER = "speaker:user"
ASSISTANT = "speaker:assistant"


def subject_key(mention: Mention, role: str) -> str | None:
    """A stable key for what a claim is about: a KB IRI, a speaker, or a conversation-only name."""
    if mention.iri is not None:
        return mention.iri
    if mention.kind == "speaker":
        own = mention.text.lower() in {"i", "me", "my", "mine", "we", "our"}
        speaker_is_user = role == "user"
        return USER if own == speaker_is_user else ASSISTANT
    if mention.kind == "name":
        return f"conv:{normalize(mention.text)}"
    if mention.kind == "pronoun" and mention.candidates:
        return f"conv:{normalize(mention.candidates[0])}"
    return None


def object_key(claim: Claim) -> str:
    """A comparable form of a claim's object: its IRI, or its value normalised."""
    obj = claim.object
    if obj.iri is not None:
        return obj.iri
    value = obj.value
    if isinstance(value, Decimal | int | float) and not isinstance(value, bool):
        return f"num:{Decimal(str(value)).normalize()}"
    if isinstance(value, datetime | date):
        return f"date:{value.isoformat()}"
    return f"text:{normalize(obj.text, drop_titles=False)}"


@dataclass(frozen=True, slots=True)
class HistoryClaim:
    """A claim made in an earlier turn: who said it, where, and what."""

    turn: int
    role: str
    sentence: str
    subject: str
    subject_text: str
    predicate: str
    object: str
    object_text: str
    polarity: bool
    asked: bool

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HistoryClaim:
        return cls(**data)


def claims_of_turn(turn: int, role: str, analysis: TurnAnalysis) -> list[HistoryClaim]:
    """The claims of one turn, ready for the index (questions are kept, marked ``asked``)."""
    out = []
    for claim in analysis.claims:
        key = subject_key(claim.subject, role)
        if key is None:
            continue
        sentence = analysis.segments[claim.segment].text if analysis.segments else analysis.text
        out.append(
            HistoryClaim(
                turn=turn,
                role=role,
                sentence=sentence.strip(),
                subject=key,
                subject_text=claim.subject.text,
                predicate=claim.predicate,
                object=object_key(claim),
                object_text=claim.object.text,
                polarity=claim.polarity,
                asked=is_question(sentence),
            )
        )
    return out


class ClaimIndex:
    """Earlier claims by ``(subject, predicate)``: a reply claim finds its peers without a scan."""

    def __init__(self) -> None:
        self._by_key: dict[tuple[str, str], list[HistoryClaim]] = defaultdict(list)
        self._by_turn: dict[int, list[HistoryClaim]] = defaultdict(list)
        self._all: list[HistoryClaim] = []

    def __len__(self) -> int:
        return len(self._all)

    def __iter__(self) -> Iterator[HistoryClaim]:
        return iter(self._all)

    def add(self, claim: HistoryClaim) -> None:
        self._by_key[(claim.subject, claim.predicate)].append(claim)
        self._by_turn[claim.turn].append(claim)
        self._all.append(claim)

    def about(self, subject: str, predicate: str) -> list[HistoryClaim]:
        """Earlier claims with this subject and predicate, oldest first."""
        return list(self._by_key.get((subject, predicate), ()))

    def of_turn(self, turn: int) -> list[HistoryClaim]:
        return list(self._by_turn.get(turn, ()))
