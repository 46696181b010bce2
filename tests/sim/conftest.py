"""Shared helpers of the simulation tests."""

from __future__ import annotations

from pathlib import Path

from printgen.model import data_dir_default
from printgen.sim.runner import SimSpec

DATA = data_dir_default()


def spec(
    game: str,
    players: int,
    bots: tuple[str, ...] = ("random",),
    seed: int = 0,
    check: bool = False,
    **options: object,
) -> SimSpec:
    folder: Path = DATA / game
    return SimSpec(folder, game, players, seed, bots, dict(options), check_every_move=check)
