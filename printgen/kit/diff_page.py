"""`printgen diff --html FILE`: the diff as a page, each added, removed and changed card with its
front before and after side by side (PNG thumbnails inside the page, so it opens anywhere).
Only the cards the diff lists are drawn, once each version."""

from __future__ import annotations

import base64
from dataclasses import dataclass

from printgen.kit.diff import GameDiff
from printgen.model import Game
from printgen.render.draw import vector
from printgen.render.draw.svg import render_template
from printgen.render.exports.pngs import bleed_png
from printgen.render.faces.render import Renderer
from printgen.render.text.shaping import ShapedMeasure

THUMB_DPI = 60


@dataclass(frozen=True)
class Row:
    title: str
    lines: list[str]
    before: str  # a data: URL, or '' where that version has no such card
    after: str


class Thumbs:
    """Card fronts of one version as PNG data URLs, drawn on first use."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.renderer: Renderer | None = None

    def __call__(self, deck_name: str, card_id: str) -> str:
        deck = self.game.components.get(deck_name)
        card = next((c for c in deck.cards if c.id == card_id), None) if deck else None
        if deck is None or card is None or deck not in self.game.printed_decks:
            return ""
        if self.renderer is None:
            self.renderer = Renderer(self.game, ShapedMeasure())
        face = self.renderer.front(deck, card)
        drawing = vector.record_svg(face.svg, [self.game.folder], face.title)
        assert self.game.card_size is not None
        png = bleed_png(drawing, self.game.card_size, 0.0, THUMB_DPI)
        return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def diff_page(old: Game, new: Game, diff: GameDiff) -> bytes:
    """The page: the summary, then a row a card with its two fronts."""
    before, after = Thumbs(old), Thumbs(new)
    rows = [
        Row(f"{e.deck}/{e.id} {e.name}", [f"added, x{e.count}"], "", after(e.deck, e.id))
        for e in diff.added
    ]
    rows += [
        Row(f"{e.deck}/{e.id} {e.name}", [f"removed, x{e.count}"], before(e.deck, e.id), "")
        for e in diff.removed
    ]
    for change in diff.changed:
        lines = [f"{c.name}: {c.old!r} -> {c.new!r}" for c in change.columns]
        if change.old_count != change.new_count:
            lines.append(f"count: {change.old_count} -> {change.new_count}")
        lines.append("face: changed" if change.face else "face: unchanged")
        shown = change.face or bool(change.columns)
        rows.append(
            Row(
                f"{change.deck}/{change.id} {change.name}",
                lines,
                before(change.deck, change.id) if shown else "",  # a count alone: one face
                after(change.deck, change.id),
            )
        )
    moved = {d: t for d, t in diff.totals.items() if t[0] != t[1]}
    page = render_template(
        "common/diff.html.j2", game=new.name, against=diff.against, rows=rows, moved=moved
    )
    return page.encode("utf-8")
