"""Figures a reply works out from its other figures are no values of a property."""

from __future__ import annotations

from decimal import Decimal

import pytest

from kgcheck.values.arithmetic import worked_out, worked_out_beside
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


def _beside(
    text: str,
    figure: str,
    users: str = "",
    held: Decimal | None = None,
    rates: tuple[Decimal, ...] = (),
) -> str | None:
    found = QuantityRecognizer().find(text)
    (q,) = [q for q in found if q.text == figure]
    theirs = QuantityRecognizer().find(users)
    return worked_out_beside(q, found, theirs=theirs, held=held, rates=rates)


def test_an_amount_times_a_count_the_user_gave_is_worked_out() -> None:
    # "a deposit for a group of 9?" then "£10 per person, so £90 for your group"
    text = "The deposit is £10 per person, so that would be £90 for your group."
    assert _beside(text, "£90", "Can I book for a group of 9 people?") == "£10 x 9"
    assert _beside(text, "£90", "Can I book for a group of 8 people?") is None


def test_what_is_left_of_a_held_amount_is_worked_out_but_never_a_sum_with_it() -> None:
    # Gold at $1,200 in the KB, $612.40 spent: "another $587.60 moves you up"
    text = "You've spent $612.40, so another $587.60 would move you up to Gold."
    assert _beside(text, "$587.60", held=Decimal("1200")) == "1200 - $612.40"
    # "£230 in total" against a held £220 is a misstatement, not £220 plus the £10 surcharge
    text = "£210 for the inspection and a £10 travel surcharge, which makes £230 in total."
    assert _beside(text, "£230", held=Decimal("220")) is None
    # nor is the held amount ever the smaller side ("£18 ... £10" of a held £8)
    assert _beside("Seats are £18, and under-16s pay £10.", "£10", held=Decimal("8")) is None


def test_an_amount_with_a_named_rate_is_worked_out() -> None:
    text = "The service is $33.75, which comes to $38.14 with HST."
    assert _beside(text, "$38.14", rates=(Decimal("13"),)) == "$33.75 + 13%"
    assert _beside(text, "$38.14", rates=(Decimal("5"),)) is None
