"""What printgen sets around a game's cards is in the game's own font: a game named in
Georgian, with its own DejaVu Sans (which has Georgian; Lato has none), could not build its
cards ('the sheet caption ... has no glyph'), since the captions of cards.pdf, the print
guide and the ink-saving backs were fixed to Lato. Now they use the cards' body font, with
Lato only for a letter that font lacks; a letter neither has is still refused by name. Read
back from the PDFs: which font each character is drawn in."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest

from printgen.model import load_game
from printgen.render.text.fonts import FontRequest, charmap, resolve

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
GEORGIAN = "მთვარის ბაღი"
LETTERS = set(GEORGIAN) - {" "}

pytestmark = pytest.mark.skipif(not DEJAVU.is_file(), reason="DejaVu Sans is not installed")


def lato_only() -> str:
    """A letter Lato has and DejaVu Sans lacks: the one the captions take from Lato."""
    lato = charmap(resolve(FontRequest("Lato")).file)
    return next(chr(c) for c in sorted(lato - charmap(DEJAVU)) if chr(c).isalpha())


def make_game(root: Path, name: str, deck: str = "seeds") -> Path:
    folder = root / "moon"
    (folder / "fonts").mkdir(parents=True)
    shutil.copyfile(DEJAVU, folder / "fonts" / DEJAVU.name)
    (folder / "game.yaml").write_text(
        f"id: moon\nname: {name}\nplayers: {{min: 1, max: 2}}\ncard_size: poker\n"
        f"components:\n  {deck}: {{file: seeds.csv}}\n",
        encoding="utf-8",
    )
    (folder / "seeds.csv").write_text("id,name\ns1,ბაღი\ns2,Seed\n", encoding="utf-8")
    (folder / "design.yaml").write_text(
        f"fonts:\n  body: {{file: fonts/{DEJAVU.name}}}\n  title: {{file: fonts/{DEJAVU.name}}}\n",
        encoding="utf-8",
    )
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    from printgen.commands.build import BuildOptions
    from printgen.kit.cards import card_files
    from printgen.kit.guide import guide_for, write_guide
    from printgen.kit.names import card_outputs
    from printgen.kit.write import build_part

    root = tmp_path_factory.mktemp("lettering")
    extra = lato_only()
    game = load_game(make_game(root / "data", f"{GEORGIAN} {extra}"))
    options = replace(BuildOptions(), ink_saver=True)
    files = build_part(card_files, game, options, root / "out", card_outputs(("cards.pdf",)))
    guide = write_guide(guide_for(game.name, files), root / "out" / "moon", game)
    assert guide is not None
    return root / "out" / "moon", extra


def fonts_of(pdf: Path, page: int, wanted: set[str]) -> dict[str, set[str]]:
    """The fonts (without subset tags) each wanted character is drawn in on `page`."""
    found: dict[str, set[str]] = {}
    with pdfplumber.open(pdf) as document:
        for char in document.pages[page].chars:
            if char["text"] in wanted:
                found.setdefault(char["text"], set()).add(char["fontname"].split("+")[-1])
    return found


def test_the_captions_are_in_the_games_font_and_in_lato_what_it_lacks(
    built: tuple[Path, str],
) -> None:
    folder, extra = built
    with pdfplumber.open(folder / "cards.pdf") as document:
        text = document.pages[0].extract_text()
    assert f"{GEORGIAN} {extra} · seeds · sheet 1 of 1 · fronts" in text
    found = fonts_of(folder / "cards.pdf", 0, LETTERS | {extra, "·"})
    for letter in LETTERS:  # the card ბაღი is DejaVu too: every one of its letters
        assert found[letter] == {"DejaVuSans"}, letter
    assert found[extra] == {"Lato-Medium"}  # DejaVu lacks it: Lato, the shared font
    assert found["·"] == {"DejaVuSans"}


def test_the_ink_saving_backs_print_the_title_in_the_games_font(built: tuple[Path, str]) -> None:
    """The back's title is in capitals where the font has them: Georgian's (Mtavruli) are
    in neither font, so the title stays as written rather than print as empty boxes."""
    folder, extra = built
    with pdfplumber.open(folder / "cards.pdf") as document:
        page = document.pages[1]
        large = [c for c in page.chars if c["size"] > 8]
        width = page.width
        text = page.extract_text()
    assert GEORGIAN in text and extra.upper() in text
    fonts = {c["text"]: c["fontname"].split("+")[-1] for c in large}
    assert {fonts[letter] for letter in LETTERS} == {"DejaVuSans"}  # its bold: the one file
    assert fonts[extra.upper()] == "Lato-Bold"
    assert all(0 < c["x0"] < c["x1"] < width for c in large)


def test_the_print_guide_is_in_the_games_font(built: tuple[Path, str]) -> None:
    folder, extra = built
    with pdfplumber.open(folder / "print-guide.pdf") as document:
        assert f"{GEORGIAN} {extra}: printing the kit at home" in document.pages[0].extract_text()
    found = fonts_of(folder / "print-guide.pdf", 0, LETTERS | {"W", extra})
    assert all(found[letter] <= {"DejaVuSans", "DejaVuSans-Bold"} for letter in LETTERS)
    assert found["W"] == {"DejaVuSans"}  # "What to print", the guide's own words too
    assert found[extra] == {"Lato-Bold"}


def test_a_letter_no_font_has_is_named_with_its_text(tmp_path: Path) -> None:
    """𓀀 (U+13000) is in neither font: the build refuses the caption naming it, and validate
    names the captions of cards.pdf as where it is."""
    from printgen.check.fonts import font_checks
    from printgen.commands.build import BuildOptions
    from printgen.errors import RenderError
    from printgen.kit.cards import card_files
    from printgen.kit.names import card_outputs
    from printgen.kit.write import build_part

    game = load_game(make_game(tmp_path / "data", GEORGIAN, deck="𓀀"))
    with pytest.raises(RenderError) as raised:
        build_part(card_files, game, BuildOptions(), tmp_path / "out", card_outputs(("cards.pdf",)))
    message = str(raised.value)
    caption = f"flip on long edge · {GEORGIAN} · 𓀀 · sheet 1 of 1 · fronts · cut: top-to-bottom"
    assert "the sheet caption 'print at 100 % (no scaling)" in message and caption in message
    assert "DejaVuSans.ttf" in message and "U+13000" in message
    failed = [c for c in font_checks(game) if not c.ok]
    assert len(failed) == 1
    assert "U+13000 '𓀀' (the captions of cards.pdf)" in failed[0].detail
