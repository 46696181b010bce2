"""The kit's `balance.html` (issue 38): the game's recorded figures as charts, beside
analysis.html, for every game whose engine can simulate it. Written from figures.json only, so
it changes only when the figures do; remembered in OUT's cache by what it reads (the game's
YAML files and figures.json; printgen's code is added by the store), so a build that changed
nothing neither charts the figures nor compiles the page's template."""

from __future__ import annotations

from pathlib import Path

from printgen.analysis.balance import balance_report
from printgen.files import memo
from printgen.files.hashing import hash_tree
from printgen.kit.write import write_changed
from printgen.model import Game
from printgen.rules.figures import RECORDED

BALANCE_NAME = "balance.html"


def write_balance(game: Game, folder: Path) -> Path | None:
    """Write `folder/balance.html`; None (and no file) for a game with no engine (nothing can
    simulate it) or when the kit's folder is not there."""
    if game.engine is None or not folder.is_dir():
        return None
    target = folder / BALANCE_NAME
    read_from = [game.folder.name, hash_tree(game.folder, ["*.yaml", RECORDED])]
    data = memo.remembered("balance", read_from, lambda: balance_report(game))
    write_changed(target, data, folder.parent)
    return target
