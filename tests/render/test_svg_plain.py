"""Plain SVG rectangles drawn by printgen.render.draw.svg_plain record what cairosvg records:
the same PDF bytes and the same pixels, for the faces of every bundled game and for elements
of every kind the fast path takes; those it does not take are left to cairosvg. Plain texts
are shaped by it both ways (cairosvg draws characters, not shaped glyphs: the shaping itself
is checked against HarfBuzz in test_shaped_text.py)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import cairocffi as cairo
import pytest
from cairosvg.parser import Tree
from cairosvg.surface import Surface

from printgen.files.templates import templates_dir
from printgen.kit.card_faces import GameFaces
from printgen.layout.units import PT_PER_MM
from printgen.model import load_game
from printgen.render.draw import svg_plain, vector
from printgen.render.draw.safety import restricted_fetcher

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "card_data").glob("*/game.yaml"))


class _CairosvgAlone(Surface):  # type: ignore[misc]
    """cairosvg as it is but for plain texts, which are shaped, recording like
    vector._Recording."""

    def draw(self, node: Any) -> None:
        if not (
            node.tag == "text" and self.stroke_and_fill and svg_plain.draw_plain_text(self, node)
        ):
            super().draw(node)

    def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
        surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, width, height))
        return surface, width, height


def _record(kind: type, svg: str, roots: list[Path]) -> vector.Recorded:
    tree = Tree(
        bytestring=svg.encode(),
        url=roots[0].resolve().as_uri() + "/",
        unsafe=False,
        url_fetcher=restricted_fetcher(roots),
    )
    drawn = kind(tree, None, 96)
    return vector.Recorded(drawn.cairo, drawn.width / PT_PER_MM, drawn.height / PT_PER_MM)


def _pdf(drawing: vector.Recorded) -> bytes:
    out = io.BytesIO()
    surface = vector.pdf_surface(out, drawing.width_mm, drawing.height_mm, "test")
    context = vector.mm_context(surface)
    vector.paint(context, drawing, 0, 0)
    context.show_page()
    surface.finish()
    return out.getvalue()


def _pixels(drawing: vector.Recorded) -> bytes:
    """cairo's own rasterising at about 150 dpi (pdfium reads the PDF compared above)."""
    width, height = round(drawing.width_mm * 6), round(drawing.height_mm * 6)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    context = cairo.Context(surface)
    context.scale(6 / PT_PER_MM, 6 / PT_PER_MM)
    context.set_source_surface(drawing.surface, 0, 0)
    context.paint()
    surface.flush()
    return bytes(surface.get_data())


def _same_both_ways(svg: str, roots: list[Path]) -> None:
    alone, fast = _record(_CairosvgAlone, svg, roots), _record(vector._Recording, svg, roots)
    assert _pdf(fast) == _pdf(alone)
    assert _pixels(fast) == _pixels(alone)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_face_of_a_bundled_game_records_as_cairosvg_records_it(game_id: str) -> None:
    game = load_game(ROOT / "card_data" / game_id)
    faces = GameFaces(game)
    svgs = {face.svg for deck in faces.decks() for _, face in deck.fronts}
    svgs |= {deck.back.svg for deck in faces.decks()}
    clipped = [svg for svg in sorted(svgs) if "clipPath" in svg or "<image" in svg]
    for svg in sorted(svgs)[:10] + clipped[:4]:  # a clip path's shapes are only outlines
        _same_both_ways(svg, [game.folder, templates_dir()])


PLAIN = [
    '<text x="3" y="10" font-family="Lato" font-size="4" fill="#1f1b16">Fire, 3 + 2: draw!</text>',
    '<text x="0" y="0.5" font-family="Lato Black" font-size="6.5">Ægis of Łódź</text>',
    '<text x="31.75" y="20" font-family="Lato" font-weight="bold" font-size="3" '
    'text-anchor="middle" fill="#b8892f">Centred  two spaces</text>',
    '<text x="60" y="30" font-family="Lato" font-weight="700" font-style="italic" '
    'font-size="2.5" text-anchor="end" fill="white">Right, bold italic</text>',
    '<text x="-1.5" y="40" font-family="sans-serif" font-size="3" fill="none">Not shown</text>',
    '<text x=".5" y="50" font-family="Lato" font-size="3"></text>',
    '<g fill="#708090" font-size="4"><text x="5" y="60" font-family="Lato">Inherited</text></g>',
    '<rect x="2.4" y="2.4" width="58.7" height="84.1" rx="2.2" fill="#fbf7ee"/>',
    '<rect x="4" y="4" width="55.5" height="80.9" rx="2.6" fill="none" stroke="#b8892f" '
    'stroke-width="0.5"/>',
    '<rect x="10%" y="1" width="3mm" height="2" ry="0.5" fill="red" stroke="blue"/>',
    '<rect x="1" y="1" width="0" height="2" fill="red"/>',
    '<g font-size="5" fill="green"><rect x="1" y="1" width="20" height="2"/></g>',
    '<clipPath id="c"><rect x="0" y="0" width="10" height="5"/><text x="1" y="9" '
    'font-family="Lato" font-size="5">Clip</text></clipPath>'
    '<g clip-path="url(#c)"><rect x="1" y="1" width="20" height="9" fill="red"/></g>',
    '<text x="5" y="70" font-family="Lato" font-size="3" stroke="red">Stroked</text>',
    '<text x="5" y="70" font-family="Lato" font-size="3" letter-spacing="1">Spaced</text>',
    '<text x="5" y="70" font-family="Lato" font-size="3" opacity="0.5">Faint</text>',
    '<text x="5" y="70" font-family="Lato" font-size="3" transform="rotate(90)">Turned</text>',
    '<g stroke="blue"><text x="5" y="70" font-family="Lato" font-size="3">Inherits</text></g>',
]

LEFT_TO_CAIROSVG = [
    '<text x="5 6 7" y="70" font-family="Lato" font-size="3">Per letter</text>',
    '<text x="5" y="70" font-family="Lato" font-size="3">Two <tspan fill="red">runs</tspan></text>',
    '<text x="5mm" y="70" font-family="Lato" font-size="3">Units</text>',
    '<text x="5" y="70" font-family="Lato" font-size="3" stroke-dasharray="1">Dashed</text>',
    '<rect x="1" y="1" width="20" height="9" fill="red" opacity="0.5"/>',
    '<rect x="1" y="1" width="20" height="9" fill="red" transform="rotate(10)"/>',
    '<rect x="1" y="1" width="20" height="9" fill="url(#g)"/>',
    '<rect x="1" y="1" width="20" height="9" stroke="red" stroke-dasharray="1 1"/>',
]


def _face(body: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" text-rendering="geometricPrecision" '
        'width="69.85mm" height="95.25mm" viewBox="-3.175 -3.175 69.85 95.25">'
        f'<rect x="-3.175" y="-3.175" width="69.85" height="95.25" fill="#fbf7ee"/>{body}</svg>'
    )


@pytest.mark.parametrize("body", PLAIN + LEFT_TO_CAIROSVG)
def test_an_element_records_as_cairosvg_records_it(body: str, tmp_path: Path) -> None:
    _same_both_ways(_face(body), [tmp_path])


def _taken(body: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The tags of the elements the fast path drew (the face's own background aside)."""
    taken: list[str] = []
    original = svg_plain.draw_plain

    def noting(surface: Any, node: Any) -> bool:
        plain: bool = original(surface, node)
        if plain:
            taken.append(node.tag)
        return plain

    monkeypatch.setattr(vector, "draw_plain", noting)
    vector.record_svg(_face(body), [tmp_path], "test")
    assert taken[:1] == ["rect"]  # the background
    return taken[1:]


@pytest.mark.parametrize("body", PLAIN)
def test_plain_elements_take_the_fast_path(
    body: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert len(_taken(body, tmp_path, monkeypatch)) == 1


@pytest.mark.parametrize("body", LEFT_TO_CAIROSVG)
def test_other_elements_are_left_to_cairosvg(
    body: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _taken(body, tmp_path, monkeypatch) == []
