"""Claims of earlier turns as JSON: what the rules see of a restored turn is what they saw."""

from __future__ import annotations

import json
from datetime import date, datetime, time
from decimal import Decimal

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.history.past import decode_value, encode_value, past_from_dict, past_to_dict
from kgcheck.history.rdf import history_quads, turn_claims
from kgcheck.periods import Granularity, Interval
from tests.conftest import NOW


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        7,
        2.5,
        Decimal("4850000"),
        Decimal("1E+3"),
        date(2025, 3, 14),
        datetime(2025, 3, 14, 9, 30),
        time(17, 30),
        Interval(datetime(2025, 4, 1), datetime(2025, 7, 1), Granularity.QUARTER),
        "B-101",
    ],
)
def test_past_value_round_trips_with_its_type(value: object) -> None:
    again = decode_value(json.loads(json.dumps(encode_value(value))))
    assert again == value and type(again) is type(value)


def test_past_unknown_value_type_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown value type 'colour'"):
        decode_value({"colour": "red"})


def test_past_claims_round_trip_to_the_same_history_triples(acme_checker: Checker) -> None:
    state = DialogueState(now=NOW)
    turn = state.add_turn(
        "assistant", "Dr. Patel's extension is 4412. I think Tom Okafor is in room B-101."
    )
    acme_checker.update_history(state)
    past = turn_claims(turn)
    assert past
    data = json.loads(json.dumps([past_to_dict(p) for p in past]))
    again = [past_from_dict(turn.index, turn.role, item) for item in data]
    assert history_quads(again) == history_quads(past)
    assert [(p.claim.hedged, p.claim.object.value) for p in again] == [
        (p.claim.hedged, p.claim.object.value) for p in past
    ]
