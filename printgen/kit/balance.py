"""The kit's `balance.html` (issue 38): the game's recorded figures as charts, beside
analysis.html, for every game whose engine can simulate it. Written from figures.json only, so
it costs a build nothing and changes only when the figures do."""

from __future__ import annotations

from pathlib import Path

from printgen.analysis.balance import balance_report
from printgen.kit.write import write_changed
from printgen.model import Game

BALANCE_NAME = "balance.html"


def write_balance(game: Game, folder: Path) -> Path | None:
    """Write `folder/balance.html`; None (and no file) for a game with no engine (nothing can
    simulate it) or when the kit's folder is not there."""
    if game.engine is None or not folder.is_dir():
        return None
    target = folder / BALANCE_NAME
    write_changed(target, balance_report(game), folder.parent)
    return target
