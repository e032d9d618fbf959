"""Opening the KB: memory and persistent Oxigraph stores, reloads, and source errors."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from rdflib import Literal, URIRef

from kgcheck import KnowledgeBase, KnowledgeBaseError
from tests.conftest import FIXTURES

EXT = "https://example.org/t#"

BODY = """
ex:alice rdfs:label "Alice Adams" ; ex:knows ex:bob .
ex:bob rdfs:label "Bob Brown" ; ex:age 41 .
"""


def _open_info(sources: list[Path], store: str) -> tuple[bool, int]:
    """Open, read what the test needs, and let the store go (an on-disk store is locked
    while open)."""
    kb = KnowledgeBase.open(sources, store=store)
    info = (kb.reloaded, len(kb))
    del kb
    gc.collect()
    return info


def test_store_memory_loads_every_triple(write_ttl: Callable[[str, str], Path]) -> None:
    kb = KnowledgeBase.open([write_ttl(BODY, "kb.ttl")])
    assert kb.reloaded is True
    assert len(kb) == 4
    assert kb.values(URIRef(EXT + "bob"), URIRef(EXT + "age")) == [Literal(41)]


def test_store_memory_loads_several_sources(write_ttl: Callable[[str, str], Path]) -> None:
    first = write_ttl(BODY, "a.ttl")
    second = write_ttl('ex:carol rdfs:label "Carol Cruz" .\n', "b.ttl")
    kb = KnowledgeBase.open([first, second])
    assert len(kb) == 5
    assert kb.labels.lookup("Carol Cruz") is not None


def test_store_memory_without_sources_is_empty() -> None:
    kb = KnowledgeBase.open([])
    assert len(kb) == 0


def test_store_persistent_reopens_without_reloading(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    source = write_ttl(BODY, "kb.ttl")
    store = f"oxigraph:{tmp_path / 'store'}"
    assert _open_info([source], store) == (True, 4)
    assert _open_info([source], store) == (False, 4)


def test_store_persistent_reopened_kb_answers_queries(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    source = write_ttl(BODY, "kb.ttl")
    store = f"oxigraph:{tmp_path / 'store'}"
    _open_info([source], store)
    kb = KnowledgeBase.open([source], store=store)
    try:
        assert kb.reloaded is False
        assert kb.values(URIRef(EXT + "alice"), URIRef(EXT + "knows")) == [URIRef(EXT + "bob")]
        assert kb.labels.lookup("Alice Adams") is not None
    finally:
        del kb
        gc.collect()


def test_store_persistent_changed_source_triggers_reload(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    source = write_ttl(BODY, "kb.ttl")
    store = f"oxigraph:{tmp_path / 'store'}"
    _open_info([source], store)
    write_ttl(BODY + 'ex:carol rdfs:label "Carol Cruz" .\n', "kb.ttl")
    assert _open_info([source], store) == (True, 5)
    assert _open_info([source], store) == (False, 5)


def test_store_persistent_touched_source_triggers_reload(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    source = write_ttl(BODY, "kb.ttl")
    store = f"oxigraph:{tmp_path / 'store'}"
    _open_info([source], store)
    stat = source.stat()
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert _open_info([source], store) == (True, 4)


def test_store_persistent_different_source_list_triggers_reload(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    first = write_ttl(BODY, "a.ttl")
    second = write_ttl('ex:carol rdfs:label "Carol Cruz" .\n', "b.ttl")
    store = f"oxigraph:{tmp_path / 'store'}"
    _open_info([first], store)
    assert _open_info([first, second], store) == (True, 5)
    assert _open_info([first], store) == (True, 4)  # a dropped source goes away


def test_store_persistent_store_path_that_is_a_file_raises(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(KnowledgeBaseError) as info:
        KnowledgeBase.open([write_ttl(BODY, "kb.ttl")], store=f"oxigraph:{blocker}")
    assert str(blocker) in str(info.value)


def test_store_broken_turtle_names_the_file_and_line() -> None:
    path = FIXTURES / "broken.ttl"
    with pytest.raises(KnowledgeBaseError) as info:
        KnowledgeBase.open([path])
    message = str(info.value)
    assert str(path) in message
    assert "line 6" in message
    assert info.value.code == "KGC204"


def test_store_broken_source_leaves_persistent_store_reloadable(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    source = write_ttl(BODY, "kb.ttl")
    store = f"oxigraph:{tmp_path / 'store'}"
    with pytest.raises(KnowledgeBaseError):
        KnowledgeBase.open([source, FIXTURES / "broken.ttl"], store=store)
    gc.collect()
    assert _open_info([source], store) == (True, 4)


def test_store_missing_source_names_the_path(tmp_path: Path) -> None:
    missing = tmp_path / "missing.ttl"
    with pytest.raises(KnowledgeBaseError) as info:
        KnowledgeBase.open([missing])
    assert str(missing) in str(info.value)
    assert info.value.code == "KGC201"


def test_store_unknown_format_names_the_path(tmp_path: Path) -> None:
    path = tmp_path / "kb.csv"
    path.write_text("a,b,c\n", encoding="utf-8")
    with pytest.raises(KnowledgeBaseError) as info:
        KnowledgeBase.open([path])
    assert str(path) in str(info.value)
    assert ".ttl" in str(info.value)  # says what would have worked


def test_store_loads_n_triples(tmp_path: Path) -> None:
    path = tmp_path / "kb.nt"
    path.write_text(
        f'<{EXT}a> <http://www.w3.org/2000/01/rdf-schema#label> "Ann Archer" .\n',
        encoding="utf-8",
    )
    kb = KnowledgeBase.open([path])
    assert len(kb) == 1
    assert kb.label(URIRef(EXT + "a")) == "Ann Archer"


def _lookup_info(sources: list[Path], store: str, name: str, **kwargs: int) -> tuple[bool, bool]:
    kb = KnowledgeBase.open(sources, store=store, **kwargs)
    info = (kb.reloaded, kb.labels.lookup(name) is not None)
    del kb
    gc.collect()
    return info


def test_store_persistent_reopened_label_index_follows_source_changes(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    source = write_ttl(BODY, "kb.ttl")
    store = f"oxigraph:{tmp_path / 'store'}"
    assert _lookup_info([source], store, "Alice Adams") == (True, True)
    assert _lookup_info([source], store, "Alice Adams") == (False, True)
    write_ttl('ex:carol rdfs:label "Carol Cruz" .\n', "kb.ttl")
    assert _lookup_info([source], store, "Carol Cruz") == (True, True)
    assert _lookup_info([source], store, "Alice Adams") == (False, False)


def test_store_persistent_label_index_respects_fuzzy_min_length(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    source = write_ttl(BODY, "kb.ttl")
    store = f"oxigraph:{tmp_path / 'store'}"
    assert _lookup_info([source], store, "Alice Adamz", fuzzy_min_length=4) == (True, True)
    # same sources, stricter typo setting: a saved index must not answer for it
    assert _lookup_info([source], store, "Alice Adamz", fuzzy_min_length=6) == (False, False)


def test_store_persistent_damaged_label_cache_is_rebuilt(
    write_ttl: Callable[[str, str], Path], tmp_path: Path
) -> None:
    source = write_ttl(BODY, "kb.ttl")
    directory = tmp_path / "store"
    store = f"oxigraph:{directory}"
    _open_info([source], store)
    caches = list(directory.glob("kgcheck-labels.json"))
    assert caches  # the index is kept beside the store
    for cache in caches:
        cache.write_bytes(b"{not json")
    assert _lookup_info([source], store, "Alice Adams") == (False, True)
