"""Writes docs/reference/cli.md: the help of every printgen command, as `printgen COMMAND --help`
prints it, generated from the click declarations in printgen/cli.py.

Run from the project's folder: `.venv/bin/python docs/tools/cli_reference.py`.
`tests/cli/test_cli_reference.py` fails while the page differs from what this writes, so a
changed option or help text is never left out of the documentation.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "reference" / "cli.md"
WIDTH = 100

HEADER = """# Command-line reference

Every command's help, as `printgen COMMAND --help` prints it. This page is generated from the
command line's own declarations by `docs/tools/cli_reference.py`; a test fails when it is out of
date. [The command line](../commands.md) says what each command is for, with links to its
guide.
"""


def help_text(command: click.Command, name: str, parent: click.Context | None) -> str:
    """`command`'s --help, at a fixed width so the page does not depend on the terminal."""
    context = click.Context(
        command,
        info_name=name,
        parent=parent,
        terminal_width=WIDTH,
        max_content_width=WIDTH,
        **command.context_settings,  # printgen's `-h, --help`, as a run of printgen has them
    )
    return command.get_help(context)


def page() -> str:
    """The reference page: printgen's own help, then each command's, in alphabetical order."""
    sys.path.insert(0, str(ROOT))
    from printgen.cli import cli

    top = click.Context(
        cli,
        info_name="printgen",
        terminal_width=WIDTH,
        max_content_width=WIDTH,
        **cli.context_settings,
    )
    parts = [HEADER, "## printgen\n", f"```text\n{help_text(cli, 'printgen', None)}\n```\n"]
    for name in sorted(cli.commands):
        parts.append(f"## printgen {name}\n")
        parts.append(f"```text\n{help_text(cli.commands[name], name, top)}\n```\n")
    return "\n".join(parts)


def main() -> None:
    PAGE.parent.mkdir(exist_ok=True)
    PAGE.write_text(page(), encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
