"""Issue 20, item 2: the build store (OUT/.cache) is a shortcut, never a source of truth. An
entry carries its own checksum: a damaged one is deleted and made again with a note; a store
that cannot be read or written is ignored. Was: truncated entries gave 500-byte PNGs recorded
as fresh, and a truncated rulebook entry failed every later build (exit 3, PdfiumError)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.kit.conftest import snapshot


def build(cli, data: Path, out: Path):
    return cli("build", "--data", data, "--out", out, "--jobs", "1")


def kit_files(out: Path) -> dict[str, bytes]:
    return {k: v for k, v in snapshot(out / "tiny").items()}


def test_truncated_cache_entries_are_discarded_and_rebuilt_with_a_note(
    cli, tiny: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert build(cli, tiny, out).code == 0
    clean = kit_files(out)
    entries = sorted((out / ".cache").glob("*/*.bin"))
    assert {p.parent.name for p in entries} >= {"card-png", "rulebooks"}
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:500])
    shutil.rmtree(out / "tiny")
    run = build(cli, tiny, out)
    assert run.code == 0, run.err
    assert "card-png cache entry" in run.err and "is damaged; deleted, making it again" in run.err
    assert "rulebooks cache entry" in run.err
    assert kit_files(out) == clean  # whole PNGs and PDF, byte for byte
    run = build(cli, tiny, out)  # and the store is healthy again
    assert run.code == 0 and "note" not in run.err


def test_a_cache_that_cannot_be_used_is_ignored(cli, tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(cli, tiny, out).code == 0
    clean = kit_files(out)
    shutil.rmtree(out / ".cache")
    (out / ".cache").write_text("not a folder")
    shutil.rmtree(out / "tiny")
    run = build(cli, tiny, out)
    assert run.code == 0, run.err
    assert kit_files(out) == clean
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / ".cache").unlink()
    (out / ".cache").symlink_to(elsewhere)  # a store leading out of OUT is never written
    shutil.rmtree(out / "tiny")
    run = build(cli, tiny, out)
    assert run.code == 0, run.err
    assert kit_files(out) == clean and list(elsewhere.iterdir()) == []
