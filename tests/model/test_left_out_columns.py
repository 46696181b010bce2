"""Columns a deck's file holds that are no card data: an export's bookkeeping (Notion's
`Created`, Airtable's `Last modified`, tags, a `#` numbering column) is left out of the
cards and listed by validate; a deck's `ignore:` leaves out any column it names."""

from __future__ import annotations

import codecs
from pathlib import Path

from printgen.check.columns import left_out_note
from printgen.model.load import load_game
from tests.conftest import edit
from tests.model.designer import one_deck_game
from tests.model.test_designer_data import problems_of

GAME = one_deck_game("Cards 1a2b3c4d.csv")
DATES = '"November 24, 2026 9:15 PM","November 25, 2026 1:02 AM"'
NOTION = [
    "#,Name,Count,Type,Tags,Text,Created,Last edited time",
    f'1,Farmer,3,Worker,"Basic, Food",Gain 1 food.,{DATES}',
    f"2,Knight,2,Soldier,Strong,Attack 2.,{DATES}",
]
LEFT_OUT = ("#", "Tags", "Created", "Last edited time")


def notion(root: Path) -> Path:
    """Notion's "Export > Markdown & CSV" of a database: a byte-order mark, LF lines."""
    folder = root / "trial"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "Cards 1a2b3c4d.csv").write_bytes(
        codecs.BOM_UTF8 + ("\n".join(NOTION) + "\n").encode()
    )
    return folder


def fields(folder: Path) -> list[dict[str, object]]:
    return [c.fields for c in load_game(folder).components["deck"].cards]


def test_an_exports_bookkeeping_is_no_card_data(tmp_path: Path) -> None:
    folder = notion(tmp_path)
    game = load_game(folder)
    assert fields(folder) == [
        {"type": "Worker", "text": "Gain 1 food."},
        {"type": "Soldier", "text": "Attack 2."},
    ]
    assert game.components["deck"].metadata == LEFT_OUT
    [note] = left_out_note(game)
    assert (note.ok, note.level) == (True, "warning")
    assert note.detail == (
        "an export's bookkeeping, not printed: Cards 1a2b3c4d.csv: '#', 'Tags', 'Created', "
        "'Last edited time' (declare one under columns: to print it)"
    )


def test_the_bookkeeping_is_not_printed_on_the_card(tmp_path: Path) -> None:
    from printgen.render.faces.game_faces import front_face
    from printgen.render.text.fonts import text_by_font
    from printgen.render.text.textfit import ApproxMeasure

    game = load_game(notion(tmp_path))
    deck = game.components["deck"]
    face = front_face(game, deck, deck.cards[0], ApproxMeasure())
    printed = " ".join(text_by_font(face.svg).values())
    assert "Gain 1 food." in printed and "Worker" in printed
    for gone in ("November", "2026", "Basic", "# 1"):
        assert gone not in printed


def test_a_declared_or_renamed_bookkeeping_column_is_read(tmp_path: Path) -> None:
    folder = notion(tmp_path)
    edit(folder / "game.yaml", "components:", 'columns:\n  tags: "text?"\ncomponents:')
    edit(folder / "game.yaml", "    file:", '    rename: {"#": number}\n    file:')
    [farmer, _knight] = fields(folder)
    assert (farmer["tags"], farmer["number"]) == ("Basic, Food", 1)
    assert load_game(folder).components["deck"].metadata == ("Created", "Last edited time")


def test_ignore_leaves_out_the_columns_it_names(tmp_path: Path) -> None:
    folder = notion(tmp_path)
    edit(folder / "game.yaml", "    file:", "    ignore: [type, Text]\n    file:")
    game = load_game(folder)
    assert fields(folder) == [{}, {}]
    assert game.components["deck"].ignored == ("Type", "Text")
    [note] = left_out_note(game)
    assert note.detail.endswith(
        "; left out, as the deck's ignore: says: Cards 1a2b3c4d.csv: 'Type', 'Text'"
    )
    edit(folder / "game.yaml", "ignore: [type, Text]", "ignore: [Tipe]")
    [problem] = problems_of(folder)
    assert problem.endswith(
        "game.yaml:7: components.deck.ignore: no column 'Tipe' in "
        f"{folder / 'Cards 1a2b3c4d.csv'}; did you mean 'Type'?"
    )
