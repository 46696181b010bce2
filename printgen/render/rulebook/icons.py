"""Icons and colours for rulebooks: a game's suits drawn as its cards draw them.

A name draws, as on the cards, the game's own icon file (its `icons/` folder) first, then the
shared icon of that name (`templates/common/icons.svg.j2`), then, for a suit or symbol with
neither, the fallback mark the cards print for it (`printgen.render.draw.marks`); each in the
colours of the game's palette (its design's suits, the shared elements, and the cycle's
colour the cards give a suit the design names none for). `inline(name)` is the icon set in
running text (an `<img>` of a `data:` URL, so weasyprint draws each distinct icon once);
`icon(...)` and `badge(...)` are SVG fragments for diagrams and the cover.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from printgen.model.assets import own_icons
from printgen.render.draw.icon_tint import tinted
from printgen.render.draw.marks import mark_svg
from printgen.render.draw.safety import read_image
from printgen.render.draw.svg import Macros, environment, macros
from printgen.render.draw.svg import number as n
from printgen.render.faces.game_palette import game_palette
from printgen.render.faces.palette import ElementColours, Palette, contrast
from printgen.render.faces.render import design_of, roles, suit_marks

if TYPE_CHECKING:
    from pathlib import Path

    from printgen.model import Game

MIN_CONTRAST = 2.4  # an icon drawn on white paper in a pale tone is drawn in its dark tone
_MEDIA = {".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


@cache
def _macros() -> Macros:
    return macros(environment(), "common/icons.svg.j2")


def shared_icons() -> frozenset[str]:
    """The names of the shared icons (the element icons every kit draws)."""
    return frozenset(_macros().ICONS)


class Icons:
    """The icons and colours of one game (its design's palette over the shared one)."""

    def __init__(self, game: Game) -> None:
        self.game_id = game.id
        self.palette: Palette = game_palette(game)
        self.folder = game.folder
        self.own = own_icons(game.folder, game.icons)
        self.shared = tuple(n for n in _macros().ICONS if n in self.palette.elements)
        self.suit_column = _suit_column(game)
        self.marks = _suit_marks(game, self.suit_column, self.own, shared_icons())
        self._uris: dict[tuple[str, str], str] = {}

    @property
    def names(self) -> list[str]:
        """Every name `inline` draws: the game's own icons, the shared elements, then the
        marks of the suits that have neither (as the cards print them)."""
        shared = [n for n in self.shared if n not in self.own]
        return [*self.own, *shared, *(n for n in self.marks if n not in shared)]

    def draws(self, name: str) -> bool:
        """Whether `name` has a picture: an icon file, a shared icon or a suit's mark."""
        return name in self.own or name in self.shared or name in self.marks

    def tones(self, name: str) -> ElementColours:
        return self.palette.element(name)

    def on_paper(self, name: str) -> str:
        """The element's colour for drawing on white: its fill, or its dark tone if pale; the
        ink for an icon that is no suit (`:coin:`)."""
        if name not in self.palette.elements:
            return self.colour("ink")
        tones = self.tones(name)
        return tones.fill if contrast(tones.fill, "#ffffff") >= MIN_CONTRAST else tones.dark

    def colour(self, name: str) -> str:
        return self.palette.colours[name]

    def icon(self, name: str, x: float, y: float, size: float, colour: str | None = None) -> Markup:
        """The icon centred on (x, y), `size` wide and high: the game's file (an SVG that
        paints with currentColor in `colour`), the shared icon or the suit's mark in `colour`
        (by default the suit's colour on paper)."""
        colour = colour or self.on_paper(name)
        if name in self.own:
            href = self._own_uri(name, colour)
            left, top = x - size / 2, y - size / 2
            return Markup(
                '<image href="{}" x="{}" y="{}" width="{}" height="{}" '
                'preserveAspectRatio="xMidYMid meet"/>'
            ).format(href, n(left), n(top), n(size), n(size))
        if name in self.marks:
            return Markup(mark_svg(self.marks[name], x, y, size, colour))
        return Markup(_macros().icon(name, x, y, size, colour))

    def badge(self, name: str, x: float, y: float, size: float, ring: str | None = None) -> Markup:
        """The icon on a disc of the suit's fill, in its ink tone, as the cards' `badge`; an
        icon file drawn in its own colours (a designer draws a suit's icon in the suit's
        colour, for the white card) sits on the suit's light tone instead, where it shows."""
        tones = self.tones(name)
        if name in self.shared and name not in self.own:
            return Markup(_macros().badge(name, x, y, size, vars(tones), ring))
        ground = tones.light if name in self.own and not self._takes_colour(name) else tones.fill
        outline = Markup(' stroke="{}" stroke-width="{}"').format(ring, n(size * 0.06))
        disc = Markup('<circle cx="{}" cy="{}" r="{}" fill="{}"{}/>\n').format(
            n(x), n(y), n(size / 2), ground, outline if ring else ""
        )
        return disc + self.icon(name, x, y, size * 0.6, tones.ink)

    def inline(self, name: str, label: str = "") -> Markup | None:
        """The icon as an inline image for running text; None for an unknown name."""
        if name in self.own:
            uri = self._own_uri(name, self.on_paper(name))
        elif name in self.shared:
            uri = _data_uri(name, self.on_paper(name))
        elif name in self.marks:
            uri = _mark_uri(self.marks[name], self.on_paper(name))
        else:
            return None
        return Markup('<img class="icon" src="{}" alt="{}">').format(uri, escape(label))

    def _takes_colour(self, name: str) -> bool:
        """Whether the game's icon file paints in the colour it is given (currentColor)."""
        path: Path = self.own[name]
        if path.suffix.lower() != ".svg":
            return False
        return tinted(read_image(path, self.folder), "#000000") is not None

    def _own_uri(self, name: str, colour: str) -> str:
        """The game's icon file inlined, read once through the guarded reader; an SVG that
        paints with currentColor takes `colour`."""
        key = (name, colour)
        if key not in self._uris:
            path: Path = self.own[name]
            data = read_image(path, self.folder)
            media = _MEDIA[path.suffix.lower()]
            if media == "image/svg+xml":
                data = tinted(data, colour) or data
            self._uris[key] = f"data:{media};base64," + base64.b64encode(data).decode("ascii")
        return self._uris[key]


def _suit_column(game: Game) -> str | None:
    """The column the card design reads a card's suit from (its `suit:`, or the first
    element column), None for a game without printed cards."""
    if not game.printed_decks or game.card_size is None:
        return None
    return roles(game, design_of(game))["suit"]


def _suit_marks(
    game: Game, column: str | None, own: Mapping[str, Path], shared: frozenset[str]
) -> dict[str, str]:
    """The fallback marks the cards print for suits with no icon, then marks for the game's
    other symbols with none (a game without cards, a symbol no card names), so `:suit:` in
    the rulebook and the cover's emblem show the shape on the cards."""
    return suit_marks(game, column, set(own) | shared, then=game.symbols)


@cache
def _mark_uri(mark: str, colour: str) -> str:
    return _svg_uri(mark_svg(mark, 50, 50, 100, colour))


@cache
def _data_uri(name: str, colour: str) -> str:
    return _svg_uri(_macros().icon(name, 50, 50, 100, colour))


def _svg_uri(body: str) -> str:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
        f'width="100" height="100">{body}</svg>'
    )
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")
