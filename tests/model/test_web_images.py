"""Image cells that point at the web (Airtable's attachments, addresses): the file is found by
its name in the game's folders, never fetched; when it is not there, the message names the
file to save. An undeclared `Art` or `Image` column is the card's art, read as images."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from printgen.model.load import load_game
from tests.conftest import edit
from tests.model.designer import one_deck_game, png
from tests.model.test_designer_data import problems_of

GAME = one_deck_game("Cards-Grid view.csv")
FARMER = "farmer.png (https://dl.airtable.com/.attachments/abc/farmer.png)"
KNIGHT = "knight.png (https://dl.airtable.com/.attachments/d1/knight.png),sketch.png (https://x.org/s.png)"


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the network was asked for")

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def airtable(root: Path, art: str, files: tuple[str, ...]) -> Path:
    """Airtable's CSV download of a grid view: a multi-select, an attachment column."""
    folder = root / "trial"
    (folder / "art").mkdir(parents=True)
    for name in files:
        (folder / "art" / name).write_bytes(png((200, 180, 40)))
    (folder / "game.yaml").write_text(GAME)
    lines = [
        "Name,Qty,Tags,Art,Text",
        f'Farmer,3,"Worker, Food","{FARMER}",Gain 1 food.',
        f'Knight,2,Soldier,"{art}",Attack 2.',
    ]
    (folder / "Cards-Grid view.csv").write_text("\n".join(lines) + "\n")
    return folder


def test_an_airtable_attachment_finds_its_file_in_the_art_folder(tmp_path: Path) -> None:
    folder = airtable(tmp_path, KNIGHT, ("farmer.png", "knight.png"))
    cards = load_game(folder).components["deck"].cards
    assert [(c.name, c.count, c.text("art")) for c in cards] == [
        ("Farmer", 3, "art/farmer.png"),
        ("Knight", 2, "art/knight.png"),  # the first attachment, the one Airtable shows
    ]


def test_an_attachment_not_in_the_game_folder_names_the_file_to_save(tmp_path: Path) -> None:
    folder = airtable(tmp_path, KNIGHT, ("farmer.png",))
    [problem] = problems_of(folder)
    assert problem.startswith(f"{folder / 'Cards-Grid view.csv'}:3: column 'Art': ")
    assert problem.endswith(
        "'knight.png' is a file on the web (https://dl.airtable.com/.attachments/d1/knight.png)"
        f", and printgen never fetches files: save knight.png in {folder}/ "
        f"(looked in {folder}/, {folder}/art/)"
    )


@pytest.mark.parametrize(
    ("cell", "said"),
    [
        (
            "https://example.com/cards/Knight%20Art.png?w=300",
            "'Knight Art.png' is a file on the web",
        ),
        ("https://example.com/", "'https://example.com/' is an address on the web"),
    ],
)
def test_an_address_is_looked_up_by_its_file_name(tmp_path: Path, cell: str, said: str) -> None:
    folder = airtable(tmp_path, cell, ("farmer.png",))
    [problem] = problems_of(folder)
    assert f"column 'Art': {said}" in problem
    assert "and printgen never fetches files: save " in problem
    (folder / "art" / "knight-art.png").write_bytes(png((1, 2, 3)))
    if "Knight" in cell:  # found as any image name is: case, spaces and punctuation aside
        assert load_game(folder).components["deck"].cards[1].text("art") == "art/knight-art.png"


def test_an_undeclared_image_column_is_the_cards_art_read_as_images(tmp_path: Path) -> None:
    """A Squib-style `Image` column the design draws as art: a missing file is found when
    the data is read (validate says it), not when the card is drawn; `art/` is searched
    without an `images:` folder to name."""
    from printgen.check.columns import undeclared_note

    folder = airtable(tmp_path, "Knight.PNG", ("farmer.png",))
    text = (folder / "Cards-Grid view.csv").read_text().replace(",Art,", ",Image,")
    (folder / "Cards-Grid view.csv").write_text(text.replace(f'"{FARMER}"', "farmer.png"))
    [problem] = problems_of(folder)
    assert problem.endswith(
        f":3: column 'Image': no image 'Knight.PNG' (looked in {folder}/, {folder}/art/)"
    )
    (folder / "art" / "knight.png").write_bytes(png((1, 2, 3)))
    game = load_game(folder)
    assert [c.text("image") for c in game.components["deck"].cards] == [
        "art/farmer.png",
        "art/knight.png",
    ]
    [note] = undeclared_note(game)
    assert "read as the card's art (image files): Cards-Grid view.csv: 'Image'" in note.detail


@pytest.mark.parametrize("formula", ['=IMAGE("{url}")', '=_xlfn.IMAGE("{url}", "Knight", 1)'])
def test_an_image_formula_finds_its_file_by_name(tmp_path: Path, formula: str) -> None:
    """Google Sheets' and Excel 365's `=IMAGE("https://...")` shows a picture from the web and
    saves no value: its address is looked up by file name, as an attachment's is."""
    from tests.model.designer import write_xlsx

    folder = airtable(tmp_path, "", ("farmer.png",))
    (folder / "Cards-Grid view.csv").unlink()
    url = "https://example.com/art/knight.png"
    rows: list[list[object]] = [
        ["Name", "Qty", "Art"],
        ["Farmer", 3, "farmer.png"],
        ["Knight", 2, formula.format(url=url)],
    ]
    write_xlsx(folder / "cards.xlsx", {"Cards": rows})
    edit(folder / "game.yaml", "Cards-Grid view.csv", "cards.xlsx")
    [problem] = problems_of(folder)
    assert problem.endswith(
        f"cards.xlsx:Cards!C3: column 'Art': 'knight.png' is a file on the web ({url}), and "
        f"printgen never fetches files: save knight.png in {folder}/ (looked in {folder}/, "
        f"{folder}/art/)"
    )
    (folder / "art" / "knight.png").write_bytes(png((1, 2, 3)))
    cards = load_game(folder).components["deck"].cards
    assert [c.text("art") for c in cards] == ["art/farmer.png", "art/knight.png"]
