"""Whole games of Feng Shui Master on the shared state API (printgen.rules.api).

A round: the dice of the player count (game.yaml `dice_rolled`) are rolled one die at a time
(chance, uniform over the faces); then, from the round's first player on in turn order, each
player takes one die until `dice_left_to_convert` are left, which are converted one each in turn
order. A taken die is placed in the row of its face (`("place", element, face, square)`,
square 1-based) when any open square there is legal; only a die that cannot be placed may be
converted (`("convert", element, face)`), except the last dice of the round, which must be,
the player whose turn it is choosing which (decision: last-dice). A conversion on a full track
uses up the die without a cross (decision: full-track). When a player fills every square
or crosses a track to its end, that round is played out and the game ends. The first player
token passes clockwise each round (decision: token-passing).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from printgen.errors import UsageError
from printgen.model import Game
from printgen.rules.api import CHANCE, TERMINAL, Action, GameState, Result
from printgen.rules.feng_shui.rules import FengShuiRules, rules_of
from printgen.rules.feng_shui.sheet import SheetsResult, can_place, score_sheets, violation

PLACE = "place"
CONVERT = "convert"
Pick = tuple[str, str, int, int] | tuple[str, str, int]
"""A player's decision: (PLACE, element, face, column) or (CONVERT, element, face)."""


class FengShuiState(GameState):
    __slots__ = (
        "crosses",
        "filled",
        "first",
        "grids",
        "last_round",
        "left",
        "over",
        "picks",
        "players",
        "pool",
        "rounds",
        "rules",
        "to_roll",
    )

    def __init__(self, rules: FengShuiRules, players: int, first_player: int = 0) -> None:
        self.rules = rules
        self.players = players
        self.left = rules.left[players]
        self.grids: list[list[str | None]] = [[None] * rules.squares for _ in range(players)]
        self.filled = [0] * players
        self.crosses: list[dict[str, int]] = [
            dict.fromkeys(rules.elements, 0) for _ in range(players)
        ]
        self.first = first_player
        self.pool: list[tuple[str, int]] = []
        self.picks = 0  # dice taken this round; the next player is first + picks
        self.rounds = 1
        self.last_round = False
        self.over = False
        self.to_roll: list[str] = list(rules.rolled[players])

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.to_roll:
            return CHANCE
        return (self.first + self.picks) % self.players

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if self.over or not self.to_roll:
            return ()
        p = 1.0 / self.rules.faces
        return [(face, p) for face in range(1, self.rules.faces + 1)]

    def sample_chance(self, rng: random.Random) -> Action:
        return 1 + rng.randrange(self.rules.faces)  # a fair die

    def play_chance(self, rng: random.Random) -> Action:
        """`apply(sample_chance(rng))` in one step: a die rolled."""
        face = 1 + rng.randrange(self.rules.faces)
        self.pool.append((self.to_roll.pop(), face))
        return face

    def _row_squares(self, face: int) -> range:
        cols = self.rules.columns
        return range((face - 1) * cols, face * cols) if face <= self.rules.rows else range(0)

    def legal_actions(self) -> Sequence[Pick]:
        if self.over or self.to_roll:
            return []
        converting = len(self.pool) <= self.left
        grid = self.grids[(self.first + self.picks) % self.players]
        out: list[Pick] = []
        for element, face in dict.fromkeys(self.pool):
            if not converting:
                places = [
                    (PLACE, element, face, s % self.rules.columns + 1)
                    for s in self._row_squares(face)
                    if can_place(grid, s, element, self.rules)
                ]
                if places:
                    out.extend(places)
                    continue
            out.append((CONVERT, element, face))
        return out

    def apply(self, action: Action) -> None:
        if self.over:
            raise ValueError("the game is over")
        if self.to_roll:
            if not isinstance(action, int) or not 1 <= action <= self.rules.faces:
                raise ValueError(f"{action!r} is not a face of a die")
            self.pool.append((self.to_roll.pop(), action))
            return
        seat = (self.first + self.picks) % self.players
        if not isinstance(action, tuple) or len(action) < 3 or action[1:3] not in self.pool:
            raise ValueError(f"{action!r} does not name a die in the pool")
        die: tuple[str, int] = action[1:3]
        if action[0] == PLACE and len(action) == 4:
            self._place(seat, die, action[3])
        elif action[0] == CONVERT and len(action) == 3:
            self._convert(seat, die)
        else:
            raise ValueError(f"not an action: {action!r}")
        self.pool.remove(die)
        self.picks += 1
        if not self.pool:
            self._end_round()

    def _place(self, seat: int, die: tuple[str, int], column: object) -> None:
        """Place the die's element on the sheet of `seat`: row = its face, square `column`."""
        element, face = die
        if len(self.pool) <= self.left:
            raise ValueError("the last dice of the round must be converted")
        rules, grid = self.rules, self.grids[seat]
        square = (face - 1) * rules.columns + column - 1 if isinstance(column, int) else -1
        if (
            not isinstance(column, int)
            or not 1 <= column <= rules.columns
            or face > rules.rows
            or not can_place(grid, square, element, rules)
        ):
            raise ValueError(f"{element} cannot be placed at row {face}, square {column}")
        grid[square] = element
        self.filled[seat] += 1
        if self.filled[seat] == rules.squares:
            self.last_round = True

    def _convert(self, seat: int, die: tuple[str, int]) -> None:
        """Cross the die's element on the track of `seat` (allowed when it cannot be placed,
        or for the last dice of the round)."""
        element, face = die
        grid = self.grids[seat]
        if len(self.pool) > self.left and any(
            can_place(grid, s, element, self.rules) for s in self._row_squares(face)
        ):
            raise ValueError(f"{element} {face} can be placed, so it may not be converted")
        crossed = self.crosses[seat]
        crossed[element] = min(self.rules.track, crossed[element] + 1)
        if crossed[element] == self.rules.track:
            self.last_round = True

    def _end_round(self) -> None:
        if self.last_round:
            self.over = True
            return
        self.rounds += 1
        self.first = (self.first + 1) % self.players
        self.picks = 0
        self.to_roll = list(self.rules.rolled[self.players])

    def scores(self) -> SheetsResult:
        """The sheets scored as they stand (players named Player 1, Player 2, ...)."""
        names = [f"Player {i + 1}" for i in range(self.players)]
        return score_sheets(names, self.grids, self.crosses, self.rules)

    def result(self) -> Result:
        if not self.over:
            raise ValueError("the game is not over")
        outcome = self.scores()
        winners = () if outcome.winner is None else (outcome.winner,)
        full_map = any(f == self.rules.squares for f in self.filled)
        full_track = any(n == self.rules.track for c in self.crosses for n in c.values())
        facts: dict[str, object] = {
            "rounds": self.rounds,
            "ended_by": " and ".join(
                w for w, on in (("map full", full_map), ("track full", full_track)) if on
            ),
            "filled_quarters": [p.filled_quarters for p in outcome.players],
            "squares_filled": list(self.filled),
            "crosses": [sum(c.values()) for c in self.crosses],
        }
        if outcome.passed is not None:
            facts["passed"] = outcome.passed
        return Result(
            winners,
            outcome.reason,
            {str(i): float(p.score) for i, p in enumerate(outcome.players)},
            facts,
            self.rounds,
            "rounds",
        )

    def clone(self) -> FengShuiState:
        other = FengShuiState.__new__(FengShuiState)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.grids = [g[:] for g in self.grids]
        other.filled = self.filled[:]
        other.crosses = [dict(c) for c in self.crosses]
        other.pool = self.pool[:]
        other.to_roll = self.to_roll[:]
        return other

    def check_invariants(self) -> None:
        r = self.rules
        rolled = Counter(r.rolled[self.players])
        in_round = Counter(self.to_roll) + Counter(e for e, _ in self.pool)
        assert all(in_round[e] <= rolled[e] for e in in_round), "dice appear from nowhere"
        assert sum(in_round.values()) + self.picks == len(r.rolled[self.players]), (
            "dice are not conserved"
        )
        assert not (self.to_roll and self.picks), "dice taken before the roll ended"
        assert all(1 <= face <= r.faces for _, face in self.pool)
        for seat, grid in enumerate(self.grids):
            assert violation(grid, r) is None, "a placement rule is broken"
            assert sum(x is not None for x in grid) == self.filled[seat]
            assert all(0 <= n <= r.track for n in self.crosses[seat].values())
        if self.over:
            assert not self.pool and not self.to_roll and self.last_round


def new_game(
    game: Game, players: int = 1, first_player: int = 0, **options: object
) -> FengShuiState:
    """A fresh game, before the first roll. `first_player`: who holds the token (0-based)."""
    rules = rules_of(game)
    if options:
        raise UsageError(
            f"unknown option(s) for feng-shui-master: {', '.join(options)}; accepted: first_player"
        )
    if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
        raise UsageError(
            f"Feng Shui Master is played by {rules.min_players} to "
            f"{rules.max_players} players, not {players}"
        )
    if not isinstance(first_player, int) or not 0 <= first_player < players:
        raise UsageError(f"first_player must be a seat 0..{players - 1}")
    return FengShuiState(rules, players, first_player)
