"""The Way's deck invariants for `printgen validate` (its engine record's `invariants`).

- symbols per kind (error): game.yaml `rules.symbols_per_kind`; a Double's two symbols are equal.
- assorted Duals (error): a Dual of two different symbols is "assorted". The original deck holds
  each ordered pair of two different elements exactly once (12 with four elements); the expansion
  each ordered pair of two different symbols with at least one of Void or Wild exactly once (18).
- the source's lists (warning): the source rulebook's own names (game.yaml `source`) compared with
  those pairs. Where they differ the check says what was corrected, with ok false and level
  "warning": it is reported on every run, and a warning never fails `validate`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from printgen.model import Card, Game
from printgen.rules.engine import Check
from printgen.rules.per_game import one_setting
from printgen.rules.the_way.settings import SETTINGS

_check = Check


def expected_pairs(game: Game, deck: str) -> list[str]:
    """The assorted Duals a deck must hold, each once, as `"a-b"` in symbol order."""
    elements = list(game.elements)
    extra = [s for s in game.symbols if s not in elements]
    if deck == "original":
        return [f"{a}-{b}" for a in elements for b in elements if a != b]
    every = elements + extra
    return [f"{a}-{b}" for a in every for b in every if a != b and (a in extra or b in extra)]


def deck_composition_checks(game: Game) -> list[Check]:
    checks = [_symbols_per_kind(game)]
    for deck in ("original", "expansion"):
        if deck in game.components:
            checks.append(_assorted(game, deck))
            checks.append(_source(game, deck))
    return checks


def _symbols_per_kind(game: Game) -> Check:
    want = one_setting(game, SETTINGS, "symbols_per_kind")
    if not isinstance(want, dict):  # None: the settings' check says what is wrong, at its line
        return _check(
            "symbols per kind", False, "error", "not checked: fix rules.symbols_per_kind above"
        )
    wrong: list[str] = []
    faces = 0
    for comp in game.components.values():
        for card in comp.cards:
            faces += 1
            symbols = card.names("symbols")
            need = want.get(card.kind)
            where = f"{card.where('kind')} {card.id}"
            if need is None:
                wrong.append(f"{where}: kind {card.kind!r} has no entry in rules.symbols_per_kind")
            elif len(symbols) != need:
                wrong.append(
                    f"{where}: a {card.kind} has {need} symbol(s), found "
                    f"{len(symbols)} ({'-'.join(symbols)})"
                )
            elif card.kind == "double" and len(set(symbols)) != 1:
                wrong.append(
                    f"{where}: a double's two symbols are the same, found {'-'.join(symbols)}"
                )
    if wrong:
        return _check("symbols per kind", False, "error", "; ".join(wrong))
    rule = ", ".join(f"{k} {v}" for k, v in want.items())
    return _check(
        "symbols per kind",
        True,
        "error",
        f"{faces} faces: {rule} symbol(s); each double's two the same",
    )


def _assorted(game: Game, deck: str) -> Check:
    comp = game.components[deck]
    found, rows = _assorted_in(comp.cards)
    want = expected_pairs(game, deck)
    parts = _pair_problems(want, found, rows)
    name = f"assorted duals ({deck})"
    if parts:
        return _check(
            name,
            False,
            "error",
            f"expected each of the {len(want)} ordered pairs "
            f"exactly once in {comp.file}; " + "; ".join(parts),
        )
    return _check(name, True, "error", f"each of the {len(want)} ordered pairs exactly once")


def _assorted_in(cards: Iterable[Card]) -> tuple[Counter[str], dict[str, list[str]]]:
    """How many of each assorted Dual (`"a-b"`) the cards hold, and the rows that hold it."""
    found: Counter[str] = Counter()
    rows: dict[str, list[str]] = {}
    for card in cards:
        symbols = card.names("symbols")
        if card.kind == "dual" and len(symbols) == 2 and symbols[0] != symbols[1]:
            pair = "-".join(symbols)
            found[pair] += card.count
            rows.setdefault(pair, []).append(card.where("symbols"))
    return found, rows


def _pair_problems(want: list[str], found: Counter[str], rows: dict[str, list[str]]) -> list[str]:
    """What keeps `found` from holding each pair of `want` exactly once (empty: nothing)."""
    missing = [p for p in want if not found[p]]
    doubled = [f"{p} x{found[p]} ({', '.join(rows[p])})" for p in want if found[p] > 1]
    stray = [f"{p} ({', '.join(rows[p])})" for p in found if p not in want]
    parts = []
    if missing:
        parts.append("missing " + ", ".join(missing))
    if doubled:
        parts.append("more than once: " + ", ".join(doubled))
    if stray:
        parts.append("not an assorted Dual of this deck: " + ", ".join(stray))
    return parts


def _source(game: Game, deck: str) -> Check:
    listed = _source_list(game, deck)
    name = f"assorted duals as the source lists them ({deck})"
    if listed is None:
        return _check(name, True, "warning", "game.yaml has no source list to compare")
    want = expected_pairs(game, deck)
    said = Counter(str(x) for x in listed)
    if set(said) == set(want) and all(n == 1 for n in said.values()):
        return _check(
            name,
            True,
            "warning",
            f"the source's {len(listed)} names are the {len(want)} ordered pairs, each once",
        )
    return _check(name, False, "warning", _correction(len(listed), want, said))


def _source_list(game: Game, deck: str) -> list[object] | None:
    """game.yaml's `source: {assorted_duals: {deck: [...]}}`, or None when it has none."""
    source = game.raw.get("source") or {}
    duals = source.get("assorted_duals") if isinstance(source, dict) else None
    listed = duals.get(deck) if isinstance(duals, dict) else None
    return list(listed) if isinstance(listed, list) else None


def _correction(listed: int, want: list[str], said: Counter[str]) -> str:
    """How the source's `listed` names were corrected to the pairs of `want`."""
    added = [p for p in want if p not in said]
    twice = [p for p in want if said[p] > 1]
    stray = [p for p in said if p not in want]
    parts = [f"the source lists {listed} names"]
    if twice:
        parts.append(f"with {' and '.join(twice)} twice")
    text = " ".join(parts) + f"; corrected to all {len(want)} ordered pairs"
    if added:
        text += f", adding the {len(added)} pairs {', '.join(added)}"
    if stray:
        text += f", dropping {', '.join(stray)}"
    return text + " (RULINGS.md)"
