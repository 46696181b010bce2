"""`printgen validate` and `printgen list` from the outside: exit codes, messages, JSON shape."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import edit


def test_bundled_data_validates_with_the_contract_totals(cli) -> None:
    run = cli("validate", "--json")
    assert run.code == 0, run.out + run.err
    report = run.json()
    assert report["ok"] is True
    assert list(report["games"]) == ["mywuxing", "cl4sh", "the-way", "elementa", "feng-shui-master"]
    totals = {game: r["totals"] for game, r in report["games"].items()}
    assert totals == {
        "mywuxing": {"deck": 54, "playable": 52},
        "cl4sh": {"deck": 96, "signal": 6},
        "the-way": {"original": 100, "expansion": 44},
        "elementa": {"deck": 40},
        "feng-shui-master": {"dice": 15},
    }
    for game in report["games"].values():
        assert set(game) == {"ok", "checks", "totals"}
        for check in game["checks"]:
            assert set(check) == {"name", "ok", "level", "detail"}
            assert check["level"] in ("error", "warning")
            assert isinstance(check["ok"], bool) and isinstance(check["detail"], str)


def checks_of(run, game: str) -> dict[str, dict]:
    return {c["name"]: c for c in run.json()["games"][game]["checks"]}


def test_one_water_fewer_fails_with_expected_and_found(cli, data_copy: Path) -> None:
    edit(data_copy / "mywuxing" / "cards.csv", "water,Water,8,", "water,Water,7,")
    run = cli("validate", "mywuxing", "--data", data_copy, "--json")
    assert run.code == 1
    checks = checks_of(run, "mywuxing")
    deck = checks["total deck"]
    assert deck["ok"] is False and deck["level"] == "error"
    assert "expected 54" in deck["detail"] and "found 53" in deck["detail"]
    assert "game.yaml:" in deck["detail"] and "cards.csv" in deck["detail"]
    assert "expected 52" in checks["total playable"]["detail"]
    assert "found 51" in checks["total playable"]["detail"]
    equal = checks["elements equal"]
    assert equal["ok"] is False and "expected 8 of each element, found water 7" in equal["detail"]

    text = cli("validate", "mywuxing", "--data", data_copy)
    assert text.code == 1
    assert "mywuxing: FAILED" in text.out and "FAIL total deck: deck: expected 54" in text.out


def test_a_deal_that_leaves_no_universe_card_fails(cli, data_copy: Path) -> None:
    edit(data_copy / "mywuxing" / "game.yaml", "8: 4}", "8: 7}")
    run = cli("validate", "mywuxing", "--data", data_copy, "--json")
    assert run.code == 1
    deal = checks_of(run, "mywuxing")["deal"]
    assert deal["ok"] is False
    assert "8 players x 7 cards = 56 of 52, -4 left (at least 1 needed)" in deal["detail"]


def test_elementa_missing_a_card_is_named(cli, data_copy: Path) -> None:
    edit(data_copy / "elementa" / "cards.csv", "metal-7,Metal 7,1,", "metal-7,Metal 7,0,")
    run = cli("validate", "elementa", "--data", data_copy, "--json")
    assert run.code == 1
    checks = checks_of(run, "elementa")
    assert "expected 40" in checks["total deck"]["detail"]
    assert "found 39" in checks["total deck"]["detail"]
    assert "metal 7 x0" in checks["suits complete"]["detail"]
    assert checks["counts"]["level"] == "warning" and "metal-7" in checks["counts"]["detail"]


def test_cl4sh_is_provisional_but_valid(cli) -> None:
    run = cli("validate", "cl4sh", "--json")
    assert run.code == 0
    provisional = checks_of(run, "cl4sh")["provisional"]
    assert provisional == {**provisional, "ok": False, "level": "warning"}
    assert "provisional" in provisional["detail"]
    assert "no total" in checks_of(run, "cl4sh")["total deck"]["detail"]


def test_the_way_expansion_total_is_computed_not_guessed(cli) -> None:
    run = cli("validate", "the-way", "--json")
    assert run.code == 0
    expansion = checks_of(run, "the-way")["total expansion"]
    assert expansion["ok"] is True
    assert "the source gives no total; computed 44" in expansion["detail"]


def test_feng_shui_circles_outside_the_map_fail(cli, data_copy: Path) -> None:
    edit(data_copy / "feng-shui-master" / "game.yaml", "[5, 3]]", "[6, 3]]")
    run = cli("validate", "feng-shui-master", "--data", data_copy, "--json")
    assert run.code == 1
    circles = checks_of(run, "feng-shui-master")["circles"]
    assert "circles.7: circle [6, 3] is not an inner vertex: rows 1..5" in circles["detail"]


def test_feng_shui_dice_and_quarters(cli) -> None:
    checks = checks_of(cli("validate", "feng-shui-master", "--json"), "feng-shui-master")
    assert checks["dice per element"]["ok"] is True
    assert checks["circles"]["detail"] == "8 circles = 32 quarters on a 6 x 6 map"


def test_bad_data_exits_2_with_the_place(cli, data_copy: Path) -> None:
    edit(data_copy / "cl4sh" / "cards.csv", "fire-3,Fire 3,2,", "fire-3,Fire 3,two,")
    run = cli("validate", "--data", data_copy)
    assert run.code == 2
    assert run.out == ""
    assert run.err.strip().endswith(
        "cl4sh/cards.csv:4: column 'count': expected a whole number, got 'two'"
    )


def test_unknown_game_and_missing_folder_exit_2(cli, tmp_path: Path) -> None:
    run = cli("validate", "chess")
    assert run.code == 2 and "unknown game 'chess'" in run.err
    assert "did you mean" not in run.err  # no game is named anything like it
    run = cli("analyze", "elementaa")
    assert run.code == 2 and "unknown game 'elementaa'; did you mean 'elementa'?" in run.err
    run = cli("validate", "--data", tmp_path / "nowhere")
    assert run.code == 2 and "data folder not found" in run.err


def test_list_shows_games_and_counts(cli) -> None:
    run = cli("list")
    assert run.code == 0
    assert "the-way" in run.out and "expansion    44 cards" in run.out
    assert "signal        6 cards, all alike\n" in run.out  # six copies of one card
    listed = cli("list", "--json").json()["games"]
    assert [g["id"] for g in listed][:2] == ["mywuxing", "cl4sh"]
    assert listed[0]["components"]["playable"]["total"] == 52


def test_console_script_never_shows_a_traceback(data_copy: Path) -> None:
    (data_copy / "elementa" / "game.yaml").write_text("id: elementa\nname: [unclosed\n")
    done = subprocess.run(
        [sys.executable, "-m", "printgen", "validate", "--data", str(data_copy)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "elementa/game.yaml:3:1: a list opened with '[' is not closed" in done.stderr


def test_a_game_folder_given_as_a_game_says_how_to_name_it(cli, tmp_path: Path) -> None:
    # A designer types the folder they made (`printgen build ./emberfall`); games are named,
    # the folder that holds them is --data.
    game = tmp_path / "designs" / "emberfall"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("name: Emberfall\n", encoding="utf-8")
    run = cli("validate", str(game))
    assert run.code == 2 and "Traceback" not in run.err
    assert f"{str(game)!r} is a game's own folder: give the folder that holds it" in run.err
    assert run.err.rstrip().endswith("designs emberfall")  # --data DESIGNS emberfall
    run = cli("validate", str(tmp_path / "designs"))  # a folder with no game.yaml: no hint
    assert run.code == 2 and "own folder" not in run.err
