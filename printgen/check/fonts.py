"""Font coverage for `printgen validate`: every character the data puts on a card is in the font
file cairo will use for it (cairo has no glyph fallback; see `printgen.render.text.fonts`)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from printgen.check.art_text import art_text_check
from printgen.check.faces import GameFaces, drawn_faces
from printgen.errors import PrintgenError
from printgen.model import Card, Game
from printgen.render.faces.game_lettering import game_lettering
from printgen.render.text.fonts import SHOWN, FontRequest, charmap, resolve, text_by_font
from printgen.rules.engine import Check

if TYPE_CHECKING:
    from printgen.render.faces.face import Face


def font_checks(game: Game, drawn: GameFaces | None = None) -> list[Check]:
    """One check per font the cards of `game` use: every character there is in the font.
    `drawn`: the faces validate drew for the design checks (else they are drawn here)."""
    try:
        faces = drawn if drawn is not None else drawn_faces(game)  # every language's faces
        lettering = game_lettering(game)  # the captions': the cards' body font, then Lato
    except PrintgenError as exc:
        return [Check("fonts", False, "error", f"cannot render the cards to check: {exc}")]
    decks = faces.card_decks
    where: dict[FontRequest, dict[str, str]] = defaultdict(dict)  # font -> char -> place
    headers = {column: header for header, column in reversed(game.headers.items())}
    for deck in decks:
        for card, face in [*deck.fronts, (None, deck.back)]:
            _note(where, card, face, headers)
        captions = f"{game.name} {deck.deck.name} ·"  # the sheet captions of cards.pdf
        for family, piece in lettering.runs(captions):
            for char in piece:
                if not char.isspace():
                    where[FontRequest(family)].setdefault(char, "the captions of cards.pdf")
    for piece_deck, _ in faces.pieces:  # tiles, tokens and dice, in every language
        for card, face in piece_deck.faces:
            _note(where, card, face, headers)
    art = art_text_check(game, decks)  # text inside the designer's SVG pictures
    return [_check(font, chars) for font, chars in sorted(where.items())] + ([art] if art else [])


def _note(
    where: dict[FontRequest, dict[str, str]], card: Card | None, face: Face, headers: dict[str, str]
) -> None:
    """Each character of `face` in each font, where first found (`_place`)."""
    for font, text in text_by_font(face.svg).items():
        for char in text:
            if not char.isspace() and char not in where[font]:
                where[font][char] = _place(card, char, text, headers) or face.title


def _place(card: Card | None, char: str, drawn: str, headers: dict[str, str]) -> str | None:
    """Where a character on a card's face was written: the card's cell that holds it
    (`cards.csv:3: column 'Name'`, `cards.xlsx:Cards!A3: ...`), so the message leads to the
    cell to fix, not to an id made from the name. Of the cells holding it, one whose word
    with it is among the text `drawn` in this font (the name in the title's font, the text
    in the body's); None when no cell holds it (the design's own words, a deck's name)."""
    if card is None:
        return None
    holding = []
    for column, value in (("name", card.name), *card.fields.items()):
        if value is None:
            continue
        text = " ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
        if char in text:
            words = [word for word in text.split() if char in word]
            holding.append((not any(word in drawn for word in words), column))
    if not holding:
        return None
    column = min(holding, key=lambda held: held[0])[1]  # the first drawn so, or the first
    return f"{card.where(column)}: column '{headers.get(column, column)}'"


def _check(font: FontRequest, chars: dict[str, str]) -> Check:
    name = f"font {font}"
    try:
        resolved = resolve(font)
        covered = charmap(resolved.file)
    except Exception as exc:  # no fc-match, an unreadable font file: say so, do not crash
        return Check(name, False, "error", f"cannot check the font: {exc}")
    missing = [c for c in sorted(chars) if ord(c) not in covered]
    if missing:
        listed = ", ".join(f"U+{ord(c):04X} {c!r} ({chars[c]})" for c in missing[:SHOWN])
        more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
        return Check(
            name,
            False,
            "error",
            f"{resolved.file.name} (what fontconfig gives for {font}) has no glyph "
            f"for {listed}{more}: they would print as empty boxes",
        )
    family = font.family.split()[0].casefold()
    if not any(f.casefold().startswith(family) for f in resolved.families):
        return Check(
            name,
            False,
            "warning",
            f"{font} is not installed; fontconfig substitutes {resolved.file.name}, "
            f"which covers all {len(chars)} characters (install fonts-lato)",
        )
    return Check(
        name, True, "error", f"{resolved.file.name} covers all {len(chars)} characters on the cards"
    )
