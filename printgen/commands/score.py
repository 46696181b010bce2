"""`printgen score GAME FILE`: evaluate one situation file through the game's engine."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.commands.common import data_dir_or_default, print_json
from printgen.errors import DataError, Problem, SituationError
from printgen.model import load_game
from printgen.model.load import resolve_games
from printgen.model.sources import load_yaml
from printgen.rules.engine import require_engine


def run(game_id: str, file: Path, data_dir: Path | None, as_json: bool) -> int:
    folder = data_dir_or_default(data_dir)
    resolve_games(folder, [game_id])
    game = load_game(folder / game_id)
    engine = require_engine(game, "score")
    situation, loc = load_yaml(file, root=file.resolve().parent)  # the user's own file
    if not isinstance(situation, dict):
        raise DataError([Problem(loc.file, loc.line, "", "expected a mapping (a situation)")])
    named = situation.get("game", game_id)
    if named != game_id:
        raise DataError(
            [loc.problem("game", "game", f"this situation is for {named!r}, not {game_id!r}")]
        )
    try:
        result = engine.score(situation, game)
    except SituationError as exc:
        field = ".".join(str(p) for p in exc.path)
        raise DataError([Problem(loc.file, loc.at_path(exc.path), field, exc.message)]) from None
    if as_json:
        print_json(result.to_json())
    else:
        click.echo(result.explain())
    return 0
