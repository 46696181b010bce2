"""`printgen serve` in a real browser (headless Chromium, as the gallery's test drives it): a card
kept open while its row is edited, broken and mended, with no reload by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.kit.test_gallery import CHROMIUM
from tests.serve.conftest import CARDS, GAME, WAIT_MS, Serving, tiny_game

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[tuple[Serving, Path]]:
    """A server of the tiny game whose watcher runs (a save from now on is seen)."""
    folder = tiny_game(tmp_path / "data")
    serving = Serving(
        "--data", tmp_path / "data", "--out", tmp_path / "out", "--port", "0", "--jobs", "1"
    )
    try:
        serving.wait_for("watching")
        yield serving, folder / "cards.csv"
    finally:
        code = serving.stop()
    assert code == 0, serving.err


def row_text(page: Any, field: str = "text") -> str:
    """A cell of the card's data row (or of a part's declaration), as the page shows it."""
    return str(
        page.evaluate(
            """(field) => [...document.querySelectorAll('table.row tr')]
                .find((row) => row.querySelector('th').textContent === field)
                .querySelector('td').textContent""",
            field,
        )
    )


def face_drawn(page: Any, side: str = "#front image") -> int:
    """The width in pixels of the front's picture as the browser decodes it (an SVG <image>
    has no naturalWidth: the same URL is loaded as an <img>)."""
    return int(
        page.evaluate(
            """(side) => new Promise((done) => {
                const image = new Image();
                image.onload = () => done(image.naturalWidth);
                image.onerror = () => done(0);
                image.src = document.querySelector(side).getAttribute('href');
            })""",
            side,
        )
    )


def test_a_card_follows_its_row_through_a_broken_save(
    browser: Any, serving: tuple[Serving, Path]
) -> None:
    server, cards = serving
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{server.url}/_card/tiny/ember", timeout=WAIT_MS)
    assert page.locator("h1").inner_text() == "Ember"
    assert row_text(page) == "Burns bright."
    assert face_drawn(page) > 500
    banner = page.locator("#printgen-banner")
    assert banner.is_hidden()

    # an edit of the card's row: the page reloads itself and shows the row as saved
    with page.expect_event("load", timeout=WAIT_MS):
        cards.write_text(CARDS.replace("Burns bright.", "Burns brighter."), encoding="utf-8")
    assert row_text(page) == "Burns brighter."
    first_face = page.locator("#front image").get_attribute("href")
    assert face_drawn(page) > 500

    # a broken save: its file:line message on the page, the card as it was
    cards.write_text(CARDS.replace("ember,Ember,2", "ember,Ember,two"), encoding="utf-8")
    banner.wait_for(state="visible")
    said = banner.inner_text()
    assert "This save cannot be read" in said
    assert f"{cards.name}:2: column 'count': expected a whole number, got 'two'" in said
    assert row_text(page) == "Burns brighter."
    assert page.locator("#front image").get_attribute("href") == first_face

    # mended: the card comes back with the new row, the banner goes
    with page.expect_event("load", timeout=WAIT_MS):
        cards.write_text(CARDS.replace("Burns bright.", "Burns again."), encoding="utf-8")
    assert row_text(page) == "Burns again."
    banner.wait_for(state="hidden")  # at once, or when the build of the broken save is over
    assert page.locator("#front image").get_attribute("href") != first_face
    assert face_drawn(page) > 500
    page.close()


WATCH_THUMBNAILS = """() => {
    window.kept = true;  // gone if the page reloads
    window.sources = [];
    new MutationObserver((changes) => {
        for (const change of changes) window.sources.push(change.target.getAttribute('src'));
    }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['src']});
}"""
"""Records every picture the gallery swaps, from now on."""


def test_the_gallery_swaps_a_changed_cards_thumbnail(
    browser: Any, serving: tuple[Serving, Path]
) -> None:
    server, cards = serving
    server.wait_for("built ")  # the first build wrote the gallery
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{server.url}/", timeout=WAIT_MS)
    ember = page.locator(".cards img[src^='tiny/cards/ember.png']")
    # live.js links each card's thumbnail to its page
    assert ember.locator("xpath=..").get_attribute("href") == "/_card/tiny/ember"
    page.evaluate(WATCH_THUMBNAILS)

    cards.write_text(CARDS.replace("Burns bright.", "Burns brighter."), encoding="utf-8")
    page.wait_for_function(  # a function, not an expression: the page's CSP forbids eval
        "() => window.sources.some((src) => src.startsWith('/_card/tiny/ember/front.png?g='))"
    )
    assert page.evaluate("window.kept") is True  # no reload
    swapped = page.evaluate("window.sources")
    assert not any("wave" in src for src in swapped), swapped  # only the card that changed
    page.close()


def test_a_part_follows_game_yaml(browser: Any, serving: tuple[Serving, Path]) -> None:
    """The score pad's page kept open while game.yaml renames it: the page reloads itself with
    the new title, in its heading, its declaration and its picture (drawn again)."""
    server, cards = serving
    game_yaml = cards.parent / "game.yaml"
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{server.url}/_part/tiny/pad", timeout=WAIT_MS)
    assert page.locator("h1").inner_text() == "Score pad"
    assert row_text(page, "note") == "One a game."
    picture = page.locator("#pad image").get_attribute("href")
    assert face_drawn(page, "#pad image") > 1000

    with page.expect_event("load", timeout=WAIT_MS):
        game_yaml.write_text(
            GAME.replace("title: Score pad, note: One a game.", "title: Tally, note: Two a game."),
            encoding="utf-8",
        )
    assert page.locator("h1").inner_text() == "Tally"
    assert row_text(page, "note") == "Two a game."
    assert page.locator("#pad image").get_attribute("href") != picture
    assert face_drawn(page, "#pad image") > 1000
    page.close()
