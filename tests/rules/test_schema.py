"""The rule schema: bounds, and problems formatted for rule authors."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from pydantic import ValidationError

from kgcheck.rules.schema import Bound, RangeCheck, RuleProblem


@pytest.mark.parametrize(
    ("raw", "bound"),
    [
        (1950, Bound("number", number=Decimal(1950))),
        ("2.5", Bound("number", number=Decimal("2.5"))),
        ("2024-01-31", Bound("date", day=date(2024, 1, 31))),
        (date(2024, 1, 31), Bound("date", day=date(2024, 1, 31))),
        ("this_year+1", Bound("this_year", offset=1)),
        ("today - 30", Bound("today", offset=-30)),
        ({"value_of": "total_pages"}, Bound("value_of", ref="total_pages")),
    ],
)
def test_schema_bounds(raw: object, bound: Bound) -> None:
    check = RangeCheck.model_validate({"kind": "range", "predicate": "p", "max": raw})
    assert check.max == bound


@pytest.mark.parametrize("raw", ["next_year", True, {"value_of": 3}, "2024-02-30"])
def test_schema_bad_bounds(raw: object) -> None:
    with pytest.raises(ValidationError):
        RangeCheck.model_validate({"kind": "range", "predicate": "p", "max": raw})


@pytest.mark.parametrize(
    ("problem", "text"),
    [
        (
            RuleProblem("r.yaml", "bad", "KGC303", 4, "x", "check.min"),
            "r.yaml:4: rule 'x' -> check.min: bad",
        ),
        (RuleProblem("r.yaml", "bad", "KGC303", 4, "x"), "r.yaml:4: rule 'x': bad"),
        (RuleProblem("r.yaml", "bad", "KGC303", 2, None, "rulez"), "r.yaml:2: rulez: bad"),
        (RuleProblem("r.yaml", "bad", "KGC301"), "r.yaml: bad"),
    ],
)
def test_schema_problem_names_file_line_rule_and_field(problem: RuleProblem, text: str) -> None:
    assert problem.text() == text
    assert str(problem) == f"[{problem.code}] {text}"
