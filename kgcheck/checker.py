"""``Checker``: one complete path from a reply to flags, actions and a mitigated reply."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TypeVar

from kgcheck.budget import Budget, BudgetSpent, record_spent
from kgcheck.caps import cap_flags, unanalysed
from kgcheck.config import Config, load_config
from kgcheck.coverage import coverage
from kgcheck.detectors.base import DetectionContext, Detector, ModelDetector, Source
from kgcheck.detectors.model_checks import model_failed
from kgcheck.errors import (
    ConfigError,
    ConfigMissing,
    InputError,
    KgcheckError,
    KnowledgeBaseError,
    ModelError,
    SourceInvalid,
    StoreError,
)
from kgcheck.failures import (
    DETECTOR_FAILED,
    INVALID_FLAG,
    KB_FAILED,
    NLP_FAILED,
    CheckError,
    apply_on_error,
    record_failure,
)
from kgcheck.hf import set_torch_threads
from kgcheck.history.embeddings import SentenceEncoder, default_encoder
from kgcheck.history.state import DialogueState, parse_time
from kgcheck.items import settle
from kgcheck.kb.calls import answered_generated
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.reads import one_check
from kgcheck.kb.value_forms import value_forms
from kgcheck.mitigation import Mitigator
from kgcheck.nli.batch import NliRequest, score_together
from kgcheck.nli.grounding import GroundingReport
from kgcheck.nli.scorer import NliScorer, NliScores, resolve_model
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.nlp.pipeline import Analyzer
from kgcheck.nlp.synonyms import synonyms
from kgcheck.nlp.text import clean_text
from kgcheck.numeric_claims import VERIFIED, NumericClaim
from kgcheck.providers.base import ModelProvider, Provider, TurnResults
from kgcheck.registry import actions as action_registry
from kgcheck.registry import detectors as detector_registry
from kgcheck.registry import providers as provider_registry
from kgcheck.report import TurnReport
from kgcheck.rules.engine import RuleEngine
from kgcheck.rules.loader import load_rules
from kgcheck.rules.structured import OutputReport
from kgcheck.scoring import Scorer
from kgcheck.store import FlagStore, open_flag_store
from kgcheck.tools.evidence import Evidence
from kgcheck.tools.graph import answered_rows, results_graph
from kgcheck.tools.results import ToolResult
from kgcheck.types import Flag

__all__ = ["Checker", "check_turn", "default_checker"]

log = logging.getLogger(__name__)

_T = TypeVar("_T")

#: What the checker checks once when it is built (``Checker._warm_up``): a user turn and
#: replies with a name, numbers, a date, a time, an amount, a duration and a courtesy.
_WARM_UP_TURN = "Thank you. My appointment with Dr. Smith is on Monday 3 March 2025 at 10 am."
_WARM_UP_REPLIES = (
    "You're welcome. Your appointment with Dr. Smith is on Tuesday 4 March 2025 at 11 am; "
    "it costs $12.50 and takes 2 hours. I never said it was on Monday.",
)

#: A tool's rows read once when the checker is built.
_WARM_UP_ROWS = [{"room_name": "Blue Room", "price": 12.5, "opens": "09:00"}]


class _RecheckBroke(Exception):
    """The re-check of a corrected text could not analyse it (``cause``): no correction is
    written that its re-check did not confirm."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(str(cause))
        self.cause = cause


class Checker:
    """Checks replies of an agent.

    Building one loads its models (the NLI model and the sentence embedder, shared by the
    checkers of a process), so that no check pays for loading them, and checks a made-up turn
    (``warm_up``) so that the first real check costs what the tenth does; ``warm_up=False``
    skips that turn where one check is all there will be (``kgcheck check``).

    Usage::

        checker = Checker.from_config("kgcheck/examples/acme/kgcheck.yaml")
        report = checker.check_turn("Dr. Patel works in Oncology.", state)
    """

    def __init__(
        self,
        config: Config | None = None,
        *,
        kb: KnowledgeBase | None = None,
        warm_up: bool = True,
    ) -> None:
        self.config = config or Config()
        # a model name that names nothing fails first, before a large KB is loaded (ModelError)
        #: The NLI model, loaded now; ``None`` when ``nli.model`` is ``none``.
        self.nli: NliScorer | None = self._load_nli() if self.config.nli.enabled else None
        kb_cfg = self.config.knowledge_base
        try:
            self.kb = kb if kb is not None else KnowledgeBase.from_config(kb_cfg)
        except KnowledgeBaseError as exc:
            if self.config.source is None:
                raise
            # name the configuration that pointed at the source
            raise KnowledgeBaseError(
                f"{self.config.source}: knowledge_base.sources: {exc.message}", code=exc.code
            ) from exc
        # a bad rule file fails here, with every problem it has (RuleError)
        self.rules = RuleEngine(load_rules(self.config.rules), self.kb)
        #: The KB with a conversation's tool results (``DialogueState.add_tool_result``).
        self.evidence = Evidence(self.kb)
        #: The providers of the shared results the detectors require, by name.
        self._providers: dict[str, Provider] = {}
        try:
            self.detectors = self._build_detectors()
            self.mitigator = Mitigator(self.config.mitigation)
        except ConfigError as exc:
            if self.config.source is None:
                raise
            raise ConfigError(f"{self.config.source}: {exc.message}", code=exc.code) from exc
        self.analyzer = Analyzer(
            self.kb, self.config.nlp, fuzzy=kb_cfg.fuzzy, temporal=self.config.temporal
        )
        self.scorer = Scorer(self.config.scoring)
        #: The sentence embedder of ``contradicts_prior``, loaded now; ``None`` without NLI.
        self.encoder: SentenceEncoder | None = None
        if self.nli is not None and self.config.nli.history_pairs > 0:
            self.encoder = _load_encoder()
        if self.nli is not None:  # where torch runs a model (ONNX Runtime takes it per model)
            set_torch_threads(self.config.nli.threads)
        #: Where reports go (``store:``); ``None``: not stored.
        self.store: FlagStore | None = (
            open_flag_store(self.config.store) if self.config.store is not None else None
        )
        #: What failed in the warm-up check: ``"<stage> (<code>)"`` for each failed check, or
        #: ``"warm-up (<exception>)"`` when it stopped; empty when it passed (or was not run:
        #: ``warm_up=False``, for one check and done, as ``kgcheck check``, whose first check
        #: then pays what the warm-up would have).
        self.warm_up_failures = self._warm_up() if warm_up else ()

    def _warm_up(self) -> tuple[str, ...]:
        """Build now what the checks would build on their first use, so that the first
        ``check_turn`` is no slower than the tenth: the KB's word index of string values and
        the forms they take (each a pass over every string value, beyond a check's budget on
        a large KB), the plugin look-ups of detectors and actions, the readers of tool results
        and WordNet (seconds each, the first time), and, by checking a made-up
        turn (not recorded), the recognisers' first calls and the traced models' first
        optimised runs on batches of a turn's size. Nothing here can fail the build: a check
        that fails reports itself when it runs for real. What failed is logged and returned
        (the service's ``/healthz`` shows it)."""
        failed: list[str] = []
        try:
            self.kb.owners_of_words(("warm", "up"))
            value_forms(self.kb)
            action_registry.names()  # reads the installed plugins' entry points once
            # the readers of tool results (the plural of a kind, about 2 s to import): not
            # within the first check of a reply to a tool call, whose budget they would spend
            results_graph([ToolResult("search_rooms", _WARM_UP_ROWS)])
            synonyms("room")  # WordNet, where NLTK has it: seconds to load on its first use
            state = DialogueState(session_id="kgcheck-warm-up", now=self.config.now)
            state.add_turn("user", _WARM_UP_TURN)
            for reply in _WARM_UP_REPLIES:
                report = self.check_turn(reply, state, record=False)
                failed += [f"{e.stage} ({e.code})" for e in report.errors]
            if self.nli is not None:
                self.nli._cache.clear()
            if self.encoder is not None:
                self.encoder.clear_cache()
        except Exception as exc:  # a warm-up never stops the build
            code = f" ({exc.code})" if isinstance(exc, KgcheckError) else ""
            failed.append(f"warm-up ({type(exc).__name__}{code})")
            log.warning("the warm-up check failed: %s", exc)
        else:
            if failed:
                log.warning("the warm-up check failed: %s", ", ".join(failed))
        return tuple(dict.fromkeys(failed))

    def _load_nli(self) -> NliScorer:
        """The scorer of ``nli.model``, its model loaded now rather than in the first check,
        with ``nli.threads`` CPU threads (for the whole process where torch runs it).

        A model that is there but cannot be loaded (broken weights) does not stop the build:
        it is logged now, and every check reports it as a failed ``nli`` check (KGC702, see
        ``kgcheck.failures``), so no reply is accepted unremarked; the scorer remembers the
        failure and does not try again.

        Raises:
            ModelError: ``nli.model`` names no installed model; the message names the file and
                the key.
        """
        nli = self.config.nli
        where = f"{self.config.source}: " if self.config.source is not None else ""
        try:
            resolve_model(str(nli.model), download=nli.download)
        except ModelError as exc:
            raise ModelError(f"{where}nli.model: {exc.message}", code=exc.code) from exc
        scorer = NliScorer(
            str(nli.model),
            device=nli.device,
            batch_size=nli.batch_size,
            max_length=nli.max_length,
            cache_size=nli.cache_size,
            labels=nli.labels,
            quantize=nli.quantize,
            runtime=nli.runtime,
            threads=nli.threads,
        )
        try:
            scorer.load()
        except ModelError as exc:
            log.error(
                "%snli.model: %s; every check will report the NLI checks as failed (KGC702)",
                where,
                exc,
            )
        return scorer

    @classmethod
    def from_config(cls, path: str | Path, *, warm_up: bool = True) -> Checker:
        """A checker configured by a ``kgcheck.yaml`` file."""
        return cls(load_config(path), warm_up=warm_up)

    def _build_detectors(self) -> list[Detector]:
        """The enabled detectors: the built-ins (``kgcheck.registry.detectors``), unless
        disabled, and the plugins the configuration names; and, for what they ``require``,
        the providers of the shared results, checked now (an unknown name is a ConfigError)."""
        names = list(detector_registry.builtins())
        names += [n for n in self.config.detectors if n not in names]
        built = []
        for name in names:
            settings = self.config.detector(name)
            if not settings.enabled:
                continue
            try:
                instance = detector_registry.get(name)(settings.params)
                for needed in sorted(instance.requires):
                    self._providers.setdefault(needed, provider_registry.get(needed)())
            except ConfigError as exc:
                raise ConfigError(f"detectors.{name}: {exc.message}", code=exc.code) from exc
            built.append(instance)
        return built

    def check_turn(
        self,
        response: str,
        state: DialogueState | None = None,
        *,
        now: datetime | str | None = None,
        sources: Sequence[Mapping[str, str] | Source] | None = None,
        record: bool = True,
        budget: Budget | None = None,
    ) -> TurnReport:
        """Check ``response`` as the next assistant turn of ``state`` (``state`` is not changed).

        Args:
            response: the reply the agent is about to send.
            state: the conversation so far.
            now: the reference time (default: ``state.now``, else the configuration's ``now``).
            sources: documents the agent answered from, ``{"id": "S0", "text": "..."}``.
            record: write the report to the configured flag store (``store:``); ``False`` to
                decide later and call :meth:`record` yourself.
            budget: the check's CPU budget, which a caller may cancel (default: ``budget_s`` of
                the configuration). Once spent, the stages left are skipped and reported
                (``KGC708``), no correction is written unchecked, and ``on_error`` decides.

        Raises:
            InputError: ``response`` is not a string, or a source lacks ``id`` or ``text``.
        """
        if not isinstance(response, str):
            raise InputError(f"response must be a string, got {type(response).__name__}")
        with one_check():  # what the detectors and the re-check read of the KB, read once
            return self._check_turn(response, state, now, sources, record, budget)

    def _check_turn(
        self,
        response: str,
        state: DialogueState | None,
        now: datetime | str | None,
        sources: Sequence[Mapping[str, str] | Source] | None,
        record: bool,
        budget: Budget | None,
    ) -> TurnReport:
        response = clean_text(response)  # lone surrogates -> U+FFFD, offsets unchanged
        documents = _sources(sources)
        state = state if state is not None else DialogueState()
        reference = parse_time(now) or state.reference_time or self.config.now
        budget = budget if budget is not None else Budget(self.config.budget_s)
        budget.start()
        timings: dict[str, float] = {}
        started = time.perf_counter()
        results = TurnResults(self._providers)
        skipped, errors = results.notes, results.errors
        try:
            self.update_history(state, budget=budget)
        except BudgetSpent as exc:
            record_spent(errors, skipped, exc)
        timings["history"] = time.perf_counter() - started
        kb = self._evidence(state, results)
        focus = answered_rows(state.tool_results, len(state.turns)) or answered_generated(
            kb, len(state.turns)
        )
        try:
            budget.check("nlp")
            analysis = self.analyzer.analyse(
                response,
                now=reference,
                context=_context(state, focus),
                kb=kb,
                focus=focus,
                budget=budget,
            )
            # the facts of every entity the reply names: one query for a KB on an endpoint
            kb.prefetch(
                i for m in analysis.mentions for i in (m.iri, *m.candidates) if i is not None
            )
        except StoreError as exc:  # a KB on an endpoint that failed: nothing could be checked
            record_failure(errors, skipped, "knowledge_base", KB_FAILED, exc)
            analysis = unanalysed(response, exc)
        except BudgetSpent as exc:
            record_spent(errors, skipped, exc)
            analysis = TurnAnalysis(text=response)
        except Exception as exc:  # a component that broke: reported, and on_error decides
            record_failure(errors, skipped, "nlp", NLP_FAILED, exc)
            analysis = unanalysed(response, exc)
        timings["nlp"] = time.perf_counter() - started - timings["history"]
        skipped.extend(analysis.notes)
        flags = self._detect(
            analysis, state, reference, documents, results, timings, kb=kb, budget=budget
        )
        numeric: Sequence[NumericClaim] = results.peek("numeric_claims") or ()
        grounding: GroundingReport | None = results.peek("grounding")
        t0 = time.perf_counter()
        flags = self.scorer.score(flags, analysis)
        flags, over = cap_flags(flags, self.config.mitigation.max_flags)
        if over is not None:
            skipped.append(over)
        timings["scoring"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        try:
            budget.check("mitigation")
            outcome = self.mitigator.mitigate(
                flags,
                analysis,
                response,
                recheck=lambda text, near: self._recheck(
                    text, state, reference, documents, skipped, errors, kb, focus, budget, near
                ),
            )
        except (BudgetSpent, _RecheckBroke) as exc:
            # no correction is written that its re-check could not confirm: flags only
            if isinstance(exc, _RecheckBroke):
                record_failure(errors, skipped, "recheck.nlp", NLP_FAILED, exc.cause)
            else:
                record_spent(errors, skipped, exc)
            unchecked = [replace(f, correction=None, correction_span=None) for f in flags]
            outcome = self.mitigator.mitigate(unchecked, analysis, response)
        timings["mitigation"] = time.perf_counter() - t0
        timings["total"] = time.perf_counter() - started
        report = TurnReport(
            original=response,
            text=outcome.text,
            flags=flags,
            actions=outcome.actions,
            # a check that failed never lets the reply through unremarked (on_error)
            decision=apply_on_error(outcome.decision, errors, self.config.on_error),
            # an unverified number costs the whole answer confidence (numeric.unverified_penalty)
            answer_confidence=round(
                max(
                    0.0,
                    outcome.answer_confidence
                    - (
                        self.config.numeric.unverified_penalty
                        if any(c.verdict != VERIFIED for c in numeric)
                        else 0.0
                    ),
                ),
                4,
            ),
            numeric_claims=list(numeric),
            session_id=state.session_id,
            turn_index=len(state.turns),
            timings={k: round(v, 6) for k, v in timings.items()},
            counts={
                "segments": len(analysis.segments),
                "claims": len(analysis.claims),
                "entities": sum(1 for m in analysis.mentions if m.kind != "pronoun"),
            },
            skipped=skipped,
            errors=errors,
            grounding=grounding,
            coverage=coverage(analysis, numeric, flags),
            analysis=analysis,
        )
        if record:
            self.record(report)
        return report

    def _detect(
        self,
        analysis: TurnAnalysis,
        state: DialogueState,
        reference: datetime | None,
        documents: tuple[Source, ...],
        results: TurnResults,
        timings: dict[str, float],
        *,
        models: bool = True,
        kb: KnowledgeBase | None = None,
        budget: Budget | None = None,
    ) -> list[Flag]:
        """Every detector on ``analysis``: the flags (validated, not yet scored). The shared
        results the detectors require are computed first, once (``results``, timed by stage);
        failures go to ``results``; ``models=False`` leaves the NLI model out. Once ``budget``
        is spent, the stages left are skipped and said in ``results``.

        The NLI model makes one pass per turn: the detectors that use it (``ModelDetector``) and
        the providers that need it (``ModelProvider``: grounding) first say which pairs they
        want scored, the model scores them all together (``timings["nli"]``), each reads its
        answers, and then the other detectors run.
        """
        kb = kb if kb is not None else self.kb
        ctx = DetectionContext(
            analysis=analysis,
            kb=kb,
            state=state,
            now=reference,
            sources=documents,
            config=self.config,
            rules=self.rules if kb is self.kb else RuleEngine(self.rules.book, kb),
            nli=self.nli if models else None,
            encoder=self.encoder,
            lemmas=self.analyzer.lemmas,
            results=results,
        )
        ordered = sorted(self._providers.values(), key=lambda p: isinstance(p, ModelProvider))
        waiting: list[tuple[ModelProvider, NliRequest]] = []

        def may_run(stage: str) -> bool:
            return budget is None or _may_run(budget, stage, results)

        for provider in ordered:
            t0 = time.perf_counter()
            if not may_run(provider.stage):
                results.put(provider.name, None)
            elif not isinstance(provider, ModelProvider):
                results.get(provider.name, ctx)
            elif not models:
                results.put(provider.name, None)
            else:
                request = self._ask(provider, ctx, results)
                if request is not None:
                    waiting.append((provider, request))
            timings[provider.stage] = timings.get(provider.stage, 0.0) + time.perf_counter() - t0
        found: list[list[Flag]] = [[] for _ in self.detectors]
        asked: list[tuple[Detector, NliRequest]] = []
        for i, detector in enumerate(self.detectors):
            if isinstance(detector, ModelDetector) and may_run(f"detector.{detector.name}"):
                step = self._step(detector, partial(detector.ask, ctx), results, timings)
                if step is not None:
                    found[i], request = step
                    if request is not None and request.pairs:
                        asked.append((detector, request))
        t0 = time.perf_counter()
        questions = [request.pairs for _, request in asked + waiting]
        answers = (
            self._score(ctx, questions, [provider for provider, _ in waiting])
            if not questions or may_run("nli")
            else None
        )
        timings["nli"] = time.perf_counter() - t0
        if answers is not None:
            for (detector, request), scores in zip(asked, answers, strict=False):
                self._step(detector, partial(request.answer, scores), results, timings)
            for (provider, request), scores in zip(waiting, answers[len(asked) :], strict=True):
                t0 = time.perf_counter()
                try:
                    request.answer(scores)
                except Exception as exc:  # the provider broke on the model's answers
                    results.put(provider.name, None)
                    record_failure(
                        results.errors, results.notes, provider.stage, provider.failure_code, exc
                    )
                timings[provider.stage] += time.perf_counter() - t0
        for i, detector in enumerate(self.detectors):
            if not isinstance(detector, ModelDetector) and may_run(f"detector.{detector.name}"):
                flags = self._step(detector, partial(detector.detect, ctx), results, timings)
                found[i] = flags or []
        valid = [
            flag
            for detector, flags in zip(self.detectors, found, strict=True)
            for flag in self._valid(detector, flags, analysis.text, results)
        ]
        # a value an item's reading shows its row holds is not wrong of another entity
        return settle(valid, results.peek("items") or (), analysis.text, ctx.kb)

    @staticmethod
    def _ask(
        provider: ModelProvider, ctx: DetectionContext, results: TurnResults
    ) -> NliRequest | None:
        """What ``provider`` asks the model; ``None`` (its result ``None``) when it asks
        nothing or failed (recorded)."""
        try:
            request = provider.ask(ctx)
        except Exception as exc:
            record_failure(
                results.errors, results.notes, provider.stage, provider.failure_code, exc
            )
            request = None
        if request is None:
            results.put(provider.name, None)
        return request

    @staticmethod
    def _valid(
        detector: Detector, flags: list[Flag], text: str, results: TurnResults
    ) -> list[Flag]:
        """``flags`` without those ``detector`` may not return (an undeclared type, a span
        outside the reply): each is a failure of the detector (KGC706), never a crash."""
        out = []
        for flag in flags:
            problem = detector.check_flag(flag, text)
            if problem is None:
                out.append(flag)
                continue
            note = f"{detector.name}: invalid flag dropped ({problem})"
            log.error(note)
            results.fail(f"detector.{detector.name}", INVALID_FLAG, problem)
            if note not in results.notes:
                results.notes.append(note)
        return out

    @staticmethod
    def _step(
        detector: Detector,
        step: Callable[[], _T],
        results: TurnResults,
        timings: dict[str, float],
    ) -> _T | None:
        """``step()`` of ``detector``, timed (``timings["detector.<name>"]``); ``None`` when it
        raised, the failure recorded: a failing detector must not hide the others' flags."""
        key = f"detector.{detector.name}"
        t0 = time.perf_counter()
        try:
            return step()
        except Exception as exc:
            record_failure(
                results.errors, results.notes, key, DETECTOR_FAILED, exc, note=detector.name
            )
            return None
        finally:
            timings[key] = timings.get(key, 0.0) + time.perf_counter() - t0

    @staticmethod
    def _score(
        ctx: DetectionContext,
        questions: list[Sequence[tuple[str, str]]],
        providers: list[ModelProvider],
    ) -> list[list[NliScores]] | None:
        """The scores of each list of pairs, from one model pass; ``None`` when there is no
        model or it failed: a failed ``nli`` check (KGC702), and each provider waiting on it
        failed too (its result ``None``)."""
        if ctx.nli is None or not questions:
            return None
        try:
            return score_together(ctx.nli, questions)
        except Exception as exc:  # the model cannot be loaded or run
            if not isinstance(exc, ModelError):
                log.error("the NLI model failed", exc_info=exc)
                exc = ModelError(f"the NLI model failed: {type(exc).__name__}: {exc}")
            model_failed(ctx, exc)
            for provider in providers:
                ctx.results.put(provider.name, None)
                record_failure(
                    ctx.results.errors, ctx.notes, provider.stage, provider.failure_code, exc
                )
            return None

    def _recheck(
        self,
        text: str,
        state: DialogueState,
        reference: datetime | None,
        documents: tuple[Source, ...],
        skipped: list[str],
        errors: list[CheckError],
        kb: KnowledgeBase | None = None,
        focus: tuple[str, ...] = (),
        budget: Budget | None = None,
        near: tuple[str, ...] = (),
    ) -> list[Flag]:
        """The scored flags of a stretch of a mitigated reply, from the symbolic checks (a
        correction is kept or undone on what the KB, the history and the rules say, not on a
        model). ``near``: the entities its pronouns may stand for, from the reply around it
        (most likely first, before the conversation's). A check that fails here is reported
        like any other (``errors``, stage ``recheck.<stage>``).

        Raises:
            BudgetSpent: ``budget`` ran out first (a re-check is never cut short).
            _RecheckBroke: the corrected text could not be analysed.
        """
        if budget is not None:
            budget.check("recheck")
        context = tuple(dict.fromkeys((*near, *_context(state, focus))))
        try:
            analysis = self.analyzer.analyse(
                text, now=reference, context=context, kb=kb, focus=focus, budget=budget, reuse=True
            )
        except BudgetSpent:
            raise
        except Exception as exc:
            raise _RecheckBroke(exc) from exc
        results = TurnResults(self._providers)
        flags = self._detect(
            analysis, state, reference, documents, results, {}, models=False, kb=kb
        )
        failed_before = {e.stage for e in errors}
        for error in results.errors:
            if error.stage in failed_before:
                continue  # the same check failed on the reply as given: reported once
            again = CheckError(f"recheck.{error.stage}", error.code, error.reason)
            if again not in errors:
                errors.append(again)
                skipped.append(f"{again.stage}: failed ({error.reason})")
        return self.scorer.score(flags, analysis)

    def _evidence(self, state: DialogueState, results: TurnResults) -> KnowledgeBase:
        """The KB with the tool results of ``state`` (the checker's KB when it has none). Results
        that cannot be read are a failed ``tools`` check (the reply is not accepted unremarked)
        and the reply is checked against the KB alone."""
        try:
            kb, note = self.evidence.kb_for(state.tool_results)
        except KgcheckError as exc:
            record_failure(results.errors, results.notes, "tools", KB_FAILED, exc)
            return self.kb
        if note is not None:
            results.notes.append(note)
        return kb

    def record(self, report: TurnReport) -> None:
        """Write ``report`` to the configured flag store (``store:``), if any. It never raises:
        ``report.store_status`` says ``stored``, ``spooled`` or ``failed``, and ``skipped`` why."""
        if self.store is None:
            return
        t0 = time.perf_counter()
        self.store.record(report)
        report.timings["store"] = round(time.perf_counter() - t0, 6)

    def update_history(self, state: DialogueState, *, budget: Budget | None = None) -> None:
        """Analyse, once, the turns of ``state`` the checker has not seen yet (turns added
        without a report, or whose sent text differs from the checked one), and record their
        claims and entities in the state. ``check_turn`` calls it; call it yourself to run
        detectors directly.

        Raises:
            BudgetSpent: ``budget`` ran out; the turns left stay pending for the next check.
        """
        pending = state.pending()
        kb = self.kb
        if pending and state.tool_results:
            try:  # the names the tool results gave are known in the turns that follow them
                kb = self.evidence.kb_for(state.tool_results)[0]
            except KgcheckError:  # reported by the check itself (stage "tools")
                kb = self.kb
        for turn in pending:
            if budget is not None and turn.analysis is None:
                budget.check("history")
            try:
                analysis = turn.analysis or self.analyzer.analyse(
                    turn.text,
                    now=turn.time or state.reference_time,
                    context=state.entities.salient_keys(),
                    kb=kb,
                )
                state.record(turn, analysis)
            except Exception as exc:  # a turn that cannot be analysed never blocks its session
                log.error("history turn %d could not be analysed", turn.index, exc_info=exc)
                state.record(turn, unanalysed(turn.text, exc))

    def check_output(
        self,
        data: Mapping[str, object],
        context: Mapping[str, object] | None = None,
        *,
        now: datetime | str | None = None,
    ) -> OutputReport:
        """Validate a structured (JSON) output with the ``target: output`` rule sets.

        Usage::

            report = checker.check_output({"total_pages": 12, "boundaries": [...]})
            report.decision, report.to_dict()["summary"]

        Args:
            data: the JSON object the model produced.
            context: a JSON-LD ``@context`` applied after the rule sets' own.
            now: the reference time (default: the configuration's ``now``, else the clock).

        Raises:
            InputError: ``data`` is not a JSON object or not valid JSON-LD under the context.
        """
        return self.rules.check_output(
            data,
            context=context,
            policy=self.config.outputs,
            now=parse_time(now) or self.config.now,
        )


def _context(state: DialogueState, focus: tuple[str, ...]) -> tuple[str, ...]:
    """The entities the next reply may speak of without naming them, most salient first: the
    one row the call made for the reply returned (``focus``: a booking, a look-up: "The
    address is ..." is the booked hotel's), then the conversation's."""
    salient = tuple(state.entities.salient_keys())
    if len(focus) != 1:
        return salient
    return (*focus, *(k for k in salient if k not in focus))


def _load_encoder() -> SentenceEncoder:
    """The shared sentence embedder, loaded now, not in the first check. One that cannot be
    loaded is no failure: ``contradicts_prior`` then compares the last turns, and says so."""
    encoder = default_encoder()
    try:
        encoder.load()
    except ModelError as exc:
        log.warning("%s; contradicts_prior will compare the last turns", exc.message)
    return encoder


def _sources(sources: Sequence[Mapping[str, str] | Source] | None) -> tuple[Source, ...]:
    out = []
    for n, item in enumerate(sources or ()):
        if isinstance(item, Source):
            out.append(Source(id=item.id, text=clean_text(item.text)))
            continue
        try:
            out.append(Source(id=str(item["id"]), text=clean_text(str(item["text"]))))
        except (KeyError, TypeError) as exc:
            raise SourceInvalid(f"sources[{n}]: expected an object with 'id' and 'text'") from exc
    return tuple(out)


_default: Checker | None = None
_default_lock = threading.Lock()


def default_checker() -> Checker:
    """The checker of ``$KGCHECK_CONFIG``, else ``./kgcheck.yaml`` (built once)."""
    global _default
    with _default_lock:
        if _default is None:
            path = Path(os.environ.get("KGCHECK_CONFIG", "kgcheck.yaml"))
            if not path.is_file():
                raise ConfigMissing(
                    f"{path}: no configuration; set KGCHECK_CONFIG or create kgcheck.yaml"
                )
            _default = Checker.from_config(path)
        return _default


def check_turn(
    response: str,
    state: DialogueState | None = None,
    *,
    sources: Sequence[Mapping[str, str] | Source] | None = None,
) -> TurnReport:
    """``default_checker().check_turn(response, state)``."""
    return default_checker().check_turn(response, state, sources=sources)


def _may_run(budget: Budget, stage: str, results: TurnResults) -> bool:
    """Whether ``stage`` may run on ``budget``; when not, it is recorded as skipped."""
    try:
        budget.check(stage)
    except BudgetSpent as exc:
        record_spent(results.errors, results.notes, exc)
        return False
    return True
