"""What `printgen validate` says about a game's parts (game.yaml `parts:`, drawn from
design.yaml's `parts:`): every part is drawn as build draws it, so a grid or track that does
not fit its box, a cell rule naming a cell the grid lacks, an unknown icon or name, or a
design for a part the game does not have is bad input (exit 2, with file and line); text cut
or under the minimum size and text under 4.5:1 contrast are warnings, as on cards; a part the
design does not lay out is noted."""

from __future__ import annotations

from printgen.layout.partsheet import LARGE_MARGIN_MM, large_sheet, sheet_missed
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.model import Game
from printgen.rules.engine import Check

SHOWN = 12
HOME = ("a4", "letter")


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
    missed = _sheets_missed(game)
    if missed:
        checks.append(Check("part sheets", False, "warning", "; ".join(missed)))
    return checks


def _sheets_missed(game: Game) -> list[str]:
    """A part printed whole on a large sheet one size up from the one it nearly fits: said,
    with the most that sheet holds (a board 3 mm over A3's room goes on A2 unsaid, and the
    designer's own note said A3). `large_paper:` names the sheet, and silences it."""
    # the rule parts_pdf follows: its first part alone decides, its file's others go under it
    from printgen.render.parts.pages import NOTE_GAP_MM, fits_or_is_paper  # cairo: parts only

    found = []
    for part in game.parts.values():
        if part.size is None or part.large_paper is not None or part.group is not None:
            continue
        size = part.size
        if all(fits_or_is_paper(size, PAPER_SIZES[paper]) for paper in HOME):
            continue  # fits home paper: printed at home only
        under = [p.size for p in game.parts.values() if p.group == part.name and p.size]
        whole = Size(
            max([size.width, *(other.width for other in under)]),
            size.height + sum(other.height + NOTE_GAP_MM for other in under),
        )
        missed = sheet_missed(whole)
        if missed is None:
            continue
        smaller, most = missed
        name, big = smaller.name.upper(), large_sheet(whole).name.upper()
        found.append(
            f"{part.where}: parts.{part.name}: {part.size.width:g} x {part.size.height:g} mm "
            f"prints whole on {big}: {name} holds a part of at most {most.width:g} x "
            f"{most.height:g} mm (its {LARGE_MARGIN_MM:g} mm margins and the caption under "
            f"it{', with the parts printed in it' if under else ''}); "
            f"large_paper: {big.lower()} says it is meant"
        )
    return found


def _listed(name: str, found: list[str], fine: str, wrong: tuple[str, str]) -> Check:
    """`wrong`: what is wrong, said of one and of more."""
    if not found:
        return Check(name, True, "warning", fine)
    more = f" and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
    said = wrong[0] if len(found) == 1 else wrong[1]
    return Check(name, False, "warning", f"{len(found)} {said}: {'; '.join(found[:SHOWN])}{more}")
