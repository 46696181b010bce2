"""An engine declares each game.yaml `rules:` setting once, on the field of its rules dataclass
that holds the value (printgen/rules/per_game.py `setting`): the keys checked, their order, the
sections they sit in and the values the fields get all come from that one line."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from printgen.errors import DataError
from printgen.model.schema import WHOLE, Key, whole_number
from printgen.model.sources import Located
from printgen.rules.per_game import (
    Settings,
    declared,
    rules_dataclass,
    setting,
    settings_of,
    with_settings,
)


@rules_dataclass
class Toy:
    name: str  # not a setting: given by the engine
    turns: int = setting(Key(True, int, WHOLE, whole_number(1, 99)))
    hand: int = setting(Key(False, int, WHOLE, whole_number(1, 9), default=5), at="deal.hand")
    kinds: frozenset[str] = setting(Key(False, list, "a list", default=[]), then=frozenset)
    burn: int = setting(Key(True, int, WHOLE, whole_number(0, 9)), at="deal.burn")


KEYS = declared(
    Toy, sections={"deal": Key(True, dict, "{hand: N, burn: N}")}, more={"board": Key()}
)


def game_with(rules: dict[str, Any]) -> Any:
    """What Settings reads of a game: its `rules:` and where each key is (line 10 onwards)."""
    lines = {key: 10 + n for n, key in enumerate(rules)}
    located = Located("game.yaml", 1, {"rules": 9}, {"rules": Located("game.yaml", 9, lines)})
    return SimpleNamespace(
        rules=rules,
        located=located,
        rules_line=lambda *path: located.child("rules").line_of(path[0]),
    )


def test_the_keys_come_from_the_fields_in_their_order_with_sections_and_more() -> None:
    assert list(KEYS) == ["board", "turns", "deal", "kinds"]
    assert list(KEYS["deal"].keys or {}) == ["hand", "burn"]
    assert KEYS["deal"].required and KEYS["deal"].describe == "{hand: N, burn: N}"
    assert KEYS["deal"].keys is not None and KEYS["deal"].keys["hand"].default == 5
    assert [f.name for f in fields(Toy)] == ["name", "turns", "hand", "kinds", "burn"]
    assert {name: d.at for name, d in settings_of(Toy).items()} == {
        "turns": ("turns",),
        "hand": ("deal", "hand"),
        "kinds": ("kinds",),
        "burn": ("deal", "burn"),
    }


def test_build_fills_each_setting_field_and_takes_the_rest_as_given() -> None:
    read = Settings(game_with({"board": 1, "turns": 30, "deal": {"burn": 2}}), KEYS)  # type: ignore[arg-type]
    read.done()
    toy = read.build(Toy, name="toy")
    assert toy == Toy(name="toy", turns=30, hand=5, kinds=frozenset(), burn=2)
    assert read.build(Toy, name="toy", turns=12).turns == 12  # the engine's own value wins


def test_a_misspelt_setting_is_named_at_its_line_with_did_you_mean() -> None:
    read = Settings(game_with({"board": 1, "turn": 30, "deal": {"burn": 2}}), KEYS)  # type: ignore[arg-type]
    with pytest.raises(DataError) as caught:
        read.done()
    said = [str(p) for p in caught.value.problems]
    assert any(
        p.startswith("game.yaml:11: rules.turn: unknown key; did you mean 'turns'?") for p in said
    ), said


def test_a_section_without_fields_or_a_field_in_an_undeclared_section_is_refused() -> None:
    with pytest.raises(ValueError, match="section 'play' has no setting field"):
        declared(Toy, sections={"deal": Key(), "play": Key()})
    with pytest.raises(ValueError, match="settings in undeclared sections: deal"):
        declared(Toy)


def test_every_engine_declares_its_settings_on_its_fields() -> None:
    """Each bundled engine's checked keys are its rules dataclass's settings (and the few it
    reads elsewhere), so a new setting is one line on the dataclass."""
    from printgen.rules.cl4sh.cards import SETTINGS as CL4SH
    from printgen.rules.cl4sh.cards import Cl4shRules
    from printgen.rules.elementa.cards import SETTINGS as ELEMENTA
    from printgen.rules.elementa.cards import ElementaRules
    from printgen.rules.feng_shui.rules import SETTINGS as FENG_SHUI
    from printgen.rules.feng_shui.rules import FengShuiRules
    from printgen.rules.mywuxing.cards import SETTINGS as MYWUXING
    from printgen.rules.mywuxing.cards import Deck
    from printgen.rules.the_way.settings import SETTINGS as THE_WAY
    from printgen.rules.the_way.settings import WaySettings

    for keys, cls, elsewhere in (
        (CL4SH, Cl4shRules, set()),
        (ELEMENTA, ElementaRules, set()),
        (FENG_SHUI, FengShuiRules, set()),
        (MYWUXING, Deck, set()),
        (THE_WAY, WaySettings, {"board", "pawns", "symbols_per_kind"}),
    ):
        tops = {d.at[0] for d in settings_of(cls).values()}
        assert set(keys) == tops | elsewhere, cls.__name__


def test_a_bundled_engine_reads_the_values_its_game_yaml_writes() -> None:
    """Worked out from card_data/cl4sh/game.yaml's `rules:` by hand."""
    from printgen.model import load_game
    from printgen.rules.cl4sh.cards import rules_of

    rules = rules_of(load_game(Path(__file__).parents[2] / "card_data" / "cl4sh"))
    assert rules.second_tie_draws == (2, 1)
    assert rules.scoring == {"duel_won": 1, "sequence": 2, "set_won": 3}
    assert rules.match_end == "moment"
    assert rules.shield_blocks == frozenset({"balance", "pickup", "duel"})
    assert (rules.balance_draws, rules.duel_loser_draws, rules.max_turns) == (2, 2, 2000)


def test_with_settings_changes_setting_fields_each_checked_by_its_key() -> None:
    toy = Toy("toy", turns=30, hand=5, kinds=frozenset(), burn=2)
    changed = with_settings(toy, {"turns": 40, "hand": 9})
    assert changed == Toy("toy", turns=40, hand=9, kinds=frozenset(), burn=2)
    assert toy.turns == 30  # a new value, the old one kept
    with pytest.raises(ValueError, match=r"^turns: expected a whole number from 1 to 99, got 100$"):
        with_settings(toy, {"turns": 100})
    with pytest.raises(ValueError, match=r"^hand: expected a whole number, got text 'nine'$"):
        with_settings(toy, {"hand": "nine"})
    with pytest.raises(ValueError, match=r"^name: unknown key"):
        with_settings(toy, {"name": "other"})  # a field, but no setting
