"""What a finished game gives each seat: the score a search bot and the skill ladder count."""

from __future__ import annotations

from printgen.rules.api import GameState


def rewards_of(state: GameState) -> dict[int, float]:
    """Each winning seat's score in a finished game: 1 for a win, 1/k for a win shared by k
    seats or teams (every seat of a winning team gets the team's); a seat not listed scored 0
    (a loss, a game nobody won, a game stopped by the engine's cap)."""
    winners = state.result().winners
    if not winners:
        return {}
    team_of = {seat: name for name, seats in state.teams().items() for seat in seats}
    sides = {team_of.get(seat, str(seat)) for seat in winners}
    share = 1.0 / len(sides)
    if not team_of:
        return dict.fromkeys(winners, share)
    return {seat: share for seat, name in team_of.items() if name in sides}
