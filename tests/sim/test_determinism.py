"""The same seed gives the same statistics in any process: nothing depends on hash order."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import hashlib, json
from printgen.model import data_dir_default
from printgen.sim.runner import SimSpec, simulate
data = data_dir_default()
for game, players in [("mywuxing", 3), ("cl4sh", 3), ("the-way", 2), ("elementa", 4),
                      ("feng-shui-master", 2)]:
    options = {"mode": "think"} if game == "mywuxing" else {}
    spec = SimSpec(data / game, game, players, 5, ("greedy", "random"), options)
    text = json.dumps(simulate(spec, 40))
    print(game, hashlib.sha256(text.encode()).hexdigest())
"""


def run_with_hash_seed(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_statistics_do_not_depend_on_the_hash_seed() -> None:
    first = run_with_hash_seed("1")
    assert len(first.splitlines()) == 5
    assert run_with_hash_seed("2") == first


class BackwardsExecutor:
    """Runs the batches last to first (as a cluster might finish them), returns them in order."""

    def map(self, function, batches, on_done=None):  # type: ignore[no-untyped-def]
        results = [function(batch) for batch in reversed(batches)][::-1]
        for result in results:
            if on_done:
                on_done(result)
        return results


def test_any_executor_gives_the_same_statistics() -> None:
    from printgen.sim.runner import simulate
    from tests.sim.conftest import spec

    game = spec("cl4sh", 3, ("greedy", "random"), seed=9)
    done: list[int] = []
    backwards = simulate(game, 600, executor=BackwardsExecutor(), progress=done.append)
    assert backwards == simulate(game, 600) and done == [250, 250, 100]
