"""docs/reference/cli.md is the command line's own help, as docs/tools/cli_reference.py writes it
from printgen/cli.py: a new option or a changed help text fails here until the page is written
again (`.venv/bin/python docs/tools/cli_reference.py`)."""

from __future__ import annotations

import importlib.util
from types import ModuleType

from tests.conftest import ROOT


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "cli_reference", ROOT / "docs" / "tools" / "cli_reference.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_cli_reference_page_is_up_to_date() -> None:
    tool = generator()
    written = tool.PAGE.read_text(encoding="utf-8")
    assert written == tool.page(), "run: .venv/bin/python docs/tools/cli_reference.py"


def test_the_page_has_every_command_and_option() -> None:
    from printgen.cli import cli

    written = generator().PAGE.read_text(encoding="utf-8")
    sections = {s.split("\n", 1)[0]: s for s in written.split("\n## printgen ")[1:]}
    assert sorted(sections) == sorted(cli.commands)
    for name, command in cli.commands.items():
        for option in (p for p in command.params if p.param_type_name == "option"):
            assert any(flag in sections[name] for flag in option.opts), (name, option.opts)
