"""Escaping (issue 9): text from data appears literally in SVG, HTML and PDF, and never changes
a template's structure; a character the font lacks is reported by `validate` and refused by
`build` with a clear message, never drawn as an empty box.

One hostile MyWuXing kit is built once (cards and rulebook) and read back: its card names, card
text, game name and subtitle hold markup, entities, CDATA ends, Jinja delimiters, quotes and a
right-to-left mark.
"""

from __future__ import annotations

import csv
import shutil
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pypdf
import pytest

from printgen.model import load_game
from printgen.render.faces.game_faces import game_faces
from printgen.render.text.textfit import ApproxMeasure
from tests.conftest import CARD_DATA, edit
from tests.shared_builds import shared_folder

RLM = "\u200f"
NAME = "<Dragon> & \"Co\" 'x' ]]> {{ x }}"
TEXT = "Stars & <b>bold</b> ]]> {% if x %}{{ y }}{% endif %} &amp; &#x41; <!-- c -->" + RLM
GAME = 'My<Wu>Xing & "friends" {{ x }}'
SUBTITLE = "</h1><script>alert(1)</script> ]]> {% raw %}"


def write_hostile(folder: Path) -> None:
    """Hostile names and text in a copy of MyWuXing's data (valid data all the same)."""
    path = folder / "cards.csv"
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    for row in rows:
        if row[0] == "dragon":
            row[1] = NAME + RLM
        if row[0] == "star":
            row[5] = TEXT
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    edit(folder / "game.yaml", "name: MyWuXing", f"name: '{GAME}'")
    edit(folder / "game.yaml", "subtitle: Learn WuXing and Think WuXing", f"subtitle: '{SUBTITLE}'")


@pytest.fixture(scope="module")
def hostile_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    def make(folder: Path) -> None:
        shutil.copytree(CARD_DATA / "mywuxing", folder / "card_data" / "mywuxing")
        write_hostile(folder / "card_data" / "mywuxing")

    return shared_folder(tmp_path_factory, "hostile-data", make) / "card_data"


@pytest.fixture(scope="module")
def hostile_build(hostile_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """MyWuXing's kit built from the hostile data, once a run for all xdist workers."""
    from tests.kit.conftest import build

    def make(out: Path) -> None:
        out.mkdir(parents=True)
        assert build(out, "mywuxing", "--data", hostile_data) == 0

    return shared_folder(tmp_path_factory, "hostile-out", make)


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def faces_by_name(folder: Path) -> dict[str, str]:
    return {
        face.name: face.svg
        for deck in game_faces(load_game(folder), ApproxMeasure())
        for face in [*(f for _, f in deck.fronts), deck.back]
    }


def skeleton(svg: str) -> list[tuple[str, tuple[str, ...]]]:
    """Every element but text runs, with its attribute names: the template's structure."""
    return [
        (el.tag, tuple(sorted(el.attrib)))
        for el in ET.fromstring(svg).iter()
        if el.tag.rsplit("}", 1)[-1] not in ("text", "tspan")
    ]


def test_svg_holds_the_text_literally_in_the_same_structure(hostile_data: Path) -> None:
    hostile = faces_by_name(hostile_data / "mywuxing")
    clean = faces_by_name(CARD_DATA / "mywuxing")
    assert sorted(hostile) == sorted(clean)
    for name, svg in hostile.items():
        root = ET.fromstring(svg)  # still well-formed XML
        assert skeleton(svg) == skeleton(clean[name]), f"{name}: the drawing changed shape"
        assert not [el for el in root.iter() if el.tag.rsplit("}", 1)[-1] in ("b", "script")]
    dragon = "".join(ET.fromstring(hostile["dragon"]).itertext())
    assert NAME + RLM in dragon
    # the text is wrapped into lines (one text element each): lines are joined by a space
    star = " ".join(" ".join(ET.fromstring(hostile["star"]).itertext()).split())
    assert " ".join(TEXT.split()) in star


def test_card_pdfs_hold_the_text_literally(hostile_build: Path) -> None:
    for name in ("cards.pdf", "cards-print.pdf"):
        text = pdf_text(hostile_build / "mywuxing" / name)
        assert NAME in text, name
        assert "Stars & <b>bold</b> ]]> {% if x %}{{ y }}{% endif %}" in " ".join(text.split())


def test_the_rulebook_holds_the_names_literally(hostile_build: Path) -> None:
    text = " ".join(pdf_text(hostile_build / "mywuxing" / "rules.pdf").split())
    assert NAME in text  # the components table
    assert GAME in text


class Structure(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_endtag(self, tag: str) -> None:
        self.tags.append("/" + tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse_html(html: str) -> Structure:
    parser = Structure()
    parser.feed(html)
    return parser


def test_the_gallery_holds_the_text_literally(hostile_build: Path) -> None:
    page = parse_html((hostile_build / "index.html").read_text(encoding="utf-8"))
    text = "".join(page.text)
    assert GAME in text and SUBTITLE in text
    assert "script" not in page.tags and "dragon" not in page.tags


def test_hostile_text_leaves_the_gallery_the_same_shape() -> None:
    from printgen.kit.gallery import FileLink, GameEntry, render_gallery

    def entry(name: str, words: str) -> GameEntry:
        link = FileLink(f"g/{words}.pdf", words, "1 KB")
        return GameEntry(
            "g",
            name,
            words,
            False,
            [words],
            [words],
            {words: 1},
            documents=[link],
            cards=[link],
            other=[link],
            failed_parts=[words],
        )

    clean = parse_html(render_gallery([entry("Game", "plain")]).decode())
    hostile = parse_html(render_gallery([entry(GAME, SUBTITLE + TEXT)]).decode())
    assert hostile.tags == clean.tags
    assert SUBTITLE + TEXT in "".join(hostile.text)


def test_the_simulation_report_holds_the_text_literally(cli, tmp_path: Path) -> None:
    data = tmp_path / "card_data"
    shutil.copytree(CARD_DATA / "mywuxing", data / "mywuxing")
    edit(data / "mywuxing" / "game.yaml", "name: MyWuXing", f"name: '{GAME}'")
    report = tmp_path / "report.html"
    run = cli("simulate", "mywuxing", "--data", data, "--games", "5", "--report", report)
    assert run.code == 0, run.err
    page = parse_html(report.read_text(encoding="utf-8"))
    assert GAME in "".join(page.text)
    assert "wu" not in page.tags


# --- characters the fonts lack ---------------------------------------------------------------

EMOJI = "\U0001f409"  # 🐉: Lato has no glyph for it


@pytest.fixture
def emoji_data(data_copy: Path) -> Path:
    edit(data_copy / "mywuxing" / "cards.csv", "dragon,Infinite Dragon,", f"dragon,Dragon {EMOJI},")
    (data_copy / "mywuxing" / "rules.md").unlink()  # the cards are what this is about
    return data_copy


def test_validate_reports_a_glyph_the_font_lacks(cli, emoji_data: Path) -> None:
    run = cli("validate", "mywuxing", "--data", emoji_data, "--json")
    assert run.code == 1, run.err
    failed = [c for c in run.json()["games"]["mywuxing"]["checks"] if not c["ok"]]
    assert [c["name"] for c in failed] == ["font Lato Black"]
    assert f"no glyph for U+1F409 '{EMOJI}' (" in failed[0]["detail"]
    assert "mywuxing/cards.csv:7: column 'name')" in failed[0]["detail"]


def test_build_refuses_a_glyph_the_font_lacks(cli, emoji_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = cli("build", "mywuxing", "--data", emoji_data, "--out", out)
    assert run.code == 2
    assert (
        f"mywuxing/cards failed: mywuxing card 'dragon': Lato-Black.ttf (the font for Lato "
        f"Black) has no glyph for U+1F409 '{EMOJI}'; it would print as an empty box"
    ) in run.err
    assert not list((out / "mywuxing").glob("*.pdf"))


def test_build_refuses_a_game_name_the_caption_font_lacks(
    cli, data_copy: Path, tmp_path: Path
) -> None:
    """The game's name is also printed in the margin of every sheet of cards.pdf."""
    edit(data_copy / "mywuxing" / "game.yaml", "name: MyWuXing", "name: MyWuXing \u4e2d")
    (data_copy / "mywuxing" / "rules.md").unlink()
    run = cli("build", "mywuxing", "--data", data_copy, "--out", tmp_path / "out")
    assert run.code == 2
    assert "has no glyph for U+4E2D" in run.err


def test_a_rulebook_glyph_no_font_has_is_refused(cli, data_copy: Path, tmp_path: Path) -> None:
    rules = data_copy / "mywuxing" / "rules.md"
    rules.write_text(
        rules.read_text(encoding="utf-8") + f"\n\nThe dragon {EMOJI}.\n", encoding="utf-8"
    )
    run = cli("build", "mywuxing", "--data", data_copy, "--out", tmp_path / "out")
    assert run.code == 2 and "U+1F409" in run.err
