"""Flavour text is set apart from the rules text in the default design: in italics, after an
empty line, at the end of `body`. It printed as one more plain line of the rules (found by a
designer's trial). The column is `flavour`, `flavor` or `Flavor Text` by its name, or any the
design names (`flavour: Lore`); a box that prints `{{ flavour }}` itself takes it out of the
body, so it prints once. Read from the face's SVG: each line as drawn, with its style."""

from __future__ import annotations

import re
from pathlib import Path

from tests.render.winds import CSV, face, winds_game

LINE = re.compile(r'<text x="[-0-9.]+" y="([-0-9.]+)"([^>]*)>([^<]*)</text>')


def lines(svg: str) -> dict[str, tuple[float, bool]]:
    """Each text line drawn: its words -> (baseline y in mm, whether italic)."""
    return {m[3]: (float(m[1]), 'font-style="italic"' in m[2]) for m in LINE.finditer(svg)}


def test_flavour_is_italic_after_an_empty_line(tmp_path: Path) -> None:
    drawn = lines(face(winds_game(tmp_path), "Zephyr Whisper").svg)
    rules_y, rules_italic = drawn["Move one card."]
    flavour_y, flavour_italic = drawn["The gentlest breath."]
    assert flavour_italic and not rules_italic
    line = 9 * 25.4 / 72 * 1.18  # the default text box: 9 pt, 1.18 leading
    assert flavour_y - rules_y > 1.8 * line  # an empty line between, not the next line


def test_a_card_without_flavour_prints_its_rules_alone(tmp_path: Path) -> None:
    drawn = lines(face(winds_game(tmp_path), "Dead Calm").svg)
    assert drawn["Skip the wind phase."] == (drawn["Skip the wind phase."][0], False)
    assert not any(italic for _, italic in drawn.values())


def test_a_flavor_text_column_and_a_named_one_are_flavour(tmp_path: Path) -> None:
    folder = winds_game(tmp_path / "a", csv=CSV.replace(",flavour,", ",Flavor Text,", 1))
    declared = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(declared.replace("  flavour: text?\n", ""), "utf-8")
    assert lines(face(folder, "Zephyr Whisper").svg)["The gentlest breath."][1]
    named = winds_game(tmp_path / "b", "flavour: Lore\n", CSV.replace(",flavour,", ",Lore,", 1))
    assert lines(face(named, "Zephyr Whisper").svg)["The gentlest breath."][1]


def test_a_box_of_its_own_prints_the_flavour_once(tmp_path: Path) -> None:
    design = (
        "front:\n  boxes:\n    quote: {text: '{{ flavour }}', when: '{{ flavour }}', "
        "bottom: 8mm, height: 5mm, size: 7pt}\n"
    )
    svg = face(winds_game(tmp_path, design), "Zephyr Whisper").svg
    assert svg.count("The gentlest breath.") == 1
