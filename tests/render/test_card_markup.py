"""Card text's markup reads ordinary text as text (found by the issue 13 audit): `2*3`,
`4 * 5`, an unclosed `**`, `10:30:00` and `1:2:3` print as written, as CommonMark's emphasis
rules and chat apps' `:name:` read them; `\\*` and `\\:` escape; a value already in italics
inside a design's italics stays italic (it turned bold). Unit cases on the parser, then a
built card read back from its PDF, and validate silent on such text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from printgen.model import load_game
from printgen.render.text.markup import Piece, icon_names, pieces, quoted
from tests.conftest import edit
from tests.render.conftest import ROOT, build

SAMPLE = ROOT / "examples" / "lantern-market"
ICONS = frozenset({"coin", "2coins"})


def styled(markup: str, icons: frozenset[str] | None = ICONS) -> list[tuple[str, str]]:
    """(style, text) runs: style is '', 'b', 'i' or 'bi'; an icon is ('icon', name)."""
    return [_run(p) for p in pieces(markup, icons)]


def _run(piece: Piece) -> tuple[str, str]:
    if piece.icon is not None:
        return ("icon", piece.icon)
    return (("b" if piece.bold else "") + ("i" if piece.italic else ""), piece.text)


@pytest.mark.parametrize(
    "text",
    [
        "Deal 2*3 cards. Then 4 * 5 more. Footnote*",
        "a **unclosed rest of the text",
        "Meet at 10:30:00, in the ratio 1:2:3.",
        "x*y and 2**3 and * alone and ** and snake_case and ___",
        "<b>not html</b> [not](a link) `not code` &amp;",
    ],
)
def test_ordinary_text_prints_as_written(text: str) -> None:
    assert styled(text) == [("", text)]


@pytest.mark.parametrize(
    ("markup", "runs"),
    [
        ("**Grow:** add *one*.", [("b", "Grow:"), ("", " add "), ("i", "one"), ("", ".")]),
        ("***both*** x", [("bi", "both"), ("", " x")]),
        ("*a **b** c*", [("i", "a "), ("bi", "b"), ("i", " c")]),
        ("(*quoted*)", [("", "("), ("i", "quoted"), ("", ")")]),
        ("Pay :coin::2coins:.", [("", "Pay "), ("icon", "coin"), ("icon", "2coins"), ("", ".")]),
        ("\\*not italic\\* \\:coin:", [("", "*not italic* :coin:")]),
        ("one\\ntwo", [("", "one"), ("", "\n"), ("", "two")]),
    ],
)
def test_markup_that_is_markup(markup: str, runs: list[tuple[str, str]]) -> None:
    assert styled(markup) == runs


def test_a_value_keeps_its_own_markup_inside_the_designs() -> None:
    """`*{{ flavour }}*` with a flavour already `*in italics*`: italic, not bold."""
    assert styled("*" + quoted("*already italic*") + "*") == [("i", "already italic")]
    assert styled("**" + quoted("*it*") + " x**") == [("bi", "it"), ("b", " x")]
    assert styled("+" + quoted("1")) == [("", "+1")]  # one run, as the template wrote it
    assert styled("Cost " + quoted("2*3")) == [("", "Cost 2*3")]
    assert styled(":" + quoted("coin") + ":") == [("icon", "coin")]  # `:{{ suit }}:`


def test_only_a_name_with_a_letter_is_asked_for_as_an_icon() -> None:
    assert icon_names("10:30:00 1:2:3 :coin: :2coins: :big_coin: \\:fire:") == [
        "coin",
        "2coins",
        "big_coin",
    ]


def test_a_built_card_prints_its_text_as_written(tmp_path: Path, cli) -> None:
    data = tmp_path / "data"
    game = data / "lantern-market"
    shutil.copytree(SAMPLE, game)
    written = "Deal 2*3 cards. Then 4 * 5 more at 10:30:00 (1:2:3). Footnote* \\*x **open"
    edit(
        game / "market.csv",
        '"When you buy this, every player passes one card to the left."',
        f'"{written}"',
    )
    edit(game / "market.csv", "Spun on the river terraces.", "*Spun* on the terraces.")
    run = cli("validate", "lantern-market", "--data", data)
    assert run.code == 0, run.out + run.err
    assert "unknown icon" not in run.out + run.err
    out = build(load_game(game), tmp_path / "out", outputs=("cards-print.pdf",))
    with pdfplumber.open(out / "cards-print.pdf") as pdf:
        pages = [p for p in pdf.pages if "Lantern" in (p.extract_text() or "")]
        chars = [c for c in pages[0].chars if abs(c["size"] - 9.5) < 0.6]
        flavour = next(p for p in pdf.pages if "terraces" in (p.extract_text() or "")).chars
    printed = "".join(c["text"] for c in chars)
    assert printed == written.replace(" ", "").replace("\\*", "*")
    assert {c["fontname"].split("+")[-1] for c in chars} == {"Comfortaa-Regular"}
    assert all(c["matrix"][2] == 0 for c in chars)  # no slant: nothing turned italic
    spun = [c for c in flavour if abs(c["size"] - 7.0) < 0.05]
    assert "".join(c["text"] for c in spun) == "Spunontheterraces."
    assert all(c["matrix"][2] != 0 for c in spun)  # italic inside the design's italics
    assert all("Bold" not in c["fontname"] for c in spun)  # and not bold
