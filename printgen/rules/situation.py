"""What every engine's `score` shares: the result shape and the first checks of a situation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from printgen.errors import SituationError
from printgen.model import Game


@dataclass(frozen=True)
class SituationScore:
    """What `score` found: the JSON fields (DESIGN.md section 4) and a short explanation."""

    fields: Mapping[str, object]
    lines: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, object]:
        return dict(self.fields)

    def explain(self) -> str:
        return "\n".join(self.lines)


def check_situation(situation: object, game: Game, keys: Iterable[str]) -> None:
    """A mapping with only accepted keys, for this game; SituationError names what is wrong."""
    accepted = list(keys)
    if not isinstance(situation, dict):
        raise SituationError((), f"expected a mapping with keys {', '.join(accepted)}")
    for key in situation:
        if key not in accepted:
            raise SituationError((key,), f"unknown key; accepted keys: {', '.join(accepted)}")
    if situation.get("game") != game.id:
        raise SituationError(("game",), f"expected {game.id!r}, got {situation.get('game')!r}")
