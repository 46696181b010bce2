"""Elementa's worked-example pictures for the rulebook (`ENGINE.example_picture`), as values:
the four cards in the order played with their effective values (a `Trick`), or each team's
captured pile and score (a `Tally`). The rulebook draws them (`printgen.render.rulebook.worked`).
"""

from __future__ import annotations

from printgen.model.yaml_value import YamlMapping
from printgen.rules.parsed import listed
from printgen.rules.pictures import Haul, MiniCard, Played, Tally, Trick
from printgen.rules.pictures import Rulebook as Source
from printgen.rules.pictures import phrase as _ex

CARD = 1.15
"""The mini cards a little larger than the shared size."""


def _elementa_face(source: Source, text: str) -> MiniCard:
    parts = text.split()
    if len(parts) == 2 and parts[1].isdigit():
        return MiniCard(element=parts[0], number=int(parts[1]))
    return MiniCard(title=_ex(source, "relic"), dark=True, glyph="◆")


def elementa(
    source: Source, situation: YamlMapping, result: dict[str, object]
) -> Trick | Tally | None:
    if "terms" in result:
        return _trick(source, result)
    if "scores" in result:
        return _tally(source, situation, result)
    return None


def _trick(source: Source, result: dict[str, object]) -> Trick:
    played = []
    terms = result["terms"]
    for k, term in enumerate(terms if isinstance(terms, list) else []):
        base, minus, plus = term["base"], term["minus"], term["plus"]
        parts = [str(base)] + ([f"− {minus}"] if minus else []) + ([f"+ {plus}"] if plus else [])
        played.append(
            Played(
                _elementa_face(source, str(term["card"])),
                " ".join(parts),
                f"= {term['effective']}",
                won=k == result.get("winner"),
            )
        )
    return Trick(tuple(played), _ex(source, "takes"), scale=CARD)


def _tally(source: Source, situation: YamlMapping, result: dict[str, object]) -> Tally | None:
    captured, scores = situation.get("captured"), result.get("scores")
    if not isinstance(captured, dict):
        return None
    scores = scores if isinstance(scores, dict) else {}
    hauls = tuple(
        Haul(
            _ex(source, team),
            _ex(source, "score", n=scores.get(team, 0)),
            tuple(_elementa_face(source, str(c)) for c in listed(captured.get(team))),
            won=result.get("winner") == team,
        )
        for team in ("team_a", "team_b")
    )
    winner = result.get("winner")
    if winner:
        outcome = _ex(source, "winner", name=_ex(source, str(winner)).split(" (")[0])
        if result.get("relic_sweep"):
            outcome += f" ({_ex(source, 'relic_sweep')})"
    else:
        outcome = _ex(source, "draw_game")
    return Tally(hauls, outcome)
