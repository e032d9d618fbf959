"""E-mail addresses in running text (:mod:`kgcheck.values.emails`)."""

from __future__ import annotations

import pytest

from kgcheck.values.emails import find_emails, is_email


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Email club@oudekloof.co.za.", ["club@oudekloof.co.za"]),
        ("Write to jordan.ellis@maplepress.example or call.", ["jordan.ellis@maplepress.example"]),
        ("Follow @oudekloof on Instagram.", []),
        ("It costs 5 @ 2 each.", []),
    ],
)
def test_find_emails_leaves_the_full_stop_and_handles(text: str, found: list[str]) -> None:
    assert [m.group() for m in find_emails(text)] == found


def test_is_email_is_one_address_and_nothing_else() -> None:
    assert is_email("tasting@oudekloof.co.za")
    assert not is_email("tasting@oudekloof.co.za and more")
    assert not is_email("+27 21 885 1440")
