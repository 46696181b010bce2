"""The gallery, opened as a person would: from disk, in headless Chromium."""

from __future__ import annotations

import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value and not value.startswith("#"):
                self.targets.append(value)


def test_every_link_and_image_points_at_a_file(two_builds: tuple[Path, Path]) -> None:
    out, _ = two_builds
    parser = Links()
    parser.feed((out / "index.html").read_text(encoding="utf-8"))
    assert len(parser.targets) > 50
    for target in parser.targets:
        assert "://" not in target, f"the gallery must not reach the network: {target}"
        assert (out / unquote(target)).is_file(), target


def test_gallery_shows_status_and_totals(two_builds: tuple[Path, Path]) -> None:
    html = (two_builds[0] / "index.html").read_text(encoding="utf-8")
    for text in (
        "MyWuXing",
        "The Way",
        "Feng Shui Master",
        "validate: ok",
        "deck <b>54</b>",
        "playable <b>52</b>",
        "original <b>100</b>",
        "expansion <b>44</b>",
        "dice <b>15</b>",
    ):
        assert text in html


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: chromium)")
def test_gallery_in_a_real_browser(two_builds: tuple[Path, Path], tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    out, _ = two_builds
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            failed: list[str] = []
            page.on("requestfailed", lambda request: failed.append(request.url))
            page.goto((out / "index.html").as_uri())
            page.wait_for_load_state("load")
            for image in page.query_selector_all("img"):
                image.scroll_into_view_if_needed()
            page.wait_for_function(
                "Array.from(document.images).every(i => i.complete)", timeout=20_000
            )
            broken = page.evaluate(
                "Array.from(document.images).filter(i => i.naturalWidth === 0)"
                ".map(i => i.getAttribute('src'))"
            )
            assert broken == []
            assert failed == []
            hrefs = page.evaluate(
                "Array.from(document.querySelectorAll('a[href]')).map(a => a.href)"
            )
            for href in hrefs:
                if "#" in href:
                    continue
                assert href.startswith("file://"), href
                assert Path(unquote(href.removeprefix("file://"))).is_file(), href
            assert page.title() == "printgen: print-and-play kits"
            page.screenshot(path=str(tmp_path / "gallery.png"), full_page=True)
        finally:
            browser.close()
    assert (tmp_path / "gallery.png").stat().st_size > 10_000


@pytest.mark.parametrize(("count", "said"), [(1, "1 game built"), (2, "2 games built")])
def test_the_gallery_counts_its_games_in_words(count: int, said: str) -> None:
    """A designer's one game was '1 games built by printgen'."""
    from printgen.kit.gallery import GameEntry, render_gallery

    entries = [GameEntry(f"g{i}", f"Game {i}", "", True, [], [], {}) for i in range(count)]
    assert f"<p>{said} by printgen." in render_gallery(entries).decode()


def test_card_images_follow_the_data_deck_by_deck(tmp_path: Path) -> None:
    """Issue 36, trap 8: the gallery sorted file names (`Jade 1, 10, 11, 12, 2`) and mixed
    two decks' cards. Now each deck's cards come in its file's order, then its back, the
    decks in game.yaml's order; a file the data does not name goes last."""
    from printgen.kit.gallery import FileLink, card_order
    from printgen.model import load_game

    game = tmp_path / "jade"
    game.mkdir()
    (game / "game.yaml").write_text(
        "id: jade\nname: Jade\nplayers: {min: 2, max: 4}\ncard_size: poker\n"
        "components:\n  stones: {file: stones.csv}\n  coins: {file: coins.csv}\n"
    )
    stones = "".join(f"jade-{n},Jade {n},1\n" for n in range(1, 13))
    (game / "stones.csv").write_text(f"id,name,count\n{stones}")
    (game / "coins.csv").write_text("id,name,count\nbrass,Brass,1\namber,Amber,1\n")
    names = [f"jade-{n}.png" for n in range(1, 13)]
    names += ["amber.png", "brass.png", "back.png", "back-coins.png", "notes-2.png", "notes-10.png"]
    links = [FileLink(f"jade/cards/{name}", name, "1 KB") for name in sorted(names)]
    links.sort(key=card_order(load_game(game)))
    assert [Path(link.href).name for link in links] == [
        *(f"jade-{n}.png" for n in range(1, 13)),
        "back.png",
        "brass.png",
        "amber.png",
        "back-coins.png",
        "notes-2.png",
        "notes-10.png",
    ]
