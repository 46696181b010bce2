"""Element icons and colours for rulebooks, from the shared icons and the game's palette.

`inline(name)` is the icon set in running text (an `<img>` of a small SVG, as a `data:` URL so
weasyprint draws each distinct icon once): the game's own icon file when it has one (its
`icons/` folder, as the cards draw it), else a shared element icon. `icon(...)` and
`badge(...)` are SVG fragments for diagrams, from `templates/common/icons.svg.j2`.
"""

from __future__ import annotations

import base64
from functools import cache
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

from printgen.model.assets import own_icons
from printgen.render.design.game_palette import game_palette
from printgen.render.marks import mark_svg
from printgen.render.palette import ElementColours, Palette, contrast
from printgen.render.safety import read_image
from printgen.render.svg import environment

if TYPE_CHECKING:
    from printgen.model import Game

ICON_NAMES = ("water", "wood", "fire", "earth", "metal", "air", "void", "wild")
MIN_CONTRAST = 2.4  # an icon drawn on white paper in a pale tone is drawn in its dark tone
_MEDIA = {".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


@cache
def _macros() -> Any:
    return environment().get_template("common/icons.svg.j2").module


class Icons:
    """The icons and colours of one game (its design's palette over the shared one)."""

    def __init__(self, game: Game) -> None:
        self.game_id = game.id
        self.palette: Palette = game_palette(game)
        self.folder = game.folder
        self.own = own_icons(game.folder, game.icons)
        self.marks = _suit_marks(game, self.own)
        self._uris: dict[str, str] = {}

    @property
    def names(self) -> list[str]:
        """Every name `inline` draws: the game's own icons, the shared elements, then the
        marks of the suits that have neither (as the cards print them)."""
        shared = [n for n in ICON_NAMES if n in self.palette.elements and n not in self.own]
        return [*self.own, *shared, *(n for n in self.marks if n not in shared)]

    def tones(self, name: str) -> ElementColours:
        return self.palette.element(name)

    def on_paper(self, name: str) -> str:
        """The element's colour for drawing on white: its fill, or its dark tone if pale."""
        tones = self.tones(name)
        return tones.fill if contrast(tones.fill, "#ffffff") >= MIN_CONTRAST else tones.dark

    def colour(self, name: str) -> str:
        return self.palette.colours[name]

    def icon(self, name: str, x: float, y: float, size: float, colour: str | None = None) -> Markup:
        return Markup(_macros().icon(name, x, y, size, colour or self.on_paper(name)))

    def badge(self, name: str, x: float, y: float, size: float, ring: str | None = None) -> Markup:
        return Markup(_macros().badge(name, x, y, size, vars(self.tones(name)), ring))

    def inline(self, name: str, label: str = "") -> Markup | None:
        """The icon as an inline image for running text; None for an unknown name."""
        if name in self.own:
            uri = self._own_uri(name)
        elif name in ICON_NAMES and name in self.palette.elements:
            uri = _data_uri(name, self.on_paper(name))
        elif name in self.marks:
            uri = _mark_uri(self.marks[name], self.palette.colours.get("ink", "#000000"))
        else:
            return None
        return Markup('<img class="icon" src="{}" alt="{}">').format(uri, escape(label))

    def _own_uri(self, name: str) -> str:
        """The game's icon file inlined, read once through the guarded reader."""
        if name not in self._uris:
            path = self.own[name]
            data = read_image(path, self.folder)
            media = _MEDIA[path.suffix.lower()]
            self._uris[name] = f"data:{media};base64," + base64.b64encode(data).decode("ascii")
        return self._uris[name]


def _suit_marks(game: Game, own: dict[str, Any]) -> dict[str, str]:
    """The fallback marks the cards print for suits with no icon (none for a game without
    printed cards), so `:suit:` in the rulebook is the shape on the cards."""
    if not game.printed_decks or game.card_size is None:
        return {}
    from printgen.render.design.render import design_of, roles, suit_marks

    known = set(own) | set(ICON_NAMES)
    return suit_marks(game, roles(game, design_of(game))["suit"], known)


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
