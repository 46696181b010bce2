"""Fuzzing printgen with broken copies of the bundled data (issue 9).

A `Case` is plain data: a command (validate, score or build), a game, and a list of
`Mutation`s, each naming a file of the game's folder (or the situation file), an operation and
its arguments. Indexes in the arguments are taken modulo what the file holds when the mutation
is applied, so every case applies to any data and prints as a line of Python that can be pasted
into a regression test.

Cases are drawn through a `Chooser`: `RandomChooser` (a seeded `random.Random`, for
benchmarks/fuzz.py) or `HypothesisChooser` (hypothesis's `data`, for the test suite, which then
shrinks a failing case to a small one).

`Sandbox.run(case)` applies a case to a private copy of card_data/, runs `printgen` in-process
through `printgen.cli.main` under a time limit (an interval timer) and an address-space limit,
puts the files back, and returns an `Outcome`: the only acceptable ones are exit 0, 1 or 2,
with a message on stderr for 2, and never a traceback or "internal error".
"""

from __future__ import annotations

import contextlib
import copy
import csv
import io
import os
import random
import re
import resource
import shutil
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import yaml

from tests.games import ALL

ROOT = Path(__file__).resolve().parents[2]
CARD_DATA = ROOT / "card_data"
GAMES = ALL  # every bundled game (tests/games.py)
SITUATION = "situation.yaml"

T = TypeVar("T")


# --- choosing --------------------------------------------------------------------------------


class Chooser(Protocol):
    def integer(self, low: int, high: int) -> int: ...

    def choice(self, items: Sequence[T]) -> T: ...

    def text(self, alphabet: str, max_size: int) -> str: ...

    def binary(self, max_size: int) -> bytes: ...


class RandomChooser:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.rng.randrange(len(items))]

    def text(self, alphabet: str, max_size: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(self.rng.randint(0, max_size)))

    def binary(self, max_size: int) -> bytes:
        return bytes(self.rng.randrange(256) for _ in range(self.rng.randint(1, max_size)))


class HypothesisChooser:
    def __init__(self, data: Any) -> None:
        self.data = data

    def integer(self, low: int, high: int) -> int:
        from hypothesis import strategies as st

        return int(self.data.draw(st.integers(low, high)))

    def choice(self, items: Sequence[T]) -> T:
        from hypothesis import strategies as st

        return self.data.draw(st.sampled_from(items))  # type: ignore[no-any-return]

    def text(self, alphabet: str, max_size: int) -> str:
        from hypothesis import strategies as st

        return str(self.data.draw(st.text(alphabet=alphabet, max_size=max_size)))

    def binary(self, max_size: int) -> bytes:
        from hypothesis import strategies as st

        return bytes(self.data.draw(st.binary(min_size=1, max_size=max_size)))


# --- what a case is --------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutation:
    file: str  # relative to the game's folder, or SITUATION
    op: str
    args: tuple[Any, ...] = ()

    def __repr__(self) -> str:
        return f"Mutation({self.file!r}, {self.op!r}, {self.args!r})"


@dataclass(frozen=True)
class Case:
    command: str  # validate | score | build | preflight (`game` is then the PDF's name)
    game: str
    mutations: tuple[Mutation, ...]
    situation: Any = None  # score: the situation document (before its mutations)
    json: bool = True

    def __repr__(self) -> str:
        return (
            f"Case({self.command!r}, {self.game!r}, {self.mutations!r}, "
            f"situation={self.situation!r}, json={self.json!r})"
        )


@dataclass
class Outcome:
    case: Case
    code: int | None
    out: str
    err: str
    problem: str | None = None  # why the outcome is not acceptable
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.problem is None

    def describe(self) -> str:
        tail = self.err.strip().splitlines()[-12:]
        return (
            f"{self.problem}\n  {self.case!r}\n  exit {self.code}; stderr:\n    "
            + "\n    ".join(tail)
        )


# --- values ----------------------------------------------------------------------------------

ALPHABET = (
    "abcxyz019 -_.,:;#'\"<>&/\\{}[]%|*!?@$=+\t\n\r"
    "\x00\x01\x07\x1b\x7f\x85\xa0\u2028\u2029\ufeff\ufffe"
    "\u200f\u202e\u0301éßΩЖ中文🐉🔥\U0010ffff"
)
WORDS = (
    "water",
    "wood",
    "fire",
    "earth",
    "metal",
    "air",
    "void",
    "wild",
    "dragon",
    "star",
    "relic",
    "promo",
    "element",
    "number",
    "fire 3",
    "water 5",
    "earth 9",
    "wood 0",
    "fire -1",
    "air 1",
    "cards.csv",
    "deck",
    "playable",
    "original",
    "poker",
    "tarot",
    "7x9mm",
    "a4",
    "null",
    "..",
    "../../etc/passwd",
    "/etc/passwd",
    "file:///etc/passwd",
    "http://example.com/x.png",
    "data:image/png;base64,AAAA",
    "<b>x</b>",
    "]]>",
    "{{ x }}",
    "{% if %}",
    "&amp;",
    "\u200f",
    "🐉",
    "%s%n",
    "${HOME}",
    "0x1F",
    "1_000",
    "١٢",
    "1e309",
    "-0",
    "NaN",
    "yes",
    "~",
)
NUMBERS = (
    0,
    1,
    -1,
    2,
    7,
    8,
    15,
    99,
    100,
    255,
    10_000,
    10_001,
    65_536,
    2**31,
    2**63,
    -(2**63),
    10**18,
    10**100,
)


def gen_scalar(ch: Chooser) -> Any:
    kind = ch.integer(0, 9)
    if kind == 0:
        return ch.choice(NUMBERS) * ch.choice((1, -1))
    if kind == 1:
        return ch.integer(-50, 50)
    if kind == 2:
        return ch.choice((0.5, -2.5, 1e308, -1e-308, float("inf"), float("-inf"), float("nan")))
    if kind == 3:
        return ch.choice((None, True, False))
    if kind in (4, 5):
        return ch.choice(WORDS)
    if kind == 6:
        return ch.text(ALPHABET, 12)
    if kind == 7:
        return ch.choice(WORDS) * ch.choice((2, 50, 700))
    if kind == 8:
        return f"{ch.choice(WORDS)} {ch.integer(-3, 20)}"
    return "9" * ch.choice((20, 400, 5000))


def gen_value(ch: Chooser, depth: int = 0) -> Any:
    kind = ch.integer(0, 9) if depth < 2 else 0
    if kind == 8:
        return [gen_value(ch, depth + 1) for _ in range(ch.integer(0, 3))]
    if kind == 9:
        return {gen_key(ch): gen_value(ch, depth + 1) for _ in range(ch.integer(0, 3))}
    return gen_scalar(ch)


def gen_key(ch: Chooser) -> Any:
    return ch.choice(
        (
            "name",
            "id",
            "count",
            "game",
            "x",
            1,
            0,
            -1,
            2,
            True,
            None,
            "players",
            "map",
            "table",
            "universe",
            "<<",
            "fire",
            "rows",
            "team_a",
            "duel",
        )
    )


def gen_cell(ch: Chooser) -> str:
    value = gen_scalar(ch)
    return "" if value is None else str(value)


# --- drawing cases ---------------------------------------------------------------------------

CSV_OPS = (
    "delete_row",
    "duplicate_row",
    "delete_column",
    "duplicate_column",
    "set_cell",
    "set_cell",
    "set_cell",
    "set_header",
    "add_cell",
    "drop_cells",
    "scale_numbers",
)
YAML_OPS = (
    *("set", "set", "set", "set", "delete", "delete", "duplicate", "rename", "wrap", "nest"),
    *("alias_bomb", "alias", "tag", "merge_key", "dup_line", "scale_numbers"),
    *("number", "number", "transplant", "transplant"),
)
BYTE_OPS = (
    "empty",
    "bom",
    "bad_utf8",
    "random_bytes",
    "truncate",
    "insert_text",
    "crlf",
    "only_comment",
)
TAGS = (
    "!!binary aGVsbG8=",
    "!!timestamp 2001-12-14",
    "!!set {a, b}",
    "!!omap [a: 1]",
    "!!python/object:os.system ls",
    "!custom x",
    "!!float .nan",
    "!!float .inf",
    "!!int 0x1F",
    "!!str 12",
    "!!null ''",
    "!!bool yes",
    "2001-12-14",
    "12:30:00",
    "!!python/name:os.system",
    "!!pairs [a: 1, a: 2]",
)


def files_of(game: str, data: Path = CARD_DATA) -> list[str]:
    folder = data / game
    return sorted(p.name for p in folder.iterdir() if p.suffix in (".csv", ".yaml") and p.is_file())


SITUATION_OPS = (
    "transplant",
    "transplant",
    "transplant",
    "set",
    "set",
    "delete",
    "duplicate",
    "number",
    "number",
    "rename",
    "wrap",
    "nest",
    "tag",
    "alias",
)


def draw_situation_mutation(ch: Chooser) -> Mutation:
    """Mostly well-typed nonsense: values moved between places, numbers nudged."""
    if ch.integer(0, 19) == 0:
        return draw_mutation(ch, SITUATION)
    op = ch.choice(SITUATION_OPS)
    where = ch.integer(0, 10**6)
    if op == "transplant":
        return Mutation(SITUATION, op, (where, ch.integer(0, 10**6)))
    if op == "number":
        return Mutation(SITUATION, op, (where, ch.choice((-1, 1, 2, 7, -100, 10**6, 10**30))))
    if op in ("set", "rename", "nest", "tag"):
        return draw_mutation(ch, SITUATION, op)
    return Mutation(SITUATION, op, (where,))


def draw_mutation(ch: Chooser, file: str, yaml_op: str | None = None) -> Mutation:
    kind = ch.integer(0, 9) if yaml_op is None else 1
    if kind == 0:
        op = ch.choice(BYTE_OPS)
        if op in ("bad_utf8", "random_bytes"):
            return Mutation(file, op, (ch.integer(0, 10**6), ch.binary(8)))
        if op == "truncate":
            return Mutation(file, op, (ch.integer(0, 10**6),))
        if op == "insert_text":
            return Mutation(file, op, (ch.integer(0, 10**6), ch.text(ALPHABET, 10)))
        return Mutation(file, op)
    if file.endswith(".csv"):
        op = ch.choice(CSV_OPS)
        if op == "set_cell":
            return Mutation(file, op, (ch.integer(0, 999), ch.integer(0, 99), gen_cell(ch)))
        if op == "set_header":
            return Mutation(file, op, (ch.integer(0, 99), gen_cell(ch)))
        if op == "add_cell":
            return Mutation(file, op, (ch.integer(0, 999), gen_cell(ch)))
        if op == "scale_numbers":
            return Mutation(file, op, (ch.choice((-1, 0, 100, 10_001, 10**9)),))
        return Mutation(file, op, (ch.integer(0, 999),))
    op = yaml_op or ch.choice(YAML_OPS)
    where = ch.integer(0, 10**6)
    if op == "set":
        return Mutation(file, op, (where, gen_value(ch)))
    if op == "rename":
        return Mutation(file, op, (where, gen_key(ch)))
    if op == "nest":
        return Mutation(file, op, (where, ch.choice((3, 60, 1000, 100_000))))
    if op == "alias_bomb":
        return Mutation(file, op, (where, ch.choice((3, 9))))
    if op == "tag":
        return Mutation(file, op, (where, ch.choice(TAGS)))
    if op == "scale_numbers":
        return Mutation(file, op, (ch.choice((-1, 0, 100, 10_001, 10**9)),))
    if op == "number":
        return Mutation(file, op, (where, ch.choice((-1, 1, 2, -7, 100, 10**6, 10**30))))
    if op == "transplant":
        return Mutation(file, op, (where, ch.integer(0, 10**6)))
    return Mutation(file, op, (where,))


def draw_mutations(ch: Chooser, files: Sequence[str], most: int = 3) -> tuple[Mutation, ...]:
    return tuple(draw_mutation(ch, ch.choice(files)) for _ in range(ch.integer(1, most)))


# Well-formed situations (DESIGN.md section 4) with random contents: they reach deep into the
# engines, where a crash on input of the right shape hides.

WUXING = ("water", "wood", "fire", "earth", "metal")
GATES = ("air", "earth", "fire", "water")


def _card_ids(game: str) -> list[str]:
    ids: list[str] = []
    for path in sorted((CARD_DATA / game).glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as handle:
            ids += [row["id"] for row in csv.DictReader(handle)]
    return ids


def _some(ch: Chooser, items: Sequence[T], most: int, least: int = 0) -> list[T]:
    return [ch.choice(items) for _ in range(ch.integer(least, most))]


def _odd(ch: Chooser, usual: Any, odd: Any) -> Any:
    """Usually `usual`, one time in eight `odd` (values just outside what the rules allow)."""
    return odd if ch.integer(0, 7) == 0 else usual


def gen_situation(ch: Chooser, game: str) -> dict[str, Any]:
    if game == "mywuxing":
        cards = (*WUXING, "dragon", "star", *_odd(ch, (), ("promo",)))
        return {
            "game": game,
            "universe": ch.choice(cards),
            "pot": _some(ch, cards, 6),
            "revealed": _some(ch, cards, *_odd(ch, (2, 2), (3, 1))),
        }
    if game == "cl4sh":
        ids = _card_ids(game)
        top = _odd(ch, 9, 11)
        cards = [f"{ch.choice(GATES)} {ch.integer(1, top)}" for _ in range(6)]
        cards += [ch.choice(ids) for _ in range(3)]
        form = ch.integer(0, 2)
        if form == 0:
            element = ch.choice(GATES)
            start = ch.integer(1, 9)
            run = [f"{element} {start + k}" for k in range(ch.integer(1, 5))]
            return {
                "game": game,
                "top": ch.choice(cards),
                "play": ch.choice((run, run, _some(ch, cards, 4, 1))),
            }
        if form == 1:
            return {
                "game": game,
                "duel": {"challenger": ch.choice(cards), "defender": ch.choice(cards)},
            }
        names = ("Ada", "Bo", "Cy")
        kinds = ("duel_won", "sequence4", "set_won")
        return {
            "game": game,
            "events": [{ch.choice(kinds): ch.choice(names)} for _ in range(ch.integer(0, 30))],
        }
    if game == "the-way":
        far = _odd(ch, 3, 4)

        def where() -> Any:
            return ch.choice(
                (
                    [ch.integer(-far, far), ch.integer(-far, far)],
                    [ch.integer(-far, far), ch.integer(-far, far)],
                    [0, 0],
                    "out",
                    f"outside {ch.choice(GATES)}",
                )
            )

        pawns = _some(ch, GATES, 4, 1)
        symbols = (*GATES, "void")
        targets = [ch.choice((p, p, f"{p} as {ch.choice(symbols)}")) for p in _some(ch, pawns, 2)]
        return {
            "game": game,
            "pieces": {p: where() for p in pawns},
            "play": ch.choice(_card_ids(game)),
            "targets": targets,
        }
    if game == "elementa":
        top = _odd(ch, 7, 8)

        def card() -> str:
            return ch.choice(("relic", *(f"{ch.choice(WUXING)} {ch.integer(1, top)}",) * 6))

        if ch.integer(0, 1):
            return {"game": game, "table": [card() for _ in range(_odd(ch, 4, ch.integer(0, 6)))]}
        teams = _odd(ch, ("team_a", "team_b"), ("team_a", "team_b", "team_c")[: ch.integer(1, 3)])
        return {
            "game": game,
            "captured": {t: [card() for _ in range(ch.integer(0, 25))] for t in teams},
        }
    squares = (".", ".", ".", *WUXING)
    size = _odd(ch, 6, ch.choice((5, 7)))
    return {
        "game": game,
        "players": [
            {
                "name": ch.choice(("Ada", "Bo", "Cy", "Ada")),
                "map": [" ".join(ch.choice(squares) for _ in range(size)) for _ in range(size)],
                "converted": {e: ch.integer(0, _odd(ch, 7, 9)) for e in _some(ch, WUXING, 5)},
            }
            for _ in range(ch.integer(1, _odd(ch, 3, 4)))
        ],
    }


# Builds: most broken data stops at loading, before anything is drawn; to reach the renderers,
# build cases mostly keep the data loadable and put hostile text, odd sizes and counts where
# they are drawn.

HOSTILE = (
    "<Dragon> & \"Co\" 'x' ]]> {{ x }} {% if %}",
    "\u200fשלום\u200f",
    "🐉🔥",
    "W" * 120,
    "a " * 240,
    "Ω\u0301\u0301\u0301",
    "line\\nbreak",
    "</text><script>x</script>",
    "&#x41; &amp; &lt;",
    "%s {0} ${x}",
    "\u202eevil",
    " ",
    "x",
    "中文字",
)
MARKDOWN = (
    "\n![x](file:///etc/passwd)\n",
    "\n![x](../../secret.png)\n",
    "\n![x](/etc/hostname)\n",
    "\n![x](http://example.com/x.png)\n",
    '\n<img src="file:///etc/passwd">\n',
    '\n<iframe src="http://example.com"></iframe>\n',
    "\n{{ diagram('nope') }}\n",
    "\n{% for x in y %}\n",
    "\n# " + "deep " * 50 + "\n",
    "\n| a | b |\n|---|\n| 1 |\n",
    "\n<style>@import url(http://example.com/x.css);</style>\n",
    "\n" + "> " * 200 + "x\n",
    "\n" + "- " * 60 + "x\n",
    "\n[link](javascript:alert(1))\n",
    "\n🐉 <b>&</b> ]]>\n",
    '\n<svg><image href="file:///etc/passwd"/></svg>\n',
)
SIZES = (
    *("poker", "bridge", "tarot", "mini", "square", "huge", 0),
    *({"width": w, "height": h} for w, h in ((20, 20), (400, 400), (0.01, 0.01), (2000, 30))),
    {"width": "63.5mm", "height": "88.9mm"},
)


def files_for_build(game: str) -> list[str]:
    return sorted(p.name for p in (CARD_DATA / game).iterdir() if p.is_file())


def draw_build_mutation(ch: Chooser, game: str) -> Mutation:
    files = files_for_build(game)
    kind = ch.integer(0, 9)
    if kind <= 1:
        return draw_mutation(ch, ch.choice([f for f in files if not f.endswith(".md")]))
    if kind <= 4:
        csv_file = ch.choice([f for f in files if f.endswith(".csv")])
        column = ch.choice(("name", "name", "text", "name_it"))  # where text is drawn
        return Mutation(csv_file, "set_named", (ch.integer(1, 999), column, ch.choice(HOSTILE)))
    if kind == 5:
        csv_file = ch.choice([f for f in files if f.endswith(".csv")])
        return Mutation(
            csv_file, "set_named", (ch.integer(1, 999), "count", str(ch.integer(0, 40)))
        )
    if kind == 6:
        key = ch.choice(("name", "subtitle", "name", "card_size", "card_size"))
        value = ch.choice(HOSTILE) if key != "card_size" else ch.choice(SIZES)
        return Mutation("game.yaml", "set_path", ((key,), value))
    markdown = [f for f in files if f.endswith(".md")]
    if not markdown:
        return draw_mutation(ch, "game.yaml")
    return Mutation(ch.choice(markdown), "insert_text", (ch.integer(0, 10**6), ch.choice(MARKDOWN)))


def draw_build_case(ch: Chooser, games: Sequence[str] = GAMES) -> Case:
    game = ch.choice(games)
    mutations = tuple(draw_build_mutation(ch, game) for _ in range(ch.integer(1, 2)))
    return Case("build", game, mutations)


_SEEDS: dict[str, list[Any]] = {}


def seed_situations(game: str) -> list[Any]:
    """The situations of the game's worked examples: the starting points of score cases."""
    if game not in _SEEDS:
        doc = yaml.safe_load((CARD_DATA / game / "examples.yaml").read_text(encoding="utf-8"))
        _SEEDS[game] = [e["situation"] for e in doc["examples"]]
    return _SEEDS[game]


def draw_case(
    ch: Chooser,
    command: str,
    games: Sequence[str] = GAMES,
    files: Callable[[str], Sequence[str]] = files_of,
) -> Case:
    if command == "build" and ch.integer(0, 3):
        return draw_build_case(ch, games)
    game = ch.choice(games)
    if command != "score":
        return Case(command, game, draw_mutations(ch, files(game)), json=ch.integer(0, 1) == 1)
    if ch.integer(0, 1):
        situation = gen_situation(ch, game)
        mutations = tuple(draw_situation_mutation(ch) for _ in range(ch.choice((0, 0, 0, 1))))
    else:
        situation = ch.choice(seed_situations(game))
        mutations = tuple(draw_situation_mutation(ch) for _ in range(ch.choice((1, 1, 2, 3))))
    if ch.integer(0, 5) == 0:  # now and then the game's data is broken too
        mutations += draw_mutations(ch, files(game), 1)
    return Case(command, game, mutations, situation, json=ch.integer(0, 1) == 1)


# --- applying mutations ----------------------------------------------------------------------


def apply(mutation: Mutation, path: Path) -> None:
    raw = path.read_bytes() if path.exists() else b""
    path.write_bytes(mutate_bytes(mutation, raw, path.suffix))


READER_OPS: dict[str, Callable[[Mutation, bytes], bytes]] = {}
"""Mutations of other readers' files (workbooks' zips, designs), by operation: filled by the
module that draws them (tests/hardening/fuzz_readers.py)."""


def mutate_bytes(m: Mutation, raw: bytes, suffix: str) -> bytes:
    op, args = m.op, m.args
    if op in READER_OPS:
        return READER_OPS[op](m, raw)
    if op in BYTE_OPS:
        return _byte_op(op, args, raw)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return _byte_op("random_bytes", (len(m.args), b"\xff"), raw)
    if op == "scale_numbers":
        factor = args[0]
        return re.sub(r"\b[0-9]{1,18}\b", lambda g: str(int(g.group()) * factor), text).encode()
    if suffix == ".csv":
        return _csv_op(op, args, text).encode("utf-8", "surrogatepass")
    if suffix == ".md":
        return _byte_op("insert_text", args, raw)
    return _yaml_op(op, args, text).encode("utf-8", "surrogatepass")


def _byte_op(op: str, args: tuple[Any, ...], raw: bytes) -> bytes:
    if op == "empty":
        return b""
    if op == "bom":
        return b"\xef\xbb\xbf" + raw
    if op == "crlf":
        return raw.replace(b"\n", b"\r\n")
    if op == "only_comment":
        return b"# nothing here\n"
    at = args[0] % (len(raw) + 1)
    if op == "truncate":
        return raw[:at]
    if op == "bad_utf8":
        return raw[:at] + b"\xc3\x28" + args[1] + raw[at:]
    if op == "random_bytes":
        return raw[:at] + args[1] + raw[at:]
    if op == "insert_text":
        return raw[:at] + args[1].encode("utf-8", "surrogatepass") + raw[at:]
    raise AssertionError(op)


def _csv_op(op: str, args: tuple[Any, ...], text: str) -> str:
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows:
        rows = [[]]
    if op == "delete_row":
        del rows[args[0] % len(rows)]
    elif op == "duplicate_row":
        i = args[0] % len(rows)
        rows.insert(i, list(rows[i]))
    elif op in ("delete_column", "duplicate_column"):
        for row in rows:
            if row:
                j = args[0] % len(row)
                if op == "delete_column":
                    del row[j]
                else:
                    row.insert(j, row[j])
    elif op == "set_cell":
        row = rows[args[0] % len(rows)]
        if row:
            row[args[1] % len(row)] = args[2]
        else:
            row.append(args[2])
    elif op == "set_named":  # a cell of a data row, by its column's name
        if args[1] in rows[0] and len(rows) > 1:
            row = rows[1 + args[0] % (len(rows) - 1)]
            j = rows[0].index(args[1])
            if j < len(row):
                row[j] = args[2]
    elif op == "set_header":
        row = rows[0]
        if row:
            row[args[0] % len(row)] = args[1]
    elif op == "add_cell":
        rows[args[0] % len(rows)].append(args[1])
    elif op == "drop_cells":
        row = rows[args[0] % len(rows)]
        del row[len(row) // 2 :]
    else:
        raise AssertionError(op)
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


# YAML: the document is loaded, changed at a node picked by index among all of its nodes (in
# document order), and dumped again; a few operations write YAML text that a dump cannot make
# (aliases, tags, merge keys, duplicate keys).

_HOLE = "__PRINTGEN_FUZZ_HOLE__"


def _nodes(doc: Any) -> list[tuple[Any, Any]]:
    """(container, key) of every value in the document, the root as (None, None)."""
    found: list[tuple[Any, Any]] = [(None, None)]

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key in list(value):
                found.append((value, key))
                walk(value[key])
        elif isinstance(value, list):
            for index in range(len(value)):
                found.append((value, index))
                walk(value[index])

    walk(doc)
    return found


def _yaml_op(op: str, args: tuple[Any, ...], text: str) -> str:
    if op == "set_path":
        doc = yaml.safe_load(text)
        node = doc
        for key in args[0][:-1]:
            node = node[key]
        node[args[0][-1]] = args[1]
        return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=10**9)
    if op == "dup_line":
        lines = text.splitlines(keepends=True) or [""]
        i = args[0] % len(lines)
        lines.insert(i, lines[i])
        return "".join(lines)
    if "&l0 [" in text:  # an alias bomb: loading it here would blow up the fuzzer itself
        return text + "\n" + _HOLE
    try:
        doc = yaml.safe_load(text)
    except (yaml.YAMLError, RecursionError):
        return text + "\n" + _HOLE  # already broken: break it a little more
    holder: list[Any] = [doc]
    nodes = _nodes(doc)
    if len(nodes) > 1:  # the root is replaced by the byte operations (empty, only_comment)
        nodes = nodes[1:]
    container, key = nodes[args[0] % len(nodes)]
    if container is None:
        container, key = holder, 0
    current = container[key]
    hole: str | None = None
    if op == "set":
        container[key] = args[1]
    elif op == "transplant":
        source, index = nodes[args[1] % len(nodes)]
        container[key] = copy.deepcopy(doc if source is None else source[index])
    elif op == "number":
        if isinstance(current, int) and not isinstance(current, bool):
            container[key] = current + args[1]
        elif isinstance(current, str) and re.search(r"[0-9]+", current):
            container[key] = re.sub(r"[0-9]+", lambda g: str(int(g.group()) + args[1]), current)
        else:
            container[key] = args[1]
    elif op == "delete":
        if container is holder:
            holder[0] = None
        else:
            del container[key]
    elif op == "duplicate":
        if isinstance(container, list) and container is not holder:
            container.insert(key, current)
        else:
            container[key] = [current, current]
    elif op == "rename":
        if isinstance(container, dict):
            container[args[1]] = container.pop(key)
        else:
            container[key] = {args[1]: current}
    elif op == "wrap":
        container[key] = [current] if args[0] % 2 else {"x": current}
    elif op == "nest":
        depth = args[1]
        hole = "[" * depth + "1" + "]" * depth
        container[key] = _HOLE
    elif op == "alias_bomb":
        width = args[1]
        levels = ["&l0 [" + ", ".join(["lol"] * width) + "]"]
        for level in range(1, width):
            levels.append(f"&l{level} [" + ", ".join([f"*l{level - 1}"] * width) + "]")
        hole = "[" + ", ".join(levels) + "]"
        container[key] = _HOLE
    elif op == "alias":
        hole = "&shared [fire, 1] "
        container[key] = _HOLE
    elif op == "tag":
        hole = args[1]
        container[key] = _HOLE
    elif op == "merge_key":
        hole = "{<<: {a: 1}, b: 2}"
        container[key] = _HOLE
    else:
        raise AssertionError(op)
    dumped = yaml.safe_dump(holder[0], allow_unicode=True, sort_keys=False, width=10**9)
    if hole is not None:
        dumped = dumped.replace(_HOLE, hole)
    return dumped


# --- running ---------------------------------------------------------------------------------


class CaseTimeout(BaseException):  # not an Exception, so printgen cannot catch it
    """Raised by the interval timer in the case that runs too long."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expired(signum: int, frame: Any) -> None:
        import traceback

        where = "".join(traceback.format_stack(frame)[-8:])  # where it was stuck, for the fix
        raise CaseTimeout(f"still running after {seconds:g} s, in:\n{where}")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _address_space() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


@contextlib.contextmanager
def memory_limit(extra_bytes: int) -> Iterator[None]:
    """At most `extra_bytes` more address space than now (MemoryError past it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + extra_bytes
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


BAD_SIGNS = ("Traceback (most recent call last)", "internal error")


def judge(code: int | None, out: str, err: str) -> str | None:
    """Why an outcome breaks the contract (DESIGN.md section 3), or None when it keeps it."""
    if code not in (0, 1, 2):
        return f"exit code {code}"
    for sign in BAD_SIGNS:
        if sign in err or sign in out:
            return f"{sign!r} in the output"
    if code == 2 and not err.strip():
        return "exit 2 without a message on stderr"
    return None


@dataclass
class Sandbox:
    """A private copy of card_data/ where cases are applied and then undone."""

    root: Path
    seconds: float = 60.0  # a hang, not a slow run: validate takes ~5 s, more on a busy machine
    build_seconds: float = 90.0
    memory_bytes: int = 2 * 1024**3
    pristine: dict[Path, bytes] = field(default_factory=dict)

    @classmethod
    def create(cls, root: Path, games: Sequence[str] = GAMES, **kwargs: Any) -> Sandbox:
        data = root / "card_data"
        for game in games:
            shutil.copytree(CARD_DATA / game, data / game)
        box = cls(root, **kwargs)
        box.pristine = {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}
        return box

    @property
    def data(self) -> Path:
        return self.root / "card_data"

    def args(self, case: Case) -> list[str]:
        data = str(self.data)
        if case.command == "validate":
            return ["validate", case.game, "--data", data, *(["--json"] if case.json else [])]
        if case.command == "score":
            return [
                "score",
                case.game,
                str(self.root / SITUATION),
                "--data",
                data,
                *(["--json"] if case.json else []),
            ]
        if case.command == "preflight":  # case.game names a PDF beside the data
            return ["preflight", str(self.root / case.game), *(["--json"] if case.json else [])]
        out = str(self.root / "out")  # one job: the work runs here, under the case's limits
        return ["build", case.game, "--data", data, "--out", out, "--jobs", "1"]

    def prepare(self, case: Case) -> None:
        if case.situation is not None:
            (self.root / SITUATION).write_text(
                yaml.safe_dump(case.situation, allow_unicode=True, sort_keys=False),
                encoding="utf-8",
            )
        for mutation in case.mutations:
            if mutation.file == SITUATION:
                path = self.root / SITUATION
            elif case.command == "preflight":
                path = self.root / mutation.file
            else:
                path = self.data / case.game / mutation.file
            apply(mutation, path)

    def restore(self) -> None:
        for path, raw in self.pristine.items():
            if not path.exists() or path.read_bytes() != raw:
                path.write_bytes(raw)
        shutil.rmtree(self.root / "out", ignore_errors=True)

    def run(self, case: Case) -> Outcome:
        import time

        try:
            try:
                self.prepare(case)
            except Exception as exc:  # a bug of the fuzzer, not of printgen: say so
                return Outcome(
                    case, None, "", repr(exc), f"the fuzzer cannot apply the case: {exc!r}"
                )
            started = time.perf_counter()
            seconds = self.build_seconds if case.command == "build" else self.seconds
            code, out, err = run_cli(self.args(case), seconds, self.memory_bytes)
            if code is None and "[fuzz] timeout" in err:
                # A hang hangs again; a run that stalled once on a loaded machine (another
                # process holding the CPU or fontconfig's cache) ends the second time.
                code, out, err = run_cli(self.args(case), seconds, self.memory_bytes)
            outcome = Outcome(case, code, out, err, seconds=time.perf_counter() - started)
            outcome.problem = judge(code, out, err)
            return outcome
        finally:
            self.restore()


def run_cli(argv: list[str], seconds: float, memory_bytes: int) -> tuple[int | None, str, str]:
    """`printgen ARGV` in this process: exit code, stdout and stderr."""
    from printgen.cli import main

    out, err = io.StringIO(), io.StringIO()
    code: int | None
    try:
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
            time_limit(seconds),
            memory_limit(memory_bytes),
        ):
            try:
                main(argv)
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except CaseTimeout as exc:
        return None, out.getvalue(), err.getvalue() + f"\n[fuzz] timeout: {exc}"
    except MemoryError:
        return None, out.getvalue(), err.getvalue() + "\n[fuzz] MemoryError (runaway memory)"
    except BaseException as exc:  # anything main() let through is a failure of the contract
        if isinstance(exc, KeyboardInterrupt):
            raise
        import traceback

        text = "".join(traceback.format_exception(exc))
        return None, out.getvalue(), err.getvalue() + "\n[fuzz] escaped main():\n" + text
    return code, out.getvalue(), err.getvalue()


def main_for_debugging(case: Case) -> None:  # pragma: no cover - a helper for people
    """Run one case with tracebacks shown (`--verbose`), for turning a failure into a fix."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        box = Sandbox.create(Path(tmp))
        box.prepare(case)
        from printgen.cli import main

        with contextlib.suppress(SystemExit):
            main(["--verbose", *box.args(case)])
        sys.stdout.flush()
