"""The kit's `analysis.html` (issue 37): the deck analysis `printgen analyze --report` writes,
made for every game with a deck and linked from the gallery.

Like the print guide, it is written with the gallery, after the parts, and is no part of its
own: it is remembered in OUT's cache by what it reads (game.yaml, the deck files and the
rulebooks; printgen's code is added by the store), so a build that changed nothing neither
analyses nor writes anything, and hashes no picture or font to know it.
"""

from __future__ import annotations

from pathlib import Path

from printgen.analysis import analyse
from printgen.analysis.html import render_report
from printgen.files import memo
from printgen.files.hashing import hash_tree
from printgen.kit.write import write_changed
from printgen.model import Game

ANALYSIS_NAME = "analysis.html"


def write_analysis(game: Game, folder: Path) -> Path | None:
    """Write `folder/analysis.html`; None (and no file) for a game with no deck of its own, or
    when the kit's folder is not there (every part failed: the summary says why)."""
    if not folder.is_dir() or not any(
        not d.derived_from and d.cards for d in game.components.values()
    ):
        return None
    data = memo.remembered("analysis", _read_from(game), lambda: render_report(analyse(game)))
    target = folder / ANALYSIS_NAME
    write_changed(target, data, folder.parent)  # a build that changed nothing touches no file
    return target


def _read_from(game: Game) -> list[str]:
    """What the analysis reads: game.yaml, each deck's file and the rulebooks (by hash)."""
    files = {"game.yaml", *(d.file for d in game.components.values() if d.file)}
    patterns = [*sorted(files), "rules*.md"]
    return [game.folder.name, hash_tree(game.folder, patterns)]
