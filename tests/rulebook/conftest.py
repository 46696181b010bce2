"""Rulebooks built once per test session, read back with pypdf; a tiny game to break."""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

import pypdf
import pytest

from printgen.kit.write import build_part
from printgen.model import Game, load_game
from printgen.render.rulebook import rule_files
from tests.games import WITH_RULEBOOK
from tests.shared_builds import shared_folder

ROOT = Path(__file__).resolve().parents[2]
CARD_DATA = ROOT / "card_data"
GAMES = WITH_RULEBOOK
RULEBOOKS = [(g, "rules.pdf") for g in GAMES] + [("elementa", "rules.it.pdf")]


def booklet_name(name: str) -> str:
    """DESIGN.md section 10: `rules.pdf` -> `rules-booklet.pdf`, `rules.it.pdf` ->
    `rules-booklet.it.pdf`."""
    return "rules-booklet" + name.removeprefix("rules")


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.levelname}: {record.getMessage()}")


def build_warnings(built: Path) -> list[str]:
    """What weasyprint warned about while `built` was made (by whichever worker made it)."""
    return json.loads((built.parent / f"{built.name}.warnings.json").read_text(encoding="utf-8"))


def _build_rulebooks(out: Path) -> None:
    out.mkdir()
    records = Records()
    log = logging.getLogger("weasyprint")
    log.addHandler(records)
    try:
        for game_id in GAMES:
            build_part(rule_files, load_game(CARD_DATA / game_id), None, out)
    finally:
        log.removeHandler(records)
    warnings = out.parent / f"{out.name}.warnings.json"
    warnings.write_text(json.dumps(records.messages), encoding="utf-8")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every bundled rulebook, built once a test run (shared by the xdist workers):
    OUT/<game>/rules*.pdf; weasyprint's warnings in `build_warnings(built)`."""
    return shared_folder(tmp_path_factory, "rulebooks", _build_rulebooks)


@pytest.fixture(scope="session")
def texts(built: Path) -> dict[tuple[str, str], str]:
    """The extracted text of each rulebook, whitespace collapsed."""
    result = {}
    for game_id, name in RULEBOOKS:
        reader = pypdf.PdfReader(built / game_id / name)
        text = "\n".join(page.extract_text() or "" for page in reader.pages)
        result[(game_id, name)] = " ".join(text.split())
    return result


TINY_GAME = """\
id: tiny
name: "Tiny <Game> & Co"
subtitle: "A test ]]> game {{ 7*7 }}"
players: {min: 2, max: 3}
elements: [fire, water]
card_size: poker
columns:
  element: element?
kinds:
  element: {label: "Element <card>", requires: [element]}
components:
  deck: {file: cards.csv, declared: 5}
deal:
  pool: deck
  cards_each: {2: 2, 3: 1}
"""
TINY_CARDS = """\
id,name,count,kind,element
fire,"Fire <b>bold</b> & ]]> {{ 7*7 }} {% if 1 %}x{% endif %}",3,element,fire
water,Water,2,element,water
"""
TINY_RULES = """\
## Overview

Some *emphasis*, some **strong** words and `code`. Raw <b>html</b> &amp; ]]> stays text.

### A list

- first :fire: item
- second item

1. one
2. two

| Column A | Column B |
| --- | --- |
| a1 | b1 |

{{ components() }}

There are {{ total("deck") }} cards.

{{ deal_table() }}
"""


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    """A small game folder (no rules engine, so no examples) whose files a test may change."""
    folder = tmp_path / "data" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    (folder / "cards.csv").write_text(TINY_CARDS, encoding="utf-8")
    (folder / "rules.md").write_text(TINY_RULES, encoding="utf-8")
    return folder


def load(folder: Path) -> Game:
    return load_game(folder)


def copy_game(tmp_path: Path, game_id: str) -> Path:
    target = tmp_path / "data" / game_id
    shutil.copytree(CARD_DATA / game_id, target)
    return target


def pdf_text(path: Path) -> str:
    reader = pypdf.PdfReader(path)
    return " ".join(" ".join(page.extract_text() or "" for page in reader.pages).split())
