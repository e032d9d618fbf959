"""A WordNet database of a few nouns in NLTK's layout (``corpora/wordnet`` of an NLTK data
folder), written on the fly: what :mod:`kgcheck.nlp.synonyms` reads, without the 30 MB of the
real one, which the tests cannot assume."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

#: (lemmas, gloss) of each noun synset.
SYNSETS: tuple[tuple[Sequence[str], str], ...] = (
    (("stop", "halt"), "the event of something ending"),
    (("stop", "stopover", "layover"), "a brief stay in the course of a journey"),
    (("passenger", "rider"), "a traveler riding in a vehicle who is not operating it"),
    (("baggage", "luggage"), "cases used to carry belongings when traveling"),
    (("seat", "place"), "a space reserved for sitting"),
)

_FILES = ("adj", "adv", "verb")


def write_wordnet(data_root: Path, synsets: Sequence[tuple[Sequence[str], str]] = SYNSETS) -> Path:
    """Write the nouns ``synsets`` as WordNet's database files under
    ``data_root/corpora/wordnet``; returns that folder."""
    folder = data_root / "corpora" / "wordnet"
    folder.mkdir(parents=True, exist_ok=True)
    # data.noun: each synset's line begins with its own byte offset
    lines: list[str] = []
    offsets: list[int] = []
    position = 0
    for lemmas, gloss in synsets:
        offsets.append(position)
        words = " ".join(f"{lemma} 0" for lemma in lemmas)
        line = f"{position:08d} 03 n {len(lemmas):02x} {words} 000 | {gloss}  \n"
        lines.append(line)
        position += len(line.encode())
    (folder / "data.noun").write_text("".join(lines), encoding="utf-8")
    index: dict[str, list[int]] = {}
    for (lemmas, _), offset in zip(synsets, offsets, strict=True):
        for lemma in lemmas:
            index.setdefault(lemma, []).append(offset)
    (folder / "index.noun").write_text(
        "".join(
            f"{lemma} n {len(found)} 0 {len(found)} 0 {' '.join(f'{o:08d}' for o in found)}  \n"
            for lemma, found in sorted(index.items())
        ),
        encoding="utf-8",
    )
    for pos in _FILES:
        (folder / f"data.{pos}").write_text("", encoding="utf-8")
        (folder / f"index.{pos}").write_text("", encoding="utf-8")
    for pos in ("adj", "adv", "noun", "verb"):
        (folder / f"{pos}.exc").write_text("", encoding="utf-8")
    (folder / "lexnames").write_text(
        "00 adj.all 3\n01 adj.pert 3\n02 adv.all 4\n03 noun.Tops 1\n", encoding="utf-8"
    )
    (folder / "index.sense").write_text("", encoding="utf-8")
    (folder / "cntlist.rev").write_text("", encoding="utf-8")
    return folder


@contextmanager
def wordnet_at(data_root: Path) -> Iterator[Path]:
    """NLTK (and so :mod:`kgcheck.nlp.synonyms`) reading the small WordNet written under
    ``data_root``, and none of another; NLTK's search path and kgcheck's caches restored
    after."""
    import nltk

    folder = write_wordnet(data_root)
    saved = list(nltk.data.path)
    nltk.data.path[:] = [str(data_root)]
    forget()
    try:
        yield folder
    finally:
        forget()
        nltk.data.path[:] = saved


def forget() -> None:
    """Close the WordNet kgcheck loaded, if any, and forget it and the synonyms it gave."""
    from kgcheck.nlp import synonyms

    loaded = synonyms.wordnet() if synonyms.wordnet.cache_info().currsize else None
    if loaded is not None:
        loaded.close()
    synonyms.wordnet.cache_clear()
    synonyms.synonyms.cache_clear()
