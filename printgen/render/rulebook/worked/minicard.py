"""Small card pictures for worked examples: an element card, a numbered card, a special card,
and the chips and labels beside them."""

from __future__ import annotations

from printgen.layout.minicard import H, W, title_lines
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.rules.pictures import MiniCard


def card(
    svg: Svg,
    icons: Icons,
    x: float,
    y: float,
    face: MiniCard,
    scale: float = 1.0,
    ring: str | None = None,
    faded: bool = False,
) -> None:
    """A mini card with its top-left corner at (x, y): its ring, its face, its icon or glyph,
    its number and its title."""
    w, h = W * scale, H * scale
    if ring:
        svg.el("rect", x=x - 1.2, y=y - 1.2, width=w + 2.4, height=h + 2.4, rx=2.2, fill=ring)
    bg, ink, border = _colours(icons, face)
    svg.el(
        "rect",
        x=x,
        y=y,
        width=w,
        height=h,
        rx=1.5 * scale,
        fill=bg,
        stroke=border,
        stroke_width=0.5,
        opacity=0.35 if faded else None,
    )
    cx, cy = x + w / 2, y + h / 2
    title_size = max(2.5 * scale, svg.smallest)
    lines = title_lines(face.title, w - 1.0, title_size) if face.title else []
    if len(lines) > 1:  # a title on two lines: the picture moves up out of its way
        cy -= title_size * 0.9
    _emblem(svg, icons, face, (cx, cy), scale, ink, two_lines=len(lines) > 1)
    if face.number is not None:
        svg.text(
            x + 2.6 * scale,
            y + 4.4 * scale,
            str(face.number),
            size=3.6 * scale,
            fill=ink,
            font_weight=900,
            text_anchor="middle",
        )
    if lines:
        pictured = face.icon or face.element or face.glyph
        bottom = y + h - 2.6 * scale if pictured else cy + 1.2
        _title(svg, cx, bottom, lines, title_size, ink)


def _colours(icons: Icons, face: MiniCard) -> tuple[str, str, str]:
    """A mini card's background, ink and border: its element's tones, or the night's for a
    dark card or one of no element."""
    if face.dark or face.element is None:
        return icons.colour("night"), icons.colour("night_ink"), icons.colour("accent")
    tones = icons.tones(face.element)
    return tones.fill, tones.ink, tones.dark


def _emblem(
    svg: Svg,
    icons: Icons,
    face: MiniCard,
    centre: tuple[float, float],
    scale: float,
    ink: str,
    two_lines: bool,
) -> None:
    """A mini card's glyph, else its icon, about `centre` (lower when a number sits above
    it, smaller over a two-line title)."""
    cx, cy = centre
    icon = face.icon or face.element
    if face.glyph:
        svg.text(
            cx,
            cy + 2.2 * scale,
            face.glyph,
            size=8 * scale,
            fill=icons.colour("accent"),
            font_weight=700,
        )
    elif icon:
        colour = icons.colour("accent") if face.dark or face.element is None else ink
        size = (7.2 if face.number is None else 6.2) * scale * (0.8 if two_lines else 1)
        svg.raw(
            icons.icon(icon, cx, cy + (0 if face.number is None else 1.2 * scale), size, colour)
        )


def _title(svg: Svg, cx: float, bottom: float, lines: list[str], size: float, ink: str) -> None:
    """A mini card's title lines centred on `cx`, the last one's baseline at `bottom`."""
    for k, line in enumerate(lines):
        svg.text(
            cx,
            bottom - (len(lines) - 1 - k) * size * 1.05,
            line,
            size=size,
            fill=ink,
            font_weight=700,
        )


def chip(svg: Svg, icons: Icons, x: float, y: float, face: MiniCard, size: float = 5.0) -> None:
    """A token for a card in a pile or a list: a small rounded square with its icon/number."""
    if face.element and not face.dark:
        tones = icons.tones(face.element)
        bg, ink = tones.fill, tones.ink
    else:
        bg, ink = icons.colour("night"), icons.colour("accent")
    svg.el("rect", x=x, y=y, width=size, height=size * 1.3, rx=0.8, fill=bg)
    icon = face.icon or face.element
    if face.glyph:
        svg.text(
            x + size / 2, y + size * 0.95, face.glyph, size=size * 0.8, fill=ink, font_weight=700
        )
    elif face.number is not None:
        svg.text(
            x + size / 2,
            y + size * 1.3 - 1.0,
            str(face.number),
            size=size * 0.55,
            fill=ink,
            font_weight=900,
        )
        if icon:
            svg.raw(icons.icon(icon, x + size / 2, y + size * 0.42, size * 0.55, ink))
    elif icon:
        svg.raw(icons.icon(icon, x + size / 2, y + size * 0.65, size * 0.7, ink))


def label(
    svg: Svg,
    x: float,
    y: float,
    text: str,
    size: float = 3.3,
    bold: bool = False,
    colour: str = "#1f1b16",
    anchor: str = "middle",
) -> None:
    svg.text(
        x, y, text, size=size, fill=colour, font_weight=700 if bold else 400, text_anchor=anchor
    )
