"""The bundled games as the tests loop over them: read from the data and the engine registry,
never typed out, so a sixth game (or engine) gets the generic tests for free."""

from __future__ import annotations

from printgen.model import data_dir_default, load_all
from printgen.rules.engine import engines

BUNDLED = load_all(data_dir_default())
ALL = tuple(game.id for game in BUNDLED)
WITH_ENGINE = tuple(game.id for game in BUNDLED if game.engine in engines())
WITH_CARDS = tuple(game.id for game in BUNDLED if game.card_size and game.printed_decks)
WITH_RULEBOOK = tuple(game.id for game in BUNDLED if (game.folder / "rules.md").is_file())
