"""Figures a rulebook prints from simulation: declared in the game's `figures.yaml`, measured
by `printgen figures GAME` into `figures.json`, never typed by hand.

```yaml
# card_data/<game>/figures.yaml: each figure one rate of `printgen simulate --json`
first-seat-3p:
  about: three players, games won by seat 1     # what the number counts, as printed
  players: 3
  bots: random            # optional: as --bot (default random)
  options: {mode: learn}  # optional: the engine's game options (--mode, --expansion)
  set: {rules.x: y}       # optional: game.yaml values changed, as --set
  games: 4000
  seed: 38
  rate: wins_by_seat.1    # wins_by_seat.N | no_winner | endings.REASON | facts.NAME.VALUE
skill-gap-think:          # or a skill ladder (`compare --bots`): its skill gap
  about: how much more often than chance greedy beats random in Think WuXing
  players: 2
  ladder: random,greedy   # the bots, as --bots; `bots:` is not used
  options: {mode: think}
  games: 1000
  seed: 38
  rate: skill_gap         # skill_gap | table.A.B (A's score against B)
```

The recorded file keeps each figure's declaration beside its count, value and 95% interval, and
a fingerprint of the games the engine plays (printgen/sim/figures.py): `validate` fails when a
declaration or the engine's play changed since the figures were measured. The rulebook prints
`{{ figure("first-seat-3p") }}` in its text, `{figure[first-seat-3p]}` in clarifications.yaml:
the rate and its interval, as `37.9 % (95 % interval 35.8–40.0 %)`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypedDict

from printgen.errors import DataError, Problem, RenderError
from printgen.model import Game
from printgen.model.schema import did_you_mean
from printgen.model.sources import load_yaml_value
from printgen.model.yaml_kinds import FIGURE_KEYS
from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.rules.per_game import per_game

DECLARED = "figures.yaml"
RECORDED = "figures.json"
KEYS = tuple(FIGURE_KEYS)  # declared in printgen.model.yaml_kinds
RATES = ("wins_by_seat", "no_winner", "endings", "facts")
LADDER_RATES = ("skill_gap", "table")
MAX_GAMES = 1_000_000


class Recorded(TypedDict, total=False):
    """figures.json as read: the fingerprint it was measured on (None: it names none) and its
    figures, each entry a mapping (an entry that is not one records nothing, and is left out)."""

    fingerprint: YamlValue
    figures: dict[str, dict[str, YamlValue]]


@dataclass(frozen=True)
class Figure:
    """One declared figure: the simulation that measures it and the rate it reads."""

    name: str
    about: str
    players: int
    bots: str
    options: dict[str, YamlValue]
    settings: dict[str, YamlValue]
    games: int
    seed: int
    rate: str
    ladder: str = ""  # a skill ladder's bots ("random,greedy"), else a `simulate` run

    def declaration(self) -> dict[str, object]:
        """As recorded beside its value (a changed declaration makes the record stale)."""
        return {
            "about": self.about,
            "players": self.players,
            "bots": self.bots,
            "options": self.options,
            "set": self.settings,
            "games": self.games,
            "seed": self.seed,
            "rate": self.rate,
            **({"ladder": self.ladder} if self.ladder else {}),
        }

    def run_key(self) -> str:
        """The simulation it needs: figures of one run share its games."""
        spec = [self.players, self.bots, self.options, self.settings, self.games, self.seed]
        spec += [self.ladder] if self.ladder else []
        return json.dumps(spec, sort_keys=True)


def recorded_figure(name: str, entry: Mapping[str, YamlValue]) -> Figure | None:
    """A figure as figures.json recorded its declaration (None: the entry lacks one)."""
    try:
        return Figure(
            name,
            str(entry["about"]),
            _recorded_int(entry["players"]),
            str(entry["bots"]),
            _recorded_mapping(entry["options"]),
            _recorded_mapping(entry["set"]),
            _recorded_int(entry["games"]),
            _recorded_int(entry["seed"]),
            str(entry["rate"]),
            str(entry.get("ladder") or ""),
        )
    except (KeyError, TypeError, ValueError):
        return None


def _recorded_int(value: YamlValue) -> int:
    """`int(value)` of a number or its text; a TypeError for anything else, as int() gives."""
    if isinstance(value, (str, int, float)):
        return int(value)
    raise TypeError(f"not a number: {value!r}")


def _recorded_mapping(value: YamlValue) -> dict[str, YamlValue]:
    """A recorded mapping, its keys as text; a TypeError for anything else (figures.json
    writes a mapping)."""
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items()}
    raise TypeError(f"not a mapping: {value!r}")


@per_game
def declared_figures(game: Game) -> dict[str, Figure]:
    """The game's figures.yaml (none: empty), every entry checked."""
    path = game.folder / DECLARED
    if not path.is_file():
        return {}
    doc, where = load_yaml_value(path)
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise DataError([Problem(where.file, 1, "", "expected a mapping name -> figure")])
    problems: list[Problem] = []
    figures = {}
    for name, spec in doc.items():
        problem = _problem(spec)
        if problem or not isinstance(spec, dict):
            problems.append(where.problem(name, str(name), problem or ""))
            continue
        figures[str(name)] = _figure(str(name), spec)
    if problems:
        raise DataError(problems)
    return figures


def _figure(name: str, spec: YamlMapping) -> Figure:
    """An entry `_problem` found nothing wrong with, as a Figure."""
    return Figure(
        name,
        str(spec["about"]),
        _whole(spec, "players"),
        str(spec.get("bots", "random")),
        _mapping(spec.get("options")),
        _mapping(spec.get("set")),
        _whole(spec, "games"),
        _whole(spec, "seed"),
        str(spec["rate"]),
        str(spec.get("ladder") or ""),
    )


def _whole(spec: YamlMapping, key: str) -> int:
    value = spec[key]
    if not isinstance(value, int):  # `_value_problem` refused it: never here
        raise TypeError(f"{key}: {value!r} was not checked")
    return value


def _mapping(value: YamlValue) -> dict[str, YamlValue]:
    """An optional mapping `_value_problem` checked (None: empty), its keys as text."""
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}


def _problem(spec: object) -> str | None:
    if not isinstance(spec, dict):
        return "expected {about, players, games, seed, rate}"
    unknown = [k for k in spec if k not in KEYS]
    if unknown:
        return f"unknown key {unknown[0]!r}{did_you_mean(str(unknown[0]), KEYS)}"
    missing = [k for k in ("about", "players", "games", "seed", "rate") if k not in spec]
    if missing:
        return f"{missing[0]}: missing"
    return _value_problem(spec)


def _value_problem(spec: YamlMapping) -> str | None:
    for key, low, high in (("players", 1, 99), ("games", 1, MAX_GAMES), ("seed", 0, 2**63)):
        value = spec[key]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            return f"{key}: expected a whole number from {low} to {high:,}, got {value!r}"
    for key in ("options", "set"):
        if not isinstance(spec.get(key) or {}, dict):
            return f"{key}: expected a mapping"
    head = str(spec["rate"]).split(".")[0]
    rates = LADDER_RATES if spec.get("ladder") else RATES
    if head not in rates:
        return f"rate: expected one of {', '.join(rates)} (then .KEY), got {spec['rate']!r}"
    return None


@per_game
def recorded_figures(game: Game) -> Recorded:
    """The game's figures.json as `printgen figures` wrote it ({} when there is none, or it
    holds no JSON object)."""
    path = game.folder / RECORDED
    if not path.is_file():
        return {}
    try:
        doc: YamlValue = json.loads(path.read_text(encoding="utf-8"))  # JSON's values
    except (ValueError, UnicodeDecodeError) as exc:
        raise DataError([Problem(str(path), None, "", f"not JSON: {exc}")]) from None
    if not isinstance(doc, dict):
        return {}
    found: Recorded = {"fingerprint": doc.get("fingerprint")}
    figures = doc.get("figures")
    if figures is not None:
        found["figures"] = {
            str(name): {str(k): v for k, v in entry.items()}
            for name, entry in (figures.items() if isinstance(figures, dict) else ())
            if isinstance(entry, dict)
        }
    return found


def measured(entry: Mapping[str, object]) -> tuple[float, float, float] | None:
    """A recorded figure's value and its 95% interval, (value, low, high); None when the
    entry holds no measurement."""
    value, ci95 = entry.get("value"), entry.get("ci95")
    if not isinstance(value, (int, float)) or not isinstance(ci95, list) or len(ci95) != 2:
        return None
    low, high = ci95
    if not isinstance(low, (int, float)) or not isinstance(high, (int, float)):
        return None
    return value, low, high


def figure_text(game: Game, name: str) -> str:
    """A recorded figure as the rulebook prints it: rate and 95% interval."""
    declared = declared_figures(game)
    if name not in declared:
        listed = ", ".join(declared) or "none"
        raise RenderError(
            f"figure({name!r}): not declared in {game.folder.name}/{DECLARED}"
            f"{did_you_mean(name, list(declared))} (figures: {listed})"
        )
    entry = (recorded_figures(game).get("figures") or {}).get(name)
    rate = measured(entry) if entry is not None else None
    if rate is None:
        raise RenderError(
            f"figure({name!r}): not measured yet: run `printgen figures {game.id}` "
            f"(it writes {game.folder.name}/{RECORDED})"
        )
    value, low, high = rate
    return f"{percent(value)} (95 % interval {percent(low, False)}–{percent(high)})"


def percent(rate: float, sign: bool = True) -> str:
    text = f"{100 * rate:.1f}"
    return f"{text} %" if sign else text


class FigureTexts:
    """`{figure[name]}` in a clarification: the figure's text, looked up when it is used."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __getitem__(self, name: str) -> str:
        return figure_text(self.game, name)
