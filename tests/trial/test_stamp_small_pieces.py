"""The version stamp on pieces too small for it. `v1.2-beta 5c3f2a` was cut to `v1.2-beta…`
on a 1 in hexagon and a 22 mm token and to `…` on a 0.75 in square (a designer's trial; validate
warned of a cut text at templates/common/design.yaml). What a designer wants is the part of the
stamp that tells two printings of a face apart: the stamp now prints shorter where it does not
fit at 6 pt (the design's `shorter:` texts: the version and hash, then the hash alone) and is
left off where even that does not fit (`optional: true`), never cut."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pdfplumber

from printgen.kit.names import path_of
from printgen.kit.options import BuildOptions
from printgen.kit.pieces import piece_files
from printgen.model import load_game
from tests.pieces_game import write_game

GAME = """\
id: bits
name: Bits
players: {min: 2, max: 4}
version: 1.2-beta
date: 2026-11-20
components:
  tiles: {file: tiles.csv, shape: hex, size: 40mm}
  hexes: {file: hexes.csv, shape: hex, size: 1in}
  chits: {file: chits.csv, shape: circle, size: 22mm}
  squares: {file: squares.csv, shape: rect, size: 0.75in}
"""
FILES = {
    f"{deck}.csv": f"id,name,count,value\n{deck}-a,Ash,1,1\n{deck}-b,Fern,1,2\n"
    for deck in ("tiles", "hexes", "chits", "squares")
}
HASH = re.compile(r"^[0-9a-f]{6}$")


def fronts(tmp_path: Path, design: str = "") -> dict[str, list[str]]:
    files = {**FILES, "design.yaml": design} if design else FILES
    game = load_game(write_game(tmp_path, GAME, files))
    made = {path_of(o): data for o, data in piece_files(game, BuildOptions())}
    words = {}
    for deck in ("tiles", "hexes", "chits", "squares"):
        with pdfplumber.open(io.BytesIO(made[f"{deck}.pdf"])) as pdf:
            words[deck] = (pdf.pages[0].extract_text() or "").split()
    return words


def test_a_stamp_too_long_prints_its_hash_alone(tmp_path: Path) -> None:
    words = fronts(tmp_path)
    whole = [w for w in words["tiles"] if w.startswith("v1.2-beta")]
    assert len(whole) == 2, words["tiles"]  # 40 mm: the whole short stamp
    for deck in ("hexes", "chits", "squares"):
        assert not any("v1.2" in w or "…" in w for w in words[deck]), (deck, words[deck])
        hashes = [w for w in words[deck] if HASH.match(w)]
        assert len(hashes) == 2 and hashes[0] != hashes[1], (deck, words[deck])


def test_validate_names_no_cut_stamp(cli, tmp_path: Path) -> None:
    write_game(tmp_path, GAME, FILES)
    run = cli("validate", "--data", tmp_path, "bits")
    assert "box 'stamp'" not in run.out, run.out


def test_a_stamp_that_fits_nowhere_is_left_off(tmp_path: Path) -> None:
    """A box of the designer's own can say the same: here the stamp's box is too narrow for
    even the hash, and prints nothing rather than a cut `5c…`."""
    design = (
        "shapes:\n  circle:\n    front:\n      boxes:\n        stamp: {left: 45%, right: 45%}\n"
    )
    words = fronts(tmp_path, design)
    assert not any(HASH.match(w) or "…" in w for w in words["chits"]), words["chits"]
    assert [w for w in words["tiles"] if w.startswith("v1.2-beta")], words  # tiles keep theirs


def test_a_text_box_of_the_designers_own_prints_shorter(tmp_path: Path) -> None:
    design = """\
decks:
  chits:
    front:
      boxes:
        title: {text: "Ashen Ferns of the North", shorter: ["Ashen Ferns", "Ash"], lines: 1}
"""
    text = "".join(fronts(tmp_path, design)["chits"])  # pdfplumber runs small words together
    assert text.count("AshenFerns") == 2 and "North" not in text, text


def test_an_unknown_icon_in_a_shorter_text_is_named(cli, tmp_path: Path) -> None:
    """The icons a face prints are checked in the text it prints: a `shorter:` text's own
    unknown icon is named, as the long text's would be (a review's finding)."""
    design = """\
decks:
  chits:
    front:
      boxes:
        title: {text: "Ashen Ferns of the North", shorter: ["Ash :lef:"], lines: 1}
"""
    write_game(tmp_path, GAME, {**FILES, "design.yaml": design})
    run = cli("validate", "--data", tmp_path, "bits")
    assert ":lef:" in run.out + run.err, run.out + run.err
