"""The bundled rulebooks, read back: files, page size, fonts, totals, examples, labels."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from printgen.kit.names import path_of
from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.rulebook import rule_files
from printgen.render.rulebook.source import sources
from printgen.rules.examples import load_examples
from tests.rulebook.conftest import CARD_DATA, GAMES, RULEBOOKS, build_warnings

A5_PT = (419.53, 595.28)
TOTALS = {
    "mywuxing": ["54", "52"],
    "cl4sh": ["96", "6"],
    "the-way": ["100", "44"],
    "elementa": ["40"],
    "feng-shui-master": ["15"],
}


@pytest.mark.parametrize(("game_id", "name"), RULEBOOKS)
def test_rulebook_exists_on_a5_with_embedded_fonts(built: Path, game_id: str, name: str) -> None:
    path = built / game_id / name
    assert path.is_file() and path.stat().st_size > 10_000
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) > 4
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width), 2), round(float(box.height), 2)) == A5_PT
    fonts = _fonts(reader)
    assert fonts, "no fonts at all"
    for font_name, descriptor in fonts.items():
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font_name
    assert any("Lato" in font_name for font_name in fonts)


def _fonts(reader: pypdf.PdfReader) -> dict[str, dict[str, object]]:
    found: dict[str, dict[str, object]] = {}

    def visit(resources: object) -> None:
        if not isinstance(resources, dict):
            return
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            for item in font.get("/DescendantFonts", [font]):
                item = item.get_object()
                descriptor = item.get("/FontDescriptor")
                if descriptor is not None:
                    found[str(item.get("/BaseFont"))] = dict(descriptor.get_object())
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if "/Resources" in xobject:
                visit(xobject["/Resources"].get_object())

    for page in reader.pages:
        visit(page.get("/Resources", {}).get_object() if "/Resources" in page else {})
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_text_carries_the_computed_totals(texts: dict[tuple[str, str], str], game_id: str) -> None:
    game = load_game(CARD_DATA / game_id)
    text = texts[(game_id, "rules.pdf")]
    for comp in game.components.values():
        assert str(comp.total) in text, (game_id, comp.name)
    for total in TOTALS[game_id]:
        assert total in text
    assert game.name in text


@pytest.mark.parametrize(("game_id", "name"), RULEBOOKS)
def test_every_worked_example_is_printed(
    texts: dict[tuple[str, str], str], game_id: str, name: str
) -> None:
    game = load_game(CARD_DATA / game_id)
    examples = load_examples(game)
    assert examples, f"{game_id} has worked examples"
    source = next(s for s in sources(game) if path_of(s.output) == name)
    local = source.front.get("examples") or {}
    text = texts[(game_id, name)]
    for example in examples:
        shown = (local.get(example.name) or {}).get("name") or example.name
        assert " ".join(shown.split()) in text, shown


def test_italian_rulebook_uses_italian_labels(texts: dict[tuple[str, str], str]) -> None:
    text = texts[("elementa", "rules.it.pdf")]
    for word in (
        "Indice",
        "Componenti",
        "Carta",
        "Totale",
        "Giocatori",
        "Carte a testa",
        "Esempi svolti",
        "4 giocatori",
        "Reliquia",
        "Mazzo",
    ):
        assert word in text, word
    for english in ("Contents", "Cards each", "Worked examples"):
        assert english not in text, english


def test_long_rulebooks_have_contents_and_page_numbers(texts: dict[tuple[str, str], str]) -> None:
    for (game_id, name), text in texts.items():
        label = "Indice" if name.endswith(".it.pdf") else "Contents"
        assert label in text, game_id
        assert "Quick reference" in text or "Riepilogo" in text


def test_page_numbers_and_running_headers(built: Path) -> None:
    reader = pypdf.PdfReader(built / "cl4sh" / "rules.pdf")
    page = reader.pages[4].extract_text() or ""
    assert "CL4SH" in page  # running header: the game's name
    assert "5" in page.split()  # page number


def test_weasyprint_had_nothing_to_complain_about(built: Path) -> None:
    assert build_warnings(built) == []


def test_provisional_deck_is_said(texts: dict[tuple[str, str], str]) -> None:
    assert "provisional" in texts[("cl4sh", "rules.pdf")].lower()


def test_same_input_gives_the_same_bytes(built: Path, tmp_path: Path) -> None:
    written = build_part(rule_files, load_game(CARD_DATA / "elementa"), None, tmp_path)
    assert [p.name for p in written] == [
        "rules.pdf",
        "rules-booklet.pdf",
        "rules.it.pdf",
        "rules-booklet.it.pdf",
    ]
    for path in written:
        assert path.read_bytes() == (built / "elementa" / path.name).read_bytes(), path.name
    assert b"/CreationDate" not in written[0].read_bytes()
