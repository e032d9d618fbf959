"""Masking of account numbers, e-mail addresses, configured patterns and known values."""

from __future__ import annotations

import pytest

from kgcheck.rules.masking import Masker, mask_value


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("account 123456789", "account *****6789"),
        ("card 4111 1111 1111 1111", "card ***************1111"),
        ("write to jane.doe@example.com", "write to j***@example.com"),
        # years, dates, page numbers and short numbers stay
        ("1 March 2024 to 31 March 2024, pages 1-12", "1 March 2024 to 31 March 2024, pages 1-12"),
        ("2023-2024 and 2024-01-31", "2023-2024 and 2024-01-31"),
        ("extension 4412", "extension 4412"),
    ],
)
def test_masking_default_patterns(text: str, masked: str) -> None:
    assert Masker().mask(text) == masked


def test_masking_configured_patterns_and_known_values() -> None:
    masker = Masker(patterns=[r"ACCT-\w+"]).with_values(["77-5501", "12"])
    assert masker.mask("ACCT-998877 and 77-5501, page 12") == "*******8877 and *******, page 12"


@pytest.mark.parametrize(
    ("value", "masked"), [("123456789", "*****6789"), ("1234567", "*******"), ("", "")]
)
def test_masking_value_keeps_the_last_four_of_long_values(value: str, masked: str) -> None:
    assert mask_value(value) == masked
