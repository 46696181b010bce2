"""A game's rulebook is built from any of its rules files: `rules.md`, or `rules.<lang>.md`
alone (its first language's is then the main one, as the README says); build and validate
left out a game whose only rules file was `rules.en.md`."""

from __future__ import annotations

from pathlib import Path

import pypdf


def test_a_rules_file_named_by_its_language_makes_the_rulebook(cli, tiny: Path) -> None:
    (tiny / "rules.md").rename(tiny / "rules.en.md")
    checked = cli("validate", "tiny", "--data", tiny.parent)
    assert "rulebook rules.pdf: its text expands" in checked.out, checked.out
    out = tiny.parent.parent / "out"
    run = cli("build", "tiny", "--data", tiny.parent, "--out", out, "--jobs", "1")
    assert run.code == 0, run.err
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(out / "tiny" / "rules.pdf").pages)
    assert "Overview" in text and "A list" in text
    assert (out / "tiny" / "rules-booklet.pdf").is_file()


def test_a_game_without_a_rules_file_has_no_rulebook(cli, tiny: Path) -> None:
    (tiny / "rules.md").unlink()
    checked = cli("validate", "tiny", "--data", tiny.parent)
    assert "rulebook" not in checked.out
    out = tiny.parent.parent / "out"
    assert cli("build", "tiny", "--data", tiny.parent, "--out", out, "--jobs", "1").code == 0
    assert not (out / "tiny" / "rules.pdf").exists()
