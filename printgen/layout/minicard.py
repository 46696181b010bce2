"""Small card pictures for worked examples: an element card, a numbered card, a special card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.layout.labels import fill
from printgen.layout.svgdraw import RulebookIcons as Icons
from printgen.layout.svgdraw import RulebookSource as Source
from printgen.layout.svgdraw import Svg

W, H = 13.0, 18.5  # a mini card, in diagram units

EXAMPLE_MM = 53.0
"""The printed width of a worked example's picture, two examples a row on the A5 page: half of
the 120 mm text width less the 3 mm gap, less each box's 2.5 mm padding either side
(templates/common/rulebook/rulebook.css.j2). A picture declared wider would be shrunk to fit,
and its labels with it."""
WIDE_EXAMPLE_MM = 114.0
"""The same for an example alone on its row."""


@dataclass(frozen=True)
class MiniCard:
    """What a mini card shows: an element (or None), a number, a name for special cards."""

    element: str | None = None
    number: int | str | None = None
    title: str = ""
    icon: str | None = None  # an icon other than the element's (a Star's wild star)
    dark: bool = False  # a power or Havoc card: night background
    glyph: str = ""  # a large character instead of an icon (the Dragon's infinity sign)


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
    """A mini card with its top-left corner at (x, y)."""
    w, h = W * scale, H * scale
    opacity = 0.35 if faded else None
    if ring:
        svg.el("rect", x=x - 1.2, y=y - 1.2, width=w + 2.4, height=h + 2.4, rx=2.2, fill=ring)
    if face.dark or face.element is None:
        bg, ink = icons.colour("night"), icons.colour("night_ink")
        border = icons.colour("accent")
    else:
        tones = icons.tones(face.element)
        bg, ink, border = tones.fill, tones.ink, tones.dark
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
        opacity=opacity,
    )
    icon = face.icon or face.element
    cx, cy = x + w / 2, y + h / 2
    title_size = max(2.5 * scale, svg.smallest)
    lines = title_lines(face.title, w - 1.0, title_size) if face.title else []
    if len(lines) > 1:  # a title on two lines: the picture moves up out of its way
        cy -= title_size * 0.9
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
        size = (7.2 if face.number is None else 6.2) * scale * (0.8 if len(lines) > 1 else 1)
        svg.raw(
            icons.icon(icon, cx, cy + (0 if face.number is None else 1.2 * scale), size, colour)
        )
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
        size = title_size
        bottom = y + h - 2.6 * scale if icon or face.glyph else cy + 1.2
        for k, line in enumerate(lines):
            svg.text(
                cx,
                bottom - (len(lines) - 1 - k) * size * 1.05,
                line,
                size=size,
                fill=ink,
                font_weight=700,
            )


def title_lines(title: str, width: float, size: float) -> list[str]:
    """A card's title on one line, or on two split at a space when one line would overrun
    `width` (a bold Lato letter is taken as 0.56 of the size wide)."""
    words = title.split()
    if len(title) * size * 0.56 <= width or len(words) < 2:
        return [title]
    best = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(title) / 2))
    return [" ".join(words[:best]), " ".join(words[best:])]


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


def example_words(source: Source, *group: str) -> dict[str, Any]:
    """The worked-example pictures' words (`labels.ex`, or a group in it such as
    `ex.relations`); {} when a game's rules-labels.yaml gives something else there (a
    number where the words go), so the pictures fall back to their keys."""
    words: Any = source.labels.get("ex")
    for key in group:
        words = words.get(key) if isinstance(words, dict) else None
    return words if isinstance(words, dict) else {}


def phrase(source: Source, key: str, **values: Any) -> str:
    """A word of a worked-example picture in the rulebook's language (its `labels.ex`)."""
    return fill(example_words(source).get(key, key), values)
