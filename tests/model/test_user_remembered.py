"""What `usercache.remembered` keeps: made once for the same pieces, code and libraries, read
back byte for byte after; a damaged entry made again, nothing kept when making fails, and the
kind's entries bounded in bytes with the oldest going first."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from printgen.files import usercache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "printgen" / "test"


class Maker:
    """Makes `data` and counts how often it was asked."""

    def __init__(self, data: bytes) -> None:
        self.data, self.calls = data, 0

    def __call__(self) -> bytes:
        self.calls += 1
        return self.data


def test_the_same_pieces_are_made_once_and_read_back(cache: Path) -> None:
    make = Maker(b"%PDF-1.6 converted")
    first = usercache.remembered("test", ["pdfx", b"rgb bytes"], make)
    again = usercache.remembered("test", ["pdfx", b"rgb bytes"], make)
    assert first == again == b"%PDF-1.6 converted" and make.calls == 1
    other = usercache.remembered("test", ["pdfx", b"other bytes"], Maker(b"other"))
    assert other == b"other"
    assert len(list(cache.iterdir())) == 2


def test_pieces_are_not_run_together(cache: Path) -> None:
    """["ab", "c"] and ["a", "bc"] are two keys, not one."""
    usercache.remembered("test", ["ab", "c"], Maker(b"first"))
    assert usercache.remembered("test", ["a", "bc"], Maker(b"second")) == b"second"


def test_another_version_of_a_library_makes_it_again(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make = Maker(b"made")
    usercache.remembered("test", ["x"], make, libraries=["pikepdf"])
    usercache.remembered("test", ["x"], make, libraries=["pikepdf"])
    assert make.calls == 1
    monkeypatch.setattr(usercache, "_version", lambda library: "99.0")
    usercache.remembered("test", ["x"], make, libraries=["pikepdf"])
    assert make.calls == 2


def test_a_damaged_entry_is_made_again(cache: Path) -> None:
    usercache.remembered("test", ["x"], Maker(b"the right bytes"))
    (entry,) = cache.iterdir()
    damaged = bytearray(entry.read_bytes())
    damaged[-1] ^= 1
    entry.write_bytes(bytes(damaged))
    make = Maker(b"the right bytes")
    assert usercache.remembered("test", ["x"], make) == b"the right bytes" and make.calls == 1
    assert usercache.remembered("test", ["x"], make) == b"the right bytes" and make.calls == 1


def test_nothing_is_kept_when_making_fails(cache: Path) -> None:
    def fails() -> bytes:
        raise ValueError("refused")

    with pytest.raises(ValueError):
        usercache.remembered("test", ["x"], fails)
    assert not cache.exists() or not list(cache.iterdir())


def test_the_oldest_entries_go_past_the_bytes_kept(cache: Path) -> None:
    for n in range(5):
        usercache.remembered("test", [str(n)], Maker(bytes(1000)), bytes_kept=2500)
        for entry in cache.iterdir():  # written in this order, a second apart
            os.utime(entry, ns=(0, entry.stat().st_mtime_ns - 1_000_000_000))
    entries = list(cache.iterdir())
    assert len(entries) == 2  # 1,048 bytes each with its seal: two fit in 2,500
    make = Maker(bytes(1000))
    usercache.remembered("test", ["4"], make, bytes_kept=2500)
    usercache.remembered("test", ["3"], make, bytes_kept=2500)
    assert make.calls == 0  # the two newest were kept
    usercache.remembered("test", ["0"], make, bytes_kept=2500)
    assert make.calls == 1


def test_no_cache_folder_makes_each_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    make = Maker(b"made")
    usercache.remembered("test", ["x"], make)
    usercache.remembered("test", ["x"], make)
    assert make.calls == 2
