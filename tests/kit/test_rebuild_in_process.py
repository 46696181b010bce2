"""A process that builds again (`build --watch` rebuilds in the same process) draws the game's
files as they are now: a template or a `currentColor` icon the designer saved since the last
build. Both were kept once a process (the template compiled, the icon read) and the rebuild
printed the old ones, while a fresh build printed the new."""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import Image

from tests.conftest import ROOT, edit

PX_PER_MM = 300 / 25.4
BLEED = 3.175  # the per-card PNGs' bleed, mm
SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">{}</svg>'
WHOLE = '<rect width="24" height="24" fill="currentColor"/>'
CORNER = '<rect width="2" height="2" fill="currentColor"/>'


def _pixel(png: Path, x_mm: float, y_mm: float) -> tuple[int, ...]:
    picture = Image.open(png).convert("RGB")
    return picture.getpixel((round((BLEED + x_mm) * PX_PER_MM), round((BLEED + y_mm) * PX_PER_MM)))


def test_a_second_build_in_the_same_process_draws_the_files_saved_since(
    cli, tmp_path: Path
) -> None:
    game = tmp_path / "data" / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", game)
    (game / "icons" / "silk.svg").write_text(SQUARE.format(WHOLE))
    out = tmp_path / "out"
    cards = out / "lantern-market" / "cards"
    # the middle of the silk card's corner icon (7 mm, 0.5 mm in from the safe zone's corner)
    icon = (70 - 3 - 0.5 - 3.5, 3 + 0.5 + 3.5)

    def build() -> None:
        assert cli("build", "--data", game.parent, "--out", out, "--jobs", "1").code == 0

    build()
    assert _pixel(cards / "back-patrons.png", 1, 1) == (0x5B, 0x2A, 0x3C)
    assert _pixel(cards / "silk-bolt.png", *icon) == (0x8E, 0x3B, 0x8F)  # silk's fill

    edit(game / "templates" / "patron-back.svg.j2", 'fill="#5b2a3c"', 'fill="#2a5b3c"')
    (game / "icons" / "silk.svg").write_text(SQUARE.format(CORNER))
    build()
    assert _pixel(cards / "back-patrons.png", 1, 1) == (0x2A, 0x5B, 0x3C)
    assert _pixel(cards / "silk-bolt.png", *icon) != (0x8E, 0x3B, 0x8F)


def test_a_game_template_saved_since_shadows_the_shared_one_it_replaces(tmp_path: Path) -> None:
    """The shared `components/badge.svg.j2`, compiled for a first build, stayed up to date when
    the designer then saved their own `templates/components/badge.svg.j2`: a watching build
    went on drawing the shared badge."""
    from printgen.render.draw.svg import game_environment

    game = tmp_path / "game"
    (game / "templates" / "components").mkdir(parents=True)
    environment = game_environment(game)
    shared = environment.get_template("components/badge.svg.j2")
    assert shared.filename is not None and "common" in Path(shared.filename).parts

    own = game / "templates" / "components" / "badge.svg.j2"
    own.write_text('<circle r="{{ 1 }}"/>')
    drawn = environment.get_template("components/badge.svg.j2")
    assert drawn.filename == str(own)
    assert drawn.render() == '<circle r="1"/>'

    own.unlink()  # and back to the shared one once it is gone
    assert environment.get_template("components/badge.svg.j2").filename == shared.filename
