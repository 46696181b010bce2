"""Same input, same bytes: every card output of two builds is identical."""

from __future__ import annotations

from pathlib import Path


def files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_two_builds_are_byte_identical(built: Path, built_again: Path) -> None:
    first, second = files(built), files(built_again)
    assert sorted(first) == sorted(second)
    assert {"cards.pdf", "cards-print.pdf", "cards/back.png", "tts/deck-1.png"} <= set(first)
    different = [name for name in first if first[name] != second[name]]
    assert different == []
    assert b"/CreationDate (20000101" in first["cards.pdf"]
