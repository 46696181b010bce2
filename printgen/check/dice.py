"""What `printgen validate` says about a game's dice beyond what keeps them from printing: a
die of a face count no blank die has (game.yaml says `faces: 3`) prints its labels, square,
and nothing says where they would go; the usual way to roll one of three is a d6 with each
face twice."""

from __future__ import annotations

from printgen.model import Game
from printgen.model.dice import COMMON_DICE
from printgen.rules.engine import Check

TIMES = {2: "twice", 3: "three times", 4: "four times", 5: "five times", 6: "six times"}


def dice_checks(game: Game) -> list[Check]:
    found = []
    for deck in game.piece_decks:
        if deck.kind != "dice" or not deck.faces or deck.faces in COMMON_DICE:
            continue
        doubled = [n for n in COMMON_DICE if n % deck.faces == 0]
        usual = (
            f"; a d{doubled[0]} with each face {TIMES.get(doubled[0] // deck.faces, '')} rolls "
            f"one of {deck.faces} (faces: {doubled[0]}, Face {deck.faces + 1} as Face 1 ...)"
            if doubled
            else ""
        )
        found.append(
            f"{deck.where}: components.{deck.name}.faces: no blank die has {deck.faces} faces (the "
            f"common ones have {', '.join(map(str, COMMON_DICE))}): its labels print as "
            f"squares{usual}"
        )
    if not found:
        return []
    return [Check("dice faces", False, "warning", "; ".join(found))]
