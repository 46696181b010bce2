"""Hostile data: text printed literally, images only from the game's folder."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pypdf
import pytest
from PIL import Image

from printgen.errors import RenderError
from printgen.model import load_game
from printgen.render.draw.safety import restricted_fetcher
from tests.render.conftest import CARD_DATA, build

HOSTILE = "<Dragon> & \"Co\" 'x' ]]> {{ x }}"


def copy_game(tmp_path: Path, game: str = "mywuxing") -> Path:
    target = tmp_path / "data" / game
    shutil.copytree(CARD_DATA / game, target)
    return target


def edit_rows(path: Path, change) -> None:
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    change(rows)
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)


def test_hostile_names_and_text_appear_literally_in_the_pdf(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)

    def change(rows: list[list[str]]) -> None:
        rows[6][1] = HOSTILE  # the dragon's name
        rows[7][5] = "Stars & <b>bold</b> ]]>"  # the star's text

    edit_rows(folder / "cards.csv", change)
    out = build(load_game(folder), tmp_path / "out", outputs=("cards.pdf",))
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(out / "cards.pdf").pages)
    assert HOSTILE in text
    assert "Stars & <b>bold</b> ]]>" in text


def add_art_column(folder: Path, art: str) -> None:
    yaml = folder / "game.yaml"
    yaml.write_text(yaml.read_text().replace("  text: text?\n", "  text: text?\n  art: text?\n"))

    def change(rows: list[list[str]]) -> None:
        rows[0].append("art")
        for row in rows[1:]:
            row.append("")
        rows[1][-1] = art

    edit_rows(folder / "cards.csv", change)


def test_an_image_in_the_games_folder_is_drawn(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    Image.new("RGB", (40, 40), (200, 10, 10)).save(folder / "water.png")
    add_art_column(folder, "water.png")
    out = build(load_game(folder), tmp_path / "out", outputs=("cards",))
    with Image.open(out / "cards" / "water.png") as image:
        assert image.getpixel((412, 560)) == (200, 10, 10)


@pytest.mark.parametrize(
    "art", ["../secret.png", "/etc/hostname", "file:///etc/hostname", "https://example.com/a.png"]
)
def test_an_image_outside_the_games_folder_is_refused(tmp_path: Path, art: str) -> None:
    folder = copy_game(tmp_path)
    Image.new("RGB", (4, 4)).save(folder.parent / "secret.png")
    add_art_column(folder, art)
    with pytest.raises(RenderError, match=r"cards.csv:2: column 'art': refused"):
        build(load_game(folder), tmp_path / "out", outputs=("cards.pdf",))
    assert not (tmp_path / "out" / "mywuxing" / "cards.pdf").exists()


def test_the_cli_reports_a_refused_image_with_exit_code_2(tmp_path: Path, cli) -> None:
    folder = copy_game(tmp_path)
    add_art_column(folder, "../../outside.png")
    run = cli("build", "mywuxing", "--data", folder.parent, "--out", tmp_path / "out")
    assert run.code == 2
    assert "refused image '../../outside.png'" in run.err
    assert "Traceback" not in run.err


def test_the_fetcher_reads_inside_its_roots_and_data_urls_only(tmp_path: Path) -> None:
    inside = tmp_path / "game"
    inside.mkdir()
    (inside / "a.svg").write_text("<svg/>")
    (tmp_path / "b.svg").write_text("<svg/>")
    fetch = restricted_fetcher([inside])
    assert fetch((inside / "a.svg").as_uri(), "image/svg+xml") == b"<svg/>"
    assert fetch("data:text/plain;base64,aGk=", "image/*") == b"hi"
    for url in [
        (tmp_path / "b.svg").as_uri(),
        (inside / ".." / "b.svg").as_uri(),
        "http://example.com/x.png",
        "file://host/etc/passwd",
    ]:
        with pytest.raises(RenderError, match="refused"):
            fetch(url, "image/*")


def test_an_svg_with_an_external_entity_is_not_read(tmp_path: Path) -> None:
    from printgen.render.draw.vector import record_svg

    (tmp_path / "secret.txt").write_text("SECRET")
    svg = (
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file://'
        f'{tmp_path}/secret.txt">]><svg xmlns="http://www.w3.org/2000/svg" width="10" '
        'height="10"><text>&x;</text></svg>'
    )
    with pytest.raises(RenderError, match="cannot draw the SVG"):
        record_svg(svg, [tmp_path / "game"], "test")
