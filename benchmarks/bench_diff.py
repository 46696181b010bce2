"""Benchmark: `printgen diff` of two 1,000-card versions of a game (issue 34).

    .venv/bin/python benchmarks/bench_diff.py [--runs N] [--cards N]

Two versions of a seeded 1,000-card game are written to a temporary folder (four suits with
their own palette colours in design.yaml, costs, stats and rules text); version 2 changes one
card's text, one card's count, adds a card and changes one suit's colour (so about a quarter
of the faces change). Timed: what `printgen diff --against DIR` does after its imports:
loading both versions and comparing them, faces by their content keys (nothing is drawn).
The first run pays for the design's first read and is reported apart; the median is over the
others. Target: under 5 s, median, on the 2-core reference machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.kit.diff import diff_games  # noqa: E402
from printgen.model import load_game  # noqa: E402

SUITS = {"ember": "#c4571b", "tide": "#1d5a8c", "grove": "#2e7d5b", "stone": "#6b6358"}
WORDS = ("deal", "draw", "gain", "lose", "damage", "card", "coin", "each", "player", "turn")


def write_game(folder: Path, cards: int, second: bool) -> Path:
    rng = random.Random(34)
    game = folder / "diffbench"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: diffbench\nname: Diff bench\nplayers: {min: 2, max: 4}\nversion: 1\n"
        f"elements: [{', '.join(SUITS)}]\n"
        "columns:\n  suit: element?\n  cost: int?\n  attack: int?\n  text: text?\n"
        "components:\n  deck: {file: cards.csv}\n",
        encoding="utf-8",
    )
    colours = dict(SUITS, tide="#2a6fb0") if second else SUITS
    suits = "\n".join(f'    {s}: {{fill: "{c}"}}' for s, c in colours.items())
    (game / "design.yaml").write_text(f"palette:\n  suits:\n{suits}\n", encoding="utf-8")
    rows = ["id,name,count,kind,suit,cost,attack,text"]
    for n in range(cards):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 12)))
        count = rng.randint(1, 3) + (1 if second and n == 7 else 0)
        if second and n == 3:
            text = "A new text."
        rows.append(
            f"c{n},Card {n},{count},card,{rng.choice(list(SUITS))},{rng.randint(0, 6)},"
            f'{rng.randint(0, 8)},"{text.capitalize()}."'
        )
    if second:
        rows.append("new,A New Card,2,card,ember,1,1,Fresh.")
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cards", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        old = write_game(Path(scratch) / "v1", args.cards, False)
        new = write_game(Path(scratch) / "v2", args.cards, True)
        times = []
        for _ in range(args.runs + 1):
            started = time.perf_counter()
            diff = diff_games(load_game(old), load_game(new), str(old))
            times.append(time.perf_counter() - started)
        faces = sum(1 for change in diff.changed if change.face)
        print(
            f"diff of {args.cards} cards: {len(diff.added)} added, {len(diff.removed)} removed, "
            f"{len(diff.changed)} changed ({faces} faces)"
        )
        median = statistics.median(times[1:])
        print(f"first run {times[0]:.2f} s; median of {args.runs}: {median:.2f} s")


if __name__ == "__main__":
    main()
