"""validate says when the cards' version stamp box is too low for its font: with DejaVu Sans
as the body font the default 2.4 mm box held no 6 pt line, the stamp (`optional:`, left off
rather than cut) printed on no card, and validate said nothing while the print guide said
every card prints it (a designer's trial). Here Lato's line, 2.12 mm at 6 pt, in a 2 mm box."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import GOALS_DECK, HARBOUR, write_game


def _validate(cli, tmp_path: Path, design: str) -> str:
    files = {"goals.csv": "name,count\nGather,2\n", "design.yaml": design}
    game = HARBOUR + "version: 2\ndate: 2026-12-01\n" + GOALS_DECK
    write_game(tmp_path / "data", game, files)
    run = cli("validate", "harbour", "--data", tmp_path / "data")
    assert run.code == 0, run.err
    return run.out


def test_a_stamp_box_too_low_for_its_font_is_said(cli, tmp_path: Path) -> None:
    out = _validate(cli, tmp_path, "stamp: {height: 2mm}\n")
    assert (
        "/harbour/design.yaml:1: the stamp box is 2mm high, and a line of Lato at 6 pt"
        " needs 2.12 mm: no card prints the version stamp; give it room in design.yaml"
        " (stamp: {height: 2.2mm})"
    ) in " ".join(out.split()), out


def test_the_default_box_holds_lato(cli, tmp_path: Path) -> None:
    assert "version stamp" not in _validate(cli, tmp_path, "min_size: 6pt\n")


def test_a_body_font_given_by_its_features_alone(cli, tmp_path: Path) -> None:
    """A body font named by its features alone (no file, no family) has no file to name:
    the check named `files["regular"]` and stopped validate (the review of this change)."""
    out = _validate(cli, tmp_path, 'fonts: {body: {features: "smcp"}}\nstamp: {height: 2mm}\n')
    assert "no card prints the version stamp" in out
    assert "a line of Lato at 6 pt" in " ".join(out.split())
