"""Figures a reply works out from its other figures are no values of a property."""

from __future__ import annotations

import pytest

from kgcheck.values.arithmetic import worked_out
from kgcheck.values.quantities import QuantityRecognizer


def _worked(text: str, figure: str) -> str | None:
    found = QuantityRecognizer().find(text)
    (q,) = [q for q in found if q.text == figure]
    return worked_out(q, found)


@pytest.mark.parametrize(
    ("text", "figure", "how"),
    [
        ("Packs of 10 for £18.00 work out at £1.80 a box.", "£1.80", "£18.00 / 10"),
        ("You have £35.00 left; a seat is £24, so £11 remains.", "£11", "£35.00 - £24"),
        ("Two adults at £312 each come to £624.", "£624", "£312 x 2"),
        ("Bank Rate plus 0.60% means 4.35% with Bank Rate at 3.75%.", "4.35%", "0.60% + 3.75%"),
        ("At 3.25% on £8,650.00 that's roughly £281 a year.", "£281", "3.25% of £8,650.00"),
        ("£404.00 for four hours at £101 an hour.", "four hours", "£404.00 / £101"),
        ("Tax is 20%, so a £7.95 tray is £9.54 with tax.", "£9.54", "£7.95 + 20%"),
        ("Members get 10% off, so the £40 lesson is £36.", "£36", "£40 - 10%"),
    ],
)
def test_a_figure_worked_out_from_two_others(text: str, figure: str, how: str) -> None:
    assert _worked(text, figure) == how


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        # no two other figures give it
        ("Packs of 10 for £18.00 work out at £1.90 a box.", "£1.90"),
        ("You have £35.00 left; a seat is £24, so £12 remains.", "£12"),
        ("Tax is 20%, so a £7.95 tray is £9.45 with tax.", "£9.45"),
        # a count of one multiplies nothing, and a figure is not worked out from itself
        ("One seat costs £24 a night.", "£24"),
    ],
)
def test_a_figure_no_two_others_give_is_not_worked_out(text: str, figure: str) -> None:
    assert _worked(text, figure) is None
