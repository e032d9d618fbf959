"""Message templates: plain placeholders only, filled from variables."""

from __future__ import annotations

import pytest

from kgcheck.rules.template import check_names, fill, placeholders


def test_template_placeholders_in_order() -> None:
    assert placeholders("{subject} has {value}, not {expected} ({value})") == (
        "subject",
        "value",
        "expected",
    )


@pytest.mark.parametrize(
    ("template", "problem"),
    [
        (
            "{value.__class__}",
            "placeholder '{value.__class__}' must be a plain name such as '{value}'",
        ),
        ("{value[0]}", "placeholder '{value[0]}' must be a plain name such as '{value}'"),
        ("{value!r}", "placeholder '{value}' must be a plain name such as '{value}'"),
        ("{value:>10}", "placeholder '{value}' must be a plain name such as '{value}'"),
        ("{value", "expected '}' before end of string (write '{{' and '}}' for literal braces)"),
        ("{nope}", "unknown placeholder '{nope}'; available: expected, value"),
        ("{value} {{literal}}", None),
    ],
)
def test_template_check_names(template: str, problem: str | None) -> None:
    assert check_names(template, ("value", "expected")) == problem


def test_template_fill_inserts_text_only() -> None:
    assert fill("{a} and {b} {{x}}", {"a": "{b}"}) == "{b} and  {x}"
