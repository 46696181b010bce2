"""A small picture of a card of frames (`printgen.rules.pictures.FramedCard`), laid out like
the printed card: four frames in a grid, two one above the other (numbered when the card plays
them in order) or one, each tinted in its first symbol's element and holding its symbols."""

from __future__ import annotations

from printgen.layout.minicard import H, W
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.rules.pictures import FramedCard

Frame = tuple[float, float, float, float, tuple[str, ...]]  # x, y, width, height, symbols
EMPTY = "void"  # the element whose tones an empty frame takes


def framed_card(
    svg: Svg, icons: Icons, x: float, y: float, item: FramedCard, scale: float = 1.0
) -> None:
    """The card with its top-left corner at (x, y), `scale` times a mini card's size."""
    w, h = W * scale, H * scale
    svg.el(
        "rect",
        x=x,
        y=y,
        width=w,
        height=h,
        rx=1.4 * scale,
        fill=icons.colour("paper"),
        stroke=icons.colour("rule"),
        stroke_width=0.4,
    )
    inner = (x + 1.2 * scale, y + 2.6 * scale, w - 2.4 * scale, h - 4.6 * scale)
    for k, frame in enumerate(_frames(inner, item.frames, 0.8 * scale)):
        _frame(svg, icons, frame, scale)
        if item.numbered:
            _frame_number(svg, icons, frame, k + 1, scale)


def _frames(
    inner: tuple[float, float, float, float], frames: tuple[tuple[str, ...], ...], gap: float
) -> list[Frame]:
    """The frames inside `inner`: four in a 2 x 2 grid, else one above the other."""
    x, y, w, h = inner
    if len(frames) == 4:
        fw, fh = (w - gap) / 2, (h - gap) / 2
        return [
            (x + (k % 2) * (fw + gap), y + (k // 2) * (fh + gap), fw, fh, shown)
            for k, shown in enumerate(frames)
        ]
    if len(frames) > 1:
        fh = (h - gap * (len(frames) - 1)) / len(frames)
        return [(x, y + k * (fh + gap), w, fh, shown) for k, shown in enumerate(frames)]
    return [(x, y, w, h, frames[0] if frames else ())]


def _frame(svg: Svg, icons: Icons, frame: Frame, scale: float) -> None:
    """A frame tinted in its first symbol's element, its symbols stacked down its middle."""
    fx, fy, fw, fh, shown = frame
    tones = icons.tones(shown[0] if shown else EMPTY)
    svg.el(
        "rect",
        x=fx,
        y=fy,
        width=fw,
        height=fh,
        rx=0.8 * scale,
        fill=tones.light,
        stroke=tones.fill,
        stroke_width=0.5,
    )
    size = min(fw, fh / max(len(shown), 1)) * 0.62
    for n, symbol in enumerate(shown):
        cy = fy + fh * (n + 0.5) / len(shown)
        svg.raw(icons.icon(symbol, fx + fw / 2, cy, size, icons.on_paper(symbol)))


def _frame_number(svg: Svg, icons: Icons, frame: Frame, n: int, scale: float) -> None:
    """A frame's number in its top-left corner: the order the card plays its frames."""
    fx, fy, _, _, shown = frame
    tones = icons.tones(shown[0] if shown else EMPTY)
    size = max(2.1 * scale, svg.smallest)
    svg.text(
        fx + 0.5 * scale + size * 0.3,
        fy + 0.3 * scale + size * 0.75,
        str(n),
        size=size,
        font_weight=900,
        fill=tones.dark,
    )
