"""A kit's own pages, made after its parts: the print guide (with its gallery preview), the
deck's analysis and the balance page.

The gallery writes them at the end of a build, in the parent process. A build with parts to
make also makes the costly ones ahead, in the worker processes: a game's analysis beside the
parts (`analysis_jobs`), its print guide and the guide's preview as soon as its last part is
built (`pages_job`), so the gallery finds them drawn (in the build store, or on disk with the
same bytes) instead of drawing game after game on one core while the other waits. A worker
draws exactly what the gallery would; what it could not draw, the gallery draws (and says
what fails), so the kit and its messages are the same either way.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from printgen.errors import PrintgenError
from printgen.files import memo
from printgen.kit.analysis import analysis_stored, remember_analysis, write_analysis
from printgen.kit.balance import write_balance
from printgen.kit.guide import GUIDE_NAME, guide_for, piece_files, write_guide
from printgen.kit.preview import make_preview
from printgen.kit.reprint import reprint_files
from printgen.kit.run import SideJob, planned_game
from printgen.model import Game, load_game
from printgen.render.text.kit_words import kit_words

if TYPE_CHECKING:
    from printgen.render.sheets.print_guide import PrintGuide


def kit_pages(
    game: Game,
    recorded: list[Path],
    kit: Path,
    notes: tuple[str, ...],
    lang: str | None = None,
    built_now: bool = True,
) -> tuple[list[Path], PrintGuide | None]:
    """The kit's files the gallery lists (those built, the reprint files, and the print
    guide, analysis and balance pages written now), with the guide when one was written;
    the guide in the kit's language (`build --lang`, else the game's first). A kit this
    build did not make keeps the guide its own build wrote: that build's `--lang` is not
    this one's."""
    files = [f for f in recorded if f.exists()] + reprint_files(kit)
    guide, written = _write_guide(game, files, kit, notes, lang if built_now else None, built_now)
    files += [written] if written else []
    files += [a for a in [write_analysis(game, kit)] if a is not None]
    files += [b for b in [write_balance(game, kit)] if b is not None]
    return files, guide if written else None


def _write_guide(
    game: Game,
    files: list[Path],
    kit: Path,
    notes: tuple[str, ...],
    lang: str | None,
    rewrite: bool = True,
) -> tuple[PrintGuide, Path | None]:
    """The kit's print guide for `files`, in `lang`'s words, and where it was written (None:
    not written); without `rewrite`, a guide already written is kept as it is."""
    words = kit_words(game.in_language(lang))
    guide = guide_for(words.game_name, files, piece_files(game), game.parts.values(), notes, words)
    if not rewrite and (kit / GUIDE_NAME).is_file():
        return guide, kit / GUIDE_NAME
    return guide, write_guide(guide, kit, game)


def analysis_jobs(folders: list[Path], out_dir: Path) -> list[SideJob]:
    """The analyses to make in the worker processes beside the parts: those of `folders`'
    games that OUT's build store does not hold yet."""
    memo.configure(out_dir / ".cache")
    try:
        todo = [folder for folder in folders if not analysis_stored(folder)]
    finally:
        memo.configure(None)
    return [(remember_analysis, (folder, out_dir)) for folder in todo]


def pages_job(
    folder: Path, recorded: list[Path], out_dir: Path, notes: tuple[str, ...], lang: str | None
) -> SideJob | None:
    """The job that makes the kit's print guide (`make_pages`) once its parts are built; None when
    the gallery must make them itself: the kit holds reprint files, which the build may remove
    or write again after its parts."""
    if reprint_files(out_dir / folder.name):
        return None
    return (make_pages, (folder, recorded, out_dir, notes, lang))


def make_pages(
    folder: Path, recorded: list[Path], out_dir: Path, notes: tuple[str, ...], lang: str | None
) -> None:
    """Write the print guide of the game in `folder` (a worker's job) as the gallery will,
    with its preview (the analysis is made beside the parts, the balance page costs nothing);
    a game or guide that fails is left to the gallery, which says why."""
    memo.configure(out_dir / ".cache")
    try:  # the build's own game, as the worker was forked from it
        game = planned_game(folder) or load_game(folder)
        kit = out_dir / game.id
        _, written = _write_guide(game, [f for f in recorded if f.exists()], kit, notes, lang)
        if written is not None:
            make_preview(written, out_dir)
    except (PrintgenError, OSError):
        pass
    finally:
        memo.configure(None)
