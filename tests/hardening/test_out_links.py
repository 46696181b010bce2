"""Issue 40, item 8: nothing is written, or deleted, through a symbolic link inside OUT; and the
files of a part a build no longer makes go with their manifest entry.

Was: with `OUT/<game>` replaced by a link to another folder, the next build wrote the whole kit
there (and deleted there what its manifest named as stale); after a build without `--shop dtc`,
`shop/dtc/preview/` stayed. The links of the generator below stand at every level printgen
writes into (the game's folder, the card images, the print-shop folders, a file itself), each
leading to a folder outside OUT that must be left exactly as it was."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hardening.test_out_folder import build


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """OUT after a build of the tiny game with the dtc shop's files (built once)."""
    from printgen.cli import main
    from tests.hardening.conftest import TINY_CARDS, TINY_GAME, TINY_RULES

    root = tmp_path_factory.mktemp("links")
    data = root / "data" / "tiny"
    data.mkdir(parents=True)
    (data / "game.yaml").write_text(TINY_GAME)
    (data / "cards.csv").write_text(TINY_CARDS)
    (data / "rules.md").write_text(TINY_RULES)
    out = root / "out"
    with pytest.raises(SystemExit) as done:
        main(["build", "--data", str(root / "data"), "--out", str(out), "--jobs", "1"])
    assert done.value.code in (0, None)
    return root


def link_places() -> Iterator[str]:
    """Folders printgen writes into, from the game's own down."""
    yield from ("tiny", "tiny/cards", "tiny/tts", "tiny/ttp", "tiny/preview")


@pytest.mark.parametrize("place", list(link_places()))
@pytest.mark.parametrize("elsewhere_holds", ["nothing", "a copy"])
def test_a_link_inside_out_is_refused_and_where_it_leads_is_untouched(
    cli, built: Path, tmp_path: Path, place: str, elsewhere_holds: str
) -> None:
    out = tmp_path / "out"
    shutil.copytree(built / "out", out, symlinks=True)
    elsewhere = tmp_path / "elsewhere"
    if elsewhere_holds == "a copy":  # the files the manifest names, there: all "fresh"
        shutil.copytree(out / place, elsewhere)
        (elsewhere / "notes.txt").write_text("mine")
    else:
        elsewhere.mkdir()
        (elsewhere / "notes.txt").write_text("mine")
    before = snapshot(elsewhere)
    shutil.rmtree(out / place)
    (out / place).symlink_to(elsewhere, target_is_directory=True)
    (built / "data" / "tiny" / "cards.csv").write_text(
        "id,name,count,kind\nember,Ember,2,card\nwave,Wave,1,card\nmist,Mist,1,card\n"
    )  # a changed deck: every part is built again, and 'ember'... are stale nowhere
    try:
        run = build(cli, built / "data", out)
    finally:
        (built / "data" / "tiny" / "cards.csv").write_text(
            "id,name,count,kind\nember,Ember,2,card\nwave,Wave,1,card\n"
        )
    assert run.code == 2, run.err
    assert f"{place} is a symbolic link inside the output folder" in run.err
    assert snapshot(elsewhere) == before
    assert (out / place).is_symlink()


def test_a_file_that_is_a_link_is_replaced_not_written_through(
    cli, built: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    shutil.copytree(built / "out", out, symlinks=True)
    victim = tmp_path / "victim.pdf"
    victim.write_bytes(b"%PDF mine")
    (out / "tiny" / "cards.pdf").unlink()
    (out / "tiny" / "cards.pdf").symlink_to(victim)
    run = build(cli, built / "data", out)
    assert run.code == 0, run.err
    assert victim.read_bytes() == b"%PDF mine"
    assert not (out / "tiny" / "cards.pdf").is_symlink()
    assert (out / "tiny" / "cards.pdf").read_bytes().startswith(b"%PDF-")


def test_a_shop_no_longer_asked_for_leaves_no_file_or_folder(
    cli, built: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    shutil.copytree(built / "out", out, symlinks=True)
    run = build(cli, built / "data", out, "--shop", "dtc")
    assert run.code == 0, run.err
    assert (out / "tiny" / "shop" / "dtc" / "preview").is_dir()
    run = build(cli, built / "data", out)
    assert run.code == 0, run.err
    assert not (out / "tiny" / "shop").exists()
    manifest = json.loads((out / ".printgen-cache.json").read_text())
    assert not [f for part in manifest["parts"].values() for f in part["files"] if "shop" in f]


def test_a_part_the_kit_no_longer_has_goes_with_its_entry(cli, built: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(built / "out", out, symlinks=True)
    (out / "tiny" / "board.pdf").write_bytes(b"%PDF old board")
    (out / "tiny" / "preview" / "board.png").write_bytes(b"old preview")
    (out / "other").mkdir()
    (out / "other" / "board.pdf").write_bytes(b"%PDF another game's")
    manifest = json.loads((out / ".printgen-cache.json").read_text())
    entry = {"key": "0" * 64, "files": {"tiny/board.pdf": "0" * 64}}
    manifest["parts"]["tiny/board"] = entry
    manifest["parts"]["other/board"] = {"key": "0" * 64, "files": {"other/board.pdf": "0" * 64}}
    (out / ".printgen-cache.json").write_text(json.dumps(manifest))
    run = build(cli, built / "data", out)
    assert run.code == 0, run.err
    assert "removed tiny/board's files: the kit no longer has that part" in run.err
    assert not (out / "tiny" / "board.pdf").exists()
    assert not (out / "tiny" / "preview" / "board.png").exists()
    assert (out / "other" / "board.pdf").read_bytes() == b"%PDF another game's"
    parts = json.loads((out / ".printgen-cache.json").read_text())["parts"]
    assert "tiny/board" not in parts and "other/board" in parts


def game_links(root: Path) -> Iterator[tuple[Path, Path, Path, str]]:
    """(data folder, where its `tiny` links to, OUT, what the refusal says): a game folder
    that is a symbolic link to a folder elsewhere, and an OUT inside where it leads (or
    holding it), seen through links."""
    real, kept = root / "real" / "tiny", root / "kits" / "games" / "tiny"
    yield root / "d1", real, real / "out", "it is inside the game folder"
    yield root / "d2", real, real / "kits" / "out", "it is inside the game folder"
    yield root / "d3", root / "view", root / "view" / "out", "it is inside the game folder"
    yield root / "d4", kept, root / "kits", "it holds the game folder"


def test_out_inside_a_linked_game_folder_is_refused(cli, built: Path, tmp_path: Path) -> None:
    """Was: with data/tiny a link to a folder holding OUT, every build found its own output in
    the game's folder, so the game's key changed and everything was built again."""
    real, kept = tmp_path / "real" / "tiny", tmp_path / "kits" / "games" / "tiny"
    shutil.copytree(built / "data" / "tiny", real)
    shutil.copytree(built / "data" / "tiny", kept)
    (tmp_path / "kits" / ".printgen-out").write_text("")  # an OUT of printgen's own
    (tmp_path / "view").symlink_to(real, target_is_directory=True)
    for data, target, out, refusal in game_links(tmp_path):
        data.mkdir()
        (data / "tiny").symlink_to(target, target_is_directory=True)
        before = snapshot(tmp_path / "real"), snapshot(tmp_path / "kits")
        run = build(cli, data, out)
        assert run.code == 2, (data, run.err)
        assert f"refused: {refusal} " in run.err, (data, run.err)
        assert (snapshot(tmp_path / "real"), snapshot(tmp_path / "kits")) == before
