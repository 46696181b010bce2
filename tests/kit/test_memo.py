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


def test_prune_keeps_what_this_build_used_whatever_the_bound(tmp_path: Path) -> None:
    """Issue 18: the store of a 5,000-card deck outgrows the bound; pruning it down deleted
    the PDF windows and faces the next edit reads. An entry used since the build started
    stays; older ones go first, down to the bound."""
    for age, name in enumerate(["old", "middle", "new", "newer"]):
        path = tmp_path / "ns" / f"{name}.bin"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"x" * 100)
        os.utime(path, ns=(10**9 * (age + 1), 10**9 * (age + 1)))
    assert memo.prune(tmp_path, max_bytes=150, used_since=3 * 10**9) == 2
    assert sorted(p.stem for p in (tmp_path / "ns").glob("*.bin")) == ["new", "newer"]


def test_an_edit_reads_its_windows_from_a_store_over_the_bound(
    cli, monkeypatch, tmp_path: Path
) -> None:
    """A build whose store is over the bound keeps what it used: the next edit of a deck of
    several batches draws one window of each card PDF, not the windows pruning deleted."""
    from functools import partial

    from tests.conftest import edit
    from tests.kit.test_large_decks import CARDS_A_SHEET, many_cards

    monkeypatch.setattr(memo, "prune", partial(memo.prune, max_bytes=1))  # always over it
    folder = many_cards(tmp_path / "data", 2 * CARDS_A_SHEET + 4)
    out = tmp_path / "out"
    assert cli("build", "--data", folder.parent, "--out", out, "--jobs", "1").code == 0
    windows = set((out / ".cache" / "card-pdf").iterdir())
    assert len(windows) == 7  # every window a batch made (test_large_decks counts them)
    edit(folder / "cards.csv", "c7,Card 7,1,", "c7,Card 7,1,Now ")
    assert cli("build", "--data", folder.parent, "--out", out, "--jobs", "1").code == 0
    drawn = set((out / ".cache" / "card-pdf").iterdir()) - windows
    assert len(drawn) == 3  # one window of cards.pdf, cards-fold.pdf and cards-print.pdf


def test_prune_looks_at_the_stores_own_folders_only(tmp_path: Path) -> None:
    """Pruning lists the store with one scandir a folder (issue 18: a large deck's store has
    some 10,000 entries, looked at by every build) and follows no symbolic link: a namespace
    folder linked out of the store was globbed through, and its files deleted."""
    store, elsewhere = tmp_path / "store", tmp_path / "elsewhere"
    (store / "ns").mkdir(parents=True)
    elsewhere.mkdir()
    for name in ("a", "b"):
        (store / "ns" / f"{name}.bin").write_bytes(b"x" * 100)
        (elsewhere / f"{name}.bin").write_bytes(b"y" * 100)
    (store / "linked").symlink_to(elsewhere)
    (store / "ns" / "c.bin").symlink_to(elsewhere / "a.bin")
    assert memo.prune(store, max_bytes=0) == 2
    assert list((store / "ns").glob("?.bin")) == [store / "ns" / "c.bin"]
    assert sorted(p.name for p in elsewhere.iterdir()) == ["a.bin", "b.bin"]
