"""One record per rules engine, and the registry built from the engine packages themselves.

Each game package `printgen/rules/<game>/` exports `ENGINE = Engine(...)`: everything the rest
of printgen needs to know about the game's rules (in the spirit of OpenSpiel's `register_game`).
The registry is discovered, never typed out: every subpackage of `printgen.rules` that exports an
`ENGINE`, plus any installed package that names one under the `printgen.engines` entry-point
group. A game.yaml names its engine (`engine: <id>`); a game without one has no rules engine
(its counts and deals are still checked and its kit built).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Literal, Protocol

import printgen.rules as rules_package
from printgen.errors import DataError, Problem, UsageError
from printgen.model import Game
from printgen.model.schema import Key
from printgen.model.yaml_value import YamlMapping
from printgen.rules.api import Action, GameState

if TYPE_CHECKING:  # the picture values' classes load with the engines that make them
    from printgen.rules.pictures import Diagram, Picture, Rulebook

Level = Literal["error", "warning"]
ENTRY_POINTS = "printgen.engines"


@dataclass(frozen=True)
class Check:
    """One line of `printgen validate`: what was checked, whether it held, and the detail."""

    name: str
    ok: bool
    level: Level
    detail: str

    def to_json(self) -> dict[str, object]:
        return asdict(self)


class Scored(Protocol):
    """What an engine's `score` returns: a JSON object (DESIGN.md section 4) and its prose."""

    def to_json(self) -> dict[str, object]: ...

    def explain(self) -> str: ...


Score = Callable[[YamlMapping, Game], Scored]
NewGame = Callable[..., GameState]
Bot = Callable[..., Action]
Invariants = Callable[[Game], list[Check]]
# Rulebook hooks. Rules never import render, so the rulebook passes its own object in: `source`
# (the rulebook being typeset: its game, labels, front matter). They return values
# (printgen.rules.pictures) the rulebook draws; an engine never draws.
if TYPE_CHECKING:
    ExamplePicture = Callable[[Rulebook, YamlMapping, dict[str, object]], Picture | None]
    DiagramOf = Callable[[Rulebook], Diagram]


@dataclass(frozen=True)
class Engine:
    """A game's rules engine as the rest of printgen sees it."""

    id: str  # the name game.yaml's `engine:` gives
    score: Score  # `printgen score`: one situation file (DESIGN.md section 4)
    new_game: NewGame | None = None  # `printgen simulate`: (game, players, **options) -> state
    modes: tuple[str, ...] = ()  # the values of `simulate --mode`; the first is the default
    default_players: int | None = None  # `simulate` without --players (None: the fewest, >= 2)
    expansion: bool = False  # `simulate --expansion` shuffles an expansion deck in
    greedy_bot: Bot | None = None
    # Reads and checks game.yaml `rules:` once (a DataError names what is wrong). `validate`
    # reports that error first and draws nothing that reads the settings (card designs, the
    # rulebook, the examples) until it is fixed.
    settings: Callable[[Game], object] | None = None
    # The game.yaml `rules:` keys `settings` checks, as declared (printgen/rules/per_game.py):
    # what else reads a setting by its name (clarifications.yaml) reads it through these.
    keys: Mapping[str, Key] = field(default_factory=dict)
    invariants: Invariants | None = None  # the game-specific checks `printgen validate` runs
    # A worked example's picture as values (printgen.rules.pictures) the rulebook draws:
    # (source, situation, result) -> Picture | None.
    example_picture: ExamplePicture | None = None
    # `diagram("NAME")` in a rules file: (source) -> the values the rulebook draws.
    diagrams: Mapping[str, DiagramOf] = field(default_factory=dict)
    # The values the game's parts (game.yaml `parts:`) may print: names their design's boxes
    # read (a board's gates, a player sheet's map). An engine gives values; the
    # design draws them.
    part_values: Callable[[Game], Mapping[str, object]] | None = None

    def seats(self, game: Game) -> int:
        """The number of players `simulate` seats when --players is not given."""
        if self.default_players is not None:
            return self.default_players
        return max(2, game.min_players)


@cache
def engines() -> dict[str, Engine]:
    """Every engine: the `ENGINE` of each `printgen.rules` subpackage, then entry points."""
    found: dict[str, Engine] = {}
    for info in sorted(pkgutil.iter_modules(rules_package.__path__), key=lambda m: m.name):
        if info.ispkg:
            _add(
                found,
                getattr(
                    importlib.import_module(f"{rules_package.__name__}.{info.name}"), "ENGINE", None
                ),
            )
    from importlib.metadata import entry_points  # 100 modules: only to look engines up

    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda p: p.name):
        _add(found, point.load())
    return found


def _add(found: dict[str, Engine], record: object) -> None:
    if isinstance(record, Engine) and record.id not in found:
        found[record.id] = record


def engine_of(game: Game) -> Engine | None:
    """The engine game.yaml names, or None when it names none.

    A name no engine answers to is bad input: the message names game.yaml's line.
    """
    if game.engine is None:
        return None
    known = engines()
    if game.engine not in known:
        raise UsageError(
            f"{game.located.file}:{game.located.line_of('engine')}: engine: no rules engine "
            f"{game.engine!r}; engines: {', '.join(known)}"
        )
    return known[game.engine]


def check_settings(games: Iterable[Game]) -> None:
    """Read each game's `rules:` with its engine's declared settings, and raise one DataError
    naming every problem of every game: `build` stops on them before any part is drawn, as
    `validate` reports them (a game whose engine is unknown is left to the checks that say so)."""
    problems: list[Problem] = []
    for game in games:
        try:
            engine = engine_of(game)
            if engine is not None and engine.settings is not None:
                engine.settings(game)
        except DataError as error:
            problems.extend(error.problems)
        except UsageError:
            continue
    if problems:
        raise DataError(problems)


def require_engine(game: Game, command: str) -> Engine:
    """The game's engine, or a clear refusal (exit 2) for a game that has none."""
    found = engine_of(game)
    if found is None:
        raise UsageError(
            f"{game.id} has no rules engine (its game.yaml names no `engine:`), "
            f"so `printgen {command}` cannot play it"
        )
    return found


def missing_component(game: Game, name: str, check: str) -> list[Check]:
    """The failed check of a game.yaml without the component an invariant is about."""
    return [
        Check(
            check,
            False,
            "error",
            f"{game.located.file}: expected a component {name!r}; found "
            + (", ".join(game.components) or "none"),
        )
    ]
