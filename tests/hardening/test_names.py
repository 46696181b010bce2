"""Issue 20, item 10: ids name files, so they are checked as file names by `validate`, with the
file and line: `back` and `back-<deck>` are reserved for the deck backs, ids are at most 64
characters, Windows device names are refused, and game ids are NFC and unique ignoring case."""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pytest

from tests.conftest import edit


def add_card(tiny: Path, card_id: str) -> None:
    cards = tiny / "tiny" / "cards.csv"
    cards.write_text(cards.read_text() + f"{card_id},Odd,1,card\n")
    edit(tiny / "tiny" / "game.yaml", "declared: 3", "declared: 4")


RESERVED = {
    "back": ("back", "'back' is reserved: printgen writes the deck backs as cards/back.png"),
    "back-deck": ("back-deck", "'back-deck' is reserved"),
    "con": ("con", "'con' is a device name on Windows"),
    "aux": ("aux", "'aux' is a device name on Windows"),
    "nul": ("nul", "'nul' is a device name on Windows"),
    "240 characters": ("x" * 240, "240 characters; at most 64 (it names files)"),
}


@pytest.mark.parametrize(("card_id", "message"), RESERVED.values(), ids=RESERVED.keys())
def test_card_ids_that_cannot_name_their_own_file_are_refused_with_their_line(
    cli, tiny: Path, card_id: str, message: str
) -> None:
    add_card(tiny, card_id)
    run = cli("validate", "tiny", "--data", tiny)
    assert run.code == 2
    assert f"tiny/cards.csv:4: column 'id': {message}" in run.err


def test_a_card_called_back_never_shares_a_file_with_the_back(cli, tiny: Path) -> None:
    add_card(tiny, "back")
    out = tiny.parent / "out"
    assert cli("build", "--data", tiny, "--out", out, "--jobs", "1").code == 2
    assert not out.exists()  # refused before anything is written


def copy_game(tiny: Path, new_id: str) -> None:
    shutil.copytree(tiny / "tiny", tiny / new_id)
    edit(tiny / new_id / "game.yaml", "id: tiny", f"id: {new_id}")


def test_game_ids_differing_only_in_case_are_refused(cli, tiny: Path) -> None:
    copy_game(tiny, "Tiny")
    run = cli("validate", "--data", tiny)
    assert run.code == 2
    assert "Tiny/game.yaml:1: id: 'tiny' is the same name as the game 'Tiny'" in run.err or (
        "tiny/game.yaml:1: id: 'tiny' is the same name as the game 'Tiny'" in run.err
    )


def test_game_ids_in_nfd_are_refused(cli, tiny: Path) -> None:
    nfd = unicodedata.normalize("NFD", "café")
    copy_game(tiny, nfd)
    run = cli("validate", nfd, "--data", tiny)
    assert run.code == 2
    assert f"{nfd}/game.yaml:1: id: not in Unicode NFC form" in run.err


def test_nfc_and_nfd_spellings_are_one_game(cli, tiny: Path) -> None:
    copy_game(tiny, "café")
    copy_game(tiny, unicodedata.normalize("NFD", "café"))
    run = cli("validate", "--data", tiny)
    assert run.code == 2
    assert "is the same name as the game" in run.err


def test_a_long_or_reserved_game_id_is_refused(cli, tiny: Path) -> None:
    for game_id, message in [("g" * 100, "100 characters; at most 64"), ("lpt1", "device name")]:
        copy_game(tiny, game_id)
        run = cli("validate", game_id, "--data", tiny)
        assert run.code == 2
        assert f"{game_id}/game.yaml:1: id: " in run.err and message in run.err
