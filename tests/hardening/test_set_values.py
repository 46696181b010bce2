"""Issue 40, item 10: a `--set KEY=VALUE` (and `--vary`) value is read by game.yaml's own YAML
reader, with its guards. Was: an alias bomb ran for minutes, a 5,000-digit number and 5,000-deep
nesting exited 3. Each hostile value of the generator below is refused with exit 2 naming the
option, in a child process under a memory and CPU ceiling."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.hardening.conftest import CHILD_PEAK_KB, ROOT, subprocess_env

MEMORY_CEILING = 1_500_000_000


def alias_bomb(fan_out: int, levels: int) -> str:
    """`{a0: &a0 [x, x, ...], a1: &a1 [*a0, *a0, ...], ...}`: fan_out ** levels values."""
    items = [f"a0: &a0 [{', '.join(['x'] * fan_out)}]"]
    for level in range(1, levels):
        refs = ", ".join([f"*a{level - 1}"] * fan_out)
        items.append(f"a{level}: &a{level} [{refs}]")
    return "{" + ", ".join(items) + "}"


def hostile_values() -> Iterator[tuple[str, str]]:
    """(value, what the refusal says)."""
    for fan_out, levels in ((9, 7), (9, 9), (100, 4), (2, 30)):
        yield alias_bomb(fan_out, levels), "YAML expands to over 200000 values (aliases?)"
    for digits in (101, 5_000, 100_000):
        yield "9" * digits, f"a number of {digits} digits; numbers here have at most 100"
    yield "-" + "1" * 5_000, "a number of 5001 digits"
    for depth in (60, 400):
        yield "[" * depth + "]" * depth, "YAML nested over 50 levels deep"
    for depth in (501, 5_000, 100_000):
        yield "[" * depth + "]" * depth, "YAML nested too deeply"
    yield "{a: " * 5_000 + "1" + "}" * 5_000, "YAML nested too deeply"
    for tag in ("!!python/object:os.system x", "!!python/name:os.system", "!!binary AAAA"):
        yield tag, "unsupported YAML tag"
    yield "{<<: {a: 1}}", "YAML merge keys are not supported"
    yield "[unclosed", "is not closed"


READ_EACH = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({ceiling}, {ceiling}))
resource.setrlimit(resource.RLIMIT_CPU, (120, 120))
from printgen.errors import UsageError
from printgen.model.settings import parse_setting
for value in json.load(sys.stdin):
    try:
        parse_setting("rules.tie_breaker=" + value)
        message = "accepted"
    except UsageError as exc:
        message = str(exc)
    peak = {peak_kb} / 1024
    print(json.dumps([message, peak]), flush=True)
"""


def test_hostile_set_values_are_refused_in_bounded_time_and_memory() -> None:
    values = list(hostile_values())
    run = subprocess.run(
        [sys.executable, "-c", READ_EACH.format(ceiling=MEMORY_CEILING, peak_kb=CHILD_PEAK_KB)],
        input=json.dumps([value for value, _ in values]),
        env=subprocess_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    results = [json.loads(line) for line in run.stdout.splitlines()]
    wrong = [
        (value[:40], message[:300], peak_mb)
        for (value, expect), (message, peak_mb) in zip(values, results, strict=True)
        if not message.startswith("--set rules.tie_breaker=")
        or expect not in message
        or peak_mb > 300  # the process's peak once this value was read, in MB
    ]
    assert not wrong, wrong


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_simulate_and_compare_refuse_an_alias_bomb_with_exit_2(cli, command: str) -> None:
    vary = ("--vary", "rules.tie_breaker=sudden-death,shared") if command == "compare" else ()
    bomb = alias_bomb(9, 9)
    run = cli(command, "mywuxing", "--games", "4", *vary, "--set", f"deal.cards_each.2={bomb}")
    assert run.code == 2 and run.out == ""
    assert "--set deal.cards_each.2={a0: &a0 [x, x, x, x, x, x, x, x, x], a1: &a1 " in run.err
    assert "YAML expands to over 200000 values (aliases?)" in run.err
