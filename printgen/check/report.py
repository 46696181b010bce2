"""One game's validate report, and the order its checks run in."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.check.columns import (
    count_note,
    html_note,
    left_out_note,
    translation_note,
    undeclared_note,
    untranslated_note,
)
from printgen.check.data import counts, deal, hidden_rows, provisional, totals, totals_row
from printgen.check.figures import figure_checks
from printgen.check.keywords import keyword_checks
from printgen.errors import DataError
from printgen.model import Game
from printgen.rules.engine import Check, engine_of


@dataclass(frozen=True)
class GameReport:
    game: Game
    checks: list[Check]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks if c.level == "error")

    def to_json(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "checks": [c.to_json() for c in self.checks],
            "totals": self.game.totals,
        }


def validate(game: Game) -> GameReport:
    """Every check of one game: data, rules settings, engine invariants, worked examples, card
    design, fonts, rulebook. What reads the rules settings is not run while they are wrong: the
    settings' own message is the one the designer needs, not a dozen failures it causes."""
    checks = [*totals(game), counts(game), *totals_row(game), *hidden_rows(game)]
    checks += [*deal(game), *provisional(game)]
    engine = engine_of(game)
    settings = _settings(game)
    if settings is not None:
        checks.append(settings)
    if engine is not None and engine.invariants is not None:
        checks += engine.invariants(game)  # each says what it finds wrong in its own words
    if settings is not None:
        checks += [
            Check(name, False, "error", "not checked: fix the rules settings above first")
            for name in ("worked examples", "card design", "rulebook")
        ]
        notes = undeclared_note(game) + translation_note(game) + left_out_note(game)
        return GameReport(game, checks + notes)
    from printgen.check.examples import example_checks  # a game without engine: not checked

    checks += example_checks(game)
    if engine is not None:
        checks += figure_checks(game)
    if (game.card_size is not None and game.printed_decks) or game.piece_decks:
        # start-up: the face renderers and jinja2 load only for a game with cards to draw
        # (simulate and compare import this package for check.data, and draw nothing)
        from printgen.check.design import design_checks
        from printgen.check.faces import checked_faces  # drawn once: both checks read them
        from printgen.check.font_files import font_file_checks  # they open as build opens them
        from printgen.check.fonts import font_checks  # every glyph on a card is in its font

        faces = checked_faces(game)  # a mistake in the design is bad input: exit 2
        checks += design_checks(game, faces)
        checks += font_checks(game, faces) + font_file_checks(game)
        from printgen.check.paper_fit import paper_checks  # laid out as build lays them

        checks += paper_checks(game)
        from printgen.check.dice import dice_checks  # with the faces: a game with pieces

        checks += dice_checks(game)
    from printgen.check.parts import part_checks  # boards, sheets, tuck boxes: drawn as built

    checks += part_checks(game)
    from printgen.check.rulebook import (  # what building the rulebook would refuse
        label_file_checks,
        rulebook_checks,
    )

    checks += rulebook_checks(game) + label_file_checks(game) + keyword_checks(game)
    checks += count_note(game) + undeclared_note(game) + translation_note(game)
    checks += untranslated_note(game) + html_note(game) + left_out_note(game)
    return GameReport(game, checks)


def _settings(game: Game) -> Check | None:
    """The failed check of game.yaml `rules:` as its engine reads them, or None if they read."""
    engine = engine_of(game)
    if engine is None or engine.settings is None:
        return None
    try:
        engine.settings(game)
    except DataError as exc:
        return Check("rules settings", False, "error", str(exc))
    return None
