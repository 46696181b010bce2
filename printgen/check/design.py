"""What `printgen validate` says about a game's card design: text that does not fit its box
at the design's minimum size (a warning, an error with `strict: true`), text whose contrast
with the shape behind it is under 4.5:1 (a warning), and declared columns that no box prints
(a note), for the faces of every language the game lists. Mistakes in the design itself (an
unknown column or icon, a box outside the card, a missing font file) are DataErrors: exit 2,
with file and line."""

from __future__ import annotations

from printgen.model import Game
from printgen.rules.engine import Check

SHOWN = 12


def design_checks(game: Game) -> list[Check]:
    from printgen.render import vector  # text is measured with the font cairo draws with
    from printgen.render.design.render import design_of, unused_columns
    from printgen.render.faces import game_faces

    measure = vector.CairoMeasure()
    decks = game_faces(game, measure)
    design = design_of(game)
    faces = [(face, "") for deck in decks for face in [*(f for _, f in deck.fronts), deck.back]]
    for lang in game.languages[1:]:  # the faces `build --lang` draws, with their own words
        faces += [
            (face, f"[{lang}] ")
            for deck in game_faces(game.in_language(lang), measure)
            for face in [*(f for _, f in deck.fronts), deck.back]
        ]
    overflows = [tag + message for face, tag in faces for message in face.overflows]
    checks = []
    if overflows:
        listed = "; ".join(overflows[:SHOWN])
        more = f" and {len(overflows) - SHOWN} more" if len(overflows) > SHOWN else ""
        checks.append(
            Check(
                "card text fits",
                False,
                "error" if design.strict else "warning",
                f"{len(overflows)} text boxes do not fit: {listed}{more}",
            )
        )
    else:
        checks.append(
            Check(
                "card text fits",
                True,
                "warning",
                "every text fits its box at or above the design's minimum size",
            )
        )
    faint = [tag + message for face, tag in faces for message in face.low_contrast]
    if faint:
        listed = "; ".join(faint[:SHOWN])
        more = f" and {len(faint) - SHOWN} more" if len(faint) > SHOWN else ""
        checks.append(
            Check("card text contrast", False, "warning", f"{len(faint)} texts: {listed}{more}")
        )
    unused = unused_columns(game, design)
    if unused:
        checks.append(
            Check(
                "columns printed",
                True,
                "warning",
                f"note: no box of the design prints {', '.join(unused)}",
            )
        )
    return checks
