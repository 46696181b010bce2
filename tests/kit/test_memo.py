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
