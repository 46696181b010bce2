"""The build owns the reprint files in OUT/<game>/: `build --changed-since` writes them and
the gallery and the print guide list them; a later build with nothing to print again removes
reprint.pdf; a later build without --changed-since removes both (they would describe another
build's kit), and the gallery and guide no longer name them."""

from __future__ import annotations

import html
import shutil
from pathlib import Path

import pdfplumber

from tests.conftest import edit
from tests.versions.conftest import tiny_game


def two_versions(root: Path) -> tuple[Path, Path]:
    """(v1's game folder, v2's data folder): v2 changes one card's text."""
    v1 = tiny_game(
        root / "v1" / "fable", rows="name,count,text\nFox,2,Take one.\nHare,1,Give one.\n"
    )
    v2 = root / "v2" / "fable"
    shutil.copytree(v1, v2)
    edit(v2 / "market.csv", "Take one.", "Take two.")
    return v1, v2.parent


def listed(out: Path) -> tuple[str, str]:
    """(the gallery's page, the print guide's text)."""
    page = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    with pdfplumber.open(out / "fable" / "print-guide.pdf") as pdf:
        guide = " ".join(p.extract_text() or "" for p in pdf.pages)
    return page, " ".join(guide.split())


def test_reprint_files_are_listed_then_removed_by_a_build_without_the_flag(
    cli, tmp_path: Path
) -> None:
    v1, data = two_versions(tmp_path)
    out, kit = tmp_path / "out", tmp_path / "out" / "fable"
    build = ("build", "fable", "--data", data, "--out", out, "--jobs", "1")

    first = cli(*build, "--changed-since", v1)
    assert first.code == 0, first.err
    assert (kit / "reprint.pdf").is_file() and (kit / "reprint.txt").is_file()
    assert "x2 (face changed)" in (kit / "reprint.txt").read_text(encoding="utf-8")  # the Fox
    page, guide = listed(out)
    assert 'href="fable/reprint.pdf"' in page and 'href="fable/reprint.txt"' in page
    assert "reprint.pdf" in guide and "Only the cards changed since" in guide

    same = cli(*build, "--changed-since", data / "fable")  # against itself: nothing to print
    assert same.code == 0, same.err
    assert not (kit / "reprint.pdf").exists()
    assert "print (reprint.pdf, 0 cards):" in (kit / "reprint.txt").read_text(encoding="utf-8")
    page, guide = listed(out)
    assert 'href="fable/reprint.pdf"' not in page and 'href="fable/reprint.txt"' in page
    assert "reprint.pdf" not in guide

    plain = cli(*build)
    assert plain.code == 0, plain.err
    assert not (kit / "reprint.txt").exists() and not (kit / "reprint.pdf").exists()
    assert "removed reprint.txt of an earlier build (fable: no --changed-since)" in plain.err
    page, guide = listed(out)
    assert "reprint" not in page and "reprint" not in guide
    assert (kit / "cards.pdf").is_file()  # the kit itself stays
