"""A Silhouette page's footer says which sheet it is and how Silhouette Studio takes it, in
the kit's language, whole: it ran "… · open counters-cut.svg (or .dxf) at th… · Border Reach ·
counters", cut and with no sheet number (a designer's trial). The names give way first."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: {name}
players: {{min: 2, max: 4}}
card_size: poker
languages: [{lang}]
components:
  goals: {{file: goals.csv}}
"""


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "sheet 2 of 3 · Silhouette: marks Type 1, inset 10 mm; cards-cut.svg at the origin"),
        (
            "fr",
            "feuille 2 sur 3 · Silhouette : repères type 1, retrait 10 mm ; cards-cut.svg"
            " à l'origine",
        ),
        (
            "de",
            "Blatt 2 von 3 · Silhouette: Marken Typ 1, Einzug 10 mm; cards-cut.svg am Ursprung",
        ),
        (
            "it",
            "foglio 2 di 3 · Silhouette: segni tipo 1, rientro 10 mm; cards-cut.svg all'origine",
        ),
        ("es", "hoja 2 de 3 · Silhouette: marcas tipo 1, margen 10 mm; cards-cut.svg en el origen"),
    ],
)
def test_the_footer_names_the_sheet_and_the_cutter_s_steps(
    cli, tmp_path: Path, lang: str, expected: str
) -> None:
    name = "The Harbour of the Seven Drowned Bells"
    write_game(
        tmp_path / "data",
        GAME.format(name=name, lang=lang),
        {"goals.csv": "name,count\nGather,12\n"},
    )
    out = tmp_path / "out"
    run = cli(
        "build", "harbour", "--data", tmp_path / "data", "--out", out, "--cutter", "silhouette"
    )
    assert run.code == 0, run.err
    with pdfplumber.open(out / "harbour" / "cards-cut.pdf") as pdf:
        assert len(pdf.pages) == 6  # three sheets of fronts, each followed by its backs
        footer = " ".join(pdf.pages[2].extract_text().split("\n")[-1:])
    assert expected in footer, footer
    assert " · The Harbour" in footer and "\u2026 · goals · " in footer  # the name gave way
