"""``train_nli`` and ``kgcheck train-nli`` on tiny data with a tiny base model: the exported
model, resuming, reproducibility and errors."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
import torch
from typer.testing import CliRunner

import kgcheck.nli.scorer as scorer_module
from kgcheck.cli import app
from kgcheck.errors import InputError, ModelError
from kgcheck.nli.data import LABELS
from kgcheck.nli.scorer import NliScorer
from kgcheck.nli.train import TrainSettings, build_training_pairs, train_nli
from tests.nli.conftest import DECODE_LABELS, FIRST, SECOND, write_decode, write_sick

runner = CliRunner()

#: 12 DECODE pairs, 8 SICK pairs (TRAIN and TRIAL, both ways) and 20 copy pairs: 40 pairs,
#: 5 batches of 8 per epoch.
PAIRS = 40
BATCHES = 5
EPOCHS = 2


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("nli-data")
    decode = write_decode(root / "structured" / "train", FIRST, SECOND, DECODE_LABELS)
    return decode, write_sick(root / "SICK.txt")


def _settings(data: tuple[Path, Path], base: Path, out: Path, **changes: object) -> TrainSettings:
    decode, sick = data
    values: dict[str, object] = {
        "decode": decode,
        "sick": sick,
        "out": out,
        "base": str(base),
        "limit": PAIRS,
        "batch_size": 8,
        "copy_pairs": 20,
        "checkpoint_every": 2,
        "epochs": EPOCHS,
        "max_length": 32,
    } | changes
    return TrainSettings(**values)  # type: ignore[arg-type]


def _weights(model_dir: Path) -> dict[str, torch.Tensor]:
    from safetensors import safe_open

    with safe_open(str(model_dir / "model.safetensors"), framework="pt") as f:
        return {key: f.get_tensor(key) for key in f.keys()}  # noqa: SIM118


def _equal(first: dict[str, torch.Tensor], second: dict[str, torch.Tensor]) -> bool:
    return first.keys() == second.keys() and all(torch.equal(first[k], second[k]) for k in first)


def _same_weights(a: Path, b: Path) -> bool:
    return _equal(_weights(a), _weights(b))


@pytest.fixture(scope="module")
def trained(
    data: tuple[Path, Path], tiny_base: Path, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """One uninterrupted run; its out directory."""
    out = tmp_path_factory.mktemp("nli-run") / "out"
    train_nli(_settings(data, tiny_base, out), progress=False)
    return out


# --- the training pairs -------------------------------------------------------------------


def test_training_pairs_are_decode_sick_both_ways_and_copy_pairs(
    data: tuple[Path, Path], tiny_base: Path, tmp_path: Path
):
    pairs = build_training_pairs(_settings(data, tiny_base, tmp_path, limit=None))
    origins = [p.origin for p in pairs]
    assert len(pairs) == PAIRS
    assert sum(o.startswith("decode:") for o in origins) == len(FIRST)
    assert sorted(o for o in origins if o.startswith("sick:")) == [
        f"sick:{n}{way}" for n in (1, 2, 3, 5) for way in ("", ":BA")
    ]
    assert sum(o.startswith("copy:") for o in origins) == 20
    # contradiction is symmetric: some DECODE pairs are swapped, keeping their label
    by_origin = {p.origin: p for p in pairs}
    for n, (first, second, label) in enumerate(
        zip(FIRST, SECOND, DECODE_LABELS, strict=True), start=1
    ):
        pair = by_origin.get(f"decode:{n}") or by_origin[f"decode:{n}:swapped"]
        swapped = pair.origin.endswith(":swapped")
        assert (pair.premise, pair.hypothesis) == ((second, first) if swapped else (first, second))
        assert pair.label == ("contradiction" if label == "1" else "neutral")
    assert any(o.endswith(":swapped") for o in origins)
    assert any(o.startswith("decode:") and not o.endswith(":swapped") for o in origins)


def test_training_pairs_limit_samples_a_fixed_subset(
    data: tuple[Path, Path], tiny_base: Path, tmp_path: Path
):
    everything = build_training_pairs(_settings(data, tiny_base, tmp_path, limit=None))
    some = build_training_pairs(_settings(data, tiny_base, tmp_path, limit=10))
    assert len(some) == 10
    assert set(some) <= set(everything)
    assert some == build_training_pairs(_settings(data, tiny_base, tmp_path, limit=10))


# --- the exported model -------------------------------------------------------------------


def test_exported_model_names_the_three_labels_in_scorer_order(trained: Path):
    config = json.loads((trained / "model" / "config.json").read_text(encoding="utf-8"))
    assert config["id2label"] == {str(i): name for i, name in enumerate(LABELS)}
    assert config["label2id"] == {name: i for i, name in enumerate(LABELS)}


def test_exported_weights_are_fp16(trained: Path):
    weights = _weights(trained / "model")
    assert "classifier.weight" in weights
    assert {w.dtype for w in weights.values()} == {torch.float16}


def test_exported_tokenizer_is_the_base_models(trained: Path, tiny_base: Path):
    from transformers import AutoTokenizer

    text = ("my sister lives in a small village", "she has a big green garden")
    exported = AutoTokenizer.from_pretrained(str(trained / "model"))
    base = AutoTokenizer.from_pretrained(str(tiny_base))
    assert exported(*text)["input_ids"] == base(*text)["input_ids"]


def test_training_json_records_the_run(trained: Path, data: tuple[Path, Path], tiny_base: Path):
    record = json.loads((trained / "model" / "training.json").read_text(encoding="utf-8"))
    settings = _settings(data, tiny_base, trained)
    assert {k: record[k] for k in settings.to_json()} == settings.to_json()
    assert record["pairs"] == PAIRS
    assert record["steps"] == BATCHES * EPOCHS
    assert record["labels"] == list(LABELS)
    assert record["base_model"] == str(tiny_base)


def test_exported_model_loads_in_the_scorer(trained: Path):
    scores = NliScorer(str(trained / "model")).score(
        [("i love to bake bread", "i never bake"), ("the cat sits", "a cat sits")]
    )
    assert len(scores) == 2
    for s in scores:
        assert sum(s) == pytest.approx(1.0, abs=1e-4)


def test_same_seed_gives_the_same_weights(
    trained: Path, data: tuple[Path, Path], tiny_base: Path, tmp_path: Path
):
    again = train_nli(_settings(data, tiny_base, tmp_path / "again"), progress=False)
    assert _same_weights(again, trained / "model")


# --- resuming -----------------------------------------------------------------------------


class Interrupted(Exception):
    pass


@pytest.mark.parametrize("stop_at", [3, BATCHES + 2], ids=["first-epoch", "second-epoch"])
def test_interrupted_run_resumes_from_its_checkpoint(
    trained: Path, data: tuple[Path, Path], tiny_base: Path, tmp_path: Path, stop_at: int
):
    out = tmp_path / "out"
    settings = _settings(data, tiny_base, out)

    def stop(step: int) -> None:
        if step == stop_at:
            raise Interrupted

    with pytest.raises(Interrupted):
        train_nli(settings, progress=False, on_step=stop)
    assert not (out / "model").exists()
    saved = torch.load(out / "checkpoint.pt", weights_only=False)
    assert saved["step"] == stop_at - 1  # written every 2 steps

    steps: list[int] = []
    model = train_nli(_settings(data, tiny_base, out), progress=False, on_step=steps.append)
    assert steps == list(range(stop_at, BATCHES * EPOCHS + 1))
    record = json.loads((model / "training.json").read_text(encoding="utf-8"))
    assert record["steps"] == BATCHES * EPOCHS
    # the same model as a run that was never interrupted
    assert _same_weights(model, trained / "model")


def test_rerun_of_a_finished_run_trains_no_further(
    data: tuple[Path, Path], tiny_base: Path, tmp_path: Path
):
    out = tmp_path / "out"
    first = train_nli(_settings(data, tiny_base, out), progress=False)
    before = _weights(first)
    steps: list[int] = []
    again = train_nli(_settings(data, tiny_base, out), progress=False, on_step=steps.append)
    assert steps == []
    assert _equal(_weights(again), before)


def test_rerun_with_other_settings_is_a_model_error(
    trained: Path, data: tuple[Path, Path], tiny_base: Path
):
    with pytest.raises(ModelError) as info:
        train_nli(_settings(data, tiny_base, trained, batch_size=4), progress=False)
    assert info.value.code == "KGC502"
    assert "checkpoint.pt" in info.value.message


# --- errors -------------------------------------------------------------------------------


def test_unloadable_base_model_is_a_model_error(data: tuple[Path, Path], tmp_path: Path):
    with pytest.raises(ModelError) as info:
        train_nli(_settings(data, tmp_path / "no-such-base", tmp_path / "out"), progress=False)
    assert info.value.code == "KGC501"
    assert "no-such-base" in info.value.message


def test_missing_data_is_an_input_error(data: tuple[Path, Path], tiny_base: Path, tmp_path: Path):
    settings = _settings(data, tiny_base, tmp_path / "out", sick=tmp_path / "SICK.txt")
    with pytest.raises(InputError) as info:
        train_nli(settings, progress=False)
    assert "SICK.txt" in info.value.message


# --- kgcheck train-nli --------------------------------------------------------------------


def test_cli_missing_decode_exits_2_with_an_error(data: tuple[Path, Path], tmp_path: Path):
    _, sick = data
    missing = tmp_path / "no-such-decode" / "train"
    result = runner.invoke(
        app,
        ["train-nli", "--decode", str(missing), "--sick", str(sick), "--out", str(tmp_path / "o")],
    )
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)  # a message, not a traceback
    assert "error:" in result.output
    assert "no-such-decode" in result.output.replace("\n", "")
    assert "Traceback" not in result.output


def test_cli_trains_and_installs_the_embedded_model(
    data: tuple[Path, Path], tiny_base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    embedded = tmp_path / "embedded"
    monkeypatch.setattr(scorer_module, "EMBEDDED_PATH", embedded)
    monkeypatch.setattr(scorer_module, "_loaded", {})  # nothing cached as "embedded" outlives this
    decode, sick = data
    out = tmp_path / "out"
    args = ["train-nli", "--decode", str(decode), "--sick", str(sick), "--out", str(out)]
    args += ["--base", str(tiny_base), "--epochs", "1", "--batch-size", "8", "--limit", "16"]
    args += ["--copy-pairs", "20", "--max-length", "32", "--install"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert (out / "model" / "config.json").is_file()
    assert (embedded / "model.safetensors").is_file()
    assert json.loads((embedded / "training.json").read_text(encoding="utf-8"))["pairs"] == 16
    pairs = [("i love to bake bread", "i never bake")]
    assert NliScorer().score(pairs) == NliScorer(str(out / "model")).score(pairs)


# --- adapting to a user's KB (--config) ---------------------------------------------------

PARKS = Path(__file__).resolve().parent.parent / "fixtures" / "selftest" / "kgcheck.yaml"


def test_training_pairs_with_a_config_are_kb_pairs_then_a_replay_sample(
    data: tuple[Path, Path], tiny_base: Path, tmp_path: Path
):
    settings = _settings(data, tiny_base, tmp_path, limit=None, configs=[PARKS], replay=9)
    pairs = build_training_pairs(settings)
    kb = [p for p in pairs if p.origin.startswith("kb:selftest:")]
    assert kb == pairs[: len(kb)]
    assert {p.label for p in kb} == set(LABELS)
    replayed = pairs[len(kb) :]
    # a third from each source: DECODE, SICK, copy pairs
    assert Counter(p.origin.split(":")[0] for p in replayed) == {"decode": 3, "sick": 3, "copy": 3}
    everything = build_training_pairs(_settings(data, tiny_base, tmp_path, limit=None))
    assert set(replayed) <= set(everything)


def test_training_pairs_from_a_config_alone_are_kb_pairs(tmp_path: Path):
    settings = TrainSettings(decode=None, sick=None, out=tmp_path, configs=[PARKS])
    pairs = build_training_pairs(settings)
    assert pairs
    assert all(p.origin.startswith("kb:selftest:") for p in pairs)


def test_nothing_to_train_on_is_an_input_error(tmp_path: Path):
    with pytest.raises(InputError) as info:
        build_training_pairs(TrainSettings(decode=None, sick=None, out=tmp_path))
    assert "--config" in info.value.message


def test_cli_config_fine_tunes_the_embedded_model_into_a_directory_nli_model_can_name(
    make_classifier: Callable[[Mapping[int, str]], Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
):
    embedded = make_classifier(dict(enumerate(LABELS)))
    monkeypatch.setattr(scorer_module, "EMBEDDED_PATH", embedded)
    monkeypatch.setattr(scorer_module, "_loaded", {})
    out = tmp_path / "out"
    args = ["train-nli", "--config", str(PARKS), "--out", str(out), "--epochs", "1"]
    args += ["--batch-size", "8", "--limit", "16", "--max-length", "32", "--threads", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    model = out / "model"
    record = json.loads((model / "training.json").read_text(encoding="utf-8"))
    assert record["base_model"] == "embedded"
    assert record["configs"] == [str(PARKS)]
    assert record["pairs"] == 16
    assert not _same_weights(model, embedded)  # trained, from the embedded weights
    assert scorer_module.resolve_model(str(model)) == str(model)
    pairs = [("ridge trail is in pine ridge park", "ridge trail is not in pine ridge park")]
    (scores,) = NliScorer(str(model)).score(pairs)
    assert sum(scores) == pytest.approx(1.0, abs=1e-4)


def test_cli_config_with_a_broken_knowledge_base_exits_2_with_an_error(tmp_path: Path):
    config = tmp_path / "kgcheck.yaml"
    config.write_text("knowledge_base:\n  sources: [no-such.ttl]\n", encoding="utf-8")
    result = runner.invoke(app, ["train-nli", "--config", str(config), "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "error:" in result.output
    assert "Traceback" not in result.output
