"""`printgen diff GAME --against DIR|REV [--json]`: what changed since another version of the
game (printgen.kit.diff). A report: exit 0 whatever changed; 2 for a bad folder or revision."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.commands.common import data_dir_or_default, print_json
from printgen.kit.against import other_version
from printgen.kit.diff import diff_games, lines
from printgen.model import load_game
from printgen.model.load import resolve_games


def run(game_id: str, data_dir: Path | None, against: str, as_json: bool) -> int:
    folder = data_dir_or_default(data_dir)
    resolve_games(folder, [game_id])
    game = load_game(folder / game_id)
    with other_version(game.folder, against) as old_folder:
        old = load_game(old_folder)
        diff = diff_games(old, game, against)
    if as_json:
        print_json(diff.to_json())
    else:
        for line in lines(diff):
            click.echo(line)
    return 0
