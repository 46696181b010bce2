"""A title (a text box that caps its lines, `lines: N`) breaks between its words and is not
hyphenated to fill a line's end: the default back printed 'Six Winds Obser- / vatory' on
every card of a designer's game, where 'Six Winds / Observatory' fits (found by a designer's
trial). A title's word wider than a whole line is still hyphenated; body text still fills
its lines' ends. Read from the back's SVG: its lines as drawn."""

from __future__ import annotations

import re
from pathlib import Path

from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces.game_faces import game_faces
from printgen.render.text.richtext import Layout, parse
from tests.render.winds import winds_game


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text [^>]*>([^<]*)</text>", svg)


def test_the_default_back_sets_the_game_title_whole_words(tmp_path: Path) -> None:
    folder = winds_game(tmp_path)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("Six Winds", "Six Winds Observatory", 1))
    back = game_faces(load_game(folder), CairoMeasure())[0].back
    lines = _texts(back.svg)
    assert "Observatory" in lines, lines
    assert not any(line.endswith("-") for line in lines), lines


def _lines(text: str, zone: bool, width: float) -> list[str]:
    layout = Layout("Lato", CairoMeasure(), zone=zone)
    lines, _ = layout.lines(parse(text), width, 5.6, False)  # 16 pt
    return ["".join(p.piece.text for p in line.pieces) for line in lines]


def test_a_title_word_wider_than_a_line_is_still_hyphenated() -> None:
    assert _lines("Meteorologically", zone=False, width=25.0)[0].endswith("-")


def test_body_text_still_fills_a_lines_end() -> None:
    assert _lines("Six Winds Observatory", zone=True, width=45.0)[0].endswith("-")
