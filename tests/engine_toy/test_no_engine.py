"""A game whose game.yaml names no `engine:`: its data is checked and its kit built, but score
and simulate refuse it clearly (exit 2); an engine name nobody answers to is bad input."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import edit


def _without_engine(data_copy: Path) -> Path:
    edit(data_copy / "mywuxing" / "game.yaml", "engine: mywuxing\n", "")
    return data_copy


def test_validate_checks_the_data_without_an_engine(cli, data_copy: Path) -> None:
    run = cli("validate", "mywuxing", "--data", _without_engine(data_copy), "--json")
    assert run.code == 0, run.err
    names = [c["name"] for c in run.json()["games"]["mywuxing"]["checks"]]
    assert "deal" in names and "total deck" in names
    assert not [n for n in names if n.startswith("example: ") or n == "elements equal"]


def test_score_and_simulate_say_there_is_no_engine(cli, data_copy: Path, tmp_path: Path) -> None:
    folder = _without_engine(data_copy)
    situation = tmp_path / "play.yaml"
    situation.write_text("universe: water\nrevealed: [wood, fire]\n", encoding="utf-8")
    for args in (("score", "mywuxing", situation), ("simulate", "mywuxing", "--games", "2")):
        run = cli(*args, "--data", folder)
        assert run.code == 2 and run.out == ""
        assert "mywuxing has no rules engine (its game.yaml names no `engine:`)" in run.err
        assert "Traceback" not in run.err


def test_an_unknown_engine_is_bad_input(cli, data_copy: Path) -> None:
    edit(data_copy / "mywuxing" / "game.yaml", "engine: mywuxing\n", "engine: wuxing\n")
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert run.code == 2
    assert "game.yaml:" in run.err and "engine: no rules engine 'wuxing'; engines: " in run.err


def test_a_game_with_no_engine_and_no_examples_has_nothing_to_warn_about(
    cli, tmp_path: Path
) -> None:
    """A designer's game (no engine, no examples.yaml) was warned 'examples: not checked: no
    engine (none)', in validate and in yellow on the gallery: nothing the designer could do."""
    import shutil

    from tests.render.conftest import ROOT

    game = tmp_path / "data" / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", game)
    (game / "examples.yaml").unlink()  # the sample, without its scoring and its examples
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text[: text.index("\nscoring:")], encoding="utf-8")
    edit(game / "rules.md", "{{ examples() }}", "")
    run = cli("validate", "lantern-market", "--data", tmp_path / "data", "--json")
    assert run.code == 0, run.err
    (check,) = [
        c for c in run.json()["games"]["lantern-market"]["checks"] if c["name"] == "examples"
    ]
    assert check["ok"] is True, check
    assert "no examples.yaml" in check["detail"]
