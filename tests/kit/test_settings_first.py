"""A bad `rules:` setting stops `build` before any part is drawn (exit 2, every problem with its
line and the allowed range), as `validate` reports it; OUT gets no kit file."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import edit


def test_bad_settings_stop_the_build_before_any_part(cli, data_copy: Path, tmp_path: Path) -> None:
    game_yaml = data_copy / "cl4sh" / "game.yaml"
    edit(game_yaml, "balance_draws: 2 ", "balance_draws: 500 ")
    edit(game_yaml, "sequence_min: 4", "sequence_min: many")
    out = tmp_path / "out"
    run = cli("build", "cl4sh", "--data", data_copy, "--out", out)
    assert run.code == 2 and "Traceback" not in run.err
    lines = game_yaml.read_text(encoding="utf-8").splitlines()
    at = {
        k: next(n for n, t in enumerate(lines, 1) if f" {k}_" in t) for k in ("balance", "sequence")
    }
    said = [
        f"game.yaml:{at['sequence']}: rules.sequence_min: expected a whole number, got text 'many'",
        f"game.yaml:{at['balance']}: rules.balance_draws: expected a whole number from 0 to 99, "
        "got 500",
    ]
    assert all(text in run.err for text in said), run.err
    assert not (out / "cl4sh").exists() and not (out / "index.html").exists()
