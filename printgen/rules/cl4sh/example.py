"""CL4SH's worked-example pictures for the rulebook (`ENGINE.example_picture`), as values: a
play on the pile and its verdict (a `Play`), a duel (a `Duel`), or a match's points toward its
target (a `Race`). The rulebook draws them (`printgen.render.rulebook.worked`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from printgen.model.yaml_value import YamlMapping
from printgen.rules.cl4sh.cards import rules_of
from printgen.rules.pictures import Bar, Contender, Duel, MiniCard, Play, Race
from printgen.rules.pictures import Rulebook as Source
from printgen.rules.pictures import phrase as _ex

CARD = 1.5
"""Mini cards half as large again as the shared size, so that a Havoc card's name fits inside
at the smallest label size."""
_NUMBERED = re.compile(r"^([a-z]+) (\d+)$")
_AS = re.compile(r"^almighty as (.+)$")


def face(source: Source, text: str) -> MiniCard:
    """A CL4SH card string (`fire 3`, `echo`, `pickup 1`, `almighty as water 9`, `almighty as
    pickup 2`) as a face."""
    text = " ".join(str(text).lower().split())
    match = _NUMBERED.match(text)
    if match and match.group(1) in source.game.elements:
        return MiniCard(element=match.group(1), number=int(match.group(2)))
    match = _AS.match(text)
    if match:  # an Almighty shows the card it became, under its own name
        became = face(source, match.group(1))
        return replace(became, title="Almighty", dark=True)
    for comp in source.game.components.values():
        for item in comp.cards:
            if item.id == text.replace(" ", "-"):
                element = item.text("element")
                amount = item.number("amount")
                return MiniCard(
                    element=element,
                    number=f"+{amount}" if amount else None,
                    title=item.name,
                    dark=True,
                    glyph="" if element else "✶",
                )
    return MiniCard(title=text, dark=True)


def cl4sh(
    source: Source, situation: YamlMapping, result: dict[str, object]
) -> Play | Duel | Race | None:
    if "valid" in result and "top" in situation:
        return _play(source, situation, result)
    if "winner" in result and "duel" in situation:
        return _duel(source, situation, result)
    if "points" in result:
        return _race(source, result)
    return None


def _play(source: Source, situation: YamlMapping, result: dict[str, object]) -> Play:
    played = situation["play"] if isinstance(situation["play"], list) else [situation["play"]]
    ok = bool(result.get("valid"))
    points = result.get("sequence_points")
    return Play(
        top=face(source, str(situation["top"])),
        top_name=_ex(source, "top"),
        played=tuple(face(source, str(text)) for text in played),
        played_name=_ex(source, "play"),
        ok=ok,
        verdict=_ex(source, "valid" if ok else "invalid"),
        note=f"+{points} {_ex(source, 'points')}" if points else "",
        scale=CARD,
    )


def _duel(source: Source, situation: YamlMapping, result: dict[str, object]) -> Duel | None:
    duel, winner = situation["duel"], result.get("winner")
    if not isinstance(duel, dict):
        return None  # the engine, which scored it, refuses it first
    challenger, defender = (
        Contender(
            face(source, str(duel[side])),
            _ex(source, side) + (f": {_ex(source, 'wins')}" if winner == side else ""),
            won=winner == side,
        )
        for side in ("challenger", "defender")
    )
    tie = _ex(source, "tie") if winner == "tie" else ""
    return Duel((challenger, defender), tie, scale=CARD)


def _race(source: Source, result: dict[str, object]) -> Race:
    given = result.get("points")
    points = {str(k): int(v) for k, v in given.items()} if isinstance(given, dict) else {}
    winner = result.get("match_winner")
    bars = tuple(
        Bar(name, value, f"{value} {_ex(source, 'points')}", won=name == winner)
        for name, value in points.items()
    )
    line = _ex(source, "match_winner", name=winner) if winner else _ex(source, "no_match_winner")
    target = rules_of(source.game).match_target
    return Race(bars, target, line, won=bool(winner))
