"""Ink-saving card backs for `build --ink-saver` (issue 16): an outline and the game's title,
no large fills, whatever the game's own back looks like.

Dark backs cover 47-70 % of a sheet in near-black; printed at home they cost more ink than the
fronts. This back is generic on purpose: it draws nothing of a game's back design (its
picture or template), only the card size, the game's name, the palette's ink colour and, when
the game prints several decks, what tells each deck's back from the others' (the design's
back title or the deck's name, in large outlined letters, and the back's colour as a coloured
frame), so every game, the bundled ones and a designer's sixth, gets the same light back, and
a designer's three decks still sort face down.
"""

from __future__ import annotations

from functools import cache

from printgen.files.templates import templates_dir
from printgen.layout.sizes import SAFE_MM, Size
from printgen.model import Game
from printgen.render.draw import vector
from printgen.render.faces.face import RECORD_BLEED_MM, DeckFaces
from printgen.render.faces.game_lettering import game_lettering
from printgen.render.faces.game_palette import game_palette
from printgen.render.faces.palette import Palette
from printgen.render.faces.render import back_label
from printgen.render.faces.spec import Design
from printgen.render.text.lettering import Lettering
from printgen.render.text.shaping import ShapedMeasure
from printgen.render.text.textfit import Font
from printgen.render.text.xml_text import escape, quoteattr

TITLE_MAX_MM = 6.0
TEXT_MIN_MM = 2.4
"""6.8 pt: above DESIGN.md's 6 pt floor for card text."""
LATO_BOLD_ADVANCE = 0.6
"""Average advance of a Lato Bold capital, in ems: enough to keep the title inside the card."""
LATO_ADVANCE = 0.55
"""Average advance of a letter of Lato Regular (mixed case), in ems."""


def ink_saving_back_svg(
    title: str,
    deck: tuple[str, str | None] | None,
    size: Size,
    palette: Palette,
    lettering: Lettering | None = None,
) -> str:
    """The SVG of a back: the card's outline inset by the safe zone, a second hairline, and
    `title` in the middle; or, for one of several decks (`deck`: its title and its back's
    colour, if any), the deck's title large in outlined letters, the game's title small under
    it, and the second line in the deck's colour. The titles are in the game's `lettering`
    (its cards' body font, Lato for what that lacks)."""
    lettering = lettering or Lettering()
    w, h, b = size.width, size.height, RECORD_BLEED_MM
    ink = palette.colours.get("ink", "#1f1b16")
    inset = SAFE_MM
    room = w - 2 * inset - 4
    inner = ink if deck is None or deck[1] is None else deck[1]
    inner_width = 0.2 if deck is None or deck[1] is None else DECK_FRAME_MM
    lines = [
        f'<rect x="{inset:g}" y="{inset:g}" width="{w - 2 * inset:g}" height="{h - 2 * inset:g}"'
        f' rx="3" fill="none" stroke="{ink}" stroke-width="0.5"/>',
        f'<rect x="{inset + 1.5:g}" y="{inset + 1.5:g}" width="{w - 2 * inset - 3:g}"'
        f' height="{h - 2 * inset - 3:g}" rx="2" fill="none" stroke="{escape(inner)}"'
        f' stroke-width="{inner_width:g}"/>',
    ]
    if deck is None:
        letters = max(len(title), 1)
        font = max(TEXT_MIN_MM, min(TITLE_MAX_MM, room / (letters * LATO_BOLD_ADVANCE)))
        rows = wrapped(lettering.upper(title, bold=True), room / (font * LATO_BOLD_ADVANCE))
        top = h / 2 - (len(rows) - 1) * font * 1.2 / 2
        lines += [
            centred(
                w / 2,
                f"{top + i * font * 1.2 + font * 0.35:g}",
                row,
                font,
                lettering,
                True,
                f'fill="{ink}"',
                room,
            )
            for i, row in enumerate(rows)
        ]
    else:
        lines += _deck_title(deck[0], title, w, h, room, ink, lettering)
    body = "\n".join(lines)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2 * b:g}mm"'
        f' height="{h + 2 * b:g}mm" viewBox="{-b:g} {-b:g} {w + 2 * b:g} {h + 2 * b:g}">\n'
        f'<rect x="{-b:g}" y="{-b:g}" width="{w + 2 * b:g}" height="{h + 2 * b:g}"'
        f' fill="#ffffff"/>\n{body}\n</svg>\n'
    )


DECK_TITLE_MAX_MM = 9.0
"""A deck's title on its ink-saving back: about 26 pt capitals, readable across a table."""
OUTLINE_MIN_MM = 4.0
"""Under this, outlined letters grow thin: the title is filled instead."""
DECK_FRAME_MM = 0.8
"""The width of the frame in the deck's colour."""


def ink_saving_backs(
    game: Game, decks: list[DeckFaces], design: Design
) -> tuple[dict[str, vector.Recorded], dict[str, str]]:
    """`--ink-saver`: each deck's back (by face name) as an outline-and-title drawing, and the
    SVG it is drawn from. When the game prints several decks, each back says which deck it
    is (its back's title, or the deck's name) in `design`'s words and colour."""
    roots = [game.folder, templates_dir()]
    assert game.card_size is not None
    palette = game_palette(game)
    lettering = game_lettering(game)
    several = len(decks) > 1
    svgs = {
        deck.back.name: ink_saving_back_svg(
            game.name,
            back_label(game, design, deck.deck) if several else None,
            game.card_size,
            palette,
            lettering,
        )
        for deck in decks
    }
    drawn = {
        deck.back.name: vector.record_svg(
            svgs[deck.back.name], roots, f"{game.id} {deck.deck.name} ink-saving back"
        )
        for deck in decks
    }
    return drawn, svgs


def _deck_title(
    deck: str, game: str, w: float, h: float, room: float, ink: str, lettering: Lettering
) -> list[str]:
    """The deck's title (on two lines when one would shrink it under OUTLINE_MIN_MM) and the
    game's title under it."""
    words = lettering.upper(deck, bold=True).split()
    rows = [" ".join(words)]
    if _fitted(rows, room) < OUTLINE_MIN_MM and len(words) > 1:
        cut = min(
            range(1, len(words)),
            key=lambda i: max(len(" ".join(words[:i])), len(" ".join(words[i:]))),
        )
        rows = [" ".join(words[:cut]), " ".join(words[cut:])]
    font = max(TEXT_MIN_MM, _fitted(rows, room))
    paint = (
        f'fill="#ffffff" stroke="{ink}" stroke-width="{font * 0.05:.2f}" stroke-linejoin="round"'
        if font >= OUTLINE_MIN_MM
        else f'fill="{ink}"'
    )
    step = font * 1.1
    first = h / 2 - (len(rows) - 1) * step / 2
    out = [
        centred(
            w / 2, f"{first + i * step + font * 0.35:.2f}", row, font, lettering, True, paint, room
        )
        for i, row in enumerate(rows)
    ]
    below = first + (len(rows) - 1) * step + font * 0.35 + TEXT_MIN_MM * 2.2
    small = max(TEXT_MIN_MM, min(TEXT_MIN_MM * 1.2, room / (max(len(game), 1) * LATO_ADVANCE)))
    out += [
        centred(
            w / 2,
            f"{below + i * small * 1.2:.2f}",
            row,
            small,
            lettering,
            False,
            f'fill="{ink}"',
            room,
        )
        for i, row in enumerate(wrapped(game, room / (small * LATO_ADVANCE)))
    ]
    return out


def centred(
    x: float,
    y: str,
    row: str,
    size: float,
    lettering: Lettering,
    bold: bool,
    paint: str,
    room: float,
) -> str:
    """`row` centred on `x` at baseline `y`, in `lettering`: one <text> anchored in its
    middle; or, where the game's font lacks some letters, one <text> a font, each placed by
    its width as cairo measures it (cairosvg moves a middle-anchored text's <tspan>s apart).
    The sizes above are guessed from Lato's widths: a row that the game's font, wider than
    Lato, would run past `room` is set smaller (to TEXT_MIN_MM at least)."""
    weight = ' font-weight="bold"' if bold else ""
    runs = lettering.runs(row, bold)
    widths = [_advance(piece, family, bold) * size for family, piece in runs]
    if sum(widths) > room:
        scale = max(TEXT_MIN_MM / size, room / sum(widths))
        size, widths = size * scale, [width * scale for width in widths]
    if len(runs) == 1:
        return (
            f'<text x="{x:g}" y="{y}" text-anchor="middle" font-family={quoteattr(runs[0][0])}'
            f'{weight} font-size="{size:.2f}" {paint}>{escape(row)}</text>'
        )
    left = x - sum(widths) / 2
    out = []
    for (family, piece), width in zip(runs, widths, strict=True):
        out.append(
            f'<text x="{left:.3f}" y="{y}" font-family={quoteattr(family)}{weight}'
            f' font-size="{size:.2f}" xml:space="preserve" {paint}>{escape(piece)}</text>'
        )
        left += width
    return "".join(out)


@cache
def _measure() -> ShapedMeasure:
    return ShapedMeasure()


def _advance(text: str, family: str, bold: bool) -> float:
    """The advance of `text` in ems, as cairo draws it."""
    return _measure().advance(text, Font(family, bold))


def wrapped(text: str, letters: float) -> list[str]:
    """`text` in lines of at most `letters` characters, broken between words (a word longer
    than that has a line of its own): a long game title at the smallest size still stays on
    the card, over as many lines as it needs."""
    rows: list[str] = []
    for word in text.split():
        if rows and len(rows[-1]) + 1 + len(word) <= letters:
            rows[-1] += " " + word
        else:
            rows.append(word)
    return rows or [text]


def _fitted(rows: list[str], room: float) -> float:
    """The largest capital size (up to DECK_TITLE_MAX_MM) at which each row fits `room`."""
    letters = max(max(len(row) for row in rows), 1)
    return min(DECK_TITLE_MAX_MM, room / (letters * LATO_BOLD_ADVANCE))
