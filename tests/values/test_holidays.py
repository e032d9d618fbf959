"""Holiday names, read from the ``holidays`` library: days a reply names, not things."""

from __future__ import annotations

import pytest

from kgcheck.values.holidays import is_holiday_name


@pytest.mark.parametrize(
    "name", ["Boxing Day", "Christmas Eve", "christmas day", "New Year's Eve", "Good Friday"]
)
def test_a_holidays_name_is_one_in_any_case(name: str) -> None:
    assert is_holiday_name(name)


@pytest.mark.parametrize("name", ["Christmas", "Easter", "New Year"])
def test_what_several_holidays_names_share_before_their_day_is_one(name: str) -> None:
    # "close for Christmas" (Christmas Eve, Christmas Day), "over Easter" (Easter Sunday,
    # Easter Monday)
    assert is_holiday_name(name)


@pytest.mark.parametrize(
    "name", ["Kestrel Leeds", "Boxing", "Victoria", "Canada", "Christmas Eve Party"]
)
def test_other_names_are_not(name: str) -> None:
    # "Victoria" of "Victoria Day" alone: the name of a place as often as a day
    assert not is_holiday_name(name)
