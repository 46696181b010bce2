"""A card's kind is read as its suit is, in any case or spacing, or by the kind's label: a
designer's sheet saying `Wind` and `Sky event` for the kinds wind and event (labelled `Sky
event`) was refused on every row, 'unknown kind 'Wind'' (found by a designer's trial). A
kind that is none of them is refused with a did-you-mean."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_game
from tests.render.winds import CSV, winds_game


def test_kinds_in_any_case_or_by_their_label(tmp_path: Path) -> None:
    csv = CSV.replace(",wind,", ",Wind,", 1).replace(",event,", ",Sky Event,", 1)
    game = load_game(winds_game(tmp_path, csv=csv))
    assert [c.kind for c in game.components["winds"].cards] == ["wind", "wind", "event"]


def test_a_misspelt_kind_asks_did_you_mean(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        load_game(winds_game(tmp_path, csv=CSV.replace(",event,", ",Evnt,", 1)))
    assert (
        "winds.csv:4: column 'kind': unknown kind 'Evnt'; did you mean 'event'? expected one "
        "of wind, event"
    ) in str(caught.value)
