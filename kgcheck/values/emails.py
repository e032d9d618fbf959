"""E-mail addresses as a reply writes them: found in running text, and told from other
strings ("club@oudekloof.co.za", "jordan.ellis@maplepress.example").

Usage::

    is_email("tasting@oudekloof.co.za")        # True
    [m.group() for m in find_emails(text)]     # the addresses of ``text``
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["find_emails", "is_email"]

#: A local part, "@", and a domain of at least two labels; a sentence's full stop after it is
#: no part of it.
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?<!\.)")


def is_email(text: str) -> bool:
    """Whether ``text`` is one e-mail address and nothing else."""
    return _EMAIL.fullmatch(text.strip()) is not None


def find_emails(text: str) -> Iterator[re.Match[str]]:
    """The e-mail addresses written in ``text``."""
    return _EMAIL.finditer(text)
