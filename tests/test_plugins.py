"""Plugins: a third-party distribution with entry points, importing only kgcheck's public names,
emits a flag type of its own end to end (report, mitigation, store, eval); a detector that
crashes or returns a flag it did not declare never lets a reply through as ``accept``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kgcheck import Checker, DetectionContext, Detector, Flag, FlagType, Span
from kgcheck.config import config_from_dict
from kgcheck.registry import detectors
from kgcheck.types import Decision

FIXTURES = Path(__file__).parent / "fixtures"
FERRY = FIXTURES / "ferry"
NOW = "2026-11-22T10:00:00+00:00"


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plugin distribution, built and installed (``pip install --target``) from a copy of
    its source."""
    root = tmp_path_factory.mktemp("plugin")
    source = shutil.copytree(FIXTURES / "plugin_dist", root / "src")
    target = root / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(target),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    assert list(target.glob("kgcheck_policy-*.dist-info/entry_points.txt"))
    return target


def _run(plugin_path: Path, script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(plugin_path), env.get("PYTHONPATH")]))
    env["KGCHECK_NLI__MODEL"] = "none"
    env["COLUMNS"] = "200"
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _config(tmp_path: Path, detectors_yaml: str) -> Path:
    for name in ("ontology.ttl", "kb.ttl"):
        shutil.copy(FERRY / name, tmp_path / name)
    path = tmp_path / "kgcheck.yaml"
    path.write_text(
        "knowledge_base:\n  sources: [ontology.ttl, kb.ttl]\n"
        f'now: "{NOW}"\nnli: {{model: none}}\nstore: memory\n'
        f"detectors:\n{detectors_yaml}"
        "mitigation:\n  actions:\n"
        "    policy_violation: {operator: notify, params: {channel: ops}}\n",
        encoding="utf-8",
    )
    return path


def test_plugins_installed_detector_emits_its_own_type_end_to_end(
    plugin_path: Path, tmp_path: Path
) -> None:
    _config(tmp_path, "  promise: {}\n")
    script = """
        import json
        from kgcheck import Checker, DialogueState
        checker = Checker.from_config("kgcheck.yaml")
        state = DialogueState(session_id="s1")
        state.add_turn("user", "Can I get my money back if the Island Run is cancelled?")
        reply = "The fare of the Island Run is $12.00. We guarantee you a full refund."
        report = checker.check_turn(reply, state)
        rows = checker.store.query(
            "SELECT ?type ?kind WHERE { ?flag kgc:flagType ?type . "
            "?action kgc:actionKind ?kind }"
        ).records()
        by_iri = checker.store.query(
            "SELECT ?flag WHERE { ?flag kgc:flagType kgc:PolicyViolation }"
        ).records()
        print(json.dumps({"report": report.to_dict(), "rows": rows, "by_iri": by_iri}, default=str))
    """
    done = _run(plugin_path, script, tmp_path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    report = out["report"]
    (flag,) = report["flags"]
    assert (flag["type"], flag["detector"], flag["severity"]) == (
        "policy_violation",
        "promise",
        "critical",
    )
    assert "refund" in flag["content"]
    (action,) = [a for a in report["actions"] if a["kind"] == "notify"]
    assert action["reason"] == "sent to ops: agents may not promise refunds"
    assert report["decision"] == "reject" and report["errors"] == []
    # stored as kgc:PolicyViolation and kgc:NotifyAction, read back by name
    assert {row["type"] for row in out["rows"]} == {"policy_violation"}
    assert "notify" in {row["kind"] for row in out["rows"]}
    assert len(out["by_iri"]) == 1


def test_plugins_installed_type_is_measured_by_eval(plugin_path: Path, tmp_path: Path) -> None:
    _config(tmp_path, "  promise: {}\n")
    (tmp_path / "labelled.jsonl").write_text(
        '{"defaults": {"config": "kgcheck.yaml"}}\n'
        '{"id": "promise", "reply": "We guarantee you a full refund.", '
        '"expected": [{"type": "policy_violation"}]}\n'
        '{"id": "clean", "reply": "The fare of the Bay Loop is $7.60.", "clean": true}\n',
        encoding="utf-8",
    )
    script = """
        import sys
        from kgcheck.cli import main
        sys.argv = ["kgcheck", "eval", "labelled.jsonl", "--out", "out"]
        main()
    """
    done = _run(plugin_path, script, tmp_path)
    assert done.returncode in (0, 1), done.stderr
    report = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    text = json.dumps(report)
    assert "policy_violation" in text
    by_type = report["flags"]["by_type"]["policy_violation"]
    assert (by_type["tp"], by_type["fp"], by_type["fn"]) == (1, 0, 0)


def test_plugins_installed_crashing_detector_never_yields_accept(
    plugin_path: Path, tmp_path: Path
) -> None:
    _config(tmp_path, "  crashing: {}\n")
    script = """
        import json
        from kgcheck import Checker
        report = Checker.from_config("kgcheck.yaml").check_turn("The Bay Loop is 22 km long.")
        print(json.dumps(report.to_dict(), default=str))
    """
    done = _run(plugin_path, script, tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["decision"] == "accept_with_warnings"
    assert [(e["stage"], e["code"]) for e in report["errors"]] == [("detector.crashing", "KGC701")]


def test_plugins_missing_plugin_module_names_the_detector(tmp_path: Path) -> None:
    detectors.register("ghost", "kgcheck_no_such_plugin:Ghost")
    try:
        config = config_from_dict(
            {"now": NOW, "nli": {"model": "none"}, "detectors": {"ghost": {}}}
        )
        with pytest.raises(Exception) as info:
            Checker(config)
        assert getattr(info.value, "code", None) == "KGC112"
        assert "detectors.ghost" in str(info.value)
    finally:
        detectors._paths.pop("ghost", None)


class _Undeclared(Detector):
    name = "undeclared"
    flag_type = FlagType.TEMPORAL_ERROR

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        text = ctx.analysis.text
        return [
            Flag(
                type=FlagType.CONTRADICTS_FACT,
                span=Span(0, len(text)),
                content=text,
                message="not declared",
                detector=self.name,
            ),
            self.flag(span=Span(0, len(text) + 5), content=text, message="outside the reply"),
        ]


def test_plugins_flag_of_an_undeclared_type_or_outside_the_reply_is_dropped_and_reported(
    make_checker,  # type: ignore[no-untyped-def]
) -> None:
    detectors.register("undeclared", _Undeclared)
    try:
        checker = make_checker(
            'ex:a rdfs:label "Ann Archer" .\n',
            detectors={"undeclared": {}},
            nli={"model": "none"},
        )
        report = checker.check_turn("Ann Archer is here.")
    finally:
        detectors._paths.pop("undeclared", None)
        detectors._loaded.pop("undeclared", None)
    assert report.flags == []
    assert [(e.stage, e.code) for e in report.errors] == [
        ("detector.undeclared", "KGC706"),
        ("detector.undeclared", "KGC706"),
    ]
    assert report.decision == Decision.ACCEPT_WITH_WARNINGS
