"""Safe edits of a reply: what a correction or a removal may touch, and how it reads.

An edit touches only the false value. A correction that would replace the subject several
coordinated claims share ("Dr. Patel leads Cardiology and Oncology") would change the true
conjuncts too, so it is not made; a removal drops the false conjunct ("and Oncology") where the
sentence coordinates several objects, else the sentence; a number written in place of another
brings its noun into agreement ("1 platform", "3 platforms").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from kgcheck.nlp.analysis import Claim, TurnAnalysis
from kgcheck.types import Flag, Span

if TYPE_CHECKING:
    import inflect

__all__ = ["agree_count", "removal_span", "shares_span_with_other_claims"]

_NUMBER = re.compile(r"^\s*(?P<sign>[-+]?)(?P<digits>\d[\d,]*(?:\.\d+)?)\s*$")
_NEXT_WORD = re.compile(r"^(?P<space>\s+)(?P<word>[A-Za-z][a-z]+)\b")
#: Words that end no compound noun.
_FUNCTION_WORDS = frozenset(
    ["of", "and", "or", "to", "in", "on", "at", "for", "by", "with", "from", "than", "per",
     "is", "are", "was", "were", "the", "a", "an", "am", "pm", "ago", "each", "this", "its"]
)  # fmt: skip
#: Words after a number that are not the noun it counts.
_NOT_NOUNS = frozenset(
    ["of", "and", "or", "to", "in", "on", "at", "for", "by", "with", "from", "more", "less",
     "than", "times", "percent", "per", "is", "are", "was", "were", "the", "a", "an", "am",
     "pm", "st", "nd", "rd", "th", "days", "ago", "out", "each", "extra", "other", "new",
     "old", "big", "small", "large", "main", "as", "so", "but", "this", "that", "these",
     "those", "we", "you", "they", "it", "he", "she"]
)  # fmt: skip
#: What joins two coordinated objects: ", ", " and ", ", and ", " or ", " as well as ".
_JOIN = re.compile(r"\s*(?:,?\s*(?:and|or|as well as)\s+|,\s*)(?:(?:the|a|an)\s+)?", re.I)


@lru_cache(maxsize=1)
def _engine() -> inflect.engine:
    import inflect  # about 2 s to import: only when a correction is first written

    return inflect.engine()


def agree_count(text: str, span: Span, replacement: str) -> tuple[Span, str]:
    """The edit that writes ``replacement`` over ``span`` of ``text``, widened over the noun
    after it when the number changes between one and several: "has 3 platforms" corrected to 1
    reads "has 1 platform", "1 berth" corrected to 3 reads "3 berths"."""
    new = _NUMBER.match(replacement)
    old = _NUMBER.match(text[span.start : span.end])
    after = _NEXT_WORD.match(text[span.end :])
    if new is None or old is None or after is None:
        return span, replacement
    word = after.group("word")
    if word.lower() in _NOT_NOUNS:
        return span, replacement
    one = new.group("digits") == "1"
    if one == (old.group("digits") == "1"):
        return span, replacement
    engine = _engine()
    second = _NEXT_WORD.match(text[span.end + after.end() :])
    if (
        second is not None
        and second.group("word").lower() not in _FUNCTION_WORDS
        and not engine.singular_noun(word)
        and engine.singular_noun(second.group("word"))
    ):
        # "1 business days": the plural noun the compound ends on is the count's; changed
        # there, or nowhere
        return _agree_head(text, span, replacement, after.end(), second, one, engine)
    if one:
        singular = engine.singular_noun(word)
        if not singular:
            return span, replacement
        noun = str(singular)
    else:
        if engine.singular_noun(word):
            return span, replacement  # already plural
        noun = str(engine.plural_noun(word))
    if noun == word:
        return span, replacement
    end = span.end + after.end()
    return Span(span.start, end), f"{replacement}{after.group('space')}{noun}"


def _agree_head(
    text: str,
    span: Span,
    replacement: str,
    gap: int,
    head: re.Match[str],
    one: bool,
    engine: inflect.engine,
) -> tuple[Span, str]:
    """The edit of :func:`agree_count` where the count's noun is a compound whose last word
    (``head``, after ``gap`` characters) is plural: "3 business days" corrected to 1 reads
    "1 business day"; "1 business days" corrected to 3 is left as it reads."""
    if not one:
        return span, replacement
    noun = engine.singular_noun(head.group("word"))
    if not noun:
        return span, replacement
    start = span.end + gap
    end = start + head.end()
    return Span(span.start, end), (
        f"{replacement}{text[span.end : start]}{head.group('space')}{noun}"
    )


def _claim(analysis: TurnAnalysis, flag: Flag) -> Claim | None:
    if flag.claim_index is None or flag.claim_index >= len(analysis.claims):
        return None
    return analysis.claims[flag.claim_index]


def shares_span_with_other_claims(analysis: TurnAnalysis, flag: Flag) -> bool:
    """Whether ``flag``'s correction, made for one claim, would rewrite words another claim of
    the reply rests on (its subject or its object): it would change a true conjunct too. A
    flag on a name itself (a typo of a KB name) is no claim's, and its correction is safe
    wherever the name stands."""
    span = flag.correction_span
    own = _claim(analysis, flag)
    if span is None or own is None:
        return False
    return any(
        claim.index != own.index
        and (claim.subject.span.overlaps(span) or claim.object.span.overlaps(span))
        for claim in analysis.claims_in(own.segment)
    )


def removal_span(analysis: TurnAnalysis, flag: Flag) -> Span:
    """The smallest part of the reply that removing ``flag``'s problem takes: the false
    conjunct with its coordinator where the claim's object is one of several coordinated with
    the same subject ("leads Cardiology and Oncology" -> "leads Cardiology"); else the sentence,
    with the spaces after it."""
    text = analysis.text
    # a flag on a name ("the Coral Loop" does not exist) removes the claim it is the object of
    own = _claim(analysis, flag) or next(
        (c for c in analysis.claims if c.object.span == flag.span), None
    )
    if own is not None:
        span = _conjunct(analysis, own)
        if span is not None:
            return span
    for seg in analysis.segments:
        if seg.span.overlaps(flag.span) or seg.span.contains(flag.span):
            end = seg.span.end
            while end < len(text) and text[end] == " ":
                end += 1
            return Span(seg.span.start, end)
    return flag.span


def _conjunct(analysis: TurnAnalysis, own: Claim) -> Span | None:
    """The object of ``own`` and the coordinator that joins it to a sibling's object."""
    text = analysis.text
    siblings = sorted(
        (
            c
            for c in analysis.claims_in(own.segment)
            if c.index != own.index
            and c.subject.span == own.subject.span
            and c.predicate == own.predicate
            and not c.object.span.overlaps(own.object.span)
        ),
        key=lambda c: c.object.span.start,
    )
    obj = own.object.span
    before = [c for c in siblings if c.object.span.end <= obj.start]
    after = [c for c in siblings if c.object.span.start >= obj.end]
    # "Cardiology and Oncology": drop " and Oncology"
    if before and _JOIN.fullmatch(text[before[-1].object.span.end : obj.start]):
        return Span(before[-1].object.span.end, obj.end)
    # "Oncology and Cardiology": drop "Oncology and "
    if after and _JOIN.fullmatch(text[obj.end : after[0].object.span.start]):
        return Span(obj.start, after[0].object.span.start)
    return None
