"""Claims of earlier turns as plain JSON, so that a restored conversation gives the rules the
history it gave them before (``history_claims``: the ``<urn:kgcheck:history>`` graph and the
rules' history facts).

A turn checked in this process has its ``TurnAnalysis``; a turn read back from JSON has only
what :func:`past_to_dict` kept of each claim: subject IRI and text, predicate, object (IRI, or
text with its parsed value and datatype), polarity, hedging, certainty, span, sentence and form.
The mentions behind the claim are not kept. A state saved before these were kept has its claim
index alone; :func:`past_from_history` rebuilds what it can from that.

Usage::

    data = [past_to_dict(p) for p in turn_claims(turn) or ()]
    turn.past = [past_from_dict(turn.index, turn.role, item) for item in data]
"""

from __future__ import annotations

from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from kgcheck.history.claims import HistoryClaim
from kgcheck.history.rdf import PastClaim
from kgcheck.nlp.analysis import Claim, ClaimObject, Mention
from kgcheck.periods import Granularity, Interval
from kgcheck.types import Span

__all__ = ["decode_value", "encode_value", "past_from_dict", "past_from_history", "past_to_dict"]

_XSD = "http://www.w3.org/2001/XMLSchema#"
_NO_SPAN = Span(0, 0)


def encode_value(value: object) -> dict[str, Any] | None:
    """A claim object's parsed value as ``{type: JSON}`` (``None`` for none)."""
    match value:
        case None:
            return None
        case bool():
            return {"bool": value}
        case int():
            return {"int": value}
        case float():
            return {"float": value}
        case Decimal():
            return {"decimal": str(value)}
        case datetime():
            return {"datetime": value.isoformat()}
        case date():
            return {"date": value.isoformat()}
        case time():
            return {"time": value.isoformat()}
        case Interval():
            return {
                "interval": [
                    value.start.isoformat(),
                    value.end.isoformat(),
                    value.granularity.name,
                    value.has_date,
                ]
            }
        case _:
            return {"str": str(value)}


def decode_value(data: dict[str, Any] | None) -> object:
    """The inverse of :func:`encode_value`.

    Raises:
        ValueError: an unknown type, or a value that does not parse.
    """
    if not data:
        return None
    ((kind, raw),) = data.items()
    match kind:
        case "bool" | "int" | "float" | "str":
            return raw
        case "decimal":
            return Decimal(raw)
        case "datetime":
            return datetime.fromisoformat(raw)
        case "date":
            return date.fromisoformat(raw)
        case "time":
            return time.fromisoformat(raw)
        case "interval":
            start, end, granularity, has_date = raw
            return Interval(
                datetime.fromisoformat(start),
                datetime.fromisoformat(end),
                Granularity[granularity],
                has_date,
            )
    raise ValueError(f"unknown value type {kind!r}")


def past_to_dict(past: PastClaim) -> dict[str, Any]:
    """One claim of an earlier turn as JSON (its turn and speaker are the turn's)."""
    c, obj = past.claim, past.claim.object
    return {
        "index": c.index,
        "subject": c.subject_iri,
        "subject_text": c.subject.text,
        "predicate": c.predicate,
        "object": {
            "text": obj.text,
            "iri": obj.iri,
            "value": encode_value(obj.value),
            "datatype": obj.datatype,
        },
        "polarity": c.polarity,
        "hedged": c.hedged,
        "certain": c.certain,
        "span": [c.span.start, c.span.end],
        "segment": c.segment,
        "form": c.form,
        "sentence": past.sentence,
    }


def past_from_dict(turn: int, speaker: str, data: dict[str, Any]) -> PastClaim:
    """The inverse of :func:`past_to_dict`.

    Raises:
        KeyError, TypeError, ValueError: ``data`` is not what ``past_to_dict`` writes.
    """
    obj = data["object"]
    iri = data["subject"]
    subject = Mention(
        _NO_SPAN, data["subject_text"], "entity" if iri else "name", data["segment"], 0, 0, iri
    )
    claim = Claim(
        subject=subject,
        subject_iri=iri,
        predicate=data["predicate"],
        object=ClaimObject(
            _NO_SPAN, obj["text"], obj["iri"], decode_value(obj["value"]), obj["datatype"]
        ),
        polarity=bool(data["polarity"]),
        hedged=bool(data["hedged"]),
        certain=bool(data["certain"]),
        span=Span(*data["span"]),
        segment=data["segment"],
        form=data["form"],
        index=data["index"],
    )
    return PastClaim(turn, speaker, claim, data["sentence"])


def past_from_history(claims: list[HistoryClaim]) -> list[PastClaim]:
    """What the rules can still see of a turn restored from a state saved without its past
    claims: its indexed claims (questions left out), with the subject when it is a KB entity,
    the object as an IRI, a number, a date or text, and no hedging (the index does not say)."""
    out = []
    for n, h in enumerate(claims):
        if h.asked:
            continue
        known = not h.subject.startswith(("conv:", "speaker:"))
        kind, _, rest = h.object.partition(":")
        value: object = None
        datatype = None
        iri = None
        if kind == "num":
            value, datatype = Decimal(rest), _XSD + "decimal"
        elif kind == "date":
            value = datetime.fromisoformat(rest) if "T" in rest else date.fromisoformat(rest)
            datatype = _XSD + ("dateTime" if "T" in rest else "date")
        elif kind != "text":
            iri = h.object
        subject = Mention(_NO_SPAN, h.subject_text, "entity" if known else "name", 0, 0, 0)
        claim = Claim(
            subject=subject,
            subject_iri=h.subject if known else None,
            predicate=h.predicate,
            object=ClaimObject(_NO_SPAN, h.object_text, iri, value, datatype),
            polarity=h.polarity,
            hedged=False,
            certain=False,
            span=_NO_SPAN,
            segment=0,
            form="",
            index=n,
        )
        out.append(PastClaim(h.turn, h.role, claim, h.sentence))
    return out
