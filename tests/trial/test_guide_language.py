"""The print guide speaks the kit's language: a French kit's guide was all English (its
headings, papers, how to print and cut, the scale check) though its sheets' footers were
French (a designer's trial). `--lang en` prints the same kit's guide in English, and a game's
`rules-labels.<lang>.yaml` may change any of its words."""

from __future__ import annotations

from pathlib import Path

import pypdf

from tests.pieces_game import write_game

GAME = """\
id: port
name: Le Port
players: {min: 2, max: 4}
card_size: poker
languages: [fr, en]
components:
  goals: {file: goals.csv}
  pearls: {file: pearls.csv, shape: circle, size: 20mm}
parts:
  board: {size: [420mm, 300mm], title: Plateau}
"""
FILES = {
    "goals.csv": "name,count\nRassembler,5\n",
    "pearls.csv": "name,count\nBlanche,9\n",
}


def _guide(cli, tmp_path: Path, *options: str) -> str:
    out = tmp_path / "out"
    run = cli("build", "port", "--data", tmp_path / "data", "--out", out, *options)
    assert run.code == 0, run.err
    reader = pypdf.PdfReader(out / "port" / "print-guide.pdf")
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def test_a_french_kit_has_a_french_guide(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data", GAME, FILES)
    text = _guide(cli, tmp_path)
    assert "Le Port : imprimer le jeu chez soi" in text
    assert "Tout est mis en page pour du papier A4." in text
    for heading in ("À imprimer", "Ordre de découpe", "Vérifier l'échelle"):
        assert heading in text
    cards = text.split("cards.pdf — ", 1)[1].split("cards-fold.pdf", 1)[0]
    assert cards.startswith("1 feuille Papier cartonné de 160 à 250 g/m²")
    assert "Recto verso, retournement sur le bord long" in cards
    assert "Jetons ronds : découpez chacun le long de son cercle gris" in text
    assert "La page 1 montre « Plateau » en entier sur une feuille A2" in text
    assert "portent chacun une barre de 50 mm exactement" in text
    for english in ("What to print", "Cutting order", "Two-sided", "Card stock", " sheets"):
        assert english not in text


def test_the_same_kit_in_english_and_a_game_s_own_words(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data", GAME, FILES)
    english = _guide(cli, tmp_path, "--lang", "en")
    assert "Le Port: printing the kit at home" in english
    assert "Page 1 is the whole plateau on one A2 sheet" in english
    assert "À imprimer" not in english

    labels = tmp_path / "data" / "port" / "rules-labels.fr.yaml"
    labels.write_text('kit:\n  guide_what: "Fichiers à imprimer"\n', encoding="utf-8")
    french = _guide(cli, tmp_path)
    assert "Fichiers à imprimer" in french
    assert "Ordre de découpe" in french


def test_a_kit_not_built_now_keeps_its_guide(cli, tmp_path: Path) -> None:
    """Building another game of the same folder remade every kit's guide in this build's
    language: the French game built `--lang en` got a French guide under English cards
    (the review of this change). A kit this build did not make keeps its guide."""
    write_game(tmp_path / "data", GAME, FILES)
    other = "id: other\nname: Other\nplayers: {min: 2, max: 4}\ncard_size: poker\n"
    write_game(tmp_path / "data", other + "components:\n  goals: {file: goals.csv}\n", FILES)
    assert "Le Port: printing the kit at home" in _guide(cli, tmp_path, "--lang", "en")
    out = tmp_path / "out"
    run = cli("build", "other", "--data", tmp_path / "data", "--out", out)
    assert run.code == 0, run.err
    reader = pypdf.PdfReader(out / "port" / "print-guide.pdf")
    assert "Le Port: printing the kit at home" in reader.pages[0].extract_text()


def test_the_guide_s_notes_are_in_the_kit_s_language(tmp_path: Path) -> None:
    """The back offset's and the version stamp's notes at the guide's end were English in
    every kit."""
    from dataclasses import replace

    from printgen.commands.build import BuildOptions, kit_notes
    from printgen.layout.duplex import BackOffset
    from printgen.model import load_game

    write_game(tmp_path, GAME.replace("name: Le Port\n", "name: Le Port\nversion: 2\n"), FILES)
    game = load_game(tmp_path / "port")
    options = replace(BuildOptions(), back_offset=BackOffset(0.5, -0.25), printer="maison")
    offset, stamp = kit_notes(game, options)
    assert offset.startswith("Chaque page de versos est décalée du décalage enregistré pour")
    assert "l'imprimante 'maison'" in offset
    assert stamp.startswith("Ceci est la version v2 : chaque carte")
    offset, stamp = kit_notes(game, replace(options, lang="en"))
    assert offset.startswith("Every back page is moved by printer 'maison''s saved back offset")
    assert stamp.startswith("This is version v2: every card")
