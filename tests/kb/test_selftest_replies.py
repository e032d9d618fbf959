"""The honest self-test (issue 35): facts inside replies from reply templates of two splits,
values in another unit and relative to the clock, and a perturbed reply caught only by a flag on
its fact."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from rdflib import Literal, URIRef

from kgcheck import KnowledgeBase
from kgcheck.config import Config
from kgcheck.errors import ConfigError
from kgcheck.history.state import DialogueState
from kgcheck.kb.selftest import (
    SPLITS,
    Statement,
    generate_statements,
    load_templates,
    run_statements,
)
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.report import TurnReport
from kgcheck.types import Decision, Flag, FlagType, Span
from tests.kb.conftest import PK


@pytest.fixture(scope="module")
def statements(parks: tuple[Config, KnowledgeBase]) -> list[Statement]:
    config, kb = parks
    return generate_statements(kb, now=config.now, seed=0, templates=load_templates("development"))


def test_templates_of_both_splits_load_with_one_slot_for_the_fact() -> None:
    development, held_out = (load_templates(split) for split in SPLITS)
    assert len(development) >= 10 and len(held_out) >= 40
    for templates in (development, held_out):
        assert len({t.id for t in templates}) == len(templates)
        for t in templates:
            main = t.slots & {"clause", "clause_mid", "pronoun_clause", "pronoun_clause_mid"}
            assert len(main) == 1, t.id
    assert {t.split for t in held_out} == {"held_out"}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "- id: x1\n  text: 'Sure! {clause}. {price}'\n",
            "template x1: text: unknown slot {price}",
        ),
        ("- id: x2\n  text: '{clause} and {clause_mid}.'\n", "template x2: text: one of"),
        ("- id: x3\n  text: 'Hello there.'\n", "template x3: text: one of"),
        ("- id: x4\n", "template x4: text: a non-empty string is expected"),
        ("- id: x5\n  text: 'Sure! {clause'\n", "template x5: text:"),
        ("id: x6\n", "a list of templates"),
    ],
)
def test_a_malformed_template_file_names_the_file_the_template_and_the_field(
    tmp_path: Path, text: str, said: str
) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_templates("mine", path)
    assert str(path) in str(caught.value) and said in str(caught.value)


def test_no_such_split_is_an_error_naming_the_splits() -> None:
    with pytest.raises(ConfigError, match="development, held_out"):
        load_templates("tuned")


def test_a_reply_holds_its_fact_at_its_span_true_and_perturbed(
    statements: list[Statement],
) -> None:
    replies = [s for s in statements if s.phrasing == "reply"]
    assert {s.kind for s in replies} == {"true", "perturbed"}
    assert all(s.template is not None and s.template.startswith("development/") for s in replies)
    for s in replies:
        assert s.span is not None
        fact = s.text[s.span[0] : s.span[1]]
        if s.perturbation == "unknown_subject":
            assert fact.startswith(s.subject), s.text  # the made-up name, wherever it stands
        else:
            assert s.value_text in fact, s.text
        assert "{" not in s.text and "}" not in s.text
    # several sentences, and a pronoun after the subject is named
    assert any(s.text.count(". ") >= 1 for s in replies)
    assert any(" is one of our " in s.text for s in replies)


def test_a_length_is_also_said_in_another_unit_and_made_false_in_it(
    statements: list[Statement],
) -> None:
    # Fern Loop is 6.2 km long: "6200 m", and a wrong length in metres
    units = [s for s in statements if s.phrasing == "unit" and s.subject == PK + "fernLoop"]
    assert [(s.kind, s.value_text) for s in units] == [
        ("true", "6200 m"),
        ("perturbed", "9300 m"),
    ]


def test_a_date_is_said_relative_to_a_clock_a_day_away_and_made_false_by_four(
    statements: list[Statement],
) -> None:
    relative = [s for s in statements if s.phrasing == "relative" and s.kind == "true"]
    assert relative
    for true in relative:
        assert true.now is not None and true.value_text in {"yesterday", "tomorrow"}
        assert isinstance(true.value, Literal)
        held = true.value.toPython()
        assert isinstance(held, date)
        step = 1 if true.value_text == "yesterday" else -1
        assert true.now.date() == held + timedelta(days=step)
        false = next(
            s
            for s in statements
            if s.phrasing == "relative"
            and s.kind == "perturbed"
            and (s.subject, s.property) == (true.subject, true.property)
        )
        assert false.now is not None and false.now.date() == held + timedelta(days=4 * step)
        assert false.value == Literal(held + timedelta(days=3 * step))


class _FlagAt:
    """Flags each reply at one place: ``start`` characters in, or on its fact (``None``)."""

    def __init__(self, config: Config, kb: KnowledgeBase, start: int | None) -> None:
        self.config, self.kb, self.start = config, kb, start
        self.spans: dict[str, tuple[int, int]] = {}
        self.clocks: list[object] = []

    def check_turn(
        self, response: str, state: DialogueState | None = None, *, record: bool = True
    ) -> TurnReport:
        assert state is not None
        self.clocks.append(state.now)
        start, end = self.spans[response] if self.start is None else (self.start, self.start + 1)
        flag = Flag(FlagType.WRONG_ATTRIBUTE, Span(start, end), "x", "wrong", "stub")
        flag.confidence = 0.9
        return TurnReport(
            original=response,
            text=response,
            flags=[flag],
            actions=[],
            decision=Decision.REVISE,
            answer_confidence=1.0,
            session_id="stub",
            turn_index=0,
            analysis=TurnAnalysis(text=response),
        )


def test_a_perturbed_reply_is_caught_only_by_a_flag_on_its_fact(
    parks: tuple[Config, KnowledgeBase], statements: list[Statement]
) -> None:
    config, kb = parks
    perturbed = [
        s
        for s in statements
        if s.phrasing == "reply" and s.kind == "perturbed" and s.span and s.span[0] > 0
    ][:10]
    assert perturbed
    on_fact = _FlagAt(config, kb, None)
    on_fact.spans = {s.text: s.span for s in perturbed if s.span is not None}
    assert run_statements(on_fact, perturbed).totals.caught == len(perturbed)
    # a flag on the greeting before the fact is no catch, though the reply is flagged
    elsewhere = run_statements(_FlagAt(config, kb, 0), perturbed)
    assert elsewhere.totals.caught == 0
    assert all(o.flagged for o in elsewhere.outcomes)


def test_a_statement_is_read_at_its_own_clock(
    parks: tuple[Config, KnowledgeBase], statements: list[Statement]
) -> None:
    config, kb = parks
    relative = [s for s in statements if s.phrasing == "relative"][:2]
    stub = _FlagAt(config, kb, 0)
    run_statements(stub, relative)
    assert stub.clocks == [s.now for s in relative]


def test_the_self_test_counts_replies_per_split_apart(
    parks: tuple[Config, KnowledgeBase],
) -> None:
    config, kb = parks
    both = generate_statements(
        kb,
        now=config.now,
        seed=0,
        max_facts_per_property=1,
        templates=(*load_templates("development"), *load_templates("held_out")),
    )
    splits = {s.template.split("/")[0] for s in both if s.template is not None}
    assert splits == {"development", "held_out"}
    result = run_statements(_FlagAt(config, kb, 0), [s for s in both if s.phrasing == "reply"])
    rows = result.by_phrasing()
    assert set(rows) == {"reply development", "reply held_out"}
    assert sum(r.true + r.perturbed for r in rows.values()) == len(result.outcomes)
    assert URIRef(PK + "length") in {URIRef(s.property) for s in both}
