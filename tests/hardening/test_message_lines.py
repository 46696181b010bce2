"""Issue 40, item 11: data cannot forge a message line. A sheet name, a game's name or a key
holding a control character (a newline, a carriage return, a line or paragraph separator, NEL,
a bidi override, ESC) reaches stdout and stderr escaped (`\\n`, `\\x1b`, `\\u202e`): each line of
stderr is printgen's own (`printgen: ...`), and no line of the data's making appears. Was:
`sheet 'Cards\\nprintgen: ok'` printed a line of its own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from tests.model.designer import write_xlsx

FORGED = "printgen  all fine"
IN_XML = ("\n", "\r", "\t", "\x85", "\u2028", "\u2029", "\u202e")  # what a sheet name may hold
ANYWHERE = (*IN_XML, "\x1b[2J", "\x0b", "\x0c", "\x1c", "\x7f", "\u2066")
GAME = "id: tiny\nname: {name}\nplayers: {{min: 2, max: 4}}\ncard_size: poker\n{extra}"
DECK = "components:\n  deck:\n    file: {file}\n{sheet}"


def yaml_text(text: str) -> str:
    """`text` as a double-quoted YAML scalar (every control character as its escape)."""
    return '"' + text.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'


def places(root: Path) -> Iterator[tuple[str, tuple[str, ...]]]:
    """For each control character, a data folder putting it in one message place, and the
    command that prints that place."""
    for index, char in enumerate(ANYWHERE):
        data = root / f"name{index}"
        _game(data, name=yaml_text(f"Tiny{char}{FORGED}"))
        yield f"the game's name {char!r}", ("list", "--data", str(data))
        data = root / f"key{index}"
        _game(data, extra=f"{yaml_text('colour' + char + FORGED)}: red\n")
        yield f"an unknown key {char!r}", ("validate", "--data", str(data))
    for index, char in enumerate(IN_XML):
        data = root / f"sheet{index}"
        _game(data, file="cards.xlsx", sheet="    sheet: Nope\n")
        rows: list[list[object]] = [["id", "name", "count"], ["ember", "Ember", 2]]
        write_xlsx(data / "tiny" / "cards.xlsx", {f"Cards{char}{FORGED}": rows})
        yield f"a sheet's name {char!r}", ("validate", "--data", str(data))


def _game(
    data: Path, name: str = "Tiny", extra: str = "", file: str = "cards.csv", sheet: str = ""
) -> None:
    folder = data / "tiny"
    folder.mkdir(parents=True)
    deck = DECK.format(file=file, sheet=sheet)
    (folder / "game.yaml").write_text(GAME.format(name=name, extra=extra + deck), encoding="utf-8")
    (folder / "cards.csv").write_text("id,name,count\nember,Ember,2\n", encoding="utf-8")


def test_no_control_character_reaches_a_message(cli, tmp_path: Path) -> None:
    wrong = []
    for place, args in places(tmp_path):
        run = cli(*args)
        text = run.out + run.err
        raw = [c for c in ANYWHERE if c != "\n" and c in text]
        foreign = [line for line in run.err.splitlines() if not line.startswith("printgen: ")]
        lines = (run.out + run.err).splitlines()
        forged = [line for line in lines if line.startswith(FORGED) or line == "printgen"]
        if raw or foreign or forged or FORGED not in text:
            wrong.append((place, run.code, raw, foreign, forged, text[-300:]))
    assert not wrong, wrong
