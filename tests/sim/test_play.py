"""The driver fails loudly: a broken invariant, an illegal move, a game that never ends."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from printgen.rules.api import CHANCE, TERMINAL, Action, GameState, Result
from printgen.sim import play
from printgen.sim.play import SimulationError, play_game, random_bot, replay


class Pile(GameState):
    """A toy game: chance deals cards 1..5 into one hand, one a turn, until the player stops.

    `leak` makes a card vanish on the third deal (a conservation bug)."""

    def __init__(self, leak: bool = False, endless: bool = False) -> None:
        self.deck, self.hand, self.leak, self.endless = [1, 2, 3, 4, 5], [], leak, endless
        self.to_deal, self.over = True, False

    def current_player(self) -> int:
        return TERMINAL if self.over else CHANCE if self.to_deal else 0

    def legal_actions(self) -> Sequence[Action]:
        return ["stop", "more"] if self.deck else ["stop"]

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return [(c, 1 / len(self.deck)) for c in self.deck]

    def apply(self, action: Action) -> None:
        if self.to_deal:
            self.deck.remove(action)
            if not (self.leak and len(self.deck) == 2):
                self.hand.append(action)
            self.to_deal = False
        elif action not in self.legal_actions():
            raise ValueError(f"illegal {action!r}")
        elif action == "stop" and not self.endless:
            self.over = True
        else:
            self.to_deal = bool(self.deck)

    def result(self) -> Result:
        return Result((0,), "stopped", {"0": float(sum(self.hand))}, {}, len(self.hand), "cards")

    def clone(self) -> Pile:
        raise NotImplementedError

    def check_invariants(self) -> None:
        assert sorted(self.deck + self.hand) == [1, 2, 3, 4, 5], "cards are not conserved"


def always_more(state: GameState, rng: random.Random) -> Action:
    return "more" if "more" in state.legal_actions() else "stop"


def test_a_game_is_its_seed() -> None:
    a = play_game(Pile(), [random_bot], "7:1", record_moves=True)
    b = play_game(Pile(), [random_bot], "7:1", record_moves=True)
    assert a == b and a.unit == "cards" and a.length == len(a.moves) - a.decisions
    assert replay(Pile(), a.moves).moves == a.moves


def test_a_broken_invariant_stops_the_run_at_the_end_of_the_game() -> None:
    with pytest.raises(SimulationError, match="game 1:2: invariant broken: cards are not"):
        play_game(Pile(leak=True), [always_more], "1:2")


def test_every_move_checked_names_the_move() -> None:
    state = Pile(leak=True)
    with pytest.raises(SimulationError, match="cards are not conserved"):
        play_game(state, [always_more], "1:2", check_every_move=True)
    assert len(state.deck) == 2  # caught at the move that lost the card, not at the end


def test_an_illegal_choice_is_refused() -> None:
    def cheat(state: GameState, rng: random.Random) -> Action:
        return "peek"

    with pytest.raises(SimulationError, match="seat 1 chose illegal 'peek'"):
        play_game(Pile(), [cheat], "s", check_every_move=True)
    with pytest.raises(SimulationError, match="the engine refused 'peek'"):
        play_game(Pile(), [cheat], "s")


def test_a_game_that_never_ends_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "MAX_ACTIONS", 50)
    with pytest.raises(SimulationError, match="did not end within 50 actions"):
        play_game(Pile(endless=True), [random_bot], "s")


def test_replay_refuses_moves_that_are_not_legal() -> None:
    with pytest.raises(SimulationError, match="is not legal here"):
        replay(Pile(), [1, "fly"])
    with pytest.raises(SimulationError, match="end before the game does"):
        replay(Pile(), [1])


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("mywuxing", 3, {"mode": "learn"}),
        ("mywuxing", 2, {"mode": "think"}),
        ("cl4sh", 3, {}),
        ("the-way", 2, {}),
        ("elementa", 4, {}),
        ("feng-shui-master", 2, {}),
    ],
)
def test_the_fast_loop_plays_the_games_of_the_checked_one(
    game: str, players: int, options: dict[str, object]
) -> None:
    """`simulate` steps through chance nodes with `play_chance` (drawn and applied at once);
    `--check-moves` draws with `sample_chance`, checks, then applies: the same seed must play
    the same moves either way."""
    from printgen.sim.runner import play_batch
    from tests.sim.conftest import spec

    plain = spec(game, players, ("random", "greedy"), 3, **options)
    checked = spec(game, players, ("random", "greedy"), 3, check=True, **options)
    recorded = [replace(s, record_moves=True) for s in (plain, checked)]
    fast, slow = (play_batch((s, 0, 12)) for s in recorded)
    assert fast == slow and all(r.moves for r in fast)
