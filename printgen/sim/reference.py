"""Reference games: one seeded game and every move of it, kept as JSON to catch rule drift.

A reference holds the game, its players, options, bots and seed, the moves (chance outcomes
included) and the result. Two checks use it: replaying the moves through the engine must give
the recorded result (the rules did not change), and playing the seed with the same bots must
give the same moves (neither did the bots nor the way chance is drawn). When a change of rules
is meant, the references are recorded again (tests/sim/reference/record.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypedDict

from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.rules.api import Action
from printgen.sim.play import GameRecord, play_game, replay
from printgen.sim.runner import SimSpec, bot_for, new_state


class Reference(TypedDict):
    """One reference game as its JSON file holds it, in this key order."""

    game: str
    players: int
    options: dict[str, object]
    bots: list[str]
    seed: str
    result: YamlValue
    moves: list[YamlValue]


def to_json(value: object) -> YamlValue:
    """Moves and facts as JSON values (tuples become lists); anything else JSON cannot hold
    is a TypeError naming it, as `json.dumps` would raise."""
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        mapping: YamlMapping = {str(k): to_json(v) for k, v in value.items()}
        return mapping
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"not a JSON value: {value!r}")


def to_move(value: YamlValue) -> Action:
    """A move read back from JSON: lists become the tuples the engines use."""
    if isinstance(value, list):
        return tuple(to_move(v) for v in value)
    if isinstance(value, dict):
        raise ValueError(f"a move is never a mapping: {value!r}")
    return value


def outcome(record: GameRecord) -> YamlValue:
    return to_json(
        {
            "winners": record.winners,
            "reason": record.reason,
            "length": record.length,
            "unit": record.unit,
            "decisions": record.decisions,
            "scores": record.scores,
            "facts": record.facts,
        }
    )


def spec_of(reference: Reference, folder: Path) -> SimSpec:
    return SimSpec(
        folder / reference["game"],
        reference["game"],
        reference["players"],
        0,
        tuple(reference["bots"]),
        dict(reference["options"]),
    )


def play_reference(spec: SimSpec, seed: str) -> Reference:
    """Play one game and record it as a reference."""
    bots = [bot_for(spec, name) for name in spec.seat_bots()]
    record = play_game(new_state(spec), bots, seed, check_every_move=True, record_moves=True)
    return {
        "game": spec.game_id,
        "players": spec.players,
        "options": dict(spec.options),
        "bots": list(spec.bots),
        "seed": seed,
        "result": outcome(record),
        "moves": [to_json(move) for move in record.moves],
    }


def replay_reference(reference: Reference, folder: Path) -> YamlValue:
    """The result of replaying a reference's moves (checked move by move)."""
    moves = [to_move(m) for m in reference["moves"]]
    return outcome(replay(new_state(spec_of(reference, folder)), moves, reference["seed"]))


def load(path: Path) -> Reference:
    """A reference file, its keys checked for the types they must have."""
    doc: object = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict):
        raise ValueError(f"{path}: expected a JSON object")
    game, players, options, bots, seed, moves = (
        doc.get(key) for key in ("game", "players", "options", "bots", "seed", "moves")
    )
    if not (
        isinstance(game, str)
        and isinstance(players, int)
        and isinstance(options, dict)
        and isinstance(bots, list)
        and isinstance(seed, str)
        and isinstance(moves, list)
    ):
        raise ValueError(f"{path}: expected game, seed (text), players, options, bots, moves")
    return {
        "game": game,
        "players": players,
        "options": {str(k): v for k, v in options.items()},
        "bots": [str(b) for b in bots],
        "seed": seed,
        "result": doc.get("result"),
        "moves": moves,
    }


def dump(reference: Reference) -> str:
    """One move a line: small diffs when a rule change is meant."""
    head = {k: v for k, v in reference.items() if k != "moves"}
    lines = json.dumps(head, indent=1)[:-2] + ',\n "moves": [\n'
    lines += ",\n".join("  " + json.dumps(m) for m in reference["moves"])
    return lines + "\n ]\n}\n"
