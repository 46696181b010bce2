"""Issue 40, item 4: paths are data, not URLs. A game folder under `My Games/`, `Spiele-ü/`,
`游戏/` or with `#`, `%`, `?`, `&`, `'`, `[`, `;` in its path builds; containment is as strict
as before. Was: cairosvg joined each reference to the drawing's `file:` base by testing the
base's %-encoded path as a folder, failed, and read the working directory instead, so every
card that drew the game's own icons or art exited 2 (`refused to read 'file:///...'`).

The drawing test runs a generator of folder names (each character a URL gives a meaning to,
letters outside ASCII, escapes that look decoded) through the card renderer's SVG reader: each
picture is drawn in its own colour, whether the reference is relative, absolute, made inside a
picture or %-encoded. One build of a small game (icons, art, its own font, a rulebook) under
the worst of the names proves every command on the way."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from xml.sax.saxutils import quoteattr

import pikepdf
import pytest
from PIL import Image

from printgen.errors import RenderError
from tests.hardening.conftest import ROOT, printgen_command, subprocess_env

MEANINGFUL = [" ", "#", "%", "?", "&", "'", "[", "]", ";", "=", "+", ",", "@", "!", "$", "(", "~"]
"""Characters a URL reads as something other than a letter of a name."""


def folder_names() -> Iterator[str]:
    yield from ("My Games", "Spiele-ü", "游戏", "%20", "a%2Fb", "%2E%2E", "x..y", "e\u0301")
    for char in MEANINGFUL:
        yield f"a{char}b"
    yield "".join(MEANINGFUL) + "ü游"


def colour_svg(colour: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        f'<rect width="10" height="10" fill="{colour}"/></svg>'
    )


SQUARES = {"red": (255, 0, 0), "lime": (0, 255, 0), "blue": (0, 0, 255), "yellow": (255, 255, 0)}


def drawing_folder(root: Path) -> tuple[Path, str]:
    """A game folder with four pictures and the SVG of a card drawing each in a quarter: an
    icon by a relative reference, a PNG by its absolute `file:` URL, an SVG art that draws a
    PNG beside it by a relative reference of its own, a file whose own name needs escapes."""
    (root / "icons").mkdir(parents=True)
    (root / "art").mkdir()
    (root / "icons" / "coin.svg").write_text(colour_svg("red"))
    Image.new("RGB", (8, 8), SQUARES["lime"]).save(root / "art" / "leaf.png")
    Image.new("RGB", (8, 8), SQUARES["blue"]).save(root / "art" / "dot.png")
    (root / "art" / "frame.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<image href="dot.png" width="10" height="10"/></svg>'
    )
    (root / "art" / "pü #1;%.svg").write_text(colour_svg("yellow"))
    hrefs = [
        "icons/coin.svg",
        (root / "art" / "leaf.png").as_uri(),
        "art/frame.svg",
        "art/p%C3%BC%20%231%3B%25.svg",
    ]
    return root, four(hrefs)


def four(hrefs: list[str]) -> str:
    """An SVG 40 by 10 that draws each picture in a quarter of its own."""
    images = "".join(
        f'<image href={quoteattr(href)} x="{10 * i}" width="10" height="10"/>'
        for i, href in enumerate(hrefs)
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10">{images}</svg>'


def quarters(svg: str, roots: list[Path]) -> list[tuple[int, ...]]:
    """The colour at the middle of each quarter of `svg` drawn by the card renderer."""
    import cairocffi as cairo

    from printgen.render.draw.vector import mm_context, paint, record_svg

    drawing = record_svg(svg, roots, "test")
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 400, 100)
    paint(mm_context(surface, 400 / drawing.width_mm), drawing, 0, 0)
    surface.flush()
    data = bytes(surface.get_data())
    stride = surface.get_stride()
    found = []
    for x in (50, 150, 250, 350):
        b, g, r = data[50 * stride + 4 * x : 50 * stride + 4 * x + 3]
        found.append((r, g, b))
    return found


@pytest.mark.parametrize("name", list(folder_names()))
def test_every_picture_is_drawn_in_a_folder_of_any_name(tmp_path: Path, name: str) -> None:
    folder, svg = drawing_folder(tmp_path / name / "game")
    assert quarters(svg, [folder]) == [
        SQUARES["red"],
        SQUARES["lime"],
        SQUARES["blue"],
        SQUARES["yellow"],
    ]


def escapes(folder: Path, secret: Path) -> Iterator[str]:
    """References from `folder` to `secret`, beside it, every way a URL can spell one."""
    yield "../secret.png"
    yield "..%2Fsecret.png"
    yield "%2E%2E/secret.png"
    yield "%2e%2e%2fsecret.png"
    yield secret.as_uri()
    yield str(secret)
    yield "file://" + str(secret)  # not %-encoded
    yield (folder / ".." / "secret.png").as_uri()
    yield "file://localhost" + secret.as_uri().removeprefix("file://")


@pytest.mark.parametrize("name", ["My Games", "a%2Fb", "".join(MEANINGFUL) + "ü游"])
def test_containment_is_as_strict_in_a_folder_of_any_name(tmp_path: Path, name: str) -> None:
    folder = tmp_path / name / "game"
    folder.mkdir(parents=True)
    secret = folder.parent / "secret.png"
    Image.new("RGB", (8, 8), SQUARES["red"]).save(secret)
    drawn = []
    for href in escapes(folder, secret):
        try:
            colours = quarters(four([href]), [folder])
        except RenderError as exc:
            assert "refused" in str(exc) or "not found" in str(exc), (href, str(exc))
            continue
        if SQUARES["red"] in colours:
            drawn.append(href)
    assert not drawn


GAME = """\
id: market
name: Market
players: {min: 2, max: 4}
card_size: poker
columns: {art: "text?"}
components:
  deck: {file: cards.csv, declared: 2}
"""
DESIGN = """\
art: art
fonts:
  body: {file: fonts/Comfortaa-Regular.ttf, bold: fonts/Comfortaa-Bold.ttf}
  title: {file: fonts/Comfortaa-Bold.ttf}
front:
  boxes:
    text: null
    text_only: null
    crest: {icon: coin, top: 60%, height: 8mm}
"""
RULES = "# Market\n\nPay one :coin: coin.\n\n![A leaf](art/leaf.png)\n\n{{ components() }}\n"


def market(data: Path) -> Path:
    folder = data / "market"
    (folder / "icons").mkdir(parents=True)
    (folder / "art").mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "design.yaml").write_text(DESIGN)
    (folder / "rules.md").write_text(RULES)
    (folder / "cards.csv").write_text("name,art\nMoth,art/leaf.png\nLamp,art/frame.svg\n")
    (folder / "icons" / "coin.svg").write_text(colour_svg("red"))
    Image.new("RGB", (300, 300), SQUARES["lime"]).save(folder / "art" / "leaf.png")
    Image.new("RGB", (8, 8), SQUARES["blue"]).save(folder / "art" / "dot.png")
    (folder / "art" / "frame.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<image href="dot.png" width="10" height="10"/></svg>'
    )
    shutil.copytree(ROOT / "examples" / "lantern-market" / "fonts", folder / "fonts")
    return data


def test_a_game_in_a_folder_of_any_name_validates_and_builds(tmp_path: Path) -> None:
    data = market(tmp_path / ("".join(MEANINGFUL) + "ü") / "游戏" / "data")
    out = tmp_path / "My Kits #1" / "out"

    def printgen(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            printgen_command(*args),
            env=subprocess_env(),
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )

    assert printgen("validate", "--data", data).returncode == 0
    build = printgen("build", "--data", data, "--out", out, "--jobs", "1")
    assert build.returncode == 0, build.stderr[-2000:]
    for card, art in (("moth", SQUARES["lime"]), ("lamp", SQUARES["blue"])):
        with Image.open(out / "market" / "cards" / f"{card}.png") as face:
            rgb = face.convert("RGB")
            assert rgb.getpixel((face.width // 2, face.height // 3)) == art  # the art box
            assert rgb.getpixel((face.width // 2, int(face.height * 0.63))) == SQUARES["red"]
    assert any("Comfortaa" in font for font in fonts_of(out / "market" / "cards.pdf"))
    assert any("printgen-body" in font for font in fonts_of(out / "market" / "rules.pdf"))
    with pikepdf.open(out / "market" / "rules.pdf") as rules:
        assert any(page.images for page in rules.pages)  # the leaf


def fonts_of(pdf: Path) -> set[str]:
    with pikepdf.open(pdf) as document:
        return {
            str(font.get("/BaseFont", ""))
            for page in document.pages
            for font in page.Resources.get("/Font", {}).values()
        }
