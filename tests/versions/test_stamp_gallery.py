"""The gallery (OUT/index.html) follows the build's stamp choice: with `--no-stamp` the kit
prints no stamp, so the gallery's validate report does not check one (a pale stamp's contrast
warning shows only in a build that prints it), in either order of builds into one OUT."""

from __future__ import annotations

import html
from pathlib import Path

from tests.versions.conftest import tiny_game

WARNING = "box 'stamp'"
"""The start of the contrast warning of the pale stamp (the design's `stamp:` box)."""


def pale_game(root: Path) -> Path:
    """A data folder with a two-card game whose stamp is too pale to read on its cards."""
    extra = "version: 2\ndate: 2026-11-29\n"
    return tiny_game(root / "data" / "pale", extra, design='stamp: {colour: "#e4e4e4"}\n').parent


def gallery(out: Path) -> str:
    return html.unescape((out / "index.html").read_text(encoding="utf-8"))


def test_the_gallery_checks_the_stamp_only_when_the_kit_prints_it(cli, tmp_path: Path) -> None:
    data, out = pale_game(tmp_path), tmp_path / "out"
    stamped = cli("build", "pale", "--data", data, "--out", out, "--jobs", "1")
    assert stamped.code == 0, stamped.err
    assert "#e4e4e4 on #fbf7ee" in gallery(out) and WARNING in gallery(out)
    assert "1 warning (pale 1)" in stamped.out
    bare = cli("build", "pale", "--data", data, "--out", out, "--jobs", "1", "--no-stamp")
    assert bare.code == 0, bare.err
    assert WARNING not in gallery(out) and "validate:" not in bare.out
    again = cli("build", "pale", "--data", data, "--out", out, "--jobs", "1")
    assert WARNING in gallery(out) and "1 warning (pale 1)" in again.out
