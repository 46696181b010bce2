"""`printgen score GAME FILE`: evaluate one situation file through the game's engine, or the
cards each player holds (`holds:`) and the pieces each laid (`placed:`) through the game's
`scoring:` rules."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.commands.common import data_dir_or_default, print_json
from printgen.errors import DataError, Problem, SituationError
from printgen.model import load_game
from printgen.model.load import resolve_games
from printgen.model.sources import load_yaml_value
from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.rules.engine import require_engine
from printgen.rules.scoring import score_holds, scored


def run(game_id: str, file: Path, data_dir: Path | None, as_json: bool) -> int:
    folder = data_dir_or_default(data_dir)
    resolve_games(folder, [game_id])
    game = load_game(folder / game_id)
    engine = None if scored(game) else require_engine(game, "score")
    situation, loc = load_yaml_value(file, root=file.resolve().parent)  # the user's own file
    if not isinstance(situation, dict):
        raise DataError([Problem(loc.file, loc.line, "", "expected a mapping (a situation)")])
    named = situation.get("game", game_id)
    if named != game_id:
        raise DataError(
            [loc.problem("game", "game", f"this situation is for {named!r}, not {game_id!r}")]
        )
    try:
        if engine is not None:
            result = engine.score(situation, game)
        else:
            result = score_holds(game, *_holds(situation))
    except SituationError as exc:
        field = ".".join(str(p) for p in exc.path)
        raise DataError([Problem(loc.file, loc.at_path(exc.path), field, exc.message)]) from None
    if as_json:
        print_json(result.to_json())
    else:
        click.echo(result.explain())
    return 0


def _holds(situation: YamlMapping) -> tuple[YamlValue, YamlValue]:
    """A scoring game's situation: `holds:` and `placed:` (one at least; `game:` may name it)."""
    for key in situation:
        if key not in ("game", "holds", "placed"):
            raise SituationError((key,), "unknown key; accepted keys: game, holds, placed")
    if "holds" not in situation and "placed" not in situation:
        raise SituationError(
            (), "expected holds: {PLAYER: [card ids]} or placed: {PLAYER: [{piece, at}]}"
        )
    return situation.get("holds"), situation.get("placed")
