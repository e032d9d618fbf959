"""``contradicts_prior``: a reply claim conflicts with a claim made earlier in the conversation.

Same subject and a functional predicate (or an open attribute such as "my office") with another
value, or the same statement with the opposite polarity. Restating is not a conflict, nor is a
reply the KB itself supports. The evidence quotes the earlier turn; the correction is the earlier
value when the user stated it or the KB supports it.

With an NLI model, the reply sentences that the KB and the history cannot decide (with
``nli.corroborate``, also those already flagged) are also compared with the earlier sentences
most similar to them (either speaker's; the user's put from the assistant's side, "I" as "you"):
a contradiction the model finds joins the symbolic flag on that sentence as evidence, or becomes
a flag of its own.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from rdflib import URIRef
from rdflib.namespace import RDF

from kgcheck.detectors.base import DetectionContext, ModelDetector
from kgcheck.detectors.model_checks import (
    add_finding,
    claim_in,
    kb_decided,
    model_evidence,
    premise_states,
    restates,
    statements,
    worth_asking,
)
from kgcheck.errors import ModelError
from kgcheck.history.claims import HistoryClaim, object_key, subject_key
from kgcheck.history.embeddings import RelatedSentence
from kgcheck.kb.values import matches
from kgcheck.nli.batch import NliRequest
from kgcheck.nli.perspective import from_other_side
from kgcheck.nli.scorer import NliScores, contradicts
from kgcheck.nlp.analysis import Claim, Segment
from kgcheck.nlp.attributes import is_attribute
from kgcheck.nlp.speech_acts import mood_of_text
from kgcheck.types import Evidence, Flag, FlagType

__all__ = ["ContradictsPriorDetector"]


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: How decisive an earlier statement of the user (or one the KB supports) is.
    trusted_strength: float = 1.0
    #: How decisive an earlier commitment of the assistant that nothing else supports is.
    commitment_strength: float = 0.6
    #: Compare reply sentences with earlier ones with the NLI model (``nli:`` settings).
    nli: bool = True
    #: A contradiction found by the model alone is flagged with confidence P(contradiction)
    #: times this: evidence a person may look at, never grounds to rewrite the reply.
    model_strength: float = Field(default=0.45, ge=0.0, le=1.0)


class ContradictsPriorDetector(ModelDetector):
    name = "contradicts_prior"
    flag_type = FlagType.CONTRADICTS_PRIOR
    Params = _Params

    def ask(self, ctx: DetectionContext) -> tuple[list[Flag], NliRequest | None]:
        flags = []
        for claim in ctx.analysis.claims:
            key = subject_key(claim.subject, "assistant")
            if key is None or self._kb_supports(ctx, claim):
                continue
            for earlier in reversed(ctx.state.claims.about(key, claim.predicate)):
                if earlier.asked:
                    continue
                conflict = self._conflict(ctx, claim, earlier)
                if conflict is not None:
                    flags.append(self._flag(ctx, claim, earlier, conflict))
                    break
        params = self.params
        assert isinstance(params, _Params)
        if params.nli and ctx.nli is not None and ctx.state.turns:
            return flags, self._nli(ctx, flags)
        return flags, None

    @staticmethod
    def _history_decided(ctx: DetectionContext, segment: Segment) -> bool:
        """Whether the conversation already has a claim with the subject and property of a
        claim in ``segment``: the symbolic comparison decided it."""
        for claim in ctx.analysis.claims:
            key = subject_key(claim.subject, "assistant")
            if (
                claim.segment == segment.index
                and key is not None
                and any(not e.asked for e in ctx.state.claims.about(key, claim.predicate))
            ):
                return True
        return False

    @staticmethod
    def _premise(earlier: RelatedSentence) -> str:
        """The earlier sentence as the assistant would say it: the user's "I" is "you"."""
        return from_other_side(earlier.sentence) if earlier.speaker == "user" else earlier.sentence

    def _earlier(
        self, ctx: DetectionContext, sentences: list[Segment]
    ) -> list[list[RelatedSentence]]:
        """The earlier sentences to compare each reply sentence with: the most similar ones,
        else (no embedding model) the last ones."""
        cfg = ctx.nli_settings
        try:
            return ctx.state.related_many(
                [s.text for s in sentences],
                cfg.history_pairs,
                cfg.min_similarity,
                encoder=ctx.encoder,
            )
        except ModelError as exc:
            note = (
                f"{self.name}: no sentence embeddings ({exc.message}); NLI compares the last turns"
            )
            if note not in ctx.notes:
                ctx.notes.append(note)
        recent = [
            RelatedSentence(t.index, t.role, sentence, 0.0, mood)
            for t in reversed(ctx.state.turns)
            for sentence, mood in zip(
                t.sentences or [t.text],
                t.moods
                if t.moods is not None and t.sentences and len(t.moods) == len(t.sentences)
                else [mood_of_text(x) for x in t.sentences or [t.text]],
                strict=True,
            )
        ][: cfg.history_pairs]
        return [recent for _ in sentences]

    def _nli(self, ctx: DetectionContext, flags: list[Flag]) -> NliRequest | None:
        """What to ask the model: the reply sentences the KB and the history cannot decide
        (``worth_asking``) against the earlier sentences related to each."""
        cfg = ctx.nli_settings
        sentences = [
            s
            for s in statements(ctx.analysis, cfg.max_sentences)
            if worth_asking(ctx, flags, s, kb_decided(ctx, s) or self._history_decided(ctx, s))
        ]
        if not sentences or cfg.history_pairs == 0:
            return None
        candidates = [
            (segment, earlier, premise)
            for segment, related in zip(sentences, self._earlier(ctx, sentences), strict=True)
            for earlier in related
            if premise_states(earlier.sentence, earlier.mood, earlier.speaker)
            and not restates(premise := self._premise(earlier), segment.text)
        ]

        def answer(scores: list[NliScores]) -> None:
            best: dict[int, tuple[Segment, RelatedSentence, NliScores]] = {}
            for (segment, earlier, _), score in zip(candidates, scores, strict=True):
                if contradicts(score, cfg.contradiction_threshold) and (
                    segment.index not in best
                    or score.contradiction > best[segment.index][2].contradiction
                ):
                    best[segment.index] = (segment, earlier, score)
            for segment, earlier, score in best.values():
                add_finding(
                    self,
                    ctx,
                    flags,
                    segment,
                    model_evidence(
                        f"turn {earlier.turn} ({earlier.speaker})", earlier.sentence, score
                    ),
                    claim=claim_in(ctx.analysis, segment),
                    message=f"Turn {earlier.turn} ({earlier.speaker}) said otherwise: "
                    f"{earlier.sentence}",
                    suggestion=f'Reconcile with turn {earlier.turn}: "{earlier.sentence}"',
                    kb_strength=self._model_strength() * score.contradiction,
                    history_strength=score.contradiction,
                )

        return NliRequest([(premise, s.text) for s, _, premise in candidates], answer)

    def _model_strength(self) -> float:
        params = self.params
        assert isinstance(params, _Params)
        return params.model_strength

    def _conflict(self, ctx: DetectionContext, claim: Claim, earlier: HistoryClaim) -> str | None:
        same_value = object_key(claim) == earlier.object
        if same_value:
            return "polarity" if claim.polarity != earlier.polarity else None
        if not (claim.polarity and earlier.polarity):
            return None
        p = URIRef(claim.predicate)
        onto = ctx.kb.ontology
        if claim.predicate == str(RDF.type) and claim.object.iri is not None:
            disjoint = onto.disjoint_with({URIRef(earlier.object)})
            return "disjoint" if URIRef(claim.object.iri) in disjoint else None
        if p in onto.functional or is_attribute(claim.predicate):
            return "value"
        return None

    def _kb_supports(self, ctx: DetectionContext, claim: Claim) -> bool:
        """A reply the KB confirms is right, whatever was said before."""
        if claim.subject_iri is None or not claim.polarity:
            return False
        values = ctx.kb.values(URIRef(claim.subject_iri), URIRef(claim.predicate))
        return any(matches(claim.object.stated, claim.object.iri, v) for v in values)

    def _trusted(self, ctx: DetectionContext, earlier: HistoryClaim) -> bool:
        if earlier.role in {"user", "system"}:
            return True
        if earlier.subject.startswith(("conv:", "speaker:")) or not earlier.polarity:
            return False
        values = ctx.kb.values(URIRef(earlier.subject), URIRef(earlier.predicate))
        if earlier.object.startswith(("num:", "date:", "text:")):
            return any(matches(earlier.object_text, None, v) for v in values)
        return URIRef(earlier.object) in values

    def _flag(
        self, ctx: DetectionContext, claim: Claim, earlier: HistoryClaim, conflict: str
    ) -> Flag:
        params = self.params
        assert isinstance(params, _Params)
        trusted = self._trusted(ctx, earlier)
        who = "you" if earlier.role == "user" else "I" if earlier.role == "assistant" else "we"
        quote = f'turn {earlier.turn} ({earlier.role}): "{earlier.sentence}"'
        if conflict == "polarity":
            message = (
                f"Turn {earlier.turn} said the opposite: {earlier.sentence}"
                if earlier.polarity
                else f"Turn {earlier.turn} denied this: {earlier.sentence}"
            )
        else:
            message = (
                f"Earlier ({who}, turn {earlier.turn}) it was {earlier.object_text}, "
                f"not {claim.object.text}"
            )
        correction = earlier.object_text if trusted and conflict == "value" else None
        return self.flag(
            span=claim.span,
            content=ctx.analysis.text[claim.span.start : claim.span.end],
            message=message,
            evidence=[Evidence("history", quote)],
            suggestion=None if correction else f"Reconcile with {quote}",
            correction=correction,
            correction_span=claim.object.span if correction else None,
            focus=claim.subject_iri,
            kb_strength=0.5,
            history_strength=params.trusted_strength if trusted else params.commitment_strength,
            claim_index=claim.index,
        )
