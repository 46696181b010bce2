"""Issue 40, item 1: no code runs from a game folder. Every template a game folder can reach (a
design box's text, when and with values, a component, a back's template, a game template that
shadows a shared one, a part's template, rules.md) runs in printgen's one sandbox, bounded in
time, output, loops and calls.

The attacks are generated from their classes (escapes to Python's internals, memory, time and
recursion), each planted at every place, so a new place or a new trick of a known kind is
covered by the same table."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import jinja2
import pytest

from printgen.model import sandbox
from tests.hardening.conftest import CHILD_PEAK_KB, ROOT, printgen_command, subprocess_env

MARKER = "PWNED"

ESCAPES = [  # ways out of a plain Jinja2 environment into os.system, each seen in the wild
    "cycler.__init__.__globals__.os.system('touch {m}')",
    "joiner.__init__.__globals__.os.system('touch {m}')",
    "namespace.__init__.__globals__.os.system('touch {m}')",
    "lipsum.__globals__['os'].system('touch {m}')",
    "range.__self__.__import__('os').system('touch {m}')",
    "''.__class__.__mro__[1].__subclasses__()[0].__init__.__globals__['os'].system('touch {m}')",
    "self._TemplateReference__context.cycler.__init__.__globals__.os.system('touch {m}')",
    "(0).__class__.__base__.__subclasses__()",
    "name.__class__.__base__.__subclasses__()",
]
EXHAUSTS = {  # work or memory without end, and the bound that stops it
    "repeat": ("{{ 'x' * 300000000 }}", "repetition longer than"),
    "list repeat": ("{{ [0] * 10**9 }}", "repetition longer than"),
    "doubling": (
        "{% set a = 'x' * 100000 %}{% set b = a + a %}{{ b }}",
        "longer than 100000",
    ),
    "join": ("{{ ('y' * 100000).join('x' * 100000) }}", "join: a string longer"),
    "range list": ("{{ range(10**9)|list }}", "range() beyond"),
    "hang": ("{% for i in range(10**9) %}{% endfor %}", "range() beyond"),
    "nested loops": (
        "{% for a in 'x' * 100000 %}{% for b in 'x' * 100000 %}{% endfor %}{% endfor %}",
        "loops turn more than",
    ),
    "output in a macro": (
        "{% macro f() %}{% for i in range(100000) %}{{ 'x' * 100000 }}{% endfor %}{% endmacro %}"
        "{{ f() }}",
        "writes more than",
    ),
    "recursion": ("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}", "nested more than"),
    "width": ("{{ 'x'|center(10**9) }}", "a width of"),
    "lorem": ("{{ lipsum(10**6) }}", "'lipsum' is undefined"),
}


def _render(source: str, **context: object) -> str:
    return sandbox.Sandbox().from_string(source).render(**context)


@pytest.mark.parametrize("escape", ESCAPES)
def test_no_escape_reaches_python(escape: str, tmp_path: Path) -> None:
    marker = tmp_path / MARKER
    with pytest.raises((jinja2.TemplateError, TypeError)):
        _render("{{ " + escape.format(m=marker) + " }}", name="card")
    assert not marker.exists()


@pytest.mark.parametrize(("bomb", "message"), EXHAUSTS.values(), ids=EXHAUSTS.keys())
def test_every_exhaustion_is_refused_in_bounded_time(bomb: str, message: str) -> None:
    started = time.process_time()
    with pytest.raises(jinja2.TemplateError, match=re.escape(message)):
        _render(bomb)
    assert time.process_time() - started < 5


def test_time_is_bounded_where_no_other_bound_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Work that every counter allows (100,000 loop turns of a slow filter) still stops."""
    env = sandbox.Sandbox(seconds=0.2)
    slow = "{% for i in range(100000) %}{{ ('x' * 50000)|wordcount }}{% endfor %}"
    with pytest.raises(sandbox.OutOfTime, match=r"more than 0\.2 s"):
        env.from_string(slow).render()


def test_a_template_that_includes_itself_is_refused(tmp_path: Path) -> None:
    (tmp_path / "me.j2").write_text("x{% include 'me.j2' %}", encoding="utf-8")
    (tmp_path / "us.j2").write_text("{% import 'us.j2' as us %}", encoding="utf-8")
    env = sandbox.Sandbox(loader=jinja2.FileSystemLoader(tmp_path))
    for name in ("me.j2", "us.j2"):
        with pytest.raises(jinja2.TemplateError, match="without end"):
            env.get_template(name).render()


def test_ordinary_templates_render_as_before() -> None:
    source = (
        "{% set ns = namespace(n=0) %}{% for i in range(3) %}{% set ns.n = ns.n + i %}"
        "{% endfor %}{{ ns.n }} {{ [1, 2]|join(',') }} {{ 'a' ~ 'b' }} {{ 'x'|center(5) }}"
        "{{ [3, 4]|sum }} {{ '%02d'|format(7) }} {{ '{:>3}'.format(1) }} {{ 'ab' + 'c' }}"
    )
    assert _render(source) == "3 1,2 ab   x  7 07   1 abc"


def test_macros_python_calls_are_bounded(tmp_path: Path) -> None:
    (tmp_path / "icons.j2").write_text(
        "{% macro icon(n) %}{% for i in range(n) %}{{ 'x' * 100000 }}{% endfor %}{% endmacro %}",
        encoding="utf-8",
    )
    env = sandbox.Sandbox(loader=jinja2.FileSystemLoader(tmp_path))
    module = env.get_template("icons.j2").module
    assert module.icon(2) == "x" * 200000
    with pytest.raises(jinja2.TemplateError, match="writes more than"):
        module.icon(100000)


# -- every place a game folder reaches, through the command line ---------------------------

GAME = """\
id: trap
name: Trap
players: {min: 2, max: 4}
card_size: poker
components:
  deck: {file: cards.csv}
"""
CARDS = "name,count,text\nEmber,2,Burn\nWave,1,Soak\n"
PLACES = {
    "text": (
        "design.yaml",
        'front:\n  boxes:\n    trap: {{text: "{payload}", top: 0, height: 10mm}}\n',
    ),
    "when": (
        "design.yaml",
        'front:\n  boxes:\n    trap: {{text: x, when: "{payload}", top: 0, height: 10mm}}\n',
    ),
    "with": (
        "design.yaml",
        "front:\n  boxes:\n    seal: {{component: seal, top: 0, height: 10mm, "
        'with: {{word: "{payload}"}}}}\n',
    ),
    "component": ("templates/components/seal.svg.j2", "{payload}"),
    "back": ("templates/trap-back.svg.j2", "{payload}"),
    "shadowing template": ("templates/common/icons.svg.j2", "{payload}"),
    "rulebook": ("rules.md", "# Trap\n\n{payload}\n"),
}
EXTRA = {  # what a place needs besides its payload
    "component": (
        "design.yaml",
        "front:\n  boxes:\n    seal: {component: seal, top: 0, height: 10mm}\n",
    ),
    "back": ("design.yaml", "decks:\n  deck:\n    back: {template: trap-back.svg.j2}\n"),
    "with": ("templates/components/seal.svg.j2", "<text>{{ params.word }}</text>"),
}


def _game(tmp_path: Path, place: str, payload: str) -> Path:
    folder = tmp_path / "data" / "trap"
    (folder / "templates" / "components").mkdir(parents=True)
    (folder / "templates" / "common").mkdir()
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "cards.csv").write_text(CARDS, encoding="utf-8")
    if place in EXTRA:
        name, text = EXTRA[place]
        (folder / name).write_text(text, encoding="utf-8")
    name, text = PLACES[place]
    quoted = payload.replace('"', '\\"') if name.endswith(".yaml") else payload
    (folder / name).write_text(text.format(payload=quoted), encoding="utf-8")
    return folder.parent


@pytest.mark.parametrize("place", PLACES)
def test_no_place_in_a_game_folder_runs_code(cli, tmp_path: Path, place: str) -> None:
    marker = tmp_path / MARKER
    payload = "{{ " + ESCAPES[0].format(m=marker) + " }}"
    data = _game(tmp_path, place, payload)
    run = cli("build", "--data", data, "--out", tmp_path / "out", "--jobs", "1")
    assert run.code == 2, run.err
    assert "unsafe" in run.err and "Traceback" not in run.err
    assert not marker.exists()


CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({ceiling}, {ceiling}))
from printgen.cli import main
main(sys.argv[1:])
"""


@pytest.mark.parametrize("place", ["text", "component", "rulebook"])
@pytest.mark.parametrize("bomb", ["repeat", "output in a macro", "nested loops"])
def test_a_bomb_at_a_place_is_refused_in_bounded_time_and_memory(
    tmp_path: Path, place: str, bomb: str
) -> None:
    data = _game(tmp_path, place, EXHAUSTS[bomb][0])
    command = printgen_command("build", "--data", data, "--out", tmp_path / "out", "--jobs", "1")
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-c", CHILD.format(ceiling=1_000_000_000), *command[3:]],
        env=subprocess_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 2, run.stderr[-2000:]
    assert "Traceback" not in run.stderr and "MemoryError" not in run.stderr
    assert time.monotonic() - started < 60


# -- the walk: every jinja2 environment printgen makes is the sandbox ----------------------


def test_printgen_makes_no_plain_jinja_environment() -> None:
    """Statically: no `Environment(` or `Template(` of jinja2 in printgen but the sandbox's."""
    found = []
    for path in sorted((ROOT / "printgen").rglob("*.py")):
        if path.name == "sandbox.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = ast.unparse(node.func)
            if name.split(".")[-1] in {"Environment", "Template", "NativeEnvironment"}:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert found == []


def test_every_environment_a_build_uses_is_the_sandbox(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dynamically: building the sample (its own templates, backs, rulebook) and a board game
    makes no environment that is not the sandbox, and every render runs within a budget."""
    made: list[type] = []
    original = jinja2.Environment.__init__

    def recording(self: jinja2.Environment, *args: object, **kwargs: object) -> None:
        made.append(type(self))
        original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.Environment, "__init__", recording)
    unbudgeted: list[str] = []
    counted = sandbox.Sandbox.counted

    def watching(self: sandbox.Sandbox, text: object) -> object:
        if sandbox._budget() is None:
            unbudgeted.append(str(text)[:40])
        return counted(self, text)

    monkeypatch.setattr(sandbox.Sandbox, "counted", watching)
    for data, game in [(ROOT / "examples", "lantern-market"), (ROOT / "card_data", "the-way")]:
        run = cli("build", game, "--data", data, "--out", tmp_path / game, "--jobs", "1")
        assert run.code == 0, run.err
    assert made and all(issubclass(kind, sandbox.Sandbox) for kind in made), made
    assert unbudgeted == []


def test_the_sandbox_keeps_its_bounds_in_a_child_process() -> None:
    """The memory ceiling of test_bombs, for the design sandbox: a bomb costs little."""
    code = (
        "import json, resource, sys;"
        "resource.setrlimit(resource.RLIMIT_AS, (1_000_000_000, 1_000_000_000));"
        "from printgen.model.sandbox import Sandbox;"
        "messages = []\n"
        "for bomb in json.loads(sys.argv[1]):\n"
        "    try: Sandbox().from_string(bomb).render()\n"
        "    except Exception as exc: messages.append(type(exc).__name__)\n"
        f"print(json.dumps([messages, {CHILD_PEAK_KB}]))"
    )
    bombs = [bomb for bomb, _ in EXHAUSTS.values()]
    run = subprocess.run(
        [sys.executable, "-c", code, json.dumps(bombs)],
        env=subprocess_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    messages, peak_kb = json.loads(run.stdout)
    assert len(messages) == len(bombs) and "MemoryError" not in messages
    assert peak_kb < 400 * 1024


# -- the bounds cost little: a face's templates run them thousands of times ----------------


def test_the_clock_is_read_once_in_many_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step counts against the time, but the clock (a microsecond a reading) is read at
    every _TICK_EVERY-th step only."""
    readings = []
    clock = time.process_time

    def reading() -> float:
        readings.append(1)
        return clock()

    monkeypatch.setattr(sandbox.time, "process_time", reading)
    steps = 3 * 640  # a loop turn, a sum and an output each turn
    out = _render("{% for i in range(640) %}{{ i + 1 }}{% endfor %}")
    assert out.endswith("640")
    # at least each loop turn counts (a clock that is never read again fails), at most
    # every step does, the deadline's own reading aside
    assert 640 // sandbox._TICK_EVERY <= len(readings) <= steps // sandbox._TICK_EVERY + 2


@pytest.mark.parametrize("op", ["+", "*", "%", "**"])
@pytest.mark.parametrize(
    ("left", "right"),
    [(7, 3), (7, 2.5), (2.5, 3), (1.5, 0.25), (True, 2), ("ab", 3), (3, "ab"), ("%d", 4)],
)
def test_numbers_the_sandbox_does_not_check_come_out_as_checked(
    op: str, left: object, right: object
) -> None:
    """The sums and float products `call_binop` does at once give what the checked operators
    (`_BINOPS`) give, errors alike."""
    env = sandbox.Sandbox()

    def outcome(function: object) -> object:
        try:
            return function()  # type: ignore[operator]
        except TypeError as exc:
            return type(exc)

    fast = outcome(lambda: env.call_binop(None, op, left, right))  # type: ignore[arg-type]
    checked = outcome(lambda: sandbox._BINOPS[op](left, right))
    assert fast == checked and type(fast) is type(checked)


def _objects() -> list[object]:
    """Objects of every kind Jinja's attribute rules tell apart."""

    def function() -> None: ...

    def generator() -> object:
        yield 1

    async def coroutine() -> None: ...

    async def async_generator() -> object:
        yield 1

    try:
        raise ValueError
    except ValueError as exc:
        trace = exc.__traceback__
    running = coroutine()
    objects = [
        function,
        "ab".upper,
        str,
        function.__code__,
        trace,
        sys._getframe(),
        generator(),
        running,
        async_generator(),
        {"a": 1},
        [1],
        {1},
        __import__("collections").deque(),
        "text",
        3.5,
        jinja2.utils.Namespace(a=1),
        sandbox,
    ]
    running.close()
    return objects


NAMES = ["upper", "w", "mro", "gi_frame", "gi_code", "cr_frame", "ag_code", "append", "pop",
         "update", "clear", "add", "popleft", "sort", "__class__", "_x", "__globals__",
         "__code__", "f_globals", "tb_frame", "co_code", "func_globals", "index"]  # fmt: skip


def test_the_attribute_rule_answers_as_jinjas() -> None:
    """The sandbox's quicker attribute rule refuses exactly what Jinja's refuses."""
    ours, jinjas = sandbox.Sandbox(), jinja2.sandbox.ImmutableSandboxedEnvironment()
    for obj in _objects():
        for name in NAMES:
            value = getattr(obj, name, None)
            expected = jinjas.is_safe_attribute(obj, name, value)
            assert ours.is_safe_attribute(obj, name, value) == expected, (obj, name)


def test_globals_are_the_environments_then_the_templates() -> None:
    env = sandbox.Sandbox()
    env.globals["who"] = "env"
    assert env.from_string("{{ who }} {{ range(2)|list }}").render() == "env [0, 1]"
    assert env.from_string("{{ who }}", globals={"who": "own"}).render() == "own"
    assert env.from_string("{{ who }}").render(who="card") == "card"
