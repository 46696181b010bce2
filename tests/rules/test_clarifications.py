"""Every decision the rules make is printed: each game's clarifications.yaml covers every
game.yaml `rules:` setting and every decision its engine's docstrings name, and the rulebook
prints them with the values game.yaml holds now."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_game
from printgen.render.rulebook.build import rulebook_html
from printgen.render.rulebook.source import sources
from printgen.rules.clarifications import clarifications_of
from printgen.rules.engine import engine_of
from tests.conftest import CARD_DATA, edit

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in CARD_DATA.iterdir() if (p / "game.yaml").is_file())
DECISION = re.compile(r"\(decision: ([a-z0-9._-]+)\)")


def docstring_decisions(package: str) -> set[str]:
    """The `(decision: NAME)` tags in every docstring of an engine package."""
    folder = ROOT / package.replace(".", "/")
    found: set[str] = set()
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = [tree, *ast.walk(tree)]
        for node in nodes:
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
                doc = ast.get_docstring(node) or ""
                found |= set(DECISION.findall(" ".join(doc.split())))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_setting_and_engine_decision_is_clarified(game_id: str) -> None:
    game = load_game(CARD_DATA / game_id)
    clar = clarifications_of(game)
    assert clar.entries, f"{game_id} has no clarifications.yaml"
    for key in game.rules:
        assert any(name == key or name.startswith(f"{key}.") for name in clar.settings), (
            f"{game_id}: rules.{key} has no clarification"
        )
    engine = engine_of(game)
    assert engine is not None
    named = docstring_decisions(engine.score.__module__.rsplit(".", 1)[0])
    missing = named - set(clar.decisions) - set(clar.settings)
    assert not missing, f"{game_id}: decisions named in the engine but not clarified: {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rulebook_ends_with_its_clarifications(game_id: str) -> None:
    game = load_game(CARD_DATA / game_id)
    clar = clarifications_of(game)
    for source in sources(game):
        html = rulebook_html(source, with_toc=False)
        section = html[html.rindex('<ul class="clarifications">') :]
        assert "<h2" not in section, "the clarifications are the last section"
        for entry in clar.entries:
            assert f"<strong>{_esc(entry.heading(source.lang))}.</strong>" in section
            if entry.is_setting and isinstance(entry.value, str):
                assert f"<code>{entry.name}: {entry.value}</code>" in section
            if entry.source:
                assert _esc(entry.source)[:40] in section


def _esc(text: str) -> str:
    from markupsafe import escape

    return str(escape(text))


def test_changing_a_setting_changes_the_printed_rule(data_copy: Path) -> None:
    """A designer switching The Way's versus end sees the rule, the variants and the
    clarification change with it."""
    folder = data_copy / "the-way"
    before = rulebook_html(sources(load_game(folder))[0], with_toc=False)
    edit(folder / "game.yaml", "end: deck-out", "end: gate-only")
    after = rulebook_html(sources(load_game(folder))[0], with_toc=False)
    for html, rule, variant in (
        (before, "deck-out", "gate-only"),
        (after, "gate-only", "deck-out"),
    ):
        end = html[html.index("The end of the deck") : html.index("Cooperative game")]
        variants = html[html.index('<ul class="variants"') :]  # its tag also carries data-line
        variants = variants[: variants.index("</ul>")]
        assert ("When the last card of the draw pile is taken" in end) == (rule == "deck-out")
        assert f"<code>versus.end: {rule}</code>" in html
        assert f"<code>versus.end: {variant}</code>" in variants


def test_an_undescribed_value_is_bad_data(data_copy: Path) -> None:
    folder = data_copy / "the-way"
    edit(folder / "game.yaml", "end: deck-out", "end: sudden-death")
    with pytest.raises(DataError, match=r"game.yaml:\d+: rules.versus.end"):
        clarifications_of(load_game(folder))
    edit(folder / "game.yaml", "end: sudden-death", "end: deck-out")
    edit(folder / "clarifications.yaml", "{value[size]} ×", "{value.__class__} ×")
    with pytest.raises(DataError, match=r"only \{value\}"):
        clarifications_of(load_game(folder))
