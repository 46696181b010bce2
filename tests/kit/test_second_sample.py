"""The second sample (examples/saltmarsh: hex tiles, round double-sided tokens, dice, a few
cards, a board, a score pad and a tuck box) validates clean and builds on A4 and on Letter
(with a gutter and ink-saving backs), and every file a home printer prints passes the home
matrix's checks (tests/kit/test_home_matrix.py): the outer 5 mm blank, "100 %" on every page,
no text under 6 pt. Each paper is built once a run and shared by the xdist workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.cli import main
from tests.kit.conftest import build
from tests.kit.test_home_matrix import printed
from tests.printcheck import ink_near_edge, smallest_text
from tests.shared_builds import shared_folder

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAME = "saltmarsh"
BUILDS = {
    "a4": ("--paper", "a4"),
    "letter": ("--paper", "letter", "--gutter", "2", "--ink-saver"),
}
FILES = {
    # pieces: a deck a file, packed by shape; parts: a file each (DESIGN.md section 11)
    "tiles.pdf",
    "birds.pdf",
    "dice.pdf",
    "cards.pdf",
    "board.pdf",
    "score-pad.pdf",
    "goal-box.pdf",
    "print-guide.pdf",
    "rules-booklet.pdf",
}


@pytest.fixture(scope="module", params=list(BUILDS))
def kit(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    options = BUILDS[request.param]

    def make(out: Path) -> None:
        assert build(out, GAME, "--data", EXAMPLES, *options) == 0

    return shared_folder(tmp_path_factory, f"saltmarsh-{request.param}", make) / GAME


def test_the_sample_validates_without_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["validate", GAME, "--data", str(EXAMPLES)])
    out = capsys.readouterr()
    assert exited.value.code == 0, out.out + out.err
    report = [line for line in out.out.splitlines() if line.strip()]
    assert not [line for line in report if line.lstrip().startswith(("FAIL", "warn"))], report


def test_every_piece_and_part_has_its_file(kit: Path) -> None:
    names = {p.name for p in printed(kit)}
    assert names >= FILES, sorted(FILES - names)


def test_the_outer_5mm_stay_blank(kit: Path) -> None:
    for path in printed(kit):
        assert ink_near_edge(path) == [], path.name


def test_every_page_says_print_at_100_percent(kit: Path) -> None:
    import pypdfium2 as pdfium

    for path in printed(kit):
        document = pdfium.PdfDocument(str(path))
        try:
            for number in range(len(document)):
                text = " ".join(document[number].get_textpage().get_text_range().split())
                assert "100 %" in text, (path.name, number + 1)
        finally:
            document.close()


def test_every_printed_file_asks_viewers_not_to_scale(kit: Path) -> None:
    """Boards, sheets, tuck boxes, pieces and dice are where size matters (issue 32): each
    file's viewer preferences ask for no scaling, as cards.pdf's do."""
    import pikepdf

    for path in printed(kit):
        with pikepdf.open(path) as pdf:
            preferences = pdf.Root.get("/ViewerPreferences")
            scaling = None if preferences is None else preferences.get("/PrintScaling")
            assert str(scaling) == "/None", path.name


def test_no_text_under_6pt(kit: Path) -> None:
    for path in printed(kit):
        size, where = smallest_text(path)
        assert size >= 6.0 - 1e-6, (path.name, round(size, 2), where)


def test_the_gallery_lists_the_parts_with_their_counts(kit: Path) -> None:
    import html
    import re

    page = (kit.parent / "index.html").read_text(encoding="utf-8")
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
    for part in ("Marsh board 1 × 380 × 380 mm", "Score pad 4 × 130 × 190 mm"):
        assert part in text, part
    assert "Goal box 1 × tuck box for goals" in text
    for name in ("board", "score-pad", "goal-box"):  # each file with its picture
        assert f'href="{GAME}/{name}.pdf"' in page and f"{GAME}/preview/{name}.png" in page
