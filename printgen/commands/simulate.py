"""`printgen simulate`: whole games played by bots (not built yet: issue 7)."""

from __future__ import annotations

from pathlib import Path

from printgen.errors import UsageError


def run(game: str, data_dir: Path | None, n_games: int, players: int | None, seed: int,
        bot: str, mode: str | None, jobs: int, report: Path | None, as_json: bool) -> int:
    raise UsageError("simulate is not built yet (issue 7); the rules engine is ready for it")
