"""The store of slow results: hits return the stored bytes; pruning drops the least recently
used entries first and only down to the size limit."""

from __future__ import annotations

import os
from pathlib import Path

from printgen.files import memo


def test_a_second_call_with_the_same_pieces_is_not_computed(tmp_path: Path) -> None:
    calls: list[int] = []

    def compute() -> bytes:
        calls.append(1)
        return b"typeset"

    memo.configure(tmp_path)
    try:
        assert memo.remembered("books", ["html", "css"], compute) == b"typeset"
        assert memo.remembered("books", ["html", "css"], compute) == b"typeset"
        assert memo.remembered("books", ["html", "other css"], compute) == b"typeset"
    finally:
        memo.configure(None)
    assert len(calls) == 2
    assert len(list((tmp_path / "books").glob("*.bin"))) == 2


def test_without_a_store_every_call_computes() -> None:
    memo.configure(None)
    calls: list[int] = []
    memo.remembered("x", ["a"], lambda: calls.append(1) or b"")
    memo.remembered("x", ["a"], lambda: calls.append(1) or b"")
    assert len(calls) == 2


def test_prune_drops_the_least_recently_used_down_to_the_limit(tmp_path: Path) -> None:
    names = ["old", "middle", "new"]
    for age, name in enumerate(names):
        path = tmp_path / "ns" / f"{name}.bin"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"x" * 100)
        os.utime(path, ns=(10**9 * (age + 1), 10**9 * (age + 1)))
    assert memo.prune(tmp_path, max_bytes=250) == 1  # 300 bytes: one entry must go
    assert sorted(p.stem for p in (tmp_path / "ns").glob("*.bin")) == ["middle", "new"]
    assert memo.prune(tmp_path, max_bytes=250) == 0


def test_a_store_folder_leading_out_of_the_store_is_neither_read_nor_written(
    tmp_path: Path,
) -> None:
    """Entries are opened where the store put them without resolving their path (issue 18: a
    tenth of the cost); a namespace folder or an entry that is a symbolic link is refused.
    Was: a namespace folder linked out of OUT was written through."""
    store, elsewhere = tmp_path / "store", tmp_path / "elsewhere"
    store.mkdir()
    memo.configure(store)
    try:
        assert memo.remembered("books", ["html"], lambda: b"typeset") == b"typeset"
        (entry,) = (store / "books").glob("*.bin")
        (store / "books").rename(elsewhere)
        (store / "books").symlink_to(elsewhere)
        memo.configure(store)  # a new build
        assert memo.remembered("books", ["html"], lambda: b"again") == b"again"
        assert memo.remembered("books", ["other"], lambda: b"other") == b"other"
        assert sorted(p.name for p in elsewhere.iterdir()) == [entry.name]  # nothing written
        (store / "books").unlink()
        (store / "books").mkdir()
        (store / "books" / entry.name).symlink_to(elsewhere / entry.name)  # an entry linked
        memo.configure(store)
        assert memo.remembered("books", ["html"], lambda: b"made") == b"made"
    finally:
        memo.configure(None)
