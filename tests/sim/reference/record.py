"""Record the reference games again: `.venv/bin/python tests/sim/reference/record.py`.

Only when a change of rules, bots or chance is meant: the references exist to show that
nothing else changed. Each entry picks the first seed whose game is short enough to read.
"""

from __future__ import annotations

from pathlib import Path

from printgen.model import data_dir_default
from printgen.sim.reference import dump, play_reference
from printgen.sim.runner import SimSpec

HERE = Path(__file__).resolve().parent
MAX_MOVES = 250

# name: (game, players, bots, options)
REFERENCES: dict[str, tuple[str, int, tuple[str, ...], dict[str, object]]] = {
    "mywuxing-learn-3": ("mywuxing", 3, ("random",), {"mode": "learn"}),
    "mywuxing-think-2": ("mywuxing", 2, ("greedy", "random"), {"mode": "think"}),
    "cl4sh-set-3": ("cl4sh", 3, ("random",), {"mode": "set"}),
    "cl4sh-competition-2": ("cl4sh", 2, ("greedy",), {"mode": "competition"}),
    "the-way-versus-2": ("the-way", 2, ("greedy", "random"), {"mode": "versus"}),
    "the-way-coop-arc2-3": ("the-way", 3, ("greedy",), {"mode": "coop-arc2", "expansion": True}),
    "elementa-4": ("elementa", 4, ("greedy", "random"), {}),
    "feng-shui-master-1": ("feng-shui-master", 1, ("greedy",), {}),
    "feng-shui-master-3": ("feng-shui-master", 3, ("random",), {}),
}


def main() -> None:
    data = data_dir_default()
    for name, (game, players, bots, options) in REFERENCES.items():
        spec = SimSpec(data / game, game, players, 0, bots, dict(options))
        for index in range(1000):
            reference = play_reference(spec, f"reference:{index}")
            if len(reference["moves"]) <= MAX_MOVES:
                break
        (HERE / f"{name}.json").write_text(dump(reference), encoding="utf-8")
        print(f"{name}: seed {reference['seed']}, {len(reference['moves'])} moves")


if __name__ == "__main__":
    main()
