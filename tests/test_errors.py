"""The error classes and their one table: every code is unique, owned by one class, documented
in docs/errors.md, and answered with its class's HTTP status."""

from __future__ import annotations

import ast
import inspect
import pickle
import re
from pathlib import Path

import pytest

import kgcheck
import kgcheck.errors as errors
from kgcheck import failures
from kgcheck.errors import (
    ERROR_CODES,
    ConfigError,
    InvalidQuery,
    KgcheckError,
    NotFound,
    SessionNotFound,
    StoreError,
    StoreLocked,
    StoreRejected,
    StoreUnavailable,
    error_code,
    http_status,
)
from kgcheck.server.errors import status_of

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(kgcheck.__file__).resolve().parent
DOCS = ROOT / "docs" / "errors.md"
CODE = re.compile(r"\bKGC\d{3}\b")


def _classes() -> list[type[KgcheckError]]:
    return [
        value
        for value in vars(errors).values()
        if inspect.isclass(value) and issubclass(value, KgcheckError)
    ]


def _sections() -> dict[str, str]:
    """docs/errors.md by heading: ``{"KGC401": "text under ## KGC401"}``."""
    parts = re.split(r"^## (\S+)\n", DOCS.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_errors_codes_are_unique_and_each_class_owns_one() -> None:
    codes = [row.code for row in ERROR_CODES]
    assert len(codes) == len(set(codes))
    owners = [row.error for row in ERROR_CODES if row.error is not None]
    assert len(owners) == len(set(owners))
    assert sorted(owners, key=lambda c: c.code) == sorted(_classes(), key=lambda c: c.code)
    for row in ERROR_CODES:
        assert CODE.fullmatch(row.code)
        if row.error is not None:
            assert row.error.code == row.code and row.error("x").code == row.code
            assert row.status is not None and row.summary


def test_errors_every_code_in_the_package_is_in_the_table() -> None:
    known = {row.code for row in ERROR_CODES}
    used: dict[str, str] = {}
    for path in PACKAGE.rglob("*"):
        if path.suffix in (".py", ".md", ".yaml", ".yml", ".ttl") and path.is_file():
            for code in CODE.findall(path.read_text(encoding="utf-8")):
                used.setdefault(code, str(path.relative_to(PACKAGE)))
    assert len(used) > 60  # the scan reads the package
    assert {code: where for code, where in used.items() if code not in known} == {}


def test_errors_a_code_passed_by_name_belongs_to_the_class_named() -> None:
    """``InputError("...", code="KGC601")`` builds an ``InvalidTime``; a code of another family
    would be kept on the wrong class, so none is passed."""
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            named = getattr(errors, node.func.id, None)
            if not (inspect.isclass(named) and issubclass(named, KgcheckError)):
                continue
            for keyword in node.keywords:
                if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                    owner = error_code(str(keyword.value.value)).error
                    assert owner is not None and issubclass(owner, named), (path, node.lineno)


def test_errors_every_code_is_documented_under_its_own_heading() -> None:
    sections = _sections()
    assert list(sections) == [row.code for row in ERROR_CODES]
    for row in ERROR_CODES:
        text = sections[row.code]
        assert "What to do:" in text
        assert row.anchor == f"docs/errors.md#{row.code.lower()}"
        if row.error is not None:
            assert f"`{row.error.__name__} <" in text or f"`{row.error.__name__}`" in text
            assert f"HTTP {row.status}." in text
        else:
            assert "not raised" in text


def test_errors_readme_links_the_documentation() -> None:
    assert "docs/errors.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_errors_check_failure_codes_are_reported_not_raised() -> None:
    reported = {
        failures.DETECTOR_FAILED,
        failures.NLI_FAILED,
        failures.GROUNDING_FAILED,
        failures.NUMERIC_FAILED,
        failures.RULE_FAILED,
        failures.INVALID_FLAG,
    }
    assert len(reported) == 6
    for code in reported:
        row = error_code(code)
        assert (row.error, row.status) == (None, None)


@pytest.mark.parametrize("row", [r for r in ERROR_CODES if r.error is not None], ids=str)
def test_errors_each_class_answers_with_its_status(row: errors.ErrorCode) -> None:
    assert row.error is not None
    error = row.error("boom")
    assert http_status(error) == status_of(error) == row.status


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (StoreLocked, 503),
        (StoreUnavailable, 503),
        (StoreRejected, 502),
        (InvalidQuery, 400),
        (NotFound, 404),
        (SessionNotFound, 404),
        (errors.StoreConflict, 409),
        (errors.TooManyQueries, 429),
        (errors.InputError, 400),
        (errors.ModelError, 503),
        (ConfigError, 500),
    ],
)
def test_errors_statuses_a_client_acts_on(error: type[KgcheckError], status: int) -> None:
    assert http_status(error) == status


def test_errors_a_subclass_of_its_own_answers_like_its_base() -> None:
    class PluginStoreDown(StoreUnavailable):
        pass

    assert http_status(PluginStoreDown("x")) == 503
    assert PluginStoreDown("x").code == StoreUnavailable.code


def test_errors_code_keyword_builds_the_class_that_owns_the_code() -> None:
    error = StoreError("down", code="KGC402")
    assert type(error) is StoreUnavailable and error.code == "KGC402"
    assert isinstance(StoreError("held", code="KGC401"), StoreLocked)
    assert str(StoreError("bad", code="KGC404")) == "[KGC404] bad"
    # a code owned by no subclass of the class named is kept, on that class
    wrapped = ConfigError("kgcheck.yaml: source missing", code="KGC201")
    assert type(wrapped) is ConfigError and wrapped.code == "KGC201"
    assert ConfigError("x").code == "KGC100"


def test_errors_survive_pickling_with_class_and_code() -> None:
    for error in (StoreLocked("held"), ConfigError("x", code="KGC201")):
        again = pickle.loads(pickle.dumps(error))
        assert (type(again), again.code, str(again)) == (type(error), error.code, str(error))


def test_errors_unknown_code_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        error_code("KGC999")
