"""Stamps (issue 18): a build takes an output whose stamp (size, modification and change times,
inode) is the one kept with its hash in OUT/.cache/stamps.json as holding those bytes, without
reading it; any edit of an output, even one that keeps its size and puts its modification time
back, a replaced or deleted output, or a stamp taken in the same clock tick as the file last
changed, makes the build read it (and rebuild what it belongs to)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from printgen.files import stamps
from printgen.files.hashing import file_hash
from printgen.kit import cache
from tests.conftest import edit
from tests.kit.test_large_decks import CARDS_A_SHEET, build, many_cards


def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The outputs the build's checks read (hash), by name."""
    seen: list[str] = []

    def counting(path: Path) -> str:
        seen.append(path.name)
        return file_hash(path)

    monkeypatch.setattr(cache, "file_hash", counting)
    return seen


def settle(out: Path) -> None:
    """As if the stamps had been saved a while after the build wrote its files."""
    path = out / ".cache" / "stamps.json"
    later = path.stat().st_mtime_ns + 2 * stamps.SETTLE_NS
    os.utime(path, ns=(later, later))


@pytest.fixture
def small(tmp_path: Path) -> tuple[Path, Path]:
    folder = many_cards(tmp_path / "data", 8)
    out = tmp_path / "out"
    build(folder, out, 1)
    settle(out)
    return folder, out


def test_a_build_that_changed_nothing_reads_no_output(small, monkeypatch) -> None:
    folder, out = small
    kept = json.loads((out / ".cache" / "stamps.json").read_text())["files"]
    manifest = json.loads((out / ".printgen-cache.json").read_text())["parts"]["many/cards"]
    assert sorted(kept) == sorted(manifest["files"])
    assert all(entry[4] == manifest["files"][name] for name, entry in kept.items())
    seen = reads(monkeypatch)
    assert build(folder, out, 1).cached
    assert seen == []


def test_an_output_edited_in_place_with_its_time_put_back_is_read_and_rebuilt(
    small, monkeypatch
) -> None:
    folder, out = small
    sheet = out / "many" / "tts" / "deck-1.json"
    before, info = sheet.read_bytes(), sheet.stat()
    with sheet.open("r+b") as handle:  # the same size, the same inode
        handle.write(b"X")
    os.utime(sheet, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert sheet.stat().st_size == info.st_size and sheet.stat().st_mtime_ns == info.st_mtime_ns
    seen = reads(monkeypatch)
    outcome = build(folder, out, 1)
    assert not outcome.cached and "deck-1.json" in seen
    assert sheet.read_bytes() == before


def test_a_deleted_or_replaced_output_is_rebuilt(small) -> None:
    folder, out = small
    png, sheet = out / "many" / "cards" / "c3.png", out / "many" / "tts" / "deck-1.png"
    before = png.read_bytes(), sheet.read_bytes()
    png.unlink()
    replacement = sheet.with_name("other.png")
    replacement.write_bytes(sheet.read_bytes()[:-1] + b"?")
    replacement.replace(sheet)
    assert not build(folder, out, 1).cached
    assert (png.read_bytes(), sheet.read_bytes()) == before


def test_a_stamp_taken_in_the_tick_the_file_changed_does_not_vouch_for_it(
    small, monkeypatch
) -> None:
    """The racy case: the file changed after its stamp was taken but within the same tick
    of the clock, so its stamp is still the one kept; the stamps were saved within SETTLE_NS
    of that change, so the file is read."""
    folder, out = small
    guide = out / "many" / "tts" / "deck-1.json"
    guide.write_bytes(guide.read_bytes().replace(b"1", b"2", 1))
    path = out / ".cache" / "stamps.json"
    data = json.loads(path.read_text())
    relative = "many/tts/deck-1.json"
    data["files"][relative][:4] = list(stamps.stamp_of(guide) or ())
    path.write_text(json.dumps(data))
    changed = guide.stat().st_ctime_ns
    os.utime(path, ns=(changed, changed))
    seen = reads(monkeypatch)
    assert not build(folder, out, 1).cached
    assert "deck-1.json" in seen


@pytest.mark.parametrize(
    "content", [b"not json", b'{"files": []}', b'{"files": {"many/cards/c1.png": [1, 2]}}']
)
def test_stamps_out_of_shape_are_ignored(small, monkeypatch, content: bytes) -> None:
    folder, out = small
    path = out / ".cache" / "stamps.json"
    path.write_bytes(content)
    settle(out)
    seen = reads(monkeypatch)
    assert build(folder, out, 1).cached
    assert "c1.png" in seen


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_unchanged_batches_of_an_edited_deck_are_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    """After one card's edit, the batches whose key is unchanged give their files by their
    stamps: only the edited card's batch and the whole-deck pieces are made, nothing read (the
    build's process vouches for the other batches: it sends them to no worker)."""
    folder = many_cards(tmp_path / "data", CARDS_A_SHEET + 4)
    out = tmp_path / "out"
    build(folder, out, 1)
    settle(out)
    edit(folder / "cards.csv", "c70,Card 70,1,", "c70,Card 70,1,Now ")
    seen: Any = reads(monkeypatch)
    outcome = build(folder, out, jobs)
    assert outcome.rewritten and seen == []
    assert 1 <= outcome.processes <= jobs  # the build's own process built none
