"""A designer's data as it is: spreadsheets, their own headers, made-up ids and counts, images
and icons found by loose names, CSV as spreadsheets save it. Each bad input names its place."""

from __future__ import annotations

import csv
import datetime
from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_game
from printgen.model.sources import parse_yaml_value
from tests.conftest import edit
from tests.model.designer import HEADER, ROWS, tavern, write_ods, write_xlsx


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_game(folder)
    return [str(p) for p in caught.value.problems]


def cards_of(folder: Path) -> list[tuple[object, ...]]:
    game = load_game(folder)
    return [
        (c.id, c.name, c.count, c.kind, c.fields) for deck in game.printed_decks for c in deck.cards
    ]


@pytest.mark.parametrize("file", ["cards.csv", "cards.xlsx", "cards.ods"])
def test_a_third_party_deck_loads_as_it_is(tmp_path: Path, file: str) -> None:
    game = load_game(tavern(tmp_path, file))
    deck = game.components["deck"]
    assert [(c.id, c.name, c.count) for c in deck.cards] == [
        ("innkeeper", "Innkeeper", 2),
        ("knight-champion", "Knight Champion", 1),
        ("dice-goblin", "Dice Goblin", 3),  # the number cell 3.0 reads as 3
    ]
    knight = deck.cards[1]
    # `image_from: Card Name`: "Knight Champion" finds knightchampion.png, case and space aside
    assert knight.text("art") == "Img/knightchampion.png"
    assert deck.cards[2].text("art") == "Img/DICE_goblin.PNG"
    # undeclared columns are optional text; markers are written :name: for every renderer
    assert knight.text("card_ability") == "Pay 3 :coin:: draw a card."
    assert knight.text("flavor") is None
    assert deck.cards[2].text("card_ability") == "Roll :d6:; on 6 take :coin:."
    assert game.icons == {"coin": "icons/coin.png", "d6": "icons/d6.png"}
    assert deck.undeclared == ("Card Ability", "Flavor")
    assert game.elements == () and game.kinds == {} and deck.declared is None


def test_the_same_deck_reads_the_same_from_every_kind_of_file(tmp_path: Path) -> None:
    read = {f: cards_of(tavern(tmp_path / f, f"cards.{f}")) for f in ("csv", "xlsx", "ods")}
    assert read["csv"] == read["xlsx"] == read["ods"]


def test_ids_are_unique_and_a_clash_names_both_lines(tmp_path: Path) -> None:
    folder = tavern(tmp_path, rows=[*ROWS, ["Knight-Champion!", 1, "", ""]])
    [problem] = problems_of(folder)
    assert problem.endswith(
        "cards.csv:5: column 'id': the id 'knight-champion' made from the name "
        "'Knight-Champion!' is already made from 'Knight Champion' on line 3; ids are unique "
        "across a game: give the cards different names or an id column"
    )


@pytest.mark.parametrize(
    ("name", "made"),
    [
        ("Fuß Soldier", "fuss-soldier"),
        ("Größe", "grosse"),
        ("Ægis", "aegis"),
        ("Œuvre d'Łódź", "oeuvre-d-lodz"),
        ("Þór", "thor"),
        ("Café", "cafe"),
    ],
)
def test_an_id_from_a_name_spells_out_letters_without_accents(name: str, made: str) -> None:
    from printgen.model.decks import slug

    assert slug(name) == made  # Fuß made 'fu-soldier' and Ægis 'gis' (a designer's trial)


def test_a_name_that_makes_no_id(tmp_path: Path) -> None:
    folder = tavern(tmp_path, rows=[*ROWS, ["!!!", 1, "", ""]])
    assert any(
        "cards.csv:5: column 'Card Name': cannot make an id from '!!!': add an id column" in p
        for p in problems_of(folder)
    )


def test_a_missing_image_names_the_card_and_the_folders_searched(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    (folder / "Img" / "Innkeeper.png").unlink()
    [problem] = problems_of(folder)
    assert problem.endswith(
        f"cards.csv:2: column 'Card Name': no image 'Innkeeper' "
        f"(looked in {folder}/Img/, {folder}/)"
    )


def test_two_files_matching_loosely_are_not_guessed_between(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    (folder / "Img" / "Knight_Champion.jpg").write_bytes(b"")
    [problem] = problems_of(folder)
    assert "cards.csv:3: column 'Card Name': 'Knight Champion' matches several files" in problem
    assert "Knight_Champion.jpg, knightchampion.png" in problem


def test_an_unknown_icon_marker_is_named_with_its_place(tmp_path: Path) -> None:
    folder = tavern(tmp_path, rows=[*ROWS, ["Thief", 1, "Steal @gem or :crown:.", ""]])
    problems = problems_of(folder)  # `:crown:` is left to the card design (shared icons)
    assert any("cards.csv:5: column 'Card Ability': unknown icon '@gem'" in p for p in problems)
    assert not any("':crown:'" in p for p in problems)


def test_a_misspelt_icon_marker_asks_did_you_mean(tmp_path: Path) -> None:
    folder = tavern(tmp_path, rows=[*ROWS, ["Thief", 1, "Steal @coins.", ""]])
    [problem] = [p for p in problems_of(folder) if "'Card Ability'" in p]
    assert "cards.csv:5: column 'Card Ability': unknown icon '@coins': no coins.png" in problem
    assert problem.endswith("; did you mean '@coin'?")


def test_a_renamed_header_that_is_not_there_gets_a_did_you_mean(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    edit(folder / "game.yaml", '"Card Name": name', '"Card Nme": name')
    problems = problems_of(folder)
    assert any(
        "game.yaml:8: components.deck.rename: no column 'Card Nme' in" in p
        and "did you mean 'Card Name'?" in p
        for p in problems
    )
    assert any("column 'name': missing column; did you mean 'Card Name'?" in p for p in problems)


def test_headers_match_whatever_their_case_and_spacing(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    cards = folder / "cards.csv"
    cards.write_text(cards.read_text().replace("Card Name,Frequency", "NAME , COUNT", 1))
    edit(folder / "game.yaml", '    rename: {"Card Name": name, "Frequency": count}\n', "")
    edit(folder / "game.yaml", "image_from: Card Name", "image_from: name")
    assert [c[2] for c in cards_of(folder)] == [2, 1, 3]


def test_the_smallest_game_yaml(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.yaml").write_text(
        "id: tiny\nname: Tiny\nplayers: {min: 1, max: 2}\ncard_size: poker\n"
        "components: {deck: {file: cards.csv}}\n"
    )
    (folder / "cards.csv").write_text("name,power\nOne,1\nTwo,\n")
    assert cards_of(folder) == [
        ("one", "One", 1, "", {"power": 1}),  # undeclared, every value a whole number
        ("two", "Two", 1, "", {"power": None}),
    ]


def test_int_without_a_range_and_one_kind_for_a_deck_without_a_kind_column(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.yaml").write_text(
        "id: tiny\nname: Tiny\nplayers: {min: 1, max: 2}\n"
        "columns: {power: 'int?'}\nkinds: {unit: {label: Unit}}\n"
        "components: {deck: {file: cards.csv}}\n"
    )
    (folder / "cards.csv").write_text("name,power\nOne,-40\nTwo,\nThree,x\n")
    [problem] = problems_of(folder)
    assert problem.endswith("cards.csv:4: column 'power': expected a whole number, got 'x'")
    edit(folder / "cards.csv", "Three,x", "Three,123456")
    assert [(c[3], c[4]) for c in cards_of(folder)] == [
        ("unit", {"power": -40}),
        ("unit", {"power": None}),
        ("unit", {"power": 123456}),
    ]


# --- spreadsheets: sheets, cells, dates --------------------------------------------------


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_a_sheet_is_picked_by_name_and_errors_name_the_cell(tmp_path: Path, suffix: str) -> None:
    folder = tavern(tmp_path, f"cards.{suffix}")
    rows = [HEADER, *ROWS, ["Bard", "many", "Sing.", ""]]
    writer = write_xlsx if suffix == "xlsx" else write_ods
    writer(folder / f"cards.{suffix}", {"Notes": [["nothing here"]], "Actions": rows})
    edit(folder / "game.yaml", "    images: Img/", "    sheet: Actions\n    images: Img/")
    art, count = problems_of(folder)  # sorted by place: A5, then B5
    assert count.endswith(
        f"cards.{suffix}:Actions!B5: column 'Frequency': expected a whole number, got 'many'"
    )
    assert f"cards.{suffix}:Actions!A5: column 'Card Name': no image 'Bard'" in art


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_a_date_cell_is_refused_at_its_cell(tmp_path: Path, suffix: str) -> None:
    folder = tavern(tmp_path, f"cards.{suffix}")
    rows = [HEADER, *ROWS[:2], ["Dice Goblin", 1, datetime.date(2024, 3, 4), ""]]
    (write_xlsx if suffix == "xlsx" else write_ods)(folder / f"cards.{suffix}", {"Cards": rows})
    [problem] = problems_of(folder)
    assert (
        f"cards.{suffix}:Cards!C4: column 'Card Ability': a date or time cell (2024-03-04"
        in problem
    )
    assert "format the cell as text" in problem


def test_an_unknown_sheet_lists_the_sheets(tmp_path: Path) -> None:
    folder = tavern(tmp_path, "cards.xlsx")
    edit(folder / "game.yaml", "    images: Img/", "    sheet: Card\n    images: Img/")
    [problem] = problems_of(folder)
    assert problem.endswith(
        "cards.xlsx: sheet: no sheet 'Card'; did you mean 'Cards'? sheets: Cards"
    )


def test_a_file_that_is_not_a_workbook(tmp_path: Path) -> None:
    folder = tavern(tmp_path, "cards.xlsx")
    (folder / "cards.xlsx").write_text("Card Name,Frequency\n")
    [problem] = problems_of(folder)
    assert "cards.xlsx: cannot be read as an xlsx workbook" in problem


# --- CSV as spreadsheets save it ----------------------------------------------------------


@pytest.mark.parametrize("sep", [";", "\t"])
def test_semicolon_and_tab_separated_files_are_detected(tmp_path: Path, sep: str) -> None:
    folder = tavern(tmp_path)
    with (folder / "cards.csv").open("w", newline="") as out:
        rows = [[int(v) if isinstance(v, float) else v for v in row] for row in ROWS]
        csv.writer(out, delimiter=sep).writerows([HEADER, *rows])
    assert [c[2] for c in cards_of(folder)] == [2, 1, 3]


def test_a_row_that_looks_otherwise_separated_gets_the_hint(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.yaml").write_text(
        "id: tiny\nname: Tiny\nplayers: {min: 1, max: 2}\n"
        "components: {deck: {file: cards.csv, delimiter: ','}}\n"
    )
    (folder / "cards.csv").write_text("name;count;text\nOne;1;a, b, c\n")
    [problem] = problems_of(folder)
    assert problem.endswith(
        "cards.csv:2: 3 values but 1 column (separated by ','): is the file separated by ';'? "
        "Add delimiter: ';' to the deck"
    )


def test_utf8_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    text = (folder / "cards.csv").read_text().replace("Innkeeper,", "Café,")
    (folder / "cards.csv").write_bytes(b"\xef\xbb\xbf" + text.encode())
    (folder / "Img" / "Innkeeper.png").rename(folder / "Img" / "cafe.png")
    assert cards_of(folder)[0][:2] == ("cafe", "Café")


def test_bytes_not_utf8_name_the_line_and_what_to_do(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    text = (folder / "cards.csv").read_text().replace("Innkeeper,", "Café,")
    (folder / "cards.csv").write_bytes(text.encode("cp1252"))
    (folder / "Img" / "Innkeeper.png").rename(folder / "Img" / "cafe.png")
    [problem] = problems_of(folder)
    assert problem.endswith(
        "cards.csv:2: not valid UTF-8 (byte 0xe9); it looks like Windows-1252: name it in the "
        'deck (encoding: cp1252), or save the file as "CSV UTF-8"'
    )
    edit(folder / "game.yaml", "    images: Img/", "    encoding: cp1252\n    images: Img/")
    assert cards_of(folder)[0][:2] == ("cafe", "Café")


def test_a_byte_order_mark_does_not_move_the_place_of_a_bad_byte(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    text = (folder / "cards.csv").read_text().replace("Innkeeper,", "Café,")
    (folder / "cards.csv").write_bytes(b"\xef\xbb\xbf" + text.encode("cp1252"))
    [problem] = problems_of(folder)
    assert "cards.csv:2: not valid UTF-8 (byte 0xe9)" in problem  # said line 1, byte 0x74


def test_a_named_encoding_does_not_keep_a_byte_order_mark_in_the_first_header(
    tmp_path: Path,
) -> None:
    folder = tavern(tmp_path)
    text = (folder / "cards.csv").read_text().replace("Innkeeper,", "Café,")
    (folder / "cards.csv").write_bytes(b"\xef\xbb\xbf" + text.encode("cp1252"))
    (folder / "Img" / "Innkeeper.png").rename(folder / "Img" / "cafe.png")
    edit(folder / "game.yaml", "    images: Img/", "    encoding: cp1252\n    images: Img/")
    assert cards_of(folder)[0][:2] == ("cafe", "Café")  # the header was 'ï»¿Card Name'


# --- YAML said plainly, did-you-mean for keys ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: 1\n  b: 2\n", "g.yaml:2:4: a key here needs its own line (indentation?)"),
        (
            "a:\n\tb: 1\n",
            "g.yaml:2:1: a tab character here: YAML indents with spaces only; "
            "replace the tab with spaces",
        ),
        ('a: "x\n', "g.yaml:2:1: a quoted text is not closed: a quote mark is missing"),
        (
            "a: [1, 2\n",
            "g.yaml:2:1: a list opened with '[' is not closed with ']' (or a ',' is missing)",
        ),
    ],
)
def test_yaml_errors_are_said_plainly(text: str, message: str) -> None:
    with pytest.raises(DataError) as caught:
        parse_yaml_value(text, "g.yaml")
    assert str(caught.value) == message


def test_an_unknown_deck_key_gets_a_did_you_mean(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    edit(folder / "game.yaml", "image_from:", "image_form:")
    [problem] = problems_of(folder)
    assert "game.yaml:10: components.deck.image_form: unknown key; did you mean 'image_from'?" in (
        problem
    )


@pytest.mark.parametrize(
    ("name", "made"),
    [("فارس", "فارس"), ("騎士", "騎士"), ("Дракон", "дракон"), ("हिन्दी", "हिन्दी"), ("🔥 🐉", None)],
)
def test_a_name_in_another_script_makes_an_id_that_stays(
    tmp_path: Path, name: str, made: str | None
) -> None:
    """Arabic, Japanese, Cyrillic, Devanagari: the id keeps the name's letters (lowercase,
    with their vowel signs), so a designer reads it in cards/<id>.png; emoji, with no letter
    to spell, get a digest. The deck needs no id column; the id stays while the name does,
    and differs between names."""
    rows = [*ROWS, [name, 1, "", ""], [name + "2", 1, "", ""]]
    folder = tavern(tmp_path, rows=rows)
    edit(folder / "game.yaml", "    image_from: Card Name\n", "")
    ids = [c[0] for c in cards_of(folder)]
    assert ids[:3] == ["innkeeper", "knight-champion", "dice-goblin"]
    if made is None:
        assert ids[3].startswith("card-") and ids[4].startswith(("card-", "2"))
    else:
        assert ids[3:] == [made, made + "2"]
    assert len(set(ids)) == 5 and ids == [c[0] for c in cards_of(folder)]


def test_icons_beside_the_deck_file_are_found(tmp_path: Path) -> None:
    """Issue 36, trap 6: `coin.png` beside cards.csv (no icons/ folder) gave one "unknown
    icon '@coin'" a card. The deck file's folder is searched last, after icons/ and the
    deck's images folder; a suit's shared icon is not taken from a card's art there."""
    folder = tavern(tmp_path)
    for name in ("coin.png", "d6.png"):
        (folder / "icons" / name).rename(folder / name)
    game = load_game(folder)
    assert game.icons == {"coin": "coin.png", "d6": "d6.png"}
    knight = game.components["deck"].cards[1]
    assert knight.text("card_ability") == "Pay 3 :coin:: draw a card."


def test_a_marker_that_is_nowhere_names_every_folder_searched(tmp_path: Path) -> None:
    folder = tavern(tmp_path, rows=[*ROWS, ["Thief", 1, "Steal @gem.", ""]])
    [problem] = [p for p in problems_of(folder) if "'@gem'" in p]
    assert "no gem.png or .svg in" in problem
    assert "tavern/icons/, " in problem and "tavern/Img/, " in problem
    assert problem.rstrip().endswith("tavern/")  # the deck file's own folder, last


@pytest.mark.parametrize("images", [".", "./"])
def test_images_in_the_games_own_folder(tmp_path: Path, images: str) -> None:
    """Issue 36, trap 6: `images: .` was refused ("'.' is not a folder inside the game's",
    cut off); it is the game's folder, where art beside the deck file is found anyway."""
    folder = tavern(tmp_path)
    for art in sorted((folder / "Img").iterdir()):
        art.rename(folder / art.name)
    edit(folder / "game.yaml", "images: Img/", f"images: {images!r}")
    deck = load_game(folder).components["deck"]
    assert deck.cards[1].text("art") == "knightchampion.png"


def test_images_outside_the_game_is_refused_in_a_whole_sentence(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    edit(folder / "game.yaml", "images: Img/", "images: ../elsewhere")
    [problem] = [p for p in problems_of(folder) if "images" in p]
    assert problem.endswith("'../elsewhere' is not a folder inside the game's folder")
