"""The search bot (`--bot mcts`): how strong it is, and how fast.

    .venv/bin/python benchmarks/bench_mcts.py                  # both parts
    .venv/bin/python benchmarks/bench_mcts.py --part speed     # MyWuXing Think, 200 playouts
    .venv/bin/python benchmarks/bench_mcts.py --part strength --playouts 50 --games 200
    .venv/bin/python benchmarks/bench_mcts.py --part strength --record "after: ..."  # keep it
    .venv/bin/python benchmarks/bench_mcts.py --part docs   # the docs' table from the records
    .venv/bin/python benchmarks/bench_mcts.py --part choices  # moves a choice offers

- strength: MCTS against random in every engine's two-sided mode (two players; Elementa's
  two teams), by the skill ladder (`compare --bots random,mcts:N`): each bot in each seat,
  the same seeds; the search bot's win rate with its 95% interval. Issue 38 asks that it win
  more than half in every engine.
- speed: one MyWuXing Think WuXing game of two players, the search bot with 200 playouts a
  decision in both seats, then against random: the median of `--repeats` games by the CPU time
  the process got (the machine may be shared; the load average is printed). Issue 38's target:
  under 1 s a game.
- `--record LABEL` appends the strength run (its command, load, budget and every row) to
  benchmarks/records/mcts_strength.json; `--part docs` writes the table of every recorded run
  into docs/balance-lab.md between its markers, so the docs' figures are never typed by hand
  (tests/sim/test_mcts_record.py checks they match).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from printgen.model import data_dir_default
from printgen.rules.api import CHANCE, TERMINAL
from printgen.sim.ladder import ladder_batch, ladder_spec, summarize_ladder
from printgen.sim.mcts import MctsBot
from printgen.sim.play import play_game, random_bot
from printgen.sim.runner import SimSpec, new_state

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "benchmarks" / "records" / "mcts_strength.json"
DOCS = ROOT / "docs" / "balance-lab.md"
BEGIN = "<!-- bench_mcts.py --part docs: begin -->"
END = "<!-- bench_mcts.py --part docs: end -->"

TWO_SIDED = [  # (label, game, players, options)
    ("mywuxing think 2p", "mywuxing", 2, {"mode": "think"}),
    ("cl4sh set 2p", "cl4sh", 2, {"mode": "set"}),
    ("the-way versus 2p", "the-way", 2, {"mode": "versus"}),
    ("elementa 2 teams", "elementa", 4, {}),
    ("feng-shui 2p", "feng-shui-master", 2, {}),
]


def spec(game: str, players: int, options: dict[str, object], seed: int = 0) -> SimSpec:
    return SimSpec(data_dir_default() / game, game, players, seed, ("random",), dict(options))


def strength(playouts: int, games: int, only: str | None) -> list[dict[str, Any]]:
    """Each engine's row: the search bot's score against random, its interval and CPU time."""
    print(f"MCTS ({playouts} playouts a decision) against random, {games} seeds, both seats")
    print(f"{'case':<20} {'mcts wins':>9}  95% CI          skill gap   cpu s")
    rows = []
    for label, game, players, options in TWO_SIDED:
        if only and not any(part in label for part in only.split(",")):
            continue
        ladder = ladder_spec(spec(game, players, options), ("random", f"mcts:{playouts}"), {})
        teams = new_state(ladder.base).teams()
        ladder = ladder_spec(ladder.base, ladder.bots, teams)
        start = time.process_time()
        summary = summarize_ladder(ladder, ladder_batch((ladder, 0, games)))
        cpu = time.process_time() - start
        cell = summary["table"][f"mcts:{playouts}"]["random"]
        low, high = cell["ci95"]
        gap = summary["skill_gap"]["value"]
        print(
            f"{label:<20} {100 * cell['value']:8.1f}%  {100 * low:5.1f} .. {100 * high:5.1f}  "
            f"{100 * gap:+8.1f}   {cpu:6.1f}",
            flush=True,
        )
        rows.append({"case": label, **cell, "cpu_s": round(cpu, 1)})
    return rows


def record(label: str, playouts: int, games: int, load: float, rows: list[dict[str, Any]]) -> None:
    """Append one strength run to RECORD (the docs' table is drawn from these)."""
    runs = json.loads(RECORD.read_text()) if RECORD.exists() else []
    runs.append(
        {
            "label": label,
            "command": shlex.join(["benchmarks/bench_mcts.py", *_without_record(sys.argv[1:])]),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "load_average": round(load, 1),
            "playouts": playouts,
            "seeds": games,
            "rows": [{k: v for k, v in row.items() if k != "by_unit"} for row in rows],
        }
    )
    RECORD.parent.mkdir(exist_ok=True)
    RECORD.write_text(json.dumps(runs, indent=1) + "\n")


def _without_record(argv: list[str]) -> list[str]:
    """The command line less `--record LABEL` (the label is kept on its own)."""
    out, skip = [], False
    for arg in argv:
        if skip or arg == "--record" or arg.startswith("--record="):
            skip = arg == "--record"
            continue
        out.append(arg)
    return out


def docs_table(runs: list[dict[str, Any]]) -> str:
    """The recorded runs as one Markdown table, a column a run, and a line naming each run."""
    cases = list(dict.fromkeys(row["case"] for run in runs for row in run["rows"]))
    head = [f"run {k + 1}: mcts:{run['playouts']}" for k, run in enumerate(runs)]
    lines = [
        "| game, mode | " + " | ".join(head) + " |",
        "| --- |" + " --- |" * len(runs),
    ]
    for case in cases:
        cells = []
        for run in runs:
            row = next((r for r in run["rows"] if r["case"] == case), None)
            cells.append("" if row is None else _cell(row))
        lines.append(f"| {case} | " + " | ".join(cells) + " |")
    lines.append("")
    for k, run in enumerate(runs):
        cpu = sum(row["cpu_s"] for row in run["rows"])
        lines.append(
            f"- run {k + 1}, {run['label']}: `{run['command'].partition(' --record ')[0]}`, "
            f"{run['seeds']} seeds in both "
            f"seats, {run['date']}, load average {run['load_average']}, {cpu:.0f} s CPU."
        )
    return "\n".join(lines) + "\n"


def _cell(row: dict[str, Any]) -> str:
    low, high = row["ci95"]
    return f"{100 * row['value']:.1f} % ({100 * low:.1f}–{100 * high:.1f})"


def write_docs() -> None:
    """Put the table of every recorded run between the markers of docs/balance-lab.md."""
    text = DOCS.read_text()
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    table = docs_table(json.loads(RECORD.read_text()))
    DOCS.write_text(f"{head}{BEGIN}\n{table}{END}{tail}")


def speed(repeats: int) -> None:
    start = new_state(spec("mywuxing", 2, {"mode": "think"}))
    bot = MctsBot(200)
    for name, seats in (("mcts:200 in both seats", [bot, bot]), ("mcts:200 vs random", None)):
        cpu, wall, decisions = [], [], []
        for k in range(repeats):
            bots = seats or ([bot, random_bot] if k % 2 == 0 else [random_bot, bot])
            t0, c0 = time.perf_counter(), time.process_time()
            record = play_game(start.clone(), bots, f"bench:{k}")
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - t0)
            decisions.append(record.decisions)
        print(
            f"MyWuXing Think 2p, {name}: median {statistics.median(cpu):.3f} s CPU a game "
            f"({statistics.median(wall):.3f} s clock; {statistics.mean(decisions):.1f} "
            f"decisions a game; {repeats} games)"
        )


def choices(games: int) -> None:
    """How many moves a real choice offers in random play: a search with fewer playouts than
    moves cannot try them all."""
    print(f"legal moves at a choice of more than one, {games} random games each")
    for label, game, players, options in TWO_SIDED:
        widths, decisions = [], []
        for k in range(games):
            state, rng, count = new_state(spec(game, players, options)), random.Random(k), 0
            while (seat := state.current_player()) != TERMINAL:
                if seat == CHANCE:
                    state.play_chance(rng)
                    continue
                actions = state.legal_actions()
                widths += [len(actions)] if len(actions) > 1 else []
                state.apply(actions[rng.randrange(len(actions))])
                count += 1
            decisions.append(count)
        print(
            f"{label:<20} median {statistics.median(widths):g}, mean "
            f"{statistics.mean(widths):.1f}, max {max(widths)}; "
            f"{statistics.median(decisions):g} decisions a game (median)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--part", choices=["strength", "speed", "all", "docs", "choices"], default="all"
    )
    parser.add_argument("--playouts", type=int, default=50)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument(
        "--only", default=None, help="only the cases whose label has one of these (a,b)"
    )
    parser.add_argument("--record", metavar="LABEL", help="keep the strength run in RECORD")
    args = parser.parse_args()
    if args.part == "docs":
        write_docs()
        return
    if args.part == "choices":
        choices(30)
        return
    load = os.getloadavg()[0]
    print(f"load average {load:.1f}")
    if args.part in ("speed", "all"):
        speed(args.repeats)
    if args.part in ("strength", "all"):
        rows = strength(args.playouts, args.games, args.only)
        if args.record:
            record(args.record, args.playouts, args.games, load, rows)


if __name__ == "__main__":
    main()
