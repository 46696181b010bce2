"""A game's own icons (its `icons/` folder) in its rulebook, drawn as its cards draw them: a
designer writes `:coin:` once in the card text and in rules.md and sees the same picture."""

from __future__ import annotations

import base64
from pathlib import Path

import pikepdf

from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.rulebook import rule_files, rulebook_html
from printgen.render.rulebook.source import sources
from tests.model.designer import tavern

RULES = "# Tavern Brawl\n\nPay :coin: and roll :d6: on your turn; :water: is shared.\n"


def game_with_rules(tmp_path: Path) -> Path:
    folder = tavern(tmp_path / "data")
    (folder / "rules.md").write_text(RULES, encoding="utf-8")
    return folder


def test_the_games_own_icons_are_inlined_from_its_files(tmp_path: Path) -> None:
    folder = game_with_rules(tmp_path)
    html = rulebook_html(sources(load_game(folder))[0])
    for name in ("coin", "d6"):
        data = base64.b64encode((folder / "icons" / f"{name}.png").read_bytes()).decode()
        assert f'<img class="icon" src="data:image/png;base64,{data}"' in html, name
    assert ":coin:" not in html and ":d6:" not in html
    assert 'src="data:image/svg+xml;base64,' in html  # :water: is still the shared icon


def test_the_rulebook_pdf_draws_them(tmp_path: Path, cli) -> None:
    folder = game_with_rules(tmp_path)
    checked = cli("validate", "tavern", "--data", folder.parent)
    assert "unknown icon ':coin:'" not in checked.out and "':d6:'" not in checked.out
    path, _booklet = build_part(rule_files, load_game(folder), None, tmp_path / "out")
    with pikepdf.open(path) as pdf:
        sizes = {
            (int(image.Width), int(image.Height))
            for page in pdf.pages
            for image in _images(page.obj)
        }
    assert (16, 16) in sizes  # coin.png and d6.png are 16 px squares, the art 24 px


def _images(resources_owner: pikepdf.Object) -> list[pikepdf.Object]:
    """Image XObjects of a page or form, forms searched too (weasyprint wraps images)."""
    found = []
    xobjects = resources_owner.get("/Resources", {}).get("/XObject", {})
    for _name, xobject in xobjects.items():
        if xobject.get("/Subtype") == "/Image":
            found.append(xobject)
        elif xobject.get("/Subtype") == "/Form":
            found.extend(_images(xobject))
    return found
