"""Containment (issue 9): drawings read resources only inside the game's data folder and
templates/. Each way out (`file://` elsewhere, `..`, absolute paths, symbolic links, `http(s)://`,
XML external entities) is tried through the public entry points: a card's `art` column and
`printgen build`, a rulebook's image links and `printgen build`, and the SVG drawers of cards and
boards. Nothing outside is ever read; where a reference is refused the message names it.
"""

from __future__ import annotations

import base64
import csv
import shutil
from pathlib import Path

import pypdf
import pytest

from printgen.errors import RenderError
from tests.conftest import CARD_DATA

TOKEN = "Zebrafish"  # text of the files outside the game's folder: it must never be printed
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082"
)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """MyWuXing's data (without its rulebook, unless a test writes one), and secrets beside
    it: `secret.png` and `secret.svg` (an SVG whose text is TOKEN) one folder up."""
    folder = tmp_path / "data" / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", folder)
    (folder / "rules.md").unlink()
    (tmp_path / "data" / "secret.png").write_bytes(PNG)
    (tmp_path / "data" / "secret.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="10">'
        f'<text x="0" y="8" font-size="6">{TOKEN}</text></svg>'
    )
    (tmp_path / "data" / "secret.txt").write_text(TOKEN)
    return folder


def set_art(folder: Path, art: str) -> None:
    """Give the Water card an `art` image (the column declared in game.yaml)."""
    yaml = folder / "game.yaml"
    yaml.write_text(yaml.read_text().replace("  text: text?\n", "  text: text?\n  art: text?\n"))
    path = folder / "cards.csv"
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    rows[0].append("art")
    for row in rows[1:]:
        row.append(art if row[0] == "water" else "")
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)


def all_text(out: Path) -> str:
    return "\n".join(
        page.extract_text()
        for pdf in sorted(out.rglob("*.pdf"))
        for page in pypdf.PdfReader(pdf).pages
    )


ART_OUTSIDE = {
    "parent": "../secret.png",
    "parent, encoded": "%2e%2e/secret.png",
    "deep parent": "../../../../../../../../etc/hostname",
    "absolute": "/etc/hostname",
    "file URL": "file:///etc/passwd",
    "file URL of the secret": "file://{data}/secret.svg",
    "http": "http://example.com/a.png",
    "https": "https://example.com/a.png",
    "symbolic link": "link.svg",
}


@pytest.mark.parametrize("art", ART_OUTSIDE.values(), ids=ART_OUTSIDE.keys())
def test_card_art_outside_the_games_folder_is_refused(
    cli, game: Path, tmp_path: Path, art: str
) -> None:
    (game / "link.svg").symlink_to(game.parent / "secret.svg")
    set_art(game, art.format(data=game.parent))
    out = tmp_path / "out"
    run = cli("build", "mywuxing", "--data", game.parent, "--out", out)
    assert run.code == 2, run.out + run.err
    assert "mywuxing/cards failed: " in run.err
    assert "cards.csv:2: column 'art': " in run.err
    # refused; or, for a name that is not a path (`%2e%2e` is no `..` in a file name), looked
    # for inside the game's folder only, and not found there
    assert "refused" in run.err or f"not found ({game}" in run.err, run.err
    assert "Traceback" not in run.err
    assert not list((out / "mywuxing").rglob("*.pdf"))


def test_card_art_inside_the_games_folder_is_drawn(cli, game: Path, tmp_path: Path) -> None:
    (game / "art").mkdir()
    shutil.copy(game.parent / "secret.svg", game / "art" / "water.svg")  # inside: allowed
    set_art(game, "art/water.svg")
    out = tmp_path / "out"
    run = cli("build", "mywuxing", "--data", game.parent, "--out", out)
    assert run.code == 0, run.err
    assert TOKEN in all_text(out)


def test_card_text_with_an_entity_declaration_is_only_text(cli, game: Path, tmp_path: Path) -> None:
    doctype = f'<!DOCTYPE s [<!ENTITY e SYSTEM "file://{game.parent}/secret.txt">]>&e;'
    cards = game / "cards.csv"
    cards.write_text(cards.read_text().replace("dragon,Infinite Dragon,", 'dragon,"&e; x",'))
    text = cards.read_text().replace("Absorbs every element card.", doctype.replace('"', '""'))
    cards.write_text(text)
    out = tmp_path / "out"
    run = cli("build", "mywuxing", "--data", game.parent, "--out", out)
    assert run.code == 0, run.err
    printed = all_text(out)
    assert "&e; x" in printed and TOKEN not in printed


RULES_OUTSIDE = [  # each way out once, as a Markdown image or an HTML <img>
    ("markdown", "file:///etc/passwd"),
    ("html", "file://{data}/secret.svg"),
    ("markdown", "../secret.svg"),
    ("html", "{data}/secret.svg"),
    ("markdown", "http://example.com/x.png"),
    ("html", "https://example.com/x.png"),
    ("markdown", "link.svg"),
    ("html", "%2e%2e/secret.svg"),
]


@pytest.fixture
def rules_game(tmp_path: Path) -> Path:
    """Feng Shui Master (no cards: the quickest build with a rulebook), secrets beside it."""
    folder = tmp_path / "data" / "feng-shui-master"
    shutil.copytree(CARD_DATA / "feng-shui-master", folder)
    (tmp_path / "data" / "secret.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="10">'
        f'<text x="0" y="8" font-size="6">{TOKEN}</text></svg>'
    )
    return folder


@pytest.mark.parametrize(("form", "image"), RULES_OUTSIDE, ids=[i for _, i in RULES_OUTSIDE])
def test_a_rulebook_image_outside_is_never_read(
    cli, rules_game: Path, tmp_path: Path, form: str, image: str
) -> None:
    """Refused with a message naming the reference, or (the rulebook's choice for `file:`
    links, which Markdown does not make links of) printed as text; never read."""
    (rules_game / "link.svg").symlink_to(rules_game.parent / "secret.svg")
    url = image.format(data=rules_game.parent)
    picture = f"![the box]({url})" if form == "markdown" else f'<img src="{url}" alt="box">'
    (rules_game / "rules.md").write_text(f"## Box\n\n{picture}\n\nThe end.\n", encoding="utf-8")
    out = tmp_path / "out"
    run = cli("build", "feng-shui-master", "--data", rules_game.parent, "--out", out, "--jobs", "1")
    assert "Traceback" not in run.err and "internal error" not in run.err
    rules = out / "feng-shui-master" / "rules.pdf"
    if run.code == 2:
        assert "feng-shui-master/rules failed: " in run.err and "refused" in run.err, run.err
        assert not rules.exists()
    else:
        assert run.code == 0
        text = "".join(all_text(out).split())
        assert url in text or "thebox" not in text, "an image was drawn from outside"
    assert TOKEN not in (all_text(out) if out.exists() else "")


def test_a_rulebook_image_inside_is_drawn(cli, rules_game: Path, tmp_path: Path) -> None:
    shutil.copy(rules_game.parent / "secret.svg", rules_game / "box.svg")
    (rules_game / "rules.md").write_text("## Box\n\n![the box](box.svg)\n", encoding="utf-8")
    out = tmp_path / "out"
    run = cli("build", "feng-shui-master", "--data", rules_game.parent, "--out", out, "--jobs", "1")
    assert run.code == 0, run.err
    assert TOKEN in all_text(out)


# --- the SVG drawer itself: cards, pieces and parts (vector.py) --------------------------------


def xxe(target: Path) -> str:
    return (
        f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "{target.as_uri()}">]>'
        '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"><text>&x;</text></svg>'
    )


def image_svg(href: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="10mm" height="10mm"><image href="{href}" width="10" height="10"/></svg>'
    )


def test_card_drawings_refuse_external_entities_and_files_outside(tmp_path: Path) -> None:
    from printgen.render.draw.vector import record_svg

    inside = tmp_path / "game"
    inside.mkdir()
    (tmp_path / "secret.txt").write_text(TOKEN)
    (tmp_path / "secret.png").write_bytes(PNG)
    with pytest.raises(RenderError, match="face: cannot draw the SVG"):
        record_svg(xxe(tmp_path / "secret.txt"), [inside], "face")
    for href in ((tmp_path / "secret.png").as_uri(), "../secret.png", "http://example.com/x.png"):
        with pytest.raises(RenderError, match="refused"):
            record_svg(image_svg(href), [inside], "face")
    square = b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4"/></svg>'
    data_url = "data:image/svg+xml;base64," + base64.b64encode(square).decode()
    assert record_svg(image_svg(data_url), [inside], "face").width_mm == pytest.approx(10)
