"""Holiday names, read from the ``holidays`` library: days a reply names, not things."""

from __future__ import annotations

import pytest

from kgcheck.values.holidays import is_holiday_name


@pytest.mark.parametrize(
    "name", ["Boxing Day", "Christmas Eve", "christmas day", "New Year's Eve", "Good Friday"]
)
def test_a_holidays_name_is_one_in_any_case(name: str) -> None:
    assert is_holiday_name(name)


@pytest.mark.parametrize("name", ["Kestrel Leeds", "Easter", "Boxing", "Christmas Eve Party"])
def test_other_names_are_not(name: str) -> None:
    assert not is_holiday_name(name)
