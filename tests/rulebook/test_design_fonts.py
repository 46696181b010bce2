"""The card design's fonts in the rulebook: the sample sets its cards in Comfortaa (its
`fonts:` body and title roles, files in its folder) and its rulebook was all Lato. Read back
from the built PDF with pdfplumber: the body text is the body role's face, the cover title and
headings the title role's; a game without fonts of its own keeps Lato; and a long card name
wraps inside the page instead of pushing the components table past the margin."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from printgen.kit.write import build_part
from printgen.layout.units import PT_PER_MM
from printgen.model import load_game
from printgen.render.rulebook import rule_files
from printgen.render.rulebook.typeface import rulebook_fonts
from tests.conftest import CARD_DATA, ROOT, edit

RIGHT_MARGIN_MM = 13.0  # the narrower of the A5 page's outer margins (rulebook.css.j2)


@pytest.fixture(scope="module")
def sample_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("data")
    shutil.copytree(ROOT / "examples" / "lantern-market", data / "lantern-market")
    path, _booklet = build_part(
        rule_files, load_game(data / "lantern-market"), None, tmp_path_factory.mktemp("out")
    )
    return path


def fonts_of(pdf: pdfplumber.PDF, page: int, text: str) -> set[str]:
    """The fonts of the characters of the first line on `page` that holds `text`."""
    words = pdf.pages[page].extract_words(extra_attrs=["fontname"])
    found = [w for w in words if w["text"] == text]
    assert found, (text, [w["text"] for w in words][:40])
    return {found[0]["fontname"].split("+")[-1]}


def test_the_rulebook_is_set_in_the_designs_faces(sample_pdf: Path) -> None:
    with pdfplumber.open(sample_pdf) as pdf:
        assert fonts_of(pdf, 0, "Lantern") == {"printgen-title-Bold"}  # the cover title
        # page 2, after the contents (the sample's scoring and examples make it long enough)
        assert fonts_of(pdf, 1, "Contents") == {"printgen-title-Bold"}
        assert fonts_of(pdf, 2, "Components") == {"printgen-title-Bold"}  # a heading
        assert fonts_of(pdf, 2, "bridges") == {"printgen-body"}  # the text
        assert fonts_of(pdf, 2, "goods") == {"printgen-body-Bold"}  # **goods**: its bold file


def test_a_long_card_name_wraps_inside_the_page(sample_pdf: Path) -> None:
    with pdfplumber.open(sample_pdf) as pdf:
        for number, page in enumerate(pdf.pages[1:], start=2):
            edge = page.width - RIGHT_MARGIN_MM * PT_PER_MM + 0.5
            outside = [c["text"] for c in page.chars if c["x1"] > edge]
            assert not outside, (number, "".join(outside))


def test_a_game_without_fonts_of_its_own_keeps_lato() -> None:
    fonts = rulebook_fonts(load_game(CARD_DATA / "mywuxing"))
    assert (fonts.faces, fonts.body, fonts.title) == ("", "Lato, sans-serif", "")


def test_an_installed_family_is_named_and_a_changed_file_is_another_stylesheet(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", folder)
    before = rulebook_fonts(load_game(folder))
    fonts = folder / "fonts"
    shutil.copyfile(fonts / "Comfortaa-Regular.ttf", fonts / "Comfortaa-Bold.ttf")
    assert rulebook_fonts(load_game(folder)).faces != before.faces  # the PDF is typeset again
    design = folder / "design.yaml"
    edit(design, "  title: {file: fonts/Comfortaa-Bold.ttf}", "  title: {family: DejaVu Serif}")
    assert rulebook_fonts(load_game(folder)).title == '"DejaVu Serif", Lato, sans-serif'
