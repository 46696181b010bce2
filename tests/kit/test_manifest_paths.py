"""The manifest's file paths are checked as text (printgen.kit.cache.path_problem): a plain
relative path inside its game's folder of OUT passes; a path going up, absolute, in another
game's folder, with an empty or `.` part or a backslash, or leading out of OUT through a
symbolic link (a folder's or the file's own) is refused, never followed."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.kit.cache import path_problem, under


@pytest.fixture
def out(tmp_path: Path) -> Path:
    out = tmp_path / "out"
    (out / "many" / "cards").mkdir(parents=True)
    (out / "many" / "cards" / "c1.png").write_bytes(b"png")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "secret.png").write_bytes(b"secret")
    (out / "many" / "away").symlink_to(elsewhere)
    (out / "many" / "cards" / "link.png").symlink_to(elsewhere / "secret.png")
    (out / "many" / "cards" / "near.png").symlink_to(out / "many" / "cards" / "c1.png")
    return out


@pytest.mark.parametrize("relative", ["many/cards/c1.png", "many/cards.pdf", "many/cards/near.png"])
def test_a_plain_path_in_the_games_folder_passes(out: Path, relative: str) -> None:
    folders: dict[str, str] = {}
    assert path_problem(out, relative, "many", folders) is None
    assert path_problem(out, relative, "many", folders) is None  # with the folders kept


@pytest.mark.parametrize(
    ("relative", "why"),
    [
        ("many/../victim.txt", "not a plain relative path"),
        ("/etc/passwd", "not a plain relative path"),
        ("many//c1.png", "not a plain relative path"),
        ("many/./c1.png", "not a plain relative path"),
        ("many\\c1.png", "is not a relative path"),
        ("", "is not a relative path"),
        (7, "is not a relative path"),
        ("other/c1.png", "is not in many/"),
        ("many", "is not in many/"),
        ("many/away/secret.png", "leads outside OUT"),
        ("many/cards/link.png", "leads outside OUT"),
    ],
)
def test_a_path_out_of_the_games_folder_is_refused(out: Path, relative: object, why: str) -> None:
    problem = path_problem(out, relative, "many", {})
    assert problem is not None and why in problem


def test_a_path_under_out_is_cut_as_text(out: Path) -> None:
    assert under(out, out / "many" / "cards" / "c1.png") == "many/cards/c1.png"
    assert under(out / "many", out / "many" / "x.pdf") == "x.pdf"
