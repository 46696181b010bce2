"""Issue 40, item 9: a font file a design brings is opened as the build will open it before
`validate` accepts it. Was: with one table tag damaged (`glyf` -> `glyg`) the sample's font
passed validate and the cards printed without their text (cairo drew every letter as
nothing), or the rulebook's font embedding failed in the build.

The damages are made from the lantern market's Comfortaa: a table's tag renamed (to another
table's, or to a tag no program knows), a table's bytes zeroed, the file cut short. A damage to
a table the card renderer or the rulebook needs is refused by validate (exit 1 or 2, naming the
file); one to a table no printed page needs (`DSIG`, `GSUB`, `post`) is accepted, as the
build then prints the same text. Every variant is validated in one child process: each damaged
file is added to that process's fontconfig, which must not reach the other tests."""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.hardening.conftest import ROOT, run_python

FONT = ROOT / "examples" / "lantern-market" / "fonts" / "Comfortaa-Regular.ttf"
NEEDED = ("glyf", "loca", "head", "hhea", "hmtx", "maxp", "cmap")
HARMLESS = ("DSIG", "GSUB", "post")
GAME = """\
id: inky
name: Inky
players: {min: 2, max: 4}
card_size: poker
components:
  deck: {file: cards.csv}
"""
DESIGN = "fonts:\n  body: {file: fonts/Face.ttf}\n  title: {file: fonts/Face.ttf}\n"


def tables(raw: bytes) -> dict[bytes, tuple[int, int, int]]:
    """tag -> (directory entry's offset, table offset, length)."""
    count = struct.unpack(">H", raw[4:6])[0]
    found = {}
    for i in range(count):
        at = 12 + 16 * i
        tag, _checksum, offset, length = struct.unpack(">4sIII", raw[at : at + 16])
        found[tag] = (at, offset, length)
    return found


def damaged(raw: bytes) -> Iterator[tuple[str, bytes, bool]]:
    """(what, the font's bytes, whether validate must refuse it)."""
    found = tables(raw)
    for tag in (*NEEDED, *HARMLESS):
        at = found[tag.encode()][0]
        renames = [b"XXXX", tag[:3].encode() + b"_"] + ([b"name"] if tag in NEEDED else [])
        for new in renames:  # to a tag no program knows, or to another table's
            yield f"{tag} -> {new.decode()}", raw[:at] + new + raw[at + 4 :], tag in NEEDED
    for tag in ("glyf", "hmtx", "cmap", "loca"):
        _at, offset, length = found[tag.encode()]
        zeros = bytes(min(length, 4096))
        yield f"{tag} zeroed", raw[:offset] + zeros + raw[offset + len(zeros) :], True
    for keep in (len(raw) // 2, 4096, 12):
        yield f"cut to {keep} bytes", raw[:keep], True


RUN_EACH = """
import contextlib, io, json, sys
from pathlib import Path
from printgen.cli import main
command = json.loads(sys.argv[1])
for data in sys.argv[2:]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            main([arg.format(data=data) for arg in command])
            code = 0
        except SystemExit as exc:
            code = exc.code
    print(json.dumps({"code": code, "out": out.getvalue()[-1500:], "err": err.getvalue()[-1500:],
                      "written": Path(data + "-out").exists()}), flush=True)
"""


def run_each(command: list[str], fonts: list[bytes], root: Path) -> list[dict[str, Any]]:
    """Run `printgen COMMAND` (`{data}` standing for the data folder) over one tiny game a
    font, each `root/v<N>/inky` with its font as fonts/Face.ttf, all in one child process:
    for each, its exit code, the end of its stdout and stderr, and whether `{data}-out`
    was written."""
    folders = []
    for index, font in enumerate(fonts):
        game = root / f"v{index}" / "inky"
        (game / "fonts").mkdir(parents=True)
        (game / "fonts" / "Face.ttf").write_bytes(font)
        (game / "game.yaml").write_text(GAME)
        (game / "design.yaml").write_text(DESIGN)
        (game / "cards.csv").write_text("name,text\nMoth,Bring a lantern home.\n")
        folders.append(str(game.parent))
    printed = run_python(RUN_EACH, json.dumps(command), *folders, cwd=root)
    return [json.loads(line) for line in printed]


def test_a_damaged_font_is_refused_by_validate_unless_harmless(tmp_path: Path) -> None:
    variants = [("intact", FONT.read_bytes(), False), *damaged(FONT.read_bytes())]
    results = run_each(["validate", "--data", "{data}"], [v[1] for v in variants], tmp_path)
    wrong = []
    for (what, _font, refused), result in zip(variants, results, strict=True):
        text = result["out"] + result["err"]
        lines = text.splitlines()
        failed = [x for x in lines if "Face.ttf" in x and (x.startswith(("  FAIL", "printgen: ")))]
        said = bool(failed) and result["code"] in (1, 2)
        if refused != said or "Traceback" in text:
            wrong.append((what, result))
    assert not wrong, wrong


def test_build_refuses_a_damaged_font_at_the_design_line_before_drawing(tmp_path: Path) -> None:
    """Item 9's build side (and 11's paths): `build` opens the design's fonts itself before
    drawing, so a damaged file is exit 2 at the design's line, the file named as the design
    writes it (never an absolute path), and nothing is written; was exit 0 with the cards
    printed without their text (`glyf` renamed), or exit 3 in the rulebook's embedding."""
    raw = FONT.read_bytes()
    picked = {"glyf -> XXXX", "hmtx zeroed", "cmap -> name", "cut to 4096 bytes"}
    variants = [(what, font) for what, font, _refused in damaged(raw) if what in picked]
    assert len(variants) == len(picked)
    build = ["build", "--data", "{data}", "--out", "{data}-out", "--jobs", "1"]
    results = run_each(build, [font for _what, font in variants], tmp_path)
    wrong = []
    for index, ((what, _font), result) in enumerate(zip(variants, results, strict=True)):
        said = (
            f"printgen: v{index}/inky/design.yaml:2: fonts.body.file: font file 'fonts/Face.ttf': "
        )
        absolute = str(tmp_path / f"v{index}" / "inky" / "fonts")
        refused = result["code"] == 2 and said in result["err"] and not result["written"]
        if not refused or absolute in result["err"] or "Traceback" in result["err"]:
            wrong.append((what, result))
    assert not wrong, wrong
