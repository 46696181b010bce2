"""`printgen score cl4sh`: one play (`top` + `play`), one duel (`duel`), or a match (`events`).

- `{top, play}` -> `{"valid", "reason", "kind", "cards", "sequence_points", "pile_after"}`.
  `top` is one card string; an Almighty on the pile may say what it became
  (`"almighty as water 9"`, `"almighty as pickup 2"`: any other card), a bare `"almighty"`, a
  Shield or a Pick-up lets any card follow. `play` is one card string or a list: one card, a
  run of one element, or Pick-ups slammed; an Almighty played may say what it becomes.
- `{duel: {challenger, defender}}` -> `{"winner": "challenger"|"defender"|"tie", "reason"}`;
  duel cards are numbered cards (an Almighty cannot be used in a duel).
- `{events: [{duel_won: NAME} | {sequence4: NAME} | {set_won: NAME}, ...]}` ->
  `{"points": {NAME: N}, "match_winner": NAME|null, "match_ended_at": index|null}`: with
  `rules.match_end: moment` the first player to reach the match target (15) wins, at once, even
  mid-set; with `end_of_set` the match ends only when a set is won, if a player then has the
  target, and the player with the most points wins (a tie at the top plays another set).
  Events listed after the end are not counted and are named in `"after_end"` (their indexes).
"""

from __future__ import annotations

from printgen.errors import SituationError
from printgen.model import Game
from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.rules.cl4sh.cards import (
    ALMIGHTY,
    NUMBER,
    Cl4shRules,
    duel_winner,
    find_card,
    pile_of,
    pile_text,
    play_verdict,
    rules_of,
)
from printgen.rules.situation import SituationScore, check_situation

KEYS = ("game", "top", "play", "duel", "events")
EVENT_POINTS = {"duel_won": "duel_won", "sequence4": "sequence", "set_won": "set_won"}


def score(situation: YamlMapping, game: Game) -> SituationScore:
    """Evaluate one CL4SH situation (see the module docstring for the three forms)."""
    check_situation(situation, game, KEYS)
    rules = rules_of(game)
    forms = [k for k in ("top", "play", "duel", "events") if k in situation]
    if forms in (["top", "play"], ["top"], ["play"]):
        for key in ("top", "play"):
            if key not in situation:
                raise SituationError((key,), "missing: a play situation needs top and play")
        return _play(rules, situation["top"], situation["play"])
    if forms == ["duel"]:
        return _duel(rules, situation["duel"])
    if forms == ["events"]:
        return _events(rules, situation["events"])
    if not forms:
        raise SituationError((), "expected top and play, or duel, or events")
    raise SituationError(
        (forms[-1],), f"give one of: top and play, duel, events (got {', '.join(forms)})"
    )


def parse_card(
    rules: Cl4shRules, value: YamlValue, path: tuple[object, ...]
) -> tuple[int, tuple[int, int], str]:
    """A card string -> (code, pile value it leaves, label). Accepts `"almighty as fire 5"`."""
    if not isinstance(value, str):
        raise SituationError(
            path,
            f"expected a card string like 'fire 3' or 'echo', got {type(value).__name__} {value!r}",
        )
    text, _, declared = value.partition(" as ")
    code = find_card(rules, text)
    if code is None:
        raise SituationError(
            path,
            f"unknown card {value!r}; cards are written "
            f"'<element> <number>' ({', '.join(rules.elements)}, 1 to "
            f"{rules.max_number}) or by name: " + ", ".join(_havoc(rules)),
        )
    pile = pile_of(rules, code)
    label = rules.types[code].label
    if declared:
        if rules.types[code].kind != ALMIGHTY:
            raise SituationError(path, "only an Almighty is written '... as <card>'")
        became = find_card(rules, declared)
        if became is None or rules.types[became].kind == ALMIGHTY:
            raise SituationError(
                path,
                "an Almighty becomes any other card, like 'fire 5' or 'pickup 2', "
                f"got {declared!r}",
            )
        pile = pile_of(rules, became)
        label = f"{label} as {rules.types[became].label}"
    return code, pile, label


def _havoc(rules: Cl4shRules) -> list[str]:
    return sorted({t.label for t in rules.types if t.kind != NUMBER})


def _play(rules: Cl4shRules, top: YamlValue, play: YamlValue) -> SituationScore:
    _, pile, top_label = parse_card(rules, top, ("top",))
    if isinstance(play, str):
        items: list[YamlValue] = [play]
        parsed = [parse_card(rules, play, ("play",))]
    elif isinstance(play, list) and play:
        items = play
        parsed = [parse_card(rules, v, ("play", i)) for i, v in enumerate(play)]
    else:
        raise SituationError(("play",), "expected a card string or a non-empty list of them")
    codes = [c for c, _, _ in parsed]
    labels = [label for _, _, label in parsed]
    almighties = frozenset(i for i, c in enumerate(codes) if rules.types[c].kind == ALMIGHTY)
    if len(codes) > 1:
        codes = _as_played(rules, items, parsed, almighties)
    verdict = play_verdict(rules, pile, codes, almighties)
    points = 0
    after: str | None = None
    if verdict.valid:
        if verdict.kind == "run":
            points = rules.scoring["sequence"] if len(codes) >= rules.sequence_min else 0
            top_code = max(codes, key=lambda c: rules.types[c].number)
            after = pile_text(rules, pile_of(rules, top_code))
        else:
            after = pile_text(rules, parsed[-1][1])
    lines = [
        f"Top card: {top_label} (counts as {pile_text(rules, pile)}).",
        f"Play: {', '.join(labels)}: {'valid' if verdict.valid else 'not valid'}: "
        f"{verdict.reason}.",
    ]
    if after is not None:
        lines.append(f"The pile then counts as {after}.")
    return SituationScore(
        {
            "valid": verdict.valid,
            "reason": verdict.reason,
            "kind": verdict.kind,
            "cards": labels,
            "sequence_points": points,
            "pile_after": after,
        },
        tuple(lines),
    )


def _as_played(
    rules: Cl4shRules,
    play: list[YamlValue],
    parsed: list[tuple[int, tuple[int, int], str]],
    almighties: frozenset[int],
) -> list[int]:
    """The cards of a run or slam as they count: each Almighty as the card it is said to
    become (`"almighty as fire 3"`), which it must say."""
    codes = []
    for i, (code, _, _) in enumerate(parsed):
        if i not in almighties:
            codes.append(code)
            continue
        _, _, declared = str(play[i]).partition(" as ")
        became = find_card(rules, declared) if declared else None
        if became is None:
            raise SituationError(
                ("play", i),
                "an Almighty in a run or a slam must say the card it becomes, "
                "like 'almighty as fire 3'",
            )
        codes.append(became)
    return codes


def _duel(rules: Cl4shRules, duel: YamlValue) -> SituationScore:
    if not isinstance(duel, dict):
        raise SituationError(("duel",), "expected a mapping {challenger: CARD, defender: CARD}")
    for key in duel:
        if key not in ("challenger", "defender"):
            raise SituationError(("duel", key), "unknown key; accepted keys: challenger, defender")
    codes = []
    for side in ("challenger", "defender"):
        if side not in duel:
            raise SituationError(("duel", side), "missing: the card this player revealed")
        code, _, _ = parse_card(rules, duel[side], ("duel", side))
        if rules.types[code].kind != NUMBER:
            raise SituationError(
                ("duel", side),
                f"a duel is fought with numbered element "
                f"cards; {rules.types[code].label} cannot be used in a duel",
            )
        codes.append(code)
    winner, reason = duel_winner(rules, codes[0], codes[1])
    labels = [rules.types[c].label for c in codes]
    lines = [f"Challenger {labels[0]} against defender {labels[1]}: {reason}."]
    if winner == "tie":
        a, b = rules.second_tie_draws
        lines.append(
            "Both play another element card; a second tie makes the challenger draw "
            f"{a} and the defender {b}."
        )
    else:
        lines.append(
            f"The {winner} wins the duel ({rules.scoring['duel_won']} point in competition mode)."
        )
    return SituationScore({"winner": winner, "reason": reason}, tuple(lines))


def _events(rules: Cl4shRules, events: YamlValue) -> SituationScore:
    if not isinstance(events, list):
        raise SituationError(
            ("events",), "expected a list like [{duel_won: Ada}, {sequence4: Bo}, {set_won: Ada}]"
        )
    points: dict[str, int] = {}
    winner: str | None = None
    ended: int | None = None
    after: list[int] = []
    lines = []
    for i, event in enumerate(events):
        if not isinstance(event, dict) or len(event) != 1:
            raise SituationError(
                ("events", i), "expected one mapping with one key: " + ", ".join(EVENT_POINTS)
            )
        ((what, name),) = event.items()
        if what not in EVENT_POINTS:
            raise SituationError(
                ("events", i, what), "unknown event; accepted: " + ", ".join(EVENT_POINTS)
            )
        if not isinstance(name, str) or not name.strip():
            raise SituationError(("events", i, what), f"expected a player's name, got {name!r}")
        if winner is not None:
            after.append(i)
            lines.append(f"{i + 1}. {what}: {name}: not counted, the match is over")
            continue
        gain = rules.scoring[EVENT_POINTS[what]]
        points[name] = points.get(name, 0) + gain
        lines.append(f"{i + 1}. {what}: {name} +{gain} = {points[name]}")
        if rules.match_end == "moment" and points[name] >= rules.match_target:
            winner, ended = name, i
            lines.append(f"   {name} reaches {rules.match_target}: the match ends, {name} wins.")
        elif rules.match_end == "end_of_set" and what == "set_won":
            winner = _end_of_set(rules, points, lines)
            ended = i if winner is not None else None
    if winner is None:
        lines.append(f"Nobody has reached {rules.match_target} points: the match goes on.")
    return SituationScore(
        {"points": points, "match_winner": winner, "match_ended_at": ended, "after_end": after},
        tuple(lines),
    )


def _end_of_set(rules: Cl4shRules, points: dict[str, int], lines: list[str]) -> str | None:
    """At the end of a set: the match winner, if a player has the target and leads alone."""
    best = max(points.values())
    if best < rules.match_target:
        return None
    leaders = sorted(name for name, p in points.items() if p == best)
    if len(leaders) > 1:
        lines.append(f"   The set ends with {' and '.join(leaders)} tied on {best}: another set.")
        return None
    lines.append(
        f"   The set ends with {leaders[0]} on {best} of {rules.match_target}: "
        f"the match ends, {leaders[0]} wins."
    )
    return leaders[0]
