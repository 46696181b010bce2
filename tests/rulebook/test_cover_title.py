"""A long game title stays clear of the cover's foot: it ran over the players and the word
RULEBOOK at 30 pt. Read back from the built rules.pdf's cover by where its words are."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printgen.render.rulebook.page import cover_title_size
from tests.conftest import edit

LONG = (
    "The Tidewrack Conservatory of Drowned Bells, Salt-Stained Lanterns and the Forgotten "
    "Keepers of the Northern Lighthouses"
)


@pytest.mark.parametrize("title", [LONG, LONG + " and Their Salt-Stained Apprentices"])
def test_a_long_title_ends_above_the_players_line(
    cli, tiny: Path, tmp_path: Path, title: str
) -> None:
    edit(tiny / "game.yaml", 'name: "Tiny <Game> & Co"', f'name: "{title}"')
    run = cli("build", "tiny", "--data", tiny.parent, "--out", tmp_path / "out", "--jobs", "1")
    assert run.code == 0, run.err
    with pdfplumber.open(tmp_path / "out" / "tiny" / "rules.pdf") as pdf:
        words = pdf.pages[0].extract_words()
    players = min(w["top"] for w in words if w["text"] == "players")
    title_words = [w for w in words if w["text"] in ("Lighthouses", "Apprentices")]
    assert title_words, [w["text"] for w in words]
    assert max(w["bottom"] for w in title_words) < players


def test_a_title_that_fits_keeps_the_stylesheets_size() -> None:
    assert cover_title_size("MyWuXing: Learn WuXing and Think WuXing") is None
    assert cover_title_size(LONG) == pytest.approx(30 * (60 / 120) ** 0.5, abs=0.1)
    assert cover_title_size("x" * 1000) == 16.0
