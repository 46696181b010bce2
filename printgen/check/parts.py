"""What `printgen validate` says about a game's parts (game.yaml `parts:`, drawn from
design.yaml's `parts:`): every part is drawn as build draws it, so a grid or track that does
not fit its box, a cell rule naming a cell the grid lacks, an unknown icon or name, or a
design for a part the game does not have is bad input (exit 2, with file and line); text cut
or under the minimum size and text under 4.5:1 contrast are warnings, as on cards; a part the
design does not lay out is noted."""

from __future__ import annotations

from printgen.model import Game
from printgen.rules.engine import Check

SHOWN = 12


def part_checks(game: Game) -> list[Check]:
    if not game.parts:
        return []
    from printgen.render.parts import check_parts  # draws: cairo, fonts

    checked = check_parts(game)
    checks = [
        _listed(
            "part text fits",
            list(dict.fromkeys(checked.overflows)),  # a numbered part's copies say it once
            "every text of every part fits its box at or above the minimum size",
            ("text is cut or under the minimum size", "texts are cut or under the minimum size"),
        ),
        _listed(
            "part contrast",
            list(dict.fromkeys(checked.faint)),
            "every text (4.5:1) and icon (3:1) of every part stands out from what is behind it",
            (
                "text or icon is too faint against what is behind it",
                "texts or icons are too faint against what is behind them",
            ),
        ),
    ]
    if checked.hidden:
        checks.append(
            _listed(
                "part boxes hidden",
                list(dict.fromkeys(checked.hidden)),
                "",
                (
                    "box is covered by a box drawn after it",
                    "boxes are covered by a box drawn after them",
                ),
            )
        )
    if checked.notes:
        checks.append(Check("part designs", True, "warning", "note: " + "; ".join(checked.notes)))
    return checks


def _listed(name: str, found: list[str], fine: str, wrong: tuple[str, str]) -> Check:
    """`wrong`: what is wrong, said of one and of more."""
    if not found:
        return Check(name, True, "warning", fine)
    more = f" and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
    said = wrong[0] if len(found) == 1 else wrong[1]
    return Check(name, False, "warning", f"{len(found)} {said}: {'; '.join(found[:SHOWN])}{more}")
