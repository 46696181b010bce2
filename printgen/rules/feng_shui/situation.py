"""`printgen score feng-shui-master`: finished player sheets on the Energy Map of game.yaml.

`winner` is the winning player's name: the highest score, then the most filled quarters; null
when two or more players tie on both. Solo, `winner` is the player's name when the score reaches
the pass mark (`passed`), null when the exam is failed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printgen.errors import SituationError
from printgen.model import Game
from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.rules.feng_shui.rules import FengShuiRules, rules_of
from printgen.rules.feng_shui.sheet import SheetsResult, score_sheets, violation

KEYS = ("game", "players")
PLAYER_KEYS = ("name", "map", "converted")
EMPTY = "."


@dataclass(frozen=True)
class FengShuiScore:
    outcome: SheetsResult
    pass_mark: int
    total_quarters: int

    @property
    def winner(self) -> str | None:
        w = self.outcome.winner
        return None if w is None else self.outcome.players[w].name

    def to_json(self) -> dict[str, object]:
        solo = len(self.outcome.players) == 1
        players = []
        for p in self.outcome.players:
            entry: dict[str, object] = {
                "name": p.name,
                "values": p.values,
                "filled_quarters": p.filled_quarters,
                "majority_bonus": p.majority_bonus,
                "score": p.score,
            }
            if solo:
                entry["passed"] = self.outcome.passed
            players.append(entry)
        return {
            "players": players,
            "winner": self.winner,
            "decided_by": self.outcome.reason,
            "passed": self.outcome.passed,
            "details": [
                {
                    "name": p.name,
                    "squares": p.squares,
                    "quarters": p.quarters,
                    "converted": p.converted,
                    "majority": list(p.majority),
                }
                for p in self.outcome.players
            ],
        }

    def explain(self) -> str:
        lines = []
        for p in self.outcome.players:
            lines.append(f"{p.name}:")
            lines.append("  element  squares  quarters  value  crosses  points")
            for e, v in p.values.items():
                lines.append(
                    f"  {e:<7} {p.squares[e]:>8} {p.quarters[e]:>9} {v:>6} "
                    f"{p.converted[e]:>8} {v * p.converted[e]:>7}"
                )
            if len(self.outcome.players) > 1:
                bonus = (
                    f"+{p.majority_bonus} ({', '.join(p.majority)})"
                    if p.majority
                    else "none (no element where this player alone has the most)"
                )
                lines.append(f"  majority bonus: {bonus}")
            lines.append(
                f"  score {p.score}; filled quarters {p.filled_quarters} of {self.total_quarters}"
            )
        o = self.outcome
        if o.reason == "passed":
            lines.append(f"Solo: {self.winner} scores at least {self.pass_mark} and passes.")
        elif o.reason == "failed":
            lines.append(
                f"Solo: below {self.pass_mark}, the exam is failed (no majority bonus solo)."
            )
        elif o.reason == "score":
            lines.append(f"{self.winner} has the highest score and wins.")
        elif o.reason == "filled quarters":
            lines.append(
                f"The best scores tie; {self.winner} has the most filled quarters and wins."
            )
        else:
            lines.append("The best scores and their filled quarters tie: no winner.")
        return "\n".join(lines)


def score(situation: YamlMapping, game: Game) -> FengShuiScore:
    """Score finished sheets; a SituationError names a bad value or a broken placement rule."""
    rules = rules_of(game)
    if not isinstance(situation, Mapping):
        raise SituationError((), "expected a mapping with keys game and players")
    for key in situation:
        if key not in KEYS:
            raise SituationError((key,), f"unknown key {key!r}; accepted: {', '.join(KEYS)}")
    if situation.get("game", game.id) != game.id:
        raise SituationError(("game",), f"expected game: {game.id}, got {situation['game']!r}")
    if "players" not in situation:
        raise SituationError((), "missing key 'players' (a list of player sheets)")
    items = situation["players"]
    if not isinstance(items, list) or not rules.min_players <= len(items) <= rules.max_players:
        raise SituationError(
            ("players",),
            f"expected a list of {rules.min_players} to {rules.max_players} player sheets",
        )
    names, grids, crosses = [], [], []
    for p, item in enumerate(items):
        name, grid, crossed = _player(item, p, rules)
        if name in names:
            raise SituationError(("players", p, "name"), f"the name {name!r} is used twice")
        names.append(name)
        grids.append(grid)
        crosses.append(crossed)
    return FengShuiScore(
        score_sheets(names, grids, crosses, rules), rules.pass_mark, rules.quarters
    )


def _player(
    item: YamlValue, p: int, rules: FengShuiRules
) -> tuple[str, list[str | None], dict[str, int]]:
    here = ("players", p)
    if not isinstance(item, Mapping):
        raise SituationError(
            here, "expected a player sheet: a mapping with keys " + ", ".join(PLAYER_KEYS)
        )
    for key in item:
        if key not in PLAYER_KEYS:
            raise SituationError(
                (*here, key), f"unknown key {key!r}; accepted: " + ", ".join(PLAYER_KEYS)
            )
    name = item.get("name", f"Player {p + 1}")
    if not isinstance(name, str) or not name.strip():
        raise SituationError((*here, "name"), f"expected a name, got {name!r}")
    if "map" not in item:
        raise SituationError(
            here, f"missing key 'map' ({rules.rows} rows of {rules.columns} squares)"
        )
    grid = parse_map(item["map"], (*here, "map"), rules)
    crossed = _converted(item.get("converted", {}), (*here, "converted"), rules)
    return name, grid, crossed


def parse_map(rows: YamlValue, path: tuple[object, ...], rules: FengShuiRules) -> list[str | None]:
    """A flat grid from rows of squares (`". wood fire . . ."` or a list of words); a map that
    breaks a placement rule is refused, naming both squares and the rule."""
    shape = f"{rules.rows} rows of {rules.columns} squares, each '.' or an element"
    if not isinstance(rows, list) or len(rows) != rules.rows:
        got = f"{len(rows)} rows" if isinstance(rows, list) else repr(rows)
        raise SituationError(path, f"expected {shape}; got {got}")
    grid: list[str | None] = []
    for r, row in enumerate(rows):
        words = _row_words(row, (*path, r))
        if len(words) != rules.columns:
            raise SituationError(
                (*path, r), f"row {r + 1}: expected {rules.columns} squares, got {len(words)}"
            )
        for c, word in enumerate(words):
            word = word.lower()
            if word != EMPTY and word not in rules.elements:
                raise SituationError(
                    (*path, r),
                    f"row {r + 1}, square {c + 1}: {word!r} is not "
                    f"'.' or an element ({', '.join(rules.elements)})",
                )
            grid.append(None if word == EMPTY else word)
    broken = violation(grid, rules)
    if broken is not None:
        a, b, rule = broken
        raise SituationError(
            (*path, a // rules.columns),
            f"{grid[a]} at {rules.place(a)} touches {grid[b]} at {rules.place(b)}: {rule}",
        )
    return grid


def _row_words(row: YamlValue, path: tuple[object, ...]) -> list[str]:
    """A row's squares: its words (`". wood fire . . ."`) or its list of words."""
    if isinstance(row, str):
        return row.split()
    if isinstance(row, list):
        words = [word for word in row if isinstance(word, str)]
        if len(words) == len(row):
            return words
    raise SituationError(path, f"expected a row like '. wood fire . . .', got {row!r}")


def _converted(value: YamlValue, path: tuple[object, ...], rules: FengShuiRules) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise SituationError(
            path, f"expected a mapping of element to crosses (0..{rules.track}), got {value!r}"
        )
    out = dict.fromkeys(rules.elements, 0)
    for element, crosses in value.items():
        if element not in rules.elements:
            raise SituationError(
                (*path, element),
                f"unknown element {element!r}; elements: " + ", ".join(rules.elements),
            )
        if (
            not isinstance(crosses, int)
            or isinstance(crosses, bool)
            or not 0 <= crosses <= rules.track
        ):
            raise SituationError(
                (*path, element), f"expected 0..{rules.track} crosses, got {crosses!r}"
            )
        out[element] = crosses
    return out
