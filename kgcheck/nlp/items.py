"""Binding one item of a reply (a closed-set value, a range) the way numbers are bound.

The items of a reply share what they are bound with: the mentions, predicate matches, claims and
dates of each sentence (:mod:`kgcheck.nlp.anchors`). :class:`ItemBinder` indexes them once per
reply; :meth:`ItemBinder.bind` gives one item's anchor and period.

Usage::

    items = ItemBinder(anchorer, toks, mentions, matches, claims, context, temporals)
    anchor, period = items.bind(i, last, fits=..., fallback=...)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rdflib import URIRef

from kgcheck.nlp.analysis import Claim, Mention
from kgcheck.nlp.anchors import (
    Anchor,
    Anchorer,
    _BySentence,
    _dated_by_sentence,
    _nearest,
    form_tokens,
)
from kgcheck.nlp.lexicon import PredicateMatch
from kgcheck.nlp.ties import Ties
from kgcheck.nlp.tokens import Tok
from kgcheck.values.temporal import TemporalExpression

__all__ = ["ItemBinder"]


class ItemBinder:
    """One reply's sentences, indexed for binding its items."""

    def __init__(
        self,
        anchorer: Anchorer,
        toks: Sequence[Tok],
        mentions: Sequence[Mention],
        matches: Sequence[PredicateMatch],
        claims: Sequence[Claim],
        context: Sequence[str],
        temporals: Sequence[TemporalExpression],
    ) -> None:
        self.anchorer = anchorer
        self.toks = toks
        self.mentions = mentions
        self.context = context
        self.starts = [t.start for t in toks]
        self.local = _BySentence(toks, mentions, matches, claims, ())
        self.dated = _dated_by_sentence(toks, self.starts, temporals)
        self.ties = Ties(toks, mentions, form_tokens(matches))

    def bind(
        self,
        i: int,
        last: int,
        *,
        fits: Callable[[URIRef], bool],
        fallback: Callable[[], list[URIRef]],
        itself: Mention | None = None,
    ) -> tuple[Anchor | None, TemporalExpression | None]:
        """The anchor and period of the item at tokens ``i`` to ``last``; ``itself`` is its own
        mention (no subject of itself: "snow" has no weather)."""
        sent = self.toks[i].sent
        mentions = [m for m in self.local.mentions.get(sent, []) if m is not itself]
        anchor = self.anchorer._anchor(
            self.toks,
            i,
            mentions,
            self.local.matches.get(sent, []),
            self.local.claims.get(sent, []),
            self.context,
            others=[],
            fits=fits,
            fallback=fallback,
            distance=self.local.distance,
            ties=self.ties,
            last=last,
        )
        period = _nearest(self.toks, self.starts, i, self.dated.get(sent, []), last=last)
        return anchor, period
