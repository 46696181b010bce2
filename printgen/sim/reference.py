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
from typing import Any

from printgen.sim.play import GameRecord, play_game, replay
from printgen.sim.runner import SimSpec, bot_for, new_state


def to_json(value: Any) -> Any:
    """Moves and facts as JSON values (tuples become lists)."""
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


def to_move(value: Any) -> Any:
    """A move read back from JSON: lists become the tuples the engines use."""
    return tuple(to_move(v) for v in value) if isinstance(value, list) else value


def outcome(record: GameRecord) -> dict[str, Any]:
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


def spec_of(reference: dict[str, Any], folder: Path) -> SimSpec:
    return SimSpec(
        folder / reference["game"],
        reference["game"],
        reference["players"],
        0,
        tuple(reference["bots"]),
        dict(reference["options"]),
    )


def play_reference(spec: SimSpec, seed: str) -> dict[str, Any]:
    """Play one game and record it as a reference."""
    bots = [bot_for(spec, name) for name in spec.seat_bots()]
    record = play_game(new_state(spec), bots, seed, check_every_move=True, record_moves=True)
    return {
        "game": spec.game_id,
        "players": spec.players,
        "options": spec.options,
        "bots": list(spec.bots),
        "seed": seed,
        "result": outcome(record),
        "moves": to_json(record.moves),
    }


def replay_reference(reference: dict[str, Any], folder: Path) -> dict[str, Any]:
    """The result of replaying a reference's moves (checked move by move)."""
    moves = [to_move(m) for m in reference["moves"]]
    return outcome(replay(new_state(spec_of(reference, folder)), moves, reference["seed"]))


def load(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def dump(reference: dict[str, Any]) -> str:
    """One move a line: small diffs when a rule change is meant."""
    head = {k: v for k, v in reference.items() if k != "moves"}
    lines = json.dumps(head, indent=1)[:-2] + ',\n "moves": [\n'
    lines += ",\n".join("  " + json.dumps(m) for m in reference["moves"])
    return lines + "\n ]\n}\n"
