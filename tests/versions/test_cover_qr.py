"""The stamp and game.yaml's `url:` beyond the cards: the rulebook's cover, the print guide's
note, and a QR code a part's box places (`component: qr`)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import segno

from printgen.commands.build import stamp_note
from printgen.model import load_game
from printgen.render.parts.faces import PartFaces
from printgen.render.rulebook.build import rulebook_html
from printgen.render.rulebook.source import sources
from printgen.render.text.shaping import ShapedMeasure
from tests.conftest import ROOT, edit
from tests.versions.conftest import SAMPLE

URL = "https://example.org/lantern-market"


def test_the_cover_prints_the_stamp_and_the_urls_qr_code(tmp_path: Path) -> None:
    game_folder = tmp_path / "lantern-market"
    shutil.copytree(SAMPLE, game_folder)
    edit(game_folder / "game.yaml", "version: 1 ", f"url: {URL}\ndate: 2026-11-29\nversion: 1 ")
    game = load_game(game_folder)
    html = rulebook_html(next(iter(sources(game))))
    cover = html[html.index('<section class="cover">') : html.index("</section>")]
    assert '<p class="stamp">v1 \u00b7 2026-11-29</p>' in cover
    assert f'<p class="url">{URL}</p>' in cover
    size = segno.make(URL, error="m", micro=False).symbol_size(scale=1, border=4)
    assert f'viewBox="0 0 {size[0]} {size[1]}"' in cover and 'class="qrline"' in cover
    assert "This is version v1 \u00b7 2026-11-29:" in stamp_note(game)


def test_no_url_no_qr_and_no_version_no_note(tmp_path: Path) -> None:
    game_folder = tmp_path / "lantern-market"
    shutil.copytree(SAMPLE, game_folder)
    edit(game_folder / "game.yaml", "version: 1 ", "# no version ")
    game = load_game(game_folder)
    html = rulebook_html(next(iter(sources(game))))
    assert 'class="qr"' not in html and 'class="stamp"' not in html
    assert stamp_note(game) == ""


def test_a_parts_box_places_the_qr_code(tmp_path: Path) -> None:
    folder = tmp_path / "saltmarsh"
    shutil.copytree(ROOT / "examples" / "saltmarsh", folder)
    edit(folder / "game.yaml", "\ncomponents:", f"\nurl: {URL}\ncomponents:")
    game = load_game(folder)
    faces = PartFaces(game, ShapedMeasure(), "a4")
    assert 'class="qrline"' not in faces.faces(game.parts["score-pad"])[0].svg  # none placed
    with (folder / "design.yaml").open("a", encoding="utf-8") as out:  # score-pad's boxes
        out.write("      qr: {component: qr, left: 45%, top: 0, width: 12mm, height: 20mm}\n")
    faces = PartFaces(load_game(folder), ShapedMeasure(), "a4")
    svg = faces.faces(game.parts["score-pad"])[0].svg
    found = re.search(r'<svg x="[\d.]+" y="([\d.]+)" width="([\d.]+)" height="\2" viewBox=', svg)
    assert found is not None and float(found.group(2)) == 12.0  # the box's square, centred
    assert 'class="qrline"' in svg
