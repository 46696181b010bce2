"""Issue 40, item 11: a full temporary folder is reported as that, not as OUT being full.
`build --shop` preflights each shop PDF in a private temporary folder; a write there that
fails names no file (a write's OSError has none), so the build said `cannot write OUT: No
space left on device` while OUT had room (seen with TMPDIR on a 200 KB tmpfs: 'cannot write
tmpout'). The probe's write now carries its path, and `cannot_write` names a file of the
temporary folder as the temporary folder's, unless OUT itself is inside it."""

from __future__ import annotations

import errno
import tempfile
from pathlib import Path

import pytest

from printgen.errors import display_path
from printgen.kit.run import cannot_write
from printgen.kit.shops import preflighted


def full(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Writes under `folder` fail as on a full disk (the OSError of a write: no file name)."""
    write = Path.write_bytes

    def write_bytes(self: Path, data: bytes) -> int:  # type: ignore[override]
        if self.resolve().is_relative_to(folder.resolve()):
            raise OSError(errno.ENOSPC, "No space left on device")
        return write(self, data)

    monkeypatch.setattr(Path, "write_bytes", write_bytes)


def test_a_full_temporary_folder_is_named_as_that(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    temp, out = tmp_path / "temp", tmp_path / "out"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    full(temp, monkeypatch)
    with pytest.raises(OSError) as raised:
        preflighted("mywuxing/shop/dtc/deck.pdf", b"%PDF-1.4\n", "dtc")
    assert raised.value.filename is not None
    assert Path(raised.value.filename).parent.parent == temp
    said = cannot_write(raised.value, out)
    assert said.startswith(
        f"the temporary folder {display_path(temp)} is full (No space left on device)"
    )
    assert "TMPDIR" in said and display_path(out) not in said


def test_out_inside_the_temporary_folder_is_named_as_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    failed = OSError(errno.ENOSPC, "No space left on device", str(out / "game" / "cards.pdf"))
    assert cannot_write(failed, out) == (
        f"cannot write {display_path(out / 'game' / 'cards.pdf')}: No space left on device"
    )


def test_another_error_in_the_temporary_folder_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))
    failed = OSError(errno.EACCES, "Permission denied", str(tmp_path / "temp" / "x" / "a.pdf"))
    said = cannot_write(failed, tmp_path / "out")
    temp = display_path(tmp_path / "temp")
    assert said == f"cannot write in the temporary folder {temp}: Permission denied"
