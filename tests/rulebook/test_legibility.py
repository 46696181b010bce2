"""No text in a rulebook, its diagrams and card pictures included, prints under 6 pt: the
reading copy keeps every label at LABEL_PT or more, so the booklets, which print its pages at
93.8 % (A4) and 91 % (Letter), keep 6 pt on paper. Read back with pdfplumber; the booklets'
outer 5 mm stay blank on both papers too (pypdfium2) (issue 16). No line in them is thinner
than a print shop takes (HAIRLINE_PT), so `--shop print` passes preflight."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.preflight.checks import HAIRLINE_PT
from printgen.preflight.scan import scan
from printgen.render.draw.svgdraw import LABEL_PT
from printgen.render.sheets.booklet import booklet_pdf
from tests.printcheck import ink_near_edge, smallest_text
from tests.rulebook.conftest import RULEBOOKS, booklet_name

PRINTED = 6.0


@pytest.mark.parametrize(("game_id", "name"), RULEBOOKS)
def test_reading_copy_has_no_text_under_the_label_size(
    built: Path, game_id: str, name: str
) -> None:
    size, where = smallest_text(built / game_id / name)
    assert size >= LABEL_PT - 0.01, (game_id, name, round(size, 2), where)


@pytest.mark.parametrize(("game_id", "name"), RULEBOOKS)
def test_booklets_print_no_text_under_6pt_and_nothing_near_the_edge(
    built: Path, tmp_path: Path, game_id: str, name: str
) -> None:
    a4 = built / game_id / booklet_name(name)
    letter = tmp_path / booklet_name(name)
    letter.write_bytes(booklet_pdf((built / game_id / name).read_bytes(), "letter", game_id))
    for path in (a4, letter):
        size, where = smallest_text(path)
        assert size >= PRINTED - 0.01, (path.name, round(size, 2), where)
        assert ink_near_edge(path) == [], path


@pytest.mark.parametrize(("game_id", "name"), RULEBOOKS)
def test_no_line_in_a_rulebook_or_its_booklets_is_under_a_shops_hairline(
    built: Path, tmp_path: Path, game_id: str, name: str
) -> None:
    letter = tmp_path / booklet_name(name)
    letter.write_bytes(booklet_pdf((built / game_id / name).read_bytes(), "letter", game_id))
    for path in (built / game_id / name, built / game_id / booklet_name(name), letter):
        thinnest = scan(path).thinnest_line
        assert thinnest is not None, path.name
        assert thinnest[0] >= HAIRLINE_PT - 1e-6, (game_id, path.name, thinnest)
