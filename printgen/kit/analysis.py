"""The kit's `analysis.html` (issue 37): the deck analysis `printgen analyze --report` writes,
made for every game with a deck and linked from the gallery.

Like the print guide, it is written with the gallery, after the parts, and is no part of its
own: it is remembered in OUT's cache by what it reads (game.yaml, the deck files and the
rulebooks; printgen's code is added by the store), so a build that changed nothing neither
analyses nor writes anything, and hashes no picture or font to know it. A build with parts to
make analyses the games it lacks in its worker processes, beside the parts
(`remember_analysis`, printgen.kit.pages).
"""

from __future__ import annotations

from pathlib import Path

from printgen.analysis import analyse
from printgen.analysis.html import render_report
from printgen.errors import PrintgenError
from printgen.files import memo
from printgen.files.hashing import hash_tree
from printgen.kit.run import planned_game
from printgen.kit.write import write_changed
from printgen.model import Game, load_game

ANALYSIS_NAME = "analysis.html"


def write_analysis(game: Game, folder: Path) -> Path | None:
    """Write `folder/analysis.html`; None (and no file) for a game with no deck of its own, or
    when the kit's folder is not there (every part failed: the summary says why)."""
    if not folder.is_dir() or not _has_deck(game):
        return None
    target = folder / ANALYSIS_NAME
    data = _page(game)
    write_changed(target, data, folder.parent)  # a build that changed nothing touches no file
    return target


def analysis_stored(folder: Path) -> bool:
    """Whether the build store holds the page of the game `plan` was given from `folder`, or
    the game has none to make (not planned in this build: nothing to make ahead)."""
    game = planned_game(folder)
    return game is None or not _has_deck(game) or memo.stored("analysis", _read_from(game))


def remember_analysis(folder: Path, out_dir: Path) -> None:
    """Make the page of the game in `folder` into OUT's build store (a worker's job); a game
    that does not load or analyse is left to the gallery, which says why."""
    memo.configure(out_dir / ".cache")
    try:  # the build's own game when this worker was forked from it
        _page(planned_game(folder) or load_game(folder))
    except PrintgenError:
        pass
    finally:
        memo.configure(None)


def _has_deck(game: Game) -> bool:
    return any(not d.derived_from and d.cards for d in game.components.values())


def _page(game: Game) -> bytes:
    return memo.remembered("analysis", _read_from(game), lambda: render_report(analyse(game)))


def _read_from(game: Game) -> list[str]:
    """What the analysis reads: game.yaml, each deck's file and the rulebooks (by hash)."""
    files = {"game.yaml", *(d.file for d in game.components.values() if d.file)}
    patterns = [*sorted(files), "rules*.md"]
    return [game.folder.name, hash_tree(game.folder, patterns)]
