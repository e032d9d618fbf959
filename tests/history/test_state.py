"""``DialogueState``: turns kept by the caller, serialisable, validated."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from kgcheck import DialogueState, InputError
from kgcheck.history.state import parse_time


def test_state_add_turn_numbers_turns_and_stamps_time() -> None:
    state = DialogueState(session_id="s1", now="2026-11-22T10:00:00+00:00")
    first = state.add_turn("user", "Who leads Analytics?")
    second = state.add_turn("assistant", "Priya Raman.", time="2026-11-22T10:00:05+00:00")
    assert [t.index for t in state.turns] == [0, 1]
    assert first.time == datetime(2026, 11, 22, 10, tzinfo=UTC)
    assert second.time == datetime(2026, 11, 22, 10, 0, 5, tzinfo=UTC)


@pytest.mark.parametrize("role", ["bot", "User", ""])
def test_state_add_turn_rejects_unknown_roles(role: str) -> None:
    with pytest.raises(InputError) as info:
        DialogueState().add_turn(role, "hi")
    assert info.value.code == "KGC602"


def test_state_add_turn_rejects_non_string_text() -> None:
    with pytest.raises(InputError):
        DialogueState().add_turn("user", 42)  # type: ignore[arg-type]


def test_state_round_trips_through_dict() -> None:
    state = DialogueState(session_id="s9", now="2026-11-22T10:00:00+00:00")
    state.add_turn("user", "Who leads Analytics?")
    state.add_turn("assistant", "Priya Raman leads Analytics.")
    again = DialogueState.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, None),
        ("2026-11-22T10:00:00+00:00", datetime(2026, 11, 22, 10, tzinfo=UTC)),
        ("2026-11-22T10:00:00", datetime(2026, 11, 22, 10, tzinfo=UTC)),  # naive: UTC
        (
            "2026-11-22T12:00:00+02:00",
            datetime(2026, 11, 22, 12, tzinfo=timezone(timedelta(hours=2))),
        ),
        (datetime(2026, 1, 1), datetime(2026, 1, 1, tzinfo=UTC)),
    ],
)
def test_parse_time_reads_iso_and_makes_times_aware(
    value: str | datetime | None, expected: datetime | None
) -> None:
    assert parse_time(value) == expected


def test_state_bad_time_raises_input_error() -> None:
    with pytest.raises(InputError) as info:
        DialogueState(now="yesterday-ish")
    assert info.value.code == "KGC601"
