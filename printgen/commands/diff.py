"""`printgen diff GAME --against DIR|REV [--json]`: what changed since another version of the
game (printgen.kit.diff). A report: exit 0 whatever changed; 2 for a bad folder or revision."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.commands.common import data_dir_or_default, print_json
from printgen.files.atomic import write_atomic
from printgen.kit.against import other_version
from printgen.kit.diff import diff_games, lines
from printgen.model import load_game
from printgen.model.load import resolve_games
from printgen.sim.report import check_report_path


def run(
    game_id: str, data_dir: Path | None, against: str, as_json: bool, html: Path | None = None
) -> int:
    folder = data_dir_or_default(data_dir)
    resolve_games(folder, [game_id])
    if html is not None:
        check_report_path(html)  # before any work: a name that cannot be written
    game = load_game(folder / game_id)
    with other_version(game.folder, against) as old_folder:
        old = load_game(old_folder)
        diff = diff_games(old, game, against)
        if html is not None:
            from printgen.kit.diff_page import diff_page  # cairo: only for the page

            write_atomic(html, diff_page(old, game, diff))
            click.echo(f"wrote {html}", err=True)
    if as_json:
        print_json(diff.to_json())
    else:
        for line in lines(diff):
            click.echo(line)
    return 0
