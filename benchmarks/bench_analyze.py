"""Benchmark: `printgen analyze` of a 1,000-card deck, and checking 100 worked examples through
game.yaml `scoring:` rules (issue 37).

    .venv/bin/python benchmarks/bench_analyze.py [--runs N] [--cards N] [--examples N]

Both games are made (seeded) in a temporary folder: a deck of creatures, spells and items in
four suits with costs, stats and rules text drawn from a small vocabulary (keywords in bold,
icons, capitalised names), and a scoring game with five rules (counts, sums, sets, a
majority, a run) whose examples hold 2 to 4 players of 5 to 10 cards each. The analysis is
timed from the loaded game (statistics, cost curve, near-duplicates, keywords, the HTML page);
the examples from loading examples.yaml to the last check (`validate`'s example checks). The
first run pays for imports and is reported apart; the median is over the others.
Targets: analyze under 3 s, 100 examples under 1 s, median, on the 2-core reference machine.
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

from printgen.analysis import analyse  # noqa: E402
from printgen.analysis.html import render_report  # noqa: E402
from printgen.check.examples import example_checks  # noqa: E402
from printgen.model import load_game  # noqa: E402
from printgen.rules.scoring import score_holds  # noqa: E402

SUITS = ["ember", "tide", "grove", "stone"]
WORDS = [
    *("deal", "draw", "gain", "lose", "damage", "card", "cards", "coin", "each", "player"),
    *("creature", "turn", "your", "their"),
]
KEYWORDS = ["Flying", "Ambush", "Ward", "Rally", "Haste", "Venom"]


def deck_game(folder: Path, cards: int, rng: random.Random) -> Path:
    game = folder / "deckbench"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: deckbench\nname: Deck bench\nplayers: {min: 2, max: 4}\n"
        f"elements: [{', '.join(SUITS)}]\n"
        "columns:\n  suit: element?\n  cost: int?\n  attack: int?\n  health: int?\n  text: text?\n"
        "kinds: {creature: {label: Creature}, spell: {label: Spell}, item: {label: Item}}\n"
        "components:\n  deck: {file: cards.csv}\n",
        encoding="utf-8",
    )
    rows = ["id,name,count,kind,suit,cost,attack,health,text"]
    for n in range(cards):
        kind = rng.choice(["creature", "creature", "spell", "item"])
        attack, health = (rng.randint(0, 8), rng.randint(1, 8)) if kind == "creature" else ("", "")
        cost = (
            (attack + health) // 2 + rng.choice([0, 0, 0, 1, -1])
            if attack != ""
            else rng.randint(0, 6)
        )
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 14)))
        text = f"**{rng.choice(KEYWORDS)}.** {text.capitalize()} with :coin:."
        rows.append(
            f"c{n},Card {n},{rng.randint(1, 3)},{kind},{rng.choice(SUITS)},{max(cost, 0)},"
            f'{attack},{health},"{text}"'
        )
        if n % 50 == 49:  # a near-duplicate of the card before: one word changed
            before = rows[-2].split(",", 3)[3]
            rows[-1] = f"c{n},Card {n},1,{before.replace(' with ', ' without ', 1)}"
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (game / "rules.md").write_text(
        "## Keywords\n\n" + "\n".join(f"- **{k}**: a keyword." for k in KEYWORDS[:-1]) + "\n",
        encoding="utf-8",
    )
    return game


SCORING = """\
scoring:
  ember majority: 6 * most('suit', 'ember')
  sets: 5 * (cards | sets('suit'))
  values: cards | total('value')
  pairs: 2 * (cards | groups('value', 2))
  run: 3 if (cards | longest_run('value')) >= 3 else 0
"""


def examples_game(folder: Path, count: int, rng: random.Random) -> Path:
    game = folder / "scorebench"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: scorebench\nname: Score bench\nplayers: {min: 2, max: 4}\n"
        f"elements: [{', '.join(SUITS)}]\ncolumns: {{suit: element, value: int}}\n"
        "components:\n  deck: {file: cards.csv}\n" + SCORING,
        encoding="utf-8",
    )
    ids = [f"{s}-{v}" for s in SUITS for v in range(1, 10)]
    rows = ["id,name,count,suit,value"] + [
        f"{i},{i},40,{i.split('-')[0]},{i.split('-')[1]}" for i in ids
    ]
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    loaded = load_game(game)
    lines = ["examples:"]
    for n in range(count):
        players = {
            f"P{p}": rng.choices(ids, k=rng.randint(5, 10)) for p in range(rng.randint(2, 4))
        }
        scores = score_holds(loaded, players).scores  # what the rules give: every example holds
        lines.append(f"  - name: Example {n}\n    holds: {players}\n    expect: {scores}")
    (game / "examples.yaml").write_text("\n".join(lines).replace("'", "") + "\n", encoding="utf-8")
    return game


def timed(work: object, runs: int) -> tuple[float, list[float]]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return times[0], times[1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--examples", type=int, default=100)
    args = parser.parse_args()
    rng = random.Random(37)
    with tempfile.TemporaryDirectory() as tmp:
        deck = load_game(deck_game(Path(tmp), args.cards, rng))
        first, rest = timed(lambda: render_report(analyse(deck)), args.runs)
        found = analyse(deck)
        print(
            f"analyze, {args.cards} cards ({len(found.duplicates)} near-duplicate pairs, "
            f"{len(found.curve.fits)} curves): first {first:.2f} s, "
            f"median {statistics.median(rest):.2f} s over {len(rest)} runs (target < 3 s)"
        )
        scored = load_game(examples_game(Path(tmp), args.examples, rng))
        checks = example_checks(scored)
        assert all(c.ok for c in checks), [c.detail for c in checks if not c.ok][:3]
        first, rest = timed(lambda: example_checks(scored), args.runs)
        print(
            f"{len(checks)} worked examples checked: first {first:.3f} s, "
            f"median {statistics.median(rest):.3f} s over {len(rest)} runs (target < 1 s)"
        )


if __name__ == "__main__":
    main()
